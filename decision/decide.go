package decision

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
)

// Proposal is what a decision is made on: new files, checked, against the
// running version (nil for a new remixlet), with what the person allowed
// in the chat and the chat's site.
type Proposal struct {
	New      *Checked
	Running  *activation.Version
	Allowed  []string
	ChatSite string
}

// Decision is the activation decision on checked files. Files that today's
// checks refuse are refused whatever the running version and the chat
// allowed: the decision never says "activate" for files lint refuses.
type Decision struct {
	Proposal
	// Activation is the decision on reach and permissions; nil when the
	// new manifest is refused as it stands, so no decision can be made on
	// it.
	Activation *activation.Decision
	// Refused are the findings of today's checks that refuse the files.
	Refused []finding.Finding
}

// Request is a decision's input as a front door holds it: both versions
// loaded (a folder with analysis.Load, files in memory with
// analysis.LoadFiles), each labelled by its package's Dir.
type Request struct {
	Running  *analysis.Package // nil for a new remixlet
	New      *analysis.Package
	Allowed  []string
	ChatSite string
}

// Make checks the new files with every lint analyzer, reads the running
// version, and decides: what `remixlet diff` prints and the WebAssembly
// `decide` returns. A running version the loader refuses is a
// *RunningRefusedError.
func Make(req Request) (*Decision, error) {
	checked, err := Check(req.New.Dir, req.New)
	if err != nil {
		return nil, err
	}
	p := Proposal{New: checked, Allowed: req.Allowed, ChatSite: req.ChatSite}
	if req.Running != nil {
		if p.Running, err = Running(req.Running); err != nil {
			return nil, err
		}
	}
	return Decide(p)
}

// Decide makes the activation decision on a proposal: Make's, or the
// version store's flow, whose running version comes from the store. It
// uses no store and no file system.
func Decide(p Proposal) (*Decision, error) {
	d := &Decision{Proposal: p, Refused: p.New.Errors}
	ad, err := activation.Decide(activation.Input{Running: p.Running, New: p.New.Version(), Allowed: p.Allowed, ChatSite: p.ChatSite})
	var me *activation.ManifestError
	switch {
	case errors.As(err, &me) && me.Label == p.New.Label && len(d.Refused) > 0:
		return d, nil // the manifest's own findings are among Refused
	case err != nil:
		return nil, err
	}
	d.Activation = ad
	if len(d.Refused) > 0 {
		ad.Outcome = activation.Refuse
		ad.Reasons = append([]finding.Finding{d.refusedReason()}, ad.Reasons...)
	}
	return d, nil
}

func (d *Decision) refusedReason() finding.Finding {
	return finding.New(RuleRefused, "", finding.Position{}, "%s does not pass the checks (%s, listed above): fix them, then decide again; `remixlet lint %s` lists them", d.New.Label, CountErrors(len(d.Refused)), d.New.Label)
}

// Refusal is why a refused decision refuses, for a step that must not go on
// (approve): the findings that refuse the files, then the decision's
// reasons. It is nil unless the outcome is refuse.
func (d *Decision) Refusal() *Refusal {
	if d.Outcome() != activation.Refuse {
		return nil
	}
	r := &Refusal{Findings: append([]finding.Finding{}, d.Refused...)}
	if d.Activation != nil {
		r.Findings = append(r.Findings, d.Activation.Reasons...)
	} else {
		r.Findings = append(r.Findings, d.refusedReason())
	}
	return r
}

// CountErrors says how many errors, in words: "1 error", "3 errors".
func CountErrors(n int) string {
	if n == 1 {
		return "1 error"
	}
	return fmt.Sprintf("%d errors", n)
}

// Outcome is the decision: activate, ask first, or refuse.
func (d *Decision) Outcome() activation.Outcome {
	if d.Activation == nil {
		return activation.Refuse
	}
	return d.Activation.Outcome
}

// Labels name the two versions in the output.
func (d *Decision) Labels() activation.Labels {
	l := activation.Labels{New: d.New.Label, NewDigest: d.New.Digest}
	if d.Running != nil {
		l.Running, l.RunningDigest = d.Running.Label, d.Running.Digest
	}
	return l
}

// WriteText writes the decision for a person: the findings that refuse
// the files, what changed, the decision and why, and the dialog.
func (d *Decision) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, f := range d.Refused {
		// Named from the new folder, as lint names them: with two
		// folders on the command line, a bare script.js is ambiguous.
		f.File = path.Join(filepath.ToSlash(d.New.Label), f.File)
		safetext.Fprintln(&b, f)
	}
	if d.Activation == nil {
		safetext.Fprintf(&b, "\nDecision: refuse (exit 1)\n  %s\n", d.refusedReason())
		_, err := io.WriteString(w, b.String())
		return err
	}
	if len(d.Refused) > 0 {
		b.WriteString("\n")
	}
	if err := activation.WriteText(&b, d.Activation, d.Labels()); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the decision as one JSON object; the findings that
// refuse the files are among its reasons.
func (d *Decision) WriteJSON(w io.Writer) error {
	if d.Activation == nil {
		ad := &activation.Decision{Outcome: activation.Refuse, Reasons: append(append([]finding.Finding{}, d.Refused...), d.refusedReason()), Changes: &activation.Changes{}}
		return activation.WriteJSON(w, ad, d.Labels())
	}
	ad := *d.Activation
	ad.Reasons = append(append([]finding.Finding{}, d.Refused...), ad.Reasons...)
	return activation.WriteJSON(w, &ad, d.Labels())
}

// permissionsOf reads a manifest's permissions leniently: what it asks
// for, as far as it can be read.
func permissionsOf(src []byte) []string {
	m, _ := manifest.Parse(src)
	if m == nil {
		return nil
	}
	return m.PermissionNames()
}
