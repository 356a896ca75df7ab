package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/report"

	// The SARIF output lists every registered rule, as the CLI, which links
	// every package that declares rules, does.
	_ "github.com/remixlet/remixlet/activation"
	_ "github.com/remixlet/remixlet/store"
)

var update = flag.Bool("update", false, "rewrite golden files")

var tool = report.Tool{Name: "remixlet", Version: "v0.0.0-test", URI: "https://github.com/remixlet/remixlet"}

func results(t *testing.T) []*analysis.Result {
	t.Helper()
	rs := analysis.RunAll([]string{"testdata/bad", "testdata/clean", "testdata/missing"}, lint.Analyzers)
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
					Name  string `json:"name"`
					Rules []struct {
						ID   string `json:"id"`
						Help struct {
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
		if loc.Region != nil && (loc.Region.StartLine < 1 || loc.Region.StartColumn < 1) {
			t.Errorf("region %+v is not 1-based", loc.Region)
		}
		fp := r.PartialFingerprints["remixletFinding/v1"]
		if fp == "" || seen[fp] {
			t.Errorf("fingerprint %q missing or repeated", fp)
		}
		seen[fp] = true
	}
}

func TestGitHubEscaping(t *testing.T) {
	rs := []*analysis.Result{{Dir: "a,b:c%d", Findings: nil}}
	rs[0].Findings = append(rs[0].Findings, lintFinding("line one\nline 100%\r"))
	var buf bytes.Buffer
	if err := report.Write(&buf, "github", tool, rs); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a%2Cb%3Ac%25d/manifest.json,line=1,col=2,title=manifest/syntax::line one%0Aline 100%25%0D\n"
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
