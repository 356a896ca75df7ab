package site

// This file is the one URL parser: the URL Standard's basic URL parser
// (https://url.spec.whatwg.org/#concept-basic-url-parser), the reading every
// browser shares, with Chrome's host canonicaliser (host.go) for the hosts of
// special schemes. Every address the toolchain judges goes through Parse.
//
// The input is read byte by byte: every character that steers the parser is
// ASCII, and percent-encoding the bytes of a UTF-8 character one by one is
// exactly UTF-8 percent-encoding it. Bytes that are not valid UTF-8 (which a
// browser never sees, since it parses text) are percent-encoded as they
// are, as Chrome's 8-bit path does; in a host they are refused.

import (
	"fmt"
	"strconv"
	"strings"
)

// URL is an address as a browser reads it. The string fields hold what the
// URL API of a browser returns for them, without the punctuation that
// separates them ("https", not "https:").
type URL struct {
	Scheme   string // lower case
	Username string // percent-encoded
	Password string // percent-encoded
	// Hostname is the canonical host: lower case, IDN in punycode, IPv4 in
	// dotted decimal, IPv6 compressed in brackets, a trailing dot kept. It
	// is "" when the URL has no host (javascript:alert(1)) or an empty one
	// (file:///etc).
	Hostname string
	Port     string // decimal; "" when none or the scheme's default

	hasHost     bool
	kind        hostKind
	path        []string // the segments of a hierarchical path
	opaque      string   // the path of a URL with an opaque path
	hasOpaque   bool
	query       string
	hasQuery    bool
	fragment    string
	hasFragment bool
}

// ParseError says why a string is not an address a browser can parse.
type ParseError struct {
	Input string
	// Relative is true when the input has no scheme: a browser resolves it
	// against the page's address, so on its own it names nothing.
	Relative bool
	// SpaceHost is true when the host holds a space however written (as is,
	// %20, or a character IDNA maps to one): the browser keeps it as %20
	// and would parse the address, but no web host has one.
	SpaceHost bool
	Why       string // what is wrong, in plain words
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%q is not a full address: %s", e.Input, e.Why)
}

// Parse reads raw as a browser's URL parser reads an absolute address. A
// relative or scheme-relative address is an error (Relative is set): it
// means something only against a page's address.
func Parse(raw string) (*URL, error) {
	return parse(raw, nil)
}

// Resolve reads raw as a browser reads an address written in a document
// whose base address is base (document.baseURI): a relative or
// scheme-relative address resolves against it, as new URL(raw, base) does.
func Resolve(raw string, base *URL) (*URL, error) {
	return parse(raw, base)
}

// Clean is what a browser does to an address before it parses it: it
// strips leading and trailing C0 control characters and spaces, and removes
// every ASCII tab and newline wherever they are. "\x01java\tscript:x" is
// "javascript:x".
func Clean(raw string) string {
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	// Three vectorised searches, not ContainsAny, which looks at each byte
	// in turn: a data: address can be a megabyte long.
	if strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		s = tabsAndNewlines.Replace(s)
	}
	return s
}

var tabsAndNewlines = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// Special reports whether the scheme is one the URL Standard treats as
// special (http, https, ws, wss, ftp, file): it has a host, a hierarchical
// path, and '\' counts as '/'.
func (u *URL) Special() bool { return isSpecial(u.Scheme) }

// HasHost reports whether the URL has a host, possibly empty (file:///).
func (u *URL) HasHost() bool { return u.hasHost }

// IsIP reports whether the host is an IPv4 or IPv6 address.
func (u *URL) IsIP() bool { return u.hasHost && u.kind != kindName }

// Host is the host and, when there is one, the port ("example.com:8080").
func (u *URL) Host() string {
	if u.Port == "" {
		return u.Hostname
	}
	return u.Hostname + ":" + u.Port
}

// HasOpaquePath reports a URL whose path is not a list of segments
// (javascript:alert(1), data:..., mailto:...).
func (u *URL) HasOpaquePath() bool { return u.hasOpaque }

// Pathname is the serialised path ("/a/b", or the opaque path).
func (u *URL) Pathname() string {
	if u.hasOpaque {
		return u.opaque
	}
	var b strings.Builder
	for _, seg := range u.path {
		b.WriteByte('/')
		b.WriteString(seg)
	}
	return b.String()
}

// Search is "?" and the query, or "" when the query is absent or empty.
func (u *URL) Search() string {
	if u.query == "" {
		return ""
	}
	return "?" + u.query
}

