package netrules_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
)

// TestCases runs the annotated cases under testdata/cases with this
// package's analyzer (and what it requires) and compares its own findings
// alone; lint's TestCases runs the same cases through every analyzer.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, dir string) []finding.Finding {
		res := analysis.Run(dir, []*analysis.Analyzer{netrules.Analyzer})
		if res.Err != nil {
			t.Fatalf("could not check: %v", res.Err)
		}
		return res.ByAnalyzer[netrules.Analyzer]
	})
}

// TestInstallCases runs the cases under testdata/install through Install,
// as `remixlet netrules` does: install.json holds the options (the
// extension's id and hosts), the want section the findings, and
// installed.json, when present, the exact installed form.
func TestInstallCases(t *testing.T) {
	casetest.Run(t, "testdata/install", func(t *testing.T, dir string) []finding.Finding {
		read := func(name string) []byte {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.Fatal(err)
			}
			return data
		}
		m, mfs := manifest.Parse(read("manifest.json"))
		if m == nil || finding.HasErrors(mfs) {
			t.Fatalf("manifest: %v", mfs)
		}
		var opts struct {
			ExtensionID    string   `json:"extensionId"`
			ExtensionHosts []string `json:"extensionHosts"`
		}
		if err := json.Unmarshal(read("install.json"), &opts); err != nil {
			t.Fatalf("install.json: %v", err)
		}
		out, got, err := netrules.Install(read(netrules.FileName), m, netrules.Options{ExtensionID: opts.ExtensionID, ExtensionHosts: opts.ExtensionHosts})
		if err != nil {
			t.Fatalf("Install: %v", err)
		}
		if want := read("installed.json"); want != nil && string(out) != string(want) {
			t.Errorf("installed form:\n%s\nwant:\n%s", out, want)
		}
		return got
	})
}
