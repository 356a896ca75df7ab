package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/internal/casetest"
)

// TestLoadFilesAgreesWithLoad checks every annotated case made only of
// regular files the same way in memory as on disk: the same files accepted,
// the same findings.
func TestLoadFilesAgreesWithLoad(t *testing.T) {
	var cases []string
	for _, root := range []string{"testdata/cases", "../manifest/testdata/cases", "../scriptlint/testdata/cases", "../cssguard/testdata/cases", "../netrules/testdata/cases"} {
		more, err := casetest.Glob(root)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, more...)
	}
	checked := 0
	for _, file := range cases {
		c, err := casetest.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		regular := true
		for _, e := range c.Entries {
			if e.Kind != "file" || strings.Contains(e.Name, "/") {
				regular = false
			}
			files[e.Name] = e.Data
		}
		if !regular {
			continue
		}
		dir := filepath.Join(t.TempDir(), "remixlet")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := c.Materialize(dir); err != nil {
			t.Fatal(err)
		}
		onDisk, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		inMemory := LoadFiles(dir, files)
		// LoadFiles runs Load's own checks: the messages agree too.
		if diff := cmp.Diff(onDisk, inMemory); diff != "" {
			t.Errorf("%s: LoadFiles differs from Load (-disk +memory):\n%s", file, diff)
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d cases compared", checked)
	}
}

func TestLoadFilesCapsAndNames(t *testing.T) {
	p := LoadFiles("built", map[string][]byte{
		"manifest.json": []byte("{}"),
		"script.js":     []byte(strings.Repeat("a", 1<<20+1)),
		"notes.txt":     []byte("x"),
	})
	if diff := cmp.Diff([]string{"notes.txt package/unexpected-file", "script.js package/too-large"}, rules(p.Findings)); diff != "" {
		t.Error(diff)
	}
	if _, ok := p.File("script.js"); ok || !p.Has("script.js") {
		t.Error("an oversized file must be present but not accepted")
	}
	if diff := cmp.Diff([]string{" package/missing-manifest"}, rules(LoadFiles("x", nil).Findings)); diff != "" {
		t.Error(diff)
	}
}
