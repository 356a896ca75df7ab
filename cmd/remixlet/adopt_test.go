package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
)

// repo writes files into a fresh folder made a git repository's root, and
// makes it the working folder.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files[".git/HEAD"] = "ref: refs/heads/main\n"
	casetest.WriteTree(t, root, files)
	t.Chdir(root)
	return root
}

const cleanManifest = `{"name": "Clean", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`

// warnScript draws one js/dynamic-html warning per line 2, 3, ...
func warnScript(n int) string {
	s := "const box = await dom.query(\"#box\"), userHTML = (await dom.query(\"#draft\")).html;\n"
	for range n {
		s += "box.innerHTML = userHTML;\n"
	}
	return s
}

func TestLintFindsRemixlets(t *testing.T) {
	repo(t, map[string]string{
		"README.md":                    "# our remixlets\n",
		"remixlets/.gitkeep":           "",
		"remixlets/README.md":          "notes\n",
		"remixlets/a/manifest.json":    cleanManifest,
		"remixlets/b/manifest.json":    `{"name": "x"}`,
		"remixlets/.old/manifest.json": `{}`,
		"node_modules/x/manifest.json": `{}`,
		"docs/notes.txt":               "",
	})
	var glob []string // as a shell expands remixlets/*: no hidden names
	all, _ := filepath.Glob("remixlets/*")
	for _, p := range all {
		if !strings.HasPrefix(filepath.Base(p), ".") {
			glob = append(glob, p)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
		err  string
	}{
		{"a glob with a README beside", append([]string{"lint"}, glob...), 1, "remixlets/b/manifest.json:1:1: error manifest/missing-key", ""},
		{"the repository", []string{"lint", "."}, 1, "2 remixlets checked: 2 errors, 0 warnings (1 of 2 refused)", ""},
		{"no remixlet in a folder", []string{"lint", "docs"}, 2, "docs: could not check: docs holds no remixlet: no folder in it has a manifest.json", ""},
		{"only files outside remixlets", []string{"lint", "README.md", "docs/notes.txt"}, 2, "", "no remixlet to check: none of the 2 files given lies in a remixlet folder"},
		{"allow empty", []string{"lint", "--allow-empty", "README.md", "docs"}, 0, "", "nothing to check"},
		{"files a commit touches", []string{"lint", "--allow-empty", "README.md", "remixlets/a/manifest.json"}, 0, "1 remixlet checked: 0 errors, 0 warnings", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant stdout containing %q, stderr containing %q", code, tc.code, out, errOut, tc.out, tc.err)
			}
			if strings.Contains(out, "remixlets/.old") || strings.Contains(out, "node_modules/x") || strings.Contains(out, "README.md:") {
				t.Errorf("a skipped folder or a plain file is reported:\n%s", out)
			}
		})
	}
}

