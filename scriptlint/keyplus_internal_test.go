package scriptlint

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestNonTextPrimitivesNeverMakeAName holds kNonText to the engine: the
// text of every such primitive (numbers of every form, bigints, the
// booleans, null and undefined) starts with neither "c" nor "_" and ends
// with neither "r" nor "_", so joined to any text by + it makes neither
// constructor nor __proto__ (keyMayBeConstructor).
func TestNonTextPrimitivesNeverMakeAName(t *testing.T) {
	if kNonText != kNum|kBigInt|kBool|kNull|kUndef {
		t.Fatalf("kNonText is %v: this test tries numbers, bigints, booleans, null and undefined only", kNonText)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to turn the primitives into text in the engine (CI installs it)")
	}
	js := `const vs = [0, -0, 1, -1, 0.5, -0.5, 1e21, 1e-7, -1e-7, 123456789012345680000, 2 ** 53, Number.MAX_VALUE,
		Number.MIN_VALUE, Number.EPSILON, NaN, Infinity, -Infinity, 0n, -5n, 10n ** 30n, true, false, null, undefined];
	for (let i = 0; i < 2000; i++) vs.push(Math.random() * 10 ** (Math.floor(Math.random() * 60) - 30) * (i % 2 ? -1 : 1));
	const out = [];
	for (const v of vs) out.push("" + v, v + "", "x" + v + "y");
	console.log(JSON.stringify(out));`
	raw, err := exec.Command(node, "-e", js).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var texts []string
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatal(err)
	}
	if len(texts) < 3*2024 {
		t.Fatalf("node gave %d texts", len(texts))
	}
	for i := 0; i < len(texts); i += 3 {
		for _, s := range texts[i : i+2] {
			if s == "" || strings.ContainsAny(s[:1], "c_") || strings.ContainsAny(s[len(s)-1:], "r_") {
				t.Errorf("%q: a primitive's text that could start or end constructor or __proto__", s)
			}
		}
		if texts[i+2] != "x"+texts[i]+"y" {
			t.Errorf("%q: + does not join the texts as expected", texts[i+2])
		}
	}
}
