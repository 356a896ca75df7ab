package bundle

import (
	"fmt"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/casetest"
)

// TestMessageBudget: a large module that would draw thousands of parser
// messages (each costing a scan of the file in the bundler's parser) is
// refused with its first errors, at their source lines, without the
// bundler reading it; a small one with the same mistake is reported by the
// bundler itself, as before.
func TestMessageBudget(t *testing.T) {
	manifest := `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`
	redeclared := strings.Repeat("const a = 1;\n", 50_000) // 650 KB
	duplicateCases := "const x = Number(location.hash);\nswitch (x) {\n" + strings.Repeat("  case 1: break;\n", 2000) + "}\n"
	for _, tc := range []struct {
		name, module string
		want         []string
	}{
		{"errors", redeclared, func() []string {
			var w []string
			for line := 2; line <= esb.MaxErrors+1; line++ {
				w = append(w, fmt.Sprintf(`src/big.ts:%d:7 build/syntax: The symbol "a" has already been declared`, line))
			}
			w[len(w)-1] += " (and more errors: the parser stopped counting)"
			return w
		}()},
		{"warnings", duplicateCases, []string{
			"src/big.ts:4:3 build/syntax: src/big.ts draws more than 100 warnings from the parser (the first: This case clause will never be evaluated because it duplicates an earlier case clause), so the build does not read it",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			casetest.WriteTree(t, dir, map[string]string{
				"manifest.json": manifest,
				"src/main.ts":   "import \"./big\";\n",
				"src/big.ts":    tc.module,
			})
			res, err := Build(dir, Options{})
			if err != nil || res.Err != nil {
				t.Fatalf("could not build: %v %v", err, res.Err)
			}
			checkResult(t, res)
			var got []string
			for _, f := range res.Findings {
				got = append(got, fmt.Sprintf("%s:%d:%d %s: %s", f.File, f.Start.Line, f.Start.Column, f.Rule, f.Message))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("finding %d:\n got %s\nwant %s…", i, got[i], tc.want[i])
				}
			}
		})
	}
}
