package workspace_test

import (
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/workspace"
)

const (
	manifest = `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`
	twoWarns = "const box = await dom.query(\"#box\");\nbox.innerHTML = a;\nbox.innerHTML = b;\n"
)

// TestLimitsPerConfig: a config's maxWarnings counts the warnings of the
// remixlets under it only; --max-warnings counts them all.
func TestLimitsPerConfig(t *testing.T) {
	root := t.TempDir()
	casetest.WriteTree(t, root, map[string]string{
		".git/HEAD":                    "",
		"strict/remixlet.config.json":  `{"maxWarnings": 1}`,
		"strict/a/manifest.json":       manifest,
		"strict/a/script.js":           twoWarns,
		"lenient/b/manifest.json":      manifest,
		"lenient/b/script.js":          twoWarns,
		"lenient/remixlet.config.json": `{"maxWarnings": 5}`,
	})
	run, err := workspace.Lint(workspace.Options{Paths: []string{"."}, WorkDir: root, MaxWarnings: 3})
	if err != nil {
		t.Fatal(err)
	}
	if run.Warnings != 4 || len(run.Limits) != 3 {
		t.Fatalf("warnings %d, limits %+v", run.Warnings, run.Limits)
	}
	want := map[string][2]int{ // from → max, warnings counted
		"--max-warnings": {3, 4},
		"maxWarnings in strict/remixlet.config.json:1":  {1, 2},
		"maxWarnings in lenient/remixlet.config.json:1": {5, 2},
	}
	for _, l := range run.Limits {
		w, ok := want[l.From]
		if !ok || l.Max != w[0] || l.Warnings != w[1] {
			t.Errorf("limit %+v, want %v", l, w)
		}
	}
	if !run.Refused() {
		t.Errorf("two limits are exceeded, the run is not refused")
	}
}

// TestBrokenConfigRefuses: a config that is not JSON applies nothing and
// refuses the run; the remixlets are still checked.
func TestBrokenConfigRefuses(t *testing.T) {
	root := t.TempDir()
	casetest.WriteTree(t, root, map[string]string{
		".git/HEAD":            "",
		"remixlet.config.json": `{"policy": {"deniedPermissions": ["clipboard"],}}`,
		"a/manifest.json":      manifest,
	})
	run, err := workspace.Lint(workspace.Options{Paths: []string{"a"}, WorkDir: root, MaxWarnings: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Configs) != 1 || len(run.Configs[0].Findings) != 1 || run.Configs[0].Findings[0].Rule != "config/syntax" || !run.Refused() {
		t.Fatalf("configs %+v", run.Configs)
	}
	if len(run.Results) != 1 || run.Results[0].Err != nil || len(run.Results[0].Findings) != 0 {
		t.Errorf("results %+v", run.Results)
	}
}
