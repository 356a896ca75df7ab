package site

// This file implements Chrome's extension match patterns as Chrome parses
// the `matches` of a content script (Chromium extensions/common/url_pattern.cc,
// with the scheme set of extensions/common/user_script.cc), restricted to web
// pages, and matches them the way URLPattern::MatchesURL does: against the URL
// after GURL has canonicalised it (url/url_canon_*.cc).
//
// Where Chrome rejects a pattern, ParsePattern rejects it too and quotes
// Chrome's own message. Where Chrome accepts a pattern that is misleading on a
// web page, ParsePattern refuses it and says why:
//   - a scheme other than http, https and "*" (file, ftp, uuid-in-package);
//   - a host written percent-encoded ("ex%61mple.com"), or an IPv4 address
//     written other than in dotted decimal ("0x7f.1", "2130706433");
//   - a "*." in front of an IP address, which Chrome never applies;
//   - a host with empty labels, such as "a..b" (Chrome matches "*.." against
//     every host, without its all-sites warning); a host with characters
//     no DNS name has ("$", "!", a space); a Unicode host with a stray
//     invisible joiner, or an "xn--" label that is not valid punycode;
//   - a port Chrome compares as text and so never matches ("080", "+80");
//   - a path that can never match a page: with a space or control
//     character, raw non-ASCII characters, or a "#" fragment.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/remixlet/remixlet/internal/publicsuffix"
	"github.com/remixlet/remixlet/internal/wordset"
)

// Pattern is one parsed match pattern.
type Pattern struct {
	Raw     string   // as written
	AllURLs bool     // "<all_urls>"
	Schemes []string // "http", "https" (a "*" scheme means both); sorted
	// Host is the canonical host: lower case, IDN in punycode, IPv4 in dotted
	// decimal, IPv6 compressed with brackets, no trailing dot; "" when any host.
	//
	// Chrome keeps a trailing dot in the pattern's host ("example.com." stays
	// so after GURL host canonicalisation) but drops one trailing dot from
	// both the pattern's host and the page's host whenever it compares them
	// (CanonicalizeHostForMatching in url_pattern.cc), so "example.com." and
	// "example.com" match exactly the same pages. Host therefore never ends
	// in a dot, and String writes the pattern without it.
	Host string
	// AnyHost is true for the host "*" (and for <all_urls>, which has no
	// host part and covers every host).
	AnyHost bool
	// Subdomains is true for a host written "*.example.com": it matches
	// example.com and every subdomain.
	Subdomains bool
	// Port is "" when any port is allowed (no port, or ":*"), else a decimal
	// port, compared with the page's port or its scheme's default port (80 for
	// http, 443 for https). Chrome accepts a number only with an explicit
	// scheme: "*://example.com:8080/*" is invalid.
	Port string
	// Path is the path pattern, always starting with '/'. Each '*' matches
	// any run of characters, '/' and '?' included; every other character
	// matches itself. It is matched against the page's path and query
	// ("/search?q=x"), never the fragment.
	Path string
}

// ParsePattern parses s as Chrome does for content-script matches, restricted to web pages:
// only the schemes http, https and "*" (which means http+https) and "<all_urls>".
// Any other scheme Chrome accepts (file, ftp, urn, chrome-extension...) returns an error that says
// remixlets run on web pages only. The error message says what is wrong and how to write it instead
// (e.g. `missing path: write "https://example.com/*"`).
//
// Beyond Chrome's own checks, ParsePattern refuses what Chrome accepts but a
// web page pattern should not say: see the comment at the top of this file.
func ParsePattern(s string) (Pattern, error) {
	p, err := parsePattern(s)
	if err != nil {
		return Pattern{}, err
	}
	return p, nil
}

