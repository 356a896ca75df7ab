package config_test

import (
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/workspace"
)

// TestCases runs the annotated cases under testdata/cases: each is a
// small repository (the case's folder, made the repository root) with
// remixlet.config.json files and remixlet folders, linted as
// `remixlet lint .` would. Every finding is compared, each named by its
// path from the repository root.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, dir string) []finding.Finding {
		if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		run, err := workspace.Lint(workspace.Options{Paths: []string{"."}, WorkDir: dir, MaxWarnings: -1})
		if err != nil {
			t.Fatal(err)
		}
		var got []finding.Finding
		for _, f := range run.Configs {
			got = append(got, f.Findings...)
		}
		for _, r := range run.Results {
			if r.Err != nil {
				t.Fatalf("%s could not be checked: %v", r.Dir, r.Err)
			}
			for _, f := range r.Findings {
				f.File = path.Join(r.Dir, f.File)
				got = append(got, f)
			}
		}
		return got
	})
}
