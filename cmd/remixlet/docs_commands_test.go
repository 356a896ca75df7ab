package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// docCommand is one remixlet command line shown in a doc's code block.
type docCommand struct {
	where string // file:line
	args  []string
}

// docCommands returns the remixlet commands the code blocks of a Markdown
// file show: every command in a sh block (at the start of a line, after
// `$(` or `&&`), and the `$ ` lines of a console block.
func docCommands(t *testing.T, path string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	lang, inBlock := "", false
	for i, line := range strings.Split(string(data), "\n") {
		where := filepath.ToSlash(strings.TrimPrefix(path, "../../")) + ":" + strconv.Itoa(i+1)
		if strings.HasPrefix(line, "```") {
			inBlock, lang = !inBlock, strings.TrimPrefix(line, "```")
			continue
		}
		if !inBlock {
			continue
		}
		switch lang {
		case "console":
			rest, ok := strings.CutPrefix(line, "$ ")
			if !ok {
				continue // output
			}
			line = rest
		case "sh", "bash", "shell":
			if strings.HasPrefix(line, "$ ") {
				t.Errorf("%s: a prompt ($) in a sh block: copied, it does not run; mark the block console, or drop the prompt", where)
				continue
			}
		default:
			continue
		}
		for _, start := range commandStarts(line) {
			if args := shellWords(line[start:]); args != nil {
				cmds = append(cmds, docCommand{where, args})
			}
		}
	}
	return cmds
}

// commandStarts returns where remixlet commands start in a shell line.
func commandStarts(line string) []int {
	var starts []int
	for _, prefix := range []string{"remixlet ", "go run ./cmd/remixlet "} {
		for i := 0; i < len(line); {
			j := strings.Index(line[i:], prefix)
			if j < 0 {
				break
			}
			at := i + j
			before := strings.TrimRight(line[:at], " ")
			if before == "" || strings.HasSuffix(before, "$(") || strings.HasSuffix(before, "&&") || strings.HasSuffix(before, ";") {
				starts = append(starts, at+len(prefix))
			}
			i = at + len(prefix)
		}
	}
	return starts
}

// shellWords splits a command at spaces, honouring quotes, up to the end
// of the command (a comment, a redirection, a pipe, `)`, `&&` or `;`).
func shellWords(s string) []string {
	var words []string
	var word strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				word.WriteByte(c)
			}
			continue
		case c == '\'' || c == '"':
			quote, inWord = c, true
			continue
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			continue
		case strings.IndexByte("#>|);&", c) >= 0 && !inWord:
			return words
		}
		word.WriteByte(c)
		inWord = true
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

// TestDocsCommands: every remixlet command the README and docs/ show in a
// code block names a command that exists, with flags it has and as many
// arguments as it takes, so that a reader who copies it is not told the
// command line is wrong.
func TestDocsCommands(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md", "../../CONTRIBUTING.md")
	count := 0
	for _, file := range files {
		for _, dc := range docCommands(t, file) {
			count++
			if err := checkCommandLine(dc.args); err != nil {
				t.Errorf("%s: remixlet %s: %v", dc.where, strings.Join(dc.args, " "), err)
			}
		}
	}
	if count < 20 {
		t.Errorf("found %d commands in the docs' code blocks; the extraction is broken", count)
	}
	// The check itself: each of these is refused.
	for _, bad := range []string{"store 2", "lint --nope remixlets", "digest", "restore hide-promoted", "css a.css --manifest"} {
		if checkCommandLine(strings.Fields(bad)) == nil {
			t.Errorf("remixlet %s: passed the check", bad)
		}
	}
}

// checkCommandLine parses a command line as remixlet would, without
// running it: the command must exist, take its flags and its arguments.
func checkCommandLine(args []string) error {
	var out bytes.Buffer
	root := newRootCmd(streams{In: strings.NewReader(""), Out: &out, ErrOut: &out})
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if cmd == root {
		return fmt.Errorf("no such command")
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}
