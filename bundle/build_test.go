package bundle

import (
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
)

// TestCases builds each annotated source folder in testdata/cases and
// compares every finding, the build's and the lint's, with its want lines.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, dir string) []finding.Finding {
		res, err := Build(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Err != nil {
			t.Fatalf("could not build: %v", res.Err)
		}
		checkResult(t, res)
		return res.Findings
	})
}

// checkResult checks what every build result must hold: findings that
// point into files the build read (so outputs can show the line), a digest
// exactly when nothing refuses, and only stored-form files.
func checkResult(t *testing.T, res *Result) {
	t.Helper()
	for _, f := range res.Findings {
		if f.File == "" || !f.Start.IsValid() {
			continue
		}
		if !slices.ContainsFunc(res.Sources, func(s analysis.File) bool { return s.Name == f.File }) {
			t.Errorf("%s points into a file the build did not read", f)
		}
	}
	if refused := finding.HasErrors(res.Findings); refused == (res.Digest != "") {
		t.Errorf("refused %v but digest %q", refused, res.Digest)
	}
	for _, f := range res.Files {
		if !slices.ContainsFunc(analysis.StoredFiles, func(sf analysis.StoredFile) bool { return sf.Name == f.Name }) {
			t.Errorf("the build produced %s, which the stored form does not have", f.Name)
		}
	}
}

// TestEveryRuleHasACase: each build rule is exercised by an annotated case.
func TestEveryRuleHasACase(t *testing.T) {
	files, err := casetest.Glob("testdata/cases")
	if err != nil {
		t.Fatal(err)
	}
	wanted := map[string]bool{}
	for _, file := range files {
		c, err := casetest.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.Want {
			if fields := strings.Fields(w); len(fields) > 1 {
				wanted[strings.TrimSuffix(fields[1], ":")] = true
			}
		}
	}
	for _, r := range finding.Rules() {
		if strings.HasPrefix(r.ID, "build/") && !wanted[r.ID] {
			t.Errorf("no case in testdata/cases expects %s", r.ID)
		}
	}
}
