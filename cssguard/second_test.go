package cssguard

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// secondCandidates runs the second reading alone, over the windows or over
// the whole sheet.
func secondCandidates(src []byte, whole bool) []secondCandidate {
	g := &guard{src: src, mode: Stylesheet, wholeSecond: whole}
	g.secondReading()
	return g.second
}

// checkWindowsAgree fails when reading only the windows differs in any way
// from reading the whole sheet a second time: the loads the second reading
// sees, and what Check lists and refuses in either mode. It also checks the
// premise of the windows: each starts where the whole lexing starts a
// token, or inside white space, and the whole reading is at rest there.
func checkWindowsAgree(t *testing.T, name string, src []byte) {
	t.Helper()
	whole, windows := secondCandidates(src, true), secondCandidates(src, false)
	if !reflect.DeepEqual(whole, windows) {
		t.Fatalf("%s: the second reading of the windows sees %+v, of the whole sheet %+v\nsheet: %q", name, windows, whole, src)
	}
	checkWindowStarts(t, name, src)
	m := mustManifest(t, `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"],
		"permissions": [{"permission": "fetch:cdn.example.net", "reason": "r"}]}`)
	for _, mode := range []Mode{Stylesheet, Script} {
		a, b := check(src, "style.css", m, mode, true), check(src, "style.css", m, mode, false)
		if !reflect.DeepEqual(a.Findings, b.Findings) || !reflect.DeepEqual(a.Loads, b.Loads) {
			t.Fatalf("%s: Check differs with the windows (mode %v)\nwhole:   %v\nwindows: %v\nsheet: %q", name, mode, a.Findings, b.Findings, src)
		}
	}
}

// checkWindowStarts: every window starts at a token of the whole lexing,
// or inside a white-space token, where the whole reading is at rest.
func checkWindowStarts(t *testing.T, name string, src []byte) {
	t.Helper()
	type at struct {
		tt   css.TokenType
		rest bool
	}
	starts := map[int]at{}
	g := &guard{src: src, mode: Stylesheet}
	st := secondState{importAt: -1}
	lx := css.NewLexer(parse.NewInputBytes(append([]byte(nil), src...)))
	for off := 0; ; {
		tt, data := lx.Next()
		if tt == css.ErrorToken {
			break
		}
		starts[off] = at{tt, st.rest()}
		if tt == css.WhitespaceToken {
			for k := off + 1; k < off+len(data); k++ {
				starts[k] = at{tt, st.rest()}
			}
		}
		st.token(g, tt, data, off)
		off += len(data)
	}
	var seek byteSeeker
	seek.reset(src)
	for pos := 0; ; {
		from, past := nextWindow(src, pos, &seek)
		if from < 0 {
			return
		}
		if from < pos || past < from {
			t.Fatalf("%s: window from %d past %d after %d", name, from, past, pos)
		}
		if a, ok := starts[from]; !ok || !a.rest {
			t.Fatalf("%s: a window starts at %d, inside a token of the whole lexing or where its reading is not at rest (%v)\nsheet: %q", name, from, a, src)
		}
		// Go on as secondReading does, to the next window.
		st := secondState{importAt: -1}
		if pos = st.window(g, parse.NewInputBytes(append([]byte(nil), src...)), from, past); pos < 0 {
			return
		}
	}
}

