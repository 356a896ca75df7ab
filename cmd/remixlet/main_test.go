package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run executes a command line the way main does and returns its exit
// status and outputs.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := execute(args, streams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	return code, out.String(), errOut.String()
}

func TestLintExitStatus(t *testing.T) {
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "manifest.json"), []byte(`{"name": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	noManifest := t.TempDir()
	if err := os.WriteFile(filepath.Join(noManifest, "style.css"), []byte("body { color: red; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string // substring of stdout
		err  string // substring of stderr
	}{
		{"clean example", []string{"lint", "../../testdata/examples/hide-promoted"}, 0, "1 remixlet checked: 0 errors, 0 warnings", ""},
		{"all examples", []string{"lint", "../../testdata/examples/hide-promoted", "../../testdata/examples/reading-mode", "../../testdata/examples/block-trackers"}, 0, "3 remixlets checked", ""},
		{"refused", []string{"lint", bad}, 1, "manifest/missing-key", ""},
		{"a remixlet's files without a manifest", []string{"lint", noManifest}, 1, "package/missing-manifest: the folder has no manifest.json", ""},
		{"refused and clean", []string{"lint", "../../testdata/examples/hide-promoted", bad}, 1, "(1 of 2 refused)", ""},
		{"missing folder", []string{"lint", filepath.Join(bad, "nope")}, 2, "nope: could not check: " + filepath.Join(bad, "nope") + " does not exist", ""},
		{"unknown flag", []string{"lint", "--nope", bad}, 2, "", "unknown flag"},
		{"mistyped flag", []string{"lint", "--formt", "json", bad}, 2, "", "unknown flag: --formt (did you mean \"--format\"?)\nrun 'remixlet lint --help' for usage"},
		{"mistyped flag of another command", []string{"build", "--minfy", bad, bad}, 2, "", `unknown flag: --minfy (did you mean "--minify"?)`},
		{"unknown format", []string{"lint", "-f", "xml", bad}, 2, "", `unknown format "xml"`},
		{"two formats to stdout", []string{"lint", "-f", "json", "-f", "text", bad}, 2, "", "more than one format"},
		{"unknown command", []string{"frobnicate"}, 2, "", "unknown command"},
		{"explain one", []string{"explain", "package/link"}, 0, "Do instead: Replace the link", ""},
		{"explain unknown", []string{"explain", "package/nope"}, 2, "", `no rule "package/nope"`},
		{"explain the closed world", []string{"explain", "js/unknown-global"}, 0, "structuredClone", ""},
		{"explain what to use instead", []string{"explain", "js/replaced-global"}, 0, "WebAssembly compiles bytes", ""},
		{"explain the dangerous values", []string{"explain", "js/eval"}, 0, "setTimeout, setInterval", ""},
		{"explain all", []string{"explain"}, 0, "manifest/duplicate-key", ""},
		{"schema", []string{"schema", "manifest"}, 0, `"$schema": "https://json-schema.org/draft/2020-12/schema"`, ""},
		{"schema unknown", []string{"schema", "nope"}, 2, "", `no schema "nope"`},
		{"version", []string{"version"}, 0, "remixlet API: 1.0.0 to 1.0.2", ""},
		{"completion", []string{"completion", "bash"}, 0, "bash completion", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant stdout containing %q, stderr containing %q", code, tc.code, out, errOut, tc.out, tc.err)
			}
		})
	}
}

// lint with no path checks the current folder, as ESLint and
// golangci-lint do.
func TestLintNoPathIsTheCurrentFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, out, _ := run(t, "lint"); code != 2 || !strings.Contains(out, ".: could not check: . holds no remixlet") {
		t.Errorf("an empty folder: exit %d, %s", code, out)
	}
	if err := os.MkdirAll("r", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("r/manifest.json", []byte(`{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "colour": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run(t, "lint"); code != 1 || !strings.Contains(out, "r/manifest.json:1:") || !strings.Contains(out, "1 remixlet checked: 1 error") {
		t.Errorf("a folder with a remixlet: exit %d, %s", code, out)
	}
}

// Several formats in one run: each file gets its own format.
func TestLintSeveralFormats(t *testing.T) {
	dir := t.TempDir()
	sarif, js := filepath.Join(dir, "out.sarif"), filepath.Join(dir, "out.json")
	code, out, _ := run(t, "lint", "-f", "sarif="+sarif, "--format", "json="+js, "-f", "github", "../../testdata/examples/hide-promoted")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q (github format with no findings prints nothing)", code, out)
	}
	for path, want := range map[string]string{sarif: `"version": "2.1.0"`, js: `"remixlets": [`} {
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s: %v, want it to contain %q", path, err, want)
		}
	}
}

// The help the rule table prints from: explain's --help lists every rule.
func TestExplainHelpListsRules(t *testing.T) {
	_, out, _ := run(t, "explain", "--help")
	for _, id := range []string{"package/link", "manifest/permission-host"} {
		if !strings.Contains(out, id) {
			t.Errorf("explain --help does not list %s", id)
		}
	}
}

// lint --stdin --stdin-filename PATH lints the remixlet of PATH with
// standard input as that file's bytes (an editor's unsaved buffer), and
// names the file as PATH.
func TestLintStdin(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("r", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"r/manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"r/script.js":     "rmx.log('on disk, clean');\n",
	} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdin := func(in string, args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := execute(args, streams{In: strings.NewReader(in), Out: &out, ErrOut: &errOut})
		return code, out.String(), errOut.String()
	}
	code, out, _ := stdin("eval(code);\n", "lint", "--stdin", "--stdin-filename", "r/script.js")
	if code != 1 || !strings.Contains(out, "r/script.js:1:1: error js/eval") || !strings.Contains(out, "    eval(code);") {
		t.Errorf("a buffer with eval: exit %d\n%s", code, out)
	}
	if code, out, _ := stdin("rmx.log('clean');\n", "lint", "--stdin", "--stdin-filename", "r/script.js"); code != 0 {
		t.Errorf("a clean buffer: exit %d\n%s", code, out)
	}
	// A file not on disk yet stands in its folder.
	if code, out, _ := stdin("body { background: url(https://elsewhere.example/x.png); }\n", "lint", "--stdin", "--stdin-filename", "r/style.css"); code != 1 || !strings.Contains(out, "r/style.css:1:") {
		t.Errorf("a new stylesheet: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"lint", "--stdin"}, "--stdin needs --stdin-filename PATH"},
		{[]string{"lint", "--stdin-filename", "r/script.js"}, "give --stdin too"},
		{[]string{"lint", "--stdin", "--stdin-filename", "r/script.js", "r"}, "give no other PATH"},
	} {
		if code, _, errOut := stdin("", tc.args...); code != 2 || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d, %s", tc.args, code, errOut)
		}
	}
}
