package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/report"
)

type lintOptions struct {
	Dirs    []string
	Formats []string // "text", "sarif=out.sarif", ...
}

func newLintCmd(io streams) *cobra.Command {
	opts := &lintOptions{}
	cmd := &cobra.Command{
		Use:   "lint DIR...",
		Short: "Run every check on stored remixlets",
		Long: `Run every check on one or more stored remixlet folders: the files the folder
holds, manifest.json, script.js, style.css and rules.json.

Findings are printed as file:line:column: severity rule-id: message. Run
'remixlet explain' for the table of rules.

--format takes text, json, sarif, github or agent, optionally with =FILE to
write that format to a file; repeat it to write several formats in one run. At
most one format goes to standard output. Folders are checked in parallel, one
per core. agent is for the AI agent that wrote the remixlet: one line per
finding, with every text that came from the files fenced as data between
markers carrying a random nonce.

Exit status: 0 nothing refused, 1 a finding of severity error, 2 could not run.`,
		Example: `  remixlet lint testdata/examples/hide-promoted
  remixlet lint --format sarif=remixlet.sarif --format text remixlets/*`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dirs = args
			return runLint(opts, io)
		},
	}
	cmd.Flags().StringArrayVarP(&opts.Formats, "format", "f", []string{"text"}, "output `format[=FILE]`: "+strings.Join(report.Formats, ", "))
	return cmd
}

type output struct {
	format string
	file   string // "" for standard output
}

func parseFormats(specs []string) ([]output, error) {
	var outs []output
	toStdout := 0
	for _, spec := range specs {
		format, file, _ := strings.Cut(spec, "=")
		if !report.ValidFormat(format) {
			return nil, fmt.Errorf("unknown format %q: use %s", format, strings.Join(report.Formats, ", "))
		}
		if file == "" {
			toStdout++
		}
		outs = append(outs, output{format, file})
	}
	if toStdout > 1 {
		return nil, fmt.Errorf("more than one format writes to standard output: give all but one a file, as in --format sarif=out.sarif")
	}
	return outs, nil
}

// lessGC lets a lint run grow its heap further between collections
// (GOGC=400 unless the user set GOGC), under a 1 GiB soft limit: parsing
// allocates heavily and the process is short-lived, so collecting less
// often saves a quarter of the time of linting large scripts.
func lessGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(1 << 30)
	}
}

func runLint(opts *lintOptions, io streams) error {
	outs, err := parseFormats(opts.Formats)
	if err != nil {
		return err
	}
	lessGC()
	results := analysis.RunAll(opts.Dirs, lint.Analyzers)
	tool := report.Tool{Name: "remixlet", Version: toolVersion(), URI: buildinfo.Homepage}
	for _, o := range outs {
		if err := writeOutput(o, tool, results, io); err != nil {
			return err
		}
	}
	code := exitOK
	for _, r := range results {
		switch {
		case r.Err != nil:
			fmt.Fprintf(io.ErrOut, "remixlet: %s: %v\n", r.Dir, r.Err)
			code = exitUsage
		case r.Refused() && code == exitOK:
			code = exitRefused
		}
	}
	if code != exitOK {
		return exitError{code}
	}
	return nil
}

func writeOutput(o output, tool report.Tool, results []*analysis.Result, io streams) error {
	if o.file == "" {
		return report.Write(io.Out, o.format, tool, results)
	}
	f, err := os.Create(o.file)
	if err != nil {
		return err
	}
	if err := report.Write(f, o.format, tool, results); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
