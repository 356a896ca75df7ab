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

// TestResultOfOnlyThroughRequires: an analyzer sees another's result only
// by requiring it; reading any other is an internal error, never a pass.
func TestResultOfOnlyThroughRequires(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}"})
	base := &Analyzer{Name: "base", Run: func(*Pass) (any, error) { return "base result", nil }}
	other := &Analyzer{Name: "other", Run: func(*Pass) (any, error) { return "other result", nil }}
	var got any
	reader := &Analyzer{Name: "reader", Requires: []*Analyzer{base}, Run: func(p *Pass) (any, error) {
		got = p.ResultOf(base)
		return p.ResultOf(other), nil // not required: must not be seen
	}}
	res := Run(dir, []*Analyzer{other, reader})
	if got != "base result" {
		t.Errorf("ResultOf(required) = %v", got)
	}
	if res.Err == nil || !strings.Contains(res.Err.Error(), "reader reads the result of other without requiring it") {
		t.Errorf("reading an undeclared result: Err = %v", res.Err)
	}
}

// TestRunsWithout: a requirement listed in RunsWithout that produced
// nothing does not stop the analyzer; one not listed does.
func TestRunsWithout(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}", "script.js": "x"})
	empty := &Analyzer{Name: "empty", Run: func(*Pass) (any, error) { return nil, nil }}
	var saw []any
	tolerant := &Analyzer{Name: "tolerant", File: "script.js", Requires: []*Analyzer{empty}, RunsWithout: []*Analyzer{empty},
		Run: func(p *Pass) (any, error) {
			saw = append(saw, p.ResultOf(empty))
			return 1, nil
		}}
	res := Run(dir, []*Analyzer{tolerant})
	if res.Err != nil || len(saw) != 1 || saw[0] != nil || len(res.Findings) != 0 {
		t.Errorf("tolerant analyzer: ran %d times, saw %v, findings %v, err %v", len(saw), saw, rules(res.Findings), res.Err)
	}
}

// TestValidate: a cycle, a nameless analyzer, two of one name, and a
// RunsWithout outside Requires are each refused, all of them reported.
func TestValidate(t *testing.T) {
	run := func(*Pass) (any, error) { return nil, nil }
	a := &Analyzer{Name: "a", Run: run}
	b := &Analyzer{Name: "b", Run: run, Requires: []*Analyzer{a}}
	a.Requires = []*Analyzer{b}
	twin1 := &Analyzer{Name: "twin", Run: run}
	twin2 := &Analyzer{Name: "twin", Run: run}
	stray := &Analyzer{Name: "stray", Run: run, RunsWithout: []*Analyzer{twin1}}
	nameless := &Analyzer{Run: run}
	err := Validate([]*Analyzer{a, twin1, twin2, stray, nameless})
	for _, want := range []string{"cycle: a → b → a", `two analyzers are named "twin"`, "stray runs without twin, which it does not require", "needs a name"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate: %v; want it to say %q", err, want)
		}
	}
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}"})
	if res := Run(dir, []*Analyzer{a}); res.Err == nil {
		t.Error("Run with a cycle: no error")
	}
}

// TestErrorsAreJoined: two analyzers that fail both say so.
func TestErrorsAreJoined(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}"})
	one := &Analyzer{Name: "one", Run: func(*Pass) (any, error) { return nil, errors.New("first failure") }}
	two := &Analyzer{Name: "two", Run: func(*Pass) (any, error) { return nil, errors.New("second failure") }}
	res := Run(dir, []*Analyzer{one, two})
	if res.Err == nil || !strings.Contains(res.Err.Error(), "first failure") || !strings.Contains(res.Err.Error(), "second failure") {
		t.Errorf("Err = %v, want both failures", res.Err)
	}
}

// TestFindingsCappedPerRule: past MaxPerRule errors of one rule in one
// file, one error at the next place says how many more there are; other
// rules and files keep theirs, a check that already stopped at the cap with
// its own last finding (MaxPerRule+1 in all) is left alone, and warnings
// are all kept (each can be suppressed or baselined on its own).
func TestFindingsCappedPerRule(t *testing.T) {
	many := &Analyzer{Name: "many", Run: func(p *Pass) (any, error) {
		for i := 250; i >= 1; i-- { // out of order: the first ones by position are kept
			p.Report(finding.New(RuleFolder, "style.css", finding.Position{Line: i, Column: 1}, "loads %d", i))
		}
		for i := 1; i <= MaxPerRule+1; i++ {
			p.Report(finding.New(RuleFolder, "script.js", finding.Position{Line: i, Column: 1}, "own cap %d", i))
		}
		for i := 1; i <= 3; i++ {
			p.Report(finding.New(RuleUnexpectedFile, "style.css", finding.Position{Line: i, Column: 2}, "other %d", i))
		}
		for i := 1; i <= 150; i++ { // lowered to warnings, as a check does for legacy remixlets
			f := finding.New(RuleMissingManifest, "style.css", finding.Position{Line: i, Column: 3}, "warning %d", i)
			f.Severity = finding.Warning
			p.Report(f)
		}
		return nil, nil
	}}
	dir := casetest.WriteFiles(t, map[string]string{"manifest.json": "{}"})
	res := Run(dir, []*Analyzer{many})
	counts := map[string]int{}
	for _, f := range res.Findings {
		counts[f.File+" "+f.Rule]++
	}
	want := map[string]int{"style.css package/folder": MaxPerRule + 1, "script.js package/folder": MaxPerRule + 1, "style.css package/unexpected-file": 3, "style.css package/missing-manifest": 150}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Fatalf("findings per file and rule (-want +got):\n%s", diff)
	}
	var last finding.Finding
	for _, f := range res.Findings {
		if f.File == "style.css" && f.Rule == "package/folder" {
			last = f
		}
	}
	if last.Start.Line != MaxPerRule+1 || last.Message != "and 150 more findings like the ones above from here on, not listed one by one: fix those first, then lint again" {
		t.Errorf("the last finding is %v", last)
	}
	if got := len(res.ByAnalyzer[many]); got != len(res.Findings) {
		t.Errorf("the analyzer's own findings (%d) are not the capped ones (%d)", got, len(res.Findings))
	}
}
