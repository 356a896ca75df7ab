//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/remixlet/remixlet/store"
)

// needStrace is the path of strace, which the fault tests need (CI
// installs it).
func needStrace(t *testing.T) string {
	t.Helper()
	strace, err := exec.LookPath("strace")
	if err != nil {
		if os.Getenv("REMIXLET_SKIP_FAULTS") == "1" {
			t.Skip("REMIXLET_SKIP_FAULTS=1: strace is not installed")
		}
		t.Fatal("strace is not installed: install it (apt-get install strace; CI does) or set REMIXLET_SKIP_FAULTS=1")
	}
	return strace
}

// exitCode is the exit status a process's Run or Wait error carries.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return 0
}

// The store commands' messages in plain words, where the system's or a
// library's words used to come through.
func TestStoreMessagesInPlainWords(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v"))
	token := approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	code, out, errOut := run(t, "activate", dir, "--approval", token, "--store", st)
	expect(t, "activate", code, out, errOut, 0, "activated hide version 1")

	t.Run("export into /proc/self", func(t *testing.T) {
		code, out, errOut := run(t, "export", "hide", "1", "/proc/self/x", "--store", st)
		expect(t, "export", code, out, errOut, 2, "cannot create the folder /proc/self/x: the system does not allow new folders in /proc/self")
		if strings.Contains(errOut, "does not exist") {
			t.Errorf("export says /proc/self does not exist: %s", errOut)
		}
	})
	t.Run("restore with no temporary folder", func(t *testing.T) {
		// restore checks the stored files in memory: $TMPDIR is not
		// used, so a missing one changes nothing, and an empty one stays
		// empty.
		for _, tmpdir := range []string{filepath.Join(tmp, "missing"), t.TempDir()} {
			t.Setenv("TMPDIR", tmpdir)
			code, out, errOut := run(t, "restore", "hide", "1", "--yes", "--store", st)
			expect(t, "restore with TMPDIR="+tmpdir, code, out, errOut, 0, "restored version 1 of hide as version")
			if entries, _ := os.ReadDir(tmpdir); len(entries) > 0 {
				t.Errorf("restore wrote %v into $TMPDIR", entries)
			}
		}
	})
	t.Run("a store folder that cannot be made", func(t *testing.T) {
		t.Setenv("REMIXLET_STORE", "")
		t.Setenv("XDG_STATE_HOME", "")
		file := filepath.Join(tmp, "afile")
		writeFile(t, tmp, "afile", "x")
		for home, want := range map[string]string{
			"/proc/nonexistent-home":    "cannot create the store folder /proc/nonexistent-home/.local/state/remixlet: the system does not allow new folders in /proc; its name comes from $HOME (/proc/nonexistent-home): set that to a folder that exists, or give --store PATH",
			filepath.Join(file, "home"): "the store " + filepath.Join(file, "home", ".local/state/remixlet") + " is not a folder (it, or a folder on its path, is a file)",
			"":                          "no store folder: $HOME is not set; give --store PATH, or set REMIXLET_STORE",
		} {
			t.Setenv("HOME", home)
			code, out, errOut := run(t, "approve", dir, "--id", "hide", "--chat-site", "https://news.example.com/")
			expect(t, "approve with HOME="+home, code, out, errOut, 2, want)
			if strings.Contains(errOut, "read-only") {
				t.Errorf("HOME=%s: %s", home, errOut)
			}
		}
	})
	t.Run("a store path with terminal escapes", func(t *testing.T) {
		evil := filepath.Join(tmp, "st\x1b]0;owned\x07ore")
		for _, args := range [][]string{
			{"list"}, {"history", "hide"}, {"export", "hide", filepath.Join(tmp, "out")}, {"delete", "hide", "--yes"},
			{"activate", dir, "--approval", strings.Repeat("a", 32)},
			{"approve", dir, "--id", "hide", "--chat-site", "https://news.example.com/"},
			{"activate", dir, "--approval", strings.Repeat("a", 32)},
		} {
			code, out, errOut := run(t, append(args, "--store", evil)...)
			if strings.ContainsAny(out+errOut, "\x1b\x07") {
				t.Errorf("%s (exit %d) echoes the store path raw:\n%q\n%q", args[0], code, out, errOut)
			}
		}
		if err := os.WriteFile(filepath.Join(evil, store.FileName), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, "list", "--store", evil)
		expect(t, "list of a damaged store at an escaped path", code, out, errOut, 2, `st\u001B]0;owned\u0007ore`, "mv $'")
		if strings.ContainsAny(out+errOut, "\x1b\x07") {
			t.Errorf("the damage message echoes the path raw: %q", errOut)
		}
	})
}

