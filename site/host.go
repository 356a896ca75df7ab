package site

// This file is the one host canonicaliser: a host as Chrome's GURL
// canonicalises it for http and https (url/url_canon_host.cc with
// url_canon_ip.cc and url_idna_icu.cc). Every host the toolchain judges
// goes through canonHost: the hosts of addresses (Parse), of match patterns
// and of the pages they match, and the hosts permissions and network rules
// name (CanonicalHost).

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

type hostKind uint8

const (
	kindName hostKind = iota
	kindIPv4
	kindIPv6
)

type hostInfo struct {
	canon   string // as Chrome canonicalises it (trailing dot kept)
	kind    hostKind
	percent bool // the input had %XX escapes, which Chrome decodes
	idn     bool // the input had non-ASCII characters, converted to punycode
	// space is set when the host is refused for a space, written as one,
	// as %20, or as a character IDNA maps to one (U+00A0, U+3000, …).
	// Chromium 156 accepts such a host and writes the space as "%20"
	// ("a\u00a0b.com" is "a%20b.com"); no DNS name holds one, so the
	// refusal is this package's own, not Chrome's.
	space bool
}

// idnaChrome converts Unicode host names as Chrome's ICU UTS #46 setup does
// (url_idna_icu.cc) and as the URL Standard's domain to ASCII says:
// nontransitional processing, the Bidi rule and the ContextJ rules on
// zero-width joiners (with the rule against a label that starts with a
// combining mark, which this package applies together with ContextJ), no
// STD3 ASCII rules, no CheckHyphens, no VerifyDnsLength. Chromium 156
// refuses "a\u200db.com" and "\u0301a.com" and accepts a joiner after a
// virama, as this profile does. idnaLax, without ContextJ, only tells a
// joiner apart from other refusals in a message.
var (
	idnaChrome = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.CheckHyphens(false),
		idna.VerifyDNSLength(false),
	)
	idnaLax = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(false),
		idna.VerifyDNSLength(false),
	)
)

// errBadACE: a label that reads "xn--" once mapped but is no ACE label
// ("xn--" alone, or with non-ASCII characters after it), which ICU refuses
// and golang.org/x/net/idna quietly turns into another label.
var errBadACE = errors.New(`a label starts with "xn--" but is not punycode`)

// idnaMapOnly maps as UTS #46 does, without any check.
var idnaMapOnly = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false))

