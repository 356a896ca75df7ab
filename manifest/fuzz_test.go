package manifest_test

import (
	"bytes"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/manifest"
)

// FuzzParse: whatever the bytes, Parse returns without panicking, every
// finding cites a known rule at a real place in the file, and a manifest
// it cannot use always comes with an error that says why.
func FuzzParse(f *testing.F) {
	manifests, err := casetest.Contents("../testdata", "manifest.json")
	if err != nil {
		f.Fatal(err)
	}
	for _, m := range manifests {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, findings := manifest.Parse(src)
		if m == nil && !finding.HasErrors(findings) {
			t.Fatalf("no manifest and no error for %q", src)
		}
		lines := bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r")) + 1
		for _, fd := range findings {
			if _, ok := finding.Lookup(fd.Rule); !ok || fd.File != manifest.FileName {
				t.Fatalf("bad finding %v", fd)
			}
			if fd.Start.Line < 1 || fd.Start.Line > lines || fd.Start.Column < 1 {
				t.Fatalf("finding outside the file: %v", fd)
			}
		}
	})
}
