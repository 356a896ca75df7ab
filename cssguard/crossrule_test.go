package cssguard

import (
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
)

// TestCarriedStrings: a string var() or a custom function carries into
// image-set() or src() is listed as a load at the string, refused, with
// the reason naming what carries it; a string no image-set() reaches (an
// unused property, a function's unused local), the MIME type in type(),
// and a string in @property's syntax are not listed.
func TestCarriedStrings(t *testing.T) {
	m := mustManifest(t, newsManifest)
	css := `:root { --a: "https://evil.example/a.png"; --b: var(--a); --unused: "https://evil.example/unused.png"; }
@property --p { syntax: "<string>"; inherits: false; initial-value: "https://evil.example/p.png"; }
@function --f(--x: "https://evil.example/default.png") { --local: "https://evil.example/local.png"; --idle: "https://evil.example/idle.png"; result: var(--local, var(--x)); }
.a { background-image: image-set(var(--b) type("image/png") 1x, var(--p) 2x); }
.b { background-image: -webkit-image-set(--f() 1x); }
.c { background-image: image-set(var(--nope, "https://evil.example/fallback.png") 1x); }
.d { background-image: src(var(--s)); --s: "https://evil.example/s.png"; }
`
	res := Check([]byte(css), "style.css", m, Stylesheet)
	var got []string
	for _, l := range res.Loads {
		got = append(got, l.Start.String()+" "+l.Kind+" "+l.Address+" "+l.RuleID())
		if l.Allowed || l.Reason == "" {
			t.Errorf("%+v: want refused with a reason", l)
		}
	}
	want := []string{
		`1:14 image-set() https://evil.example/a.png css/image-set`,
		`2:69 image-set() https://evil.example/p.png css/image-set`,
		`3:20 image-set() https://evil.example/default.png css/image-set`,
		`3:67 image-set() https://evil.example/local.png css/image-set`,
		`6:46 image-set() https://evil.example/fallback.png css/image-set`,
		`7:24 src()  css/src-function`,
		`7:44 src() https://evil.example/s.png css/src-function`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("loads:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range res.Loads {
		if l.Address == "https://evil.example/a.png" && !strings.Contains(l.Reason, "var(--a) carries") {
			t.Errorf("reason %q does not say what carries the string", l.Reason)
		}
	}
	// A legacy sheet: the image-set() and src() uses go, and with them
	// every carried string; the custom properties stay.
	legacy := mustManifest(t, `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"]}`)
	out, _, err := Sanitize([]byte(css), "style.css", legacy)
	if err != nil {
		t.Fatal(err)
	}
	if again := Check(out, "style.css", m, Stylesheet); len(again.Loads) != 0 || len(again.Findings) != 0 {
		t.Errorf("sanitized sheet still loads %+v, findings %v:\n%s", again.Loads, again.Findings, out)
	}
}

// TestValueInfluence: in a sheet that loads, a value-testing rule may set
// only paint-only properties, and style() or if() are refused once a value
// is tested; css/value-selector and css/value-influence are not reported
// twice for one rule; Script mode and sheets without loads are untouched.
func TestValueInfluence(t *testing.T) {
	m := mustManifest(t, newsManifest)
	const load = "\n.x { background: url(https://news.example.com/x.png) }"
	for _, tc := range []struct {
		css  string
		want []string // css/value-influence positions
	}{
		{`input[value^="a"] { color: red; OUTLINE: 2px solid; BORDER-COLOR: red; box-shadow: none; text-decoration: underline }` + load, nil},
		{`input[value^="a"] { color: red; opacity: .5 }` + load, []string{"1:33"}}, // a stacking context: what the pointer is over
		{`input[value^="a"] { color: red; display: none; width: 0 }` + load, []string{"1:33"}},
		{`input[value^="a"] { \64isplay: none }` + load, []string{"1:21"}},
		{`input[value^="a"] { --x: 1 }` + load, []string{"1:21"}},
		{`input[value^="a"] { --x: { a: b } }` + load, []string{"1:21"}},
		{`@scope (input[value^="a"]) { .c { --x: 1 } }` + load, []string{"1:35"}},
		{`form { input[value^="a"] ~ .c { &:hover { display: none } } }` + load, []string{"1:43"}},
		{`input[value^="a"] ~ .c { .d { color: red } }` + load, nil},
		{`input[value^="a"] { background: url(https://news.example.com/v.png); display: none }`, nil},                  // css/value-selector only
		{`input[value^="a"] { color: red } .y { color: if(style(--x: 1): red; else: blue) }` + load, []string{"1:46"}}, // one finding for if(style(…))
		{`.y { --x: 1 } @container style(--x: 1) { .z { color: red } }` + load, nil},
		{`input[value^="a"] { display: none; --x: 1 } @container style(--x: 1) { .z { color: red } }`, nil},
	} {
		res := Check([]byte(tc.css), "style.css", m, Stylesheet)
		var got []string
		for _, f := range res.Findings {
			if f.Rule == RuleValueInfluence.ID {
				got = append(got, f.Start.String())
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s\n  css/value-influence at %v, want %v (findings %v)", tc.css, got, tc.want, res.Findings)
		}
	}
	res := Check([]byte(`input[value^="a"] { display: none }`), "x.js", nil, Script)
	for _, f := range res.Findings {
		t.Errorf("Script mode: %v", f)
	}
}

// TestSanitizeValueInfluence: for a legacy remixlet the value-testing rule
// goes whole, and a style() condition with its at-rule or declaration; the
// rest stays and reads clean.
func TestSanitizeValueInfluence(t *testing.T) {
	legacy := mustManifest(t, `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"]}`)
	css := `input[value^="a"] ~ .c { display: none; color: red }
.c { background: url(https://news.example.com/c.png) }
input[value=""] { border-color: red }
@container style(--x: 1) { .d { background: url(https://news.example.com/d.png) } }
.e { background-image: if(style(--x: 1): url(https://news.example.com/e.png); else: none); color: blue }
`
	out, removals, err := Sanitize([]byte(css), "style.css", legacy)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range removals {
		lines = append(lines, r.Start.String()+" "+r.What+" "+strings.Join(r.Rules, ","))
	}
	want := []string{"1:1 rule css/value-influence", "4:1 at-rule css/value-influence", "5:6 declaration css/value-influence"}
	if !slices.Equal(lines, want) {
		t.Errorf("removals:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for _, keep := range []string{"url(https://news.example.com/c.png)", `input[value=""] { border-color: red }`, "color: blue"} {
		if !strings.Contains(string(out), keep) {
			t.Errorf("sanitized sheet lost %q:\n%s", keep, out)
		}
	}
	if again := Check(out, "style.css", mustManifest(t, newsManifest), Stylesheet); finding.HasErrors(again.Findings) {
		t.Errorf("sanitized sheet still refused: %v\n%s", again.Findings, out)
	}
}

// TestFragmentReference: url(#id) is not a load only written directly in a
// declaration of a property where Chrome resolves it to an element.
func TestFragmentReference(t *testing.T) {
	m := mustManifest(t, newsManifest)
	for _, tc := range []struct {
		css   string
		loads int
	}{
		{`a { filter: url(#f) }`, 0},
		{`a { \66ilter: url(#f) }`, 0},
		{`a { filter: url("#f") blur(1px) }`, 0},
		{`a { filter: url(\23 f) }`, 0},
		{`a { behavior: url(#default#VML) }`, 0},
		{`a { background: url(#f) }`, 1},
		{`a { filter: url( #f ) }`, 0},
		{`a { filter: url(" #f") }`, 1},
		{`a { filter: url(%23f) }`, 1},
		{`a { --f: url(#f) }`, 1},
		{`@property --f { syntax: "<url>"; inherits: false; initial-value: url(#f) }`, 1},
		{`@function --f() { result: url(#f) }`, 1},
		{`a { filter: image-set(url(#f) 1x) }`, 1},
		{`a { --v: { filter: url(#f) } }`, 1},
	} {
		res := Check([]byte(tc.css), "style.css", m, Stylesheet)
		if len(res.Loads) != tc.loads {
			t.Errorf("%s: loads %+v, want %d", tc.css, res.Loads, tc.loads)
		}
		if tc.loads == 0 && len(res.Findings) != 0 {
			t.Errorf("%s: findings %v", tc.css, res.Findings)
		}
	}
	// Script mode refuses url( whatever it holds.
	if res := Check([]byte(`filter: url(#f)`), "x.js", nil, Script); !finding.HasErrors(res.Findings) {
		t.Errorf("Script mode let url(#f) through")
	}
}
