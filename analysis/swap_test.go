//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
)

// A file swapped for a link after the loader looked at it, pointing out of
// the folder (os.Root refuses to follow it) or inside it, is refused as a
// file replaced while being read, never reported in os.Root's words.
func TestFileSwappedForALink(t *testing.T) {
	for _, target := range []string{"/etc/hostname", "manifest.json"} {
		t.Run(target, func(t *testing.T) {
			dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", "script.js": "x"})
			swapHook = func(name string) {
				if name != "script.js" {
					return
				}
				path := filepath.Join(dir, name)
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, path); err != nil {
					t.Fatal(err)
				}
			}
			defer func() { swapHook = nil }()
			p, err := Load(dir)
			if err != nil {
				t.Fatalf("a swapped file made the folder unreadable: %v", err)
			}
			found := false
			for _, f := range p.Findings {
				found = found || (f.Rule == RuleLink.ID && f.File == "script.js" && strings.Contains(f.Message, "was replaced while being read"))
			}
			if !found {
				t.Fatalf("no finding for the swapped file: %v", p.Findings)
			}
			if _, ok := p.File("script.js"); ok {
				t.Fatal("the swapped file's bytes were read")
			}
		})
	}
}
