package analysis

import (
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
)

// TestCases runs the loader's annotated cases under testdata/cases and
// compares what the loader refuses; lint's TestCases runs the same cases
// through every analyzer.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, dir string) []finding.Finding {
		p, err := Load(dir)
		if err != nil {
			t.Fatalf("could not load: %v", err)
		}
		return p.Findings
	})
}
