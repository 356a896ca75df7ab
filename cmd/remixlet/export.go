package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/internal/safetext"
)

type exportOptions struct {
	storeOptions
	ID      string
	Version int // 0 for the running version
	Out     string
}

func newExportCmd(std streams) *cobra.Command {
	opts := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export ID [VERSION] OUT",
		Short: "Write a stored version back out as a folder",
		Long: `Write version VERSION of remixlet ID (the running version when left out) to the
folder OUT, which must not exist or be empty, so that it can be diffed or
linted. The whole store is checked as it is read.

With two arguments the second is OUT; a number there is taken for a VERSION
without OUT and refused (write ./3 for a folder named 3).
` + storeHelp + `

Exit status: 0 written, 2 no such version or could not run.`,
		Args: cobra.RangeArgs(2, 3),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID, opts.Out = args[0], args[len(args)-1]
			if len(args) == 2 {
				if _, err := strconv.Atoi(args[1]); err == nil {
					return fmt.Errorf("export %s %s: give the folder to write to after the version (remixlet export %s %s OUT); to write the running version into a folder named %s, write ./%s", args[0], args[1], args[0], args[1], args[1], args[1])
				}
			}
			if len(args) == 3 {
				n, err := parseVersionNumber(args[1])
				if err != nil {
					return err
				}
				opts.Version = n
			}
			return runExport(opts, std)
		},
	}
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func parseVersionNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("version %q: give a version number from remixlet history, e.g. 3", s)
	}
	return n, nil
}

func runExport(opts *exportOptions, std streams) error {
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	v, err := flow.Export(opts.ID, opts.Version, opts.Out)
	if err != nil {
		return err
	}
	_, err = safetext.Fprintf(std.Out, "wrote version %d of %s to %s (%s)\n", v.Number, v.Remixlet, opts.Out, v.Digest)
	return err
}
