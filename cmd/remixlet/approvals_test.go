package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/approval"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/store"
)

const example = "../../testdata/examples/hide-promoted"

// copyDir copies a stored remixlet folder.
func copyDir(t *testing.T, from, to string) string {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

func writeFile(t *testing.T, dir, name, data string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

const manifestWithStorage = `{
  "name": "Hide promoted posts",
  "api": "1.0.2",
  "matches": ["https://news.example.com/*"],
  "permissions": [{ "permission": "storage", "reason": "Remember which posts you hid." }]
}
`

// tokenOnly is approve's standard output on success: the token alone.
var tokenOnly = regexp.MustCompile(`^([0-9a-f]{32})\n$`)

// approve runs `remixlet approve` and returns the token, which must be all
// it printed on standard output.
func approve(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := run(t, append([]string{"approve"}, args...)...)
	m := tokenOnly.FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("approve %q: exit %d, standard output is not the token alone\nstdout:\n%s\nstderr:\n%s", args, code, out, errOut)
	}
	if !strings.Contains(errOut, "--approval "+m[1]) {
		t.Errorf("approve's hint does not show the token:\n%s", errOut)
	}
	return m[1]
}

func expect(t *testing.T, what string, code int, out, errOut string, wantCode int, wants ...string) {
	t.Helper()
	if code != wantCode {
		t.Errorf("%s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", what, code, wantCode, out, errOut)
	}
	for _, w := range wants {
		if !strings.Contains(out+errOut, w) {
			t.Errorf("%s: output lacks %q\nstdout:\n%s\nstderr:\n%s", what, w, out, errOut)
		}
	}
}

// The whole flow a person goes through, on the command line: approve,
// activate, a replayed token, tampered files, history, restore, export,
// delete.
func TestApprovalFlow(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	v1 := copyDir(t, example, filepath.Join(tmp, "v1"))
	chat := "--chat-site=https://news.example.com/today"

	token := approve(t, v1, "--id", "hide", chat, "--store", st)
	code, out, errOut := run(t, "activate", v1, "--approval", token, "--store", st)
	expect(t, "activate", code, out, errOut, 0, "activated hide version 1")

	code, out, errOut = run(t, "activate", v1, "--approval", token, "--store", st)
	expect(t, "replayed token", code, out, errOut, 1, "approval/used", "activated version 1 of hide")

	// Version 2 asks for storage, allowed in the chat.
	v2 := copyDir(t, v1, filepath.Join(tmp, "v2"))
	writeFile(t, v2, "manifest.json", manifestWithStorage)
	code, out, errOut = run(t, "approve", v2, "--id", "hide", chat, "--store", st)
	expect(t, "approve a permission nobody allowed", code, out, errOut, 1, "approval/permission-not-allowed", "Decision: refuse")
	token = approve(t, v2, "--id", "hide", chat, "--allowed", "storage", "--store", st)

	// The files change after approval: refused, and the approval is gone.
	script, _ := os.ReadFile(filepath.Join(v2, "script.js"))
	writeFile(t, v2, "script.js", string(script)+"rmx.log('changed after approval')\n")
	code, out, errOut = run(t, "activate", v2, "--approval", token, "--store", st)
	expect(t, "tampered file", code, out, errOut, 1, "approval/digest-mismatch")
	writeFile(t, v2, "script.js", string(script))
	code, out, errOut = run(t, "activate", v2, "--approval", token, "--store", st)
	expect(t, "after a mismatch", code, out, errOut, 1, "approval/used", "approval/digest-mismatch")

	token = approve(t, v2, "--id", "hide", chat, "--allowed", "storage", "--store", st)
	code, out, errOut = run(t, "activate", v2, "--approval", token, "--id", "other", "--store", st)
	expect(t, "another remixlet", code, out, errOut, 1, "approval/other-remixlet")
	token = approve(t, v2, "--id", "hide", chat, "--allowed", "storage", "--store", st)
	code, out, errOut = run(t, "activate", v2, "--approval", token, "--id", "hide", "--store", st)
	expect(t, "activate version 2", code, out, errOut, 0, "activated hide version 2")

	// The running version's permission needs no --allowed any more.
	v3 := copyDir(t, v2, filepath.Join(tmp, "v3"))
	writeFile(t, v3, "script.js", string(script)+"// a comment\n")
	token = approve(t, v3, "--id", "hide", chat, "--store", st)
	code, out, errOut = run(t, "activate", v3, "--approval", token, "--store", st)
	expect(t, "activate version 3", code, out, errOut, 0, "activated hide version 3")

	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history", code, out, errOut, 0,
		"hide: 3 versions", "version 1  ", "version 2  ", "+storage", "version 3  ", "(running)",
		"script.js changed: 1 line added, 0 lines removed", "permissions: storage")

	code, out, errOut = run(t, "restore", "hide", "1", "--store", st)
	expect(t, "restore without --yes", code, out, errOut, 1, "Version 1 of hide", "no permissions", "approval/not-confirmed")
	code, out, errOut = run(t, "restore", "hide", "2", "--yes", "--store", st)
	expect(t, "restore", code, out, errOut, 0, "storage\n      reason: \"Remember which posts you hid.\"", "restored version 2 of hide as version 4")
	code, out, errOut = run(t, "history", "hide", "--store", st, "--format", "json")
	expect(t, "history json", code, out, errOut, 0, `"restoredFrom": 2`, `"version": 4`)

	out2 := filepath.Join(tmp, "out2")
	code, out, errOut = run(t, "export", "hide", "2", out2, "--store", st)
	expect(t, "export", code, out, errOut, 0, "wrote version 2 of hide")
	code, out, errOut = run(t, "lint", out2)
	expect(t, "lint the export", code, out, errOut, 0, "0 errors")
	code, out, errOut = run(t, "diff", out2, v1)
	expect(t, "diff export with v1", code, out, errOut, 0, "- storage", "activate without a question")
	code, out, errOut = run(t, "export", "hide", out2, "--store", st)
	expect(t, "export into a full folder", code, out, errOut, 2, "not empty")
	code, out, errOut = run(t, "export", "hide", "9", filepath.Join(tmp, "out9"), "--store", st)
	expect(t, "export a missing version", code, out, errOut, 2, "no version 9")

	code, out, errOut = run(t, "delete", "hide", "--store", st)
	expect(t, "delete without --yes", code, out, errOut, 1, "Delete hide: 4 versions", "approval/not-confirmed", "nothing was deleted")
	code, out, errOut = run(t, "delete", "hide", "--store", st, "--yes")
	expect(t, "delete", code, out, errOut, 0, "deleted hide: 4 versions")
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history after delete", code, out, errOut, 2, `has no remixlet "hide"`)
	code, out, errOut = run(t, "delete", "hide", "--store", st, "--yes")
	expect(t, "delete twice", code, out, errOut, 2, `has no remixlet "hide"`)

	// Deleting took the permission with it.
	code, out, errOut = run(t, "approve", v2, "--id", "hide", chat, "--store", st)
	expect(t, "approve after delete", code, out, errOut, 1, "approval/permission-not-allowed", "this is a new remixlet")
}

