package secrets

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// placeholderText reports the whole texts that stand for a value instead
// of being one, in any case (Unicode simple case folding: "ſ" is an "s",
// the Kelvin sign a "k"): runs of x, *, ., # (three or more) or of -, _, 0;
// 1234…; <…>, ${…}, {{…}}, %name%; your…, my…api (secret, token, key,
// password)…, example…, dummy…, fake…, sample…; and the words changeme,
// placeholder, redacted, secret, password, token, null, undefined, none,
// true, false, test, todo. A "…" is any text on one line. It is the
// case-insensitive regular expression TestPlaceholderAgreesWithRegexp
// holds it to, written out: matched from the start against every
// alternative, that expression cost thousands of instructions a string.
func placeholderText(s string) bool {
	switch {
	case s == "":
		return false
	case runOf(s, 'x', 3), runOf(s, '*', 3), runOf(s, '.', 3), runOf(s, '#', 3),
		runOf(s, '-', 1), runOf(s, '_', 1), runOf(s, '0', 1):
		return true
	case strings.HasPrefix(s, "1234"):
		return oneLine(s[4:])
	case len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>':
		return !strings.Contains(s[1:len(s)-1], ">")
	case len(s) >= 3 && strings.HasPrefix(s, "${") && s[len(s)-1] == '}':
		return !strings.Contains(s[2:len(s)-1], "}")
	case len(s) >= 4 && strings.HasPrefix(s, "{{") && strings.HasSuffix(s, "}}"):
		return !strings.Contains(s[2:len(s)-2], "}")
	case len(s) >= 3 && s[0] == '%' && s[len(s)-1] == '%':
		for _, r := range s[1 : len(s)-1] {
			if r != '_' && !foldsToLetter(r) {
				return false
			}
		}
		return true
	}
	for _, p := range []string{"your", "example", "dummy", "fake", "sample"} {
		if rest, ok := cutFoldPrefix(s, p); ok {
			return oneLine(rest)
		}
	}
	if rest, ok := cutFoldPrefix(s, "my"); ok {
		if rest != "" && strings.IndexByte("-_ ", rest[0]) >= 0 {
			rest = rest[1:]
		}
		for _, w := range []string{"api", "secret", "token", "key", "password"} {
			if after, ok := cutFoldPrefix(rest, w); ok {
				return oneLine(after)
			}
		}
		return false
	}
	for _, w := range []string{"changeme", "placeholder", "redacted", "secret", "password", "token", "null", "undefined", "none", "true", "false", "test", "todo"} {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// runOf reports whether s is at least min characters, each c in any case.
func runOf(s string, c rune, min int) bool {
	n := 0
	for _, r := range s {
		if !foldEqual(r, c) {
			return false
		}
		n++
	}
	return n >= min
}

// oneLine reports text a regular expression's "." matches throughout.
func oneLine(s string) bool { return strings.IndexByte(s, '\n') < 0 }

// cutFoldPrefix removes from s the characters that equal prefix (ASCII)
// under simple case folding.
func cutFoldPrefix(s, prefix string) (string, bool) {
	for _, p := range prefix {
		r, size := utf8.DecodeRuneInString(s)
		if size == 0 || !foldEqual(r, p) {
			return s, false
		}
		s = s[size:]
	}
	return s, true
}

// foldEqual reports whether r and c are one character under simple case
// folding.
func foldEqual(r, c rune) bool {
	for f := c; ; {
		if f == r {
			return true
		}
		if f = unicode.SimpleFold(f); f == c {
			return false
		}
	}
}

// foldsToLetter reports a character that is an ASCII letter under simple
// case folding (the letters, the long s, the Kelvin sign).
func foldsToLetter(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r == 'ſ' || r == '\u212a'
}
