// Package finding holds what every remixlet analyzer shares: a finding, its
// position and severity, and the registry of the rules a finding can cite
// (each package declares its own rules beside its checks).
//
// Columns count characters (Unicode code points), 1-based, as editors and
// the text output show them. Outputs that need UTF-16 columns (SARIF)
// convert from the source line.
package finding

import (
	"fmt"
	"strings"
)

// Severity says whether a finding refuses the remixlet.
type Severity int

const (
	// Warning is reported but does not refuse.
	Warning Severity = iota + 1
	// Error refuses the remixlet: lint exits 1.
	Error
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// Position is a place in a file. Line and Column are 1-based; Column counts
// characters. The zero Position means "the whole file".
type Position struct {
	Line   int
	Column int
}

// IsValid reports whether the position names a line.
func (p Position) IsValid() bool { return p.Line > 0 }

func (p Position) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// Finding is one thing an analyzer refuses or warns about.
type Finding struct {
	Rule     string   // the id of a registered rule, e.g. "manifest/duplicate-key"
	Severity Severity // the rule's default unless an analyzer lowered it (legacy remixlets)
	File     string   // name inside the remixlet folder ("manifest.json"); "" for the folder itself
	Start    Position
	End      Position // zero when unknown
	Message  string   // what is wrong and what to do instead
	// Flow is, for a finding about data that travels (js/page-data-flow),
	// the steps from where it was read to here; nil for most findings. A
	// pointer keeps findings comparable.
	Flow *Flow
}

// Flow is the path of a data flow: each step a place in the finding's
// file with a word on what happens there.
type Flow struct {
	Steps []Step
}

// Step is one place along a flow.
type Step struct {
	Position
	Message string
}

// WithFlow returns f with the steps of its flow.
func (f Finding) WithFlow(steps []Step) Finding {
	f.Flow = &Flow{Steps: steps}
	return f
}

// New returns a finding of rule at pos with the rule's default severity.
func New(rule *Rule, file string, pos Position, format string, args ...any) Finding {
	return Finding{Rule: rule.ID, Severity: rule.Severity, File: file, Start: pos, Message: fmt.Sprintf(format, args...)}
}

// WithEnd returns f with its end position set.
func (f Finding) WithEnd(end Position) Finding {
	f.End = end
	return f
}

// AsWarning returns f lowered to a warning, as for a remixlet saved before
// a check existed; the message says so.
func (f Finding) AsWarning(why string) Finding {
	if f.Severity == Error {
		f.Severity = Warning
		if why != "" {
			f.Message += " (" + why + ")"
		}
	}
	return f
}

func (f Finding) String() string {
	var b strings.Builder
	if f.File != "" {
		b.WriteString(f.File)
		if f.Start.IsValid() {
			fmt.Fprintf(&b, ":%d:%d", f.Start.Line, f.Start.Column)
		}
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s %s: %s", f.Severity, f.Rule, f.Message)
	return b.String()
}

// JSON is a finding as the JSON outputs that name no folder write it
// (the activation decision, the WebAssembly API's refusals).
type JSON struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Message  string `json:"message"`
}

// JSONList converts findings for a JSON output; never nil, so the list is
// written as [] rather than null.
func JSONList(fs []Finding) []JSON {
	out := make([]JSON, 0, len(fs))
	for _, f := range fs {
		out = append(out, JSON{Rule: f.Rule, Severity: f.Severity.String(), File: f.File, Line: f.Start.Line, Column: f.Start.Column, Message: f.Message})
	}
	return out
}

// HasErrors reports whether any finding refuses.
func HasErrors(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}
