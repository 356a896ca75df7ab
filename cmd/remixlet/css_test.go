package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
)

func TestCSSCommand(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"legacy.json":   `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"]}`,
		"broken.json":   `{"name": "x"}`,
		"clean.css":     "a { background: url(https://news.example.com/a.png) }\n",
		"bad.css":       "a { color: red; background: url(https://evil.example/a.png) }\n@import 'x.css';\n",
		"inline.css":    "color: red; background: url(https://news.example.com/a.png)",
		"plain.css":     "color: red",
		"notutf8.css":   "a { content: \"\xff\" }",
	})
	alone := filepath.Join(dir, "alone")
	if err := os.Mkdir(alone, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"clean.css", "bad.css"} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		if err := os.WriteFile(filepath.Join(alone, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
		err  string
	}{
		{"clean", []string{"css", p("clean.css"), "--manifest", p("manifest.json")}, 0, "clean.css:1:17: allowed url\n    written:  url(https://news.example.com/a.png)", ""},
		{"refused", []string{"css", p("bad.css"), "--manifest", p("manifest.json")}, 1, "error css/remote-load", ""},
		{"import", []string{"css", p("bad.css"), "--manifest", p("manifest.json")}, 1, "bad.css:2:9: refused @import: error css/import", ""},
		{"no manifest refuses", []string{"css", p("alone/clean.css")}, 1, "no manifest to check", ""},
		{"the manifest beside", []string{"css", p("clean.css")}, 0, "(the manifest beside the stylesheet)", ""},
		{"legacy warns", []string{"css", p("bad.css"), "--manifest", p("legacy.json")}, 0, "warning css/remote-load", ""},
		{"script refuses url", []string{"css", p("inline.css"), "--script"}, 1, "css/script-load", ""},
		{"script clean", []string{"css", p("plain.css"), "--script"}, 0, "0 loads, 0 errors, 0 warnings", ""},
		{"manifest with errors", []string{"css", p("clean.css"), "--manifest", p("broken.json")}, 2, "", "broken.json has errors, so no host can be checked"},
		{"missing file", []string{"css", p("nope.css")}, 2, "", "nope.css does not exist"},
		{"not utf-8", []string{"css", p("notutf8.css"), "--manifest", p("manifest.json")}, 1, "package/invalid-utf8", ""},
		{"bad format", []string{"css", p("clean.css"), "-f", "xml"}, 2, "", `unknown format "xml"`},
		{"sanitize needs manifest", []string{"css", p("alone/bad.css"), "--sanitize", p("out.css")}, 2, "", "--sanitize needs a manifest"},
		{"sanitize not script", []string{"css", p("bad.css"), "--script", "--sanitize", p("out.css")}, 2, "", "drop --script"},
		{"two files", []string{"css", p("bad.css"), p("clean.css")}, 2, "", "remixlet css takes 1 argument, and got 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant stdout containing %q, stderr containing %q", code, tc.code, out, errOut, tc.out, tc.err)
			}
		})
	}
}

