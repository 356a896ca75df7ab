package manifest

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
//
// All unexported names here start with "mp" so that they stay apart from the
// rest of the package.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
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
	p, err := mpParse(s)
	if err != nil {
		return Pattern{}, err
	}
	return p, nil
}

func mpParse(s string) (Pattern, error) {
	p := Pattern{Raw: s}
	if s == mpAllURLs {
		p.AllURLs = true
		p.AnyHost = true
		p.Schemes = []string{"http", "https"}
		p.Path = "/*"
		return p, nil
	}
	if t := strings.TrimSpace(s); t != s {
		return p, mpErr("the pattern has white space around it", "write %q", t)
	}
	if strings.EqualFold(s, mpAllURLs) {
		return p, mpErr("the special pattern must be written in lower case"+mpChrome(mpChromeNoSeparator), "write %q", mpAllURLs)
	}

	// The scheme ends at the first "://"; failing that, at the first ':'.
	sep := strings.Index(s, "://")
	standardSep := sep >= 0
	if !standardSep {
		sep = strings.IndexByte(s, ':')
	}
	if sep < 0 {
		return p, mpErr("no scheme"+mpChrome(mpChromeNoSeparator), "write %q", mpSuggestWithScheme(s))
	}
	scheme := s[:sep]
	switch scheme {
	case "http", "https":
		p.Schemes = []string{scheme}
	case "*":
		p.Schemes = []string{"http", "https"}
	default:
		return p, mpSchemeError(s, scheme, sep, standardSep)
	}
	if !standardSep {
		rest := strings.TrimLeft(s[sep+1:], `/\`)
		return p, mpErr(`the scheme must be followed by "://"`+mpChrome(mpChromeWrongSeparator), "write %q", mpWithPath(scheme+"://"+rest))
	}

	rest := s[sep+3:]
	slash := strings.IndexByte(rest, '/')
	if rest == "" || slash == 0 {
		return p, mpErr("no host"+mpChrome(mpChromeEmptyHost), `write a host, e.g. %q`, scheme+"://example.com"+mpOr(rest, "/*"))
	}
	if slash < 0 {
		fix := s + "/*"
		if i := strings.IndexAny(rest, "?#"); i >= 0 {
			fix = s[:len(s)-len(rest)+i] + "/" + rest[i:]
		}
		return p, mpErr("missing path"+mpChrome(mpChromeEmptyPath), "write %q", fix)
	}
	hostPort, path := rest[:slash], rest[slash:]
	ex := func(host, port string) string { // the pattern with another host or port
		if port != "" {
			port = ":" + port
		}
		return scheme + "://" + host + port + path
	}

	if at := strings.LastIndexByte(hostPort, '@'); at >= 0 {
		return p, mpErr("a match pattern has no user name or password; Chrome rejects it", "write %q", ex(hostPort[at+1:], ""))
	}
	if strings.HasPrefix(hostPort, "*.[") {
		return p, mpErr(`a "*." wildcard does not apply to an IPv6 address; Chrome rejects it`, "write %q", ex(hostPort[2:], ""))
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
			return p, mpErr(fmt.Sprintf(`the IPv6 address %q has no closing "]"`, hostPort)+mpChrome(mpChromeInvalidHost), "write %q", ex("[::1]", ""))
		case end == 1:
			return p, mpErr(`no host inside "[]"`+mpChrome(mpChromeEmptyHost), "write %q", ex("[::1]", ""))
		case end < len(hostPort)-1:
			if hostPort[end+1] != ':' {
				return p, mpErr(fmt.Sprintf("%q follows the IPv6 address", hostPort[end+1:])+mpChrome(mpChromeInvalidHost), "write %q", ex(hostPort[:end+1], ""))
			}
			portSep = end + 1
		}
	}
	host := hostPort
	if portSep >= 0 {
		host = hostPort[:portSep]
		port := hostPort[portSep+1:]
		if err := mpCheckPort(scheme, host, port, ex); err != nil {
			return p, err
		}
		if port != "*" {
			p.Port = port
		}
	}
	if host == "" {
		return p, mpErr("no host before the port"+mpChrome(mpChromeEmptyHost), "write %q", ex("example.com", p.Port))
	}

	switch {
	case host == "*":
		p.AnyHost = true
		host = ""
	case strings.HasPrefix(host, "*."):
		if host == "*." {
			return p, mpErr(`"*." needs a domain after it`+mpChrome(mpChromeEmptyHost), "write %q", ex("*.example.com", p.Port))
		}
		p.Subdomains = true
		host = host[2:]
	}
	if strings.Contains(host, "*") {
		return p, mpWildcardError(host, p.Port, ex)
	}
	if host != "" {
		canon, err := mpPatternHost(host, p.Subdomains, p.Port, ex)
		if err != nil {
			return p, err
		}
		p.Host = canon
	}
	if err := mpCheckPath(path, s[:len(s)-len(path)]); err != nil {
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
	u, ok := mpParseURL(rawURL)
	if !ok {
		return false
	}
	if p.AllURLs {
		return true
	}
	if u.scheme != "http" && u.scheme != "https" {
		return false
	}
	if !slices.Contains(p.Schemes, u.scheme) {
		return false
	}
	if !p.mpMatchesHost(u.host, u.kind) {
		return false
	}
	if p.Port != "" && p.Port != strconv.Itoa(u.port) {
		return false
	}
	return mpMatchPath(p.Path, u.pathQuery)
}

// MatchesHost reports whether the pattern's host part covers host (a canonical lower-case host, IPv6 in brackets), ignoring scheme, port and path.
//
// Like Chrome, it canonicalises host first, so "EXAMPLE.com", "example.com."
// and a Unicode host work too; a host Chrome would reject matches nothing.
func (p Pattern) MatchesHost(host string) bool {
	h, _, ok := mpCanonHost(host)
	if !ok {
		return false
	}
	return p.mpMatchesHost(h.canon, h.kind)
}

// mpMatchesHost is URLPattern::MatchesHost for an already canonical host.
func (p Pattern) mpMatchesHost(host string, kind mpHostKind) bool {
	host = strings.TrimSuffix(host, ".")
	if host == p.Host {
		return true
	}
	if p.AllURLs || p.AnyHost {
		return true
	}
	if !p.Subdomains || kind != mpName {
		return false // Chrome never matches subdomains of an IP address
	}
	return len(host) > len(p.Host)+1 && strings.HasSuffix(host, p.Host) && host[len(host)-len(p.Host)-1] == '.'
}

// EverySite reports whether the pattern covers every host: <all_urls>, a "*" host, or a "*." wildcard whose
// remainder is itself a public suffix (golang.org/x/net/publicsuffix, private suffixes such as github.io included),
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
	if !p.Subdomains || p.Host == "" || mpIsIP(p.Host) {
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
		return mpAllURLs
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

const mpAllURLs = "<all_urls>"

// Chrome's messages (kParseResultMessages in url_pattern.cc), quoted in ours
// where Chrome rejects the pattern as well.
const (
	mpChromeNoSeparator    = "Missing scheme separator."
	mpChromeInvalidScheme  = "Invalid scheme."
	mpChromeWrongSeparator = "Wrong scheme type."
	mpChromeEmptyHost      = "Host can not be empty."
	mpChromeHostWildcard   = "Invalid host wildcard."
	mpChromeEmptyPath      = "Empty path."
	mpChromeInvalidPort    = "Invalid port."
	mpChromeInvalidHost    = "Invalid host."
)

func mpChrome(msg string) string { return fmt.Sprintf(" (Chrome: %q)", msg) }

// mpError is the error ParsePattern returns: what is wrong, then how to write
// it instead.
type mpError struct {
	problem string
	fix     string
}

func (e *mpError) Error() string {
	if e.fix == "" {
		return e.problem
	}
	return e.problem + ": " + e.fix
}

func mpErr(problem, fix string, args ...any) error {
	return &mpError{problem: problem, fix: fmt.Sprintf(fix, args...)}
}

func mpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// mpWithPath adds "/*" to a pattern that has no path.
func mpWithPath(s string) string {
	i := strings.Index(s, "://")
	if i >= 0 && !strings.Contains(s[i+3:], "/") {
		return s + "/*"
	}
	return s
}

// mpSuggestWithScheme turns "example.com/x" into "https://example.com/x"
// and "https//example.com/x" into "https://example.com/x".
func mpSuggestWithScheme(s string) string {
	for _, scheme := range []string{"https", "http", "*"} {
		if rest, ok := strings.CutPrefix(s, scheme+"//"); ok {
			return mpWithPath(scheme + "://" + rest)
		}
	}
	return mpWithPath("https://" + strings.TrimLeft(s, `/\`))
}

// mpWebOnly lists the schemes Chrome accepts in content-script matches that
// are not web pages (kValidUserScriptSchemes, less chrome, which needs a
// command-line flag). mpNotWeb lists well-known schemes Chrome refuses there
// ("Invalid scheme."): urn is the former name of uuid-in-package, accepted by
// older versions only.
var mpWebOnly = map[string]bool{"file": true, "ftp": true, "uuid-in-package": true}

var mpNotWeb = map[string]bool{
	"chrome": true, "urn": true, "chrome-extension": true, "chrome-untrusted": true, "chrome-search": true, "devtools": true,
	"edge": true, "brave": true, "opera": true, "vivaldi": true, "moz-extension": true, "isolated-app": true,
	"filesystem": true, "ws": true, "wss": true, "data": true, "about": true, "javascript": true,
	"blob": true, "view-source": true, "sftp": true, "smb": true, "mailto": true,
}

func mpSchemeError(s, scheme string, sep int, standardSep bool) error {
	rest := s[sep+1:]
	if standardSep {
		rest = s[sep+3:]
	}
	// "filesystem:https://x/" and "blob:https://x/" have their own scheme first.
	first, _, _ := strings.Cut(scheme, ":")
	lower := strings.ToLower(first)
	instead := "https://example.com/*" // what to write instead, for the fix
	if standardSep && first == scheme && rest != "" && (!strings.ContainsAny(rest[:1], `/\*:`) || strings.HasPrefix(rest, "*.") || strings.HasPrefix(rest, "*/")) {
		instead = mpWithPath("https://" + rest)
	}
	rest = strings.TrimLeft(rest, `/\`)
	switch {
	case mpWebOnly[lower], mpNotWeb[lower]:
		chrome := ""
		if !mpWebOnly[first] {
			chrome = mpChrome(mpChromeInvalidScheme)
		}
		return mpErr(fmt.Sprintf("%q is not a web page scheme%s; remixlets run on web pages only", first, chrome), `use "https://", "http://" or "*://" (both), e.g. %q`, instead)
	case !standardSep && (strings.Contains(scheme, ".") || rest != "" && '0' <= rest[0] && rest[0] <= '9'):
		// "example.com:8080/*" or "localhost:3000/*": a host and port, no scheme.
		return mpErr("no scheme"+mpChrome(mpChromeInvalidScheme), "write %q", mpSuggestWithScheme(s))
	case scheme == "":
		return mpErr("no scheme before \"://\""+mpChrome(mpChromeInvalidScheme), "write %q", mpSuggestWithScheme(rest))
	case first == scheme && (lower == "http" || lower == "https"):
		return mpErr(fmt.Sprintf("the scheme %q must be lower case", scheme)+mpChrome(mpChromeInvalidScheme), "write %q", mpWithPath(lower+"://"+rest))
	default:
		return mpErr(fmt.Sprintf("unknown scheme %q", scheme)+mpChrome(mpChromeInvalidScheme), `remixlets run on web pages, so the scheme is "https", "http" or "*" (both): e.g. %q`, instead)
	}
}

// mpCheckPort applies Chrome's port rule (IsValidPortForScheme: "*", or a
// number base::StringToInt reads in 0..65535, and only for a scheme with a
// default port, which "*" is not), then refuses numbers Chrome accepts but
// compares as text with the page's port and so never matches ("080", "+80").
func mpCheckPort(scheme, host, port string, ex func(host, port string) string) error {
	if port == "*" {
		return nil
	}
	if host == "" {
		host = "example.com"
	}
	if scheme == "*" {
		return mpErr(`a port number needs an explicit scheme`+mpChrome(mpChromeInvalidPort), "write %q or %q", "https"+strings.TrimPrefix(ex(host, mpOr(port, "8080")), "*"), "http"+strings.TrimPrefix(ex(host, mpOr(port, "8080")), "*"))
	}
	n, ok := mpChromeStringToInt(port)
	if !ok || n < 0 || n > 65535 {
		what := fmt.Sprintf("invalid port %q", port)
		if port == "" {
			what = `no port after ":"`
		}
		return mpErr(what+mpChrome(mpChromeInvalidPort), `write a port from 0 to 65535, e.g. %q, or leave it out for any port, e.g. %q`, ex(host, "8080"), ex(host, ""))
	}
	if port != strconv.Itoa(n) {
		return mpErr(fmt.Sprintf("Chrome accepts the port %q but compares it as text with the page's port %q, so it never matches", port, strconv.Itoa(n)), "write %q", ex(host, strconv.Itoa(n)))
	}
	return nil
}

// mpChromeStringToInt is base::StringToInt: an optional sign, then decimal
// digits and nothing else, within the range of an int.
func mpChromeStringToInt(s string) (int, bool) {
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

func mpWildcardError(host, port string, ex func(host, port string) string) error {
	problem := `"*" may only be the whole host or a leading "*."` + mpChrome(mpChromeHostWildcard)
	after := strings.TrimLeft(host[strings.LastIndexByte(host, '*')+1:], ".")
	if after == "" || strings.Contains(after, "*") {
		return mpErr(problem, `list each site, e.g. %q`, ex("*.example.com", port))
	}
	return mpErr(problem, "write %q", ex("*."+after, port))
}

// mpPatternHost canonicalises a pattern's host as Chrome does (it runs
// net::CanonicalizeHost) and then refuses what no web page's host looks like.
func mpPatternHost(raw string, subdomains bool, port string, ex func(host, port string) string) (string, error) {
	star := ""
	if subdomains {
		star = "*."
	}
	if strings.Contains(raw, " ") {
		// Older Chrome accepts a space and escapes it as %20; newer rejects it.
		return "", mpErr(fmt.Sprintf("the host %q contains a space, which no web host has", raw), `write the host name without it, e.g. "example.com"`)
	}
	h, why, ok := mpCanonHost(raw)
	if !ok {
		return "", mpErr(fmt.Sprintf("the host %q %s", raw, why)+mpChrome(mpChromeInvalidHost), `write a host name such as "example.com", an IPv4 address or an IPv6 address in brackets`)
	}
	canon := strings.TrimSuffix(h.canon, ".")
	if h.joiners {
		return "", mpErr(fmt.Sprintf("the host %q has an invisible joiner or a combining mark where a domain name may not have one (Chrome may accept it, but it makes the name look like another)", raw), `write the host name without it`)
	}
	if h.percent {
		if strings.ContainsAny(canon, "%*") || canon == "" {
			return "", mpErr(fmt.Sprintf("the host %q is percent-encoded, and decodes to something that is no web host", raw), `write the host name plainly, e.g. "example.com"`)
		}
		return "", mpErr(fmt.Sprintf("the host %q is percent-encoded; Chrome decodes it to %q, and a pattern should say plainly which site it reaches", raw, canon), "write %q", ex(star+canon, port))
	}
	switch h.kind {
	case mpIPv4:
		if subdomains {
			return "", mpErr(fmt.Sprintf(`a "*." wildcard does not apply to an IP address: Chrome accepts it but matches only %s itself`, canon), "write %q", ex(canon, port))
		}
		if written := strings.TrimSuffix(strings.ToLower(raw), "."); written != canon {
			return "", mpErr(fmt.Sprintf("Chrome reads the host %q as the IP address %s; a pattern should say plainly which address it reaches", raw, canon), "write %q", ex(canon, port))
		}
		return canon, nil
	case mpIPv6:
		return canon, nil
	}
	if strings.ContainsAny(canon, "%*") {
		return "", mpErr(fmt.Sprintf("the host %q contains a character that no web host has", raw), `use only letters, digits, "-", "_" and "." in a host name`)
	}
	for i := 0; i < len(canon); i++ {
		if c := canon[i]; !mpIsLDH(c) && c != '.' && c != '_' {
			return "", mpErr(fmt.Sprintf("the host %q contains %q, which no web host name has", raw, string(c)), `use only letters, digits, "-", "_" and "." in a host name`)
		}
	}
	if canon == "" || strings.HasPrefix(canon, ".") || strings.HasSuffix(canon, ".") || strings.Contains(canon, "..") {
		if subdomains && strings.Trim(raw, ".") == "" {
			return "", mpErr(fmt.Sprintf(`the host "*.%s" has an empty label; Chrome drops the trailing dot and then matches it against every site`, raw), `name the site, e.g. %q, or write "*" for every site`, ex("*.example.com", port))
		}
		return "", mpErr(fmt.Sprintf("the host %q has an empty label (a leading dot or two dots in a row)", raw), "write %q", ex(star+mpCollapseDots(canon), port))
	}
	if !h.idn {
		for _, label := range strings.Split(canon, ".") {
			if strings.HasPrefix(label, "xn--") {
				if _, err := mpIDNA.ToUnicode(canon); err != nil {
					return "", mpErr(fmt.Sprintf("the label %q of the host %q is not valid punycode", label, raw), "write the host name in Unicode or in punycode made from it")
				}
				break
			}
		}
	}
	return canon, nil
}

func mpCollapseDots(s string) string {
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

func mpIsLDH(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-'
}

// mpCheckPath refuses paths Chrome accepts but that can never match a page:
// the page's URL is canonical, so it has no raw space, control or non-ASCII
// character, and Chrome matches the path and query only, never a fragment.
func mpCheckPath(path, prefix string) error {
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
		return mpErr("the path has a space or control character, which a page's URL never has unencoded", "write %q", prefix+fix)
	case hash:
		return mpErr(`the path has a "#", but Chrome matches a page's path and query, never its #fragment, so this pattern matches no page`, "write %q", prefix+fix)
	case nonASCII:
		return mpErr("the path has non-ASCII characters, but Chrome matches it against the page's percent-encoded URL, where they never appear", "write %q", prefix+fix)
	}
	return nil
}

// mpMatchPath is URLPattern::MatchesPath: the pattern "/foo/*" also matches
// "/foo", and otherwise '*' is the only wildcard (Chrome escapes '?' and '\'
// before it calls base::MatchPattern).
func mpMatchPath(pattern, test string) bool {
	escaped := mpGlobEscaper.Replace(pattern)
	if len(escaped) == len(test)+2 && strings.HasPrefix(escaped, test) && strings.HasSuffix(escaped, "/*") {
		return true
	}
	return mpGlob(pattern, test)
}

var mpGlobEscaper = strings.NewReplacer(`\`, `\\`, "?", `\?`)

// mpGlob reports whether s matches pattern, in which '*' matches any run of
// bytes and every other byte matches itself.
func mpGlob(pattern, s string) bool {
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

// Hosts -----------------------------------------------------------------------

type mpHostKind uint8

const (
	mpName mpHostKind = iota
	mpIPv4
	mpIPv6
)

type mpHost struct {
	canon   string // as Chrome canonicalises it (trailing dot kept)
	kind    mpHostKind
	percent bool // the input had %XX escapes, which Chrome decodes
	idn     bool // the input had non-ASCII characters, converted to punycode
	joiners bool // converted, but mpIDNA's stricter label rules refuse it
}

// mpIDNALax converts Unicode host names as Chrome's ICU UTS #46 setup does
// (url_idna_icu.cc): nontransitional processing (kUseIDNA2008NonTransitional),
// the Bidi rule, no STD3 ASCII rules, no CheckHyphens, no VerifyDnsLength and
// no ContextJ rules. mpIDNA adds the ContextJ rules on zero-width joiners and
// the rule against a label that starts with a combining mark (which ICU always
// applies, but this package applies only together with ContextJ); patterns
// must pass it, so a host with a stray invisible joiner, which Chrome
// accepts, is refused.
var (
	mpIDNA = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.CheckHyphens(false),
		idna.VerifyDNSLength(false),
	)
	mpIDNALax = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(false),
		idna.VerifyDNSLength(false),
	)
)

// mpHostChar is kHostCharLookup in url_canon_host.cc: the canonical form of
// an ASCII host character, or 0 for a character that makes the host invalid.
// A space is refused as recent Chrome does; '*' Chrome keeps as "%2A".
func mpHostChar(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		return c
	}
	switch c {
	case '!', '"', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', ':', ';', '=', '[', ']', '_', '`', '{', '}', '~':
		return c
	}
	return 0
}