func TestStoreFromEnvironment(t *testing.T) {
	st := filepath.Join(t.TempDir(), "env-store")
	t.Setenv("REMIXLET_STORE", st)
	token := approve(t, example, "--id", "hide", "--chat-site", "https://news.example.com/")
	code, out, errOut := run(t, "activate", example, "--approval", token)
	expect(t, "activate", code, out, errOut, 0, "activated hide version 1")
	if _, err := os.Stat(filepath.Join(st, store.FileName)); err != nil {
		t.Fatalf("$REMIXLET_STORE was not used: %v", err)
	}
}

func TestApproveDialog(t *testing.T) {
	st := t.TempDir()
	code, out, errOut := run(t, "approve", example, "--id", "hide", "--store", st)
	expect(t, "dialog without --yes", code, out, errOut, 1, "The dialog:", "Run on sites other than this chat's site", "approval/not-confirmed")
	if strings.Contains(out, "Approved") {
		t.Error("approved without confirmation")
	}

	if out != "" {
		t.Errorf("a refused approval wrote to standard output: %q", out)
	}

	// On a terminal, y answers the dialog, shown where the person answers.
	var outBuf, errBuf bytes.Buffer
	opts := &approveOptions{storeOptions: storeOptions{Store: st}, Request: approval.Request{Dir: example, ID: "hide"}, Interactive: true}
	err := runApprove(opts, streams{In: strings.NewReader("y\n"), Out: &outBuf, ErrOut: &errBuf})
	if err != nil || !tokenOnly.MatchString(outBuf.String()) || !strings.Contains(errBuf.String(), "The dialog:") || !strings.Contains(errBuf.String(), "Allow and apply? [y/N]") {
		t.Fatalf("answered y: %v\nstdout:\n%s\nstderr:\n%s", err, outBuf.String(), errBuf.String())
	}
	outBuf.Reset()
	errBuf.Reset()
	err = runApprove(opts, streams{In: strings.NewReader("n\n"), Out: &outBuf, ErrOut: &errBuf})
	if err == nil || outBuf.String() != "" || !strings.Contains(errBuf.String(), "approval/not-confirmed") {
		t.Fatalf("answered n: %v\nstdout:\n%s\nstderr:\n%s", err, outBuf.String(), errBuf.String())
	}

	token := approve(t, example, "--id", "hide", "--store", st, "--yes")
	code, out, errOut = run(t, "activate", example, "--approval", token, "--store", st)
	expect(t, "activate after --yes", code, out, errOut, 0, "activated hide version 1")
}

