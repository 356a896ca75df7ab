package scriptlint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

// TestReachCandidatesCoverReach holds the cheap test of reach.go to the
// analysis: on every script of the corpora (the evasion forms, the
// annotated cases, the over-blocking scripts, the real-world libraries),
// every name the analysis says may hold a reached value is a candidate,
// so the test never skips a name it should judge.
func TestReachCandidatesCoverReach(t *testing.T) {
	scripts := corpusScripts(t)
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	names, reached := 0, 0
	for _, src := range scripts {
		sp := newScriptPass(nil, m, []byte(src))
		sp.res = esb.ParseModule(src)
		if len(sp.res.Messages) > 0 {
			continue // (cases of syntax errors)
		}
		sp.run()
		for i := range sp.infos {
			info := &sp.infos[i]
			if info.sym == nil || info.sym.Kind == esb.SymbolUnbound {
				continue
			}
			names++
			if sp.symbolKinds(info, 0).may(kReach | kGlobal) {
				reached++
				if !sp.reachCandidate(info) {
					t.Errorf("%s may hold a reached value, and reachCandidate says it cannot, in:\n%s", info.sym.OriginalName, firstLines(src, 12))
				}
			}
		}
	}
	if reached == 0 {
		t.Fatal("no name of the corpora holds a reached value: the test tests nothing")
	}
	t.Logf("%d names, %d may hold a reached value, each a candidate", names, reached)
}

// corpusScripts are the scripts of the corpora: the evasion forms (with
// their preamble), the annotated cases, the over-blocking scripts, the
// real-world libraries, and the files of extra globs.
func corpusScripts(t *testing.T, extra ...string) []string {
	t.Helper()
	var scripts []string
	preamble := readFile(t, "testdata/evasion/preamble.js")
	for _, form := range strings.Split(readFile(t, "testdata/evasion/corpus.txt"), "\n=== ")[1:] {
		_, code, _ := strings.Cut(form, "\n")
		scripts = append(scripts, preamble+code)
	}
	cases, _ := filepath.Glob("testdata/cases/*.txtar")
	for _, file := range cases {
		if _, rest, ok := strings.Cut(readFile(t, file), "\n-- script.js --\n"); ok {
			code, _, _ := strings.Cut(rest, "\n-- ")
			scripts = append(scripts, code)
		}
	}
	for _, glob := range append([]string{"testdata/overblocking/*.js", "testdata/realworld/*.js"}, extra...) {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			scripts = append(scripts, readFile(t, file))
		}
	}
	return scripts
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
