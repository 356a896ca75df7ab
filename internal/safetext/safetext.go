// Package safetext keeps text that comes from checked files (their names,
// their contents quoted in a message) harmless where it is printed: a file
// named with terminal escape sequences must not clear or retitle the
// terminal of the person reading the findings, nor reorder the line it is
// printed on.
package safetext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unsafe reports characters that act on a terminal or on the text around
// them rather than showing as themselves: control characters (C0, DEL,
// C1, among them the one-byte CSI), the characters that reorder text, and
// the Unicode line and paragraph separators.
func Unsafe(r rune) bool {
	return unicode.IsControl(r) || IsBidi(r) || r == 0x2028 || r == 0x2029 || r == 0xFEFF
}

// IsBidi reports characters that change the direction of the text around
// them on screen.
func IsBidi(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// Clean returns s with every unsafe character written as a visible escape
// (\u001B), and every byte that is not UTF-8 as \xFF, so the text reads the
// same on any screen and keeps to one line.
func Clean(s string) string {
	if isSafe(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02X`, s[i])
		case Unsafe(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F {
			return asciiAfter(s, i)
		}
	}
	return true
}

// asciiAfter checks the rest of s rune by rune once a byte outside
// printable ASCII turned up.
func asciiAfter(s string, from int) bool {
	for i := from; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || Unsafe(r) {
			return false
		}
		i += size
	}
	return true
}

// EscapeJSON rewrites, in encoded JSON, the unsafe characters that
// encoding/json leaves as they are (DEL, C1 controls, the characters that
// reorder text) as \u escapes; the C0 controls it escapes itself, and
// those left raw are the document's own line breaks. In valid JSON they can only stand inside
// strings, where an escape means the same character: the document decodes
// to the same values, and printing it to a terminal is harmless.
func EscapeJSON(doc []byte) []byte {
	clean := true
	for i := 0; i < len(doc); i++ {
		if doc[i] >= 0x7F {
			clean = false
			break
		}
	}
	if clean {
		return doc
	}
	out := make([]byte, 0, len(doc)+16)
	for i := 0; i < len(doc); {
		r, size := utf8.DecodeRune(doc[i:])
		if r >= 0x7F && r != utf8.RuneError && Unsafe(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, doc[i:i+size]...)
		}
		i += size
	}
	return out
}
