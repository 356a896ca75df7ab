package action

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// git runs git in dir with a fixed identity.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// snapshot commits this repository's tracked files, as they are in the
// working tree, into a fresh repository: the hook repository pre-commit
// clones, so that the test runs the hook as it stands now.
func snapshot(t *testing.T) (dir, rev string) {
	t.Helper()
	dir = t.TempDir()
	files := strings.Split(git(t, root, "ls-files", "-z"), "\x00")
	for _, f := range files {
		if f == "" {
			continue
		}
		src := filepath.Join(root, f)
		info, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "snapshot")
	return dir, git(t, dir, "rev-parse", "HEAD")
}

// TestPreCommitHook installs the hook with Debian's pre-commit in a
// scratch repository and makes commits: one that touches no remixlet and
// one that touches a clean remixlet pass; one that touches a refused
// remixlet is stopped, with the finding in the output. CI installs
// pre-commit (.ci/run); the test skips only when REMIXLET_SKIP_PRECOMMIT=1
// says so.
func TestPreCommitHook(t *testing.T) {
	if os.Getenv("REMIXLET_SKIP_PRECOMMIT") == "1" {
		t.Skip("REMIXLET_SKIP_PRECOMMIT=1")
	}
	if testing.Short() {
		t.Skip("builds remixlet through pre-commit: not in -short")
	}
	precommit, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Fatal("pre-commit is not installed: apt-get install pre-commit (CI's .ci/run does), or set REMIXLET_SKIP_PRECOMMIT=1 to skip this test")
	}
	hookRepo, rev := snapshot(t)
	work := t.TempDir()
	git(t, work, "init", "-q", "-b", "main")
	write := func(name, data string) {
		p := filepath.Join(work, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".pre-commit-config.yaml", fmt.Sprintf("repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: remixlet-lint\n", hookRepo, rev))
	write("README.md", "# remixlets\n")
	write("remixlets/ok/manifest.json", clean)
	write("remixlets/bad/manifest.json", clean)

	home := t.TempDir()
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(home, "pre-commit"),
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	// The hook's Go build shares this machine's module and build caches.
	for _, v := range []string{"GOMODCACHE", "GOCACHE"} {
		if out, err := exec.Command("go", "env", v).Output(); err == nil {
			env = append(env, v+"="+strings.TrimSpace(string(out)))
		}
	}
	run := func(args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = work
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(precommit, "install"); err != nil {
		t.Fatalf("pre-commit install: %v\n%s", err, out)
	}
	commit := func(paths ...string) (string, error) {
		if out, err := run(append([]string{"git", "add", "--"}, paths...)...); err != nil {
			t.Fatalf("git add: %v\n%s", err, out)
		}
		return run("git", "commit", "-q", "-m", "change "+strings.Join(paths, " "))
	}
	if out, err := commit(".pre-commit-config.yaml", "README.md"); err != nil {
		t.Fatalf("a commit that touches no remixlet is stopped: %v\n%s", err, out)
	}
	if out, err := commit("remixlets/ok/manifest.json", "remixlets/bad/manifest.json"); err != nil {
		t.Fatalf("a commit of clean remixlets is stopped: %v\n%s", err, out)
	}
	write("remixlets/bad/manifest.json", broken)
	write("remixlets/bad/notes.txt", "not part of a remixlet\n")
	out, err := commit("remixlets/bad/notes.txt", "remixlets/bad/manifest.json")
	if err == nil {
		t.Fatalf("a commit that adds a file to a refused remixlet passes:\n%s", out)
	}
	for _, want := range []string{
		"remixlet lint",
		"remixlets/bad/notes.txt: error package/unexpected-file",
		"remixlets/bad/manifest.json:1:110: error manifest/permission-host",
		"1 remixlet checked",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the hook's output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "remixlets/ok") {
		t.Errorf("the hook linted a remixlet the commit does not touch:\n%s", out)
	}
}