// mpCanonHost canonicalises a host as GURL does for http and https (percent
// escapes decoded, ASCII lower-cased, IDN to punycode, IPv4 and IPv6 written
// canonically). When Chrome would reject the host it returns ok == false and
// why, as a phrase that follows the host.
func mpCanonHost(raw string) (h mpHost, why string, ok bool) {
	s := raw
	if strings.IndexByte(s, '%') >= 0 {
		d, ok := mpPercentDecode(s)
		if !ok {
			return h, `has a "%" that does not start a %XX escape`, false
		}
		s, h.percent = d, true
	}
	out, nonASCII, bad := mpHostASCII(s)
	if bad >= 0 {
		return h, fmt.Sprintf("contains %q", string(rune(bad))), false
	}
	if nonASCII {
		if !utf8.ValidString(out) {
			return h, "is not valid UTF-8", false
		}
		a, err := mpIDNALax.ToASCII(out)
		if err != nil {
			return h, "is not a valid internationalised domain name", false
		}
		if _, err := mpIDNA.ToASCII(out); err != nil {
			h.joiners = true
		}
		out, nonASCII, bad = mpHostASCII(a)
		if bad >= 0 || nonASCII {
			return h, "is not a valid internationalised domain name", false
		}
		h.idn = true
	}
	if out == "" {
		return h, "is empty", false
	}
	switch addr, fam := mpParseIPv4(out); fam {
	case mpFamIPv4:
		h.canon, h.kind = addr, mpIPv4
		return h, "", true
	case mpFamBroken:
		return h, "looks like an IPv4 address but is not one", false
	}
	if out[0] == '[' && out[len(out)-1] == ']' {
		if addr, ok := mpParseIPv6(out[1 : len(out)-1]); ok {
			h.canon, h.kind = "["+mpFormatIPv6(addr)+"]", mpIPv6
			return h, "", true
		}
	}
	if strings.ContainsAny(out, "[]:") {
		if out[0] == '[' {
			return h, "is not a valid IPv6 address", false
		}
		return h, `contains "[", "]" or ":", which only an IPv6 address in brackets may`, false
	}
	h.canon = strings.ReplaceAll(out, "*", "%2A")
	return h, "", true
}