// hasBadACELabel reports a Unicode host with a label that, once mapped as
// UTS #46 maps it, starts with "xn--" and is no ACE label. The mapping is
// applied one character at a time, since x/net/idna maps and decodes in
// one step and offers no mapping alone.
func hasBadACELabel(host string) bool {
	var b strings.Builder
	for _, r := range host {
		m, err := idnaMapOnly.ToUnicode(string(r))
		if err != nil || m == "" && r == '.' {
			m = string(r)
		}
		b.WriteString(m)
	}
	for _, label := range strings.Split(b.String(), ".") {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") && (len(label) == 4 || !isASCII(label)) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hostChar is kHostCharLookup in url_canon_host.cc: the canonical form of
// an ASCII host character, or 0 for a character that makes the host invalid.
// '*' Chrome keeps as "%2A". A space Chromium 156 escapes as "%20" and
// keeps; the URL Standard refuses it and Chrome means to (crbug.com/1416013,
// IsDisallowingSpaceCharacterInURLHostParsing): it is refused here, since
// no DNS name holds one.
func hostChar(c byte) byte {
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

// canonHost canonicalises a host as GURL does for http and https (percent
// escapes decoded, ASCII lower-cased, IDN to punycode, IPv4 and IPv6 written
// canonically). When Chrome would reject the host it returns ok == false and
// why, as a phrase that follows the host.
func canonHost(raw string) (h hostInfo, why string, ok bool) {
	s := raw
	if strings.IndexByte(s, '%') >= 0 {
		d, ok := percentDecode(s)
		if !ok {
			return h, `has a "%" that does not start a %XX escape`, false
		}
		s, h.percent = d, true
	}
	if r, ok := spaceIn(s); ok {
		h.space = true
		if r == ' ' {
			return h, "contains a space, which no web host has", false
		}
		return h, fmt.Sprintf("holds %U, which IDNA maps to a space (the browser keeps it as %%20), and no web host has one", r), false
	}
	out, nonASCII, bad := hostASCII(s)
	if bad >= 0 {
		return h, fmt.Sprintf("contains %q", string(rune(bad))), false
	}
	if nonASCII {
		if !utf8.ValidString(out) {
			return h, "is not valid UTF-8", false
		}
		// Chrome escapes '*' before IDNA (DoIDNHost), so the escape is
		// part of the punycode, and decodes it again afterwards.
		out = strings.ReplaceAll(out, "*", "%2A")
		a, err := idnaChrome.ToASCII(out)
		if err == nil && hasBadACELabel(out) {
			err = errBadACE
		}
		if err != nil {
			if _, err := idnaLax.ToASCII(out); err == nil {
				return h, "has an invisible joiner or a combining mark where a domain name may not have one", false
			}
			return h, "is not a valid internationalised domain name", false
		}
		a, ok = percentDecode(a)
		if !ok {
			return h, "is not a valid internationalised domain name", false
		}
		out, nonASCII, bad = hostASCII(a)
		if bad >= 0 || nonASCII {
			return h, "is not a valid internationalised domain name", false
		}
		h.idn = true
	}
	if out == "" {
		return h, "is empty", false
	}
	switch addr, fam := parseIPv4(out); fam {
	case famIPv4:
		h.canon, h.kind = addr, kindIPv4
		return h, "", true
	case famBroken:
		return h, "looks like an IPv4 address but is not one", false
	}
	if out[0] == '[' && out[len(out)-1] == ']' {
		if addr, ok := parseIPv6(out[1 : len(out)-1]); ok {
			h.canon, h.kind = "["+formatIPv6(addr)+"]", kindIPv6
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

// spaceIn returns the first character of s that is a space or that UTS
// #46 maps to one or more characters with a space among them (U+00A0,
// U+2000 to U+200A, U+202F, U+205F, U+3000, and compatibility forms such
// as U+00A8, which maps to a space and a combining diaeresis).
func spaceIn(s string) (rune, bool) {
	if isASCII(s) {
		return ' ', strings.IndexByte(s, ' ') >= 0
	}
	for _, r := range s {
		if r == ' ' {
			return r, true
		}
		if r < 0x80 || !utf8.ValidRune(r) {
			continue
		}
		if m, err := idnaMapOnly.ToUnicode(string(r)); err == nil && strings.IndexByte(m, ' ') >= 0 {
			return r, true
		}
	}
	return 0, false
}

// IsSpaceLike reports whether a host character is a space as the browser
// reads a host: a space, or a character IDNA maps to one or more
// characters with a space among them. Chromium keeps such a space as
// "%20"; no web host holds one.
func IsSpaceLike(r rune) bool {
	_, ok := spaceIn(string(r))
	return ok
}

// trimSpaces removes from both ends of s what spaceIn finds.
func trimSpaces(s string) string { return strings.TrimFunc(s, IsSpaceLike) }

// hostASCII applies hostChar to the ASCII bytes of s and passes the
// others through. bad is the first invalid character, or -1.
func hostASCII(s string) (out string, nonASCII bool, bad int) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			nonASCII = true
			b = append(b, c)
			continue
		}
		m := hostChar(c)
		if m == 0 {
			return "", nonASCII, int(c)
		}
		b = append(b, m)
	}
	return string(b), nonASCII, -1
}

// percentDecode decodes every %XX; a '%' without two hex digits fails.
func percentDecode(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || hexVal(s[i+1]) < 0 || hexVal(s[i+2]) < 0 {
			return "", false
		}
		b = append(b, byte(hexVal(s[i+1])<<4|hexVal(s[i+2])))
		i += 2
	}
	return string(b), true
}

func hexVal(c byte) int {
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

func isIP(host string) bool {
	if strings.HasPrefix(host, "[") {
		return true
	}
	_, fam := parseIPv4(host)
	return fam == famIPv4
}

type ipFamily uint8

const (
	famName ipFamily = iota // not an IPv4 address: a name
	famIPv4
	famBroken // numeric like an IPv4 address, but invalid
)

// parseIPv4 is IPv4AddressToNumber (url_canon_ip.h), the URL Standard's
// IPv4 parser: when the last label is a number (decimal, 0x hex or 0-led
// octal), the host must be an IPv4 address of one to four parts.
func parseIPv4(h string) (string, ipFamily) {
	addr, fam := ipv4Addr(h)
	if fam != famIPv4 {
		return "", fam
	}
	return fmt.Sprintf("%d.%d.%d.%d", addr[0], addr[1], addr[2], addr[3]), fam
}

func ipv4Addr(h string) ([4]byte, ipFamily) {
	var addr [4]byte
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return addr, famName
	}
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		if _, fam := ipv4Part(parts[len(parts)-1]); fam == famName {
			return addr, famName
		}
		return addr, famBroken
	}
	vals := make([]uint64, len(parts))
	for i := len(parts) - 1; i >= 0; i-- {
		v, fam := ipv4Part(parts[i])
		if fam == famName && i == len(parts)-1 {
			return addr, famName
		}
		if fam != famIPv4 {
			return addr, famBroken
		}
		vals[i] = v
	}
	for i := 0; i < len(vals)-1; i++ {
		if vals[i] > 255 {
			return addr, famBroken
		}
		addr[i] = byte(vals[i])
	}
	last := vals[len(vals)-1]
	for i := 3; i >= len(vals)-1; i-- {
		addr[i] = byte(last)
		last >>= 8
	}
	if last != 0 {
		return addr, famBroken
	}
	return addr, famIPv4
}

// ipv4Part is IPv4ComponentToNumber.
func ipv4Part(c string) (uint64, ipFamily) {
	if c == "" {
		return 0, famName
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
		d := hexVal(digits[i])
		if d >= 0 && d < base {
			continue
		}
		if d >= 0 && d < 10 {
			brokenOctal = true // "09": numeric, yet not octal
			continue
		}
		return 0, famName
	}
	if brokenOctal || len(digits) > 16 {
		return 0, famBroken
	}
	if digits == "" {
		return 0, famIPv4
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil || v > 0xffffffff {
		return 0, famBroken
	}
	return v, famIPv4
}

// parseIPv6 is DoIPv6AddressToNumber for the text between the brackets.
func parseIPv6(s string) ([16]byte, bool) {
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
		if hexVal(s[i]) < 0 {
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
		v4, fam := ipv4Addr(ipv4)
		if fam != famIPv4 {
			return addr, false
		}
		copy(addr[12:], v4[:])
	}
	return addr, true
}

// formatIPv6 is AppendIPv6Address: lower-case hex, the longest run of two
// or more zero pieces (the first, on a tie) written "::".
func formatIPv6(addr [16]byte) string {
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

// CanonicalHost returns host as a browser spells it after parsing a URL
// (canonHost: lower case, IDN to punycode, IPv4 in dotted decimal, IPv6
// compressed in brackets). It is for a host written on its own, as a
// permission or a network rule names one: it refuses anything that is not
// exactly one host (a scheme, user name, port, path or wildcard) and a
// trailing dot.
func CanonicalHost(host string) (string, error) {
	switch {
	case host == "":
		return "", fmt.Errorf("no host: name exactly one host, e.g. api.example.com")
	case strings.Contains(host, "://"):
		return "", fmt.Errorf("a scheme is not part of a host: write only the host, e.g. api.example.com")
	case strings.ContainsAny(host, "*"):
		return "", fmt.Errorf("wildcards are not allowed: there is no permission that reaches more than one host; list each host")
	case strings.ContainsAny(host, "/\\?#"):
		return "", fmt.Errorf("a path is not part of a host: write only the host")
	case strings.Contains(host, "@"):
		return "", fmt.Errorf("user names are not part of a host: write only the host")
	case strings.HasSuffix(host, "."):
		return "", fmt.Errorf("remove the trailing dot: write %s", strings.TrimRight(host, "."))
	}
	if strings.Contains(host, ":") {
		if !strings.HasPrefix(host, "[") {
			if _, err := netip.ParseAddr(host); err == nil {
				return "", fmt.Errorf("write an IPv6 address in brackets, e.g. [%s]", host)
			}
			return "", fmt.Errorf("a port is not part of a host: write only the host")
		}
		if !strings.HasSuffix(host, "]") {
			return "", fmt.Errorf("a port is not part of a host: write only the host")
		}
	}
	h, why, ok := canonHost(host)
	if !ok {
		return "", fmt.Errorf("%q is not a valid host name or IP address: it %s", host, why)
	}
	if strings.HasSuffix(h.canon, ".") {
		return "", fmt.Errorf("remove the trailing dot")
	}
	return h.canon, nil
}
