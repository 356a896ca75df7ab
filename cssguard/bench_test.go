package cssguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// benchInputs are the sheets the benchmarks read: bulma (in the repo),
// and every *.css in $REMIXLET_BENCH_CSS (bench/css/run.sh fetches
// bootstrap and others there, pinned).
func benchInputs(b *testing.B) map[string][]byte {
	inputs := map[string][]byte{"bulma-0.9.4": readRealWorld(b, "bulma-0.9.4.css")}
	if dir := os.Getenv("REMIXLET_BENCH_CSS"); dir != "" {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.css"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			inputs[strings.TrimSuffix(filepath.Base(p), ".css")] = data
		}
	}
	inputs["many-loads-one-line"] = []byte(strings.Repeat("a{background:url(https://news.example.com/a.png)}", 4000))
	return inputs
}

// BenchmarkGuard compares, on the same input, the whole guard (Check: both
// readings, structure, verdicts), the raw tdewolff lexer alone, and the
// Chrome-faithful tokenizer alone. Compare the sub-benchmarks of one run.
func BenchmarkGuard(b *testing.B) {
	m := mustManifest(b, newsManifest)
	for name, src := range benchInputs(b) {
		b.Run(name+"/check", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Check(src, "style.css", m, Stylesheet)
			}
		})
		b.Run(name+"/tdewolff-lexer", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			capped := src[:len(src):len(src)]
			for b.Loop() {
				lx := css.NewLexer(parse.NewInputBytes(capped))
				for {
					if tt, _ := lx.Next(); tt == css.ErrorToken {
						break
					}
				}
			}
		})
		b.Run(name+"/tokenizer", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				z := NewTokenizer(src)
				for {
					if _, ok := z.Next(); !ok {
						break
					}
				}
			}
		})
	}
}
