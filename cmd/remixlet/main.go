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
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/safetext"
)

// toolVersion is the version release builds stamp (package buildinfo).
func toolVersion() string { return buildinfo.Version() }

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

// execute runs the command line and returns the exit status. Everything it
// writes passes the output boundary (safetext.NewWriter): no text from a
// file, a file name, a manifest or a flag reaches the terminal raw.
func execute(args []string, std streams) int {
	out, errOut := safetext.NewWriter(std.Out), safetext.NewWriter(std.ErrOut)
	defer out.Flush()
	defer errOut.Flush()
	std.Out, std.ErrOut = out, errOut
	root := newRootCmd(std)
	root.SetArgs(args)
	err := root.Execute()
	var ee exitError
	var lines *linesError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &lines), unknownCommand(root, args):
		fmt.Fprintf(std.ErrOut, "remixlet: %s\n", cleanLines(plainMessage(err)))
	default:
		// One line: a name in the message (a path, a file, a flag's value)
		// cannot start a line of its own.
		fmt.Fprintf(std.ErrOut, "remixlet: %s\n", safetext.Clean(plainMessage(err)))
	}
	return exitUsage
}

// unknownCommand reports that args name no command: cobra's message then
// quotes the name (%q) and lists the commands it may mean, one a line.
func unknownCommand(root *cobra.Command, args []string) bool {
	_, _, err := root.Find(args)
	return err != nil
}

// linesError is an error whose line breaks are the program's own (a usage
// hint on a line of its own, a list of suggestions): every name in it is
// quoted, so it is printed line by line.
type linesError struct{ err error }

func (e *linesError) Error() string { return e.err.Error() }

func (e *linesError) Unwrap() error { return e.err }

// plainMessage is err's text with the operating system's wording of a
// path error ("stat x: no such file or directory") in plain words ("x
// does not exist"), wherever a command let one through.
func plainMessage(err error) string {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = strings.Replace(msg, pe.Error(), plainerr.Describe(pe), 1)
	}
	return msg
}

// plainFlagError words a flag value the flag cannot take without Go's
// parser text ("strconv.ParseInt: parsing \"abc\": invalid syntax").
func plainFlagError(err error) string {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err.Error()
	}
	name, value := "--"+bad.GetFlag().Name, strconv.Quote(bad.GetValue())
	switch bad.GetFlag().Value.Type() {
	case "int", "int64", "uint", "uint64":
		return fmt.Sprintf("%s takes a whole number, not %s", name, value)
	case "bool":
		return fmt.Sprintf("%s takes no value (or true or false), not %s", name, value)
	}
	return fmt.Sprintf("%s cannot take %s", name, value)
}

// flagHint is ` (did you mean "--format"?)` for a mistyped long flag, or "".
func flagHint(c *cobra.Command, err error) string {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) || unknown.GetSpecifiedShortnames() != "" {
		return ""
	}
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, "--"+f.Name) })
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) { names = append(names, "--"+f.Name) })
	return hint("--"+unknown.GetSpecifiedName(), names)
}

// cleanLines makes an error harmless on a terminal (it may quote a file
// name or a path given on the command line), keeping its line breaks.
func cleanLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		// A leading tab is an indent (cobra's "Did you mean this?" list),
		// not a character to show escaped.
		body := strings.TrimLeft(l, "\t")
		lines[i] = strings.Repeat("  ", len(l)-len(body)) + safetext.Clean(body)
	}
	return strings.Join(lines, "\n")
}

func newRootCmd(std streams) *cobra.Command {
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
	root.SetIn(std.In)
	root.SetOut(std.Out)
	root.SetErr(std.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &linesError{fmt.Errorf("%s%s\nrun '%s --help' for usage", plainFlagError(err), flagHint(c, err), c.CommandPath())}
	})
	root.AddCommand(
		newLintCmd(std),
		newDiffCmd(std),
		newDigestCmd(std),
		newDescribeCmd(std),
		newApproveCmd(std),
		newActivateCmd(std),
		newHistoryCmd(std),
		newRestoreCmd(std),
		newDeleteCmd(std),
		newExportCmd(std),
		newListCmd(std),
		newBuildCmd(std),
		newInitCmd(std),
		newTypesCmd(std),
		newCSSCmd(std),
		newExplainCmd(std),
		newSchemaCmd(std),
		newNetrulesCmd(std),
		newVersionCmd(std),
		newBaselineCmd(std),
		newLSPCmd(std),
	)
	for _, c := range root.Commands() {
		plainArgs(c)
	}
	return root
}
