package action

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
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
	// The first commit installs the hook's binary (action/hook.sh builds
	// cmd/remixlet alone here: the snapshot is at no release tag).
	start := time.Now()
	if out, err := commit(".pre-commit-config.yaml", "README.md"); err != nil {
		t.Fatalf("a commit that touches no remixlet is stopped: %v\n%s", err, out)
	}
	t.Logf("the first commit, which installs the hook, took %v", time.Since(start).Round(time.Millisecond))
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
	// Back to the committed state.
	if out, err := run("git", "reset", "-q", "--hard"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	os.Remove(filepath.Join(work, "remixlets/bad/notes.txt"))

	// A file in a hidden folder, as pre-commit passes it, stands for its
	// remixlet.
	write(".remixlets/x/manifest.json", broken)
	write(".remixlets/x/style.css", "body { color: red; }\n")
	out, err = commit(".remixlets/x/style.css", ".remixlets/x/manifest.json")
	if err == nil || !strings.Contains(out, ".remixlets/x/manifest.json:1:110: error manifest/permission-host") {
		t.Errorf("a refused remixlet in a hidden folder passes: %v\n%s", err, out)
	}
	if out, err := run("git", "reset", "-q"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	os.RemoveAll(filepath.Join(work, ".remixlets"))

	// A commit that changes only the config lints every remixlet under it.
	write("remixlet.config.json", `{"policy": {"requireDescription": true}}`)
	out, err = commit("remixlet.config.json")
	if err == nil {
		t.Fatalf("a config that refuses every remixlet passes:\n%s", out)
	}
	for _, want := range []string{"remixlets/ok/manifest.json: error config/description-required", "remixlets/bad/manifest.json: error config/description-required", "2 remixlets checked"} {
		if !strings.Contains(out, want) {
			t.Errorf("the hook's output for a config change lacks %q:\n%s", want, out)
		}
	}
}

// fakeClone lays out what pre-commit's shallow fetch of a tag leaves: a
// clone of the hook's scripts at a commit, FETCH_HEAD naming the tag.
func fakeClone(t *testing.T, tag string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"action/hook.sh", "action/release.sh"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "action"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "release")
	head := git(t, dir, "rev-parse", "HEAD")
	if err := os.WriteFile(filepath.Join(dir, ".git", "FETCH_HEAD"), []byte(head+"\t\ttag '"+tag+"' of https://github.com/remixlet/remixlet\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHookDownloadsTheRelease: at a release tag the hook runs the release
// binary, downloaded once with SHA256SUMS and checked against it, with no
// Go on PATH; a download that does not match is never run.
func TestHookDownloadsTheRelease(t *testing.T) {
	bin := remixletBinary(t)
	binary, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	asset := "remixlet-" + runtime.GOOS + "-" + runtime.GOARCH
	hook := func(clone, url string, args ...string) (string, error) {
		cmd := exec.Command("bash", append([]string{filepath.Join(clone, "action", "hook.sh")}, args...)...)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + t.TempDir(), "REMIXLET_DOWNLOAD_URL=" + url} // no Go
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	published := map[string][]byte{asset: binary}
	published["SHA256SUMS"] = sums(published)
	url, served := releaseServer(t, "v1.2.3", published)
	clone := fakeClone(t, "v1.2.3")
	out, err := hook(clone, url, "explain", "js/eval")
	if err != nil || !strings.Contains(out, asset+" of v1.2.3, SHA-256 ") || !strings.Contains(out, "Do instead") {
		t.Fatalf("the hook at a release: %v\n%s", err, out)
	}
	// Downloaded once: the next run uses the binary it kept.
	before := len(*served)
	if out, err := hook(clone, url, "explain", "js/eval"); err != nil || strings.Contains(out, "SHA-256") || len(*served) != before {
		t.Errorf("the second run: %v, %d more requests\n%s", err, len(*served)-before, out)
	}

	tampered := map[string][]byte{asset: append(slices.Clone(binary), 0), "SHA256SUMS": published["SHA256SUMS"]}
	url, _ = releaseServer(t, "v1.2.3", tampered)
	clone = fakeClone(t, "v1.2.3")
	out, err = hook(clone, url, "explain", "js/eval")
	if err == nil || !strings.Contains(out, "the download is not the published file") || strings.Contains(out, "Do instead") {
		t.Errorf("a tampered download: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(clone, ".remixlet-hook", "remixlet")); err == nil {
		t.Error("the hook kept a binary that does not match SHA256SUMS")
	}
	// No release binary for this computer and no Go: it says what to do.
	url, _ = releaseServer(t, "v1.2.3", map[string][]byte{"SHA256SUMS": sums(map[string][]byte{"remixlet-plan9-mips": []byte("x")})})
	out, err = hook(fakeClone(t, "v1.2.3"), url, "version")
	if err == nil || !strings.Contains(out, "no Go to build one: install Go 1.26, or use the hook remixlet-lint-system") {
		t.Errorf("no binary and no Go: %v\n%s", err, out)
	}
}
