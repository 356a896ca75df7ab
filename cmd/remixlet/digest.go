package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/internal/safetext"
)

type digestOptions struct {
	Dir string
}

func newDigestCmd(std streams) *cobra.Command {
	opts := &digestOptions{}
	return &cobra.Command{
		Use:   "digest DIR",
		Short: "Print the digest of a stored remixlet's exact files",
		Long: `Print the digest an approval is bound to: Go's dirhash "h1:" format, the
base64 SHA-256 of the sorted "sha256-hex  name" lines of the files. This
prints the same SHA-256 in hex:

  cd DIR && sha256sum $(ls) | sha256sum

It is computed from the bytes the loader read, after it refused links, folders
and any file the stored form does not have. A folder it refuses has no digest.

Exit status: 0 printed, 1 the folder is refused, 2 could not run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runDigest(opts, std)
		},
	}
}

func runDigest(opts *digestOptions, std streams) error {
	pkg, err := analysis.Load(opts.Dir)
	if err != nil {
		return err
	}
	sum, err := digest.Package(pkg)
	var refused *digest.RefusedError
	if errors.As(err, &refused) {
		return reportRefused(std, refused)
	}
	if err != nil {
		return err
	}
	_, err = safetext.Fprintln(std.Out, sum)
	return err
}

// reportRefused prints what the loader refused and returns exit status 1.
func reportRefused(std streams, refused *digest.RefusedError) error {
	for _, f := range refused.Findings {
		safetext.Fprintln(std.Out, f)
	}
	safetext.Fprintf(std.ErrOut, "remixlet: %v\n", refused)
	return exitError{exitRefused}
}