// RawQuery is the query, without "?"; ok is false when there is none.
func (u *URL) RawQuery() (query string, ok bool) { return u.query, u.hasQuery }

// Hash is "#" and the fragment, or "" when the fragment is absent or empty.
func (u *URL) Hash() string {
	if u.fragment == "" {
		return ""
	}
	return "#" + u.fragment
}

// Href is the serialised URL, as a browser writes it back.
func (u *URL) Href() string {
	var b strings.Builder
	b.WriteString(u.Scheme)
	b.WriteByte(':')
	if u.hasHost {
		b.WriteString("//")
		if u.Username != "" || u.Password != "" {
			b.WriteString(u.Username)
			if u.Password != "" {
				b.WriteByte(':')
				b.WriteString(u.Password)
			}
			b.WriteByte('@')
		}
		b.WriteString(u.Host())
	} else if !u.hasOpaque && len(u.path) > 1 && u.path[0] == "" {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if u.hasQuery {
		b.WriteByte('?')
		b.WriteString(u.query)
	}
	if u.hasFragment {
		b.WriteByte('#')
		b.WriteString(u.fragment)
	}
	return b.String()
}

func (u *URL) String() string { return u.Href() }

// defaultPorts are the special schemes' default ports; file has none.
var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

func isSpecial(scheme string) bool {
	_, ok := defaultPorts[scheme]
	return ok || scheme == "file"
}

// The parser's states, named as in the URL Standard.
type parseState int

const (
	stSchemeStart parseState = iota
	stScheme
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stHost
	stPort
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
)

const eof = -1

// parse is the basic URL parser, without a state override. base may be nil.
func parse(raw string, base *URL) (*URL, error) {
	in := Clean(raw)
	u := &URL{}
	fail := func(why string, args ...any) (*URL, error) {
		return nil, &ParseError{Input: raw, Why: fmt.Sprintf(why, args...)}
	}
	var (
		state         = stSchemeStart
		buf           strings.Builder
		atSignSeen    bool
		insideBracket bool
		passwordSeen  bool
		// Parts that grow a byte at a time are built here and joined to u
		// once at the end, so a parse is linear in the input.
		username, password, opaque, fragment strings.Builder
	)
	// spec is isSpecial(u.Scheme), kept with every change of the scheme:
	// the states below ask it at every byte.
	spec := false
	special := func() bool { return spec }
	remaining := func(p int) string {
		if p+1 >= len(in) {
			return ""
		}
		return in[p+1:]
	}
	for p := 0; p <= len(in); p++ {
		c := eof
		if p < len(in) {
			c = int(in[p])
		}
		switch state {
		case stSchemeStart:
			if isASCIIAlpha(c) {
				buf.WriteByte(lower(byte(c)))
				state = stScheme
			} else {
				state = stNoScheme
				p--
			}
		case stScheme:
			switch {
			case isASCIIAlpha(c) || isASCIIDigit(c) || c == '+' || c == '-' || c == '.':
				buf.WriteByte(lower(byte(c)))
			case c == ':':
				u.Scheme = buf.String()
				spec = isSpecial(u.Scheme)
				buf.Reset()
				switch {
				case u.Scheme == "file":
					state = stFile
				case special() && base != nil && base.Scheme == u.Scheme:
					state = stSpecialRelativeOrAuthority
				case special():
					state = stSpecialAuthoritySlashes
				case strings.HasPrefix(remaining(p), "/"):
					state = stPathOrAuthority
					p++
				default:
					u.hasOpaque = true
					state = stOpaquePath
				}
			default:
				buf.Reset()
				state = stNoScheme
				p = -1
			}
		case stNoScheme:
			switch {
			case base == nil:
				return nil, &ParseError{Input: raw, Relative: true, Why: "it has no scheme, so a browser resolves it against the page's address"}
			case base.hasOpaque && c != '#':
				return fail("it is relative, and the base address it would resolve against has no hierarchical path")
			case base.hasOpaque:
				u.Scheme, u.opaque, u.hasOpaque = base.Scheme, base.opaque, true
				spec = isSpecial(u.Scheme)
				u.query, u.hasQuery = base.query, base.hasQuery
				u.hasFragment = true
				state = stFragment
			case base.Scheme != "file":
				state = stRelative
				p--
			default:
				state = stFile
				p--
			}
		case stSpecialRelativeOrAuthority:
			if c == '/' && strings.HasPrefix(remaining(p), "/") {
				state = stSpecialAuthorityIgnoreSlashes
				p++
			} else {
				state = stRelative
				p--
			}
		case stPathOrAuthority:
			if c == '/' {
				state = stAuthority
			} else {
				state = stPath
				p--
			}
		case stRelative:
			u.Scheme = base.Scheme
			spec = isSpecial(u.Scheme)
			switch {
			case c == '/':
				state = stRelativeSlash
			case special() && c == '\\':
				state = stRelativeSlash
			default:
				u.copyAuthority(base)
				u.path = clonePath(base.path)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch {
				case c == '?':
					u.query, u.hasQuery = "", true
					state = stQuery
				case c == '#':
					u.hasFragment = true
					state = stFragment
				case c != eof:
					u.query, u.hasQuery = "", false
					u.shortenPath()
					state = stPath
					p--
				}
			}
		case stRelativeSlash:
			switch {
			case special() && (c == '/' || c == '\\'):
				state = stSpecialAuthorityIgnoreSlashes
			case c == '/':
				state = stAuthority
			default:
				u.copyAuthority(base)
				state = stPath
				p--
			}
		case stSpecialAuthoritySlashes:
			if c == '/' && strings.HasPrefix(remaining(p), "/") {
				p++
			} else {
				p--
			}
			state = stSpecialAuthorityIgnoreSlashes
		case stSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = stAuthority
				p--
			}
		case stAuthority:
			switch {
			case c == '@':
				b := buf.String()
				if atSignSeen {
					b = "%40" + b
				}
				atSignSeen = true
				for i := 0; i < len(b); i++ {
					if b[i] == ':' && !passwordSeen {
						passwordSeen = true
						continue
					}
					if passwordSeen {
						writeEncoded(&password, b[i], inUserinfoSet)
					} else {
						writeEncoded(&username, b[i], inUserinfoSet)
					}
				}
				buf.Reset()
			case c == eof || c == '/' || c == '?' || c == '#' || special() && c == '\\':
				if atSignSeen && buf.Len() == 0 {
					return fail("it has a user name or password but no host after the @")
				}
				p -= buf.Len() + 1
				buf.Reset()
				state = stHost
			default:
				buf.WriteByte(byte(c))
			}
		case stHost:
			switch {
			case c == ':' && !insideBracket:
				if buf.Len() == 0 {
					return fail("it has no host before the port")
				}
				if err := u.setHost(buf.String(), raw); err != nil {
					return nil, err
				}
				buf.Reset()
				state = stPort
			case c == eof || c == '/' || c == '?' || c == '#' || special() && c == '\\':
				p--
				if special() && buf.Len() == 0 {
					return fail("it has no host")
				}
				if err := u.setHost(buf.String(), raw); err != nil {
					return nil, err
				}
				buf.Reset()
				state = stPathStart
			default:
				if c == '[' {
					insideBracket = true
				} else if c == ']' {
					insideBracket = false
				}
				buf.WriteByte(byte(c))
			}
		case stPort:
			switch {
			case isASCIIDigit(c):
				buf.WriteByte(byte(c))
			case c == eof || c == '/' || c == '?' || c == '#' || special() && c == '\\':
				if buf.Len() > 0 {
					digits := strings.TrimLeft(buf.String(), "0")
					if len(digits) > 5 {
						return fail("its port is above 65535")
					}
					n, _ := strconv.Atoi(orDefault(digits, "0"))
					if n > 65535 {
						return fail("its port %d is above 65535", n)
					}
					u.Port = strconv.Itoa(n)
					if defaultPorts[u.Scheme] == u.Port {
						u.Port = ""
					}
					buf.Reset()
				}
				state = stPathStart
				p--
			default:
				return fail("its port has %q, which is not a digit", string(rune(c)))
			}
		case stFile:
			u.Scheme, spec = "file", true
			u.hasHost, u.Hostname = true, ""
			switch {
			case c == '/' || c == '\\':
				state = stFileSlash
			case base != nil && base.Scheme == "file":
				u.hasHost, u.Hostname, u.kind = base.hasHost, base.Hostname, base.kind
				u.path = clonePath(base.path)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch {
				case c == '?':
					u.query, u.hasQuery = "", true
					state = stQuery
				case c == '#':
					u.hasFragment = true
					state = stFragment
				case c != eof:
					u.query, u.hasQuery = "", false
					if !startsWithDriveLetter(in[p:]) {
						u.shortenPath()
					} else {
						u.path = nil
					}
					state = stPath
					p--
				}
			default:
				state = stPath
				p--
			}
		case stFileSlash:
			if c == '/' || c == '\\' {
				state = stFileHost
				break
			}
			if base != nil && base.Scheme == "file" {
				u.hasHost, u.Hostname, u.kind = base.hasHost, base.Hostname, base.kind
				if !startsWithDriveLetter(in[p:]) && len(base.path) > 0 && isNormalizedDriveLetter(base.path[0]) {
					u.path = append(u.path, base.path[0])
				}
			}
			state = stPath
			p--
		case stFileHost:
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				p--
				switch b := buf.String(); {
				case isDriveLetter(b):
					state = stPath // the buffer is kept: it starts the path
				case b == "":
					u.hasHost, u.Hostname = true, ""
					state = stPathStart
				default:
					if err := u.setHost(b, raw); err != nil {
						return nil, err
					}
					if u.Hostname == "localhost" {
						u.Hostname, u.kind = "", kindName
					}
					buf.Reset()
					state = stPathStart
				}
			} else {
				buf.WriteByte(byte(c))
			}
		case stPathStart:
			switch {
			case special():
				state = stPath
				if c != '/' && c != '\\' {
					p--
				}
			case c == '?':
				u.query, u.hasQuery = "", true
				state = stQuery
			case c == '#':
				u.hasFragment = true
				state = stFragment
			case c != eof:
				state = stPath
				if c != '/' {
					p--
				}
			}
		case stPath:
			if c == eof || c == '/' || special() && c == '\\' || c == '?' || c == '#' {
				b := buf.String()
				slash := c == '/' || special() && c == '\\'
				switch {
				case isDoubleDot(b):
					u.shortenPath()
					if !slash {
						u.path = append(u.path, "")
					}
				case isSingleDot(b):
					if !slash {
						u.path = append(u.path, "")
					}
				default:
					if u.Scheme == "file" && len(u.path) == 0 && isDriveLetter(b) {
						b = b[:1] + ":"
					}
					u.path = append(u.path, b)
				}
				buf.Reset()
				if c == '?' {
					u.query, u.hasQuery = "", true
					state = stQuery
				} else if c == '#' {
					u.hasFragment = true
					state = stFragment
				}
			} else {
				// The bytes up to the next delimiter go in as one run.
				run := &pathRun
				if special() {
					run = &specialPathRun
				}
				p = appendRun(&buf, in, p, run) - 1
			}
		case stOpaquePath:
			switch {
			case c == '?':
				u.query, u.hasQuery = "", true
				state = stQuery
			case c == '#':
				u.hasFragment = true
				state = stFragment
			case c != eof:
				p = appendRun(&opaque, in, p, &opaquePathRun) - 1
			}
		case stQuery:
			if c == '#' || c == eof {
				u.query += buf.String()
				buf.Reset()
				if c == '#' {
					u.hasFragment = true
					state = stFragment
				}
			} else {
				run := &queryRun
				if special() {
					run = &specialQueryRun
				}
				p = appendRun(&buf, in, p, run) - 1
			}
		case stFragment:
			if c != eof {
				p = appendRun(&fragment, in, p, &fragmentRun) - 1
			}
		}
	}
	u.Username += username.String()
	u.Password += password.String()
	u.opaque += opaque.String()
	u.fragment += fragment.String()
	return u, nil
}

