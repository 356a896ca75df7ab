package remixletbridge

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// guardAgrees requires GuardNesting to give ScanNesting's answer on src at
// limit: the same Exceeded, the same Offset when exceeded, the same
// comments, and a Depth no lower than the scan's. Where the quick count
// vouches for src, it must have read the scan's tokens and found a bound
// at least the scan's depth.
func guardAgrees(t *testing.T, src string, limit int) {
	t.Helper()
	got, want := GuardNesting(src, limit), ScanNesting(src, limit)
	if got.Exceeded != want.Exceeded || want.Exceeded && got.Offset != want.Offset ||
		!want.Exceeded && got.Depth < want.Depth || !slices.Equal(got.Comments, want.Comments) {
		t.Errorf("%.80q at limit %d: guard exceeded %v at %d, depth %d, %d comments; scan exceeded %v at %d, depth %d, %d comments",
			src, limit, got.Exceeded, got.Offset, got.Depth, len(got.Comments), want.Exceeded, want.Offset, want.Depth, len(want.Comments))
	}
	if limit == MaxNesting {
		// The lint takes the literals from the guard's reading instead of
		// reading the text again.
		lits, comments, complete := got.LiteralRanges()
		wantLits, wantComments, wantComplete := LiteralRanges(src)
		byStart := func(a, b Range) int { return int(a.Loc.Start - b.Loc.Start) }
		slices.SortFunc(lits, byStart)
		slices.SortFunc(wantLits, byStart)
		if complete != wantComplete || !slices.Equal(comments, wantComments) || complete && !slices.Equal(lits, wantLits) {
			t.Errorf("%.80q: the guard's reading has %d literals, %d comments, complete %v; LiteralRanges %d literals, %d comments, complete %v",
				src, len(lits), len(comments), complete, len(wantLits), len(wantComments), wantComplete)
		}
	}
}

// quickReadsTheScansTokens requires the quick count to read the tokens
// the scan reads (as far as it goes) and, where it vouches for src, to
// bound the scan's depth.
func quickReadsTheScansTokens(t *testing.T, src string) (vouched bool) {
	t.Helper()
	var scanned, quick []tokenRecord
	s := scanner{limit: 1 << 30, trace: func(r tokenRecord) { scanned = append(scanned, r) }}
	s.run(src)
	quickTrace = func(r tokenRecord) { quick = append(quick, r) }
	defer func() { quickTrace = nil }()
	n, vouched := quickNesting(src, 1<<30)
	// When it gives up, the token it gave up at is not traced.
	if len(quick) > len(scanned) || !slices.Equal(quick, scanned[:len(quick)]) {
		t.Errorf("%.80q: the quick count read other tokens than the scan", src)
	}
	if vouched && (len(quick) != len(scanned) || n.Depth < s.result.Depth) {
		t.Errorf("%.80q: the quick count vouched with %d tokens, bound %d; the scan read %d tokens, depth %d",
			src, len(quick), n.Depth, len(scanned), s.result.Depth)
	}
	return vouched
}

func guardCases(t testing.TB) []string {
	cases := append(append([]string{}, lexCases...), slashCases...)
	cases = append(cases,
		strings.Repeat("!", 2000)+"a",
		strings.Repeat("(", 1500)+"a"+strings.Repeat(")", 1500),
		strings.Repeat("a=>", 1200)+"a",
		strings.Repeat("[", 1200)+strings.Repeat("]", 1200),
		strings.Repeat("{", 1200)+strings.Repeat("}", 1200),
		strings.Repeat("a?b:", 1100)+"c",
		strings.Repeat("if(a)", 1100)+"b()",
		strings.Repeat("`${", 600)+"a"+strings.Repeat("}`", 600),
		"x = a"+strings.Repeat(" + a", 999),
		"x = 'a'"+strings.Repeat(" + 'a'", 2100),
		"x = a"+strings.Repeat(".b", 1100),
		"x = f"+strings.Repeat("()", 1100),
		"x = 1\n/re/g.test(s)\na\n++b\n/c/",
		"import a from 'm'\n/re/.test(a)",
		"for await (const x of y) /re/.exec(x)",
		"a.await(b) / 2; a.of / 2; yield\n/re/",
		"`a${b}c${d}e` / 2; `${a}`\n/re/",
		"#!/usr/bin/env node\nx = 1 // a comment\n/* another */ y = x / 2",
	)
	for _, dir := range []string{"../../bench/.cache/js/*.js", "../../scriptlint/testdata/realworld/*.js"} {
		files, _ := filepath.Glob(dir)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, string(b))
		}
	}
	return cases
}

func TestGuardAgreesWithScan(t *testing.T) {
	for _, src := range guardCases(t) {
		quickReadsTheScansTokens(t, src)
		depth := ScanNesting(src, 1<<30).Depth
		for _, limit := range []int{1 << 30, MaxNesting, depth, depth - 1, depth / 2, 3, 0} {
			guardAgrees(t, src, limit)
		}
	}
}

// TestGuardServesRealCode: the quick count must vouch for real libraries,
// or GuardNesting only adds its own cost to the scan's.
func TestGuardServesRealCode(t *testing.T) {
	files, _ := filepath.Glob("../../scriptlint/testdata/realworld/*.js")
	bench, _ := filepath.Glob("../../bench/.cache/js/*.js")
	if len(files) < 2 {
		t.Fatalf("want the pinned library files in scriptlint/testdata/realworld, found %d", len(files))
	}
	for _, f := range append(files, bench...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := quickNesting(string(b), MaxNesting); !ok {
			t.Errorf("%s: the quick count gave up; the scan had to decide", filepath.Base(f))
		}
	}
	if _, ok := quickNesting(strings.Repeat("const a = f(x, y) + g(z);\nif (a) { b() } else { c() }\n", 5000), MaxNesting); !ok {
		t.Error("ordinary statements: the quick count gave up")
	}
}

func FuzzGuardAgreesWithScan(f *testing.F) {
	for _, src := range append(append([]string{}, lexCases...), slashCases...) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		quickReadsTheScansTokens(t, src)
		depth := ScanNesting(src, 1<<30).Depth
		for _, limit := range []int{1 << 30, MaxNesting, depth, depth - 1, 2} {
			guardAgrees(t, src, limit)
		}
	})
}
