package report_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/report"
)

// BenchmarkFormatsOnOneLongLine writes every format for a minified
// stylesheet that draws N refusals on its one line, and the same loads one
// per line. The cost per finding must not grow with the line's length: a
// long line used to cost every finding the whole line in the text and
// SARIF outputs (85 s for SARIF at 10,000 findings on a 480 KB line).
// Compare ns/op of oneLine with manyLines, N for N.
func BenchmarkFormatsOnOneLongLine(b *testing.B) {
	const load = "a{background:url(https://evil.example/x.png)}"
	for _, n := range []int{1000, 4000} {
		for layout, sep := range map[string]string{"oneLine": "", "manyLines": "\n"} {
			dir := b.TempDir()
			files := map[string]string{
				"manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
				"style.css":     strings.Repeat(load+sep, n),
			}
			for name, data := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			rs := analysis.RunAll([]string{dir}, lint.Analyzers)
			if got := len(rs[0].Findings); got != n {
				b.Fatalf("%d findings, want %d", got, n)
			}
			for _, format := range []string{"text", "sarif"} {
				b.Run(fmt.Sprintf("%s/%s/%d", format, layout, n), func(b *testing.B) {
					for b.Loop() {
						if err := report.Write(io.Discard, format, tool, rs); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
