package remixletbridge

import (
	"strings"
	"testing"
)

// TestFastLexerAgreesOnLongTokens: comments, strings and templates longer
// than the windows and tables the fast lexer skips them with, ending in
// every kind of line break, at and around the window's edge.
func TestFastLexerAgreesOnLongTokens(t *testing.T) {
	var cases []string
	for _, n := range []int{250, 253, 254, 255, 256, 257, 300, 511, 512, 513, 1000} {
		body := strings.Repeat("x", n)
		for _, end := range []string{"\n", "\r", "\r\n", "\u2028", "\u2029", "\xe2\x80", "é"} {
			cases = append(cases,
				"a // "+body+end+"b /re/",
				"a //"+body[:n-2]+end+"/re/",
				"<!-- "+body+end+"a",
				"a\n--> "+body+end+"b",
				"a /* "+body+end+" */ b",
				"x = '"+body+"\\"+end+"y'; z",
				"x = `"+body+end+"${a}"+body+"` / 2",
			)
		}
	}
	for _, src := range cases {
		fastAgrees(t, src)
	}
}
