package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/report/sariftest"
)

// copyTree copies the files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEndToEnd lints a small repository of remixlets as a team would in
// CI (testdata/e2e/repo): a README and a .gitkeep beside the remixlets, a
// hidden folder of drafts, a remixlet.config.json that raises a rule and
// sets a policy and a warning limit, a baseline with a stale entry, and
// inline suppressions (used, unused, and one without a reason). Every
// output format and the step summary are compared with golden files
// (testdata/e2e/golden; -update rewrites them: review the diff); the
// SARIF log is validated against the SARIF 2.1.0 schema, and its golden
// file leaves out the rule table (package sariftest).
func TestEndToEnd(t *testing.T) {
	golden, _ := filepath.Abs("testdata/e2e/golden")
	work := t.TempDir()
	copyTree(t, "testdata/e2e/repo", work)
	if err := os.Mkdir(filepath.Join(work, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(work, "summary.md"))
	t.Setenv("NO_COLOR", "")

	code, out, errOut := run(t, "lint", "--baseline", "remixlet-baseline.json",
		"-f", "text", "-f", "json=out.json", "-f", "sarif=out.sarif", "-f", "github=out.github", ".")
	if code != 1 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	_, base, _ := run(t, "baseline", "remixlets")
	got := map[string]string{"lint.text": out, "baseline.json": base}
	for name, file := range map[string]string{"lint.json": "out.json", "lint.sarif": "out.sarif", "lint.github": "out.github", "summary.md": "summary.md"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if name == "lint.sarif" {
			if err := sariftest.Validate(data); err != nil {
				t.Errorf("the SARIF log does not validate against SARIF 2.1.0:\n%v", err)
			}
			if data, err = sariftest.WithoutRuleTable(data); err != nil {
				t.Fatal(err)
			}
		}
		got[name] = string(data)
	}
	for name, text := range got {
		checkGolden(t, filepath.Join(golden, name), text)
	}
	// What the golden files must show, whatever else changes.
	for _, want := range []string{
		"remixlets/ad-tracker/manifest.json:6:20: error config/denied-permission",
		"(an error here: raised by remixlet.config.json:4)",
		"remixlets/reading-list/script.js:9:1: error config/bad-suppression",
		"remixlet-baseline.json: 1 entry no longer matches a warning: remove it",
		"warnings not counted: 2 suppressed inline, 2 in the baseline",
		"too many warnings: 3 warnings, more than the 2 that maxWarnings in remixlet.config.json:6 allows",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the text output lacks %q", want)
		}
	}
	for _, never := range []string{"README", ".gitkeep", ".drafts", "old-banner/style.css:1:22"} {
		if strings.Contains(out, never) {
			t.Errorf("the text output mentions %q", never)
		}
	}
	checkSARIFSuppressions(t, got["lint.sarif"], "remixlet-baseline.json")
}

// checkSARIFSuppressions: the suppressed and baselined warnings are in the
// SARIF log, each with its suppression (inSource with the comment's
// reason, external naming the baseline), and a baselined one carries the
// fingerprint the baseline records, so code scanning closes the alert it
// already has instead of losing it.
func checkSARIFSuppressions(t *testing.T, sarif, baselineFile string) {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID              string            `json:"ruleId"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				Suppressions        []struct {
					Kind, Status, Justification string
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &log); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(baselineFile)
	if err != nil {
		t.Fatal(err)
	}
	var base struct {
		Warnings []struct{ Fingerprint string }
	}
	if err := json.Unmarshal(data, &base); err != nil {
		t.Fatal(err)
	}
	recorded := map[string]bool{}
	for _, w := range base.Warnings {
		recorded[w.Fingerprint] = true
	}
	kinds := map[string]int{}
	for _, r := range log.Runs[0].Results {
		for _, s := range r.Suppressions {
			kinds[s.Kind]++
			if s.Status != "accepted" || s.Justification == "" {
				t.Errorf("%s: suppression %+v without status or justification", r.RuleID, s)
			}
			if s.Kind == "external" && !recorded[r.PartialFingerprints["remixletFinding/v1"]] {
				t.Errorf("%s: baselined, but its fingerprint %s is not the baseline's", r.RuleID, r.PartialFingerprints["remixletFinding/v1"])
			}
		}
	}
	// The text summary says "2 suppressed inline, 2 in the baseline".
	if kinds["inSource"] != 2 || kinds["external"] != 2 {
		t.Errorf("suppressions by kind: %v, want 2 inSource and 2 external", kinds)
	}
}
