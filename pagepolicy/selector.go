package pagepolicy

import (
	"strings"

	"github.com/remixlet/remixlet/internal/lazyre"
)

// valueSelectorRe finds an attribute selector on value, after CSS escapes
// are decoded: [value], [value^="a"], [ value *= a i], [*|value=…].
var valueSelectorRe = lazyre.New(`(?i)\[\s*(?:[A-Za-z0-9_*-]*\|)?value\s*(?:[~|^$*]?=|\])`)

// SelectorTestsValue reports a selector that tests an input's value
// (SelectorRule): the page agent refuses it while the page has a password
// field.
func SelectorTestsValue(selector string) bool {
	return valueSelectorRe.MatchString(decodeCSSEscapes(selector))
}

// FragmentOnly reports whether every url() in a presentation attribute's
// value names a fragment of the same document (url(#id), url("#id")): the
// only reference a CheckFragment attribute may make.
func FragmentOnly(value string) bool {
	v := strings.ToLower(decodeCSSEscapes(value))
	for {
		i := strings.Index(v, "url(")
		if i < 0 {
			return true
		}
		rest := strings.TrimLeft(v[i+len("url("):], " \t\n\r\f\"'")
		if !strings.HasPrefix(rest, "#") {
			return false
		}
		v = rest
	}
}

// decodeCSSEscapes decodes CSS escapes (\76 alue, \v) so that an escaped
// name reads as the name it is.
func decodeCSSEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		n := 0
		var r rune
		for j < len(s) && n < 6 && isHexDigit(s[j]) {
			r = r*16 + rune(hexVal(s[j]))
			j++
			n++
		}
		if n == 0 {
			b.WriteByte(s[j])
			i = j
			continue
		}
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		if r == 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF) {
			r = 0xFFFD
		}
		b.WriteRune(r)
		i = j - 1
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
