package main

// What the version-store commands (approve, activate, list, history,
// restore, delete, export) share: the --store flag, the clock, asking on
// a terminal, and printing a refusal.

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/internal/safetext"
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

func (o *storeOptions) flow() (*approval.Flow, error) {
	dir, origin := o.Store, ""
	if dir == "" {
		var err error
		if dir, origin, err = store.DefaultDirOrigin(); err != nil {
			return nil, err
		}
	}
	return &approval.Flow{Store: store.New(dir, store.Options{Now: o.Now, Timeout: o.Timeout, Origin: origin})}, nil
}

// storeArg is the --store flag to repeat in a hint, "" when the store
// came from the environment.
func (o *storeOptions) storeArg() string {
	if o.Store == "" {
		return ""
	}
	return " --store " + safetext.ShellQuote(o.Store)
}

// isTerminal reports whether a person can answer on r and read what w
// shows: both are terminals.
func isTerminal(r io.Reader, w io.Writer) bool {
	in, ok := fileOf(r)
	if !ok || !term.IsTerminal(int(in.Fd())) {
		return false
	}
	out, ok := fileOf(w)
	return ok && term.IsTerminal(int(out.Fd()))
}

// fileOf is the file behind a stream, through the output boundary.
func fileOf(s any) (*os.File, bool) {
	if u, ok := s.(interface{ Unwrap() io.Writer }); ok {
		s = u.Unwrap()
	}
	f, ok := s.(*os.File)
	return f, ok
}

// confirm asks question on standard error and reports whether the answer
// read from standard input was yes. Without a terminal it does not ask.
func confirm(std streams, interactive bool, question string) bool {
	if !interactive {
		return false
	}
	safetext.Fprintf(std.ErrOut, "%s [y/N] ", question)
	line, _ := bufio.NewReader(std.In).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}

// printRefusal prints a refusal's findings to w and returns exit status 1;
// any other error is returned as it is.
func printRefusal(w io.Writer, err error) error {
	var r *decision.Refusal
	if !errors.As(err, &r) {
		return err
	}
	for _, f := range r.Findings {
		safetext.Fprintln(w, f)
	}
	return exitError{exitRefused}
}

// storeFailure reports a store write's error. After a disk error that
// came once the change was made, what was done has been printed; the
// error says whether the change is known to be kept, and check is the
// command that shows the store as it is: exit status 2. A refusal that was
// recorded before such an error is printed first. Other errors are
// printRefusal's.
func storeFailure(std streams, err error, check string) error {
	var after *store.AfterChangeError
	if !errors.As(err, &after) {
		return printRefusal(std.Out, err)
	}
	_ = printRefusal(std.Out, err)
	safetext.Fprintf(std.ErrOut, "remixlet: %s; check the store with: %s\n", after, check)
	return exitError{exitUsage}
}

// stamp is how times are printed: RFC 3339, in UTC.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
