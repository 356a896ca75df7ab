//go:build unix

package main

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipeInput: a named pipe where a file is expected is refused at
// once with exit status 2, never waited on (opening one blocks until a
// writer comes).
func TestNamedPipeInput(t *testing.T) {
	root := repo(t, map[string]string{
		"r/manifest.json":       cleanManifest,
		"r/style.css":           "a { color: red }\n",
		"piped/a/manifest.json": cleanManifest,
	})
	for _, name := range []string{"pipe", "piped/remixlet.config.json"} {
		if err := syscall.Mkfifo(root+"/"+name, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"css stylesheet", []string{"css", "pipe"}, "remixlet: pipe is a named pipe, not a regular file: give a file\n"},
		{"css manifest", []string{"css", "r/style.css", "--manifest", "pipe"}, "remixlet: the manifest pipe is a named pipe, not a regular file: give a file\n"},
		{"lint baseline", []string{"lint", "--baseline", "pipe", "r"}, "remixlet: the baseline pipe is a named pipe, not a regular file: give a file\n"},
		{"lint config", []string{"lint", "--config", "pipe", "r"}, "remixlet: the config pipe is a named pipe, not a regular file: give a file\n"},
		{"a config found", []string{"lint", "piped"}, "remixlet: the config piped/remixlet.config.json is a named pipe, not a regular file: give a file\n"},
		{"baseline config", []string{"baseline", "--config", "pipe", "r"}, "remixlet: the config pipe is a named pipe, not a regular file: give a file\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				code        int
				out, errOut string
			}
			done := make(chan result, 1)
			go func() {
				code, out, errOut := run(t, tc.args...)
				done <- result{code, out, errOut}
			}()
			select {
			case r := <-done:
				if r.code != 2 || r.errOut != tc.err || strings.TrimSpace(r.out) != "" {
					t.Errorf("exit %d (want 2)\nstdout: %s\nstderr: %q\nwant stderr %q", r.code, r.out, r.errOut, tc.err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the command waited on the named pipe")
			}
		})
	}
}

// TestNamedPipeEntry: a source folder whose src/main.ts is a named pipe is
// refused; it was left out, and the remixlet built without its script.
func TestNamedPipeEntry(t *testing.T) {
	repo(t, map[string]string{
		"src/manifest.json": cleanManifest,
		"src/style.css":     "a { color: red }\n",
		"src/src/.keep":     "",
	})
	if err := syscall.Mkfifo("src/src/main.ts", 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "build", "src", "out")
	if code != 1 || !strings.HasPrefix(out, "src/src/main.ts: error build/entry: src/main.ts is not a regular file: replace it with one\n") || errOut != "remixlet: src is refused: nothing was written to out\n" {
		t.Errorf("exit %d (want 1)\nstdout: %q\nstderr: %q", code, out, errOut)
	}
}
