package scriptlint_test

import (
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/scriptlint"
)

// TestCases runs the annotated cases under testdata/cases with this
// package's analyzer (and what it requires) and compares its own findings
// alone; lint's TestCases runs the same cases through every analyzer.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, dir string) []finding.Finding {
		res := analysis.Run(dir, []*analysis.Analyzer{scriptlint.Analyzer})
		if res.Err != nil {
			t.Fatalf("could not check: %v", res.Err)
		}
		return res.ByAnalyzer[scriptlint.Analyzer]
	})
}
