package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/decision"
)

type diffOptions struct {
	Old      string // "" for a new remixlet, or when ID names the running version
	New      string
	ID       string // compare with this remixlet's running version in the store
	ChatSite string
	Allowed  []string
	Format   string
	storeOptions
}

func newDiffCmd(std streams) *cobra.Command {
	opts := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff [OLD] NEW",
		Short: "What changed in permissions and reach, and the activation decision",
		Long: `Compare a new version of a remixlet (NEW) with the running one (OLD; leave it
out for a new remixlet) and make the activation decision:

  refuse    the new files do not pass every check remixlet lint makes (the
            findings are listed first), or the new manifest has a permission
            that is neither in the running version nor allowed in the chat
            (--allowed)
  dialog    it would run on a site the running version does not (a new host,
            scheme or wider pattern; every site; for a new remixlet, any site
            other than the chat's), its network rules differ, or a remixlet
            that ran on other sites too would now run on just the chat's site
            with permissions it already had
  activate  otherwise: code changes, narrower reach, fewer permissions

With --id, the running version is the one the version store holds for that
remixlet (none yet: a new remixlet), as approve decides.

The output first says what the new version does that the running one did not,
and what it no longer does, in words ("now sends requests, signed in as you, to
api.example.com", "now sets image addresses on cdn.example.net"; remixlet
describe says what one version does); then it lists permissions added and
removed with their reasons, sites added
and removed (with an address each new one reaches), each network rule added,
removed or changed in words, and how script.js and style.css changed; then
the decision, why, and the dialog's text; last, the code that changed as a
unified diff.

Exit status: 0 activates without a question, 1 refused, 3 a dialog must ask
first, 2 could not run.`,
		Example: `  remixlet diff running/ new/ --chat-site https://news.example.com/
  remixlet diff new/ --chat-site https://news.example.com/ --allowed storage
  remixlet diff new/ --id hide-promoted --chat-site https://news.example.com/`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(c *cobra.Command, args []string) error {
			opts.New = args[len(args)-1]
			if len(args) == 2 {
				opts.Old = args[0]
			}
			return runDiff(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.ChatSite, "chat-site", "", "the `URL` of the page the chat started on")
	cmd.Flags().StringArrayVar(&opts.Allowed, "allowed", nil, "a `permission` the person allowed in the chat (repeatable)")
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	cmd.Flags().StringVar(&opts.ID, "id", "", "compare with the running version of the remixlet with this `id` in the version store")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runDiff(opts *diffOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	// The same decision the WebAssembly build makes: the new files get
	// every check lint makes, so it never says "activate" for files lint
	// refuses.
	d, err := opts.decide()
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		err = d.WriteJSON(std.Out)
	} else {
		err = d.WriteText(std.Out)
	}
	if err != nil {
		return err
	}
	if code := d.Outcome().ExitCode(); code != exitOK {
		return exitError{code}
	}
	return nil
}

// decide makes the decision against OLD, the store's running version
// (--id), or nothing (a new remixlet).
func (opts *diffOptions) decide() (*decision.Decision, error) {
	switch {
	case opts.ID != "" && opts.Old != "":
		return nil, errors.New("give either the running version's folder (OLD) or --id, not both")
	case opts.ID != "":
		flow, err := opts.flow()
		if err != nil {
			return nil, err
		}
		d, err := flow.Decide(approval.Request{ID: opts.ID, Dir: opts.New, Allowed: opts.Allowed, ChatSite: opts.ChatSite})
		if err != nil {
			return nil, err
		}
		return d.Decision, nil
	}
	req := decision.Request{Allowed: opts.Allowed, ChatSite: opts.ChatSite}
	var err error
	if req.New, err = analysis.Load(opts.New); err != nil {
		return nil, err
	}
	if opts.Old != "" {
		if req.Running, err = analysis.Load(opts.Old); err != nil {
			return nil, err
		}
	}
	return decision.Make(req)
}
