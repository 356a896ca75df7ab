package scriptlint

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The string built-ins the folder runs on known text, as the engine runs
// them; where Go's nearest function differs (its spaces, its URL
// unescaping, its case mappings), it is not used: a text folded to what
// the engine would not compute can hide a key or a handler.

// isJSSpace is what trim removes: WhiteSpace and LineTerminator.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// jsCase is toLowerCase or toUpperCase of ASCII text; other text has
// mappings Go's do not share (ß to SS, İ to i and a dot, a final sigma).
func jsCase(s string, upper bool) (string, bool) {
	if !isASCII(s) {
		return "", false
	}
	if upper {
		return strings.ToUpper(s), true
	}
	return strings.ToLower(s), true
}

// jsNormalize is s.normalize(form), form "" for none given.
func jsNormalize(s, form string) (string, bool) {
	switch form {
	case "", "NFC":
		return norm.NFC.String(s), true
	case "NFD":
		return norm.NFD.String(s), true
	case "NFKC":
		return norm.NFKC.String(s), true
	case "NFKD":
		return norm.NFKD.String(s), true
	}
	return "", false // (a RangeError)
}

// uriReserved are what decodeURI leaves escaped: the characters that mean
// something in an address.
const uriReserved = ";/?:@&=+$,#"

// jsDecodeURI is decodeURIComponent(s), or decodeURI(s) when keepReserved:
// escapes of UTF-8 sequences decoded, a reserved character's escape kept
// as written by decodeURI; false where the engine throws (a malformed
// escape or sequence).
func jsDecodeURI(s string, keepReserved bool) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		first, ok := hexByte(s, i)
		if !ok {
			return "", false
		}
		if first < 0x80 {
			if keepReserved && strings.IndexByte(uriReserved, first) >= 0 {
				b.WriteString(s[i : i+3])
			} else {
				b.WriteByte(first)
			}
			i += 3
			continue
		}
		n := 0
		for first<<n&0x80 != 0 {
			n++
		}
		if n < 2 || n > 4 {
			return "", false
		}
		seq := []byte{first}
		for j := 1; j < n; j++ {
			c, ok := hexByte(s, i+3*j)
			if !ok || c&0xC0 != 0x80 {
				return "", false
			}
			seq = append(seq, c)
		}
		if r, size := utf8.DecodeRune(seq); r == utf8.RuneError && size <= 1 || size != n {
			return "", false // overlong, a surrogate, past U+10FFFF
		}
		b.Write(seq)
		i += 3 * n
	}
	return b.String(), true
}

// hexByte is the byte the escape %XX at s[i] stands for.
func hexByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	hi, ok1 := hexDigit(s[i+1])
	lo, ok2 := hexDigit(s[i+2])
	return hi<<4 | lo, ok1 && ok2
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// jsUnescape is unescape(s): %XX is the character of that code (not a
// UTF-8 byte), %uXXXX the UTF-16 unit; any other % stands for itself.
// false when the result holds a lone surrogate, which Go's strings cannot.
func jsUnescape(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	units := utf16.Encode([]rune(s))
	out := make([]uint16, 0, len(units))
	hex := func(from, n int) (uint16, bool) {
		if from+n > len(units) {
			return 0, false
		}
		var v uint16
		for _, u := range units[from : from+n] {
			if u >= 0x80 {
				return 0, false
			}
			d, ok := hexDigit(byte(u))
			if !ok {
				return 0, false
			}
			v = v<<4 | uint16(d)
		}
		return v, true
	}
	for i := 0; i < len(units); i++ {
		if units[i] == '%' {
			if i+1 < len(units) && units[i+1] == 'u' {
				if v, ok := hex(i+2, 4); ok {
					out = append(out, v)
					i += 5
					continue
				}
			} else if v, ok := hex(i+1, 2); ok {
				out = append(out, v)
				i += 2
				continue
			}
		}
		out = append(out, units[i])
	}
	for i := 0; i < len(out); i++ {
		switch u := out[i]; {
		case u >= 0xD800 && u < 0xDC00:
			if i+1 >= len(out) || out[i+1] < 0xDC00 || out[i+1] >= 0xE000 {
				return "", false
			}
			i++
		case u >= 0xDC00 && u < 0xE000:
			return "", false
		}
	}
	return string(utf16.Decode(out)), true
}
