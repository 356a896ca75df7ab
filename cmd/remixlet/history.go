package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/store"
)

type historyOptions struct {
	storeOptions
	ID     string
	Format string
}

func newHistoryCmd(io streams) *cobra.Command {
	opts := &historyOptions{}
	cmd := &cobra.Command{
		Use:   "history ID",
		Short: "Every stored version of a remixlet and what each one changed",
		Long: `List every stored version of remixlet ID, oldest first: its number, when it was
stored, its digest, how it came (activated with an approval, or restored from
an older version), its permissions, and what changed from the version before.
The newest version is the one that runs. Every version's files are checked
against their digest as they are read.
` + storeHelp + `

Exit status: 0 listed, 2 no such remixlet or could not run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID = args[0]
			return runHistory(opts, io)
		},
	}
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

type historyEntry struct {
	Version      int                 `json:"version"`
	Time         string              `json:"time"`
	Digest       string              `json:"digest"`
	RestoredFrom int                 `json:"restoredFrom,omitempty"`
	Running      bool                `json:"running"`
	Permissions  []string            `json:"permissions"`
	Matches      []string            `json:"matches"`
	Changes      *activation.Changes `json:"changes"`
}

func runHistory(opts *historyOptions, io streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	if err := store.CheckID(opts.ID); err != nil {
		return err
	}
	s, err := opts.open()
	if err != nil {
		return err
	}
	versions, err := s.History(opts.ID)
	if err != nil {
		return err
	}
	if len(versions) == 0 {
		return fmt.Errorf("the store %s has no remixlet %q", s.Dir, opts.ID)
	}
	var entries []historyEntry
	var prev *activation.Version
	for i, v := range versions {
		cur := &activation.Version{Label: fmt.Sprintf("version %d of %s", v.Number, v.Remixlet), Digest: v.Digest, Files: v.Files}
		changes, err := activation.Compare(prev, cur)
		if err != nil {
			return err
		}
		e := historyEntry{
			Version: v.Number, Time: v.Time.UTC().Format("2006-01-02 15:04:05 UTC"), Digest: v.Digest,
			RestoredFrom: v.RestoredFrom, Running: i == len(versions)-1, Changes: changes,
			Permissions: []string{}, Matches: []string{},
		}
		if m := manifestOf(cur); m != nil {
			for _, p := range m.Permissions {
				e.Permissions = append(e.Permissions, p.Name)
			}
			for _, p := range m.Matches {
				e.Matches = append(e.Matches, p.String())
			}
		}
		entries = append(entries, e)
		prev = cur
	}
	if opts.Format == "json" {
		enc := json.NewEncoder(io.Out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			Remixlet string         `json:"remixlet"`
			Versions []historyEntry `json:"versions"`
		}{opts.ID, entries})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d version(s), newest runs\n", opts.ID, len(entries))
	for _, e := range entries {
		how := "activated with an approval"
		if e.RestoredFrom > 0 {
			how = fmt.Sprintf("restored from version %d", e.RestoredFrom)
		}
		running := ""
		if e.Running {
			running = "  (running)"
		}
		fmt.Fprintf(&b, "\nversion %d  %s  %s%s\n", e.Version, e.Time, e.Digest, running)
		fmt.Fprintf(&b, "  %s\n", how)
		fmt.Fprintf(&b, "  sites: %s\n", strings.Join(e.Matches, ", "))
		perms := "none"
		if len(e.Permissions) > 0 {
			perms = strings.Join(e.Permissions, ", ")
		}
		fmt.Fprintf(&b, "  permissions: %s\n", perms)
		from := "changes"
		if e.Version == entries[0].Version {
			from = "first version"
		}
		fmt.Fprintf(&b, "  %s: %s\n", from, e.Changes.Summary())
	}
	_, err = fmt.Fprint(io.Out, b.String())
	return err
}
