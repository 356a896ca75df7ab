package scriptlint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/manifest"
)

// analyseForTest runs the script analyzer's whole pass over src.
func analyseForTest(t *testing.T, src string) *scriptPass {
	t.Helper()
	m, err := manifest.Parse([]byte(`{"name": "Case", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`))
	if err != nil {
		t.Fatal(err)
	}
	sp := newScriptPass(nil, m, []byte(src))
	sp.analyse()
	return sp
}

// TestMethodGuessWalkedAgain holds collect to its promise: when the names
// guessed closed do not hold (here a dispatcher is given "m" for its key),
// the module is walked again guessing only the names no key may be, and
// what was reported before the walk (an invisible character) is reported
// once, not once a walk.
func TestMethodGuessWalkedAgain(t *testing.T) {
	src := "const note = \"a\"; // a\u200bb\n" +
		"class B {\n" +
		"  run(name, arg) { return this[name](arg); }\n" +
		"  m(k) { const g = (function () {})[k]; if (g) g(\"return 1\"); }\n" +
		"}\n" +
		"const b = new B();\n" +
		"b.m(1);\n" +
		"b.run(\"m\", \"constructor\");\n" +
		"rmx.log(note);\n"
	sp := analyseForTest(t, src)
	if sp.methodGuess == nil || !sp.methodsHeld {
		t.Fatalf("the module was not walked again under a guess that held (guess %v, held %v)", sp.methodGuess, sp.methodsHeld)
	}
	if sp.closedMethods["m"] || sp.closedMethods["run"] {
		t.Errorf("closed methods %v: m is called by a key its dispatcher is given, run by a key it is given itself", sp.closedMethods)
	}
	counts := map[string]int{}
	for _, f := range sp.findings {
		counts[f.Rule]++
	}
	if counts[RuleInvisibleCharacter.ID] != 1 {
		t.Errorf("%d invisible-character findings, want 1: %v", counts[RuleInvisibleCharacter.ID], sp.findings)
	}
	if counts[RuleConstructorRead.ID] == 0 {
		t.Errorf("the dispatched call's key reaches Function and is not refused: %v", sp.findings)
	}
}

// TestMethodGuessHolds: a heap's indices, keys of its own methods'
// parameters, let its methods be followed in one walk.
func TestMethodGuessHolds(t *testing.T) {
	src := `class Heap {
  constructor() { this.data = []; }
  push(item) { this.data.push(item); this.up(this.data.length - 1); }
  up(pos) {
    const { data } = this;
    const item = data[pos];
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (data[parent] <= item) break;
      data[pos] = data[parent];
      pos = parent;
    }
    data[pos] = item;
  }
}
const h = new Heap();
for (const n of [5, 1, 3]) h.push(n);
rmx.log(h.data.join(","));
`
	sp := analyseForTest(t, src)
	if sp.methodGuess != nil {
		t.Errorf("walked again with guess %v", sp.methodGuess)
	}
	if !sp.closedMethods["up"] {
		t.Errorf("closed methods %v: up is only called by name, with numbers", sp.closedMethods)
	}
	for _, f := range sp.findings {
		t.Errorf("unexpected finding: %v", f)
	}
}

// TestMethodKeysPastTheBudget: a module of many methods and many keys
// with unknown parts stops matching them past maxMethodGlobWork and takes
// every method as open (sound), rather than matching every key against
// every name.
func TestMethodKeysPastTheBudget(t *testing.T) {
	var b strings.Builder
	const methods, keys = 1100, 1000
	b.WriteString("class C {\n")
	for i := range methods {
		fmt.Fprintf(&b, "  m%d(k) { return k + 1; }\n", i)
	}
	b.WriteString("}\nconst o = new C();\nconst s = String(await rmx.storage.get(\"k\"));\nconst out = [];\n")
	for i := range methods {
		fmt.Fprintf(&b, "out.push(o.m%d(%d));\n", i, i)
	}
	for i := range keys {
		fmt.Fprintf(&b, "out.push(typeof o[\"z%d\" + s]);\n", i)
	}
	b.WriteString("rmx.log(out.length);\n")
	sp := analyseForTest(t, b.String())
	if sp.methodGlobWork <= maxMethodGlobWork {
		t.Fatalf("the keys cost %d matches, not past the budget of %d: the test no longer tries it", sp.methodGlobWork, maxMethodGlobWork)
	}
	if len(sp.closedMethods) != 0 {
		t.Errorf("%d methods closed past the budget, want none", len(sp.closedMethods))
	}
	if sp.methodGlobWork > maxMethodGlobWork+methods {
		t.Errorf("the keys cost %d matches past the budget of %d", sp.methodGlobWork, maxMethodGlobWork)
	}
}
