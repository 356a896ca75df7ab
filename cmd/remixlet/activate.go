package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/internal/safetext"
)

type activateOptions struct {
	storeOptions
	Dir      string
	Approval string
	ID       string // optional: the remixlet the caller means
}

func newActivateCmd(std streams) *cobra.Command {
	opts := &activateOptions{}
	cmd := &cobra.Command{
		Use:   "activate DIR --approval TOKEN",
		Short: "Check the approval and the files again, then store the version",
		Long: `Read the folder again, compute its digest, check it with every analyzer, and
check the approval: it must be known, unused, not expired, not issued in the
future (a clock that went backwards), for these exact files, for this remixlet
(--id, when given), decided against the version that runs now, and cover every
permission the manifest asks for beyond the running version's. Then use the
approval up and store the files as the remixlet's next version, in one atomic
step.

Any attempt that finds the approval unused uses it up, refused or not: a token
allows one try, so it cannot be tried against other files. activate never
creates a store: without one there is no approval to use.
` + storeHelp + `

Exit status: 0 stored, 1 refused, 2 could not run, or stored (or refused)
and then the disk reported an error: the message says which, and whether
the change is known to be kept.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runActivate(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.Approval, "approval", "", "the `token` remixlet approve printed (required)")
	cmd.Flags().StringVar(&opts.ID, "id", "", "refuse unless the approval is for this remixlet `id`")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runActivate(opts *activateOptions, std streams) error {
	if opts.Approval == "" {
		return fmt.Errorf("activate needs --approval TOKEN: the token remixlet approve printed")
	}
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	v, err := flow.Activate(opts.Dir, opts.Approval, opts.ID)
	check := "remixlet list" + opts.storeArg()
	if v != nil {
		safetext.Fprintf(std.Out, "activated %s version %d (%s)\n", v.Remixlet, v.Number, v.Digest)
		check = "remixlet history " + v.Remixlet + opts.storeArg()
	} else if opts.ID != "" {
		check = "remixlet history " + opts.ID + opts.storeArg()
	}
	if err != nil {
		return storeFailure(std, err, check)
	}
	return nil
}
