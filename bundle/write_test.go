package bundle

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/sandboxapi"
)

// materialize writes a case's files into a new folder at dir.
func materialize(t *testing.T, caseFile, dir string) string {
	t.Helper()
	c, err := casetest.ParseFile(caseFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := c.Materialize(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func mustBuild(t *testing.T, dir string, opts Options) *Result {
	t.Helper()
	res, err := Build(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	return res
}

// TestDeterministic builds the same source in two folders at different
// places and depths: the same bytes, the same digest, and no trace of
// where the folder was.
func TestDeterministic(t *testing.T) {
	for _, minify := range []bool{false, true} {
		a := materialize(t, "testdata/cases/clean-modules.txtar", filepath.Join(t.TempDir(), "one"))
		b := materialize(t, "testdata/cases/clean-modules.txtar", filepath.Join(t.TempDir(), "x", "y", "two"))
		ra, rb := mustBuild(t, a, Options{Minify: minify}), mustBuild(t, b, Options{Minify: minify})
		if ra.Digest == "" || ra.Digest != rb.Digest {
			t.Fatalf("minify %v: digests differ: %q and %q", minify, ra.Digest, rb.Digest)
		}
		for i, f := range ra.Files {
			if !bytes.Equal(f.Data, rb.Files[i].Data) {
				t.Errorf("minify %v: %s differs between the two builds", minify, f.Name)
			}
			for _, dir := range []string{a, b, os.TempDir()} {
				if bytes.Contains(f.Data, []byte(dir)) {
					t.Errorf("%s names the folder it was built in (%s)", f.Name, dir)
				}
			}
		}
		if again := mustBuild(t, a, Options{Minify: minify}); again.Digest != ra.Digest {
			t.Errorf("a second build of the same folder has another digest")
		}
	}
}

// TestMinifyKeepsCodeReadable: --minify shortens the syntax only: the
// built script keeps its lines and the source's names, and findings
// still point at the TypeScript lines.
func TestMinifyKeepsCodeReadable(t *testing.T) {
	dir := materialize(t, "testdata/cases/eval-in-module.txtar", filepath.Join(t.TempDir(), "src"))
	res := mustBuild(t, dir, Options{Minify: true})
	var script string
	for _, f := range res.Files {
		if f.Name == "script.js" {
			script = string(f.Data)
		}
	}
	if strings.Count(script, "\n") < 4 || !strings.Contains(script, "function run(code)") || !strings.Contains(script, "started") {
		t.Errorf("--minify made the code unreadable (lines or names gone):\n%s", script)
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, casetest.Place(f))
	}
	want := []string{"src/main.ts:2:7 js/missing-permission", "src/run.ts:3:18 js/eval"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("minified: got %q, want %q", got, want)
	}
	for _, f := range res.Findings {
		if !strings.Contains(f.Message, "(built: script.js:") {
			t.Errorf("the built position is missing from %q", f.Message)
		}
	}
}

func TestInitBuildsCleanFirstTime(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	names, err := Init(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{ManifestFile, ScriptEntryTS, StyleEntry, TsconfigFile, sandboxapi.DeclarationsFile} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("init did not write %s", want)
		}
	}
	decl, err := os.ReadFile(filepath.Join(dir, sandboxapi.DeclarationsFile))
	if err != nil || string(decl) != lint.Declarations() {
		t.Errorf("init's declarations are not the API table's: %v", err)
	}
	res := mustBuild(t, dir, Options{})
	if len(res.Findings) > 0 || res.Digest == "" {
		t.Fatalf("the starter folder does not build clean: %v", res.Findings)
	}
	out := filepath.Join(t.TempDir(), "out")
	if err := res.Write(out, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	lint := analysis.Run(out, nil)
	if sum, err := digest.Package(lint.Package); err != nil || sum != res.Digest {
		t.Errorf("the folder written has digest %q, the build printed %q (%v)", sum, res.Digest, err)
	}
	if _, err := Init(dir); err == nil {
		t.Error("init into a folder that is not empty must refuse")
	}
}

func TestWrite(t *testing.T) {
	src := materialize(t, "testdata/cases/clean-modules.txtar", filepath.Join(t.TempDir(), "src"))
	res := mustBuild(t, src, Options{})
	parent := t.TempDir()
	out := filepath.Join(parent, "out")

	// New, then again over its own output.
	for range 2 {
		if err := res.Write(out, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	pkg, err := analysis.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if sum, _ := digest.Package(pkg); sum != res.Digest {
		t.Errorf("written digest %s, built %s", sum, res.Digest)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("the write left %d entries beside OUT, want only OUT", len(entries))
	}

	// A folder a person made is not replaced without --force.
	hand := filepath.Join(parent, "hand")
	if err := os.MkdirAll(hand, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(hand, "manifest.json"), []byte(`{"name": "mine"}`), 0o644)
	os.WriteFile(filepath.Join(hand, "script.js"), []byte("rmx.log('by hand')\n"), 0o644)
	if err := res.Write(hand, WriteOptions{}); !errors.Is(err, ErrNotBuildOutput) {
		t.Errorf("writing over a hand-made remixlet: %v, want ErrNotBuildOutput", err)
	}
	if data, _ := os.ReadFile(filepath.Join(hand, "script.js")); string(data) != "rmx.log('by hand')\n" {
		t.Error("a refused write changed OUT")
	}
	if err := res.Write(hand, WriteOptions{Force: true}); err != nil {
		t.Errorf("--force: %v", err)
	}
	// A folder with anything a build never writes.
	other := filepath.Join(parent, "other")
	os.MkdirAll(filepath.Join(other, "notes"), 0o755)
	if err := res.Write(other, WriteOptions{}); !errors.Is(err, ErrNotBuildOutput) {
		t.Errorf("writing over a folder with a subfolder: %v", err)
	}

	// Never into the sources.
	for _, bad := range []string{src, filepath.Join(src, "src"), filepath.Dir(src)} {
		if err := res.Write(bad, WriteOptions{Force: true}); err == nil || errors.Is(err, ErrNotBuildOutput) {
			t.Errorf("writing to %s: %v, want a refusal", bad, err)
		}
	}
	if _, err := os.Stat(filepath.Join(src, ScriptEntryTS)); err != nil {
		t.Fatalf("the sources were damaged: %v", err)
	}
}

func TestWatchRebuildsAndStops(t *testing.T) {
	src := materialize(t, "testdata/cases/clean-modules.txtar", filepath.Join(t.TempDir(), "src"))
	out := filepath.Join(t.TempDir(), "out")
	type report struct {
		res *Result
		err error
	}
	reports := make(chan report, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, src, out, Options{}, WriteOptions{}, func(r *Result, err error) { reports <- report{r, err} })
	}()
	next := func() report {
		t.Helper()
		select {
		case r := <-reports:
			return r
		case <-time.After(20 * time.Second):
			t.Fatal("no rebuild")
		}
		return report{}
	}
	first := next()
	if first.err != nil || first.res.Digest == "" {
		t.Fatalf("first build: %v %v", first.err, first.res.Findings)
	}
	// A change that refuses: reported, and OUT keeps the last good build.
	label := filepath.Join(src, "src", "label.ts")
	os.WriteFile(label, []byte("export const label = (a?: unknown): string => eval(String(a));\n"), 0o644)
	second := next()
	if !second.res.Refused() || second.res.Findings[0].File != "src/label.ts" {
		t.Fatalf("after the change: %v", second.res.Findings)
	}
	if pkg, _ := analysis.Load(out); pkg == nil {
		t.Fatal("OUT is gone")
	} else if sum, _ := digest.Package(pkg); sum != first.res.Digest {
		t.Error("a refused build changed OUT")
	}
	// A fix: built and written again.
	os.WriteFile(label, []byte("export const label = (a?: unknown): string => String(a);\n"), 0o644)
	third := next()
	if third.err != nil || third.res.Digest == "" || third.res.Digest == first.res.Digest {
		t.Fatalf("after the fix: %v %v", third.err, third.res.Findings)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("watch ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("watch did not stop when cancelled")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("watch left %d entries beside OUT", len(entries))
	}
}

func TestSourceMapDecoding(t *testing.T) {
	// Two generated lines: "AAAA,IAAI" maps columns 0 and 4 to source 0
	// line 0 columns 0 and 4; ";AACA" maps line 1 column 0 to line 1,
	// column 4 (source fields are relative across lines).
	m, err := parseSourceMap([]byte(`{"version":3,"sources":["a.ts"],"mappings":"AAAA,IAAI;AACA"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, col, srcLine, srcCol int }{{0, 0, 0, 0}, {0, 3, 0, 0}, {0, 9, 0, 4}, {1, 5, 1, 4}} {
		got, ok := m.lookup(c.line, c.col)
		if !ok || got.srcLine != c.srcLine || got.srcCol != c.srcCol {
			t.Errorf("lookup(%d, %d) = %+v, %v", c.line, c.col, got, ok)
		}
	}
	for _, bad := range []string{`{"version":3,"sources":[],"mappings":"AAAA"}`, `{"version":3,"sources":["a"],"mappings":"A!"}`, `{"version":2}`} {
		if _, err := parseSourceMap([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestWatchOutInsideSource: writing OUT inside the source folder (reached
// through a link, as a temporary folder often is) does not count as a
// change, or watch would build again and again.
func TestWatchOutInsideSource(t *testing.T) {
	real := materialize(t, "testdata/cases/clean-modules.txtar", filepath.Join(t.TempDir(), "src"))
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	type report struct {
		res *Result
		err error
	}
	reports := make(chan report)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, link, filepath.Join(link, "dist"), Options{}, WriteOptions{}, func(r *Result, err error) {
			select {
			case reports <- report{r, err}:
			case <-ctx.Done():
			}
		})
	}()
	// The watch must have stopped before the test's folders are removed.
	defer func() {
		cancel()
		<-done
	}()
	select {
	case r := <-reports:
		if r.err != nil {
			t.Fatal(r.err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no first build")
	}
	select {
	case r := <-reports:
		t.Fatalf("built again with nothing changed (findings %v): writing OUT counted as a change", r.res.Findings)
	case <-time.After(10 * pollInterval):
	}
}
