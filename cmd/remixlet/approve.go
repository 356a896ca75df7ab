package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/store"
)

type approveOptions struct {
	storeOptions
	Dir      string
	ID       string
	ChatSite string
	Allowed  []string
	Yes      bool
	// Interactive is set when standard input is a terminal: a dialog is
	// then asked there instead of needing --yes.
	Interactive bool
}

func newApproveCmd(io streams) *cobra.Command {
	opts := &approveOptions{}
	cmd := &cobra.Command{
		Use:   "approve DIR --id ID",
		Short: "Record an approval bound to the digest of the exact files: single use, ten minutes",
		Long: `Check a stored remixlet folder with every analyzer, make the activation decision
against the running version of remixlet ID (as remixlet diff does), and record
an approval bound to the digest of the exact files. The approval can be used
once, by remixlet activate, within ten minutes.

A refusal records nothing. When the decision needs a dialog, approve prints it
and needs --yes (or y typed on a terminal). The token is printed alone on the
last line of standard output.
` + storeHelp + `

Exit status: 0 approved, 1 refused or not confirmed, 2 could not run.`,
		Example: `  token=$(remixlet approve new/ --id hide-promoted --chat-site https://news.example.com/ | tail -n 1)
  remixlet activate new/ --approval "$token"`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			opts.Interactive = isTerminal(io.In)
			return runApprove(opts, io)
		},
	}
	cmd.Flags().StringVar(&opts.ID, "id", "", "the remixlet's `id` in the store (required)")
	cmd.Flags().StringVar(&opts.ChatSite, "chat-site", "", "the `URL` of the page the chat started on")
	cmd.Flags().StringArrayVar(&opts.Allowed, "allowed", nil, "a `permission` the person allowed in the chat (repeatable)")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the person read the dialog and allows it")
	_ = cmd.MarkFlagRequired("id")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runApprove(opts *approveOptions, io streams) error {
	if opts.ID == "" {
		return fmt.Errorf("approve needs --id: the remixlet the approval is for")
	}
	s, c, err := opts.openAndCheck(opts.ID, opts.Dir)
	if err != nil {
		return err
	}
	if len(c.errors) > 0 {
		if err := c.writeFindings(io.Out); err != nil {
			return err
		}
		return refuse(io, finding.New(store.RuleRefused, "", finding.Position{}, "%s does not pass the checks (%d errors above): fix them, then approve again", opts.Dir, len(c.errors)))
	}
	sum, err := digest.Package(c.result.Package)
	if err != nil {
		return err
	}
	running, err := s.Current(opts.ID)
	if err != nil {
		return err
	}
	in := activation.Input{
		New:     &activation.Version{Label: opts.Dir, Digest: sum, Files: c.result.Package.Files},
		Allowed: opts.Allowed, ChatSite: opts.ChatSite,
	}
	labels := activation.Labels{New: opts.Dir, NewDigest: sum}
	if running != nil {
		label := fmt.Sprintf("version %d of %s", running.Number, opts.ID)
		in.Running = &activation.Version{Label: label, Digest: running.Digest, Files: running.Files}
		labels.Running, labels.RunningDigest = label, running.Digest
	}
	d, err := activation.Decide(in)
	if err != nil {
		return err
	}
	if err := activation.WriteText(io.Out, d, labels); err != nil {
		return err
	}
	switch d.Outcome {
	case activation.Refuse:
		return exitError{exitRefused}
	case activation.Ask:
		if !opts.Yes && !confirm(io, opts.Interactive, "Allow and apply?") {
			return refuse(io, finding.New(store.RuleNotConfirmed, "", finding.Position{}, "the dialog above was not confirmed, so nothing was approved: read it, then approve again with --yes if the person allows it"))
		}
	}
	token, a, err := s.Approve(store.ApproveRequest{Remixlet: opts.ID, Digest: sum, Permissions: d.Permissions, Running: running})
	if errors.Is(err, store.ErrRunningChanged) {
		return refuse(io, finding.New(store.RuleRunningChanged, "", finding.Position{}, "%v", err))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "\nApproved %s for %s until %s (single use). Activate with:\n  remixlet activate %s --approval TOKEN\n",
		sum, opts.ID, a.ExpiresAt.Format("15:04:05 MST"), opts.Dir)
	_, err = fmt.Fprintln(io.Out, token)
	return err
}

// refuse prints a refusal and returns exit status 1.
func refuse(io streams, f finding.Finding) error {
	fmt.Fprintln(io.Out, f)
	return exitError{exitRefused}
}
