package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file read on its own gets the loader's caps and refusals, whether it
// is on disk (ReadFile) or in memory (CheckFile).
func TestReadFileAppliesTheLoadersChecks(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name, as string
		data     []byte
		rule     string
	}{
		{"ok.css", "style.css", []byte("a { color: red }\n"), ""},
		{"at-cap.css", "style.css", []byte(strings.Repeat("a", 512<<10)), ""},
		{"over-cap.css", "style.css", []byte(strings.Repeat("a", 512<<10+1)), "package/too-large"},
		{"bad.css", "style.css", []byte("a { content: \"\xff\" }"), "package/invalid-utf8"},
		{"bom.json", "manifest.json", []byte("\xEF\xBB\xBF{}"), "package/bom"},
		{"big.json", "manifest.json", []byte(strings.Repeat(" ", 64<<10+1)), "package/too-large"},
	} {
		data, refused, err := ReadFile(write(c.name, c.data), c.as)
		mem, memRefused := CheckFile(filepath.ToSlash(filepath.Join(dir, c.name)), c.as, c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.rule == "" {
			if refused != nil || string(data) != string(c.data) || memRefused != nil || string(mem) != string(c.data) {
				t.Errorf("%s: refused %v / %v", c.name, refused, memRefused)
			}
			continue
		}
		if data != nil || len(refused) != 1 || refused[0].Rule != c.rule || !strings.HasSuffix(refused[0].File, c.name) {
			t.Errorf("%s: got %q, %v; want %s", c.name, data, refused, c.rule)
		}
		if mem != nil || len(memRefused) != 1 || memRefused[0].String() != refused[0].String() {
			t.Errorf("%s: in memory %v, on disk %v", c.name, memRefused, refused)
		}
	}
	if _, _, err := ReadFile(filepath.Join(dir, "nope.css"), "style.css"); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v", err)
	}
	if _, _, err := ReadFile(dir, "style.css"); err == nil {
		t.Error("a folder read as a stylesheet")
	}
	if p, ok := ManifestBeside(filepath.Join(dir, "ok.css")); ok {
		t.Errorf("no manifest beside, yet %s", p)
	}
	write("manifest.json", []byte("{}"))
	if p, ok := ManifestBeside(filepath.Join(dir, "ok.css")); !ok || p != filepath.Join(dir, "manifest.json") {
		t.Errorf("the manifest beside: %s %v", p, ok)
	}
}
