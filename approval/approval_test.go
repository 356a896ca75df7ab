package approval

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/store"
)

const manifestJSON = `{"name": "Hide promoted posts", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": []}`

// inMemory builds a package from files in memory, as the WebAssembly build
// holds them.
func inMemory(script string) *analysis.Package {
	return analysis.LoadFiles("new", map[string][]byte{"manifest.json": []byte(manifestJSON), "script.js": []byte(script)})
}

func decide(t *testing.T, script string) *Decision {
	t.Helper()
	c, err := Check("new", inMemory(script))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decide(Proposal{New: c, ChatSite: "https://news.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The decision over files in memory never says "activate" for files lint
// refuses.
func TestDecideRunsLintsChecks(t *testing.T) {
	d := decide(t, "rmx.keep(() => dom.queryAll('.promoted'))\n")
	if d.Outcome() != activation.Activate || len(d.Refused) != 0 {
		t.Fatalf("clean files: %v %v", d.Outcome(), d.Refused)
	}
	d = decide(t, "eval(location.hash)\n")
	if d.Outcome() != activation.Refuse || len(d.Refused) == 0 || !strings.HasPrefix(d.Refused[0].Rule, "js/") {
		t.Fatalf("files lint refuses: %v %v", d.Outcome(), d.Refused)
	}
	if d.Activation.Reasons[0].Rule != RuleRefused.ID {
		t.Errorf("the refusal's reason is %v", d.Activation.Reasons)
	}
	var text strings.Builder
	if err := d.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Decision: refuse (exit 1)") || !strings.Contains(text.String(), d.Refused[0].Rule) {
		t.Errorf("text:\n%s", text.String())
	}
}

// The pure part builds for WebAssembly without the store and bbolt.
func TestPureForWebAssembly(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list for js/wasm: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "bbolt") || strings.HasSuffix(dep, "/remixlet/store") {
			t.Errorf("the WebAssembly build of approval imports %s", dep)
		}
	}
	build := exec.Command("go", "build", "-o", os.DevNull, ".")
	build.Env = cmd.Env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for js/wasm: %v\n%s", err, out)
	}
}

func folder(t *testing.T, script string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "v")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"manifest.json": manifestJSON, "script.js": script} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFlow(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no store in the browser")
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	f := &Flow{Store: store.New(filepath.Join(t.TempDir(), "store"), store.Options{Now: func() time.Time { return now }})}
	dir := folder(t, "rmx.keep(() => true)\n")

	// A new remixlet without a chat site asks first.
	d, err := f.Decide(Request{Dir: dir, ID: "hide"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Outcome() != activation.Ask {
		t.Fatalf("outcome %v", d.Outcome())
	}
	var r *Refusal
	if _, err := f.Approve(d, false); !errors.As(err, &r) || r.Reason().Rule != RuleNotConfirmed.ID {
		t.Fatalf("unconfirmed: %v", err)
	}
	a, err := f.Approve(d, true)
	if err != nil || !store.IsToken(a.Token) {
		t.Fatalf("confirmed: %v", err)
	}
	v, err := f.Activate(dir, a.Token, "hide")
	if err != nil || v.Number != 1 {
		t.Fatalf("activate: %v %v", v, err)
	}

	// Files that change after approval to something lint refuses: the
	// findings, then the refusal; the approval is used up.
	d, err = f.Decide(Request{Dir: dir, ID: "hide", ChatSite: "https://news.example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	a, err = f.Approve(d, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "script.js"), []byte("eval(location.hash)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = f.Activate(dir, a.Token, "")
	if !errors.As(err, &r) || !strings.HasPrefix(r.Findings[0].Rule, "js/") || r.Reason().Rule != "approval/digest-mismatch" {
		t.Fatalf("activate changed files: %v", err)
	}

	// list, history, restore and delete.
	list, err := f.List()
	if err != nil || len(list) != 1 || list[0].ID != "hide" || list[0].Name != "Hide promoted posts" || list[0].Running != 1 {
		t.Fatalf("list: %+v %v", list, err)
	}
	h, err := f.History("hide")
	if err != nil || len(h) != 1 || !h[0].Running {
		t.Fatalf("history: %+v %v", h, err)
	}
	plan, err := f.PlanRestore("hide", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Restore(plan, false); !errors.As(err, &r) {
		t.Fatalf("unconfirmed restore: %v", err)
	}
	if v, err := f.Restore(plan, true); err != nil || v.Number != 2 || v.RestoredFrom != 1 {
		t.Fatalf("restore: %v %v", v, err)
	}
	if _, err := f.Delete("hide", false); !errors.As(err, &r) {
		t.Fatalf("unconfirmed delete: %v", err)
	}
	if n, err := f.Delete("hide", true); err != nil || n != 2 {
		t.Fatalf("delete: %d %v", n, err)
	}
	var none *ErrNoRemixlet
	if _, err := f.History("hide"); !errors.As(err, &none) || none.NoStore {
		t.Fatalf("history after delete: %v", err)
	}
	if _, err := f.PlanRestore("hide", 1); !errors.As(err, &none) {
		t.Fatalf("restore after delete: %v", err)
	}
}
