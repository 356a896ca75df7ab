package main

import (
	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/internal/safetext"
)

type initOptions struct {
	Dir string
}

func newInitCmd(std streams) *cobra.Command {
	opts := &initOptions{}
	return &cobra.Command{
		Use:   "init DIR",
		Short: "Write a working source folder to start a remixlet from",
		Long: `Write a small source folder into DIR, which must be new or empty: a manifest
with a permission and its reason, src/main.ts and a module it imports,
style.css, a tsconfig.json for editors, and remixlet.d.ts, the type
declarations of the dom and rmx APIs. It builds as it is:

  remixlet init my-remixlet && remixlet build my-remixlet out

Exit status: 0 written, 2 could not run (DIR is not empty).`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runInit(opts, std)
		},
	}
}

func runInit(opts *initOptions, std streams) error {
	names, err := bundle.Init(opts.Dir)
	if err != nil {
		return err
	}
	for _, n := range names {
		safetext.Fprintf(std.Out, "wrote %s/%s\n", opts.Dir, n)
	}
	_, err = safetext.Fprintf(std.Out, "next: edit %s/src/main.ts, then run: remixlet build %s OUT\n", opts.Dir, opts.Dir)
	return err
}
