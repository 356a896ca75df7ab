package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/config"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/report"
	"github.com/remixlet/remixlet/workspace"
)

type lintOptions struct {
	Paths       []string
	Formats     []string // "text", "sarif=out.sarif", ...
	Config      string
	Baseline    string
	MaxWarnings int
	Quiet       bool
	AllowEmpty  bool
	Color       string // --color: auto, always or never
	// Stdin: the bytes of the file StdinFilename are read from standard
	// input instead of the disk (editors and hooks that pipe a buffer).
	Stdin         bool
	StdinFilename string
}

func newLintCmd(std streams) *cobra.Command {
	opts := &lintOptions{}
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Run every check on the remixlets in folders",
		Long: `Run every check on stored remixlets: the files each folder holds,
manifest.json, script.js, style.css and rules.json. A remixlet folder with a
src folder is a source folder: it is built in memory as remixlet build does,
and findings point at the source files.

A PATH that holds manifest.json is one remixlet; any other folder is searched
for remixlets (hidden folders and node_modules are skipped, links are not
followed); a file stands for the remixlet folder that holds it, and a file in
none (a README beside the remixlets) is not a finding. Outputs name each
remixlet by its path from the working folder.

Every remixlet.config.json from a remixlet's folder up to the repository root
applies (and --config FILE too): each can only tighten the checks. Inline
suppressions (// remixlet-ignore-next-line RULE -- reason) silence warnings
only. Warnings recorded in --baseline FILE (remixlet baseline) do not count.

Findings are printed as file:line:column: severity rule-id: message. Run
'remixlet explain' for the table of rules. --format takes text, json, sarif,
github or agent, optionally with =FILE to write that format to a file; repeat
it to write several formats in one run. At most one format goes to standard
output. With the github format, $GITHUB_STEP_SUMMARY (when set) gets a table of
findings per rule. agent is for the AI agent that wrote the remixlet: one line
per finding, every text from the files fenced as data between markers that
carry a random nonce. Text on a terminal is in colour unless NO_COLOR is set
(--color always or never decides; FORCE_COLOR forces it). With no PATH, lint
checks the current folder.

Exit status: 0 nothing refused, 1 a finding of severity error (or more
warnings than --max-warnings or a config's maxWarnings allows), 2 could not
run (a path that does not exist or holds no remixlet, an unreadable config).`,
		Example: `  remixlet lint remixlets/hide-promoted
  remixlet lint .
  remixlet lint --max-warnings 0 --format sarif=remixlet.sarif --format text remixlets
  remixlet lint --baseline remixlet-baseline.json remixlets`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Paths = args
			return runLint(opts, std)
		},
	}
	cmd.Flags().StringArrayVarP(&opts.Formats, "format", "f", []string{"text"}, "output `format[=FILE]`: "+strings.Join(report.Formats, ", "))
	cmd.Flags().StringVar(&opts.Config, "config", "", "a config `FILE` that applies on top of every remixlet.config.json found")
	cmd.Flags().StringVar(&opts.Baseline, "baseline", "", "warnings recorded in this `FILE` (remixlet baseline) do not count")
	cmd.Flags().IntVar(&opts.MaxWarnings, "max-warnings", -1, "refuse the run when more than `N` warnings count (0: any warning refuses)")
	cmd.Flags().BoolVarP(&opts.Quiet, "quiet", "q", false, "show errors only (warnings still count for --max-warnings)")
	cmd.Flags().BoolVar(&opts.AllowEmpty, "allow-empty", false, "exit 0 when the paths hold no remixlet (for hooks given every file a commit touches)")
	addColorFlag(cmd, &opts.Color)
	cmd.Flags().BoolVar(&opts.Stdin, "stdin", false, "read the file --stdin-filename names from standard input instead of the disk, and lint its remixlet")
	cmd.Flags().StringVar(&opts.StdinFilename, "stdin-filename", "", "with --stdin: the `PATH` of the file standard input holds (its remixlet, configs and paths in the output are found from it)")
	return cmd
}

type output struct {
	format string
	file   string // "" for standard output
}

func parseFormats(specs []string) ([]output, error) {
	var outs []output
	toStdout := 0
	files := map[string]string{} // cleaned file name → the format written there
	for _, spec := range specs {
		format, file, _ := strings.Cut(spec, "=")
		if !report.ValidFormat(format) {
			return nil, fmt.Errorf("unknown format %q: use %s%s", format, strings.Join(report.Formats, ", "), hint(format, report.Formats))
		}
		if file == "" {
			toStdout++
		} else if other, ok := files[filepath.Clean(file)]; ok {
			// The second would overwrite the first without a word.
			return nil, fmt.Errorf("--format %s and --format %s both write to %s: give each its own file", other, format, file)
		} else {
			files[filepath.Clean(file)] = format
		}
		outs = append(outs, output{format, file})
	}
	if toStdout > 1 {
		return nil, fmt.Errorf("more than one format writes to standard output: give all but one a file, as in --format sarif=out.sarif")
	}
	return outs, nil
}

