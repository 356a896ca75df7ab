package scriptlint

import (
	"slices"
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
	// The larger benchmark inputs too, when bench/fetch-js.sh has fetched
	// them (react-dom's production build reaches the budget).
	scripts := corpusScripts(t, "../bench/.cache/js/*.js")
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
