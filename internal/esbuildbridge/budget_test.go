package remixletbridge

import (
	"strings"
	"testing"
)

// TestParseStopsPastTheBudget: a file that draws a message at every
// statement, each with a note pointing back at the first declaration, is
// parsed only up to the budget (before, 80,000 such statements took
// minutes: see BenchmarkManyRedeclarations).
func TestParseStopsPastTheBudget(t *testing.T) {
	src := strings.Repeat("const a = 1;", 80_000) // 960 KB, under the 1 MiB cap
	r := ParseModule(src)
	if !r.Stopped || r.OK || r.Panic != nil {
		t.Fatalf("stopped %v, ok %v, panic %v", r.Stopped, r.OK, r.Panic)
	}
	if len(r.Messages) != MaxErrors+1 {
		t.Fatalf("%d messages, want the first %d", len(r.Messages), MaxErrors+1)
	}
	for i, m := range r.Messages {
		want := len("const a = 1;")*(i+1) + len("const ")
		if !m.Error || m.Offset != want || !strings.Contains(m.Text, `"a" has already been declared`) {
			t.Fatalf("message %d: %+v, want an error at offset %d", i, m, want)
		}
	}
}

// TestParseStopsPastTheWarningBudget: warnings are budgeted too; the parse
// of a file with more than MaxWarnings of them stops, unanalysed.
func TestParseStopsPastTheWarningBudget(t *testing.T) {
	body := "switch (x) {" + strings.Repeat("case 1: break; ", MaxWarnings+2) + "}"
	r := ParseModule("let x = 0;\n" + body)
	if !r.Stopped || r.OK || len(r.Messages) != MaxWarnings+1 || r.Messages[0].Error {
		t.Fatalf("stopped %v, ok %v, %d messages (first %+v)", r.Stopped, r.OK, len(r.Messages), r.Messages[0])
	}
	// Under the budget, the same warnings do not stop the parse.
	body = "switch (x) {" + strings.Repeat("case 1: break; ", MaxWarnings) + "}"
	if r := ParseModule("let x = 0;\n" + body); r.Stopped || !r.OK || len(r.Messages) != MaxWarnings-1 {
		t.Fatalf("stopped %v, ok %v, %d messages", r.Stopped, r.OK, len(r.Messages))
	}
}

// TestMessageOffsets: a message's offset is where esbuild points, after
// every kind of line break esbuild counts.
func TestMessageOffsets(t *testing.T) {
	for _, brk := range []string{"\n", "\r\n", "\r", "\u2028", "\u2029"} {
		src := "let a = 1;" + brk + "let b = 2;" + brk + brk + "  let a = 3;"
		r := ParseModule(src)
		if len(r.Messages) != 1 || r.Messages[0].Offset != strings.LastIndex(src, "a") {
			t.Errorf("break %q: messages %+v, want one at %d", brk, r.Messages, strings.LastIndex(src, "a"))
		}
	}
}

func BenchmarkManyRedeclarations(b *testing.B) {
	src := strings.Repeat("const a = 1;", 80_000)
	for b.Loop() {
		ParseModule(src)
	}
}
