package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/store"
)

type approveOptions struct {
	storeOptions
	approval.Request
	Yes bool
	// Interactive is set when standard input and standard error are a
	// terminal: a dialog is then asked there instead of needing --yes.
	Interactive bool
}

func newApproveCmd(std streams) *cobra.Command {
	opts := &approveOptions{}
	cmd := &cobra.Command{
		Use:   "approve DIR --id ID",
		Short: "Record an approval bound to the digest of the exact files: single use, ten minutes",
		Long: `Check a stored remixlet folder with every analyzer, make the activation decision
against the running version of remixlet ID (as remixlet diff does), and record
an approval bound to the digest of the exact files. The approval can be used
once, by remixlet activate, within ten minutes.

Standard output carries the token, alone, and only when an approval was
recorded; the decision, the dialog and every refusal go to standard error. A
refusal records nothing. When the decision needs a dialog, approve shows it
and needs --yes, or y typed on a terminal.
` + storeHelp + `

Exit status: 0 approved, 1 refused or not confirmed, 2 could not run, or
recorded and then the disk reported an error (no token is printed then).`,
		Example: `  token=$(remixlet approve new/ --id hide-promoted --chat-site https://news.example.com/)
  remixlet activate new/ --approval "$token"`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			opts.Interactive = isTerminal(std.In, std.ErrOut)
			return runApprove(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.ID, "id", "", "the remixlet's `id` in the store (required)")
	cmd.Flags().StringVar(&opts.ChatSite, "chat-site", "", "the `URL` of the page the chat started on")
	cmd.Flags().StringArrayVar(&opts.Allowed, "allowed", nil, "a `permission` the person allowed in the chat (repeatable)")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the person read the dialog and allows it")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runApprove(opts *approveOptions, std streams) error {
	if opts.ID == "" {
		return fmt.Errorf("approve needs --id ID: the id the remixlet is stored under (new or running), e.g. --id hide-promoted")
	}
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	d, err := flow.Decide(opts.Request)
	if err != nil {
		return err
	}
	// Everything but the token goes to standard error, where the person
	// answers: a script that reads standard output gets the token or
	// nothing.
	if err := d.WriteText(std.ErrOut); err != nil {
		return err
	}
	confirmed := opts.Yes
	if d.Outcome() == activation.Ask && !confirmed {
		confirmed = confirm(std, opts.Interactive, "Allow and apply?")
	}
	a, err := flow.Approve(d, confirmed)
	var after *store.AfterChangeError
	switch {
	case errors.As(err, &after):
		// The token is printed only for an approval known to be kept.
		safetext.Fprintf(std.ErrOut, "remixlet: %s; the approval's token is not printed, so it will expire unused: approve again once the disk is fixed\n", after)
		return exitError{exitUsage}
	case err != nil && d.Outcome() == activation.Refuse:
		return exitError{exitRefused} // the decision above says why
	case err != nil:
		return printRefusal(std.ErrOut, err)
	}
	safetext.Fprintf(std.ErrOut, "\nApproved %s for %s until %s (single use). Activate with:\n  remixlet activate %s --approval %s%s\n",
		d.New.Digest, opts.ID, stamp(a.Record.ExpiresAt), safetext.ShellQuote(opts.Dir), a.Token, opts.storeArg())
	_, err = safetext.Fprintln(std.Out, a.Token)
	return err
}
