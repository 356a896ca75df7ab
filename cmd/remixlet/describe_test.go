package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const describeData = "testdata/describe"

// golden compares text with a golden file under testdata/describe/golden
// (-update rewrites it: review the diff).
func golden(t *testing.T, name, text string) {
	t.Helper()
	checkGolden(t, filepath.Join(describeData, "golden", name), text)
}

// checkGolden compares text with the file at path; -update rewrites it.
func checkGolden(t *testing.T, path, text string) {
	t.Helper()
	if *updateDocs {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), text); diff != "" {
		t.Errorf("%s differs (-want +got; rerun with -update if intended):\n%s", filepath.Base(path), diff)
	}
}

// What a person reads of each version: the capabilities in words, with
// the members behind them and the literal addresses; a source folder is
// built first.
func TestDescribe(t *testing.T) {
	for _, c := range []struct{ golden, dir string }{
		{"describe-v1.txt", filepath.Join(describeData, "v1")},
		{"describe-v2.txt", filepath.Join(describeData, "v2")},
		{"describe-quiet-news.txt", "../../testdata/examples/quiet-news"},
		{"describe-reading-list.txt", "../../examples/reading-list"},
	} {
		code, out, errOut := run(t, "describe", c.dir)
		if code != 0 {
			t.Fatalf("describe %s: exit %d\n%s", c.dir, code, errOut)
		}
		golden(t, c.golden, out)
	}
	code, out, _ := run(t, "describe", "--format", "json", filepath.Join(describeData, "v2"))
	if code != 0 || !strings.Contains(out, `"kind": "sends-requests"`) || !strings.Contains(out, `"host": "api.example.com"`) {
		t.Errorf("describe --format json: exit %d\n%s", code, out)
	}
	code, _, errOut := run(t, "describe", "--format", "xml", filepath.Join(describeData, "v2"))
	expect(t, "describe --format xml", code, "", errOut, 2, `unknown format "xml"`)
}

// diff, approve's dialog and history say what changed in what the code
// does, in words, before the code itself.
func TestCapabilityChangesInWords(t *testing.T) {
	st := t.TempDir()
	v1, v2 := filepath.Join(describeData, "v1"), filepath.Join(describeData, "v2")
	chat := "--chat-site=https://shop.example.com/"
	both := []string{"--allowed", "fetch:api.example.com", "--allowed", "fetch:cdn.example.net"}

	code, out, errOut := run(t, append([]string{"diff", v1, v2, chat}, both...)...)
	expect(t, "diff", code, out, errOut, 0)
	golden(t, "diff-v1-v2.txt", out)

	code, out, errOut = run(t, "approve", v1, "--id", "price", "--allowed", "storage", "--store", st)
	expect(t, "approve without a chat site", code, out, errOut, 1, "approval/not-confirmed")
	golden(t, "approve-v1-dialog.txt", errOut)

	for _, v := range []string{v1, v2} {
		token := approve(t, append([]string{v, "--id", "price", chat, "--allowed", "storage", "--store", st}, both...)...)
		code, out, errOut = run(t, "activate", v, "--approval", token, "--store", st)
		expect(t, "activate", code, out, errOut, 0, "activated price")
	}
	code, out, errOut = run(t, "history", "price", "--store", st)
	expect(t, "history", code, out, errOut, 0)
	golden(t, "history.txt", regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`).ReplaceAllString(out, "TIME"))
}
