package main

// What the version-store commands (approve, activate, history, restore,
// delete, export) share: the --store flag, the clock, checking a folder
// with today's analyzers, and asking on a terminal.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/report"
	"github.com/remixlet/remixlet/store"
)

// storeOptions are the options every store command has.
type storeOptions struct {
	Store   string           // --store; "" for store.DefaultDir
	Now     func() time.Time // the clock; nil for time.Now (tests inject one)
	Timeout time.Duration    // wait for another process's lock; 0 for store.DefaultTimeout
}

func addStoreFlag(cmd *cobra.Command, o *storeOptions) {
	cmd.Flags().StringVar(&o.Store, "store", "", "the version store `folder` (default $REMIXLET_STORE, else $XDG_STATE_HOME/remixlet, else ~/.local/state/remixlet)")
}

const storeHelp = `
The version store is one folder: --store PATH, else $REMIXLET_STORE, else
$XDG_STATE_HOME/remixlet (~/.local/state/remixlet).`

func (o *storeOptions) open() (*store.Store, error) {
	dir := o.Store
	if dir == "" {
		var err error
		if dir, err = store.DefaultDir(); err != nil {
			return nil, err
		}
	}
	return store.New(dir, store.Options{Now: o.Now, Timeout: o.Timeout}), nil
}

// openAndCheck checks the remixlet id (when given), opens the store and
// checks the folder: what approve and activate start with.
func (o *storeOptions) openAndCheck(id, dir string) (*store.Store, *checked, error) {
	if id != "" {
		if err := store.CheckID(id); err != nil {
			return nil, nil, err
		}
	}
	s, err := o.open()
	if err != nil {
		return nil, nil, err
	}
	c, err := check(dir)
	if err != nil {
		return nil, nil, err
	}
	return s, c, nil
}

// reportRefused prints what the loader refused and returns exit status 1.
func reportRefused(io streams, refused *digest.RefusedError) error {
	for _, f := range refused.Findings {
		fmt.Fprintln(io.Out, f)
	}
	fmt.Fprintf(io.ErrOut, "remixlet: %v\n", refused)
	return exitError{exitRefused}
}

// checked is a folder read once and checked with today's analyzers.
type checked struct {
	result *analysis.Result
	errors []finding.Finding // the findings that refuse
}

// check loads dir and runs every lint analyzer over it. The error is for a
// folder that could not be checked at all.
func check(dir string) (*checked, error) {
	res := analysis.Run(dir, lint.Analyzers)
	if res.Err != nil {
		return nil, fmt.Errorf("%s: %w", dir, res.Err)
	}
	c := &checked{result: res}
	for _, f := range res.Findings {
		if f.Severity == finding.Error {
			c.errors = append(c.errors, f)
		}
	}
	return c, nil
}

// writeFindings prints the findings as `remixlet lint` does.
func (c *checked) writeFindings(w io.Writer) error {
	tool := report.Tool{Name: "remixlet", Version: toolVersion(), URI: "https://github.com/remixlet/remixlet"}
	return report.Write(w, "text", tool, []*analysis.Result{c.result})
}

// isTerminal reports whether r is a terminal a person can answer on.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// confirm asks question on a terminal and reports whether the answer was
// yes. Without a terminal it does not ask.
func confirm(io streams, interactive bool, question string) bool {
	if !interactive {
		return false
	}
	fmt.Fprintf(io.ErrOut, "%s [y/N] ", question)
	line, _ := bufio.NewReader(io.In).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}

// manifestOf parses a version's manifest leniently, for display; nil when
// it has none that parses.
func manifestOf(v *activation.Version) *manifest.Manifest {
	for _, f := range v.Files {
		if f.Name == manifest.FileName {
			m, _ := manifest.Parse(f.Data)
			return m
		}
	}
	return nil
}
