package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/report"
	"github.com/remixlet/remixlet/workspace"
)

type buildOptions struct {
	Src, Out string
	Minify   bool
	Force    bool
	Watch    bool
	Formats  []string
	Config   string
	Color    string // --color: auto, always or never

	configs       []report.Source // config files with findings of their own
	configRefused bool            // a config file has errors: nothing is written
}

func newBuildCmd(std streams) *cobra.Command {
	opts := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build SRC OUT",
		Short: "Bundle a source folder into a checked stored remixlet",
		Long: `Bundle the source folder SRC into the stored form in OUT (manifest.json,
script.js, style.css, rules.json), run every lint check on the built files,
and write OUT only if nothing is refused. The digest of what was written is
the last line of the output.

SRC holds manifest.json; the script's entry src/main.ts (or src/main.js),
which may import local TypeScript, JavaScript and JSON modules and packages
in SRC/node_modules; the stylesheet style.css, which may @import local CSS
files; rules.json, copied as it is; and tsconfig.json, if any. Imports of
addresses, Node.js built-ins, files outside SRC and links are refused at the
import. The same SRC gives the same bytes and digest on every machine.

Every remixlet.config.json from SRC up to the repository root applies, as
in remixlet lint (and --config FILE), with the inline suppressions in the
source files. Findings point at the source file, line and column; the
position in the built file is in the message. OUT is written atomically, and an OUT that is
not a previous build's output is not replaced without --force.

--watch builds again on every change to SRC, printing findings each time,
until Ctrl-C.

Exit status: 0 written, 1 refused (nothing written), 2 could not run.`,
		Example: `  remixlet init my-remixlet && remixlet build my-remixlet out
  remixlet build --minify examples/reading-list dist/reading-list
  remixlet build --watch my-remixlet out`,
		Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Src, opts.Out = args[0], args[1]
			return runBuild(opts, std)
		},
	}
	cmd.Flags().BoolVar(&opts.Minify, "minify", false, "shorten the output by its syntax (constants folded, dead code dropped); whitespace and names are always kept, so the stored code stays readable")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace OUT even when it is not a previous build's output")
	cmd.Flags().StringVar(&opts.Config, "config", "", "a `FILE` like remixlet.config.json that applies on top of those found from SRC up")
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "build again on every change to SRC, until Ctrl-C")
	addColorFlag(cmd, &opts.Color)
	cmd.Flags().StringArrayVarP(&opts.Formats, "format", "f", []string{"text"}, "findings `format[=FILE]`: "+strings.Join(report.Formats, ", ")+" (the digest line follows text on standard output, else goes to standard error)")
	return cmd
}

func runBuild(opts *buildOptions, std streams) error {
	outs, err := parseFormats(opts.Formats)
	if err != nil {
		return err
	}
	if err := checkColorMode(opts.Color); err != nil {
		return err
	}
	lessGC()
	configs, err := workspace.NewConfigs("", opts.Config)
	if err != nil {
		return err
	}
	src, err := filepath.Abs(opts.Src)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.Src, err)
	}
	pol, err := configs.PolicyFor(src)
	if err != nil {
		return err
	}
	for _, f := range configs.Files() {
		if len(f.Findings) > 0 {
			opts.configs = append(opts.configs, configSource(f))
		}
		opts.configRefused = opts.configRefused || finding.HasErrors(f.Findings)
	}
	bopts := bundle.Options{Minify: opts.Minify, Policy: pol}
	wopts := bundle.WriteOptions{Force: opts.Force}
	if opts.Watch && opts.configRefused {
		in := &report.Input{Tool: reportTool(), Sources: opts.configs}
		for _, o := range outs {
			if err := writeOutput(o, in, report.Options{}, std); err != nil {
				return err
			}
		}
		safetext.Fprintf(std.ErrOut, "remixlet: a config file that applies to %s has errors: fix it, then watch again\n", opts.Src)
		return exitError{exitRefused}
	}
	if opts.Watch {
		// A folder that cannot be built at all is said before watching
		// starts, as without --watch.
		b, openErr := bundle.New(opts.Src, bopts)
		if openErr != nil {
			return fmt.Errorf("%s: %w", opts.Src, openErr)
		}
		b.Close()
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		safetext.Fprintf(std.ErrOut, "remixlet: watching %s for changes; Ctrl-C stops\n", opts.Src)
		err := bundle.Watch(ctx, opts.Src, opts.Out, bopts, wopts, func(res *bundle.Result, werr error) {
			safetext.Fprintf(std.ErrOut, "\nremixlet: built at %s\n", time.Now().Format("15:04:05"))
			printBuild(std, outs, opts, res, werr)
		})
		if err != nil {
			return fmt.Errorf("%s: %w", opts.Src, err)
		}
		safetext.Fprintln(std.ErrOut, "remixlet: stopped watching")
		return nil
	}
	res, err := bundle.Build(opts.Src, bopts)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.Src, err)
	}
	var werr error
	if !res.Refused() && !opts.configRefused {
		werr = res.Write(opts.Out, wopts)
	}
	return printBuild(std, outs, opts, res, werr)
}

// reportTool names the program in the reports of build and lint.
func reportTool() report.Tool {
	return report.Tool{Name: "remixlet", Version: toolVersion(), URI: buildinfo.Homepage}
}

// printBuild prints a build's findings and, when it was written, the
// digest; it returns the exit status as an error.
func printBuild(std streams, outs []output, opts *buildOptions, res *bundle.Result, werr error) error {
	tool := reportTool()
	results := []*analysis.Result{res.Report()}
	textOut := false
	for _, o := range outs {
		if o.file == "" && o.format == "text" {
			textOut = true
		}
		ro := report.Options{Color: o.file == "" && o.format == "text" && useColor(std.Out, opts.Color)}
		in := &report.Input{Tool: tool, Results: results, Sources: opts.configs, End: report.End{Suppressed: res.Suppressed}}
		if err := writeOutput(o, in, ro, std); err != nil {
			return err
		}
	}
	switch {
	case res.Err != nil:
		safetext.Fprintf(std.ErrOut, "remixlet: %s: %v\n", opts.Src, res.Err)
		return exitError{exitUsage}
	case res.Refused():
		safetext.Fprintf(std.ErrOut, "remixlet: %s is refused: nothing was written to %s\n", opts.Src, opts.Out)
		return exitError{exitRefused}
	case opts.configRefused:
		safetext.Fprintf(std.ErrOut, "remixlet: a config file that applies to %s has errors: nothing was written to %s\n", opts.Src, opts.Out)
		return exitError{exitRefused}
	case werr != nil:
		// OUT could not be written, or may not be replaced: could not run.
		safetext.Fprintf(std.ErrOut, "remixlet: %v\n", werr)
		return exitError{exitUsage}
	}
	digestTo := std.Out
	if !textOut {
		digestTo = std.ErrOut
	}
	var names []string
	for _, f := range res.Files {
		names = append(names, f.Name)
	}
	safetext.Fprintf(digestTo, "wrote %s: %s\n%s\n", opts.Out, strings.Join(names, ", "), res.Digest)
	return nil
}