// A folder that could not be checked is said once, and counted the same
// way by text and JSON.
func TestMissingFolderOnce(t *testing.T) {
	repo(t, map[string]string{"a/manifest.json": cleanManifest})
	code, out, errOut := run(t, "lint", "a", "gone")
	if code != 2 || strings.Count(out+errOut, "gone does not exist") != 1 || errOut != "" {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if !strings.Contains(out, "2 remixlets: 1 checked, 1 could not be checked: 0 errors, 0 warnings (1 of 2 refused)") {
		t.Errorf("summary:\n%s", out)
	}
	code, out, errOut = run(t, "lint", "-f", "json", "a", "gone")
	var doc struct {
		Remixlets []struct {
			Refused bool
			Error   string
		}
		Summary struct{ Remixlets, Refused, CouldNotCheck int }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if code != 2 || doc.Summary.Remixlets != 2 || doc.Summary.Refused != 1 || doc.Summary.CouldNotCheck != 1 || !doc.Remixlets[1].Refused || doc.Remixlets[0].Refused {
		t.Errorf("exit %d, %+v", code, doc)
	}
	if strings.Count(errOut, "gone does not exist") != 1 {
		t.Errorf("with JSON on standard output, standard error says it once: %q", errOut)
	}
}

func TestMaxWarningsAndQuiet(t *testing.T) {
	repo(t, map[string]string{
		"r/manifest.json": cleanManifest,
		"r/script.js":     warnScript(2),
	})
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"warnings do not refuse", []string{"lint", "r"}, 0, "1 remixlet checked: 0 errors, 2 warnings"},
		{"within the limit", []string{"lint", "--max-warnings", "2", "r"}, 0, "2 warnings"},
		{"over the limit", []string{"lint", "--max-warnings", "1", "r"}, 1, "too many warnings: 2 warnings, more than the 1 that --max-warnings allows"},
		{"quiet", []string{"lint", "-q", "r"}, 0, "0 errors, 2 warnings (not shown: --quiet)"},
		{"quiet still counts", []string{"lint", "--quiet", "--max-warnings", "0", "r"}, 1, "too many warnings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant %q", code, tc.code, out, errOut, tc.out)
			}
			if strings.Contains(strings.Join(tc.args, " "), "q") && strings.Contains(out, "warning js/dynamic-html") && strings.Contains(tc.name, "quiet") {
				t.Errorf("--quiet shows a warning:\n%s", out)
			}
		})
	}
	if code, _, errOut := run(t, "lint", "--max-warnings", "-3", "r"); code != 2 || !strings.Contains(errOut, "0 or more") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestColorAllowed(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	for _, tc := range []struct {
		mode     string
		terminal bool
		vars     map[string]string
		want     bool
	}{
		{"auto", true, nil, true},
		{"auto", false, nil, false},
		{"auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", true, map[string]string{"NO_COLOR": ""}, true},
		{"auto", true, map[string]string{"TERM": "dumb"}, false},
		{"auto", false, map[string]string{"FORCE_COLOR": "1"}, true},
		{"auto", false, map[string]string{"FORCE_COLOR": "0"}, false},
		{"auto", false, map[string]string{"FORCE_COLOR": ""}, false},
		{"auto", true, map[string]string{"FORCE_COLOR": "3", "NO_COLOR": "1"}, true},
		{"always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", true, map[string]string{"FORCE_COLOR": "1"}, false},
	} {
		if got := colorAllowed(tc.mode, tc.terminal, env(tc.vars)); got != tc.want {
			t.Errorf("--color %s, terminal %v, env %v: colour %v, want %v", tc.mode, tc.terminal, tc.vars, got, tc.want)
		}
	}
	// A buffer is no terminal: the tests' output has no colour.
	repo(t, map[string]string{"r/manifest.json": `{"name": "x"}`})
	if _, out, _ := run(t, "lint", "r"); strings.Contains(out, "\x1b[") {
		t.Errorf("colour to a buffer: %q", out)
	}
	if _, out, _ := run(t, "lint", "--color=always", "r"); !strings.Contains(out, "\x1b[") {
		t.Errorf("--color=always and no colour: %q", out)
	}
	t.Setenv("FORCE_COLOR", "1")
	if _, out, _ := run(t, "lint", "r"); !strings.Contains(out, "\x1b[") {
		t.Errorf("FORCE_COLOR=1 and no colour: %q", out)
	}
	if _, out, _ := run(t, "lint", "--color", "never", "r"); strings.Contains(out, "\x1b[") {
		t.Errorf("--color never and colour: %q", out)
	}
	if code, _, errOut := run(t, "lint", "--color", "allways", "r"); code != 2 || !strings.Contains(errOut, `--color takes auto, always or never, not "allways" (did you mean "always"?)`) {
		t.Errorf("--color allways: exit %d, %s", code, errOut)
	}
}

