package scriptlint

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/sandboxapi"
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

// TestStringOnlyMethods holds stringOnlyMethods to the engine and the API:
// of every built-in object reachable from the closed world's globals
// (testdata/method-owners.mjs walks them in node), only String.prototype
// holds a function under each name, and no member of the sandbox's API has
// the name. methodResult and overwrittenOnEntry rely on it.
func TestStringOnlyMethods(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to read the engine's built-ins (CI installs it)")
	}
	var names, globals []string
	for n := range stringOnlyMethods {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, g := range AllowedGlobals() {
		globals = append(globals, g.Name)
	}
	in, _ := json.Marshal([][]string{names, globals})
	cmd := exec.Command(node, "testdata/method-owners.mjs")
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/method-owners.mjs: %v", err)
	}
	owned := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, owner, _ := strings.Cut(line, " ")
		if owner != "String.prototype" {
			t.Errorf("%s is a method of %s too, not only of String.prototype: take it off stringOnlyMethods", name, owner)
		}
		owned[name] = true
	}
	for _, n := range names {
		if !owned[n] {
			t.Errorf("String.prototype has no method %s in this engine: take it off stringOnlyMethods", n)
		}
		if stringMethodResult[n] == 0 {
			t.Errorf("stringMethodResult says nothing of what %s returns: methodResult would give it no value", n)
		}
	}
	for _, m := range sandboxapi.Members() {
		if stringOnlyMethods[m.Name()] {
			t.Errorf("the API's %s has the name of a string method: take %s off stringOnlyMethods", m.Path, m.Name())
		}
	}
}