// A disk error after the change was made: the command says what it did
// and how to check, and exits 2. strace fails the rename that puts the
// commit record in place (-P: only calls on that path), the one write
// left after bbolt's commit.
func TestDiskErrorAfterTheChange(t *testing.T) {
	t.Parallel()
	strace := needStrace(t)
	bin := buildRemixlet(t)
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v"))
	failRename := func(args ...string) (int, string, string) {
		cmd := exec.Command(strace, append([]string{"-f", "-qq", "-o", "/dev/null", "-P", filepath.Join(st, store.CommitFileName),
			"-e", "trace=rename,renameat,renameat2", "-e", "inject=rename,renameat,renameat2:error=EIO", "--", bin}, args...)...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		return exitCode(t, cmd.Run()), out.String(), errOut.String()
	}
	// The record is then one change behind, which the next write puts
	// right first (and which would fail here too): a write between the
	// failing ones.
	catchUp := func() { approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st) }
	token := approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	code, out, errOut := failRename("activate", dir, "--approval", token, "--store", st)
	expect(t, "activate", code, out, errOut, 2, "activated hide version 1", "the change was made and is kept, but then updating the commit record beside the store",
		"check the store with: remixlet history hide --store "+st)
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history after", code, out, errOut, 0, "hide: 1 version")
	code, out, errOut = failRename("restore", "hide", "1", "--yes", "--store", st)
	expect(t, "restore while the record is behind", code, out, errOut, 2, "cannot be written", "nothing was changed")
	catchUp()

	code, out, errOut = failRename("restore", "hide", "1", "--yes", "--store", st)
	expect(t, "restore", code, out, errOut, 2, "restored version 1 of hide as version 2", "check the store with: remixlet history hide")
	catchUp()

	code, out, errOut = failRename("approve", dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	expect(t, "approve", code, out, errOut, 2, "the change was made and is kept", "token is not printed")
	if out != "" {
		t.Errorf("approve printed a token after a disk error: %q", out)
	}
	catchUp()

	code, out, errOut = failRename("delete", "hide", "--yes", "--store", st)
	expect(t, "delete", code, out, errOut, 2, "deleted hide: 2 versions", "check the store with: remixlet history hide")
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history after the delete", code, out, errOut, 2, "no remixlet")
	if _, err := os.Stat(filepath.Join(st, store.CommitFileName)); err != nil {
		t.Fatal(err)
	}
	if err := store.New(st, store.Options{}).Verify(); err != nil {
		t.Fatalf("the store after the errors: %v", err)
	}
}

// A restore killed at any point leaves nothing of the remixlet outside
// the store folder (it checks the stored files in memory), and the store
// as it was or with the restored version. Every file the command creates
// is traced, and the kills are spread over its writes.
func TestKilledRestoreLeavesNothingOutside(t *testing.T) {
	t.Parallel()
	strace := needStrace(t)
	bin := buildRemixlet(t)
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v"))
	for i := range 2 {
		writeFile(t, dir, "script.js", fmt.Sprintf("rmx.keep(() => true) // version %d\n", i+1))
		token := approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
		if code, out, errOut := run(t, "activate", dir, "--approval", token, "--store", st); code != 0 {
			t.Fatalf("activate: %s%s", out, errOut)
		}
	}
	scratch := t.TempDir()
	restore := func(args ...string) *exec.Cmd {
		cmd := exec.Command(strace, append(append([]string{"-f", "-qq"}, args...), "--", bin, "restore", "hide", "1", "--yes", "--store", st)...)
		cmd.Env = append(os.Environ(), "TMPDIR="+scratch)
		return cmd
	}
	// Every file or folder the command makes is in the store folder.
	log := filepath.Join(t.TempDir(), "trace")
	if out, err := restore("-o", log, "-e", "trace=openat,open,creat,mkdir,mkdirat,rename,renameat,renameat2,link,linkat,symlink,symlinkat").CombinedOutput(); err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(log)
	made := 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.Contains(line, "O_CREAT") && !strings.Contains(line, "mkdir") && !strings.Contains(line, "rename") && !strings.Contains(line, "link") {
			continue
		}
		if strings.HasSuffix(line, "= -1 ENOENT (No such file or directory)") {
			continue
		}
		made++
		if !strings.Contains(line, `"`+st+"/") {
			t.Errorf("restore made something outside the store folder: %s", line)
		}
	}
	if made == 0 {
		t.Fatal("the trace shows restore making nothing: it does not trace what it claims")
	}
	versions := func() int {
		h, err := store.New(st, store.Options{}).History("hide")
		if err != nil {
			t.Fatalf("the store after a killed restore: %v", err)
		}
		return len(h)
	}
	const calls = "openat,write,pwrite64,fsync,fdatasync,ftruncate,rename,renameat,renameat2,link,linkat,unlink,unlinkat,mkdirat"
	kills, restored := 0, 0
	for n := 1; n <= 12; n++ {
		before := versions()
		err := restore("-o", "/dev/null", "-e", "trace="+calls, "-e", fmt.Sprintf("inject=%s:signal=KILL:when=%d", calls, n)).Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() {
			kills++
		}
		switch after := versions(); after {
		case before:
		case before + 1:
			restored++
		default:
			t.Fatalf("kill %d: %d versions, was %d", n, after, before)
		}
		if entries, _ := os.ReadDir(scratch); len(entries) > 0 {
			t.Fatalf("kill %d: a killed restore left %v in $TMPDIR", n, entries)
		}
	}
	if kills == 0 {
		t.Fatal("no restore was killed: the kills do not land")
	}
	// The next write removes what the killed ones left in the store folder.
	if code, out, errOut := run(t, "restore", "hide", "1", "--yes", "--store", st); code != 0 {
		t.Fatalf("restore after the kills: %s%s", out, errOut)
	}
	entries, _ := os.ReadDir(st)
	for _, e := range entries {
		if e.Name() != store.FileName && e.Name() != store.CommitFileName {
			t.Errorf("%s left in the store folder after the next restore", e.Name())
		}
	}
	t.Logf("restore makes %d files and folders, all in the store folder; %d of 12 runs killed (%d had restored), nothing left in $TMPDIR or the store folder", made, kills, restored)
}
