package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/regularfile"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
)

type cssOptions struct {
	File     string
	Manifest string
	Script   bool
	Sanitize string // where to write the sanitized sheet; "" for none
	Format   string // text or json

	besideManifest bool // Manifest is the manifest.json beside the sheet
}

func newCSSCmd(std streams) *cobra.Command {
	opts := &cssOptions{}
	cmd := &cobra.Command{
		Use:   "css FILE",
		Short: "List every load a stylesheet makes, each with its verdict",
		Long: `Read a stylesheet as Chrome does and list every load it can make: its line and
column, the address as written, the address the browser resolves, the verdict
and the reason. Hosts are checked against the manifest (--manifest): a load
must be a full http:// or https:// address on a host its matches cover or a
fetch: permission names. Without --manifest, the manifest.json beside the
stylesheet is used; with none, every load is refused.

--script checks CSS a script writes (dom.addStyle text, an inline style): no
load of any kind, and no url( at all.

--sanitize OUT writes the stylesheet as Remixlet installs it for a remixlet
saved before API 1.0.2: each offending declaration left out (the whole rule
when a rule tests an element's value and loads), one report line each. The
written sheet is checked again and has no refusal left.

Exit status: 0 nothing refused, 1 a load or rule is refused, 2 could not run.`,
		Example: `  remixlet css style.css --manifest manifest.json
  remixlet css inline.css --script --format json
  remixlet css old/style.css --manifest old/manifest.json --sanitize clean.css`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.File = args[0]
			return runCSS(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.Manifest, "manifest", "", "the remixlet's manifest `FILE` (manifest.json), for the hosts it may load from")
	cmd.Flags().BoolVar(&opts.Script, "script", false, "check CSS a script writes: no load at all, no url(")
	cmd.Flags().StringVar(&opts.Sanitize, "sanitize", "", "write the stylesheet without its offending parts to `OUT`")
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	return cmd
}

func runCSS(opts *cssOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json%s", opts.Format, hint(opts.Format, []string{"text", "json"}))
	}
	if opts.Script && opts.Sanitize != "" {
		return fmt.Errorf("--sanitize applies to a stylesheet, not to CSS a script writes: drop --script")
	}
	if opts.Manifest == "" && !opts.Script {
		// The manifest beside the sheet, as in a remixlet folder.
		beside := filepath.Join(filepath.Dir(opts.File), manifest.FileName)
		if info, err := os.Stat(beside); err == nil && info.Mode().IsRegular() {
			opts.Manifest = beside
			opts.besideManifest = true
		}
	}
	if opts.Sanitize != "" && opts.Manifest == "" {
		return fmt.Errorf("--sanitize needs a manifest (--manifest, or a manifest.json beside the stylesheet): the hosts a stylesheet may load from come from it")
	}
	var m *manifest.Manifest
	if opts.Manifest != "" {
		src, err := readStoredFile(opts.Manifest, manifest.FileName)
		if err != nil {
			return fmt.Errorf("the manifest %s", err)
		}
		var findings []finding.Finding
		if m, findings = manifest.Parse(src); m == nil {
			var b strings.Builder
			for _, f := range findings {
				fmt.Fprintf(&b, "\n  %s:%s", filepath.ToSlash(opts.Manifest), strings.TrimPrefix(f.String(), manifest.FileName+":"))
			}
			return fmt.Errorf("%s has errors, so no host can be checked: fix them (remixlet lint shows them all) and run this again:%s", filepath.ToSlash(opts.Manifest), b.String())
		}
	}
	css, err := readStoredFile(opts.File, cssguard.FileName)
	if err != nil {
		return err
	}
	name := filepath.ToSlash(opts.File)
	mode := cssguard.Stylesheet
	if opts.Script {
		mode = cssguard.Script
	}
	var res *cssguard.Result
	off := finding.FirstInvalidUTF8(css)
	if off >= 0 {
		// Readers repair invalid bytes differently; refuse, as the loader does.
		f := finding.New(analysis.RuleInvalidUtf8, name, finding.NewLines(css).Position(off), "byte 0x%02X is not UTF-8: save the file as UTF-8", css[off])
		res = &cssguard.Result{Findings: []finding.Finding{f}}
	} else {
		res = cssguard.Check(css, name, m, mode)
	}
	var removals []cssguard.Removal
	if opts.Sanitize != "" && off >= 0 {
		return fmt.Errorf("%s is not UTF-8, so it cannot be sanitized: save it as UTF-8", name)
	}
	if opts.Sanitize != "" {
		out, rm, err := cssguard.Sanitize(css, name, m)
		if err != nil {
			return err
		}
		if err := os.WriteFile(opts.Sanitize, out, 0o644); err != nil {
			return fmt.Errorf("could not write the sanitized sheet: %s", describeErr(err))
		}
		removals = rm
	}
	switch opts.Format {
	case "json":
		err = writeCSSJSON(std.Out, opts, css, res, removals)
	default:
		err = writeCSSText(std.Out, opts, name, css, res, removals)
	}
	if err != nil {
		return err
	}
	if finding.HasErrors(res.Findings) {
		return exitError{exitRefused}
	}
	return nil
}

