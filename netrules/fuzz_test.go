package netrules

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
)

// FuzzCheck runs Check on fuzzed rules against three manifests (some sites,
// every site with fetch and observe hosts, legacy): no panic, no hang,
// every finding cites a known rule at a place in the file, and whatever is
// not refused installs (unless it names a host the extension uses) into a
// form that passes every check again.
func FuzzCheck(f *testing.F) {
	for i, src := range caseRules(f) {
		f.Add(src, uint8(i))
	}
	examples, _ := filepath.Glob("../testdata/examples/*/rules.json")
	for _, ex := range examples {
		data, err := os.ReadFile(ex)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0))
	}
	manifests := []*manifest.Manifest{
		mustManifest(f, "1.0.2", []string{"https://own.example.com/*", "https://*.shop.example.org/*"}),
		mustManifest(f, "1.0.2", []string{"<all_urls>"}, "fetch:api.example.com", "network:observe:feed.example.net"),
		mustManifest(f, "1.0.1", []string{"https://own.example.com/*"}),
	}
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		m := manifests[int(which)%len(manifests)]
		if root, err := strictjson.Parse(src, maxDepth); err == nil && shapeOK(root) {
			if vs := compiled().Validate(root); len(vs) != 0 {
				t.Fatalf("the shape walk passed what the schema refuses: %v", vs[0].Message)
			}
		}
		res := Check(src, m)
		lines := finding.NewLines(src)
		last := lines.Position(len(src))
		for _, fd := range res.Findings {
			if _, ok := finding.Lookup(fd.Rule); !ok || fd.File != FileName {
				t.Fatalf("bad finding %v", fd)
			}
			if fd.Start.Line < 1 || fd.Start.Line > last.Line {
				t.Fatalf("finding outside the file: %v", fd)
			}
		}
		if res.Refused() {
			return
		}
		out, err := res.Installed(m, Options{ExtensionID: extID, ExtensionHosts: []string{"auth.provider.example"}})
		if _, ok := errors.AsType[*ExtensionHostError](err); ok {
			return // a rule names a host the extension uses: refused at install
		}
		if err != nil {
			t.Fatalf("not refused, yet not installable: %v", err)
		}
		for _, fd := range Check(out, m).Findings {
			if fd.Rule != "netrules/empty" || len(res.Kept()) != 0 {
				t.Fatalf("the installed form fails its own checks: %v\n%s", fd, out)
			}
		}
		if again := Check(res.WithoutLeftOut(), m); again.Refused() || len(again.LeftOut) != 0 {
			t.Fatalf("the sanitized form still breaks a limit: %v", again.Findings)
		}
	})
}

// caseRules returns the rules.json of every netrules case file.
func caseRules(t testing.TB) [][]byte {
	t.Helper()
	srcs, err := casetest.Contents("testdata/cases", FileName)
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}