// adversarialPieces are the pieces generated sheets are made of: every way
// of writing a load's name (escaped, upper case, with a backslash the
// lexer drops), comments and strings that open, close or never close
// around them, @import and @namespace spellings, image-set() with type(),
// src(), CDO/CDC, NUL, BOM, CR, FF and CRLF line breaks, bad urls, broken
// UTF-8 after a backslash.
var adversarialPieces = []string{
	"url(https://evil.example/a.png)", "URL( 'https://evil.example/b' )", `u\72l(https://evil.example/c)`,
	`\75rl(https://evil.example/d)`, `u\rl(https://evil.example/e)`, `\u\r\l("https://evil.example/f")`,
	`ur\l("https://evil.example/g")`, `url(a"b)`, `url(a b)`, `url(a\)b)`, "url(", `url("x`, "url( x ", `url(\`,
	`src("https://evil.example/h")`, `S\72 c('https://evil.example/i')`, "sRc(", `src(url(j))`,
	`image-set("https://evil.example/k" 1x, url(l) 2x)`, `-webkit-image-set(type("image/png") "https://evil.example/m")`,
	"image-set(var(--x) type('a'))", "image-set(", `image-\73 et('n')`, "type(", "iMaGe-SeT(",
	"@import 'https://evil.example/o';", "@IMPORT url(p) screen;", `@\69mport 'q';`, "@namespace svg url(r);",
	"@import", `@namespac\65 "s"`, "@import url(", "@name", "@\\", "@",
	"/*", "*/", "/* url(t) */", "ur/**/l(u)", "/**/", "/*/", `"`, "'", `"a\"b"`, `"a\\"`, "\"\\\n\"", "\"unterminated\n",
	"'\x00'", "\"url(v)\"", "'image-set(", `"\`,
	"\x00", "\xef\xbb\xbf", "\r", "\f", "\r\n", "\\\r\n", "\\\f", "<!--", "-->", "\t", " ", "\n",
	"{", "}", ";", "(", ")", "[", "]", ":", ",", "a{b:", "x", "--v:", "var(--v)", "--v:{", "@media screen{",
	"\\\xc3\"", "\xc3", "\xe2\x80", "é", "\\", "\\\n", "\\(", `\"`, "\\/*", "u+1?", "1e3", `#\75`, "-\\",
	"[value^=a]", ":hover", "@font-face{src:url(w)}", "@supports selector(a)", "\\75", "\\000075 ", "rl(",
}

// adversarialSheet joins random pieces, n of them.
func adversarialSheet(r *rand.Rand, n int) []byte {
	var b strings.Builder
	for range n {
		b.WriteString(adversarialPieces[r.IntN(len(adversarialPieces))])
	}
	return []byte(b.String())
}

// TestSecondWindowsAgree: the second reading of the windows sees exactly
// what the second reading of the whole sheet sees, on the tokenizer
// corpus, the annotated cases, the real framework sheets (and the pinned
// benchmark sheets and an oracle corpus when $REMIXLET_BENCH_CSS or
// $REMIXLET_CSS_CORPUS name folders of them), and generated adversarial
// sheets.
func TestSecondWindowsAgree(t *testing.T) {
	for name, c := range loadCorpus(t) {
		checkWindowsAgree(t, name, []byte(c.CSS))
	}
	var dirs []string
	for _, v := range []string{"REMIXLET_BENCH_CSS", "REMIXLET_CSS_CORPUS"} {
		dirs = append(dirs, filepath.SplitList(os.Getenv(v))...)
	}
	for _, pattern := range append([]string{"testdata/cases/*/style.css", "testdata/realworld/*.css", "testdata/oracle/*.css"}, globs(dirs)...) {
		paths, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			checkWindowsAgree(t, p, src)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		checkWindowsAgree(t, "generated", adversarialSheet(r, 1+i%40))
	}
}

func globs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if d != "" {
			out = append(out, filepath.Join(d, "*.css"))
		}
	}
	return out
}

// FuzzSecondWindows: on any sheet, and on it with a load written after it
// (which a desynchronised window would misread), reading the windows
// agrees with reading the whole sheet.
func FuzzSecondWindows(f *testing.F) {
	seeds(f)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		f.Add(adversarialSheet(r, 1+i%30))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkWindowsAgree(t, "fuzz", src)
		checkWindowsAgree(t, "fuzz+load", append(src[:len(src):len(src)], "a{b:url(https://evil.example/z)}"...))
	})
}
