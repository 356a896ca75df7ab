package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/internal/safetext"
)

type deleteOptions struct {
	storeOptions
	ID          string
	Yes         bool
	Interactive bool // standard input and standard error are a terminal: ask there
}

func newDeleteCmd(std streams) *cobra.Command {
	opts := &deleteOptions{}
	cmd := &cobra.Command{
		Use:   "delete ID",
		Short: "Remove a remixlet, every version of it, and every permission it held",
		Long: `Remove remixlet ID and its whole history from the store, once confirmed
(--yes, or y typed on a terminal). Its permissions go with it: the stored
manifests are the record of them, so a remixlet stored again under the same id
starts with none. Every approval issued for it, used or not, is revoked, and
the store is rewritten so that none of its bytes remain in the store folder.
` + storeHelp + `

Exit status: 0 deleted, 1 not confirmed, 2 no such remixlet or could not
run, or deleted and then the disk reported an error: the message says
whether the change is known to be kept.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			opts.Interactive = isTerminal(std.In, std.ErrOut)
			return runDelete(opts, std)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the person wants the remixlet and its history gone")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runDelete(opts *deleteOptions, std streams) error {
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	v, err := flow.Version(opts.ID, 0)
	if err != nil {
		return err
	}
	perms := "no permissions"
	if ps := permissionNames(v); len(ps) > 0 {
		perms = "the permissions " + strings.Join(ps, ", ")
	}
	safetext.Fprintf(std.Out, "Delete %s: %s, running version %d, and with it %s.\n", opts.ID, versionsWord(v.Number), v.Number, perms)
	confirmed := opts.Yes || confirm(std, opts.Interactive, fmt.Sprintf("Delete %s and its whole history?", opts.ID))
	n, err := flow.Delete(opts.ID, confirmed)
	if n > 0 {
		safetext.Fprintf(std.Out, "deleted %s: %s, and with them every permission it held and every approval issued for it\n", opts.ID, versionsWord(n))
	}
	if err != nil {
		return storeFailure(std, err, "remixlet history "+opts.ID+opts.storeArg())
	}
	return nil
}

func versionsWord(n int) string {
	if n == 1 {
		return "1 version"
	}
	return fmt.Sprintf("%d versions", n)
}