func TestConfigOnTheCommandLine(t *testing.T) {
	repo(t, map[string]string{
		"r/manifest.json":      `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "clipboard", "reason": "Copy."}]}`,
		"r/script.js":          "rmx.clipboard.write(\"x\");\n",
		"strict.json":          `{"policy": {"deniedPermissions": ["clipboard"]}}`,
		"broken.json":          "{\n  \"rules\": {\"js/eval\": \"off\"}\n}\n",
		"remixlet.config.json": `{"maxWarnings": 0}`,
	})
	code, out, _ := run(t, "lint", "r")
	if code != 0 {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "lint", "--config", "strict.json", "r")
	if code != 1 || !strings.Contains(out, `r/manifest.json:1:105: error config/denied-permission: "clipboard" is never allowed here (strict.json:1 denies "clipboard")`) {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "lint", "--config", "broken.json", "r")
	if code != 1 || !strings.Contains(out, `broken.json:2:24: error config/widens: js/eval is an error, and a config cannot lower it to "off"`) {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, _, errOut := run(t, "lint", "--config", "nope.json", "r")
	if code != 2 || !strings.Contains(errOut, "nope.json does not exist") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

func TestBaseline(t *testing.T) {
	root := repo(t, map[string]string{
		"remixlet.config.json": `{"maxWarnings": 0}`,
		"r/manifest.json":      cleanManifest,
		"r/script.js":          warnScript(2),
	})
	code, out, errOut := run(t, "lint", "r")
	if code != 1 || !strings.Contains(out, "more than the 0 that maxWarnings in remixlet.config.json:1 allows") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	code, base, errOut := run(t, "baseline", "r")
	if code != 0 || !strings.Contains(base, `"rule": "js/dynamic-html"`) || strings.Count(base, `"fingerprint"`) != 2 {
		t.Fatalf("exit %d\n%s%s", code, base, errOut)
	}
	if err := os.WriteFile(filepath.Join(root, "baseline.json"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, "lint", "--baseline", "baseline.json", "r")
	if code != 0 || !strings.Contains(out, "0 errors, 0 warnings; warnings not counted: 2 in the baseline") {
		t.Errorf("exit %d\n%s", code, out)
	}
	// Lines move: the baseline still matches. A new warning counts.
	if err := os.WriteFile(filepath.Join(root, "r/script.js"), []byte("// moved\n"+warnScript(3)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, "lint", "--baseline", "baseline.json", "r")
	if code != 1 || !strings.Contains(out, "0 errors, 1 warning; warnings not counted: 2 in the baseline") {
		t.Errorf("exit %d\n%s", code, out)
	}
	// Fixed warnings leave stale entries, reported.
	if err := os.WriteFile(filepath.Join(root, "r/script.js"), []byte(warnScript(1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, "lint", "--baseline", "baseline.json", "r")
	if code != 0 || !strings.Contains(out, "baseline.json: 1 entry no longer matches a warning") || !strings.Contains(out, "    r/script.js:3 js/dynamic-html") {
		t.Errorf("exit %d\n%s", code, out)
	}
	// Errors are never recorded.
	if err := os.WriteFile(filepath.Join(root, "r/script.js"), []byte("eval(code);\n"+warnScript(1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, base, errOut = run(t, "baseline", "r")
	if code != 1 || strings.Contains(base, "js/eval") || !strings.Contains(errOut, "1 errors are not recorded") && !strings.Contains(errOut, "errors are never baselined") {
		t.Errorf("exit %d\n%s\n%s", code, base, errOut)
	}
	// A broken baseline is refused with its line and column.
	if err := os.WriteFile(filepath.Join(root, "bad.json"), []byte("{\"version\": 1, \"warnings\": [{\"rule\": 3}]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, "lint", "--baseline", "bad.json", "r")
	if code != 2 || !strings.Contains(errOut, "bad.json:1:") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

func TestGitHubStepSummary(t *testing.T) {
	root := repo(t, map[string]string{"r/manifest.json": `{"name": "x"}`})
	summary := filepath.Join(root, "summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	code, out, _ := run(t, "lint", "-f", "github", "-f", "sarif=out.sarif", "r")
	if code != 1 || !strings.Contains(out, "::error file=r/manifest.json,line=1,col=1,title=manifest/missing-key::") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	data, err := os.ReadFile(summary)
	if err != nil || !strings.Contains(string(data), "| [`manifest/missing-key`](https://github.com/remixlet/remixlet/blob/main/docs/rules.md#manifest-missing-key) | error | 2 |") {
		t.Errorf("step summary: %v\n%s", err, data)
	}
}

func TestDidYouMean(t *testing.T) {
	repo(t, map[string]string{"r/manifest.json": cleanManifest})
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"lint", "-f", "sraif", "r"}, `unknown format "sraif": use text, json, sarif, github, agent (did you mean "sarif"?)`},
		{[]string{"explain", "css/remote-lode"}, `no rule "css/remote-lode" (did you mean "css/remote-load"?)`},
		{[]string{"schema", "manfest"}, `no schema "manfest" (did you mean "manifest"?)`},
	} {
		if code, _, errOut := run(t, tc.args...); code != 2 || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d\n%s", tc.args, code, errOut)
		}
	}
}

// TestPlainPathErrors: no command prints the operating system's wording
// of a missing path.
func TestPlainPathErrors(t *testing.T) {
	repo(t, map[string]string{})
	for _, args := range [][]string{{"digest", "nope"}, {"diff", "nope"}, {"netrules", "nope"}, {"lint", "nope"}, {"css", "nope.css"}} {
		code, out, errOut := run(t, args...)
		if code != 2 || strings.Contains(out+errOut, "no such file") || strings.Contains(out+errOut, "stat ") || !strings.Contains(out+errOut, "does not exist") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}

// TestBaselineUsesTheSARIFFingerprint: a baseline records each warning by
// the remixletFinding/v1 fingerprint SARIF carries for it.
func TestBaselineUsesTheSARIFFingerprint(t *testing.T) {
	root := repo(t, map[string]string{
		"r/manifest.json": cleanManifest,
		"r/script.js":     warnScript(3),
	})
	_, base, _ := run(t, "baseline", "r")
	run(t, "lint", "-f", "sarif=out.sarif", "r")
	data, err := os.ReadFile(filepath.Join(root, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var sarif struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	var b struct {
		Warnings []struct{ Fingerprint string } `json:"warnings"`
	}
	if err := json.Unmarshal(data, &sarif); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(base), &b); err != nil {
		t.Fatal(err)
	}
	if len(b.Warnings) != 3 || len(sarif.Runs[0].Results) != 3 {
		t.Fatalf("%d recorded, %d results", len(b.Warnings), len(sarif.Runs[0].Results))
	}
	for i, w := range b.Warnings {
		if got := sarif.Runs[0].Results[i].PartialFingerprints["remixletFinding/v1"]; got != w.Fingerprint {
			t.Errorf("warning %d: baseline %s, SARIF %s", i, w.Fingerprint, got)
		}
	}
}
