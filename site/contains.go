package site

// This file decides match-pattern containment: whether a set of patterns
// (the running version's) matches every URL another pattern (the new
// version's) matches. The activation decision asks a person first when a
// new version would run on a site the running one does not, so the answer
// must follow Chrome's matching (MatchesURL), never a comparison of the
// patterns' text.
//
// A pattern is a product of independent parts: its scheme, host, port and
// path. One pattern contains another exactly when each part does, which
// Covers decides exactly. A set of patterns can cover a pattern that no
// single one of them does (http://x/* and https://x/* together cover
// *://x/*); Covers splits the new pattern by scheme first, which handles
// that case, and otherwise asks for one covering pattern per scheme. It can
// therefore say "not covered" in a contrived case where only a union of
// ports or paths covers, and then asks a person first: it never says
// "covered" for a pattern that reaches further.

import (
	"strings"
)

// Covers reports whether the patterns in running together match every URL
// that p matches. When they do not, example is a URL that p matches and no
// pattern in running does, to show the person what is new; it is "" in the
// rare case where only a union covers part of p and no single example was
// found (p is still reported as not covered).
func Covers(running []Pattern, p Pattern) (covered bool, example string) {
	for _, piece := range pieces(p) {
		within := false
		for _, r := range running {
			for _, rp := range pieces(r) {
				if piece.within(rp) {
					within = true
					break
				}
			}
			if within {
				break
			}
		}
		if !within {
			return false, piece.example(p, running)
		}
	}
	return true, ""
}

// Contains reports whether q matches every URL p matches.
func (q Pattern) Contains(p Pattern) bool {
	covered, _ := Covers([]Pattern{q}, p)
	return covered
}

// piece is a pattern restricted to one scheme; <all_urls> is one piece.
type piece struct {
	all        bool // <all_urls>: every http, https, ftp and file URL
	scheme     string
	anyHost    bool
	subdomains bool
	host       string
	port       string
	path       string
}

func pieces(p Pattern) []piece {
	if p.AllURLs {
		return []piece{{all: true}}
	}
	pieces := make([]piece, 0, len(p.Schemes))
	for _, s := range p.Schemes {
		pieces = append(pieces, piece{scheme: s, anyHost: p.AnyHost, subdomains: p.Subdomains, host: p.Host, port: p.Port, path: p.Path})
	}
	return pieces
}

// within reports whether every URL a matches, b matches too.
func (a piece) within(b piece) bool {
	switch {
	case b.all:
		return true
	case a.all:
		return false
	}
	return a.scheme == b.scheme && a.hostWithin(b) && a.portWithin(b) && pathWithin(a.path, b.path)
}

func (a piece) hostWithin(b piece) bool {
	switch {
	case b.anyHost:
		return true
	case a.anyHost:
		return false
	case a.subdomains:
		return b.subdomains && (a.host == b.host || strings.HasSuffix(a.host, "."+b.host))
	}
	return b.pattern().matchesCanonHost(a.host, kindOf(a.host))
}

func (a piece) portWithin(b piece) bool { return b.port == "" || b.port == a.port }

// pattern turns a piece back into a Pattern for matching one part.
func (a piece) pattern() Pattern {
	return Pattern{AllURLs: a.all, Schemes: []string{a.scheme}, AnyHost: a.anyHost || a.all, Subdomains: a.subdomains, Host: a.host, Port: a.port, Path: a.path}
}

func kindOf(host string) hostKind {
	switch {
	case strings.HasPrefix(host, "["):
		return kindIPv6
	case isIP(host):
		return kindIPv4
	}
	return kindName
}

// anyRun stands for "any run of characters" when a path pattern is turned into
// a string: no path pattern contains a NUL byte (checkPath refuses control
// characters), so a '*' of the other pattern is the only thing that can
// match it.
const anyRun = "\x00"

// pathWithin reports whether every path and query the path pattern a
// matches, b matches too.
//
// With '*' as the only wildcard, a's matches lie within b's exactly when b
// matches a with each '*' replaced by a character b does not contain: such a
// character can only fall inside one of b's stars, and so could any string
// in its place. Chrome's one irregularity, "/foo/*" also matching "/foo"
// (matchPath), adds one string to a's matches, checked on its own.
func pathWithin(a, b string) bool {
	if !strings.Contains(a, "*") {
		return matchPath(b, a)
	}
	if !glob(b, strings.ReplaceAll(a, "*", anyRun)) {
		return false
	}
	if extra, ok := pathExtra(a); ok {
		return matchPath(b, extra)
	}
	return true
}

