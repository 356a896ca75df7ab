package remixletbridge

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/internal/js_lexer"
)

// traceWith runs the nesting scan over src with a token source and returns
// every token it read, and the depth it found.
func traceWith(src string, lx *fastTokens) ([]tokenRecord, Nesting) {
	var recs []tokenRecord
	s := scanner{limit: 1 << 30, trace: func(r tokenRecord) { recs = append(recs, r) }}
	s.runWith(lx)
	return recs, s.result
}

// fastAgrees requires the fast lexer to read src as esbuild's lexer does,
// token for token, up to where esbuild's lexer gives up (a character it
// refuses: the parser stops there).
func fastAgrees(t *testing.T, src string) {
	t.Helper()
	want, wantDepth := traceWith(src, &fastTokens{ref: newEsbuildTokens(src)})
	got, gotDepth := traceWith(src, &fastTokens{src: src})
	for i, w := range want {
		if w.tok == js_lexer.TSyntaxError {
			return
		}
		if i >= len(got) {
			t.Errorf("%.80q: the fast lexer stopped at token %d; esbuild read on with %+v", src, i, w)
			return
		}
		if got[i] != w {
			t.Errorf("%.80q: token %d: fast %+v, esbuild %+v", src, i, got[i], w)
			return
		}
	}
	if len(got) > len(want) {
		// Reading on past where esbuild stops only over-counts: safe, but
		// only expected when esbuild stopped on an error.
		if r := ParseModule(src); r.OK && !hasError(r) {
			t.Errorf("%.80q: the fast lexer read %d tokens, esbuild %d", src, len(got), len(want))
		}
		return
	}
	if gotDepth.Depth != wantDepth.Depth {
		t.Errorf("%.80q: depth %d with the fast lexer, %d with esbuild's", src, gotDepth.Depth, wantDepth.Depth)
	}
}

func hasError(r *Result) bool {
	for _, m := range r.Messages {
		if m.Error {
			return true
		}
	}
	return false
}

var lexCases = []string{
	"a?.b?.5:c", "x = .5e-3 + 1_000n + 0xFFn + 0o17 + 0b101 + 1e+5 + 2.5E-1", "a = 1..toString()",
	"<!-- old\nx = 1 --> 2\n--> comment\ny", "#!/usr/bin/env node\nx", "class A { #p = 1; m() { return #p in this } }",
	"x = 'a\\'b' + \"c\\\"d\" + 'e\\\r\nf'", "x = `a${`b${c}d`}e\\`f` + `\\${x}`", "x = /[/]/g.test(a) / 2 / b",
	"\u0061wait x; \\u{61}sync; v\\u0061r", "x\u2028y\u2029z\u00a0w\ufeffq", "a /* multi\nline */ b", "a // line\u2028b",
	"x = a\n++b", "if (a) /re/\nelse /x/", "x = {'a': 1, \"b\": 2, [c]: 3, ...d, e() {}, get f() {}}",
	"label: for (;;) { break label }", "x = y ?? z ??= w ||= v &&= u **= 2 >>>= 1", "x = a => ({} / 2)",
	"é = ñ + π; 変数 = 1", "'unterminated\nstring'", "/* unterminated", "`unterminated ${", "x = /unterminated\n/",
}

func TestFastLexerAgrees(t *testing.T) {
	for _, src := range append(append([]string{}, lexCases...), slashCases...) {
		fastAgrees(t, src)
	}
	files, _ := filepath.Glob("../../bench/.cache/js/*.js")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fastAgrees(t, string(b))
	}
}

func FuzzFastLexerAgrees(f *testing.F) {
	for _, src := range append(append([]string{}, lexCases...), slashCases...) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		fastAgrees(t, src)
	})
}

// TestKeywordSwitch: the switch names exactly esbuild's keywords.
func TestKeywordSwitch(t *testing.T) {
	for name, tok := range js_lexer.Keywords {
		if got := keyword(name); got != tok {
			t.Errorf("keyword(%q) = %v, want %v", name, got, tok)
		}
	}
	for _, name := range []string{"let", "yield", "await", "of", "async", "static", "undefined", "brea", "breaks"} {
		if keyword(name) != 0 {
			t.Errorf("%q is not a keyword", name)
		}
	}
}
