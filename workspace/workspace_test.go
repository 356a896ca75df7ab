package workspace_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/analysis"
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

// TestSourceFolder: a folder with a src folder is a source folder: it is
// built in memory and checked as built, with findings on the source files;
// the config's policy holds for what the build brings in (a load in an
// @imported stylesheet, a raised rule in a module), and suppressions are
// read from the modules, where the comments are.
func TestSourceFolder(t *testing.T) {
	root := t.TempDir()
	casetest.WriteTree(t, root, map[string]string{
		".git/HEAD": "",
		"remixlet.config.json": `{"rules": {"js/value-selector": "error"},
			"policy": {"deniedHosts": ["img.example.com"]}}`,
		"r/manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*", "https://img.example.com/*"]}`,
		"r/src/main.ts":   "import { paint } from \"./paint\";\nawait paint();\n",
		"r/src/paint.ts": "export async function paint(): Promise<void> {\n" +
			"  const box = await dom.query(\"#box\");\n" +
			"  // remixlet-ignore-next-line js/dynamic-html -- the text is our own\n" +
			"  box.innerHTML = String(Date.now());\n" +
			"  box.innerHTML = String(Math.random());\n" +
			"  await dom.query('input[value=\"a\"]');\n" +
			"}\n",
		"r/style.css":          "@import \"./parts/bg.css\";\n",
		"r/parts/bg.css":       ".a { color: red; }\n.b { background: url(\"https://img.example.com/b.png\"); }\n",
		"stored/manifest.json": manifest,
		"stored/script.js": "const box = await dom.query(\"#box\");\n" +
			"// remixlet-ignore-next-line js/dynamic-html -- ours\n" +
			"box.innerHTML = String(Date.now());\n" +
			"box.innerHTML = String(Math.random());\n",
	})
	run, err := workspace.Lint(workspace.Options{Paths: []string{"."}, WorkDir: root, MaxWarnings: -1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range run.Results {
		if r.Err != nil {
			t.Fatalf("%s could not be checked: %v", r.Dir, r.Err)
		}
		for _, f := range r.Findings {
			got = append(got, fmt.Sprintf("%s/%s:%d:%d %s %s", r.Dir, f.File, f.Start.Line, f.Start.Column, f.Severity, f.Rule))
		}
	}
	want := []string{
		"r/manifest.json:1:73 error config/denied-host",
		"r/parts/bg.css:2:18 error config/denied-host",
		"r/src/paint.ts:5:19 warning js/dynamic-html",
		"r/src/paint.ts:6:19 error js/value-selector",
		"stored/script.js:4:17 warning js/dynamic-html",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if run.Suppressed != 2 {
		t.Errorf("%d warnings suppressed inline, want 2 (one in src/paint.ts, one in script.js)", run.Suppressed)
	}
}

// TestStreamInOrder: the remixlets are checked in parallel, and the sink
// gets every result in the order the paths name them (folders found below
// a path in name order), each once, with what Lint returns for it: slow
// ones (a large script, a source folder to build) do not let later, quick
// ones overtake them. A baseline and per-config limits count the same.
func TestStreamInOrder(t *testing.T) {
	root := t.TempDir()
	big := strings.Repeat("const box = await dom.query(\"#box\");\nbox.innerHTML = a;\n", 4000)
	tree := map[string]string{".git/HEAD": "", "slow/remixlet.config.json": `{"maxWarnings": 100000}`}
	var want []string
	for i := range 40 {
		dir := fmt.Sprintf("r%02d", i)
		switch {
		case i%7 == 0:
			dir = "slow/" + dir
			tree[dir+"/manifest.json"] = manifest
			tree[dir+"/script.js"] = big
		case i%11 == 5:
			tree[dir+"/manifest.json"] = manifest
			tree[dir+"/src/main.ts"] = twoWarns
		default:
			tree[dir+"/manifest.json"] = manifest
			tree[dir+"/script.js"] = twoWarns
		}
		want = append(want, dir)
	}
	casetest.WriteTree(t, root, tree)
	slices.Sort(want)
	want = append([]string{"missing"}, want...)
	paths := []string{"missing", "."}
	lint, err := workspace.Lint(workspace.Options{Paths: paths, WorkDir: root, MaxWarnings: 10})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	i := 0
	run, err := workspace.Stream(workspace.Options{Paths: paths, WorkDir: root, MaxWarnings: 10}, workspace.Sink{
		Result: func(r *analysis.Result) error {
			got = append(got, r.Dir)
			if diff := cmp.Diff(lint.Results[i].Findings, r.Findings); diff != "" {
				t.Errorf("%s: Stream's findings differ from Lint's:\n%s", r.Dir, diff)
			}
			i++
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if run.Warnings != lint.Warnings || run.Warnings < 40 || !cmp.Equal(run.Limits, lint.Limits) || !run.CouldNotCheck() || !run.Refused() {
		t.Errorf("stream: %d warnings, limits %+v; lint: %d, %+v", run.Warnings, run.Limits, lint.Warnings, lint.Limits)
	}
}

// TestStreamStops: an error from the sink (an output that cannot be
// written) ends the run with that error.
func TestStreamStops(t *testing.T) {
	root := t.TempDir()
	tree := map[string]string{".git/HEAD": ""}
	for i := range 20 {
		tree[fmt.Sprintf("r%02d/manifest.json", i)] = manifest
	}
	casetest.WriteTree(t, root, tree)
	full := errors.New("disk full")
	n := 0
	_, err := workspace.Stream(workspace.Options{Paths: []string{"."}, WorkDir: root, MaxWarnings: -1}, workspace.Sink{
		Result: func(r *analysis.Result) error {
			n++
			if n == 3 {
				return full
			}
			return nil
		},
	})
	if !errors.Is(err, full) || n != 3 {
		t.Errorf("err %v after %d results, want the sink's error after 3", err, n)
	}
}

// TestDisjoint: a run is disjoint (no two results can report on the same
// file) when every remixlet is stored and none lies inside another.
func TestDisjoint(t *testing.T) {
	for name, tc := range map[string]struct {
		tree map[string]string
		want bool
	}{
		"stored":  {map[string]string{"a/manifest.json": manifest, "a-b/manifest.json": manifest, "b/manifest.json": manifest}, true},
		"nested":  {map[string]string{"a/manifest.json": manifest, "a-b/manifest.json": manifest, "a/b/manifest.json": manifest}, false},
		"sources": {map[string]string{"a/manifest.json": manifest, "s/manifest.json": manifest, "s/src/main.ts": twoWarns}, false},
	} {
		root := t.TempDir()
		tc.tree[".git/HEAD"] = ""
		casetest.WriteTree(t, root, tc.tree)
		var paths []string
		for p := range tc.tree {
			if dir, ok := strings.CutSuffix(p, "/manifest.json"); ok {
				paths = append(paths, dir)
			}
		}
		var got *workspace.Head
		_, err := workspace.Stream(workspace.Options{Paths: paths, WorkDir: root, MaxWarnings: -1}, workspace.Sink{
			Begin:  func(h workspace.Head) error { got = &h; return nil },
			Result: func(*analysis.Result) error { return nil },
		})
		if err != nil {
			t.Fatal(err)
		}
		if got == nil || got.Disjoint != tc.want {
			t.Errorf("%s: head %+v, want disjoint %v", name, got, tc.want)
		}
	}
}

// A remixlet.config.json or the baseline given as a path (a hook passes
// the files a commit changes) stands for every remixlet under its folder.
func TestPolicyFilesStandForTheirRemixlets(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		".git/HEAD":                 "ref: refs/heads/main\n",
		"remixlet.config.json":      `{"policy": {"deniedPermissions": ["clipboard"]}}`,
		"team/remixlet.config.json": `{}`,
		"team/a/manifest.json":      `{"name": "a", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"team/b/manifest.json":      `{"name": "b", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"other/c/manifest.json":     `{"name": "c", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"remixlet-baseline.json":    `{"version": 1, "warnings": []}`,
	})
	dirs := func(run *workspace.Run) []string {
		var out []string
		for _, r := range run.Results {
			out = append(out, r.Dir)
		}
		return out
	}
	for _, tc := range []struct {
		opts workspace.Options
		want []string
	}{
		{workspace.Options{Paths: []string{"team/remixlet.config.json"}}, []string{"team/a", "team/b"}},
		{workspace.Options{Paths: []string{"remixlet.config.json"}}, []string{"other/c", "team/a", "team/b"}},
		{workspace.Options{Paths: []string{"remixlet-baseline.json"}, Baseline: "remixlet-baseline.json"}, []string{"other/c", "team/a", "team/b"}},
		{workspace.Options{Paths: []string{"remixlet-baseline.json"}, AllowEmpty: true}, nil}, // not the baseline here: a file in no remixlet
	} {
		tc.opts.WorkDir, tc.opts.MaxWarnings = dir, -1
		run, err := workspace.Lint(tc.opts)
		if err != nil {
			t.Fatalf("%v: %v", tc.opts.Paths, err)
		}
		got := dirs(run)
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v (baseline %q): linted %v, want %v", tc.opts.Paths, tc.opts.Baseline, got, tc.want)
		}
	}
}
