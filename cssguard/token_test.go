package cssguard

import "testing"

// TestTokenizerChrome pins the readings the issue names, where a lexer
// that is not Chrome-faithful goes wrong, and Chrome's own quirks.
func TestTokenizerChrome(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // type:value of each token, whitespace left out
	}{
		// Escapes are decoded before url( is recognised.
		{`\75rl(//evil.example/*)`, []string{"url://evil.example/*"}},
		{`u\rl(a)`, []string{"url:a"}},
		{`\55 RL(a)`, []string{"url:a"}},
		{`\55 RL( "a")`, []string{"function:URL", "string:a", "):)"}},
		// The address ends at ), and /* inside it is not a comment.
		{`a{b:\75rl(//e/*);}x{}*/`, []string{"ident:a", "{:{", "ident:b", "colon::", "url://e/*", "semicolon:;", "}:}", "ident:x", "{:{", "}:}", "delim:*", "delim:/"}},
		// A malformed quoted url: a function and a string, nothing swallowed.
		{`url('x' y) url(//e/p)`, []string{"function:url", "string:x", "ident:y", "):)", "url://e/p"}},
		// A NUL inside url() is U+FFFD; at the end of the input the url ends.
		{"url(a\x00b)", []string{"url:a\uFFFDb"}},
		{"url(a", []string{"url:a"}},
		{"url(a\\", []string{"url:a\uFFFD"}},
		// A backslash at the end of the input: an ident of U+FFFD.
		{`\`, []string{"ident:\uFFFD"}},
		{`"a\`, []string{"string:a"}},
		// An escape's whitespace: CRLF counts once.
		{"\"a\\12\r\nb\"", []string{"string:a\x12b"}},
		{"\"a\\\r\nb\"", []string{"string:ab"}},
		// Zero, surrogates and values above U+10FFFF become U+FFFD.
		{`\0 \D800 \110000 \10FFFF`, []string{"ident:\uFFFD\uFFFD\uFFFD\U0010FFFF"}},
		// A line break ends a string as a bad string, and is not part of it.
		{"\"a\nb", []string{"bad-string:", "ident:b"}},
		// A bad url swallows up to the next unescaped ).
		{`url(a"b\)c)d`, []string{"bad-url:", "ident:d"}},
		{"url(a b)", []string{"bad-url:"}},
		{"url(a\\\nb)c", []string{"bad-url:", "ident:c"}},
		// Chrome peeks at the character after # and - without replacing a
		// NUL, so #NUL is a delimiter and an ident, not a hash.
		{"#\x00", []string{"delim:#", "ident:\uFFFD"}},
		{"@\x00", []string{"at-keyword:\uFFFD"}},
		// Chrome still has unicode-range tokens.
		{"U+0-7F u+4?? U+A", []string{"unicode-range:U+0-7F", "unicode-range:u+4??", "unicode-range:U+A"}},
		// Every non-ASCII code point is a name code point.
		{"-§ ×", []string{"ident:-§", "ident:×"}},
		// CDO and CDC.
		{"<!-- -->", []string{"CDO:<!--", "CDC:-->"}},
		// An at-keyword with an escaped name.
		{`@\69mport`, []string{"at-keyword:import"}},
	} {
		src := []byte(tc.src)
		var got []string
		for _, tok := range Tokenize(src) {
			if tok.Type == Whitespace {
				continue
			}
			got = append(got, tok.Type.String()+":"+tok.Value(src))
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: token %d is %q, want %q (all: %q)", tc.src, i, got[i], tc.want[i], got)
			}
		}
	}
}

// TestTokenizerRawConcatenates: the tokens' raw texts are the input.
func TestTokenizerRawConcatenates(t *testing.T) {
	for _, c := range loadCorpus(t) {
		checkConcatenation(t, []byte(c.CSS))
	}
}

func checkConcatenation(t testing.TB, src []byte) {
	t.Helper()
	pos := 0
	for _, tok := range Tokenize(src) {
		if tok.Start != pos || tok.End <= tok.Start {
			t.Fatalf("%q: token %s at %d..%d, want it to start at %d and be non-empty", src, tok.Type, tok.Start, tok.End, pos)
		}
		pos = tok.End
	}
	if pos != len(src) {
		t.Fatalf("%q: tokens end at %d of %d", src, pos, len(src))
	}
}
