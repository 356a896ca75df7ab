package finding

import (
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

// TestRuleTable checks every rule is complete and named by the convention
// the outputs and docs rely on.
func TestRuleTable(t *testing.T) {
	id := regexp.MustCompile(`^[a-z]+/[a-z0-9]+(-[a-z0-9]+)*$`)
	families := map[string]bool{"package": true, "manifest": true, "css": true, "js": true, "netrules": true, "approval": true}
	for _, r := range Rules() {
		if !id.MatchString(r.ID) {
			t.Errorf("%q: ids are family/kebab-case", r.ID)
		}
		if fam, _, _ := strings.Cut(r.ID, "/"); !families[fam] {
			t.Errorf("%q: unknown family %q", r.ID, fam)
		}
		if r.Title == "" || r.Why == "" || r.Fix == "" {
			t.Errorf("%q: title, why and fix are all required", r.ID)
		}
		if r.Severity != Error && r.Severity != Warning {
			t.Errorf("%q: severity %v", r.ID, r.Severity)
		}
	}
}

func TestNewUsesDefaultSeverity(t *testing.T) {
	f := New("manifest/private-host", "manifest.json", Position{2, 3}, "x %d", 1)
	want := Finding{Rule: "manifest/private-host", Severity: Warning, File: "manifest.json", Start: Position{2, 3}, Message: "x 1"}
	if diff := cmp.Diff(want, f); diff != "" {
		t.Error(diff)
	}
	defer func() {
		if recover() == nil {
			t.Error("New with an unknown rule id did not panic")
		}
	}()
	New("manifest/no-such-rule", "", Position{}, "")
}

func TestAsWarning(t *testing.T) {
	f := New("package/too-large", "style.css", Position{}, "big").AsWarning("legacy")
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
