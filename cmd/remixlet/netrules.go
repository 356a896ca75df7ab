package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/netrules"
)

type netrulesOptions struct {
	Dir            string
	ExtensionID    string
	ExtensionHosts []string // hosts the extension itself uses: excluded from every rule
	Sanitize       string   // path to write rules.json without the left-out rules
	Format         string   // text or json
}

func newNetrulesCmd(std streams) *cobra.Command {
	opts := &netrulesOptions{}
	cmd := &cobra.Command{
		Use:   "netrules DIR",
		Short: "Print the installed form of a remixlet's network rules",
		Long: `Check a stored remixlet's rules.json against its manifest, as 'remixlet lint'
does, and print the rules as the extension installs them: normalised (lower-case
header names and domains, deprecated keys renamed, explicit priorities) and
scoped. Rules of a remixlet that runs on some sites get initiatorDomains from
its sites; rules of one that runs on every site exclude the extension's own
requests (excludedInitiatorDomains with --extension-id, which it then needs)
and the hosts it fetches from or observes.

Requests the extension starts without an initiator (a sign-in window of
chrome.identity.launchWebAuthFlow, a tab it opens) carry no extension id:
--extension-host names each host the extension itself uses (its sign-in
providers, its AI providers' APIs), and every rule of every remixlet then
excludes it, as a request's host and as the page making a request, together
with the extension's ID.chromiumapp.org (where a sign-in returns) when
--extension-id is given. A rule that names such a host is refused.

Findings go to standard error. A remixlet saved before API 1.0.2 keeps running
without the rules that break a Remixlet limit: each is reported as a warning
and left out, with a line saying which and why. --sanitize OUT writes
rules.json as stored less those rules, each kept rule exactly as written.

--format json prints one document instead: the findings, each rule left out
with the findings that say why, and the installed rules (null when refused).

Exit status: 0 the installed form was printed, 1 the rules are refused (a
rule names an --extension-host too), 2 could not run (no rules.json, a usage
error, a missing --extension-id, an --extension-host that is not a host).`,
		Example: `  remixlet netrules testdata/examples/block-trackers
  remixlet netrules --extension-id abcdefghijklmnopabcdefghijklmnop remixlets/every-site
  remixlet netrules --extension-id abcdefghijklmnopabcdefghijklmnop --extension-host auth.openai.com --extension-host api.openai.com remixlets/every-site
  remixlet netrules --sanitize rules.json.new remixlets/old`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runNetrules(opts, std)
		},
	}
	cmd.Flags().StringVar(&opts.ExtensionID, "extension-id", "", "the installing extension's `ID` (32 letters a-p); required for a remixlet that runs on every site")
	cmd.Flags().StringArrayVar(&opts.ExtensionHosts, "extension-host", nil, "a `HOST` the extension itself sends requests to or opens windows on (sign-in, an AI provider), excluded from every rule; repeat for each")
	cmd.Flags().StringVar(&opts.Sanitize, "sanitize", "", "write rules.json less the rules a legacy remixlet leaves out to `OUT`")
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text (the installed rules on standard output, findings on standard error) or json (one document: findings, rules left out and why, the installed rules)")
	return cmd
}

func runNetrules(opts *netrulesOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json%s", opts.Format, hint(opts.Format, []string{"text", "json"}))
	}
	pkg, err := analysis.Load(opts.Dir)
	if err != nil {
		return err
	}
	rep, err := netrules.InstallPackage(pkg, netrules.Options{ExtensionID: opts.ExtensionID, ExtensionHosts: opts.ExtensionHosts})
	if err != nil {
		return err
	}
	if opts.Sanitize != "" && !rep.Refused() {
		if err := os.WriteFile(opts.Sanitize, rep.Checked.WithoutLeftOut(), 0o644); err != nil {
			return err
		}
		safetext.Fprintf(std.ErrOut, "wrote %s: %s kept, %d left out\n", opts.Sanitize, countOf(len(rep.Checked.Kept()), "rule"), len(rep.LeftOut))
	}
	if opts.Format == "json" {
		err = rep.WriteJSON(std.Out)
	} else {
		for _, f := range rep.Findings {
			safetext.Fprintf(std.ErrOut, "%s\n", describe(opts.Dir, f))
		}
		for _, lo := range rep.LeftOut {
			for _, why := range lo.Reasons {
				safetext.Fprintf(std.ErrOut, "left out %s (%s:%s): %s\n", lo.Rule.Name(), netrules.FileName, why.Start, why.Message)
			}
		}
		_, err = std.Out.Write(rep.Installed)
	}
	if err != nil {
		return err
	}
	if rep.Refused() {
		return exitError{exitRefused}
	}
	return nil
}

// describe prints a finding with its folder, as lint's text output does.
func describe(dir string, f finding.Finding) string {
	if f.File != "" {
		f.File = filepath.Join(dir, f.File)
	}
	return f.String()
}
