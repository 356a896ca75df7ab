package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/internal/safetext"
)

type listOptions struct {
	storeOptions
	Format string
}

func newListCmd(std streams) *cobra.Command {
	opts := &listOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "The stored remixlets: their running version, sites and permissions",
		Long: `List every remixlet in the version store, by id: the version that runs, when it
was stored (RFC 3339, UTC), how many versions it has, the sites it runs on and
the permissions it holds. The whole store is checked as it is read.
` + storeHelp + `

Exit status: 0 listed (an empty or missing store lists nothing), 2 could not
run.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runList(opts, std)
		},
	}
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runList(opts *listOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	list, err := flow.List()
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return writeJSON(std, struct {
			Store     string             `json:"store"`
			Remixlets []approval.Summary `json:"remixlets"`
		}{flow.Store.Dir, list})
	}
	var b strings.Builder
	if len(list) == 0 {
		safetext.Fprintf(&b, "the store %s holds no remixlets\n", flow.Store.Dir)
	}
	for i, s := range list {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s  %q\n", s.ID, s.Name)
		safetext.Fprintf(&b, "  running: version %d of %d, stored %s (%s)\n", s.Running, s.Versions, stamp(s.Time), s.Digest)
		safetext.Fprintf(&b, "  sites: %s\n", strings.Join(s.Sites, ", "))
		safetext.Fprintf(&b, "  permissions: %s\n", orNone(s.Permissions))
	}
	_, err = fmt.Fprint(std.Out, b.String())
	return err
}
