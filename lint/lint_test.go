package lint_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/scriptlint"
)

// caseRoots are the annotated cases of every analyzer, each with the
// analyzer whose findings it declares (nil: the loader's).
var caseRoots = []struct {
	root     string
	analyzer *analysis.Analyzer
}{
	{"../analysis/testdata/cases", nil},
	{"../manifest/testdata/cases", manifest.Analyzer},
	{"../scriptlint/testdata/cases", scriptlint.Analyzer},
	{"../cssguard/testdata/cases", cssguard.Analyzer},
	{"../netrules/testdata/cases", netrules.Analyzer},
}

// TestCases runs every analyzer's annotated cases through all the
// analyzers `remixlet lint` runs: each analyzer must report exactly what
// its cases declare when it runs beside the others, as it does alone in
// its own package's test, and the whole run must never fail to check.
func TestCases(t *testing.T) {
	for _, cr := range caseRoots {
		casetest.Run(t, cr.root, func(t *testing.T, dir string) []finding.Finding {
			res := lint.Dir(dir)
			if res.Err != nil {
				t.Fatalf("could not check: %v", res.Err)
			}
			if cr.analyzer == nil {
				return res.Package.Findings
			}
			return res.ByAnalyzer[cr.analyzer]
		})
	}
}

// TestExamples requires every shipped example to lint without a single
// finding: they are what the README tells people to try first.
func TestExamples(t *testing.T) {
	dirs, err := filepath.Glob("../testdata/examples/*")
	if err != nil || len(dirs) < 3 {
		t.Fatalf("want at least three examples, found %d (%v)", len(dirs), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			res := lint.Dir(dir)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			for _, f := range res.Findings {
				t.Errorf("%s", f)
			}
		})
	}
}

func BenchmarkLintExample(b *testing.B) {
	for _, name := range []string{"hide-promoted", "reading-mode", "block-trackers"} {
		dir := filepath.Join("../testdata/examples", name)
		if _, err := os.Stat(dir); err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if res := analysis.Run(dir, lint.Analyzers); res.Err != nil || res.Refused() {
					b.Fatal("example refused")
				}
			}
		})
	}
}

// FuzzLint writes fuzzed files into a folder and lints it: no panic, no
// hang, and the result is findings or clean, never "could not check".
func FuzzLint(f *testing.F) {
	var files []string
	for _, cr := range caseRoots {
		more, err := casetest.Glob(cr.root)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, more...)
	}
	for _, file := range files {
		c, err := casetest.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		seed := map[string][]byte{}
		for _, e := range c.Entries {
			seed[e.Name] = e.Data
		}
		f.Add(seed["manifest.json"], seed["script.js"], seed["style.css"], seed["rules.json"])
	}
	f.Fuzz(func(t *testing.T, manifestJSON, script, style, rules []byte) {
		dir := t.TempDir()
		for name, data := range map[string][]byte{"manifest.json": manifestJSON, "script.js": script, "style.css": style, "rules.json": rules} {
			if len(data) == 0 {
				continue
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		res := lint.Dir(dir)
		if res.Err != nil {
			t.Fatalf("could not check: %v", res.Err)
		}
		for _, fd := range res.Findings {
			if _, ok := finding.Lookup(fd.Rule); !ok {
				t.Fatalf("unknown rule in %v", fd)
			}
		}
	})
}

// TestAnalyzersValidate: the analyzers `remixlet lint` runs form a valid
// graph (no cycle; every result read is required).
func TestAnalyzersValidate(t *testing.T) {
	if err := analysis.Validate(lint.Analyzers); err != nil {
		t.Fatal(err)
	}
}

// TestLoadFilesAgreesWithLoad holds the in-memory loader (the WebAssembly
// build's) to the folder loader: every case whose entries a name → bytes
// map can hold gives the same package and the same findings both ways.
// Links and named pipes exist only in a folder; their cases are counted
// and left to the folder loader's tests.
func TestLoadFilesAgreesWithLoad(t *testing.T) {
	var files []string
	for _, cr := range caseRoots {
		found, err := casetest.Glob(cr.root)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	compared, folderOnly := 0, 0
	for _, file := range files {
		c, err := casetest.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if c.Needs("symlink") || c.Needs("hardlink") || c.Needs("fifo") {
			folderOnly++
			continue
		}
		compared++
		t.Run(file, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "remixlet")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := c.Materialize(dir); err != nil {
				t.Fatal(err)
			}
			inMemory := map[string][]byte{}
			for _, e := range c.Entries {
				if e.Kind == "dir" {
					inMemory[e.Name+"/"] = nil
				} else {
					inMemory[e.Name] = e.Data
				}
			}
			fromFolder, err := analysis.Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			fromMemory := analysis.LoadFiles(dir, inMemory)
			if diff := cmp.Diff(fromFolder, fromMemory); diff != "" {
				t.Fatalf("LoadFiles differs from Load (-folder +memory):\n%s", diff)
			}
			want := analysis.RunPackage(fromFolder, lint.Analyzers)
			got := analysis.RunPackage(fromMemory, lint.Analyzers)
			if diff := cmp.Diff(want.Findings, got.Findings); diff != "" {
				t.Errorf("findings differ (-folder +memory):\n%s", diff)
			}
		})
	}
	if compared < 100 || folderOnly == 0 {
		t.Errorf("compared %d cases, %d folder-only: the case files were not found", compared, folderOnly)
	}
}

