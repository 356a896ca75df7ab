package remixletbridge

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// sameWithoutFastPaths requires the scan to find the same depth, offset
// and regular expressions whether the commonest tokens take token's fast
// paths or all go through its general case.
func sameWithoutFastPaths(t *testing.T, src string) {
	t.Helper()
	fast := scanner{limit: 1 << 30, regexps: []int{}}
	fast.run(src)
	general := scanner{limit: 1 << 30, regexps: []int{}, generalOnly: true}
	general.run(src)
	if fast.result.Depth != general.result.Depth || fast.result.Offset != general.result.Offset || !slices.Equal(fast.regexps, general.regexps) {
		t.Errorf("%.80q: with the fast paths depth %d at %d, regexps %v; without, depth %d at %d, regexps %v",
			src, fast.result.Depth, fast.result.Offset, fast.regexps, general.result.Depth, general.result.Offset, general.regexps)
	}
}

func TestFastPathsChangeNothing(t *testing.T) {
	for _, src := range append(append([]string{}, lexCases...), slashCases...) {
		sameWithoutFastPaths(t, src)
	}
	files, _ := filepath.Glob("../../bench/.cache/js/*.js")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sameWithoutFastPaths(t, string(b))
	}
}

func FuzzFastPathsChangeNothing(f *testing.F) {
	for _, src := range append(append([]string{}, lexCases...), slashCases...) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		sameWithoutFastPaths(t, src)
	})
}
