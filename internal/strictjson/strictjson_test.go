package strictjson

import (
	"strings"
	"testing"
)

func TestParseOffsets(t *testing.T) {
	src := `{"a": [1, "x\u0041", true, null], "b": {"c": -2.5e3}}`
	v, err := Parse([]byte(src), 8)
	if err != nil {
		t.Fatal(err)
	}
	a := v.Get("a")
	if a == nil || a.NameOffset != 1 || a.Value.Offset != 6 || a.Value.End != 32 {
		t.Fatalf("a = %+v", a)
	}
	if s := a.Value.Items[1]; s.Kind != String || s.Text != "xA" || s.Offset != 10 || src[s.Offset:s.End] != `"x\u0041"` {
		t.Errorf("string item = %+v", s)
	}
	c, _ := v.At([]string{"b", "c"})
	if c == nil || c.Kind != Number || c.Text != "-2.5e3" || src[c.Offset:c.End] != "-2.5e3" {
		t.Errorf("b.c = %+v", c)
	}
	if x, _ := v.At([]string{"a", "9"}); x != nil {
		t.Errorf("a/9 = %+v, want nil", x)
	}
}

func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct {
		in   string
		off  int
		want string
	}{
		{`{"a":1,"a":2}`, 7, "appears twice"},
		{`{"a":{"b":1,"b":2}}`, 12, "appears twice"},
		{`{"a":1,}`, 6, "trailing comma"},
		{"[1,\n2 , ]", 6, "trailing comma"},
		{`{"a":1} // c`, 8, "more text after"},
		{"{/* c */}", 1, "comments"},
		{`{"a":1}{}`, 7, "more text after"},
		{"{\"a\":\"\xff\"}", 6, "invalid UTF-8"},
		{`{"a":`, 5, "ends too early"},
		{``, 0, "ends too early"},
		{`[[[[[[[[[1]]]]]]]]]`, 8, "nested more than 8"},
		{`{"a":"\ud800"}`, 6, "not valid JSON"},
	} {
		_, err := Parse([]byte(tc.in), 8)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: err = %v, want *Error", tc.in, err)
			continue
		}
		if e.Offset != tc.off || !strings.Contains(e.Msg, tc.want) {
			t.Errorf("%q: got offset %d %q, want offset %d containing %q", tc.in, e.Offset, e.Msg, tc.off, tc.want)
		}
	}
}

func TestAny(t *testing.T) {
	v, err := Parse([]byte(`{"n": 10000000000000000000001, "l": [false]}`), 4)
	if err != nil {
		t.Fatal(err)
	}
	m := v.Any().(map[string]any)
	if n := m["n"]; n == nil || n.(interface{ String() string }).String() != "10000000000000000000001" {
		t.Errorf("number lost precision: %v", n)
	}
}