// mpHostASCII applies mpHostChar to the ASCII bytes of s and passes the
// others through. bad is the first invalid character, or -1.
func mpHostASCII(s string) (out string, nonASCII bool, bad int) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			nonASCII = true
			b = append(b, c)
			continue
		}
		m := mpHostChar(c)
		if m == 0 {
			return "", nonASCII, int(c)
		}
		b = append(b, m)
	}
	return string(b), nonASCII, -1
}

// mpPercentDecode decodes every %XX; a '%' without two hex digits fails.
func mpPercentDecode(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || mpHexVal(s[i+1]) < 0 || mpHexVal(s[i+2]) < 0 {
			return "", false
		}
		b = append(b, byte(mpHexVal(s[i+1])<<4|mpHexVal(s[i+2])))
		i += 2
	}
	return string(b), true
}

func mpHexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func mpIsIP(host string) bool {
	if strings.HasPrefix(host, "[") {
		return true
	}
	_, fam := mpParseIPv4(host)
	return fam == mpFamIPv4
}

type mpFamily uint8

const (
	mpFamNeutral mpFamily = iota // not an IPv4 address: a name
	mpFamIPv4
	mpFamBroken // numeric like an IPv4 address, but invalid
)

// mpParseIPv4 is IPv4AddressToNumber (url_canon_ip.h), the URL Standard's
// IPv4 parser: when the last label is a number (decimal, 0x hex or 0-led
// octal), the host must be an IPv4 address of one to four parts.
func mpParseIPv4(h string) (string, mpFamily) {
	addr, fam := mpIPv4Addr(h)
	if fam != mpFamIPv4 {
		return "", fam
	}
	return fmt.Sprintf("%d.%d.%d.%d", addr[0], addr[1], addr[2], addr[3]), fam
}

