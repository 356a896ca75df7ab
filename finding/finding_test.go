package finding

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLinesPosition(t *testing.T) {
	src := []byte("ab\ncé\r\nx\ry\n\n🙂z")
	lines := NewLines(src)
	for _, tc := range []struct {
		off  int
		want Position
	}{
		{0, Position{1, 1}},
		{2, Position{1, 3}},  // the "\n" itself
		{3, Position{2, 1}},  // after "\n"
		{4, Position{2, 2}},  // é starts here
		{5, Position{2, 2}},  // inside é: still that character
		{6, Position{2, 3}},  // "\r" of "\r\n"
		{8, Position{3, 1}},  // after "\r\n": one line break, not two
		{10, Position{4, 1}}, // after a lone "\r"
		{13, Position{6, 1}}, // 🙂
		{17, Position{6, 2}}, // z: the emoji is one character
		{99, Position{6, 3}}, // past the end clamps
	} {
		if got := lines.Position(tc.off); got != tc.want {
			t.Errorf("Position(%d) = %v, want %v", tc.off, got, tc.want)
		}
	}
	if got := lines.Text(2); got != "cé" {
		t.Errorf("Text(2) = %q", got)
	}
	if got := lines.Text(6); got != "🙂z" {
		t.Errorf("Text(6) = %q", got)
	}
	if got := lines.Text(7); got != "" {
		t.Errorf("Text(7) = %q, want empty", got)
	}
}

func TestUTF16Column(t *testing.T) {
	lines := NewLines([]byte("a🙂b€c"))
	// characters: a(1) 🙂(2) b(3) €(4) c(5); UTF-16: a=1, 🙂=2..3, b=4, €=5, c=6
	for col, want := range map[int]int{1: 1, 2: 2, 3: 4, 4: 5, 5: 6, 6: 7} {
		if got := lines.UTF16Column(1, col); got != want {
			t.Errorf("UTF16Column(1, %d) = %d, want %d", col, got, want)
		}
	}
}

func TestFirstInvalidUTF8(t *testing.T) {
	for in, want := range map[string]int{"": -1, "abc": -1, "é": -1, "a\xffb": 1, "é\xc3": 2, "\xed\xa0\x80": 0} {
		if got := FirstInvalidUTF8([]byte(in)); got != want {
			t.Errorf("FirstInvalidUTF8(%q) = %d, want %d", in, got, want)
		}
	}
}

// testRule exists only in this package's tests: the registry accepts a
// rule from any package that declares one.
var testRule = Register(Rule{ID: "manifest/test-only", Title: "t", Severity: Warning, Why: "w", Fix: "f"})

func TestNewUsesTheRulesSeverity(t *testing.T) {
	f := New(testRule, "manifest.json", Position{2, 3}, "x %d", 1)
	want := Finding{Rule: "manifest/test-only", Severity: Warning, File: "manifest.json", Start: Position{2, 3}, Message: "x 1"}
	if diff := cmp.Diff(want, f); diff != "" {
		t.Error(diff)
	}
	if got, ok := Lookup("manifest/test-only"); !ok || got != testRule || RuleOf(f) != testRule {
		t.Errorf("Lookup = %v, %v; want the registered rule", got, ok)
	}
}

// TestRegisterRefuses holds the registry to its contract: a rule id used
// twice, a malformed id, an unknown family or a rule without its texts is
// a programming error that stops the program when its package loads.
func TestRegisterRefuses(t *testing.T) {
	for name, r := range map[string]Rule{
		"twice":       {ID: "manifest/test-only", Title: "t", Severity: Warning, Why: "w", Fix: "f"},
		"not kebab":   {ID: "manifest/TestOnly", Title: "t", Severity: Warning, Why: "w", Fix: "f"},
		"no family":   {ID: "test-only", Title: "t", Severity: Warning, Why: "w", Fix: "f"},
		"new family":  {ID: "shell/test-only", Title: "t", Severity: Warning, Why: "w", Fix: "f"},
		"no fix":      {ID: "manifest/test-no-fix", Title: "t", Severity: Warning, Why: "w"},
		"no severity": {ID: "manifest/test-no-severity", Title: "t", Why: "w", Fix: "f"},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%+v) did not panic", r)
				}
			}()
			Register(r)
		})
	}
}

func TestAsWarning(t *testing.T) {
	errRule := Register(Rule{ID: "package/test-only", Title: "t", Severity: Error, Why: "w", Fix: "f"})
	f := New(errRule, "style.css", Position{}, "big").AsWarning("legacy")
	if f.Severity != Warning || f.Message != "big (legacy)" {
		t.Errorf("got %v %q", f.Severity, f.Message)
	}
}

// TestLinesNewlineOnly covers the fast path for text without "\r".
func TestLinesNewlineOnly(t *testing.T) {
	lines := NewLines([]byte("ab\n\ncé\nx"))
	for off, want := range map[int]Position{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, 4: {3, 1}, 6: {3, 2}, 7: {3, 3}, 8: {4, 1}, 9: {4, 2}} {
		if got := lines.Position(off); got != want {
			t.Errorf("Position(%d) = %v, want %v", off, got, want)
		}
	}
	if got := lines.Text(3); got != "cé" {
		t.Errorf("Text(3) = %q", got)
	}
}

// TestValidRuleIDAgreesWithRegexp: validRuleID accepts exactly the ids the
// expression it writes out accepts.
func TestValidRuleIDAgreesWithRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[a-z]+/[a-z0-9]+(-[a-z0-9]+)*$`)
	pieces := []string{"a", "js", "z9", "9", "-", "/", "A", "_", "é", "", "--", "x-y"}
	r := rand.New(rand.NewPCG(5, 6))
	ids := []string{"", "/", "js/", "/x", "js/x", "js/x-y", "js/x--y", "js/-x", "js/x-", "js/x/y", "Js/x", "js/X", "js/9", "9/x"}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		ids = append(ids, b.String())
	}
	for _, id := range ids {
		if got, want := validRuleID(id), re.MatchString(id); got != want {
			t.Errorf("%q: %v, the expression says %v", id, got, want)
		}
	}
}