// readStylesheet reads at most the stored form's cap for style.css, so a
// huge or endless file (a device, a pipe) cannot stall the command.
// readStoredFile reads a file given in place of the stored file named
// stored (style.css, manifest.json), up to that file's cap.
func readStoredFile(path, stored string) ([]byte, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, errors.New(describeErr(err))
	}
	defer f.Close()
	var limit int64
	for _, sf := range analysis.StoredFiles {
		if sf.Name == stored {
			limit = sf.MaxSize
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s %s", path, plainerr.Reason(err))
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d KiB, the cap for %s: make it smaller", path, limit>>10, stored)
	}
	return data, nil
}

func verdict(l cssguard.Load) string {
	if l.Allowed {
		return "allowed"
	}
	return "refused"
}

func writeCSSText(w io.Writer, opts *cssOptions, name string, css []byte, res *cssguard.Result, removals []cssguard.Removal) error {
	shownName := name
	if opts.besideManifest {
		safetext.Fprintf(w, "hosts from %s (the manifest beside the stylesheet)\n", filepath.ToSlash(opts.Manifest))
	}
	for _, l := range res.Loads {
		resolved := l.Resolved
		if resolved == "" {
			resolved = "-"
		}
		rule := ""
		if l.Rule != nil {
			rule = " " + l.Rule.ID
			if f, ok := verdictFinding(res.Findings, l); ok {
				rule = ": " + f.Severity.String() + rule
			}
		}
		safetext.Fprintf(w, "%s:%s: %s %s%s\n    written:  %s\n    address:  %s\n    resolved: %s\n", shownName, l.Start, verdict(l), l.Kind, rule, oneLine(written(css, l)), oneLine(l.Address), oneLine(resolved))
		if l.Reason != "" {
			safetext.Fprintf(w, "    reason:   %s\n", l.Reason)
		}
		if l.Second {
			safetext.Fprintf(w, "    seen only by the second, independent CSS reader\n")
		}
		if len(l.Warnings) > 0 {
			safetext.Fprintf(w, "    warnings: %s\n", strings.Join(l.WarningIDs(), ", "))
		}
	}
	lines := finding.NewLines(css)
	errs, warns := 0, 0
	for _, f := range res.Findings {
		if f.Severity == finding.Error {
			errs++
		} else {
			warns++
		}
		if shownWithLoad(res.Loads, f) {
			continue // the load above says it, with its reason
		}
		where := shownName
		if f.Start.IsValid() {
			where += ":" + f.Start.String()
		}
		safetext.Fprintf(w, "%s: %s %s: %s\n", where, f.Severity, f.Rule, f.Message)
		if f.Start.IsValid() {
			safetext.Fprintf(w, "    %s\n", oneLine(lines.Text(f.Start.Line)))
		}
	}
	for _, r := range removals {
		safetext.Fprintf(w, "%s:%s\n", shownName, r)
	}
	if opts.Sanitize != "" {
		safetext.Fprintf(w, "wrote %s: %s left out\n", opts.Sanitize, countOf(len(removals), "part"))
	}
	_, err := safetext.Fprintf(w, "%s: %s, %s, %s\n", shownName, countOf(len(res.Loads), "load"), countOf(errs, "error"), countOf(warns, "warning"))
	return err
}

