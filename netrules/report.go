package netrules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
)

// InstallReport is what `remixlet netrules DIR` finds and prints, and what
// the WebAssembly build's netrules call returns when the extension installs
// a remixlet's rules: the findings of the manifest and rules.json, the
// rules a legacy remixlet leaves out with why, and the installed form.
type InstallReport struct {
	Dir      string
	Findings []finding.Finding
	LeftOut  []LeftOut
	// Installed is the installed form (a JSON list); nil when refused.
	Installed []byte
	// Checked is the check behind it; nil when refused.
	Checked *Result
}

// Refused reports whether the rules are refused: nothing is installed.
func (r *InstallReport) Refused() bool { return r.Installed == nil }

// ErrNoRules is a remixlet without rules.json: there is nothing to install.
var ErrNoRules = errors.New("there are no network rules to install")

// InstallPackage checks a loaded remixlet's manifest and rules.json, as
// `remixlet lint` does, and returns the installed form for the extension
// opts names; rules that name a host the extension itself uses are refused
// with the findings that say which. The error is for what makes installing
// impossible besides refused rules: no rules.json (ErrNoRules), an
// extension id missing for a remixlet that runs on every site
// (ErrNeedExtensionID) or malformed, an extension host that is no host, an
// analyzer that failed.
func InstallPackage(pkg *analysis.Package, opts Options) (*InstallReport, error) {
	if !pkg.Has(FileName) {
		return nil, fmt.Errorf("%s has no %s: %w", pkg.Dir, FileName, ErrNoRules)
	}
	res := analysis.RunPackage(pkg, []*analysis.Analyzer{Analyzer})
	if res.Err != nil {
		return nil, res.Err
	}
	r := &InstallReport{Dir: pkg.Dir, Findings: res.Findings}
	if res.Refused() {
		return r, nil
	}
	m := res.ResultOf[manifest.Analyzer].(*manifest.Manifest)
	checked := res.ResultOf[Analyzer].(*Result)
	installed, err := checked.Installed(m, opts)
	if he, ok := errors.AsType[*ExtensionHostError](err); ok {
		r.Findings = append(slices.Clone(r.Findings), he.Findings...)
		finding.Sort(r.Findings)
		return r, nil // refused: rules that would act on the extension's own requests
	}
	if errors.Is(err, ErrNeedExtensionID) {
		return nil, fmt.Errorf("%s runs on every site: %w", pkg.Dir, err)
	}
	if err != nil {
		return nil, err
	}
	r.LeftOut, r.Installed, r.Checked = checked.LeftOut, installed, checked
	return r, nil
}

type installJSON struct {
	Version   int             `json:"version"`
	Dir       string          `json:"dir"`
	Refused   bool            `json:"refused"`
	Findings  []finding.JSON  `json:"findings"`
	LeftOut   []leftOutJSON   `json:"leftOut"`
	Installed json.RawMessage `json:"installed"`
}

type leftOutJSON struct {
	Rule    string         `json:"rule"`
	Reasons []finding.JSON `json:"reasons"`
}

// WriteJSON writes the report as `remixlet netrules --format json` prints
// it: installed is null for refused rules, and each rule left out names
// the findings that say why, for the extension's log line.
func (r *InstallReport) WriteJSON(w io.Writer) error {
	doc := installJSON{Version: 1, Dir: r.Dir, Refused: r.Refused(), Findings: finding.JSONList(r.Findings), LeftOut: []leftOutJSON{}, Installed: json.RawMessage("null")}
	for _, lo := range r.LeftOut {
		doc.LeftOut = append(doc.LeftOut, leftOutJSON{Rule: lo.Rule.Name(), Reasons: finding.JSONList(lo.Reasons)})
	}
	if r.Installed != nil {
		doc.Installed = r.Installed
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.Write(out)
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}
