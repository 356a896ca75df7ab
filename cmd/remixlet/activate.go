package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/store"
)

type activateOptions struct {
	storeOptions
	Dir      string
	Approval string
	ID       string // optional: the remixlet the caller means
}

func newActivateCmd(io streams) *cobra.Command {
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
allows one try, so it cannot be tried against other files.
` + storeHelp + `

Exit status: 0 stored, 1 refused, 2 could not run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runActivate(opts, io)
		},
	}
	cmd.Flags().StringVar(&opts.Approval, "approval", "", "the `token` remixlet approve printed (required)")
	cmd.Flags().StringVar(&opts.ID, "id", "", "refuse unless the approval is for this remixlet `id`")
	_ = cmd.MarkFlagRequired("approval")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runActivate(opts *activateOptions, io streams) error {
	s, c, err := opts.openAndCheck(opts.ID, opts.Dir)
	if err != nil {
		return err
	}
	pkg := c.result.Package
	// The digest covers the files the loader accepted; a folder it refused
	// in part still gets one, so that presenting it uses the approval up.
	sum, err := digest.Files(pkg.Files)
	if err != nil {
		return err
	}
	var permissions []string
	if src, ok := pkg.File(manifest.FileName); ok {
		if m, _ := manifest.Parse(src); m != nil {
			for _, p := range m.Permissions {
				permissions = append(permissions, p.Name)
			}
		}
	}
	v, err := s.Activate(store.ActivateRequest{
		Token: opts.Approval, Remixlet: opts.ID, Digest: sum, Files: pkg.Files,
		Permissions: permissions, Refused: c.errors,
	})
	var refused *store.Refusal
	if errors.As(err, &refused) {
		if len(c.errors) > 0 {
			if err := c.writeFindings(io.Out); err != nil {
				return err
			}
		}
		return refuse(io, refused.Finding)
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(io.Out, "activated %s version %d (%s)\n", v.Remixlet, v.Number, v.Digest)
	return err
}
