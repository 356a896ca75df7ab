package scriptlint

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

// TestKindsReplayRepeatsTheSolve holds the solver's replays (kindsMemo) to
// the solves they stand for: on every script of the corpora, each binding
// the solver would replay is solved again, and must give the same value,
// wait on the same binding and count the same work (checkKindsReplay
// panics otherwise), so that the replays change no answer and no point at
// which the budget is reached.
func TestKindsReplayRepeatsTheSolve(t *testing.T) {
	verifyKindsMemo = true
	defer func() { verifyKindsMemo = false }()
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
	// The larger benchmark inputs too, when bench/fetch-js.sh has fetched
	// them (react-dom's production build reaches the budget).
	for _, glob := range []string{"testdata/overblocking/*.js", "testdata/realworld/*.js", "../bench/.cache/js/*.js"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			scripts = append(scripts, readFile(t, file))
		}
	}
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	replays := 0
	for _, src := range scripts {
		sp := newScriptPass(nil, m, []byte(src))
		sp.res = esb.ParseModule(src)
		if !sp.res.OK || slices.ContainsFunc(sp.res.Messages, func(m esb.Message) bool { return m.Error }) {
			continue // (cases of syntax errors)
		}
		sp.run()
		replays += sp.kindsReplays
	}
	if replays == 0 {
		t.Fatal("no binding of the corpora was replayed: the test tests nothing")
	}
	t.Logf("%d replays, each the same as solving again", replays)
}