func TestApproveRefusesWhatLintRefuses(t *testing.T) {
	dir := copyDir(t, example, filepath.Join(t.TempDir(), "bad"))
	writeFile(t, dir, "manifest.json", `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com"]}`)
	code, out, errOut := run(t, "approve", dir, "--id", "x", "--store", t.TempDir())
	expect(t, "approve a refused folder", code, out, errOut, 1, "manifest/match-pattern", "approval/refused")
	code, out, errOut = run(t, "approve", dir, "--id", "Bad/ID", "--store", t.TempDir())
	expect(t, "a bad id", code, out, errOut, 2, "remixlet id")
	code, out, errOut = run(t, "approve", dir, "--store", t.TempDir())
	expect(t, "no id", code, out, errOut, 2, "approve needs --id ID")
}

// The injected clock drives expiry: the ten-minute edge and a clock that
// went backwards, with no test sleeping.
func TestActivateClock(t *testing.T) {
	start := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		after time.Duration
		code  int
		want  string
	}{
		{10*time.Minute - time.Millisecond, 0, "activated hide version 1"},
		{10 * time.Minute, 1, "approval/expired"},
		{-time.Second, 1, "approval/issued-in-future"},
	} {
		t.Run(tc.after.String(), func(t *testing.T) {
			st := t.TempDir()
			now := start
			clock := func() time.Time { return now }
			var out bytes.Buffer
			std := streams{In: strings.NewReader(""), Out: &out, ErrOut: io.Discard}
			err := runApprove(&approveOptions{storeOptions: storeOptions{Store: st, Now: clock}, Request: approval.Request{Dir: example, ID: "hide", ChatSite: "https://news.example.com/"}}, std)
			m := tokenOnly.FindStringSubmatch(out.String())
			if err != nil || m == nil {
				t.Fatalf("approve: %v\n%s", err, out.String())
			}
			now = start.Add(tc.after)
			out.Reset()
			err = runActivate(&activateOptions{storeOptions: storeOptions{Store: st, Now: clock}, Dir: example, Approval: m[1]}, std)
			code := 0
			if ee, ok := err.(exitError); ok {
				code = ee.code
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || !strings.Contains(out.String(), tc.want) {
				t.Errorf("exit %d, want %d with %q:\n%s", code, tc.code, tc.want, out.String())
			}
		})
	}
}

