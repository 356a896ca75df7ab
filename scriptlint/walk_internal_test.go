package scriptlint

import (
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

// TestWalkKnowsEveryNodeKind feeds one empty node of every kind esbuild
// has (the bridge's lists, which its own tests hold to esbuild's source)
// through both walks: none may fall to the "unknown node" case that
// refuses a file as not analysed.
func TestWalkKnowsEveryNodeKind(t *testing.T) {
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	for _, collecting := range []bool{true, false} {
		sp := newScriptPass(nil, m, nil)
		sp.res = &esb.Result{}
		sp.collecting = collecting
		for _, e := range esb.ExprKinds() {
			sp.expr(esb.Expr{Data: e}, useValue)
		}
		for _, s := range esb.StmtKinds() {
			sp.stmt(esb.Stmt{Data: s})
		}
		for _, b := range esb.BindingKinds() {
			sp.binding(esb.Binding{Data: b})
		}
		if sp.unknownNode != "" {
			t.Errorf("collecting=%v: the walk has no case for %s", collecting, sp.unknownNode)
		}
	}
}
