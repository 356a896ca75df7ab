package scriptlint

import (
	"strings"
	"unicode/utf8"
)

// scriptSchemes are the schemes whose addresses run code.
var scriptSchemes = []string{"javascript", "vbscript", "livescript"}

// hasScriptScheme reports whether s holds, anywhere, a script scheme and
// its colon, in any case (Unicode simple case folding, as a
// case-insensitive regular expression reads it: "ſ" is an "s"). It looks
// only before each colon, in time linear in s: a regular expression
// matched from every position cost thousands of instructions an address.
func hasScriptScheme(s string) bool {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], ':')
		if j < 0 {
			return false
		}
		before := s[:i+j]
		for _, scheme := range scriptSchemes {
			if endsWithFold(before, scheme) {
				return true
			}
		}
		i += j + 1
	}
}

// endsWithFold reports whether the last characters of s, as many as word
// has, equal word under simple case folding.
func endsWithFold(s, word string) bool {
	start := len(s)
	for range utf8.RuneCountInString(word) {
		if start == 0 {
			return false
		}
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	return strings.EqualFold(s[start:], word)
}