func TestDiffExitStatus(t *testing.T) {
	tmp := t.TempDir()
	v1 := copyDir(t, example, filepath.Join(tmp, "v1"))
	wider := copyDir(t, v1, filepath.Join(tmp, "wider"))
	writeFile(t, wider, "manifest.json", strings.Replace(manifestWithStorage, "news.example.com", "*.example.com", 1))
	code, out, errOut := run(t, "diff", v1, v1)
	expect(t, "same files", code, out, errOut, 0, "Decision: activate without a question (exit 0)")
	code, out, errOut = run(t, "diff", v1, wider)
	expect(t, "wider with a permission nobody allowed", code, out, errOut, 1, "Decision: refuse (exit 1)")
	code, out, errOut = run(t, "diff", v1, wider, "--allowed", "storage")
	expect(t, "wider", code, out, errOut, 3, "Decision: ask first (exit 3)", "e.g. https://example.com/", "[Allow and apply]")
	code, out, errOut = run(t, "diff", v1, wider, "--allowed", "storage", "--format", "json")
	expect(t, "json", code, out, errOut, 3, `"decision": "dialog"`, `"exitCode": 3`, `"rule": "approval/new-site"`)
	code, out, errOut = run(t, "diff", v1, "--chat-site", "https://news.example.com/")
	expect(t, "new on the chat's site", code, out, errOut, 0, "running: none (a new remixlet)")
	code, out, errOut = run(t, "diff", v1, "--allowed", "everything")
	expect(t, "bad --allowed", code, out, errOut, 2, `"everything" is not a permission`)
	bad := copyDir(t, v1, filepath.Join(tmp, "bad"))
	writeFile(t, bad, "manifest.json", `{"name": "x"}`)
	code, out, errOut = run(t, "diff", v1, bad)
	expect(t, "new manifest refused", code, out, errOut, 1, filepath.Join(tmp, "bad", "manifest.json")+":1:1: error manifest/missing-key")
	code, out, errOut = run(t, "diff", bad, v1)
	expect(t, "running manifest unreadable", code, out, errOut, 2, "refused")
	code, out, errOut = run(t, "diff", v1, filepath.Join(tmp, "nope"))
	expect(t, "missing folder", code, out, errOut, 2, "nope does not exist")
}

// diff --id compares with the running version the store holds, as approve
// decides; with no version stored yet, the remixlet is new.
func TestDiffAgainstTheStore(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	v1 := copyDir(t, example, filepath.Join(tmp, "v1"))
	chat := "--chat-site=https://news.example.com/today"
	code, out, errOut := run(t, "diff", v1, "--id", "hide", chat, "--store", st)
	expect(t, "nothing stored yet", code, out, errOut, 0, "running: none (a new remixlet)")

	token := approve(t, v1, "--id", "hide", chat, "--store", st)
	code, out, errOut = run(t, "activate", v1, "--approval", token, "--store", st)
	expect(t, "activate", code, out, errOut, 0, "activated hide version 1")
	wider := copyDir(t, v1, filepath.Join(tmp, "wider"))
	writeFile(t, wider, "manifest.json", strings.Replace(manifestWithStorage, "news.example.com", "*.example.com", 1))
	writeFile(t, wider, "script.js", "rmx.log(await rmx.storage.keys());\n")
	code, out, errOut = run(t, "diff", wider, "--id", "hide", chat, "--store", st, "--allowed", "storage")
	expect(t, "wider than the stored version", code, out, errOut, 3, "running: version 1 of hide (h1:", "Decision: ask first (exit 3)",
		"\nCode:\n--- version 1 of hide/script.js\n+++ "+wider+"/script.js\n", "+rmx.log(await rmx.storage.keys());")
	code, out, errOut = run(t, "diff", v1, wider, "--id", "hide", "--store", st)
	expect(t, "both OLD and --id", code, out, errOut, 2, "give either the running version's folder (OLD) or --id, not both")
}

