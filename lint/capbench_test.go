package lint_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	esb "github.com/evanw/esbuild/remixletbridge"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/report"
)

// writeInput stores the input in a new folder, as `remixlet lint` finds it:
// under $REMIXLET_CAP_INPUTS when it is set (to run the command line on
// them: bench/cap-inputs.sh --process), else in a temporary folder.
func writeInput(tb testing.TB, c capInput) string {
	parent := os.Getenv("REMIXLET_CAP_INPUTS")
	if parent == "" {
		parent = tb.TempDir()
	}
	dir := filepath.Join(parent, c.name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for name, data := range c.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// lintAndReport is what `remixlet lint --format FORMAT DIR` does with one
// folder: load, every check, the report.
func lintAndReport(tb testing.TB, dir, format string) *analysis.Result {
	res := lint.Dir(dir)
	if err := report.Write(io.Discard, format, report.Tool{Name: "remixlet"}, []*analysis.Result{res}); err != nil {
		tb.Fatal(err)
	}
	return res
}

// bareParse reads the input's main file with the parser the check stands
// on and nothing else: esbuild's parse for a script, tdewolff's lexer for
// a stylesheet, the JSON tokenizer for JSON.
func bareParse(tb testing.TB, c capInput) func() {
	src := []byte(c.files[c.main])
	switch c.main {
	case "script.js":
		text := string(src)
		return func() { esb.ParseModule(text) }
	case "style.css":
		capped := src[:len(src):len(src)]
		return func() {
			lx := css.NewLexer(parse.NewInputBytes(capped))
			for {
				if tt, _ := lx.Next(); tt == css.ErrorToken {
					return
				}
			}
		}
	default:
		return func() {
			dec := jsontext.NewDecoder(bytes.NewReader(src))
			for {
				if _, err := dec.ReadToken(); err != nil {
					if err != io.EOF {
						tb.Fatal(err)
					}
					return
				}
			}
		}
	}
}

// BenchmarkCapInputs lints each pathological cap-size input (capInputs),
// load, checks and text report as `remixlet lint` does (lint), and reads
// the same bytes with the bare parser (bare). Both report their time per
// KiB of the main file; bench/cap-inputs.sh prints the table of their
// ratios, from wall time or from instruction counts:
//
//	go test -run '^$' -bench CapInputs ./lint
func BenchmarkCapInputs(b *testing.B) {
	for _, c := range capInputs() {
		kib := float64(len(c.files[c.main])) / 1024
		perKiB := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/kib, "ns/KiB")
			b.ReportMetric(kib, "KiB")
		}
		dir := writeInput(b, c)
		b.Run(c.name+"/lint", func(b *testing.B) {
			b.SetBytes(int64(len(c.files[c.main])))
			for b.Loop() {
				lintAndReport(b, dir, "text")
			}
			perKiB(b)
		})
		if c.noBareParse {
			continue
		}
		parse := bareParse(b, c)
		b.Run(c.name+"/bare", func(b *testing.B) {
			b.SetBytes(int64(len(c.files[c.main])))
			for b.Loop() {
				parse()
			}
			perKiB(b)
		})
	}
}

// hangGuard is how long one input may take before the smoke test calls it
// a hang. It is far above any input's time under the race detector on a
// loaded machine: it catches a check that never ends or a blow-up by
// orders of magnitude, and asserts nothing about speed.
const hangGuard = 3 * time.Minute

// TestCapInputs runs every cap-size input once through the lint and every
// output format: each must be checked (no internal error, no refusal of
// the size itself) and finish within hangGuard.
func TestCapInputs(t *testing.T) {
	inputs := capInputs()
	if len(inputs) < 24 {
		t.Fatalf("want at least 24 cap-size inputs, have %d", len(inputs))
	}
	caps := map[string]int{"script.js": scriptCap, "style.css": styleCap, "rules.json": rulesCap, "manifest.json": manifestCap}
	for _, c := range inputs {
		t.Run(c.name, func(t *testing.T) {
			for name, data := range c.files {
				if len(data) > caps[name] {
					t.Fatalf("%s is %d bytes, over its cap of %d", name, len(data), caps[name])
				}
			}
			if n := len(c.files[c.main]); n < caps[c.main]*9/10 {
				t.Fatalf("%s is %d bytes, not near its cap of %d", c.main, n, caps[c.main])
			}
			dir := writeInput(t, c)
			done := make(chan *analysis.Result, 1)
			go func() {
				res := lint.Dir(dir)
				for _, format := range report.Formats {
					if err := report.Write(io.Discard, format, report.Tool{Name: "remixlet"}, []*analysis.Result{res}); err != nil {
						t.Errorf("%s output: %v", format, err)
					}
				}
				done <- res
			}()
			select {
			case res := <-done:
				if res.Err != nil {
					t.Fatalf("could not check: %v", res.Err)
				}
				counts := map[string]int{}
				for _, f := range res.Findings {
					counts[f.Rule]++
					if f.Rule == analysis.RuleTooLarge.ID || f.Rule == analysis.RuleNotAnalysed.ID {
						t.Errorf("%s", f)
					}
				}
				t.Logf("%v", counts)
			case <-time.After(hangGuard):
				t.Fatalf("no result after %v: a hang or a blow-up", hangGuard)
			}
		})
	}
}
