package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/store"
)

type restoreOptions struct {
	storeOptions
	ID          string
	Version     int
	Yes         bool
	Interactive bool // standard input is a terminal: ask there
}

func newRestoreCmd(io streams) *cobra.Command {
	opts := &restoreOptions{}
	cmd := &cobra.Command{
		Use:   "restore ID VERSION",
		Short: "Store an older version again as the newest",
		Long: `Bring back version VERSION of remixlet ID. It shows that version's permissions
with the reasons stored in them, checks its files again with today's analyzers
and API window, and, once confirmed (--yes, or y typed on a terminal), stores
them as a new version. History is never rewritten: the versions in between
stay.
` + storeHelp + `

Exit status: 0 restored, 1 refused by today's checks or not confirmed,
2 no such version or could not run.`,
		Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			n, err := parseVersionNumber(args[1])
			if err != nil {
				return err
			}
			opts.Version = n
			opts.Interactive = isTerminal(io.In)
			return runRestore(opts, io)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the person read the permissions and allows them")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runRestore(opts *restoreOptions, io streams) error {
	export := &exportOptions{storeOptions: opts.storeOptions, ID: opts.ID, Version: opts.Version}
	v, err := export.version()
	if err != nil {
		return err
	}
	s, err := opts.open()
	if err != nil {
		return err
	}

	// The one place the reasons the model wrote are shown: restoring
	// brings back permissions the person approved long ago, and the
	// reasons are what tells them apart.
	fmt.Fprintf(io.Out, "Version %d of %s, stored %s (%s), asks for:\n", v.Number, v.Remixlet, v.Time.UTC().Format("2006-01-02 15:04:05 UTC"), v.Digest)
	m := manifestOf(&activation.Version{Files: v.Files})
	if m == nil || len(m.Permissions) == 0 {
		fmt.Fprintln(io.Out, "  no permissions")
	} else {
		for _, p := range m.Permissions {
			fmt.Fprintf(io.Out, "  %s\n      reason: %q\n", p.Name, p.Reason)
		}
	}

	// Today's checks, on the files exactly as a folder would hold them.
	tmp, err := os.MkdirTemp("", "remixlet-restore-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dir := tmp + string(os.PathSeparator) + "files"
	if err := writeVersion(v, dir); err != nil {
		return err
	}
	c, err := check(dir)
	if err != nil {
		return err
	}
	if len(c.errors) > 0 {
		if err := c.writeFindings(io.Out); err != nil {
			return err
		}
		return refuse(io, finding.New(store.RuleRefused, "", finding.Position{}, "version %d of %s does not pass today's checks (%d errors above): it cannot be restored; approve and activate a fixed version instead", v.Number, v.Remixlet, len(c.errors)))
	}
	sum, err := digest.Package(c.result.Package)
	if err != nil {
		return err
	}

	if !opts.Yes && !confirm(io, opts.Interactive, fmt.Sprintf("Restore version %d with these permissions?", v.Number)) {
		return refuse(io, finding.New(store.RuleNotConfirmed, "", finding.Position{}, "nothing was restored: read the permissions above, then run again with --yes if the person allows them"))
	}
	restored, err := s.Restore(opts.ID, opts.Version, sum)
	if errors.Is(err, store.ErrNoVersion) {
		return fmt.Errorf("version %d of %s is gone: it was deleted meanwhile", opts.Version, opts.ID)
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(io.Out, "restored version %d of %s as version %d (%s)\n", opts.Version, opts.ID, restored.Number, restored.Digest)
	return err
}