func mpIPv4Addr(h string) ([4]byte, mpFamily) {
	var addr [4]byte
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return addr, mpFamNeutral
	}
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		if _, fam := mpIPv4Part(parts[len(parts)-1]); fam == mpFamNeutral {
			return addr, mpFamNeutral
		}
		return addr, mpFamBroken
	}
	vals := make([]uint64, len(parts))
	for i := len(parts) - 1; i >= 0; i-- {
		v, fam := mpIPv4Part(parts[i])
		if fam == mpFamNeutral && i == len(parts)-1 {
			return addr, mpFamNeutral
		}
		if fam != mpFamIPv4 {
			return addr, mpFamBroken
		}
		vals[i] = v
	}
	for i := 0; i < len(vals)-1; i++ {
		if vals[i] > 255 {
			return addr, mpFamBroken
		}
		addr[i] = byte(vals[i])
	}
	last := vals[len(vals)-1]
	for i := 3; i >= len(vals)-1; i-- {
		addr[i] = byte(last)
		last >>= 8
	}
	if last != 0 {
		return addr, mpFamBroken
	}
	return addr, mpFamIPv4
}

// mpIPv4Part is IPv4ComponentToNumber.
func mpIPv4Part(c string) (uint64, mpFamily) {
	if c == "" {
		return 0, mpFamNeutral
	}
	base, prefix := 10, 0
	if c[0] == '0' && len(c) > 1 {
		if c[1] == 'x' || c[1] == 'X' {
			base, prefix = 16, 2
		} else {
			base, prefix = 8, 1
		}
	}
	for prefix < len(c) && c[prefix] == '0' {
		prefix++
	}
	digits := c[prefix:]
	brokenOctal := false
	for i := 0; i < len(digits); i++ {
		d := mpHexVal(digits[i])
		if d >= 0 && d < base {
			continue
		}
		if d >= 0 && d < 10 {
			brokenOctal = true // "09": numeric, yet not octal
			continue
		}
		return 0, mpFamNeutral
	}
	if brokenOctal || len(digits) > 16 {
		return 0, mpFamBroken
	}
	if digits == "" {
		return 0, mpFamIPv4
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil || v > 0xffffffff {
		return 0, mpFamBroken
	}
	return v, mpFamIPv4
}

// mpParseIPv6 is DoIPv6AddressToNumber for the text between the brackets.
func mpParseIPv6(s string) ([16]byte, bool) {
	var addr [16]byte
	if s == "" {
		return addr, false
	}
	var hex []string
	contraction := -1
	ipv4, hasIPv4 := "", false
	cur := 0
	for i := 0; ; i++ {
		isColon := i < len(s) && s[i] == ':'
		isContraction := isColon && i < len(s)-1 && s[i+1] == ':'
		if isColon || i == len(s) {
			n := i - cur
			if n > 4 {
				return addr, false
			}
			if n == 0 && !(isContraction && i == 0 || i == len(s) && contraction == len(hex)) {
				return addr, false
			}
			if n > 0 {
				if len(hex) >= 8 {
					return addr, false
				}
				hex = append(hex, s[cur:i])
			}
		}
		if i == len(s) {
			break
		}
		if isContraction {
			if contraction != -1 {
				return addr, false
			}
			contraction = len(hex)
			i++
		}
		if isColon {
			cur = i + 1
			continue
		}
		if mpHexVal(s[i]) < 0 {
			if s[i] == '.' || s[i] == 'x' || s[i] == 'X' {
				ipv4, hasIPv4 = s[cur:], true
				break
			}
			return addr, false
		}
	}
	size := 2 * len(hex)
	if hasIPv4 {
		size += 4
	}
	zeros := 0
	if contraction != -1 {
		zeros = max(16-size, 2)
	}
	if size+zeros != 16 {
		return addr, false
	}
	at := 0
	for i := 0; i <= len(hex); i++ {
		if i == contraction {
			at += zeros
		}
		if i < len(hex) {
			v, _ := strconv.ParseUint(hex[i], 16, 16)
			addr[at], addr[at+1] = byte(v>>8), byte(v)
			at += 2
		}
	}
	if hasIPv4 {
		// The URL Standard wants exactly four parts and no trailing dot.
		if strings.HasSuffix(ipv4, ".") || strings.Count(ipv4, ".") != 3 {
			return addr, false
		}
		v4, fam := mpIPv4Addr(ipv4)
		if fam != mpFamIPv4 {
			return addr, false
		}
		copy(addr[12:], v4[:])
	}
	return addr, true
}

// mpFormatIPv6 is AppendIPv6Address: lower-case hex, the longest run of two
// or more zero pieces (the first, on a tie) written "::".
func mpFormatIPv6(addr [16]byte) string {
	bestAt, bestLen := -1, 0
	for i := 0; i < 8; {
		if addr[2*i] != 0 || addr[2*i+1] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[2*j] == 0 && addr[2*j+1] == 0 {
			j++
		}
		if j-i > 1 && j-i > bestLen {
			bestAt, bestLen = i, j-i
		}
		i = j
	}
	var b strings.Builder
	for i := 0; i < 8; {
		if i == bestAt {
			if i == 0 {
				b.WriteByte(':')
			}
			b.WriteByte(':')
			i += bestLen
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(addr[2*i])<<8|uint64(addr[2*i+1]), 16))
		i++
		if i < 8 {
			b.WriteByte(':')
		}
	}
	return b.String()
}

