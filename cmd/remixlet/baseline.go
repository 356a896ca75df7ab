package main

import (
	"bytes"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/workspace"
)

type baselineOptions struct {
	Paths  []string
	Config string
}

func newBaselineCmd(std streams) *cobra.Command {
	opts := &baselineOptions{}
	cmd := &cobra.Command{
		Use:   "baseline PATH...",
		Short: "Record today's warnings, so that only new ones count",
		Long: `Lint the remixlets the paths hold (as remixlet lint does, configs and
inline suppressions included) and print a baseline of their warnings, for
'remixlet lint --baseline FILE': warnings it records do not count, new ones
do, and entries that no longer match are reported as stale. Errors are never
recorded.

Run it, and lint, from the same folder (the repository root): a warning is
recorded by its fingerprint, which holds its path from the working folder.

Exit status: 0 the baseline was written, 1 it was written but errors remain
(they are not recorded and still refuse), 2 could not run (nothing is
written).`,
		Example: `  remixlet baseline remixlets > remixlet-baseline.json
  remixlet lint --baseline remixlet-baseline.json remixlets`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Paths = args
			return runBaseline(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.Config, "config", "", "a config `FILE` that applies on top of every remixlet.config.json found")
	return cmd
}

func runBaseline(opts *baselineOptions, std streams) error {
	run, err := workspace.Lint(workspace.Options{Paths: opts.Paths, Config: opts.Config, MaxWarnings: -1})
	if err != nil {
		return err
	}
	for _, r := range run.Results {
		if r.Err != nil {
			return exitErrorf(exitUsage, std, "%s: could not check: %s; no baseline was written", r.Dir, r.Err)
		}
	}
	b := baseline.Make(run.Results)
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		return err
	}
	if _, err := std.Out.Write(buf.Bytes()); err != nil {
		return err
	}
	errs := 0
	count := func(fs []finding.Finding) {
		for _, f := range fs {
			if f.Severity == finding.Error {
				errs++
			}
		}
	}
	for _, r := range run.Results {
		count(r.Findings)
	}
	for _, f := range run.Configs {
		count(f.Findings)
	}
	if errs > 0 {
		return exitErrorf(exitRefused, std, "recorded %d warnings; %d errors are not recorded (errors are never baselined) and still refuse: run 'remixlet lint' to see them", len(b.Warnings), errs)
	}
	return nil
}