func TestDigestCommand(t *testing.T) {
	pkg, err := analysis.Load(example)
	if err != nil {
		t.Fatal(err)
	}
	want, err := digest.Package(pkg)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "digest", example)
	expect(t, "digest", code, out, errOut, 0, want+"\n")
	dir := copyDir(t, example, filepath.Join(t.TempDir(), "x"))
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "style.css")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "digest", dir)
	expect(t, "digest of a folder with a link", code, out, errOut, 1, "package/link")
}

func TestDamagedStoreIsAnError(t *testing.T) {
	st := t.TempDir()
	writeFile(t, st, store.FileName, strings.Repeat("garbage ", 2000))
	code, out, errOut := run(t, "history", "hide", "--store", st)
	expect(t, "history of a damaged store", code, out, errOut, 2, "damaged", "move it aside")
	code, out, errOut = run(t, "approve", example, "--id", "hide", "--store", st, "--yes")
	expect(t, "approve into a damaged store", code, out, errOut, 2, "damaged")
}

// restore checks the stored files with today's analyzers: a version
// stored before a check existed cannot come back while it fails it.
func TestRestoreUsesTodaysChecks(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	old := copyDir(t, example, filepath.Join(tmp, "old"))
	writeFile(t, old, "style.css", ".promoted { background: url(https://tracker.example.net/p.png) }\n")

	// Yesterday's toolchain: only the manifest was checked.
	today := lint.Analyzers
	lint.Analyzers = []*analysis.Analyzer{manifest.Analyzer}
	token := approve(t, old, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	code, out, errOut := run(t, "activate", old, "--approval", token, "--store", st)
	lint.Analyzers = today
	expect(t, "activate with yesterday's checks", code, out, errOut, 0, "activated hide version 1")

	v2 := copyDir(t, example, filepath.Join(tmp, "v2"))
	token = approve(t, v2, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	code, out, errOut = run(t, "activate", v2, "--approval", token, "--store", st)
	expect(t, "activate version 2", code, out, errOut, 0, "activated hide version 2")

	code, out, errOut = run(t, "restore", "hide", "1", "--yes", "--store", st)
	expect(t, "restore a version today's checks refuse", code, out, errOut, 1, "css/remote-load", "approval/refused", "cannot be restored")
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history after a refused restore", code, out, errOut, 0, "hide: 2 versions")
}

// A link added after approval is not in the digest (the loader refuses
// it, so its bytes are never read), but activation checks the folder
// again and refuses it.
func TestActivateRefusesALinkAddedAfterApproval(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v"))
	token := approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "style.css")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "activate", dir, "--approval", token, "--store", st)
	expect(t, "activate with a link", code, out, errOut, 1, "package/link", "approval/refused")
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "nothing stored", code, out, errOut, 2, "no remixlet")
}