// URLs --------------------------------------------------------------------------

type mpURL struct {
	scheme    string
	host      string // canonical; "" for file
	kind      mpHostKind
	port      int    // the effective port: explicit, else the scheme's default
	pathQuery string // the path, then '?' and the query if there is one
}

var (
	mpDefaultPorts        = map[string]int{"http": 80, "https": 443, "ftp": 21}
	mpDropTabsAndNewlines = strings.NewReplacer("\t", "", "\n", "", "\r", "")
)

// mpParseURL parses and canonicalises an absolute URL as GURL does, for the
// schemes a content script can run on (http, https, ftp, file) and for
// filesystem: URLs, which it replaces by the URL inside them.
func mpParseURL(raw string) (mpURL, bool) {
	var u mpURL
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	s = mpDropTabsAndNewlines.Replace(s)
	colon := strings.IndexByte(s, ':')
	if colon <= 0 {
		return u, false
	}
	scheme := strings.ToLower(s[:colon])
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return u, false
		}
	}
	rest := s[colon+1:]
	switch scheme {
	case "filesystem":
		inner, ok := mpParseURL(rest)
		if !ok || inner.scheme == "file" || inner.scheme == "filesystem" {
			return u, false
		}
		return inner, true
	case "file":
		u.scheme = scheme
		return u, true
	case "http", "https", "ftp":
	default:
		return u, false
	}
	u.scheme = scheme

	rest = strings.TrimLeft(rest, `/\`)
	end := strings.IndexAny(rest, `/\?#`)
	if end < 0 {
		end = len(rest)
	}
	auth, after := rest[:end], rest[end:]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	hostPart, portPart := auth, ""
	if c := strings.LastIndexByte(auth, ':'); c > strings.LastIndexByte(auth, ']') {
		hostPart, portPart = auth[:c], auth[c+1:]
	}
	if hostPart == "" {
		return u, false
	}
	h, _, ok := mpCanonHost(hostPart)
	if !ok {
		return u, false
	}
	u.host, u.kind = h.canon, h.kind
	u.port = mpDefaultPorts[scheme]
	if portPart != "" {
		if strings.Trim(portPart, "0123456789") != "" {
			return u, false
		}
		digits := strings.TrimLeft(portPart, "0")
		if len(digits) > 5 {
			return u, false
		}
		n, _ := strconv.Atoi(mpOr(digits, "0"))
		if n > 65535 {
			return u, false
		}
		u.port = n
	}

	if i := strings.IndexByte(after, '#'); i >= 0 {
		after = after[:i]
	}
	path, query, hasQuery := after, "", false
	if i := strings.IndexByte(after, '?'); i >= 0 {
		path, query, hasQuery = after[:i], after[i+1:], true
	}
	u.pathQuery = mpCanonPath(path)
	if hasQuery {
		u.pathQuery += "?" + mpCanonQuery(query)
	}
	return u, true
}

