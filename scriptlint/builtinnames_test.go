package scriptlint

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

var updateBuiltinNames = flag.Bool("update-builtin-names", false, "rewrite builtinnames.txt from the engine (node)")

// TestBuiltinNamesCoverTheEngine holds builtinnames.txt to the engine:
// every member name node's built-ins have, walked from the closed world's
// globals (testdata/builtin-names.mjs), is in it. A newer engine with a
// new method fails the test until the list is rewritten
// (-update-builtin-names): fields.go takes a name it does not list for one
// no built-in has.
func TestBuiltinNamesCoverTheEngine(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to read the engine's built-in member names (CI installs it)")
	}
	var globals []string
	for _, g := range AllowedGlobals() {
		if g.Kind != KindGlobalObject { // (the global object's own names are the table's)
			globals = append(globals, g.Name)
		}
	}
	in, _ := json.Marshal(globals)
	cmd := exec.Command(node, "testdata/builtin-names.mjs")
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/builtin-names.mjs: %v", err)
	}
	engine := strings.Fields(string(out))
	if len(engine) < 300 {
		t.Fatalf("the engine gave %d names: the walk is broken", len(engine))
	}
	if *updateBuiltinNames {
		listed := map[string]bool{}
		for _, n := range strings.Fields(builtinNamesText) {
			listed[n] = true
		}
		for _, n := range engine {
			listed[n] = true
		}
		var all []string
		for n := range listed {
			all = append(all, n)
		}
		slices.Sort(all)
		if err := os.WriteFile("builtinnames.txt", []byte(strings.Join(all, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var missing []string
	for _, n := range engine {
		if !builtinMemberNames()[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d member names of the engine's built-ins are not in builtinnames.txt (rerun with -update-builtin-names): %s", len(missing), strings.Join(missing[:min(len(missing), 40)], " "))
	}
}
