// Command remixlet checks and packages remixlets: it lints a stored
// remixlet, lists what a stylesheet loads, validates network rules, diffs
// permissions between versions and binds approvals to a digest of the exact
// files. Each command lives in its own file: an options struct, a cobra
// command that fills it, and a run function the tests call directly.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func toolVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// streams are where a command reads and writes; tests pass buffers.
type streams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// exitError carries an exit status through cobra. Status 0 is success,
// 1 refused, 2 could not run, 3 (diff) a dialog must ask first.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	os.Exit(execute(os.Args[1:], streams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}))
}

// execute runs the command line and returns the exit status.
func execute(args []string, io streams) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.Execute()
	var ee exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	default:
		fmt.Fprintf(io.ErrOut, "remixlet: %v\n", err)
		return exitUsage
	}
}

func newRootCmd(io streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "remixlet",
		Short: "Check and package remixlets",
		Long: `remixlet checks remixlets: small site customisations an AI agent writes, which
then run unattended on every visit to a matching page. It refuses what a
remixlet must not do before it is saved, and binds approvals to the exact files.

Exit status: 0 nothing refused, 1 something refused, 2 could not run
(remixlet diff: 3 when a dialog must ask first).`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       toolVersion(),
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%w\nrun '%s --help' for usage", err, c.CommandPath())
	})
	root.AddCommand(
		newLintCmd(io),
		newDiffCmd(io),
		newDigestCmd(io),
		newApproveCmd(io),
		newActivateCmd(io),
		newHistoryCmd(io),
		newRestoreCmd(io),
		newDeleteCmd(io),
		newExportCmd(io),
		newBuildCmd(io),
		newInitCmd(io),
		newTypesCmd(io),
		newCSSCmd(io),
		newExplainCmd(io),
		newSchemaCmd(io),
		newNetrulesCmd(io),
		newVersionCmd(io),
	)
	return root
}
