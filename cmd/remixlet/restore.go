package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/store"
)

type restoreOptions struct {
	storeOptions
	ID          string
	Version     int
	Yes         bool
	Interactive bool // standard input and standard error are a terminal: ask there
}

func newRestoreCmd(std streams) *cobra.Command {
	opts := &restoreOptions{}
	cmd := &cobra.Command{
		Use:   "restore ID VERSION",
		Short: "Store an older version again as the newest",
		Long: `Bring back version VERSION of remixlet ID. It shows that version's permissions
with the reasons stored in them, checks its files again with today's analyzers
and API window, and, once confirmed (--yes, or y typed on a terminal), stores
them as a new version. History is never rewritten: the versions in between
stay. A deleted remixlet has no versions to restore.
` + storeHelp + `

Exit status: 0 restored, 1 refused by today's checks or not confirmed,
2 no such version or could not run, or restored and then the disk reported
an error: the message says whether the change is known to be kept.`,
		Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			n, err := parseVersionNumber(args[1])
			if err != nil {
				return err
			}
			opts.Version = n
			opts.Interactive = isTerminal(std.In, std.ErrOut)
			return runRestore(opts, std)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the person read the permissions and allows them")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runRestore(opts *restoreOptions, std streams) error {
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	plan, err := flow.PlanRestore(opts.ID, opts.Version)
	var refused *decision.Refusal
	if err != nil && !errors.As(err, &refused) {
		return err
	}
	v := plan.Version
	// The one place the reasons the model wrote are shown: restoring
	// brings back permissions the person approved long ago, and the
	// reasons are what tells them apart.
	safetext.Fprintf(std.Out, "Version %d of %s, stored %s (%s), asks for:\n", v.Number, v.Remixlet, stamp(v.Time), v.Digest)
	m := store.Manifest(v)
	if m == nil || len(m.Permissions) == 0 {
		safetext.Fprintln(std.Out, "  no permissions")
	} else {
		for _, p := range m.Permissions {
			fmt.Fprintf(std.Out, "  %s\n      reason: %q\n", p.Name, p.Reason)
		}
	}
	if refused != nil {
		return printRefusal(std.Out, refused)
	}
	confirmed := opts.Yes || confirm(std, opts.Interactive, fmt.Sprintf("Restore version %d with these permissions?", v.Number))
	restored, err := flow.Restore(plan, confirmed)
	if restored != nil {
		safetext.Fprintf(std.Out, "restored version %d of %s as version %d (%s)\n", opts.Version, opts.ID, restored.Number, restored.Digest)
	}
	if err != nil {
		return storeFailure(std, err, "remixlet history "+opts.ID+opts.storeArg())
	}
	return nil
}
