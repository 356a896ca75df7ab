package cssguard

import (
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
)

func mustManifest(t testing.TB, src string) *manifest.Manifest {
	t.Helper()
	m, findings := manifest.Parse([]byte(src))
	if m == nil {
		t.Fatal(findings)
	}
	return m
}

const newsManifest = `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`

func rulesAt(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Start.String()+" "+f.Rule)
	}
	return out
}

// TestScriptMode: CSS a script writes may not load anything and may not
// contain url( at all; positions count from the CSS text's first character.
func TestScriptMode(t *testing.T) {
	for _, tc := range []struct {
		css  string
		want []string
	}{
		{`color: red; margin: 0`, nil},
		{`background: url(https://news.example.com/a.png)`, []string{"1:13 css/script-load"}},
		{`background: URL("https://news.example.com/a.png")`, []string{"1:13 css/script-load"}},
		{`content: "url(https://x.example/)"`, []string{"1:11 css/script-load"}},
		{"/* url( */ a { color: red }", []string{"1:4 css/script-load"}},
		{`@import "https://news.example.com/a.css";`, []string{"1:9 css/script-load"}},
		{`a { background: image-set("a.png" 1x) }`, []string{"1:17 css/image-set", "1:27 css/script-load"}},
		{"a {\n  background: \\75rl(x)\n}", []string{"2:15 css/script-load"}},
		{`a { b: src("x") }`, []string{"1:8 css/script-load"}},
	} {
		res := Check([]byte(tc.css), "script.js", nil, Script)
		if got := rulesAt(res.Findings); !slices.Equal(got, tc.want) {
			t.Errorf("%q: findings %q, want %q", tc.css, got, tc.want)
		}
		for _, f := range res.Findings {
			if f.File != "script.js" || f.Severity != finding.Error {
				t.Errorf("%q: %v: want an error in script.js", tc.css, f)
			}
		}
		for _, l := range res.Loads {
			if l.Allowed {
				t.Errorf("%q: load %+v allowed in Script mode", tc.css, l)
			}
		}
	}
	// A legacy manifest does not soften Script mode.
	legacy := mustManifest(t, `{"name": "x", "api": "1.0.0", "matches": ["https://news.example.com/*"]}`)
	res := Check([]byte(`background: url(https://news.example.com/a.png)`), "script.js", legacy, Script)
	if !finding.HasErrors(res.Findings) {
		t.Errorf("legacy Script mode: %v, want an error", res.Findings)
	}
}

// TestLoadsListed: every load, in source order, with what was written,
// the decoded address, the resolved address and the verdict.
func TestLoadsListed(t *testing.T) {
	m := mustManifest(t, newsManifest)
	css := "a { background: url(HTTPS://NEWS.example.com/a%20b.png) }\n" +
		"b { background: url(\"https://\\65vil.example/\") }\n" +
		"@import 'x.css';\n"
	res := Check([]byte(css), "style.css", m, Stylesheet)
	want := []struct {
		pos, kind, written, address, resolved string
		allowed                               bool
		rule                                  string
	}{
		{"1:17", KindURL, "url(HTTPS://NEWS.example.com/a%20b.png)", "HTTPS://NEWS.example.com/a%20b.png", "https://news.example.com/a%20b.png", true, ""},
		{"2:17", KindURLString, `url("https://\65vil.example/"`, "https://evil.example/", "https://evil.example/", false, "css/remote-load"},
		{"3:9", KindImport, "'x.css'", "x.css", "", false, "css/import"},
	}
	if len(res.Loads) != len(want) {
		t.Fatalf("loads %+v, want %d", res.Loads, len(want))
	}
	for i, w := range want {
		l := res.Loads[i]
		if l.Start.String() != w.pos || l.Kind != w.kind || l.Written != w.written || l.Address != w.address ||
			l.Resolved != w.resolved || l.Allowed != w.allowed || l.RuleID() != w.rule || (l.Allowed == (l.Reason != "")) {
			t.Errorf("load %d = %+v, want %+v", i, l, w)
		}
	}
}

// TestNilManifest: without a manifest in Stylesheet mode every load is
// refused, never waved through.
func TestNilManifest(t *testing.T) {
	res := Check([]byte(`a{background:url(https://news.example.com/a)}`), "style.css", nil, Stylesheet)
	if len(res.Loads) != 1 || res.Loads[0].Allowed || !finding.HasErrors(res.Findings) {
		t.Errorf("got %+v", res)
	}
}

