package scriptlint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/scriptlint"
)

// benchJS is where bench/fetch-js.sh puts pinned real-world JavaScript
// (lodash, jQuery, three.js, react-dom, d3; full and minified).
const benchJS = "../bench/.cache/js"

func benchFiles(b testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join(benchJS, "*.js"))
	if len(files) == 0 {
		b.Skip("no benchmark inputs: run bench/fetch-js.sh first")
	}
	return files
}

// memoryPackage is a remixlet held in memory, so that files over the
// stored form's 1 MiB cap (three.js) can be measured too.
func memoryPackage(script []byte) *analysis.Package {
	return &analysis.Package{
		Dir: "bench",
		Files: []analysis.File{
			{Name: "manifest.json", Data: []byte(corpusManifest)},
			{Name: "script.js", Data: script},
		},
		Present: []string{"manifest.json", "script.js"},
	}
}

// BenchmarkScript compares, on the same file in the same run, esbuild's
// bare parse with the whole script analyzer (nesting guard, parse, the
// walk and the checks over its sites, secrets, permissions). Their MB/s ratio is the
// analyzer's share of parse throughput:
//
//	go test -run XXX -bench Script -count 10 ./scriptlint | tee new.txt
func BenchmarkScript(b *testing.B) {
	for _, file := range benchFiles(b) {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".js")
		b.Run(name+"/esbuild-parse", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if r := esb.ParseModule(string(src)); !r.OK {
					b.Fatal("does not parse")
				}
			}
		})
		b.Run(name+"/lint", func(b *testing.B) { benchLint(b, src) })
	}
}

// BenchmarkLibraryBundle lints, in one pass of the whole analyzer, the
// 2 MiB bundle of real libraries bench/fetch-js.sh puts together (d3,
// lodash and react-dom): its ns/op is the time a bundle that size takes.
//
//	go test -run XXX -bench LibraryBundle -count 5 ./scriptlint
func BenchmarkLibraryBundle(b *testing.B) {
	src, err := os.ReadFile("../bench/.cache/bundle/libraries-2mib.js")
	if err != nil {
		b.Skip("no bundle: run bench/fetch-js.sh first")
	}
	benchLint(b, src)
}

// benchLint runs the whole script analyzer on src, as remixlet lint does.
func benchLint(b *testing.B, src []byte) {
	b.SetBytes(int64(len(src)))
	pkg := memoryPackage(src)
	analyzers := []*analysis.Analyzer{scriptlint.Analyzer}
	for b.Loop() {
		if res := analysis.RunPackage(pkg, analyzers); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}

// TestRealWorldJS lints real library code: the pinned files committed in
// testdata/realworld (always), and the larger benchmark inputs when
// bench/fetch-js.sh has fetched them. Each must be parsed and analysed, and
// hold no js/secret (every one there would be a false positive); the
// committed ones must be refused for what they are, libraries written for
// a page, not for the sandbox: they read globals outside the closed world
// (document and kin), or hand the global object to their factory, which
// reads them through it (their CommonJS and AMD branches are dead code in
// the sandbox and are not judged).
func TestRealWorldJS(t *testing.T) {
	pinned, _ := filepath.Glob("testdata/realworld/*.js")
	if len(pinned) < 2 {
		t.Fatalf("want the pinned library files in testdata/realworld, found %d", len(pinned))
	}
	fetched, _ := filepath.Glob(filepath.Join(benchJS, "*.js"))
	for _, file := range append(pinned, fetched...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		res := analysis.RunPackage(memoryPackage(src), []*analysis.Analyzer{scriptlint.Analyzer})
		counts := map[string]int{}
		for _, f := range res.Findings {
			counts[f.Rule]++
			switch f.Rule {
			case "js/syntax", "js/too-deep", "package/not-analysed", "js/secret":
				t.Errorf("%s: %v", filepath.Base(file), f)
			}
		}
		if strings.HasPrefix(file, "testdata/") && counts["js/replaced-global"]+counts["js/unknown-global"]+counts["js/global-object"] == 0 {
			t.Errorf("%s: a library written for a page reads no global outside the sandbox, and does not hand on the global object? %v", filepath.Base(file), counts)
		}
		t.Logf("%-30s %8d bytes  %v", filepath.Base(file), len(src), counts)
	}
}