func TestCSSJSON(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"style.css":     "a { background: url(https://news.example.com/a.png) }\nb { background: url(\"https://\\65vil.example/\") }\n",
	})
	code, out, _ := run(t, "css", filepath.Join(dir, "style.css"), "--manifest", filepath.Join(dir, "manifest.json"), "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var doc struct {
		Refused bool
		Loads   []struct {
			Line, Column                                    int
			Kind, Written, Address, Resolved, Host, Verdict string
			Rule, Reason                                    string
		}
		Findings []struct{ Rule string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Refused || len(doc.Loads) != 2 || len(doc.Findings) != 1 {
		t.Fatalf("got %+v", doc)
	}
	l := doc.Loads[1]
	if l.Line != 2 || l.Column != 17 || l.Address != "https://evil.example/" || l.Written != `url("https://\65vil.example/")` ||
		l.Resolved != "https://evil.example/" || l.Verdict != "refused" || l.Rule != "css/remote-load" || !strings.Contains(l.Reason, "fetch:evil.example") {
		t.Errorf("load %+v", l)
	}
	if doc.Loads[0].Verdict != "allowed" || doc.Loads[0].Host != "news.example.com" {
		t.Errorf("load %+v", doc.Loads[0])
	}
}

// TestCSSSanitize: the legacy sheet is written without its offending
// parts, one report line each, and the written sheet checks clean.
func TestCSSSanitize(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"]}`,
		"current.json":  `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"style.css": "@import 'https://news.example.com/x.css';\n" +
			"a { color: red; background: url(https://evil.example/a.png) }\n" +
			"input[value^=a] { background: url(https://news.example.com/v) }\n" +
			"b { background: url(https://news.example.com/ok.png) }\n",
	})
	out := filepath.Join(dir, "out.css")
	code, stdout, errOut := run(t, "css", filepath.Join(dir, "style.css"), "--manifest", filepath.Join(dir, "manifest.json"), "--sanitize", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	for _, want := range []string{
		"style.css:1:1: left out an at-rule `@import 'https://news.example.com/x.css';`: css/import",
		"style.css:2:17: left out a declaration `background: url(https://evil.example/a.png)`: css/remote-load",
		"style.css:3:1: left out a rule `input[value^=a] { background: url(https://news.example.com/v) }`: css/value-selector",
		"wrote " + out + ": 3 parts left out",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = run(t, "css", out, "--manifest", filepath.Join(dir, "current.json"))
	if code != 0 || !strings.Contains(stdout, "1 load, 0 errors, 0 warnings") {
		t.Errorf("the sanitized sheet does not check clean under api 1.0.2: exit %d\n%s", code, stdout)
	}
}

// TestCSSReadsAsGiven: the path is printed as given, each finding once, a
// quoted url() keeps its closing parenthesis, and without --manifest the
// manifest.json beside the sheet gives the hosts.
func TestCSSReadsAsGiven(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"r/manifest.json":   `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"r/style.css":       "a { background: url( \"https://news.example.com/a.png\" ) }\nb { background: url('https://evil.example/b.png') }\n",
		"lone/style.css":    "a { background: url(https://news.example.com/a.png) }\n",
		"bad/manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "colour": "red"}`,
		"bad/style.css":     "a { color: red }\n",
	})
	t.Chdir(dir)
	code, out, errOut := run(t, "css", "r/style.css")
	for _, want := range []string{
		"hosts from r/manifest.json (the manifest beside the stylesheet)\n",
		"r/style.css:1:17: allowed url()\n    written:  url( \"https://news.example.com/a.png\" )\n",
		"    written:  url('https://evil.example/b.png')\n",
		"r/style.css: 2 loads, 1 error, 0 warnings\n",
		"r/style.css:2:17: refused url(): error css/remote-load\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if code != 1 || strings.Count(out, "evil.example is neither") != 1 {
		t.Errorf("exit %d: the refusal should be printed once:\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "css", "lone/style.css")
	if code != 1 || !strings.Contains(out, "lone/style.css:1:17: refused url css/no-manifest") && !strings.Contains(out, "no manifest") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, _, errOut = run(t, "css", "bad/style.css")
	if code != 2 || !strings.Contains(errOut, "bad/manifest.json has errors, so no host can be checked") || strings.Contains(errOut, "could not be read") ||
		!strings.Contains(errOut, `bad/manifest.json:1:74: error manifest/unknown-key: unknown key "colour"`) {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	code, _, errOut = run(t, "css", "r/style.css", "--manifest", "nope.json")
	if code != 2 || !strings.Contains(errOut, "the manifest nope.json does not exist") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

// TestCSSEscapeSequences: a sheet in a folder named with terminal escape
// sequences, loading an address that holds them, prints none of them raw.
func TestCSSEscapeSequences(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"\x1b]0;pwned\x07/manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"\x1b]0;pwned\x07/style.css":     "a { background: url('https://news.example.com/\\1b[2J\\9b 31m') }\n",
	})
	for _, format := range []string{"text", "json"} {
		_, out, errOut := run(t, "css", "-f", format, filepath.Join(dir, "\x1b]0;pwned\x07", "style.css"))
		for _, r := range out + errOut {
			if r == 0x1b || r == 0x07 || r == 0x9b {
				t.Errorf("%s output holds U+%04X:\n%q", format, r, out+errOut)
				break
			}
		}
	}
}