// The rough edges a new user hits with the store commands.
func TestStoreCommandEdges(t *testing.T) {
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	chat := "--chat-site=https://news.example.com/"

	// Against a store that does not exist: named, and never created.
	code, out, errOut := run(t, "activate", example, "--approval", strings.Repeat("a", 32), "--store", st)
	expect(t, "activate with no store", code, out, errOut, 1, "approval/unknown", "no store in "+st)
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history with no store", code, out, errOut, 2, "no store in "+st)
	code, out, errOut = run(t, "list", "--store", st)
	expect(t, "list with no store", code, out, errOut, 0, "holds no remixlets")
	if _, err := os.Stat(st); !os.IsNotExist(err) {
		t.Fatalf("a read created the store: %v", err)
	}

	// approve's hint keeps --store and shows the real token.
	code, out, errOut = run(t, "approve", example, "--id", "hide", chat, "--store", st)
	token := strings.TrimSpace(out)
	expect(t, "approve", code, out, errOut, 0, "remixlet activate "+example+" --approval "+token+" --store "+st)
	if strings.Contains(errOut, "TOKEN") {
		t.Error("the hint shows a literal TOKEN")
	}
	code, out, errOut = run(t, "activate", example, "--approval", token, "--store", st)
	expect(t, "activate", code, out, errOut, 0, "activated hide version 1")

	// A refused approval writes nothing to standard output.
	bad := copyDir(t, example, filepath.Join(tmp, "bad"))
	writeFile(t, bad, "script.js", "eval(location.hash)\n")
	code, out, errOut = run(t, "approve", bad, "--id", "hide", chat, "--store", st)
	expect(t, "approve refused files", code, out, errOut, 1, "Decision: refuse", "approval/refused")
	if out != "" {
		t.Errorf("a refused approval wrote to standard output: %q", out)
	}

	// History times are RFC 3339.
	code, out, errOut = run(t, "history", "hide", "--store", st)
	expect(t, "history", code, out, errOut, 0)
	if !regexp.MustCompile(`version 1  \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ  h1:`).MatchString(out) {
		t.Errorf("history times are not RFC 3339:\n%s", out)
	}

	// list, text and json.
	code, out, errOut = run(t, "list", "--store", st)
	expect(t, "list", code, out, errOut, 0, `hide  "Hide promoted posts"`, "running: version 1 of 1", "sites: https://news.example.com/*", "permissions: none")
	code, out, errOut = run(t, "list", "--store", st, "--format", "json")
	expect(t, "list json", code, out, errOut, 0, `"id": "hide"`, `"running": 1`, `"sites": [`, `"permissions": []`)

	// export ID VERSION without OUT is a usage error, and makes no folder.
	wd, _ := os.Getwd()
	if err := os.Chdir(tmp); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "export", "hide", "1", "--store", st)
	_ = os.Chdir(wd)
	expect(t, "export without OUT", code, out, errOut, 2, "give the folder to write to after the version")
	if _, err := os.Stat(filepath.Join(tmp, "1")); !os.IsNotExist(err) {
		t.Error("export without OUT made a folder named after the version")
	}

	// delete asks like restore: no terminal and no --yes is a refusal.
	code, out, errOut = run(t, "delete", "hide", "--store", st)
	expect(t, "delete without --yes", code, out, errOut, 1, "approval/not-confirmed", "nothing was deleted")
	code, out, errOut = run(t, "list", "--store", st)
	expect(t, "still there", code, out, errOut, 0, "hide")
	var outBuf, errBuf bytes.Buffer
	err := runDelete(&deleteOptions{storeOptions: storeOptions{Store: st}, ID: "hide", Interactive: true}, streams{In: strings.NewReader("y\n"), Out: &outBuf, ErrOut: &errBuf})
	if err != nil || !strings.Contains(errBuf.String(), "Delete hide and its whole history? [y/N]") || !strings.Contains(outBuf.String(), "deleted hide: 1 version") {
		t.Fatalf("delete answered y: %v\n%s%s", err, outBuf.String(), errBuf.String())
	}
}

// diff runs every check lint runs: files lint refuses are refused, with
// the findings, never "activate without a question".
func TestDiffRefusesWhatLintRefuses(t *testing.T) {
	dir := copyDir(t, example, filepath.Join(t.TempDir(), "bad"))
	writeFile(t, dir, "script.js", "eval(location.hash)\n")
	code, out, errOut := run(t, "lint", dir)
	expect(t, "lint", code, out, errOut, 1)
	code, out, errOut = run(t, "diff", dir, "--chat-site", "https://news.example.com/")
	expect(t, "diff of refused files", code, out, errOut, 1, "js/", "Decision: refuse (exit 1)", "approval/refused")
	code, out, errOut = run(t, "diff", dir, "--chat-site", "https://news.example.com/", "--format", "json")
	expect(t, "diff json", code, out, errOut, 1, `"decision": "refuse"`, `"rule": "approval/refused"`)
	// A manifest lint refuses: the findings, and the refusal.
	writeFile(t, dir, "manifest.json", `{"name": "x"}`)
	code, out, errOut = run(t, "diff", dir)
	expect(t, "diff of a refused manifest", code, out, errOut, 1, "manifest/missing-key", "Decision: refuse (exit 1)")
}
