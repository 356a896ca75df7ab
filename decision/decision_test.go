package decision

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
)

const manifestJSON = `{"name": "Hide promoted posts", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": []}`

// inMemory builds a package from files in memory, as the WebAssembly build
// holds them.
func inMemory(label, script string) *analysis.Package {
	return analysis.LoadFiles(label, map[string][]byte{"manifest.json": []byte(manifestJSON), "script.js": []byte(script)})
}

func decide(t *testing.T, running *analysis.Package, script string) *Decision {
	t.Helper()
	d, err := Make(Request{Running: running, New: inMemory("new", script), ChatSite: "https://news.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The decision never says "activate" for files lint refuses: not for a new
// remixlet, not for a change of code whose reach and permissions are the
// running version's.
func TestDecideRunsLintsChecks(t *testing.T) {
	clean := "rmx.keep(() => dom.queryAll('.promoted'))\n"
	for _, running := range []*analysis.Package{nil, inMemory("running", clean)} {
		d := decide(t, running, clean)
		if d.Outcome() != activation.Activate || len(d.Refused) != 0 || d.Refusal() != nil {
			t.Fatalf("clean files: %v %v", d.Outcome(), d.Refused)
		}
		for _, script := range []string{
			"eval(location.hash)\n",
			`eval(await (await dom.query("div")).text());` + "\n",
		} {
			d = decide(t, running, script)
			if d.Outcome() != activation.Refuse || len(d.Refused) == 0 || d.Refused[0].Rule != "js/eval" {
				t.Fatalf("%q: %v %v", script, d.Outcome(), d.Refused)
			}
			if d.Activation.Reasons[0].Rule != RuleRefused.ID {
				t.Errorf("the refusal's reason is %v", d.Activation.Reasons)
			}
			if r := d.Refusal(); r == nil || r.Findings[0].Rule != "js/eval" {
				t.Errorf("Refusal() = %v", r)
			}
			var text, json strings.Builder
			if err := d.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.String(), "Decision: refuse (exit 1)") || !strings.Contains(text.String(), "new/script.js:1:1: error js/eval") {
				t.Errorf("text:\n%s", text.String())
			}
			if err := d.WriteJSON(&json); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(json.String(), `"decision": "refuse"`) || !strings.Contains(json.String(), `"rule": "js/eval"`) {
				t.Errorf("json:\n%s", json.String())
			}
		}
	}
}

// A running version the loader refuses has no digest: no decision is made
// against it, and the error says which version.
func TestRunningRefused(t *testing.T) {
	running := analysis.LoadFiles("old", map[string][]byte{"manifest.json": []byte(manifestJSON), "notes.txt": []byte("x")})
	_, err := Make(Request{Running: running, New: inMemory("new", "rmx.keep(() => true)\n")})
	var refused *RunningRefusedError
	if !errors.As(err, &refused) || !strings.HasPrefix(err.Error(), "the running version: old holds what the stored form does not allow") {
		t.Fatalf("err = %v", err)
	}
}

// The decision builds for WebAssembly without the store and bbolt.
func TestPureForWebAssembly(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list for js/wasm: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "bbolt") || strings.HasSuffix(dep, "/remixlet/store") || strings.HasSuffix(dep, "/remixlet/approval") {
			t.Errorf("the WebAssembly build of decision imports %s", dep)
		}
	}
}
