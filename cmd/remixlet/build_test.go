package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/remixlet/remixlet/lint"
)

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestInitThenBuild is the promise of init: `remixlet init x && remixlet
// build x out` passes the first time, and out is what digest reads.
func TestInitThenBuild(t *testing.T) {
	tmp := t.TempDir()
	src, out := filepath.Join(tmp, "x"), filepath.Join(tmp, "out")
	if code, stdout, stderr := run(t, "init", src); code != 0 || !strings.Contains(stdout, "remixlet.d.ts") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr := run(t, "build", src, out)
	if code != 0 {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, stderr)
	}
	digest := lastLine(stdout)
	if !strings.HasPrefix(digest, "h1:") {
		t.Fatalf("the last line is %q, want the digest", digest)
	}
	if code, stdout, _ := run(t, "digest", out); code != 0 || strings.TrimSpace(stdout) != digest {
		t.Errorf("remixlet digest of OUT: %q (exit %d), build printed %q", stdout, code, digest)
	}
	if code, stdout, _ := run(t, "lint", out); code != 0 || !strings.Contains(stdout, "0 errors, 0 warnings") {
		t.Errorf("lint of OUT: exit %d\n%s", code, stdout)
	}
	// Again: OUT is its own output now, and is replaced.
	if code, stdout, stderr := run(t, "build", src, out); code != 0 || lastLine(stdout) != digest {
		t.Errorf("rebuild: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := run(t, "init", src); code != 2 || !strings.Contains(stderr, "is not empty") {
		t.Errorf("init into a folder that is not empty: exit %d, %s", code, stderr)
	}
}

func TestBuildExitStatus(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	if code, _, _ := run(t, "init", src); code != 0 {
		t.Fatal("init failed")
	}
	hand := filepath.Join(tmp, "hand")
	os.MkdirAll(hand, 0o755)
	os.WriteFile(filepath.Join(hand, "manifest.json"), []byte("{}"), 0o644)

	bad := filepath.Join(tmp, "bad")
	run(t, "init", bad)
	os.WriteFile(filepath.Join(bad, "src", "count.ts"), []byte("export const countHidden = async (n: number) => eval(String(n));\n"), 0o644)

	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
		err  string
	}{
		{"refused", []string{"build", bad, filepath.Join(tmp, "o1")}, 1, "src/count.ts:1:49: error js/eval", "nothing was written"},
		{"not a build output", []string{"build", src, hand}, 2, "", "not the output of a previous build"},
		{"force", []string{"build", "--force", src, hand}, 0, "h1:", ""},
		{"into the sources", []string{"build", "--force", src, filepath.Join(src, "src")}, 2, "", "source file of the build"},
		{"missing source", []string{"build", filepath.Join(tmp, "nope"), filepath.Join(tmp, "o2")}, 2, "", "nope"},
		{"one argument", []string{"build", src}, 2, "", "remixlet build takes 2 arguments, and got 1"},
		{"sarif to a file", []string{"build", "-f", "sarif=" + filepath.Join(tmp, "b.sarif"), src, filepath.Join(tmp, "o3")}, 0, "", "h1:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tc.code, out, errOut)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(tmp, "o1")); err == nil {
		t.Error("a refused build wrote OUT")
	}
}

// TestTypesPrintsTheTable: `remixlet types` prints the declarations the
// API table generates.
func TestTypesPrintsTheTable(t *testing.T) {
	code, out, _ := run(t, "types")
	if code != 0 || out != lint.Declarations() {
		t.Errorf("remixlet types: exit %d, output differs from lint.Declarations()", code)
	}
}

// TestBuildWatchStopsOnInterrupt runs `remixlet build --watch` as a
// process, changes the source, and stops it with SIGINT, as Ctrl-C does:
// it rebuilds, then exits 0 and leaves no temporary folder behind.
func TestBuildWatchStopsOnInterrupt(t *testing.T) {
	t.Parallel()
	bin := buildRemixlet(t)
	tmp := t.TempDir()
	src, out := filepath.Join(tmp, "src"), filepath.Join(tmp, "out")
	if code, _, _ := run(t, "init", src); code != 0 {
		t.Fatal("init failed")
	}
	cmd := exec.Command(bin, "build", "--watch", src, out)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	waitDigest := func() string {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatal("watch exited")
				}
				if strings.HasPrefix(l, "h1:") {
					return l
				}
			case <-timeout:
				t.Fatal("no build reported")
			}
		}
	}
	first := waitDigest()
	os.WriteFile(filepath.Join(src, "style.css"), []byte(".promo-banner { display: none; }\n"), 0o644)
	if second := waitDigest(); second == first {
		t.Error("the change did not change the digest")
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("watch stopped with %v, want exit status 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("watch did not stop on SIGINT")
	}
	entries, _ := os.ReadDir(tmp)
	if len(entries) != 2 {
		t.Errorf("after watch, %s holds %d entries, want src and out", tmp, len(entries))
	}
}

// TestBuildAppliesTheConfig: remixlet build honours the configs from SRC
// up, as lint does: a raised warning refuses the build, a config with an
// error of its own refuses it too, and neither writes OUT.
func TestBuildAppliesTheConfig(t *testing.T) {
	repo := t.TempDir()
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	src := filepath.Join(repo, "r")
	if code, _, _ := run(t, "init", src); code != 0 {
		t.Fatal("init failed")
	}
	os.WriteFile(filepath.Join(src, "src", "count.ts"), []byte("export async function countHidden(n: number): Promise<number> {\n"+
		"  const box = await dom.query(\"#box\");\n"+
		"  box.innerHTML = String(n);\n"+
		"  return n;\n}\n"), 0o644)
	config := filepath.Join(repo, "remixlet.config.json")
	out := filepath.Join(repo, "out")
	for _, tc := range []struct {
		name, config string
		code         int
		out, err     string
	}{
		{"no config", "", 0, "src/count.ts:3:19: warning js/dynamic-html", ""},
		{"raised", `{"rules": {"js/dynamic-html": "error"}}`, 1, "src/count.ts:3:19: error js/dynamic-html", "nothing was written"},
		{"widens", `{"rules": {"js/dynamic-html": "off"}}`, 1, "remixlet.config.json:1:31: error config/widens", "config file that applies to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.RemoveAll(out)
			os.Remove(config)
			if tc.config != "" {
				os.WriteFile(config, []byte(tc.config), 0o644)
			}
			code, stdout, stderr := run(t, "build", src, out)
			if code != tc.code || !strings.Contains(stdout, tc.out) || !strings.Contains(stderr, tc.err) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if _, err := os.Stat(out); (err == nil) != (tc.code == 0) {
				t.Errorf("exit %d, and OUT written: %v", code, err == nil)
			}
		})
	}
	// The widening config is still there: watch does not start.
	if code, _, stderr := run(t, "build", "--watch", src, out); code != 1 || !strings.Contains(stderr, "fix it, then watch again") {
		t.Errorf("watch with a config that has errors: exit %d\n%s", code, stderr)
	}
}
