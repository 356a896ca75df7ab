package bundle

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
)

// FuzzBuild builds a source folder whose entry script and stylesheet are
// the fuzzer's text: whatever it holds, the build returns findings or a
// digest, never a panic, and never a finding outside the files it read.
func FuzzBuild(f *testing.F) {
	for _, name := range []string{"src/main.ts", "style.css", "src/run.ts", "src/greet.ts"} {
		seeds, err := casetest.Contents("testdata/cases", name)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range seeds {
			f.Add(string(s), "a { color: red }")
			f.Add("rmx.log(1)", string(s))
		}
	}
	manifest := `{"name": "Fuzz", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "storage", "reason": "x"}]}`
	f.Fuzz(func(t *testing.T, script, style string) {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "src"), 0o755)
		os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(manifest), 0o644)
		os.WriteFile(filepath.Join(dir, "src", "main.ts"), []byte(script), 0o644)
		os.WriteFile(filepath.Join(dir, "style.css"), []byte(style), 0o644)
		res, err := Build(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Err != nil {
			return // a check that could not run says so (exit 2); not a panic
		}
		checkResult(t, res)
	})
}