// mpCanonPath is DoPath (url_canon_path.cc) for 8-bit input: '\' is a slash,
// "." and ".." segments (also as %2e) are resolved, existing escapes are kept
// as written, and the characters Chrome escapes are percent-encoded byte by
// byte.
func mpCanonPath(path string) string {
	if path == "" {
		return "/"
	}
	parts := strings.Split(strings.ReplaceAll(path[1:], `\`, "/"), "/")
	var out []string
	for i, seg := range parts {
		last := i == len(parts)-1
		switch lower := strings.ToLower(seg); lower {
		case "..", ".%2e", "%2e.", "%2e%2e":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		case ".", "%2e":
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, mpEscape(seg, mpPathEscape))
		}
	}
	return "/" + strings.Join(out, "/")
}

// mpPathEscape reports the bytes kPathCharLookup marks ESCAPE.
func mpPathEscape(c byte) bool {
	return c <= ' ' || c >= 0x7f || strings.IndexByte("\"#<>?^`{|}", c) >= 0
}

// mpCanonQuery is CanonicalizeQuery without a charset converter: UTF-8 (a bad
// sequence becomes U+FFFD), and the bytes without CHAR_QUERY percent-encoded.
func mpCanonQuery(q string) string {
	if !utf8.ValidString(q) {
		q = strings.ToValidUTF8(q, "\uFFFD")
	}
	return mpEscape(q, func(c byte) bool {
		return c <= ' ' || c >= 0x7f || c == '"' || c == '#' || c == '\'' || c == '<' || c == '>'
	})
}

func mpEscape(s string, escape func(byte) bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; escape(c) {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
