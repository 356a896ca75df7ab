package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/internal/lazyre"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/internal/suggest"
)

// Plain words for what cobra and the operating system say in their own:
// "requires at least 1 arg(s), only received 0" becomes "remixlet lint
// needs at least 1 argument, and got none".

var (
	atLeast = lazyre.New(`^requires at least (\d+) arg\(s\), only received (\d+)$`)
	exactly = lazyre.New(`^accepts (\d+) arg\(s\), received (\d+)$`)
	atMost  = lazyre.New(`^accepts at most (\d+) arg\(s\), received (\d+)$`)
	between = lazyre.New(`^accepts between (\d+) and (\d+) arg\(s\), received (\d+)$`)
)

// plainArgs rewords the argument-count errors of c's Args check.
func plainArgs(c *cobra.Command) {
	check := c.Args
	if check == nil {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		msg := err.Error()
		var want string
		if m := atLeast.FindStringSubmatch(msg); m != nil {
			want = "at least " + arguments(m[1])
		} else if m := exactly.FindStringSubmatch(msg); m != nil {
			want = arguments(m[1])
		} else if m := atMost.FindStringSubmatch(msg); m != nil {
			want = "at most " + arguments(m[1])
		} else if m := between.FindStringSubmatch(msg); m != nil {
			want = fmt.Sprintf("%s to %s", m[1], arguments(m[2]))
		} else {
			return err
		}
		got := "none"
		if len(args) > 0 {
			got = strconv.Itoa(len(args))
		}
		return &linesError{fmt.Errorf("%s takes %s, and got %s: %s\nrun '%s --help' for more", cmd.CommandPath(), want, got, cmd.UseLine(), cmd.CommandPath())}
	}
}

func arguments(n string) string {
	if n == "1" {
		return "1 argument"
	}
	return n + " arguments"
}

// hint is suggest.Hint: ` (did you mean "x"?)` or "".
func hint(word string, candidates []string) string { return suggest.Hint(word, candidates) }

// describeErr says what went wrong with a path in plain words.
func describeErr(err error) string { return plainerr.Describe(err) }

// exitErrorf prints a message on standard error and returns the exit
// status, for a command that ran but must say why it exits non-zero.
func exitErrorf(code int, std streams, format string, args ...any) error {
	fmt.Fprintf(std.ErrOut, "remixlet: %s\n", safetext.Sprintf(format, args...))
	return exitError{code}
}
