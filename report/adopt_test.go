package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/report"
	"github.com/remixlet/remixlet/workspace"
)

// TestEscapeSequencesInNames: a folder and a file named with terminal
// escape sequences (clear the screen, set the window title, the one-byte
// CSI, a direction override) reach no output raw, in any format.
func TestEscapeSequencesInNames(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "evil\x1b[2J\x1b]0;pwned\x07")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"manifest.json":               `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"\x1b]2;title\x07\u009b2J.js": "x",
		"rtl\u202Etxt.exe":            "x",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run, err := workspace.Lint(workspace.Options{Paths: []string{root}, WorkDir: root, MaxWarnings: -1})
	if err != nil {
		t.Fatal(err)
	}
	in := &report.Input{Tool: tool, Results: run.Results}
	if len(run.Results) != 1 || len(run.Results[0].Findings) < 2 {
		t.Fatalf("want the unexpected files reported, got %+v", run.Results)
	}
	var summary bytes.Buffer
	if err := report.WriteStepSummary(&summary, in); err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{"step summary": summary.String()}
	for _, format := range report.Formats {
		for _, quiet := range []bool{false, true} {
			var buf bytes.Buffer
			if err := report.WriteInput(&buf, format, in, report.Options{Quiet: quiet, Color: true}); err != nil {
				t.Fatal(err)
			}
			outputs[fmt.Sprintf("%s (quiet %v)", format, quiet)] = buf.String()
		}
	}
	for name, out := range outputs {
		for _, r := range out {
			if safetext.Unsafe(r) && r != '\n' && !(r == 0x1b && strings.Contains(name, "text")) {
				t.Errorf("%s output holds U+%04X:\n%q", name, r, out)
				break
			}
		}
		if strings.Contains(out, "\x1b]") || strings.Contains(out, "\x1b[2J") {
			t.Errorf("%s output holds an escape sequence from a name:\n%q", name, out)
		}
	}
	// JSON escapes them but keeps the names: a program reads the real name.
	var doc struct {
		Remixlets []struct {
			Dir      string                  `json:"dir"`
			Findings []struct{ File string } `json:"findings"`
		} `json:"remixlets"`
	}
	var buf bytes.Buffer
	if err := report.WriteInput(&buf, "json", in, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Remixlets[0].Dir != filepath.Base(dir) {
		t.Errorf("json dir %q, want %q", doc.Remixlets[0].Dir, filepath.Base(dir))
	}
}

func manyFindings(n int, sev finding.Severity) []*analysis.Result {
	r := &analysis.Result{Dir: "remixlets/a"}
	for i := range n {
		f := finding.New(manifest.RuleSyntax, "manifest.json", finding.Position{Line: i + 1, Column: 1}, "finding %d", i+1)
		f.Severity = sev
		r.Findings = append(r.Findings, f)
	}
	return []*analysis.Result{r}
}

// TestGitHubAnnotationLimit: GitHub shows 10 annotations of a kind per
// step; the rest are printed as plain log lines, and the log says so.
func TestGitHubAnnotationLimit(t *testing.T) {
	var buf bytes.Buffer
	if err := report.Write(&buf, "github", tool, manyFindings(13, finding.Error)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if n := strings.Count(out, "::error "); n != 10 {
		t.Errorf("%d error annotations, want 10:\n%s", n, out)
	}
	for _, want := range []string{
		"remixlets/a/manifest.json:11:1: error manifest/syntax: finding 11\n",
		"remixlets/a/manifest.json:13:1: error manifest/syntax: finding 13\n",
		"GitHub shows at most 10 error annotations per step; the 3 more errors above were printed as log lines",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	buf.Reset()
	if err := report.Write(&buf, "github", tool, manyFindings(10, finding.Warning)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "GitHub shows at most") || strings.Count(buf.String(), "::warning ") != 10 {
		t.Errorf("10 warnings fit:\n%s", buf.String())
	}
}

// TestStepSummary: a markdown table of findings per rule, with links.
func TestStepSummary(t *testing.T) {
	rs := results(t)
	var buf bytes.Buffer
	if err := report.WriteStepSummary(&buf, &report.Input{Tool: tool, Results: rs, End: report.End{Suppressed: 2, Baselined: 1}}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"### remixlet: 3 remixlets checked, 2 of 3 refused\n",
		"| rule | severity | findings |\n| --- | --- | ---: |\n",
		"| [`manifest/permission-host`](https://github.com/remixlet/remixlet/blob/main/docs/rules.md#manifest-permission-host) | error | 1 |\n",
		"| [`manifest/private-host`](https://github.com/remixlet/remixlet/blob/main/docs/rules.md#manifest-private-host) | warning | 1 |\n",
		"4 errors, 4 warnings (not counted: 2 suppressed inline, 1 in the baseline).",
		"- could not check testdata/missing: testdata/missing does not exist",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// Errors come before warnings.
	if strings.Index(out, "| error |") > strings.Index(out, "| warning |") {
		t.Errorf("warnings listed before errors:\n%s", out)
	}
}

// TestQuiet: --quiet shows errors only, in every format, and says how
// many warnings it hid.
func TestQuiet(t *testing.T) {
	rs := results(t)
	for _, format := range report.Formats {
		var buf bytes.Buffer
		if err := report.WriteInput(&buf, format, &report.Input{Tool: tool, Results: rs}, report.Options{Quiet: true}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if strings.Contains(out, "manifest/private-host") && format != "sarif" {
			t.Errorf("%s --quiet shows a warning:\n%s", format, out)
		}
		if !strings.Contains(out, "manifest/permission-host") {
			t.Errorf("%s --quiet hides an error", format)
		}
		if format == "sarif" && strings.Contains(out, `"ruleId": "manifest/private-host"`) {
			t.Errorf("sarif --quiet has a warning result")
		}
		if format == "text" && !strings.Contains(out, "4 warnings (not shown: --quiet)") {
			t.Errorf("text --quiet does not count the hidden warnings:\n%s", out)
		}
	}
}

// TestColor: colour only when asked for (a terminal without NO_COLOR),
// and the summary line is the same text either way.
func TestColor(t *testing.T) {
	rs := results(t)
	var plain, color bytes.Buffer
	if err := report.WriteInput(&plain, "text", &report.Input{Tool: tool, Results: rs}, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteInput(&color, "text", &report.Input{Tool: tool, Results: rs}, report.Options{Color: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "\x1b[") {
		t.Errorf("plain text has colour codes")
	}
	if !strings.Contains(color.String(), "\x1b[1m\x1b[31merror\x1b[0m") || !strings.Contains(color.String(), "\x1b[33mwarning\x1b[0m") {
		t.Errorf("colour text has no coloured severities:\n%q", color.String())
	}
	stripped := regexpANSI.ReplaceAllString(color.String(), "")
	if stripped != plain.String() {
		t.Errorf("colour changes the text, not just its colour:\n%s\n---\n%s", stripped, plain.String())
	}
}