// setHost runs the host parser on the text of the authority's host.
func (u *URL) setHost(s, raw string) error {
	fail := func(why string) error {
		return &ParseError{Input: raw, Why: why}
	}
	if !isSpecial(u.Scheme) {
		if strings.HasPrefix(s, "[") {
			addr, ok := parseIPv6(strings.TrimSuffix(s[1:], "]"))
			if !ok || !strings.HasSuffix(s, "]") {
				return fail(fmt.Sprintf("its host %s is not a valid IPv6 address", s))
			}
			u.hasHost, u.Hostname, u.kind = true, "["+formatIPv6(addr)+"]", kindIPv6
			return nil
		}
		h, why := opaqueHost(s)
		if why != "" {
			return fail(why)
		}
		u.hasHost, u.Hostname, u.kind = true, h, kindName
		return nil
	}
	h, why, ok := canonHost(s)
	if !ok {
		return &ParseError{Input: raw, Why: fmt.Sprintf("its host %q %s", s, why), SpaceHost: h.space}
	}
	u.hasHost, u.Hostname, u.kind = true, h.canon, h.kind
	return nil
}

// opaqueHost is the URL Standard's opaque-host parser, for the host of a
// scheme that is not special (sc://host/): no canonicalisation, only
// percent-encoding.
func opaqueHost(s string) (string, string) {
	for i := 0; i < len(s); i++ {
		if isForbiddenHostByte(s[i]) {
			return "", fmt.Sprintf("its host %q contains %q, which no host may", s, string(s[i]))
		}
	}
	return encodeString(s, inC0ControlSet), ""
}