// lessGC lets a lint run grow its heap further between collections
// (GOGC=400 unless the user set GOGC), under a soft limit of 160 MiB:
// parsing allocates heavily and the process is short-lived, so collecting
// less often saves a quarter of the time of linting large scripts, and the
// limit keeps a run over any number of remixlets under 200 MiB resident
// (the collector runs more often only near it, as the heap of a script at
// its cap can reach it).
func lessGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(160 << 20)
	}
}

func runLint(opts *lintOptions, std streams) error {
	outs, err := parseFormats(opts.Formats)
	if err != nil {
		return err
	}
	if opts.MaxWarnings < -1 {
		return fmt.Errorf("--max-warnings takes a number of warnings, 0 or more")
	}
	if err := checkColorMode(opts.Color); err != nil {
		return err
	}
	overlay, err := stdinOverlay(opts, std)
	if err != nil {
		return err
	}
	if len(opts.Paths) == 0 {
		opts.Paths = []string{"."} // the current folder, as ESLint and golangci-lint do
	}
	lessGC()
	// Each output is written as the results come (in order, checked in
	// parallel), so a run over many remixlets keeps none of them.
	var outputs []*openOutput
	defer func() {
		for _, o := range outputs {
			o.close()
		}
	}()
	var notChecked []string // why folders could not be checked, for standard error
	checked := 0
	textOnStdout := false
	run, err := workspace.Stream(workspace.Options{
		Paths: opts.Paths, Config: opts.Config, Baseline: opts.Baseline,
		MaxWarnings: opts.MaxWarnings, AllowEmpty: opts.AllowEmpty, Overlay: overlay,
	}, workspace.Sink{
		Begin: func(h workspace.Head) error {
			head := report.Head{Tool: reportTool(), Sources: configSources(h.Configs), Disjoint: h.Disjoint}
			for _, o := range outs {
				textOnStdout = textOnStdout || (o.file == "" && o.format == "text")
				ro := report.Options{Quiet: opts.Quiet, Color: o.file == "" && o.format == "text" && useColor(std.Out, opts.Color)}
				oo, err := openReport(o, head, ro, std)
				if err != nil {
					return err
				}
				outputs = append(outputs, oo)
				if o.format == "github" {
					if oo, err = openStepSummary(head); err != nil {
						return err
					} else if oo != nil {
						outputs = append(outputs, oo)
					}
				}
			}
			return nil
		},
		Result: func(r *analysis.Result) error {
			checked++
			if r.Err != nil {
				notChecked = append(notChecked, safetext.Sprintf("remixlet: %s: could not check: %s\n", r.Dir, r.Err))
			}
			for _, o := range outputs {
				if err := o.stream.Result(r); err != nil {
					return o.failed(err)
				}
			}
			return nil
		},
	})
	if err != nil {
		return err
	}
	if checked == 0 { // --allow-empty, and nothing to check
		safetext.Fprintf(std.ErrOut, "remixlet: nothing to check: no remixlet among the paths given\n")
		return nil
	}
	end := reportEnd(run, opts.Baseline)
	for _, o := range outputs {
		if err := o.finish(end); err != nil {
			return err
		}
	}
	if !textOnStdout {
		// The text output says why a folder could not be checked; when it
		// does not go to the terminal, say it once here.
		for _, line := range notChecked {
			io.WriteString(std.ErrOut, line)
		}
	}
	switch {
	case run.CouldNotCheck():
		return exitError{exitUsage}
	case run.Refused():
		return exitError{exitRefused}
	}
	return nil
}

// maxStdin bounds what --stdin reads: more than any stored file may be.
const maxStdin = 16 << 20

// stdinOverlay reads standard input as the file --stdin-filename names,
// and makes that file the path to lint (its folder, when the file is not
// on disk yet).
func stdinOverlay(opts *lintOptions, std streams) (map[string][]byte, error) {
	switch {
	case !opts.Stdin && opts.StdinFilename == "":
		return nil, nil
	case !opts.Stdin:
		return nil, fmt.Errorf("--stdin-filename names the file standard input holds: give --stdin too")
	case opts.StdinFilename == "":
		return nil, fmt.Errorf("--stdin needs --stdin-filename PATH: the file standard input holds, so lint knows its remixlet and configs")
	case len(opts.Paths) > 0:
		return nil, fmt.Errorf("with --stdin, lint checks the remixlet of --stdin-filename: give no other PATH")
	}
	abs, err := filepath.Abs(opts.StdinFilename)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(std.In, maxStdin+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read standard input: %s", describeErr(err))
	}
	if len(data) > maxStdin {
		return nil, fmt.Errorf("standard input holds more than 16 MiB: no file of a remixlet is that large")
	}
	opts.Paths = []string{opts.StdinFilename}
	if _, err := os.Stat(abs); err != nil {
		opts.Paths = []string{filepath.Dir(opts.StdinFilename)}
	}
	return map[string][]byte{abs: data}, nil
}

