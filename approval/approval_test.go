package approval

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/store"
)

const manifestJSON = `{"name": "Hide promoted posts", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": []}`

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
	var r *decision.Refusal
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
