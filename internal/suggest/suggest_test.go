package suggest

import "testing"

func TestClosest(t *testing.T) {
	keys := []string{"name", "description", "api", "matches", "permissions"}
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"nmae", "name", true},
		{"Name", "name", true},
		{"descripton", "description", true},
		{"permission", "permissions", true},
		{"match", "matches", true},
		{"apu", "api", true},
		{"version", "", false},
		{"x", "", false},
	} {
		got, ok := Closest(tc.word, keys)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
	if h := Hint("js/evl", []string{"js/eval", "css/import"}); h != ` (did you mean "js/eval"?)` {
		t.Errorf("hint %q", h)
	}
	if h := Hint("zzzz", []string{"js/eval"}); h != "" {
		t.Errorf("hint %q", h)
	}
}
