package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/report"
	"github.com/remixlet/remixlet/report/sariftest"
	"github.com/remixlet/remixlet/workspace"

	// The SARIF output lists every registered rule, as the CLI, which links
	// every package that declares rules, does.
	_ "github.com/remixlet/remixlet/activation"
	_ "github.com/remixlet/remixlet/approval"
)

var update = flag.Bool("update", false, "rewrite golden files")

var tool = report.Tool{Name: "remixlet", Version: "v0.0.0-test", URI: "https://github.com/remixlet/remixlet"}

// results lints the test folders as `remixlet lint` does.
func results(t *testing.T) []*analysis.Result {
	t.Helper()
	run, err := workspace.Lint(workspace.Options{Paths: []string{"testdata/bad", "testdata/clean", "testdata/missing"}, MaxWarnings: -1})
	if err != nil {
		t.Fatal(err)
	}
	rs := run.Results
	if rs[2].Err == nil {
		t.Fatal("testdata/missing should not exist")
	}
	return rs
}

// TestGolden compares every format with its golden file; -update rewrites
// them after a deliberate change (review the diff).
func TestGolden(t *testing.T) {
	rs := results(t)
	for _, format := range report.Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := report.Write(&buf, format, tool, rs); err != nil {
				t.Fatal(err)
			}
			// The missing folder's error names the OS's wording; keep it stable.
			got := maskNonce(buf.String())
			if format == "sarif" {
				if err := sariftest.Validate(buf.Bytes()); err != nil {
					t.Errorf("the SARIF log does not validate against SARIF 2.1.0:\n%v", err)
				}
				short, err := sariftest.WithoutRuleTable(buf.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				got = string(short)
			}
			path := filepath.Join("testdata", "golden", "lint."+format)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s differs (-want +got; rerun with -update if intended):\n%s", path, diff)
			}
		})
	}
}

// TestSARIFShape checks what GitHub code scanning requires of an upload
// beyond the golden bytes: every result's rule exists at its index, paths
// are relative, regions are 1-based, fingerprints are unique.
func TestSARIFShape(t *testing.T) {
	var buf bytes.Buffer
	if err := report.Write(&buf, "sarif", tool, results(t)); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name    string `json:"name"`
					Version string `json:"version"`
					Rules   []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Help    struct {
							Text string `json:"text"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
							EndLine     int `json:"endLine"`
							EndColumn   int `json:"endColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "remixlet" {
		t.Fatalf("not a single-run SARIF 2.1.0 log")
	}
	run := log.Runs[0]
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(run.Tool.Driver.Version) {
		t.Errorf("driver version %q is not numeric", run.Tool.Driver.Version)
	}
	for _, rule := range run.Tool.Driver.Rules {
		if !strings.HasPrefix(rule.HelpURI, finding.DocsURL+"#") {
			t.Errorf("rule %s has helpUri %q", rule.ID, rule.HelpURI)
		}
	}
	if len(run.Results) < 5 {
		t.Fatalf("only %d results", len(run.Results))
	}
	seen := map[string]bool{}
	for _, r := range run.Results {
		if rule := run.Tool.Driver.Rules[r.RuleIndex]; rule.ID != r.RuleID || rule.Help.Text == "" {
			t.Errorf("result %s points at rule %s", r.RuleID, rule.ID)
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("uri %q is not relative to %%SRCROOT%%", loc.ArtifactLocation.URI)
		}
		switch reg := loc.Region; {
		case reg == nil:
			t.Errorf("%s result at %s has no region: code scanning drops it", r.RuleID, loc.ArtifactLocation.URI)
		case reg.StartLine < 1 || reg.StartColumn < 1:
			t.Errorf("region %+v is not 1-based", reg)
		case reg.EndLine < reg.StartLine || (reg.EndLine == reg.StartLine && reg.EndColumn < reg.StartColumn):
			t.Errorf("region %+v ends before it starts", reg)
		}
		if h := r.PartialFingerprints["primaryLocationLineHash"]; !lineHash.MatchString(h) {
			t.Errorf("primaryLocationLineHash %q is not HASH:N", h)
		}
		fp := r.PartialFingerprints["remixletFinding/v1"]
		if fp == "" || seen[fp] {
			t.Errorf("fingerprint %q missing or repeated", fp)
		}
		seen[fp] = true
	}
}

var regexpANSI = regexp.MustCompile(`\x1b\[[0-9;]*m`)

