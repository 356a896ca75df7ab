package site

import (
	"errors"
	"strings"
	"testing"
)

// TestParseReadsAsTheBrowser: the cases the issue names, each as a browser
// (Chromium 156, node 20) reads it.
func TestParseReadsAsTheBrowser(t *testing.T) {
	for _, tc := range []struct {
		in, scheme, host, href string // href "" when Parse must fail
	}{
		// Signed IPv4 parts are not numbers: "-1" is a name, never 255.255.255.255.
		{"https://-1/x", "https", "-1", "https://-1/x"},
		{"https://1.-1/", "https", "1.-1", "https://1.-1/"},
		{"https://0x7f.1/", "https", "127.0.0.1", "https://127.0.0.1/"},
		{"https://2130706433/", "https", "127.0.0.1", "https://127.0.0.1/"},
		{"https://4294967296/", "", "", ""},
		{"https://1.2.3.4.5/", "", "", ""},
		{"https://a.09/", "", "", ""},
		// Leading and trailing C0 controls and spaces are stripped, tabs
		// and newlines removed anywhere.
		{"\x01javascript:alert(1)", "javascript", "", "javascript:alert(1)"},
		{"\x0e\x1f java\tscript:alert(1)\x00 ", "javascript", "", "javascript:alert(1)"},
		{"\x1fhttps://news.example.com/", "https", "news.example.com", "https://news.example.com/"},
		{"ht\ntps://ex\ramp\tle.com/", "https", "example.com", "https://example.com/"},
		// Two trailing dots stay two: one is dropped only when hosts are compared.
		{"https://news.example.com../", "https", "news.example.com..", "https://news.example.com../"},
		{"https://news.example.com./", "https", "news.example.com.", "https://news.example.com./"},
		// Backslashes, missing slashes, userinfo, ports.
		{`https:\\evil.example\x`, "https", "evil.example", "https://evil.example/x"},
		{"https:news.example.com/x", "https", "news.example.com", "https://news.example.com/x"},
		{"https://news.example.com@evil.example/", "https", "evil.example", "https://news.example.com@evil.example/"},
		{"https://news.example.com:443/", "https", "news.example.com", "https://news.example.com/"},
		{"https://news.example.com:99999/", "", "", ""},
		// Hosts: IDN, full-width, escapes, Chrome's '*'.
		{"https://BÜCHER.example/", "https", "xn--bcher-kva.example", "https://xn--bcher-kva.example/"},
		{"https://news.example.com\u3002evil.example/", "https", "news.example.com.evil.example", "https://news.example.com.evil.example/"},
		{"https://ex%61mple.com/", "https", "example.com", "https://example.com/"},
		{"https://a*b.com/", "https", "a%2Ab.com", "https://a%2Ab.com/"},
		{"https://a b.com/", "", "", ""},
		{"https://a\u200db.com/", "", "", ""},
		{"https://\u0661.com/", "", "", ""},
		{"https://[::1]:8080/", "https", "[::1]", "https://[::1]:8080/"},
		// Other schemes keep their opaque path.
		{"data:image/png;base64,AAAA", "data", "", "data:image/png;base64,AAAA"},
		{"sc://h/a/..", "sc", "h", "sc://h/"},
	} {
		u, err := Parse(tc.in)
		if tc.href == "" {
			if err == nil {
				t.Errorf("Parse(%q) = %s, want failure", tc.in, u.Href())
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if u.Scheme != tc.scheme || u.Hostname != tc.host || u.Href() != tc.href {
			t.Errorf("Parse(%q) = scheme %q host %q href %q, want %q %q %q", tc.in, u.Scheme, u.Hostname, u.Href(), tc.scheme, tc.host, tc.href)
		}
	}
}

func TestParseErrorSaysRelative(t *testing.T) {
	for in, relative := range map[string]bool{
		"/a.png": true, "a.png": true, "//evil.example/": true, "#x": true, "": true,
		"https://exa mple.com/": false, "https://a.com:x/": false, "https://": false,
	} {
		_, err := Parse(in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Relative != relative || pe.Why == "" || !strings.Contains(err.Error(), "not a full address") {
			t.Errorf("Parse(%q) error = %#v, want Relative=%v with a reason", in, err, relative)
		}
	}
}

func TestIsSchemeRelative(t *testing.T) {
	for in, want := range map[string]bool{
		"//evil.example/": true, `\\evil.example`: true, `/\evil`: true, "\x01//evil": true, "/\t/evil": true,
		"/a": false, "https://x/": false, "": false, "/": false,
	} {
		if got := IsSchemeRelative(in); got != want {
			t.Errorf("IsSchemeRelative(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestTwoTrailingDots: Chrome drops one trailing dot when it compares
// hosts, never two (issue: "a host with two trailing dots is trimmed twice
// and matched as allowed").
func TestTwoTrailingDots(t *testing.T) {
	r := reach(t, []string{"https://news.example.com/*"}, "api.example.net")
	for host, want := range map[string]bool{
		"news.example.com": true, "news.example.com.": true, "news.example.com..": false,
		"api.example.net": true, "api.example.net.": true, "api.example.net..": false,
	} {
		if got := r.AllowsHost(host); got != want {
			t.Errorf("AllowsHost(%q) = %v, want %v", host, got, want)
		}
		if l := r.CheckLoad("https://" + host + "/a.png"); l.Allowed != want {
			t.Errorf("CheckLoad(https://%s/a.png) = %+v, want allowed=%v", host, l, want)
		}
	}
	p := mustPattern(t, "https://news.example.com/*")
	if p.MatchesURL("https://news.example.com../") || p.MatchesHost("news.example.com..") {
		t.Error("a pattern matches a host with two trailing dots")
	}
}

// FuzzParse: whatever the input, Parse does not panic, and what it writes
// back reads the same again (the serialisation is a fixed point).
func FuzzParse(f *testing.F) {
	for _, c := range loadWPT(f) {
		f.Add(c.Input)
	}
	for _, c := range chromiumMatchCases {
		f.Add(c.url)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", s)
			}
			return
		}
		href := u.Href()
		again, err := Parse(href)
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", s, href, err)
		}
		if again.Href() != href || again.Hostname != u.Hostname || again.Scheme != u.Scheme {
			t.Fatalf("Parse(%q) = %q, which reads back as %q", s, href, again.Href())
		}
	})
}
