package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/internal/safetext"
)

type versionOptions struct {
	Format string
}

func newVersionCmd(std streams) *cobra.Command {
	opts := &versionOptions{}
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the toolchain's version, its esbuild, its rule table and the API releases it knows",
		Long: `Print which remixlet this is, so a CI log says exactly which checks ran: the
version and commit it was built from, the esbuild version its script checks
parse with, the number of rules and the SHA-256 of the rule table (every
rule's id, severity, title, why and fix), and the remixlet API releases it
knows.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return runVersion(opts, std) },
	}
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	return cmd
}

func runVersion(opts *versionOptions, std streams) error {
	info := buildinfo.ReadKnowing(ruleTable)
	switch opts.Format {
	case "json":
		enc := json.NewEncoder(std.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(info)
	case "text":
		built := info.Go + ", " + info.Platform
		if info.Commit != "" {
			built = "commit " + info.Commit + ", " + built
		}
		_, err := safetext.Fprintf(std.Out, "remixlet %s (%s)\nesbuild %s\nrules: %d, sha256 %s\nremixlet API: %s to %s\n",
			info.Version, built, info.Esbuild, info.Rules.Count, info.Rules.SHA256, info.API.Oldest, info.API.Current)
		return err
	}
	return fmt.Errorf("unknown format %q: use text or json", opts.Format)
}
