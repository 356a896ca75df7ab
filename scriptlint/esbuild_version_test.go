package scriptlint_test

import (
	"os"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestOneEsbuild: the bridge module (the parser the lint reads) and this
// module (the bundler `remixlet build` uses) must pin the same esbuild, so
// that the tree the lint checks is the tree the build writes.
func TestOneEsbuild(t *testing.T) {
	pin := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := modfile.ParseLax(path, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range f.Require {
			if r.Mod.Path == "github.com/evanw/esbuild" {
				return r.Mod.Version
			}
		}
		t.Fatalf("%s does not require github.com/evanw/esbuild", path)
		return ""
	}
	root, bridge := pin("../go.mod"), pin("../internal/esbuildbridge/go.mod")
	if root != bridge {
		t.Errorf("go.mod pins esbuild %s but internal/esbuildbridge/go.mod pins %s: bump both together (CONTRIBUTING.md)", root, bridge)
	}
}
