package cssguard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
)

// SheetRequest is one stylesheet to check as `remixlet css` checks it, and
// as the WebAssembly build's stylesheet call does at insertion time.
type SheetRequest struct {
	// File names the sheet in findings and output (a path with forward
	// slashes); ManifestFile names the manifest ("" for none).
	File, ManifestFile string
	// CSS is the sheet as the loader accepted it (analysis.ReadFile,
	// analysis.CheckFile), or nil with Refused holding the loader's
	// findings (over its cap, not UTF-8).
	CSS     []byte
	Refused []finding.Finding
	// Manifest gives the hosts loads may reach; nil refuses every load of
	// a stylesheet.
	Manifest *manifest.Manifest
	Mode     Mode
	// Sanitize asks for the sheet as Remixlet installs it for a legacy
	// remixlet: each offending part left out, with why.
	Sanitize bool
}

// ErrNotSanitizable is a sheet asked to be sanitized that the loader
// refused: it has no text to leave parts out of.
var ErrNotSanitizable = errors.New("it is not UTF-8, so it cannot be sanitized: save it as UTF-8")

// SheetReport is a stylesheet's check: its loads and findings and, when
// sanitized, the sheet as installed and what was left out.
type SheetReport struct {
	SheetRequest
	Result    *Result
	Removals  []Removal
	Sanitized []byte // the sheet as installed; nil unless sanitized
}

// CheckSheet checks one stylesheet and, when asked, sanitizes it.
func CheckSheet(req SheetRequest) (*SheetReport, error) {
	r := &SheetReport{SheetRequest: req}
	if req.CSS == nil && len(req.Refused) > 0 {
		if req.Sanitize {
			return nil, ErrNotSanitizable
		}
		r.Result = &Result{Findings: req.Refused}
		return r, nil
	}
	r.Result = Check(req.CSS, req.File, req.Manifest, req.Mode)
	if req.Sanitize {
		out, removals, err := Sanitize(req.CSS, req.File, req.Manifest)
		if err != nil {
			return nil, err
		}
		r.Sanitized, r.Removals = out, removals
	}
	return r, nil
}

// Refused reports whether the sheet is refused: a finding of severity
// error.
func (r *SheetReport) Refused() bool { return finding.HasErrors(r.Result.Findings) }

// Verdict is a load's verdict in words: "allowed" or "refused".
func Verdict(l Load) string {
	if l.Allowed {
		return "allowed"
	}
	return "refused"
}

// Written is the load's source text, with the closing parenthesis of a
// url("…") or src("…") whose address is a quoted string: the guard's span
// ends with the string.
func (r *SheetReport) Written(l Load) string {
	w := l.Written
	open := strings.IndexByte(w, '(')
	if open <= 0 || strings.HasSuffix(w, ")") || l.Offset < 0 || l.Offset+len(w) > len(r.CSS) {
		return w
	}
	rest := r.CSS[l.Offset+len(w):]
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r' || rest[i] == '\f') {
		i++
	}
	if i < len(rest) && rest[i] == ')' {
		return w + string(rest[:i+1])
	}
	return w
}

type sheetJSON struct {
	Version   int           `json:"version"`
	File      string        `json:"file"`
	Manifest  string        `json:"manifest,omitempty"`
	Mode      string        `json:"mode"`
	Refused   bool          `json:"refused"`
	Loads     []loadJSON    `json:"loads"`
	Findings  []findingJSON `json:"findings"`
	Removed   []removalJSON `json:"removed,omitempty"`
	Sanitized *string       `json:"sanitized,omitempty"`
}

type loadJSON struct {
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Kind     string   `json:"kind"`
	Written  string   `json:"written"`
	Address  string   `json:"address"`
	Resolved string   `json:"resolved"`
	Host     string   `json:"host"`
	Verdict  string   `json:"verdict"`
	Rule     string   `json:"rule,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	Second   bool     `json:"secondReaderOnly,omitempty"`
}

type findingJSON struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Message  string `json:"message"`
}

type removalJSON struct {
	Line    int      `json:"line"`
	Column  int      `json:"column"`
	What    string   `json:"what"`
	Text    string   `json:"text"`
	Rules   []string `json:"rules"`
	Message string   `json:"message"`
}

// WriteJSON writes the report as `remixlet css --format json` prints it;
// a sanitized sheet's text is in it, as the extension inserts it.
func (r *SheetReport) WriteJSON(w io.Writer) error {
	doc := sheetJSON{Version: 1, File: r.File, Manifest: r.ManifestFile, Mode: "stylesheet", Refused: r.Refused(), Loads: []loadJSON{}, Findings: []findingJSON{}}
	if r.Mode == Script {
		doc.Mode = "script"
	}
	for _, l := range r.Result.Loads {
		doc.Loads = append(doc.Loads, loadJSON{
			Line: l.Start.Line, Column: l.Start.Column, Kind: l.Kind, Written: r.Written(l), Address: l.Address,
			Resolved: l.Resolved, Host: l.Host, Verdict: Verdict(l), Rule: l.RuleID(), Reason: l.Reason,
			Warnings: l.WarningIDs(), Second: l.Second,
		})
	}
	for _, f := range r.Result.Findings {
		doc.Findings = append(doc.Findings, findingJSON{Rule: f.Rule, Severity: f.Severity.String(), Line: f.Start.Line, Column: f.Start.Column, Message: f.Message})
	}
	for _, rm := range r.Removals {
		doc.Removed = append(doc.Removed, removalJSON{Line: rm.Start.Line, Column: rm.Start.Column, What: rm.What, Text: rm.Text, Rules: rm.Rules, Message: rm.Message})
	}
	if r.Sanitize {
		s := string(r.Sanitized)
		doc.Sanitized = &s
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// ManifestError is a manifest a sheet is to be checked against that is
// refused (by the loader or its reader): no host can be checked.
type ManifestError struct {
	File     string
	Findings []finding.Finding
}

func (e *ManifestError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s has errors, so no host can be checked: fix them (remixlet lint shows them all) and run this again:", e.File)
	for _, f := range e.Findings {
		f.File = e.File
		fmt.Fprintf(&b, "\n  %s", safetext.Clean(f.String()))
	}
	return b.String()
}

// ReadManifest reads the manifest a sheet is checked against, from the
// bytes the loader accepted (src) or the findings it refused them with.
func ReadManifest(file string, src []byte, refused []finding.Finding) (*manifest.Manifest, error) {
	findings := refused
	if src != nil {
		var m *manifest.Manifest
		if m, findings = manifest.Parse(src); m != nil {
			return m, nil
		}
	}
	return nil, &ManifestError{File: file, Findings: findings}
}
