package main

import (
	"os"
	"path/filepath"
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
