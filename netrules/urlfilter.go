package netrules

import (
	"strings"
)

// urlFilter is a urlFilter split the way Chrome's UrlFilterParser
// (indexed_rule.cc) splits it: an optional left anchor ("|" or "||"), the
// pattern, and an optional right anchor ("|" as the last character).
type urlFilter struct {
	left    int // 0 none, 1 "|" (start of URL), 2 "||" (start of a (sub)domain)
	pattern string
	start   int // byte index of the pattern in the filter
	right   bool
}

func parseURLFilter(s string) urlFilter {
	f := urlFilter{}
	i := 0
	if i < len(s) && s[i] == '|' {
		i++
		f.left = 1
		if i < len(s) && s[i] == '|' {
			i++
			f.left = 2
		}
	}
	f.start = i
	end := len(s)
	// Chrome's right anchor: a '|' that is the last character and not the
	// first one.
	if end > i && s[end-1] == '|' && end-1 > 0 {
		end--
		f.right = true
	}
	f.pattern = s[i:end]
	return f
}

// strayBar returns the byte index in the filter of a '|' that is neither
// anchor (Chrome matches it as a literal '|'), or -1.
func (f urlFilter) strayBar() int {
	if j := strings.IndexByte(f.pattern, '|'); j >= 0 {
		return f.start + j
	}
	return -1
}

// namedHost is the host a rule's urlFilter names, if it names one.
type namedHost struct {
	Host   string // canonical
	Named  bool   // the filter starts with a host that can be read off it
	Closed bool   // and ends it, so that no longer host matches too
	Stop   byte   // the character after the host, 0 at the end
}

// hostOf reads the host a urlFilter is anchored to:
//
//   - "||host^", "||host/", "||host:" (a port) or "||host|" name host and
//     its subdomains: the "||" anchor must start inside the URL's host, and
//     '^' does not match the characters a longer host could continue with
//     (letters, digits, '-', '.', '_', '%');
//   - "|scheme://host/" or "|scheme://host|" name host exactly. Here '^' or
//     ':' would not close the host: "|https://own.example.com^" also matches
//     "https://own.example.com@evil.example/", whose host is evil.example.
//
// "||own.example.com" alone is named but not closed: it also matches
// own.example.com.evil.example.
func hostOf(filter string) namedHost {
	f := parseURLFilter(filter)
	var rest string
	var closers string
	switch f.left {
	case 2:
		rest, closers = f.pattern, "^/:"
	case 1:
		scheme, after, ok := strings.Cut(f.pattern, "://")
		if !ok || scheme == "" || strings.IndexFunc(scheme, func(r rune) bool {
			return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')
		}) >= 0 {
			return namedHost{}
		}
		rest, closers = after, "/"
	default:
		return namedHost{}
	}
	j := strings.IndexAny(rest, "^/:*?@#\\")
	host := rest
	closed := f.right
	var stop byte
	if j >= 0 {
		stop = rest[j]
		host = rest[:j]
		closed = strings.IndexByte(closers, rest[j]) >= 0
		if rest[j] == '*' {
			return namedHost{} // a wildcard inside the host names no host
		}
	}
	canon, err := canonicalHost(strings.ToLower(host))
	if err != nil || host == "" {
		return namedHost{}
	}
	return namedHost{Host: canon, Named: true, Closed: closed, Stop: stop}
}