func parsePattern(s string) (Pattern, error) {
	p := Pattern{Raw: s}
	if s == allURLs {
		p.AllURLs = true
		p.AnyHost = true
		p.Schemes = []string{"http", "https"}
		p.Path = "/*"
		return p, nil
	}
	if t := strings.TrimSpace(s); t != s {
		return p, patternErr("the pattern has white space around it", "write %q", t)
	}
	if strings.EqualFold(s, allURLs) {
		return p, patternErr("the special pattern must be written in lower case"+chromeSays(chromeNoSeparator), "write %q", allURLs)
	}

	// The scheme ends at the first "://"; failing that, at the first ':'.
	sep := strings.Index(s, "://")
	standardSep := sep >= 0
	if !standardSep {
		sep = strings.IndexByte(s, ':')
	}
	if sep < 0 {
		return p, patternErr("no scheme"+chromeSays(chromeNoSeparator), "write %q", suggestWithScheme(s))
	}
	scheme := s[:sep]
	switch scheme {
	case "http", "https":
		p.Schemes = []string{scheme}
	case "*":
		p.Schemes = []string{"http", "https"}
	default:
		return p, schemeError(s, scheme, sep, standardSep)
	}
	if !standardSep {
		rest := strings.TrimLeft(s[sep+1:], `/\`)
		return p, patternErr(`the scheme must be followed by "://"`+chromeSays(chromeWrongSeparator), "write %q", withPath(scheme+"://"+rest))
	}

	rest := s[sep+3:]
	slash := strings.IndexByte(rest, '/')
	if rest == "" || slash == 0 {
		return p, patternErr("no host"+chromeSays(chromeEmptyHost), `write a host, e.g. %q`, scheme+"://example.com"+orDefault(rest, "/*"))
	}
	if slash < 0 {
		fix := s + "/*"
		if i := strings.IndexAny(rest, "?#"); i >= 0 {
			fix = s[:len(s)-len(rest)+i] + "/" + rest[i:]
		}
		return p, patternErr("missing path"+chromeSays(chromeEmptyPath), "write %q", fix)
	}
	hostPort, path := rest[:slash], rest[slash:]
	ex := func(host, port string) string { // the pattern with another host or port
		if port != "" {
			port = ":" + port
		}
		return scheme + "://" + host + port + path
	}

	if at := strings.LastIndexByte(hostPort, '@'); at >= 0 {
		return p, patternErr("a match pattern has no user name or password; Chrome rejects it", "write %q", ex(hostPort[at+1:], ""))
	}
	if strings.HasPrefix(hostPort, "*.[") {
		return p, patternErr(`a "*." wildcard does not apply to an IPv6 address; Chrome rejects it`, "write %q", ex(hostPort[2:], ""))
	}

	// Split off the port: after the first ':' of a name or an IPv4 address,
	// after the ']' of an IPv6 address.
	portSep := -1
	if hostPort[0] != '[' {
		portSep = strings.IndexByte(hostPort, ':')
	} else {
		end := strings.IndexByte(hostPort, ']')
		switch {
		case end < 0:
			return p, patternErr(fmt.Sprintf(`the IPv6 address %q has no closing "]"`, hostPort)+chromeSays(chromeInvalidHost), "write %q", ex("[::1]", ""))
		case end == 1:
			return p, patternErr(`no host inside "[]"`+chromeSays(chromeEmptyHost), "write %q", ex("[::1]", ""))
		case end < len(hostPort)-1:
			if hostPort[end+1] != ':' {
				return p, patternErr(fmt.Sprintf("%q follows the IPv6 address", hostPort[end+1:])+chromeSays(chromeInvalidHost), "write %q", ex(hostPort[:end+1], ""))
			}
			portSep = end + 1
		}
	}
	host := hostPort
	if portSep >= 0 {
		host = hostPort[:portSep]
		port := hostPort[portSep+1:]
		if err := checkPort(scheme, host, port, ex); err != nil {
			return p, err
		}
		if port != "*" {
			p.Port = port
		}
	}
	if host == "" {
		return p, patternErr("no host before the port"+chromeSays(chromeEmptyHost), "write %q", ex("example.com", p.Port))
	}

	switch {
	case host == "*":
		p.AnyHost = true
		host = ""
	case strings.HasPrefix(host, "*."):
		if host == "*." {
			return p, patternErr(`"*." needs a domain after it`+chromeSays(chromeEmptyHost), "write %q", ex("*.example.com", p.Port))
		}
		p.Subdomains = true
		host = host[2:]
	}
	if strings.Contains(host, "*") {
		return p, wildcardError(host, p.Port, ex)
	}
	if host != "" {
		canon, err := patternHost(host, p.Subdomains, p.Port, ex)
		if err != nil {
			return p, err
		}
		p.Host = canon
	}
	if err := checkPath(path, s[:len(s)-len(path)]); err != nil {
		return p, err
	}
	p.Path = path
	return p, nil
}

// MatchesURL reports whether the pattern matches an absolute URL (scheme, host, port, path+query as Chrome matches them).
//
// The URL is first canonicalised as Chrome's GURL does for http and https
// (lower-case scheme and host, IDN to punycode, IPv4 and IPv6 in canonical
// form, default port dropped, dot segments resolved, unsafe characters in the
// path and query percent-encoded, fragment ignored). A filesystem: URL is
// matched by the URL inside it, as Chrome does. <all_urls> matches every valid
// http, https, ftp and file URL, the web-like schemes Chrome lets a content
// script's <all_urls> reach (file only when the user allows file access);
// every other pattern matches http and https URLs only.
func (p Pattern) MatchesURL(rawURL string) bool {
	u, ok := pageURL(rawURL)
	if !ok {
		return false
	}
	if p.AllURLs {
		return true
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	if !slices.Contains(p.Schemes, u.Scheme) {
		return false
	}
	if !p.matchesCanonHost(u.Hostname, u.kind) {
		return false
	}
	if p.Port != "" && p.Port != orDefault(u.Port, defaultPorts[u.Scheme]) {
		return false
	}
	return matchPath(p.Path, chromePathQuery(u))
}

// pageURL parses a page's address for matching: one of the schemes a
// content script can run on (http, https, ftp, file), or a filesystem: URL,
// which Chrome matches by the URL inside it.
func pageURL(raw string) (*URL, bool) {
	u, err := Parse(raw)
	if err != nil {
		return nil, false
	}
	if u.Scheme == "filesystem" && u.hasOpaque {
		inner := u.opaque
		if u.hasQuery {
			inner += "?" + u.query
		}
		u, err = Parse(inner)
		if err != nil || u.Scheme == "file" || u.Scheme == "filesystem" {
			return nil, false
		}
	}
	switch u.Scheme {
	case "http", "https", "ftp", "file":
		return u, true
	}
	return nil, false
}

// chromePathQuery is the path and query Chrome matches a pattern's path
// against: the path as the URL Standard serialises it, with the two
// characters Chrome's path canonicaliser escapes beyond it ('^' and '|',
// kPathCharLookup in url_canon_path.cc), then '?' and the query if there is
// one. The fragment never counts.
func chromePathQuery(u *URL) string {
	path := chromePathEscaper.Replace(u.Pathname())
	if q, ok := u.RawQuery(); ok {
		return path + "?" + q
	}
	return path
}

var chromePathEscaper = strings.NewReplacer("^", "%5E", "|", "%7C")

// MatchesHost reports whether the pattern's host part covers host (a canonical lower-case host, IPv6 in brackets), ignoring scheme, port and path.
//
// Like Chrome, it canonicalises host first, so "EXAMPLE.com", "example.com."
// and a Unicode host work too; a host Chrome would reject matches nothing.
func (p Pattern) MatchesHost(host string) bool {
	h, _, ok := canonHost(host)
	if !ok {
		return false
	}
	return p.matchesCanonHost(h.canon, h.kind)
}

// matchesCanonHost is URLPattern::MatchesHost for an already canonical host.
func (p Pattern) matchesCanonHost(host string, kind hostKind) bool {
	host = strings.TrimSuffix(host, ".")
	if host == p.Host {
		return true
	}
	if p.AllURLs || p.AnyHost {
		return true
	}
	if !p.Subdomains || kind != kindName {
		return false // Chrome never matches subdomains of an IP address
	}
	return len(host) > len(p.Host)+1 && strings.HasSuffix(host, p.Host) && host[len(host)-len(p.Host)-1] == '.'
}

// EverySite reports whether the pattern covers every host: <all_urls>, a "*" host, or a "*." wildcard whose
// remainder is itself a public suffix (internal/publicsuffix, private suffixes such as github.io included),
// because such a pattern reaches sites of unrelated owners (Chrome treats these as "all hosts" for its permission warning too).
//
// Chrome's warning (URLPattern::MatchesEffectiveTld with its defaults) leaves
// out private suffixes and top-level domains missing from its list; here both
// count: publicsuffix's default rule makes an unlisted single label ("*.corp")
// a suffix of its own, and such a wildcard equally reaches hosts of unrelated
// owners.
func (p Pattern) EverySite() bool {
	if p.AllURLs || p.AnyHost {
		return true
	}
	if !p.Subdomains || p.Host == "" || isIP(p.Host) {
		return false
	}
	// Only a suffix the list names counts: for a name it does not list
	// (*.localhost, *.corp) the library falls back to the last label, which
	// says nothing about who owns the names under it.
	suffix, icann := publicsuffix.PublicSuffix(p.Host)
	listed := icann || strings.Contains(suffix, ".")
	return listed && suffix == p.Host
}

// String returns the canonical form (lower-case scheme and host, punycode host).
func (p Pattern) String() string {
	if p.AllURLs {
		return allURLs
	}
	var b strings.Builder
	switch len(p.Schemes) {
	case 1:
		b.WriteString(p.Schemes[0])
	default:
		b.WriteString("*")
	}
	b.WriteString("://")
	switch {
	case p.AnyHost:
		b.WriteString("*")
	case p.Subdomains:
		b.WriteString("*.")
		b.WriteString(p.Host)
	default:
		b.WriteString(p.Host)
	}
	if p.Port != "" {
		b.WriteString(":")
		b.WriteString(p.Port)
	}
	b.WriteString(p.Path)
	return b.String()
}

const allURLs = "<all_urls>"

// Chrome's messages (kParseResultMessages in url_pattern.cc), quoted in ours
// where Chrome rejects the pattern as well.
const (
	chromeNoSeparator    = "Missing scheme separator."
	chromeInvalidScheme  = "Invalid scheme."
	chromeWrongSeparator = "Wrong scheme type."
	chromeEmptyHost      = "Host can not be empty."
	chromeHostWildcard   = "Invalid host wildcard."
	chromeEmptyPath      = "Empty path."
	chromeInvalidPort    = "Invalid port."
	chromeInvalidHost    = "Invalid host."
)

func chromeSays(msg string) string { return fmt.Sprintf(" (Chrome: %q)", msg) }

// patternError is the error ParsePattern returns: what is wrong, then how to write
// it instead.
type patternError struct {
	problem string
	fix     string
}

func (e *patternError) Error() string {
	if e.fix == "" {
		return e.problem
	}
	return e.problem + ": " + e.fix
}

func patternErr(problem, fix string, args ...any) error {
	return &patternError{problem: problem, fix: fmt.Sprintf(fix, args...)}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// withPath adds "/*" to a pattern that has no path.
func withPath(s string) string {
	i := strings.Index(s, "://")
	if i >= 0 && !strings.Contains(s[i+3:], "/") {
		return s + "/*"
	}
	return s
}

// suggestWithScheme turns "example.com/x" into "https://example.com/x"
// and "https//example.com/x" into "https://example.com/x".
func suggestWithScheme(s string) string {
	for _, scheme := range []string{"https", "http", "*"} {
		if rest, ok := strings.CutPrefix(s, scheme+"//"); ok {
			return withPath(scheme + "://" + rest)
		}
	}
	return withPath("https://" + strings.TrimLeft(s, `/\`))
}

// chromeNonWebSchemes lists the schemes Chrome accepts in content-script matches that
// are not web pages (kValidUserScriptSchemes, less chrome, which needs a
// command-line flag). refusedSchemes lists well-known schemes Chrome refuses there
// ("Invalid scheme."): urn is the former name of uuid-in-package, accepted by
// older versions only.
var chromeNonWebSchemes = map[string]bool{"file": true, "ftp": true, "uuid-in-package": true}

var refusedSchemes = wordset.Of("chrome urn chrome-extension chrome-untrusted chrome-search devtools edge brave opera " +
	"vivaldi moz-extension isolated-app filesystem ws wss data about javascript blob " +
	"view-source sftp smb mailto ")

func schemeError(s, scheme string, sep int, standardSep bool) error {
	rest := s[sep+1:]
	if standardSep {
		rest = s[sep+3:]
	}
	// "filesystem:https://x/" and "blob:https://x/" have their own scheme first.
	first, _, _ := strings.Cut(scheme, ":")
	lower := strings.ToLower(first)
	instead := "https://example.com/*" // what to write instead, for the fix
	if standardSep && first == scheme && rest != "" && (!strings.ContainsAny(rest[:1], `/\*:`) || strings.HasPrefix(rest, "*.") || strings.HasPrefix(rest, "*/")) {
		instead = withPath("https://" + rest)
	}
	rest = strings.TrimLeft(rest, `/\`)
	switch {
	case chromeNonWebSchemes[lower], refusedSchemes[lower]:
		chrome := ""
		if !chromeNonWebSchemes[first] {
			chrome = chromeSays(chromeInvalidScheme)
		}
		return patternErr(fmt.Sprintf("%q is not a web page scheme%s; remixlets run on web pages only", first, chrome), `use "https://", "http://" or "*://" (both), e.g. %q`, instead)
	case !standardSep && (strings.Contains(scheme, ".") || rest != "" && '0' <= rest[0] && rest[0] <= '9'):
		// "example.com:8080/*" or "localhost:3000/*": a host and port, no scheme.
		return patternErr("no scheme"+chromeSays(chromeInvalidScheme), "write %q", suggestWithScheme(s))
	case scheme == "":
		return patternErr("no scheme before \"://\""+chromeSays(chromeInvalidScheme), "write %q", suggestWithScheme(rest))
	case first == scheme && (lower == "http" || lower == "https"):
		return patternErr(fmt.Sprintf("the scheme %q must be lower case", scheme)+chromeSays(chromeInvalidScheme), "write %q", withPath(lower+"://"+rest))
	default:
		return patternErr(fmt.Sprintf("unknown scheme %q", scheme)+chromeSays(chromeInvalidScheme), `remixlets run on web pages, so the scheme is "https", "http" or "*" (both): e.g. %q`, instead)
	}
}

// checkPort applies Chrome's port rule (IsValidPortForScheme: "*", or a
// number base::StringToInt reads in 0..65535, and only for a scheme with a
// default port, which "*" is not), then refuses numbers Chrome accepts but
// compares as text with the page's port and so never matches ("080", "+80").
func checkPort(scheme, host, port string, ex func(host, port string) string) error {
	if port == "*" {
		return nil
	}
	if host == "" {
		host = "example.com"
	}
	if scheme == "*" {
		return patternErr(`a port number needs an explicit scheme`+chromeSays(chromeInvalidPort), "write %q or %q", "https"+strings.TrimPrefix(ex(host, orDefault(port, "8080")), "*"), "http"+strings.TrimPrefix(ex(host, orDefault(port, "8080")), "*"))
	}
	n, ok := chromeStringToInt(port)
	if !ok || n < 0 || n > 65535 {
		what := fmt.Sprintf("invalid port %q", port)
		if port == "" {
			what = `no port after ":"`
		}
		return patternErr(what+chromeSays(chromeInvalidPort), `write a port from 0 to 65535, e.g. %q, or leave it out for any port, e.g. %q`, ex(host, "8080"), ex(host, ""))
	}
	if port != strconv.Itoa(n) {
		return patternErr(fmt.Sprintf("Chrome accepts the port %q but compares it as text with the page's port %q, so it never matches", port, strconv.Itoa(n)), "write %q", ex(host, strconv.Itoa(n)))
	}
	return nil
}

// chromeStringToInt is base::StringToInt: an optional sign, then decimal
// digits and nothing else, within the range of an int.
func chromeStringToInt(s string) (int, bool) {
	digits := s
	if s != "" && (s[0] == '+' || s[0] == '-') {
		digits = s[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" { // white space too
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 32)
	return int(n), err == nil
}

func wildcardError(host, port string, ex func(host, port string) string) error {
	problem := `"*" may only be the whole host or a leading "*."` + chromeSays(chromeHostWildcard)
	after := strings.TrimLeft(host[strings.LastIndexByte(host, '*')+1:], ".")
	if after == "" || strings.Contains(after, "*") {
		return patternErr(problem, `list each site, e.g. %q`, ex("*.example.com", port))
	}
	return patternErr(problem, "write %q", ex("*."+after, port))
}

// patternHost canonicalises a pattern's host as Chrome does (it runs
// net::CanonicalizeHost) and then refuses what no web page's host looks like.
func patternHost(raw string, subdomains bool, port string, ex func(host, port string) string) (string, error) {
	star := ""
	if subdomains {
		star = "*."
	}
	h, why, ok := canonHost(raw)
	switch {
	case !ok && h.space:
		// Chrome accepts it, writing the space as %20: a limit of ours.
		fix := `write the host name without it, e.g. "example.com"`
		if d, ok := percentDecode(raw); ok {
			if g, _, ok := canonHost(trimSpaces(d)); ok && !strings.HasPrefix(g.canon, ".") {
				fix = fmt.Sprintf("write %q", ex(star+strings.TrimSuffix(g.canon, "."), port))
			}
		}
		return "", patternErr(fmt.Sprintf("the host %q %s", raw, why), "%s", fix)
	case !ok:
		return "", patternErr(fmt.Sprintf("the host %q %s", raw, why)+chromeSays(chromeInvalidHost), `write a host name such as "example.com", an IPv4 address or an IPv6 address in brackets`)
	}
	canon := strings.TrimSuffix(h.canon, ".")
	if h.percent {
		if strings.ContainsAny(canon, "%*") || canon == "" {
			return "", patternErr(fmt.Sprintf("the host %q is percent-encoded, and decodes to something that is no web host", raw), `write the host name plainly, e.g. "example.com"`)
		}
		return "", patternErr(fmt.Sprintf("the host %q is percent-encoded; Chrome decodes it to %q, and a pattern should say plainly which site it reaches", raw, canon), "write %q", ex(star+canon, port))
	}
	switch h.kind {
	case kindIPv4:
		if subdomains {
			return "", patternErr(fmt.Sprintf(`a "*." wildcard does not apply to an IP address: Chrome accepts it but matches only %s itself`, canon), "write %q", ex(canon, port))
		}
		if written := strings.TrimSuffix(strings.ToLower(raw), "."); written != canon {
			return "", patternErr(fmt.Sprintf("Chrome reads the host %q as the IP address %s; a pattern should say plainly which address it reaches", raw, canon), "write %q", ex(canon, port))
		}
		return canon, nil
	case kindIPv6:
		return canon, nil
	}
	if strings.ContainsAny(canon, "%*") {
		return "", patternErr(fmt.Sprintf("the host %q contains a character that no web host has", raw), `use only letters, digits, "-", "_" and "." in a host name`)
	}
	for i := 0; i < len(canon); i++ {
		if c := canon[i]; !isLDH(c) && c != '.' && c != '_' {
			return "", patternErr(fmt.Sprintf("the host %q contains %q, which no web host name has", raw, string(c)), `use only letters, digits, "-", "_" and "." in a host name`)
		}
	}
	if canon == "" || strings.HasPrefix(canon, ".") || strings.HasSuffix(canon, ".") || strings.Contains(canon, "..") {
		if subdomains && strings.Trim(raw, ".") == "" {
			return "", patternErr(fmt.Sprintf(`the host "*.%s" has an empty label; Chrome drops the trailing dot and then matches it against every site`, raw), `name the site, e.g. %q, or write "*" for every site`, ex("*.example.com", port))
		}
		return "", patternErr(fmt.Sprintf("the host %q has an empty label (a leading dot or two dots in a row)", raw), "write %q", ex(star+collapseDots(canon), port))
	}
	if !h.idn {
		for _, label := range strings.Split(canon, ".") {
			if strings.HasPrefix(label, "xn--") {
				if _, err := idnaChrome.ToUnicode(canon); err != nil {
					return "", patternErr(fmt.Sprintf("the label %q of the host %q is not valid punycode", label, raw), "write the host name in Unicode or in punycode made from it")
				}
				break
			}
		}
	}
	return canon, nil
}

func collapseDots(s string) string {
	var parts []string
	for _, l := range strings.Split(s, ".") {
		if l != "" {
			parts = append(parts, l)
		}
	}
	if len(parts) == 0 {
		return "example.com"
	}
	return strings.Join(parts, ".")
}

func isLDH(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-'
}

// checkPath refuses paths Chrome accepts but that can never match a page:
// the page's URL is canonical, so it has no raw space, control or non-ASCII
// character, and Chrome matches the path and query only, never a fragment.
func checkPath(path, prefix string) error {
	var fixed strings.Builder
	space, hash, nonASCII := false, false, false
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case c == '#' && !hash:
			hash = true
		case hash:
			continue
		case c <= ' ' || c == 0x7f:
			space = true
			fmt.Fprintf(&fixed, "%%%02X", c)
		case c >= 0x80:
			nonASCII = true
			fmt.Fprintf(&fixed, "%%%02X", c)
		default:
			fixed.WriteByte(c)
		}
	}
	fix := fixed.String()
	if hash && !strings.HasSuffix(fix, "*") {
		fix += "*"
	}
	switch {
	case space:
		return patternErr("the path has a space or control character, which a page's URL never has unencoded", "write %q", prefix+fix)
	case hash:
		return patternErr(`the path has a "#", but Chrome matches a page's path and query, never its #fragment, so this pattern matches no page`, "write %q", prefix+fix)
	case nonASCII:
		return patternErr("the path has non-ASCII characters, but Chrome matches it against the page's percent-encoded URL, where they never appear", "write %q", prefix+fix)
	}
	return nil
}

// matchPath is URLPattern::MatchesPath: the pattern "/foo/*" also matches
// "/foo", and otherwise '*' is the only wildcard (Chrome escapes '?' and '\'
// before it calls base::MatchPattern).
func matchPath(pattern, test string) bool {
	escaped := globEscaper.Replace(pattern)
	if len(escaped) == len(test)+2 && strings.HasPrefix(escaped, test) && strings.HasSuffix(escaped, "/*") {
		return true
	}
	return glob(pattern, test)
}

var globEscaper = strings.NewReplacer(`\`, `\\`, "?", `\?`)

// glob reports whether s matches pattern, in which '*' matches any run of
// bytes and every other byte matches itself.
func glob(pattern, s string) bool {
	px, sx := 0, 0
	starP, starS := -1, 0
	for sx < len(s) {
		switch {
		case px < len(pattern) && pattern[px] == '*':
			starP, starS = px, sx
			px++
		case px < len(pattern) && pattern[px] == s[sx]:
			px++
			sx++
		case starP >= 0:
			px = starP + 1
			starS++
			sx = starS
		default:
			return false
		}
	}
	for px < len(pattern) && pattern[px] == '*' {
		px++
	}
	return px == len(pattern)
}