// verdictFinding returns the finding that carries a load's refusal.
func verdictFinding(fs []finding.Finding, l cssguard.Load) (finding.Finding, bool) {
	for _, f := range fs {
		if f.Start == l.Start && f.Rule == l.RuleID() {
			return f, true
		}
	}
	return finding.Finding{}, false
}

// shownWithLoad reports whether a finding is the verdict or a warning of a
// load printed above it, at the same place.
func shownWithLoad(loads []cssguard.Load, f finding.Finding) bool {
	for _, l := range loads {
		if l.Start != f.Start {
			continue
		}
		if l.RuleID() == f.Rule || slices.Contains(l.WarningIDs(), f.Rule) {
			return true
		}
	}
	return false
}

// written returns the load's source text, with the closing parenthesis of
// a url("…") or src("…") whose address is a quoted string: the guard's span
// ends with the string.
func written(css []byte, l cssguard.Load) string {
	w := l.Written
	open := strings.IndexByte(w, '(')
	if open <= 0 || strings.HasSuffix(w, ")") || l.Offset < 0 || l.Offset+len(w) > len(css) {
		return w
	}
	rest := css[l.Offset+len(w):]
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r' || rest[i] == '\f') {
		i++
	}
	if i < len(rest) && rest[i] == ')' {
		return w + string(rest[:i+1])
	}
	return w
}

func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// oneLine keeps a text on one line and readable: unsafe characters are
// shown as escapes (safetext.Clean), long text is cut.
func oneLine(s string) string {
	q := safetext.Clean(s)
	if r := []rune(q); len(r) > 160 {
		q = string(r[:157]) + "…"
	}
	return q
}

type cssJSON struct {
	Version  int           `json:"version"`
	File     string        `json:"file"`
	Manifest string        `json:"manifest,omitempty"`
	Mode     string        `json:"mode"`
	Refused  bool          `json:"refused"`
	Loads    []cssLoadJSON `json:"loads"`
	Findings []cssFinding  `json:"findings"`
	Removed  []cssRemoval  `json:"removed,omitempty"`
}

type cssLoadJSON struct {
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

type cssFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Message  string `json:"message"`
}

type cssRemoval struct {
	Line    int      `json:"line"`
	Column  int      `json:"column"`
	What    string   `json:"what"`
	Text    string   `json:"text"`
	Rules   []string `json:"rules"`
	Message string   `json:"message"`
}

func writeCSSJSON(w io.Writer, opts *cssOptions, css []byte, res *cssguard.Result, removals []cssguard.Removal) error {
	doc := cssJSON{Version: 1, File: opts.File, Manifest: opts.Manifest, Mode: "stylesheet", Refused: finding.HasErrors(res.Findings), Loads: []cssLoadJSON{}, Findings: []cssFinding{}}
	if opts.Script {
		doc.Mode = "script"
	}
	for _, l := range res.Loads {
		doc.Loads = append(doc.Loads, cssLoadJSON{
			Line: l.Start.Line, Column: l.Start.Column, Kind: l.Kind, Written: written(css, l), Address: l.Address,
			Resolved: l.Resolved, Host: l.Host, Verdict: verdict(l), Rule: l.RuleID(), Reason: l.Reason,
			Warnings: l.WarningIDs(), Second: l.Second,
		})
	}
	for _, f := range res.Findings {
		doc.Findings = append(doc.Findings, cssFinding{Rule: f.Rule, Severity: f.Severity.String(), Line: f.Start.Line, Column: f.Start.Column, Message: f.Message})
	}
	for _, r := range removals {
		doc.Removed = append(doc.Removed, cssRemoval{Line: r.Start.Line, Column: r.Start.Column, What: r.What, Text: r.Text, Rules: r.Rules, Message: r.Message})
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
