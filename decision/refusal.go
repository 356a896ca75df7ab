package decision

import (
	"strings"

	"github.com/remixlet/remixlet/finding"
)

// Refusal is an error that refuses: the files, the decision, the
// approval or the confirmation. Findings says why, the reason last. A
// command exits 1 for it.
type Refusal struct {
	Findings []finding.Finding
}

func (r *Refusal) Error() string {
	var parts []string
	for _, f := range r.Findings {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, "\n")
}

// Reason is the finding that says why, in one line.
func (r *Refusal) Reason() finding.Finding { return r.Findings[len(r.Findings)-1] }

// Refuse is a refusal for one reason, with no file and no position.
func Refuse(rule *finding.Rule, format string, args ...any) *Refusal {
	return &Refusal{Findings: []finding.Finding{finding.New(rule, "", finding.Position{}, format, args...)}}
}
