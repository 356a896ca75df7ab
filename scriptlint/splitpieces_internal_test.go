package scriptlint

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

// TestSplitPiecesCoverTheEngine holds splitPieces to the engine: for each
// text and separator, every element node's split gives is among what the
// sinks' walk says a for … of over that split may take (undefined
// included, which the walk lets through as no text).
func TestSplitPiecesCoverTheEngine(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to run split in the engine (CI installs it)")
	}
	texts := []string{"dd MMM yyyy HH:mm", "a,b,,c", "key glpat-Xq8vR2mKp4LwN7tYz9bC x", "", "aaa", "x1y22z333", ",,", "a;b,c"}
	seps := []string{`","`, `" "`, `/(\w+)/`, `/(,)|(;)/`, `/\s+/`, `/(a)?b/`, `/(?:)/`, `"ab"`, `/(\d)(\d)?/`, `",", 2`, `/,/, 1`, `/(z)/y`}
	var js strings.Builder
	type trial struct{ text, sep string }
	var trials []trial
	for _, text := range texts {
		for _, sep := range seps {
			trials = append(trials, trial{text, sep})
			fmt.Fprintf(&js, "console.log(JSON.stringify(%q.split(%s)));\n", text, sep)
		}
	}
	out, err := exec.Command(node, "-e", js.String()).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(trials) {
		t.Fatalf("node printed %d lines for %d trials", len(lines), len(trials))
	}
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	read := 0
	for i, tr := range trials {
		var pieces []*string
		if err := json.Unmarshal([]byte(lines[i]), &pieces); err != nil {
			t.Fatal(err)
		}
		src := fmt.Sprintf("const t = %q;\nfor (const x of t.split(%s)) rmx.log(x);\n", tr.text, tr.sep)
		sp := newScriptPass(nil, m, []byte(src))
		sp.res = esb.ParseModule(src)
		sp.run()
		var x esb.Expr
		for j, info := range sp.infoAt {
			if info != nil && info.sym != nil && info.sym.OriginalName == "x" {
				x = esb.Expr{Data: &esb.EIdentifier{Ref: esb.Ref{InnerIndex: uint32(j)}}}
			}
		}
		vals, ok := sp.mayHoldStrings(x)
		if !ok {
			continue // not read: the sinks refuse it (sound)
		}
		read++
		may := map[string]bool{}
		for _, v := range vals {
			if v.known && v.isStr {
				may[v.s] = true
			}
		}
		for _, p := range pieces {
			if p != nil && !may[*p] {
				t.Errorf("%q.split(%s) gives %q in the engine, which the walk does not list (%d values)", tr.text, tr.sep, *p, len(vals))
			}
		}
	}
	if read < len(trials)/2 {
		t.Errorf("the walk read %d of %d splits: the test tests little", read, len(trials))
	}
}

// TestSplitPiecesAreBounded: the elements a callback is given are listed
// once, up front (collectParams), so a receiver that may hold many texts,
// each split by a regular expression into every substring, is listed only
// up to maxSplitPieces pieces; past that the parameter holds what the
// walk cannot read, and the leak rule refuses it.
func TestSplitPiecesAreBounded(t *testing.T) {
	param := func(src string) *heldParam {
		m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
		sp := newScriptPass(nil, m, []byte(src))
		sp.res = esb.ParseModule(src)
		sp.run()
		for _, info := range sp.infoAt {
			if info != nil && info.sym != nil && info.sym.OriginalName == "token" {
				return sp.paramOf(info)
			}
		}
		t.Fatal("no token")
		return nil
	}
	const show = "function show(s) { s.split(/ /).forEach((token) => rmx.log(token)); }\n"
	var many strings.Builder
	many.WriteString(show)
	for i := range 8 {
		fmt.Fprintf(&many, "show(%q);\n", strings.Repeat(fmt.Sprintf("w%d ", i), 21)) // 63 bytes: 2,016 substrings each
	}
	if p := param(many.String()); p == nil || !p.unknown || len(p.over) > maxSplitPieces {
		t.Errorf("eight texts of 2,016 substrings each: want at most %d pieces listed and the rest unknown, got %+v", maxSplitPieces, p != nil && p.unknown)
	}
	if p := param(show + `show("dd MMM");` + "\n"); p == nil || p.unknown || len(p.over) != 23 {
		t.Errorf("one short text split by a regular expression: want its 21 substrings, \"\" and undefined read, got %v", p)
	}
}
