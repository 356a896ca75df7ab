package scriptlint_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/scriptlint"
)

// FuzzScript runs the whole script analyzer over fuzzed script.js: no
// panic, no hang, never "could not check" or "not analysed" (either would be
// a bug in esbuild or in the walk), every finding a known rule at a place
// inside the file.
//
//	go test -run XXX -fuzz FuzzScript -fuzztime 60s ./scriptlint
func FuzzScript(f *testing.F) {
	for _, ev := range evasions {
		f.Add(ev.code)
	}
	for _, b := range benign {
		f.Add(b)
	}
	for _, k := range nestingKinds {
		f.Add(k.gen(5))
	}
	f.Fuzz(func(t *testing.T, script string) {
		if !utf8.ValidString(script) {
			return // the loader refuses it before any analyzer
		}
		res := analysis.RunPackage(memoryPackage([]byte(script)), []*analysis.Analyzer{scriptlint.Analyzer})
		if res.Err != nil {
			t.Fatalf("could not check: %v", res.Err)
		}
		lines := strings.Count(script, "\n") + strings.Count(script, "\r") + 1
		for _, fd := range res.Findings {
			if _, ok := finding.Lookup(fd.Rule); !ok {
				t.Fatalf("unknown rule in %v", fd)
			}
			if fd.Rule == "package/not-analysed" {
				t.Fatalf("%q: %v", script, fd)
			}
			if fd.File == scriptlint.ScriptFile && fd.Start.Line > lines {
				t.Fatalf("%v: past the end of the file", fd)
			}
		}
	})
}
