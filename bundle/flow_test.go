package bundle_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/remixlet/remixlet/bundle"
)

// A flow's steps point into the source file, as the finding does.
func TestFlowStepsPointAtTheSource(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "fetch:api.example.com", "reason": "r"}]}`,
		"src/main.ts":   "const h = await dom.query(\"h1\");\nconst t: string = await h!.text();\nawait rmx.fetch(\"https://api.example.com/?q=\" + t);\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := bundle.Build(dir, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if f.Rule != "js/page-data-flow" {
			continue
		}
		if f.File != "src/main.ts" || f.Flow == nil || len(f.Flow.Steps) < 2 {
			t.Fatalf("finding %+v, flow %+v", f, f.Flow)
		}
		if first, last := f.Flow.Steps[0], f.Flow.Steps[len(f.Flow.Steps)-1]; first.Line != 2 || last.Line != 3 {
			t.Errorf("steps %+v: want the read on line 2 and the sink on line 3 of src/main.ts", f.Flow.Steps)
		}
		return
	}
	t.Fatalf("no js/page-data-flow finding: %v", res.Findings)
}
