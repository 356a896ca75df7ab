package main

import (
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
		opts.Manifest, opts.besideManifest = analysis.ManifestBeside(opts.File)
		if !opts.besideManifest {
			opts.Manifest = ""
		}
	}
	if opts.Sanitize != "" && opts.Manifest == "" {
		return fmt.Errorf("--sanitize needs a manifest (--manifest, or a manifest.json beside the stylesheet): the hosts a stylesheet may load from come from it")
	}
	req := cssguard.SheetRequest{File: filepath.ToSlash(opts.File), ManifestFile: opts.Manifest, Mode: cssguard.Stylesheet, Sanitize: opts.Sanitize != ""}
	if opts.Script {
		req.Mode = cssguard.Script
	}
	if opts.Manifest != "" {
		m, err := readManifest(opts.Manifest)
		if err != nil {
			return err
		}
		req.Manifest = m
	}
	var err error
	req.CSS, req.Refused, err = analysis.ReadFile(opts.File, cssguard.FileName)
	if err != nil {
		return errors.New(describeErr(err))
	}
	rep, err := cssguard.CheckSheet(req)
	if errors.Is(err, cssguard.ErrNotSanitizable) {
		return fmt.Errorf("%s %v", req.File, err)
	}
	if err != nil {
		return err
	}
	if req.Sanitize {
		if err := os.WriteFile(opts.Sanitize, rep.Sanitized, 0o644); err != nil {
			return fmt.Errorf("could not write the sanitized sheet: %s", describeErr(err))
		}
	}
	if opts.Format == "json" {
		err = rep.WriteJSON(std.Out)
	} else {
		err = writeCSSText(std.Out, opts, rep)
	}
	if err != nil {
		return err
	}
	if rep.Refused() {
		return exitError{exitRefused}
	}
	return nil
}

// readManifest reads the manifest a stylesheet is checked against, as the
// loader reads one; a refused one is an error that lists why, a finding a
// line.
func readManifest(path string) (*manifest.Manifest, error) {
	src, refused, err := analysis.ReadFile(path, manifest.FileName)
	if err != nil {
		return nil, fmt.Errorf("the manifest %s", describeErr(err))
	}
	m, err := cssguard.ReadManifest(filepath.ToSlash(path), src, refused)
	if err != nil {
		return nil, &linesError{err}
	}
	return m, nil
}

func writeCSSText(w io.Writer, opts *cssOptions, rep *cssguard.SheetReport) error {
	shownName, res := rep.File, rep.Result
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
		safetext.Fprintf(w, "%s:%s: %s %s%s\n    written:  %s\n    address:  %s\n    resolved: %s\n", shownName, l.Start, cssguard.Verdict(l), l.Kind, rule, oneLine(rep.Written(l)), oneLine(l.Address), oneLine(resolved))
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
	lines := finding.NewLines(rep.CSS)
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
	for _, r := range rep.Removals {
		safetext.Fprintf(w, "%s:%s\n", shownName, r)
	}
	if opts.Sanitize != "" {
		safetext.Fprintf(w, "wrote %s: %s left out\n", opts.Sanitize, countOf(len(rep.Removals), "part"))
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
