package analysis

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
)

func rules(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.File+" "+f.Rule)
	}
	return out
}

func TestLoadSizeCaps(t *testing.T) {
	for _, sf := range StoredFiles {
		t.Run(sf.Name, func(t *testing.T) {
			atCap := strings.Repeat("a", int(sf.MaxSize))
			dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", sf.Name: atCap})
			p, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := p.File(sf.Name); !ok || len(got) != len(atCap) {
				t.Fatalf("a file of exactly %d bytes was not accepted: %v", sf.MaxSize, rules(p.Findings))
			}
			dir = casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", sf.Name: atCap + "a"})
			if p, err = Load(dir); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{sf.Name + " package/too-large"}, rules(p.Findings)); diff != "" {
				t.Error(diff)
			}
			if _, ok := p.File(sf.Name); ok || !p.Has(sf.Name) {
				t.Errorf("an oversized file must be present but not accepted")
			}
		})
	}
}

func TestLoadRefusesWhatIsNotAFolder(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}"})
	if _, err := Load(filepath.Join(dir, "manifest.json")); err == nil {
		t.Error("Load of a file: no error")
	}
	if _, err := Load(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing folder: %v", err)
	}
}

func TestLoadReadsSameBytes(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", "style.css": "a{}", "script.js": "x"})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range p.Files {
		names = append(names, f.Name)
	}
	if diff := cmp.Diff([]string{"manifest.json", "script.js", "style.css"}, names); diff != "" {
		t.Errorf("files not sorted by name: %s", diff)
	}
}

// The driver: requirements run first, a nil result skips dependents with a
// not-analysed finding, and a panic is an error, never a pass.
func TestRunPackage(t *testing.T) {
	var ran []string
	base := &Analyzer{Name: "base", File: "manifest.json", Run: func(p *Pass) (any, error) {
		ran = append(ran, "base")
		return nil, nil // could not read: dependents must not run
	}}
	dependent := &Analyzer{Name: "dep", File: "style.css", Requires: []*Analyzer{base}, Run: func(p *Pass) (any, error) {
		ran = append(ran, "dep")
		return 1, nil
	}}
	absent := &Analyzer{Name: "absent", File: "script.js", Requires: []*Analyzer{base}, Run: func(p *Pass) (any, error) {
		ran = append(ran, "absent")
		return 1, nil
	}}
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", "style.css": "a{}"})
	res := Run(dir, []*Analyzer{dependent, absent})
	if diff := cmp.Diff([]string{"base"}, ran); diff != "" {
		t.Errorf("ran: %s", diff)
	}
	if diff := cmp.Diff([]string{"style.css package/not-analysed"}, rules(res.Findings)); diff != "" {
		t.Errorf("findings: %s", diff)
	}
	if !res.Refused() {
		t.Error("a file that was not analysed must refuse the remixlet")
	}

	crash := &Analyzer{Name: "crash", Run: func(*Pass) (any, error) { panic("boom") }}
	res = Run(dir, []*Analyzer{crash})
	if res.Err == nil || !strings.Contains(res.Err.Error(), "boom") {
		t.Errorf("a panicking analyzer: Err = %v, want the panic", res.Err)
	}
}

func TestRunAllKeepsOrder(t *testing.T) {
	var dirs []string
	for i := range 9 {
		files := map[string]string{"manifest.json": "{}"}
		if i%2 == 1 {
			files["extra.txt"] = "x"
		}
		dirs = append(dirs, casetest.WriteFiles(t, files))
	}
	results := RunAll(dirs, nil)
	for i, r := range results {
		if r.Dir != dirs[i] || r.Refused() != (i%2 == 1) {
			t.Errorf("result %d: dir %s refused %v", i, r.Dir, r.Refused())
		}
	}
}