// configSources are the config files with findings of their own, as the
// reports show them.
func configSources(configs []*config.File) []report.Source {
	var out []report.Source
	for _, f := range configs {
		if len(f.Findings) > 0 {
			out = append(out, configSource(f))
		}
	}
	return out
}

// reportEnd is what the reports print after the last result.
func reportEnd(run *workspace.Run, baselineFile string) report.End {
	end := report.End{
		Baseline:   baselineFile,
		Baselined:  run.Baseline.Matched,
		Stale:      run.Baseline.Stale,
		Suppressed: run.Suppressed,
	}
	for _, l := range run.Limits {
		end.Limits = append(end.Limits, report.Limit{Max: l.Max, From: l.From, Warnings: l.Warnings})
	}
	return end
}

func configSource(f *config.File) report.Source {
	return report.Source{Path: f.Path, Data: f.Source, Findings: f.Findings}
}

// writeOutput writes a whole run's report to one --format output.
func writeOutput(o output, in *report.Input, ro report.Options, std streams) error {
	oo, err := openReport(o, in.Head(), ro, std)
	if err != nil {
		return err
	}
	defer oo.close()
	for _, r := range in.Results {
		if err := oo.stream.Result(r); err != nil {
			return oo.failed(err)
		}
	}
	return oo.finish(in.End)
}

// openOutput is a report being written: to standard output, a file named
// with --format FORMAT=FILE, or the GitHub step summary.
type openOutput struct {
	stream *report.Stream
	file   *os.File // nil for standard output
	what   string   // how a write error names it
}

// openReport starts one --format output.
func openReport(o output, head report.Head, ro report.Options, std streams) (*openOutput, error) {
	oo := &openOutput{what: "the " + o.format + " output"}
	var w io.Writer = std.Out
	if o.file != "" {
		f, err := os.Create(o.file)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("cannot write %s: its folder does not exist", o.file)
			}
			return nil, fmt.Errorf("cannot write the %s output: %s", o.format, describeErr(err))
		}
		oo.file, w = f, f
	}
	s, err := report.NewStream(w, o.format, head, ro)
	if err != nil {
		oo.close()
		return nil, oo.failed(err)
	}
	oo.stream = s
	return oo, nil
}

// openStepSummary starts the run's summary for the GitHub step summary,
// when the job has one (nil when it has none).
func openStepSummary(head report.Head) (*openOutput, error) {
	path := os.Getenv("GITHUB_STEP_SUMMARY")
	if path == "" {
		return nil, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("the step summary (GITHUB_STEP_SUMMARY) %s", describeErr(err))
	}
	oo := &openOutput{file: f, what: "the step summary (GITHUB_STEP_SUMMARY)"}
	if oo.stream, err = report.NewStepSummary(f, head); err != nil {
		oo.close()
		return nil, oo.failed(err)
	}
	return oo, nil
}

// failed says which output a write error came from.
func (o *openOutput) failed(err error) error {
	if o.file == nil {
		return err
	}
	return fmt.Errorf("cannot write %s: %s", o.what, describeErr(err))
}

// finish writes what comes after the last result and closes the file.
func (o *openOutput) finish(end report.End) error {
	if err := o.stream.Close(end); err != nil {
		return o.failed(err)
	}
	if o.file == nil {
		return nil
	}
	f := o.file
	o.file = nil
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %s", o.what, describeErr(err))
	}
	return nil
}

func (o *openOutput) close() {
	if o.file != nil {
		o.file.Close()
		o.file = nil
	}
}

// colorModes are what --color takes.
var colorModes = []string{"auto", "always", "never"}

// addColorFlag adds --color to a command that prints the text report.
func addColorFlag(c *cobra.Command, mode *string) {
	c.Flags().StringVar(mode, "color", "auto", "colour the text on standard output: `WHEN` is auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
}

// checkColorMode refuses a --color value it does not know.
func checkColorMode(mode string) error {
	if slices.Contains(colorModes, mode) {
		return nil
	}
	return fmt.Errorf("--color takes auto, always or never, not %q%s", mode, hint(mode, colorModes))
}

// useColor reports whether text to w should be in colour (colorAllowed).
func useColor(w io.Writer, mode string) bool {
	f, ok := fileOf(w)
	return colorAllowed(mode, ok && term.IsTerminal(int(f.Fd())), os.Getenv)
}

// colorAllowed decides colour: --color always or never decides; for auto,
// FORCE_COLOR set to anything but "" or "0" turns it on (force-color.org),
// then NO_COLOR set to anything turns it off (no-color.org), and otherwise
// a terminal whose TERM is not "dumb" gets colour.
func colorAllowed(mode string, terminal bool, getenv func(string) string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if v := getenv("FORCE_COLOR"); v != "" && v != "0" {
		return true
	}
	return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}