// pathExtra is the one path a pattern ending in "/*" matches beyond its
// glob (the first test in matchPath).
func pathExtra(pattern string) (string, bool) {
	escaped := strings.NewReplacer(`\`, `\\`, "?", `\?`).Replace(pattern)
	if !strings.HasSuffix(escaped, "/*") {
		return "", false
	}
	return escaped[:len(escaped)-2], true
}

// example finds a URL that piece a (of pattern p) matches and no pattern in
// running does. For each running piece that a is not within, one part of a
// sample URL is replaced by a value that piece does not accept; the samples
// and replacements are then tried in combination.
func (a piece) example(p Pattern, running []Pattern) string {
	if a.all {
		for _, u := range []string{"ftp://example.com/", "file:///"} {
			if matchesNone(running, u) {
				return u
			}
		}
		return ""
	}
	hosts := []string{a.sampleHost()}
	ports := []string{a.port}
	paths := []string{fillStars(a.path, "")}
	add := func(list []string, v string) []string {
		for _, have := range list {
			if have == v {
				return list
			}
		}
		return append(list, v)
	}
	for _, r := range running {
		for _, b := range pieces(r) {
			if a.within(b) || b.all || a.scheme != b.scheme {
				continue
			}
			if !a.hostWithin(b) {
				hosts = add(hosts, a.hostOutside(b))
			}
			if !a.portWithin(b) {
				ports = add(ports, a.portOutside(b))
			}
			if !pathWithin(a.path, b.path) {
				paths = add(paths, pathOutside(a.path, b.path))
			}
		}
	}
	const maxTries = 4096
	tries := 0
	for _, h := range hosts {
		for _, port := range ports {
			for _, path := range paths {
				if tries++; tries > maxTries {
					return ""
				}
				u := a.scheme + "://" + h
				if port != "" {
					u += ":" + port
				}
				u += path
				if p.MatchesURL(u) && matchesNone(running, u) {
					return u
				}
			}
		}
	}
	return ""
}

func matchesNone(patterns []Pattern, u string) bool {
	for _, r := range patterns {
		if r.MatchesURL(u) {
			return false
		}
	}
	return true
}

func (a piece) sampleHost() string {
	if a.anyHost {
		return "example.com"
	}
	return a.host
}

// hostOutside returns a host a matches and b does not.
func (a piece) hostOutside(b piece) string {
	var candidates []string
	switch {
	case a.anyHost:
		candidates = []string{"example.com", "example.org", "example.net"}
	case a.subdomains:
		candidates = []string{a.host, "www." + a.host, "x." + a.host}
	default:
		candidates = []string{a.host}
	}
	bp := b.pattern()
	for _, h := range candidates {
		if !bp.matchesCanonHost(h, kindOf(h)) {
			return h
		}
	}
	return candidates[0]
}

// portOutside returns a port a matches and b does not ("" is the scheme's
// default port).
func (a piece) portOutside(b piece) string {
	if a.port != "" {
		return a.port
	}
	if defaultPorts[a.scheme] != b.port {
		return ""
	}
	if b.port == "8080" {
		return "8081"
	}
	return "8080"
}

// pathOutside returns a path pattern a matches and b does not.
func pathOutside(a, b string) string {
	if !strings.Contains(a, "*") {
		return a
	}
	if glob(b, strings.ReplaceAll(a, "*", anyRun)) {
		if extra, ok := pathExtra(a); ok {
			return extra
		}
	}
	// A character b does not contain stands in for each '*', as in
	// pathWithin; it must also survive URL canonicalisation unchanged.
	for _, c := range "xyzqjkwvabcdefghilmnoprstu0123456789-_~" {
		if !strings.ContainsRune(b, c) {
			return fillStars(a, string(c))
		}
	}
	return fillStars(a, "x")
}

// fillStars replaces each '*' in a path pattern with s.
func fillStars(path, s string) string { return strings.ReplaceAll(path, "*", s) }
