package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/store"
)

type deleteOptions struct {
	storeOptions
	ID string
}

func newDeleteCmd(io streams) *cobra.Command {
	opts := &deleteOptions{}
	cmd := &cobra.Command{
		Use:   "delete ID",
		Short: "Remove a remixlet, every version of it, and every permission it held",
		Long: `Remove remixlet ID and its whole history from the store. Its permissions go
with it: the stored manifests are the record of them, so a remixlet stored
again under the same id starts with none.
` + storeHelp + `

Exit status: 0 deleted, 2 no such remixlet or could not run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			return runDelete(opts, io)
		},
	}
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runDelete(opts *deleteOptions, io streams) error {
	if err := store.CheckID(opts.ID); err != nil {
		return err
	}
	s, err := opts.open()
	if err != nil {
		return err
	}
	n, err := s.Delete(opts.ID)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("the store %s has no remixlet %q", s.Dir, opts.ID)
	}
	_, err = fmt.Fprintf(io.Out, "deleted %s: %d version(s), and with them every permission it held\n", opts.ID, n)
	return err
}
