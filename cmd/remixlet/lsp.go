package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/langserver"
)

type lspOptions struct {
	Config   string
	Baseline string
	Stdio    bool
}

func newLSPCmd(std streams) *cobra.Command {
	opts := &lspOptions{}
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for editors, over standard input and output",
		Long: `Run a Language Server Protocol server over standard input and output, for an
editor to start (docs/editors.md says how in VS Code, Neovim, Helix and Zed).

It lints what the editor shows, unsaved changes included, with the same core
as remixlet lint: the configs from each remixlet up to the repository root,
inline suppressions, and the baseline (--baseline FILE, or
remixlet-baseline.json at the repository root). Diagnostics come for
manifest.json, script.js, style.css, rules.json, remixlet.config.json and a
source folder's modules, on open, change and save. Hover on a finding gives
the rule's why and what to do instead; hover on a dom or rmx member its API
entry. Code actions add the permission a call needs (with its reason to
write) and remove a permission nothing uses.

Exit status: 0 after the editor asked it to shut down and exit, 1 when the
editor exited without asking, 2 could not run.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runLSP(opts, std) },
	}
	cmd.Flags().StringVar(&opts.Config, "config", "", "a config `FILE` that applies on top of every remixlet.config.json found")
	cmd.Flags().StringVar(&opts.Baseline, "baseline", "", "warnings recorded in this `FILE` do not count (default: remixlet-baseline.json at the repository root, if there is one)")
	cmd.Flags().BoolVar(&opts.Stdio, "stdio", true, "speak over standard input and output (the only transport; editors that pass --stdio may)")
	return cmd
}

func runLSP(opts *lspOptions, std streams) error {
	lessGC()
	// Standard output is the protocol's stream to the editor, not text for
	// a terminal: it goes out as written (the base protocol's \r\n headers
	// included). The server makes each message's text harmless itself.
	out := std.Out
	if b, ok := out.(interface{ Unwrap() io.Writer }); ok {
		out = b.Unwrap()
	}
	err := langserver.Serve(context.Background(), std.In, out, langserver.Options{Config: opts.Config, Baseline: opts.Baseline, Version: toolVersion()})
	if err != nil {
		return exitErrorf(exitRefused, std, "%v", err)
	}
	return nil
}