// TestSanitize: the legacy sheet with each offending part left out, one
// report line each, and the written sheet checks clean.
func TestSanitize(t *testing.T) {
	m := mustManifest(t, `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"]}`)
	css := `@import "https://news.example.com/more.css";
a { color: red; background: url(https://evil.example/a.png); margin: 0 }
input[value^="a"] { background: url(https://news.example.com/a); color: blue }
form { input[value^="b"] { background: url(https://news.example.com/b) } color: green }
b { background: url(https://news.example.com/ok.png) }
c { content: "x
; background: url(https://news.example.com/c.png) }
d { background: image-set("https://news.example.com/d.png" 1x); color: red }
`
	out, removals, err := Sanitize([]byte(css), "style.css", m)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range removals {
		lines = append(lines, r.Start.String()+" "+r.What+" "+strings.Join(r.Rules, ","))
	}
	want := []string{
		"1:1 at-rule css/import",
		"2:17 declaration css/remote-load",
		"3:1 rule css/value-selector",
		"4:8 rule css/value-selector",
		"6:5 declaration css/bad-string",
		"8:5 declaration css/image-set",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("removals:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for _, keep := range []string{"color: red;", "margin: 0", "color: green", "url(https://news.example.com/ok.png)", "d {"} {
		if !strings.Contains(string(out), keep) {
			t.Errorf("sanitized sheet lost %q:\n%s", keep, out)
		}
	}
	again := Check(out, "style.css", mustManifest(t, newsManifest), Stylesheet)
	if len(again.Findings) != 0 {
		t.Errorf("sanitized sheet still has findings %v:\n%s", again.Findings, out)
	}
	if _, _, err := Sanitize([]byte(css), "style.css", nil); err == nil {
		t.Error("Sanitize without a manifest: want an error")
	}
}

// TestLegacyWarnings: a legacy remixlet's refusals are warnings that say
// the part is left out.
func TestLegacyWarnings(t *testing.T) {
	m := mustManifest(t, `{"name": "x", "api": "1.0.0", "matches": ["https://news.example.com/*"]}`)
	res := Check([]byte(`a { background: url(https://evil.example/a.png) }`), "style.css", m, Stylesheet)
	if len(res.Findings) != 1 || res.Findings[0].Severity != finding.Warning || !strings.Contains(res.Findings[0].Message, "leaves this declaration out") {
		t.Errorf("got %v", res.Findings)
	}
}

// TestMessagesSayWhatToDo: every refusal names a fix.
func TestMessagesSayWhatToDo(t *testing.T) {
	m := mustManifest(t, newsManifest)
	css := `@import "a.css"; @namespace url(x);
a { background: url(https://evil.example/a) url(a) url(data:,x) url(https://u@news.example.com/) src("x") image-set("x" 1x) url(https://a:99999/) }
b { c: url(a b) } d { e: "x
}
input[value=a] { background: url(https://news.example.com/v) }
input[value=b] ~ div { display: none } p { color: if(style(--x: 1): red; else: blue) }`
	res := Check([]byte(css), "style.css", m, Stylesheet)
	seen := map[string]bool{}
	for _, f := range res.Findings {
		seen[f.Rule] = true
		if !strings.Contains(f.Message, ":") || !(strings.Contains(f.Message, "use ") || strings.Contains(f.Message, "write ") ||
			strings.Contains(f.Message, "put ") || strings.Contains(f.Message, "remove ") || strings.Contains(f.Message, "load from") ||
			strings.Contains(f.Message, "quote ") || strings.Contains(f.Message, "close ") || strings.Contains(f.Message, "Use ")) {
			t.Errorf("%s: message does not say what to do: %s", f.Rule, f.Message)
		}
	}
	for _, id := range []string{"css/import", "css/namespace", "css/remote-load", "css/relative-url", "css/scheme", "css/userinfo", "css/src-function", "css/image-set", "css/invalid-url", "css/bad-url", "css/bad-string", "css/value-selector", "css/value-influence"} {
		if !seen[id] {
			t.Errorf("no %s finding in the sheet that breaks every rule", id)
		}
	}
}

// TestDoesNotTouchInput: Check leaves the caller's bytes alone, even the
// spare capacity past the end (the second reader's lexer writes a NUL
// there when it may).
func TestDoesNotTouchInput(t *testing.T) {
	buf := []byte("a{background:url(https://news.example.com/a)}XYZ")
	css := buf[:len(buf)-3]
	Check(css, "style.css", mustManifest(t, newsManifest), Stylesheet)
	if string(buf) != "a{background:url(https://news.example.com/a)}XYZ" {
		t.Errorf("input changed: %q", buf)
	}
}

// TestTooDeep: nesting past the bound is refused, once, and the loads
// inside are still listed.
func TestTooDeep(t *testing.T) {
	css := strings.Repeat("a{", 300) + "b:url(https://news.example.com/x)" + strings.Repeat("}", 300)
	res := Check([]byte(css), "style.css", mustManifest(t, newsManifest), Stylesheet)
	if got := rulesAt(res.Findings); !slices.Equal(got, []string{"1:514 css/too-deep"}) || len(res.Loads) != 1 {
		t.Errorf("findings %q, %d loads", got, len(res.Loads))
	}
}
