package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/capability"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
)

type describeOptions struct {
	Dir    string
	Format string
}

func newDescribeCmd(std streams) *cobra.Command {
	opts := &describeOptions{}
	cmd := &cobra.Command{
		Use:   "describe DIR",
		Short: "Say what a stored remixlet can do, in words",
		Long: `Say what a stored remixlet can do, one capability a line, in the toolchain's
own words: the requests it sends and to which hosts, the responses it reads,
the image and link addresses it sets, what it reads on the page (text,
attribute values, form fields, the selection, events) and what it does there
(writes text or HTML, creates elements, clicks, types), the services it uses,
the hosts its stylesheet loads from, and its network rules. After each, the
API members behind it.

It is read from the code as the checks read it: a host or address the code
builds at run time is said to be one. It decides nothing; remixlet lint
says what is refused. remixlet lint --format json carries the same list.

A source folder is built in memory first, as remixlet lint builds it.

Exit status: 0 printed, 1 a source folder that does not build, 2 could not
run.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			opts.Dir = args[0]
			return runDescribe(opts, std)
		},
	}
	cmd.Flags().StringVarP(&opts.Format, "format", "f", "text", "output `format`: text or json")
	return cmd
}

func runDescribe(opts *describeOptions, std streams) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("unknown format %q: use text or json", opts.Format)
	}
	res := analysis.Run(opts.Dir, capability.Analyzers)
	if bundle.IsSourceFolder(opts.Dir) {
		built, err := bundle.Build(opts.Dir, bundle.Options{})
		if err != nil {
			return err
		}
		res = built.Report()
	}
	if res.Err != nil {
		return res.Err
	}
	sum := capability.Summarize(res)
	if sum == nil {
		safetext.Fprintf(std.ErrOut, "remixlet: %s could not be built, so what it does cannot be said: remixlet lint %s says why\n", opts.Dir, opts.Dir)
		return exitError{exitRefused}
	}
	checked := res
	if res.Built != nil {
		checked = res.Built
	}
	name := opts.Dir
	if m, _ := checked.ResultOf[manifest.Analyzer].(*manifest.Manifest); m != nil && m.Name != "" {
		name = m.Name
	}
	if opts.Format == "json" {
		return writeJSON(std, struct {
			Dir          string            `json:"dir"`
			Name         string            `json:"name"`
			Capabilities []capability.Item `json:"capabilities"`
		}{opts.Dir, name, sum.Capabilities})
	}
	return sum.WriteText(std.Out, name)
}
