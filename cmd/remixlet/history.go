package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/store"
)

type historyOptions struct {
	storeOptions
	ID     string
	Format string
}

func newHistoryCmd(std streams) *cobra.Command {
	opts := &historyOptions{}
	cmd := &cobra.Command{
		Use:   "history ID",
		Short: "Every stored version of a remixlet and what each one changed",
		Long: `List every stored version of remixlet ID, oldest first: its number, when it was
stored (RFC 3339, UTC), its digest, how it came (activated with an approval, or
restored from an older version), its permissions, and what changed from the
version before: what it now does and no longer does, in words (remixlet
describe says what one version does), and each network rule added, removed or
changed, in words. The
newest version is the one that runs. The whole store is
checked as it is read.
` + storeHelp + `

Exit status: 0 listed, 2 no such remixlet or could not run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			return runHistory(opts, std)
		},
	}
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func runHistory(opts *historyOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	flow, err := opts.flow()
	if err != nil {
		return err
	}
	entries, err := flow.History(opts.ID)
	if err != nil {
		return err
	}
	if opts.Format == "json" {
		return writeJSON(std, struct {
			Remixlet string           `json:"remixlet"`
			Versions []approval.Entry `json:"versions"`
		}{opts.ID, entries})
	}
	var b strings.Builder
	safetext.Fprintf(&b, "%s: %s, the newest runs\n", opts.ID, versionsWord(len(entries)))
	for _, e := range entries {
		how := "activated with an approval"
		if e.RestoredFrom > 0 {
			how = fmt.Sprintf("restored from version %d", e.RestoredFrom)
		}
		running := ""
		if e.Running {
			running = "  (running)"
		}
		safetext.Fprintf(&b, "\nversion %d  %s  %s%s\n", e.Version, stamp(e.Time), e.Digest, running)
		safetext.Fprintf(&b, "  %s\n", how)
		safetext.Fprintf(&b, "  sites: %s\n", strings.Join(e.Matches, ", "))
		safetext.Fprintf(&b, "  permissions: %s\n", orNone(e.Permissions))
		from := "changes"
		if e.Version == entries[0].Version {
			from = "first version"
		}
		safetext.Fprintf(&b, "  %s: %s\n", from, e.Changes.Summary())
		for _, line := range e.Changes.CapabilityLines() {
			safetext.Fprintf(&b, "    %s\n", line)
		}
		for _, line := range e.Changes.Rules.Lines() {
			safetext.Fprintf(&b, "    %s\n", line)
		}
	}
	_, err = fmt.Fprint(std.Out, b.String())
	return err
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

func writeJSON(std streams, v any) error {
	enc := json.NewEncoder(std.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// permissionNames are a stored version's permissions.
func permissionNames(v *store.Version) []string { return store.Permissions(v) }
