package bundle

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite the digests committed beside the examples")

// TestExamplesBuildToTheirDigest builds every source folder in examples/
// and compares its digest with the one committed beside it
// (examples/NAME.digest): the same source gives the same files on every
// machine. .ci/run checks the same with the built binary. After a change
// that is meant to change the output: go test ./bundle -run Examples -update.
func TestExamplesBuildToTheirDigest(t *testing.T) {
	dirs, err := filepath.Glob("../examples/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, dir := range dirs {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			res := mustBuild(t, dir, Options{})
			if len(res.Findings) > 0 {
				t.Fatalf("a shipped example must build without findings: %v", res.Findings)
			}
			file := strings.TrimSuffix(dir, "/") + ".digest"
			if *update {
				if err := os.WriteFile(file, []byte(res.Digest+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("no digest beside the example: %v (go test ./bundle -run Examples -update writes it)", err)
			}
			if got := res.Digest; got != strings.TrimSpace(string(want)) {
				t.Errorf("%s builds to %s, but %s says %s", dir, got, file, strings.TrimSpace(string(want)))
			}
		})
	}
}

// TestDocsRules keeps docs/build.md's rule table generated from the rules:
// go test ./bundle -run DocsRules -update rewrites it.
func TestDocsRules(t *testing.T) {
	docsync.Section(t, "../docs/build.md", "build-rules", RulesMarkdown(), *update)
}