var lineHash = regexp.MustCompile(`^[0-9a-f]{16}:[1-9][0-9]*$`)

func TestGitHubEscaping(t *testing.T) {
	rs := []*analysis.Result{{Dir: "a,b:c%d", Findings: nil}}
	rs[0].Findings = append(rs[0].Findings, lintFinding("line one\nline 100%\r"))
	var buf bytes.Buffer
	if err := report.Write(&buf, "github", tool, rs); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a%2Cb%3Ac%25d/manifest.json,line=1,col=2,title=manifest/syntax::line one\\u000Aline 100%25\\u000D%0A%0Amanifest/syntax: https://github.com/remixlet/remixlet/blob/main/docs/rules.md#manifest-syntax\n"
	if got := buf.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func lintFinding(msg string) finding.Finding {
	return finding.New(manifest.RuleSyntax, "manifest.json", finding.Position{Line: 1, Column: 2}, "%s", msg)
}

// TestTextNeverPrintsASecret: the source lines the text output shows have
// every credential masked, whichever finding the line is shown for.
func TestTextNeverPrintsASecret(t *testing.T) {
	dir := t.TempDir()
	const key = "AKIAIOSFODNN7EXAMPLE"
	files := map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"script.js":     "const k = \"" + key + "\"; eval(k);\nrmx.log(\"x\" + \"" + key + "\");\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rs := analysis.RunAll([]string{dir}, lint.Analyzers)
	for _, format := range report.Formats {
		var buf bytes.Buffer
		if err := report.Write(&buf, format, tool, rs); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), key[4:]) {
			t.Errorf("%s output shows the secret:\n%s", format, buf.String())
		}
	}
}

// TestTextMasksALongLine: on a long minified line, each snippet shows
// only a window of the line, and every window that reaches a credential
// shows it masked, whether the finding is before, on or after it.
func TestTextMasksALongLine(t *testing.T) {
	dir := t.TempDir()
	const key = "AKIAIOSFODNN7EXAMPLE"
	line := strings.Repeat("eval(a);", 30) + `const k="` + key + `";` + strings.Repeat("eval(b);", 30)
	files := map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"script.js":     line + "\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rs := analysis.RunAll([]string{dir}, lint.Analyzers)
	var buf bytes.Buffer
	if err := report.Write(&buf, "text", tool, rs); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Contains(out, key[4:]) {
		t.Fatalf("the text output shows the secret")
	}
	if masked := strings.Count(out, strings.Repeat("*", len(key))); masked < 10 {
		t.Errorf("want the masked key in the snippets of the findings around it, found it %d times:\n%s", masked, out)
	}
}

// A data flow's path is in the SARIF result as a code flow: each step a
// place with a word, from where the page was read to the sink; the log
// stays valid SARIF 2.1.0.
func TestSARIFCodeFlows(t *testing.T) {
	files := map[string][]byte{
		"manifest.json": []byte(`{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "fetch:api.example.com", "reason": "r"}]}`),
		"script.js":     []byte("const h = await dom.query(\"h1\");\nconst t = await h.text();\nawait rmx.fetch(\"https://api.example.com/?q=\" + t);\n"),
	}
	res := analysis.RunPackage(analysis.LoadFiles("flow", files), lint.Analyzers)
	var buf bytes.Buffer
	if err := report.Write(&buf, "sarif", tool, []*analysis.Result{res}); err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Validate(buf.Bytes()); err != nil {
		t.Fatalf("not valid SARIF: %v", err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							Location struct {
								PhysicalLocation struct {
									Region struct {
										StartLine   int `json:"startLine"`
										StartColumn int `json:"startColumn"`
									} `json:"region"`
								} `json:"physicalLocation"`
								Message struct {
									Text string `json:"text"`
								} `json:"message"`
							} `json:"location"`
						} `json:"locations"`
					} `json:"threadFlows"`
				} `json:"codeFlows"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range log.Runs[0].Results {
		if r.RuleID != "js/page-data-flow" {
			continue
		}
		for _, l := range r.CodeFlows[0].ThreadFlows[0].Locations {
			got = append(got, fmt.Sprintf("%d:%d %s", l.Location.PhysicalLocation.Region.StartLine, l.Location.PhysicalLocation.Region.StartColumn, l.Location.Message.Text))
		}
	}
	want := []string{"2:17 read from the page here", "3:49 passes through here", "3:17 leaves the page here"}
	if !slices.Equal(got, want) {
		t.Errorf("code flow %q, want %q", got, want)
	}
}
