package cssguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
)

// seeds adds the corpus and every stylesheet of the annotated cases.
func seeds(f *testing.F) {
	for _, c := range loadCorpus(f) {
		f.Add([]byte(c.CSS))
	}
	sheets, err := casetest.Contents("testdata/cases", "style.css")
	if err != nil {
		f.Fatal(err)
	}
	for _, css := range sheets {
		f.Add(css)
	}
}

// FuzzTokenizer: no panic, no hang, and the tokens' raw texts concatenate
// back to the input; decoding any token's value never panics.
func FuzzTokenizer(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkConcatenation(t, src)
		for _, tok := range Tokenize(src) {
			_ = tok.Value(src)
		}
	})
}

// FuzzGuard: Check never panics, cites only known rules at positions
// inside the input, refuses in Script mode whenever the text holds url(,
// and Sanitize's output has no refusal left.
func FuzzGuard(f *testing.F) {
	seeds(f)
	m := mustManifest(f, `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"],
		"permissions": [{"permission": "fetch:cdn.example.net", "reason": "r"}]}`)
	current := mustManifest(f, `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"],
		"permissions": [{"permission": "fetch:cdn.example.net", "reason": "r"}]}`)
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := finding.NewLines(src)
		last := lines.Position(len(src))
		for _, mode := range []Mode{Stylesheet, Script} {
			res := Check(src, "style.css", current, mode)
			for _, fd := range res.Findings {
				if _, ok := finding.Lookup(fd.Rule); !ok {
					t.Fatalf("unknown rule %v", fd)
				}
				if fd.Start.Line < 1 || fd.Start.Line > last.Line {
					t.Fatalf("finding outside the input: %v", fd)
				}
			}
			if mode == Script && strings.Contains(strings.ToLower(string(src)), "url(") && !finding.HasErrors(res.Findings) {
				t.Fatalf("Script mode let url( through: %q", src)
			}
		}
		out, _, err := Sanitize(src, "style.css", m)
		if err != nil {
			t.Fatalf("Sanitize: %v", err)
		}
		if again := Check(out, "style.css", current, Stylesheet); finding.HasErrors(again.Findings) {
			t.Fatalf("sanitized sheet still refused: %v\nin:  %q\nout: %q", again.Findings, src, out)
		}
	})
}

// TestRealWorldSheetClean: a large framework sheet that loads nothing
// reads as loading nothing.
func TestRealWorldSheetClean(t *testing.T) {
	src := readRealWorld(t, "bulma-0.9.4.css")
	res := Check(src, "style.css", mustManifest(t, newsManifest), Stylesheet)
	if len(res.Loads) != 0 || len(res.Findings) != 0 {
		t.Errorf("bulma: %d loads, findings %v", len(res.Loads), res.Findings)
	}
	checkConcatenation(t, src)
}

func readRealWorld(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata/realworld", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// FuzzSecondPrefilter: secondMaySeeLoad reads as bytewiseMaySeeLoad does,
// and when it says the second reading can find nothing, the second reading
// indeed finds nothing, so skipping it never hides a load.
func FuzzSecondPrefilter(f *testing.F) {
	seeds(f)
	for _, s := range []string{"a{b:url(x)}", `a{b:\75rl(x)}`, "@IMPORT 'x';", "a{b:-webkit-image-set('x' 1x)}", "a{b:SrC('x')}", "a{color:red}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := secondMaySeeLoad(src), bytewiseMaySeeLoad(src); got != want {
			t.Fatalf("the prefilter says %v, the byte-by-byte reading %v", got, want)
		}
		if secondMaySeeLoad(src) {
			return
		}
		g := &guard{src: src, mode: Stylesheet}
		g.secondReading()
		if len(g.second) > 0 {
			t.Fatalf("prefilter skipped a sheet in which the second reading sees %+v", g.second)
		}
	})
}

// bytewiseMaySeeLoad is secondMaySeeLoad as it reads, one byte at a time:
// a backslash or NUL, or a load's name in any ASCII case.
func bytewiseMaySeeLoad(src []byte) bool {
	for i, c := range src {
		switch lower(c) {
		case '\\', 0:
			return true
		case 'u':
			if hasFoldPrefix(src[i:], "url(") {
				return true
			}
		case 's':
			if hasFoldPrefix(src[i:], "src(") {
				return true
			}
		case 'i':
			if hasFoldPrefix(src[i:], "image-set(") {
				return true
			}
		case '@':
			if hasFoldPrefix(src[i:], "@import") || hasFoldPrefix(src[i:], "@namespace") {
				return true
			}
		}
	}
	return false
}
