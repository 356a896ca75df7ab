package site

import (
	"strings"
	"testing"
)

// reach builds the Reach of a remixlet with these matches and fetch hosts.
func reach(t testing.TB, matches []string, fetch ...string) Reach {
	t.Helper()
	r := Reach{Fetch: fetch}
	for _, s := range matches {
		r.Matches = append(r.Matches, mustPattern(t, s))
	}
	return r
}

func TestCheckLoad(t *testing.T) {
	// data.example.net is what a network:observe: permission would name:
	// it allows no loads, so it is not in the reach.
	m := reach(t, []string{"https://news.example.com/*", "https://*.example.org/*"}, "api.example.net")
	for _, tc := range []struct {
		raw     string
		allowed bool

		host   string
		reason string // substring of the refusal
	}{
		{"https://news.example.com/a.png", true, "news.example.com", ""},
		{"http://news.example.com/a.png", true, "news.example.com", ""},
		{"https://NEWS.Example.com./a.png", true, "news.example.com.", ""},
		{"https://cdn.example.org/x.woff2", true, "cdn.example.org", ""},
		{"https://example.org/x.woff2", true, "example.org", ""},
		{"https://api.example.net/img", true, "api.example.net", ""},
		{"https://data.example.net/img", false, "data.example.net", "add a fetch:data.example.net permission"},
		{"https://evil.example/x", false, "evil.example", "neither a site"},
		{"https://news.example.com.evil.example/x", false, "news.example.com.evil.example", "neither a site"},
		{"https://news.example.com@evil.example/x", false, "", "user name"},
		{"https:\\\\evil.example\\x", false, "evil.example", "neither a site"},
		{"https://ev\til.example/x", false, "evil.example", "neither a site"},
		{"//evil.example/x", false, "", "scheme-relative"},
		{" \\\\evil.example/x", false, "", "scheme-relative"},
		{"/images/x.png", false, "", "not a full address"},
		{"x.png", false, "", "not a full address"},
		{"data:image/png;base64,AAAA", false, "", "data:"},
		{"javascript:alert(1)", false, "", "javascript:"},
		{"blob:https://news.example.com/1", false, "", "blob:"},
		{"ftp://news.example.com/x", false, "", "ftp:"},
		{"/\t/evil.example/x", false, "", "scheme-relative"},
		{"https://news.example.com%00.evil/", false, "", "cannot parse"},
		{"https://news.example.com:99999/", false, "", "cannot parse"},
		{"https://news.example.com:443@evil.example/", false, "", "user name"},
		{"https://news%2eexample%2ecom/a", true, "news.example.com", ""},
		{"https://\uff4e\uff45\uff57\uff53.example.com/a", true, "news.example.com", ""},
		{"https://news.example.com\u3002evil.example/", false, "news.example.com.evil.example", "neither a site"},
		{"https:news.example.com/x", true, "news.example.com", ""},
	} {
		l := m.CheckLoad(tc.raw)
		if l.Allowed != tc.allowed || (tc.host != "" && l.Host != tc.host) || !strings.Contains(l.Reason, tc.reason) {
			t.Errorf("CheckLoad(%q) = %+v, want allowed=%v host=%q reason containing %q", tc.raw, l, tc.allowed, tc.host, tc.reason)
		}
	}
	every := reach(t, []string{"<all_urls>"})
	if l := every.CheckLoad("https://anything.example/x"); !l.Allowed {
		t.Errorf("every-site remixlet refused %+v", l)
	}
	if l := every.CheckLoad("data:image/png;base64,AAAA"); l.Allowed {
		t.Errorf("every-site remixlet allowed data: %+v", l)
	}
}

// TestCheckLoadProblem: each refusal is classified, so the stylesheet guard
// and the script lint can cite a rule per kind.
func TestCheckLoadProblem(t *testing.T) {
	m := reach(t, []string{"https://news.example.com/*"})
	for raw, want := range map[string]LoadProblem{
		"https://news.example.com/a":         LoadAllowed,
		"//evil.example/a":                   LoadRelative,
		"a.png":                              LoadRelative,
		"#frag":                              LoadRelative,
		"data:image/png;base64,AA":           LoadScheme,
		"javascript:alert(1)":                LoadScheme,
		"https://u:p@news.example.com/a":     LoadUserinfo,
		"https://evil.example/a":             LoadHost,
		"https://news.example.com:99999/a":   LoadInvalid,
		"https://exa mple.com/a":             LoadInvalid,
		"https://news.example.com\u00a0/a":   LoadInvalid, // the browser keeps the space as %20
		"https://%C2%A0news.example.com/a":   LoadInvalid,
		"https://news.example.com%00.evil/a": LoadInvalid,
	} {
		l := m.CheckLoad(raw)
		if l.Problem != want || l.Allowed != (want == LoadAllowed) || (want != LoadAllowed) == (l.Reason == "") {
			t.Errorf("CheckLoad(%q) = problem %d allowed %v reason %q, want problem %d", raw, l.Problem, l.Allowed, l.Reason, want)
		}
	}
}
