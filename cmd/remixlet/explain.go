package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
)

type explainOptions struct {
	Rule string
}

const explainLong = "Print what a rule refuses, why, and what to do instead. Without a rule, print the table of every rule.\n\nRules:\n"

func newExplainCmd(std streams) *cobra.Command {
	opts := &explainOptions{}
	cmd := &cobra.Command{
		Use:   "explain [RULE]",
		Short: "Print one rule, or the table of every rule",
		Long:  explainLong,
		Args:  cobra.MaximumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var ids []string
			for _, r := range finding.Rules() {
				ids = append(ids, r.ID+"\t"+r.Title)
			}
			return ids, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Rule = args[0]
			}
			return runExplain(opts, std)
		},
	}
	// The help lists every rule: built when it is shown, not each time the
	// program starts (it was a tenth of remixlet version's instructions).
	cmd.SetHelpFunc(func(c *cobra.Command, _ []string) {
		c.Long = explainLong + ruleList()
		c.SetHelpFunc(nil)
		c.Help()
	})
	return cmd
}

func ruleList() string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 2, 8, 2, ' ', 0)
	for _, r := range finding.Rules() {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", r.ID, r.Severity, r.Title)
	}
	tw.Flush()
	return b.String()
}

func runExplain(opts *explainOptions, std streams) error {
	if opts.Rule == "" {
		_, err := fmt.Fprint(std.Out, ruleList())
		return err
	}
	text, err := lint.Explain(opts.Rule)
	if err != nil {
		return err
	}
	_, err = io.WriteString(std.Out, text)
	return err
}