// isForbiddenHostByte is the URL Standard's forbidden host code point.
func isForbiddenHostByte(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

func (u *URL) copyAuthority(base *URL) {
	u.Username, u.Password = base.Username, base.Password
	u.hasHost, u.Hostname, u.kind = base.hasHost, base.Hostname, base.kind
	u.Port = base.Port
}

// shortenPath removes the last segment, except a file URL's drive letter.
func (u *URL) shortenPath() {
	if u.Scheme == "file" && len(u.path) == 1 && isNormalizedDriveLetter(u.path[0]) {
		return
	}
	if len(u.path) > 0 {
		u.path = u.path[:len(u.path)-1]
	}
}

func clonePath(p []string) []string { return append([]string(nil), p...) }

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// isDriveLetter: a letter and ':' or '|' (a Windows drive letter).
func isDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedDriveLetter(s string) bool { return isDriveLetter(s) && s[1] == ':' }

func startsWithDriveLetter(s string) bool {
	if len(s) < 2 || !isDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || strings.IndexByte(`/\?#`, s[2]) >= 0
}

func isASCIIAlpha(c int) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isASCIIDigit(c int) bool { return '0' <= c && c <= '9' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// The URL Standard's percent-encode sets. Every byte of a non-ASCII
// character is in all of them.
func inC0ControlSet(c byte) bool { return c < 0x20 || c > 0x7e }

func inFragmentSet(c byte) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`'
}

func inQuerySet(c byte) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>'
}

func inSpecialQuerySet(c byte) bool { return inQuerySet(c) || c == '\'' }

func inPathSet(c byte) bool {
	return inQuerySet(c) || c == '?' || c == '`' || c == '{' || c == '}'
}

func inUserinfoSet(c byte) bool {
	return inPathSet(c) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' || ('[' <= c && c <= '^') || c == '|'
}

const upperHex = "0123456789ABCDEF"

// runClass says what a state of the parser does with each byte of a run:
// copy it, percent-encode it, or stop the run there (a delimiter the
// state acts on).
type runClass [256]uint8

const (
	runCopy uint8 = iota
	runEncode
	runStop
)

func newRunClass(encode func(byte) bool, stops string) (rc runClass) {
	for c := range 256 {
		if encode(byte(c)) {
			rc[c] = runEncode
		}
	}
	for i := 0; i < len(stops); i++ {
		rc[stops[i]] = runStop
	}
	return rc
}

var (
	pathRun         = newRunClass(inPathSet, "/?#")
	specialPathRun  = newRunClass(inPathSet, "/\\?#")
	opaquePathRun   = newRunClass(inC0ControlSet, "?#")
	queryRun        = newRunClass(inQuerySet, "#")
	specialQueryRun = newRunClass(inSpecialQuerySet, "#")
	fragmentRun     = newRunClass(inFragmentSet, "")
)

// appendRun writes the bytes of in from p up to the first that class
// stops at, percent-encoding those it encodes, and returns that byte's
// offset (len(in) at the end). The bytes between encoded ones go in as
// whole runs: a data: address can be a megabyte long.
func appendRun(b *strings.Builder, in string, p int, class *runClass) int {
	from := p
	for ; p < len(in); p++ {
		switch c := in[p]; class[c] {
		case runCopy:
		case runEncode:
			b.WriteString(in[from:p])
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
			from = p + 1
		default:
			b.WriteString(in[from:p])
			return p
		}
	}
	b.WriteString(in[from:])
	return p
}

// writeEncoded writes c, percent-encoded when set holds it.
func writeEncoded(b *strings.Builder, c byte, set func(byte) bool) {
	if set(c) {
		b.WriteByte('%')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&15])
		return
	}
	b.WriteByte(c)
}

func encodeString(s string, set func(byte) bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; set(c) {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
