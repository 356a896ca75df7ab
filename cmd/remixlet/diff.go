package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/decision"
)

type diffOptions struct {
	Old      string // "" for a new remixlet
	New      string
	ChatSite string
	Allowed  []string
	Format   string
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

The output lists permissions added and removed with their reasons, sites added
and removed (with an address each new one reaches), network rules added,
removed and changed by id, and whether script.js and style.css changed; then
the decision, why, and the dialog's text.

Exit status: 0 activates without a question, 1 refused, 3 a dialog must ask
first, 2 could not run.`,
		Example: `  remixlet diff running/ new/ --chat-site https://news.example.com/
  remixlet diff new/ --chat-site https://news.example.com/ --allowed storage`,
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
	return cmd
}

func runDiff(opts *diffOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	// The same decision the WebAssembly build makes: the new files get
	// every check lint makes, so it never says "activate" for files lint
	// refuses.
	req := decision.Request{Allowed: opts.Allowed, ChatSite: opts.ChatSite}
	var err error
	if req.New, err = analysis.Load(opts.New); err != nil {
		return err
	}
	if opts.Old != "" {
		if req.Running, err = analysis.Load(opts.Old); err != nil {
			return err
		}
	}
	d, err := decision.Make(req)
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
