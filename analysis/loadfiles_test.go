package analysis

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/finding"
)

// Files held in memory get the folder's refusals: a name with a slash is a
// folder, names that are no file name are refused, caps and UTF-8 apply,
// and an empty file is a file.
func TestLoadFiles(t *testing.T) {
	p := LoadFiles("x", map[string][]byte{
		"manifest.json":  []byte("{}"),
		"script.js":      {},
		"style.css":      []byte(strings.Repeat("a", 512<<10+1)),
		"rules.json":     []byte("\xEF\xBB\xBF[]"),
		"lib/a.js":       []byte("a"),
		"lib/b/c.js":     []byte("c"),
		"assets/":        nil,
		"":               []byte("?"),
		"..":             []byte("?"),
		"/etc/passwd":    []byte("?"),
		"Manifest.json":  []byte("{}"),
		"notes.txt":      []byte("hi"),
		"nul\x00.js":     []byte("x"),
		"SCRIPT.JS.orig": []byte("x"),
	})
	want := []string{
		" package/unexpected-file",
		".. package/unexpected-file",
		"/etc/passwd package/unexpected-file",
		"Manifest.json package/case-collision",
		"SCRIPT.JS.orig package/unexpected-file",
		"assets package/folder",
		"lib package/folder",
		"notes.txt package/unexpected-file",
		"nul\x00.js package/unexpected-file",
		"rules.json package/bom",
		"style.css package/too-large",
	}
	if diff := cmp.Diff(want, rules(p.Findings)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	var accepted []string
	for _, f := range p.Files {
		accepted = append(accepted, f.Name)
	}
	if diff := cmp.Diff([]string{"manifest.json", "script.js"}, accepted); diff != "" {
		t.Errorf("accepted files (-want +got):\n%s", diff)
	}
	if !p.Has("style.css") || p.Dir != "x" {
		t.Errorf("Present %v, Dir %q", p.Present, p.Dir)
	}
	for _, f := range p.Findings {
		if strings.Contains(f.Message, "%!") {
			t.Errorf("badly formatted message: %s", f.Message)
		}
	}
}

func TestLoadFilesWithoutManifest(t *testing.T) {
	p := LoadFiles(".", map[string][]byte{"script.js": []byte("x")})
	want := []finding.Finding{finding.New(RuleMissingManifest, "", finding.Position{}, "the folder has no manifest.json: every remixlet needs one")}
	if diff := cmp.Diff(want, p.Findings); diff != "" {
		t.Error(diff)
	}
	if p := LoadFiles(".", nil); len(p.Findings) != 1 || p.Findings[0].Rule != RuleMissingManifest.ID {
		t.Errorf("no files at all: %v", p.Findings)
	}
}
