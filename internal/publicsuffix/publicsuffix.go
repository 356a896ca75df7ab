// Package publicsuffix answers which part of a host name is a public suffix
// (com, co.uk, github.io), from a copy of publicsuffix.org's list that this
// package holds as data (testdata/public_suffix_list.dat, the Mozilla
// Public License 2.0 in testdata/LICENSE, its source in
// testdata/SOURCE.md).
//
// It gives the answers golang.org/x/net/publicsuffix gives for the same
// revision of the list (a test compares the two on every rule and on random
// hosts). It exists so the checker does not link that package: it imports
// net/http/cookiejar, and with it all of net/http and crypto/tls, which is
// more than a megabyte of the WebAssembly module for one interface check.
//
// The list is table.txt, generated from the .dat by `go test -run
// TestTable -update`: one line per name that is a rule or holds one, sorted
// by byte, each the name, a space and its flags (see below). It is embedded
// as it is and searched in place, so nothing is built when the program
// starts or on the first lookup.
package publicsuffix

import (
	_ "embed"
	"strings"
)

//go:embed table.txt
var table string

// The flags of a line in table.txt: what the list says about the name.
// A name with neither flagRule nor flagException only holds longer rules.
const (
	flagRule      = 'r' // the name is a rule: "co.uk"
	flagException = 'x' // an exception: "!www.ck", the name is not a suffix
	flagWildcard  = 'w' // every name one label longer is a rule: "*.ck"
	flagICANN     = 'i' // every rule on this name is in the ICANN section (a name that only holds longer rules counts as ICANN)
)

// node is one line of the table: a name's flags.
type node string

func (n node) has(flag byte) bool { return strings.IndexByte(string(n), flag) >= 0 }

// lookup returns the flags of name, if the table has a line for it: a
// binary search over the lines, which start after a '\n' (or at 0) and
// end at one.
func lookup(name string) (node, bool) {
	lo, hi := 0, len(table)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := lo + strings.LastIndexByte(table[lo:mid], '\n') + 1
		end := start + strings.IndexByte(table[start:], '\n')
		line := table[start:end]
		sp := strings.IndexByte(line, ' ')
		switch c := strings.Compare(name, line[:sp]); {
		case c == 0:
			return node(line[sp+1:]), true
		case c < 0:
			hi = start
		default:
			lo = end + 1
		}
	}
	return "", false
}

// PublicSuffix returns the public suffix of domain, a lower-case host name
// in ASCII (punycode), and whether the rule that makes it a suffix is in
// the list's ICANN section rather than its private one. A domain no rule
// matches has its last label as its suffix, with icann false.
//
// The walk goes from the last label leftwards, as long as the names so far
// are in the table: a rule makes the name a suffix, a wildcard above it
// makes the next longer name one, and an exception ends the walk with its
// parent as the suffix.
func PublicSuffix(domain string) (suffix string, icann bool) {
	at := len(domain) // where the suffix found so far starts
	prev := len(domain)
	wildcard, wildcardICANN := false, false
	for {
		dot := strings.LastIndexByte(domain[:prev], '.')
		start := dot + 1
		if wildcard {
			at, icann = start, wildcardICANN
		}
		n, ok := lookup(domain[start:])
		if !ok {
			break
		}
		if n.has(flagException) {
			at = prev + 1
			break
		}
		if n.has(flagRule) {
			at = start
		}
		wildcard = n.has(flagWildcard)
		if wildcard {
			wildcardICANN = n.has(flagICANN)
		} else {
			icann = n.has(flagICANN)
		}
		if dot < 0 {
			break
		}
		prev = dot
	}
	if at >= len(domain) {
		return domain[strings.LastIndexByte(domain, '.')+1:], icann
	}
	return domain[at:], icann
}

// Registrable returns the registrable domain of domain: its public suffix
// and one more label ("example.co.uk" for "www.example.co.uk"). It is false
// for a domain with an empty label, or one that is itself a public suffix.
func Registrable(domain string) (string, bool) {
	if strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", false
	}
	suffix, _ := PublicSuffix(domain)
	if len(suffix) >= len(domain) {
		return "", false
	}
	dot := len(domain) - len(suffix) - 1
	if domain[dot] != '.' {
		return "", false
	}
	return domain[strings.LastIndexByte(domain[:dot], '.')+1:], true
}