// TestOneMistakeOneError: a manifest with one mistake refuses the
// remixlet with one error, which says the files it kept from being
// checked, instead of one more error per file.
func TestOneMistakeOneError(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "colour": "red"}`,
		"script.js":     `rmx.log("hi");`,
		"style.css":     `body { color: red; }`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := lint.Dir(dir)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("want one finding, got %d: %v", len(res.Findings), res.Findings)
	}
	f := res.Findings[0]
	if f.Rule != "manifest/unknown-key" || f.Severity != finding.Error || !res.Refused() {
		t.Fatalf("want the refusing manifest/unknown-key error, got %v", f)
	}
	if want := "(script.js and style.css are checked once this is fixed)"; !strings.HasSuffix(f.Message, want) {
		t.Errorf("message %q does not end with %q", f.Message, want)
	}
}

// TestDeclarationsMatchTheClosedWorld: remixlet.d.ts declares each host
// global the script lint allows (and nothing it does not), and every
// global it refuses by name as a type error with the lint's advice.
func TestDeclarationsMatchTheClosedWorld(t *testing.T) {
	d := lint.Declarations()
	declared := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^declare (?:var|function|class) ([A-Za-z]+)`).FindAllStringSubmatch(d, -1) {
		declared[m[1]] = true
	}
	allowed := map[string]bool{}
	for _, g := range scriptlint.AllowedGlobals() {
		allowed[g.Name] = true
		host := g.Kind == scriptlint.KindHost || g.Name == "setTimeout" || g.Name == "setInterval" || (g.Kind == scriptlint.KindGlobalObject && g.Name != "globalThis")
		if host && !declared[g.Name] {
			t.Errorf("the lint allows %s, and remixlet.d.ts does not declare it", g.Name)
		}
	}
	for _, o := range scriptlint.OutsideGlobals {
		if !strings.Contains(d, "declare var "+o.Name+": NotInTheSandbox<") {
			t.Errorf("remixlet.d.ts does not declare %s as not in the sandbox", o.Name)
		}
		delete(declared, o.Name)
	}
	for name := range declared {
		if !allowed[name] {
			t.Errorf("remixlet.d.ts declares %s, which the lint refuses", name)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the source examples' remixlet.d.ts and tsconfig.json")

// TestExampleDeclarations keeps the source examples' remixlet.d.ts and
// tsconfig.json equal to what remixlet init writes (the editor then
// refuses in them what the lint refuses): go test ./lint -run
// ExampleDeclarations -update rewrites them.
func TestExampleDeclarations(t *testing.T) {
	dirs, err := filepath.Glob("../examples/*/src")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no source examples: %v", err)
	}
	starter := bundle.Starter()
	for _, src := range dirs {
		for _, name := range []string{sandboxapi.DeclarationsFile, bundle.TsconfigFile} {
			file := filepath.Join(filepath.Dir(src), name)
			want := starter[name]
			if *update {
				if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s differs from what remixlet init writes: go test ./lint -run ExampleDeclarations -update", file)
			}
		}
	}
}
