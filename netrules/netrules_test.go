package netrules

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

const extID = "abcdefghijklmnopabcdefghijklmnop"

func mustManifest(t testing.TB, api string, matches []string, perms ...string) *manifest.Manifest {
	t.Helper()
	var ps []string
	for _, p := range append([]string{"netrules"}, perms...) {
		ps = append(ps, fmt.Sprintf(`{"permission": %q, "reason": "Needed."}`, p))
	}
	ms, _ := json.Marshal(matches)
	src := fmt.Sprintf(`{"name": "T", "api": %q, "matches": %s, "permissions": [%s]}`, api, ms, strings.Join(ps, ","))
	m, fs := manifest.Parse([]byte(src))
	if m == nil || finding.HasErrors(fs) {
		t.Fatalf("manifest: %v", fs)
	}
	return m
}

func ruleIDs(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// A legacy remixlet: limit-breaking rules become warnings and are left
// out; the rest is installed; a Chrome refusal stays an error.
func TestLegacy(t *testing.T) {
	m := mustManifest(t, "1.0.1", []string{"https://own.example.com/*"})
	src := []byte(`[
  {"id": 1, "condition": {"urlFilter": "||ads.example.net^"}, "action": {"type": "block"}},
  {"id": 2, "condition": {"urlFilter": "||own.example.com^"}, "action": {"type": "redirect", "redirect": {"url": "https://evil.example/"}}},
  {"id": 3, "condition": {}, "action": {"type": "modifyHeaders", "responseHeaders": [{"header": "Set-Cookie", "operation": "remove"}]}}
]`)
	res := Check(src, m)
	if res.Refused() {
		t.Fatalf("refused: %v", res.Findings)
	}
	for _, f := range res.Findings {
		if f.Severity != finding.Warning || !strings.Contains(f.Message, "left out when installed") {
			t.Errorf("want a left-out warning, got %v", f)
		}
	}
	var left []int64
	for _, lo := range res.LeftOut {
		left = append(left, lo.Rule.ID.V)
		if len(lo.Reasons) == 0 {
			t.Errorf("rule %d left out without a reason", lo.Rule.ID.V)
		}
	}
	if !slices.Equal(left, []int64{2, 3}) {
		t.Errorf("left out %v, want [2 3]", left)
	}
	out, err := res.Installed(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var installed []map[string]any
	if err := json.Unmarshal(out, &installed); err != nil || len(installed) != 1 || installed[0]["id"] != 1.0 {
		t.Errorf("installed %s (%v), want rule 1 only", out, err)
	}
	sanitized := res.WithoutLeftOut()
	want := "[\n  " + strings.Split(string(src), "\n")[1][2:len(strings.Split(string(src), "\n")[1])-1] + "\n]\n"
	if string(sanitized) != want {
		t.Errorf("sanitized:\n%s\nwant:\n%s", sanitized, want)
	}
	if again := Check(sanitized, m); len(again.Findings) != 0 {
		t.Errorf("the sanitized file still has findings: %v", again.Findings)
	}

	// A rule Chrome refuses stays an error, even when it breaks a limit too.
	res = Check([]byte(`[{"id": 1, "condition": {"urlFilter": ""}, "action": {"type": "allow"}}]`), m)
	if !res.Refused() || len(res.LeftOut) != 0 {
		t.Fatalf("want refused, nothing left out: %v", res.Findings)
	}
	for _, f := range res.Findings {
		if f.Severity != finding.Error {
			t.Errorf("a rule Chrome refuses keeps its limit findings as errors: %v", f)
		}
	}
	if res.WithoutLeftOut() != nil {
		t.Error("a refused file must not be sanitized")
	}

	// Saved against the current API, the same limit is an error.
	res = Check(src, mustManifest(t, "1.0.2", []string{"https://own.example.com/*"}))
	if !res.Refused() || len(res.LeftOut) != 0 {
		t.Errorf("current API: want refused, nothing left out")
	}
}

// The installed form of a remixlet on some sites: scoped to its sites,
// normalised, and off the extension's requests.
func TestInstallSomeSites(t *testing.T) {
	m := mustManifest(t, "1.0.2", []string{"https://own.example.com/*", "https://*.shop.example.org/*", "https://a.shop.example.org/x/*"})
	src := []byte(`[
  {"id": 1, "condition": {"urlFilter": "||ads.example.net^", "domains": ["Own.Example.com"], "excludedDomains": ["x.own.example.com"]}, "action": {"type": "block"}},
  {"id": 2, "priority": 5, "condition": {"requestDomains": ["OWN.example.com"], "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"url": "https://own.example.com./new?q=a b"}}},
  {"id": 3, "condition": {}, "action": {"type": "modifyHeaders", "requestHeaders": [{"header": "User-Agent", "operation": "append", "value": "x"}, {"header": "Referer", "operation": "remove"}]}},
  {"id": 4, "condition": {"requestDomains": ["own.example.com"], "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"transform": {"scheme": "https", "path": "", "queryTransform": {"removeParams": []}}}}}
]`)
	out, fs, err := Install(src, m, Options{ExtensionID: extID})
	if err != nil || len(fs) != 0 {
		t.Fatalf("Install: %v %v", err, fs)
	}
	own := extID + ".chromiumapp.org" // where a sign-in flow returns: excluded from every rule
	want := `[
  {"id":1,"priority":1,"condition":{"urlFilter":"||ads.example.net^","initiatorDomains":["own.example.com"],"excludedInitiatorDomains":["x.own.example.com","` + extID + `","` + own + `"],"excludedRequestDomains":["` + own + `"]},"action":{"type":"block"}},
  {"id":2,"priority":5,"condition":{"initiatorDomains":["own.example.com","shop.example.org"],"excludedInitiatorDomains":["` + extID + `","` + own + `"],"requestDomains":["own.example.com"],"excludedRequestDomains":["` + own + `"],"requestMethods":["get"]},"action":{"type":"redirect","redirect":{"url":"https://own.example.com/new?q=a%20b"}}},
  {"id":3,"priority":1,"condition":{"initiatorDomains":["own.example.com","shop.example.org"],"excludedInitiatorDomains":["` + extID + `","` + own + `"],"excludedRequestDomains":["` + own + `"]},"action":{"type":"modifyHeaders","requestHeaders":[{"header":"user-agent","operation":"append","value":"x"},{"header":"referer","operation":"remove"}]}},
  {"id":4,"priority":1,"condition":{"initiatorDomains":["own.example.com","shop.example.org"],"excludedInitiatorDomains":["` + extID + `","` + own + `"],"requestDomains":["own.example.com"],"excludedRequestDomains":["` + own + `"],"requestMethods":["get"]},"action":{"type":"redirect","redirect":{"transform":{"scheme":"https","path":"","queryTransform":{"removeParams":[]}}}}}
]
`
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("installed form (-want +got):\n%s", diff)
	}
	assertInstalledPasses(t, out, m)

	// Without an extension id the scope still holds; a bad id is refused.
	if _, _, err := Install(src, m, Options{}); err != nil {
		t.Errorf("some sites need no extension id: %v", err)
	}
	if _, _, err := Install(src, m, Options{ExtensionID: "ABC"}); err == nil {
		t.Error("a malformed extension id was accepted")
	}
	// Without the netrules permission nothing is installed.
	bare, _ := manifest.Parse([]byte(`{"name": "T", "api": "1.0.2", "matches": ["https://own.example.com/*"]}`))
	if out, _, err := Install(src, bare, Options{}); err == nil || out != nil {
		t.Errorf("installed without the netrules permission: %v", err)
	}
}

// A remixlet on every site: its rules exclude the extension's own requests
// and the hosts it fetches from or observes, and need the extension id.
func TestInstallEverySite(t *testing.T) {
	m := mustManifest(t, "1.0.2", []string{"<all_urls>"}, "fetch:api.example.com", "network:observe:feed.example.net")
	src := []byte(`[{"id": 7, "condition": {"urlFilter": "||ads.example.org^", "excludedRequestDomains": ["cdn.example.org"]}, "action": {"type": "block"}}]`)
	if _, _, err := Install(src, m, Options{}); !errors.Is(err, ErrNeedExtensionID) {
		t.Fatalf("want ErrNeedExtensionID, got %v", err)
	}
	out, _, err := Install(src, m, Options{ExtensionID: extID})
	if err != nil {
		t.Fatal(err)
	}
	var rules []installedRule
	if err := json.Unmarshal(out, &rules); err != nil {
		t.Fatal(err)
	}
	c := rules[0].Condition
	if c.InitiatorDomains != nil {
		t.Errorf("every-site rules act on every page's requests; got initiatorDomains %v", c.InitiatorDomains)
	}
	if !slices.Equal(c.ExcludedInitiatorDomains, []string{extID, extID + ".chromiumapp.org"}) {
		t.Errorf("excludedInitiatorDomains = %v, want the extension id and its sign-in host", c.ExcludedInitiatorDomains)
	}
	if !slices.Equal(c.ExcludedRequestDomains, []string{"cdn.example.org", "api.example.com", "feed.example.net", extID + ".chromiumapp.org"}) {
		t.Errorf("excludedRequestDomains = %v", c.ExcludedRequestDomains)
	}
	assertInstalledPasses(t, out, m)
}

// assertInstalledPasses checks that the installed form is itself a rules
// file every check accepts: installing never makes rules worse.
func assertInstalledPasses(t testing.TB, out []byte, m *manifest.Manifest) {
	t.Helper()
	if res := Check(out, m); len(res.Findings) != 0 {
		t.Errorf("the installed form does not pass its own checks: %v\n%s", res.Findings, out)
	}
}

func TestSiteHosts(t *testing.T) {
	for _, tc := range []struct {
		matches []string
		want    []string
	}{
		{[]string{"https://own.example.com/*"}, []string{"own.example.com"}},
		{[]string{"https://a.example.com/*", "*://*.example.com/*", "http://b.example.com:8080/x/*"}, []string{"example.com"}},
		{[]string{"https://[::1]/*", "http://192.168.0.1/*"}, []string{"[::1]", "192.168.0.1"}},
		{[]string{"<all_urls>"}, nil},
		{[]string{"https://*.github.io/*"}, nil},
	} {
		if got := SiteHosts(mustManifest(t, "1.0.2", tc.matches)); !slices.Equal(got, tc.want) {
			t.Errorf("SiteHosts(%v) = %v, want %v", tc.matches, got, tc.want)
		}
	}
}

// Chrome's rule-count limits, at the first rule over each.
func TestCounts(t *testing.T) {
	t.Parallel()
	m := mustManifest(t, "1.0.2", []string{"https://own.example.com/*"})
	gen := func(n int, rule func(i int) string) []byte {
		var b strings.Builder
		b.WriteString("[")
		for i := 1; i <= n; i++ {
			if i > 1 {
				b.WriteString(",\n")
			}
			b.WriteString(rule(i))
		}
		b.WriteString("]")
		return []byte(b.String())
	}
	block := func(i int) string {
		return fmt.Sprintf(`{"id": %d, "condition": {"urlFilter": "||t%d.example^"}, "action": {"type": "block"}}`, i, i)
	}
	regex := func(i int) string {
		return fmt.Sprintf(`{"id": %d, "condition": {"regexFilter": "^https://t%d\\.example/"}, "action": {"type": "block"}}`, i, i)
	}
	headers := func(i int) string {
		return fmt.Sprintf(`{"id": %d, "condition": {}, "action": {"type": "modifyHeaders", "requestHeaders": [{"header": "x-n", "operation": "set", "value": "%d"}]}}`, i, i)
	}
	for _, tc := range []struct {
		name string
		src  []byte
		line int // of the first rule over the limit; 0 for none
	}{
		{"rules at the limit", gen(MaxRules, block), 0},
		{"rules over the limit", gen(MaxRules+1, block), MaxRules + 1},
		{"regex at the limit", gen(MaxRegexRules, regex), 0},
		{"regex over the limit", gen(MaxRegexRules+1, regex), MaxRegexRules + 1},
		{"unsafe over the limit", gen(MaxUnsafeRules+1, headers), MaxUnsafeRules + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []finding.Finding
			for _, f := range Check(tc.src, m).Findings {
				if f.Rule == "netrules/too-many" {
					got = append(got, f)
				}
			}
			switch {
			case tc.line == 0 && len(got) != 0:
				t.Errorf("want no finding, got %v", got)
			case tc.line != 0 && (len(got) != 1 || got[0].Start.Line != tc.line):
				t.Errorf("want one finding on line %d, got %v", tc.line, got)
			}
		})
	}
}

func TestHostOf(t *testing.T) {
	for filter, want := range map[string]namedHost{
		"||own.example.com^":           {Host: "own.example.com", Named: true, Closed: true, Stop: '^'},
		"||own.example.com/path":       {Host: "own.example.com", Named: true, Closed: true, Stop: '/'},
		"||own.example.com:8080/":      {Host: "own.example.com", Named: true, Closed: true, Stop: ':'},
		"||own.example.com|":           {Host: "own.example.com", Named: true, Closed: true},
		"||own.example.com":            {Host: "own.example.com", Named: true},
		"||OWN.Example.COM^":           {Host: "own.example.com", Named: true, Closed: true, Stop: '^'},
		"|https://own.example.com/":    {Host: "own.example.com", Named: true, Closed: true, Stop: '/'},
		"|https://own.example.com|":    {Host: "own.example.com", Named: true, Closed: true},
		"|https://own.example.com^":    {Host: "own.example.com", Named: true, Stop: '^'},
		"|https://own.example.com:443": {Host: "own.example.com", Named: true, Stop: ':'},
		"|https://own.example.com@x/":  {Host: "own.example.com", Named: true, Stop: '@'},
		"||own.*.com^":                 {},
		"own.example.com^":             {},
		"|own.example.com/":            {},
		"||*own.example.com^":          {},
		"||^":                          {},
		"||own.example.com.^":          {},
	} {
		if got := hostOf(filter); got != want {
			t.Errorf("hostOf(%q) = %+v, want %+v", filter, got, want)
		}
	}
}

func TestURLFilterGrammar(t *testing.T) {
	for filter, stray := range map[string]int{
		"ads": -1, "|https://x/": -1, "||x^": -1, "x|": -1, "|||": -1, "||x|": -1, "|": -1, "||": -1,
		"a|b": 1, "|||x": 2, "||x||": 3, "|x|y": 2,
	} {
		if got := parseURLFilter(filter).strayBar(); got != stray {
			t.Errorf("strayBar(%q) = %d, want %d", filter, got, stray)
		}
	}
}

func TestSameSite(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"news.example.org", "www.example.org", true},
		{"example.org", "a.b.example.org", true},
		{"news.example.co.uk", "www.example.co.uk", true},
		{"a.example.co.uk", "a.example.com", false},
		{"alice.github.io", "bob.github.io", false}, // a private suffix
		{"alice.github.io", "x.alice.github.io", true},
		{"github.io", "github.io", false},
		{"own.example.com.", "own.example.com", true},
		{"192.168.0.1", "192.168.0.1", true},
		{"192.168.0.1", "192.168.0.2", false},
		{"[::1]", "[::1]", true},
	} {
		if got := sameSite(tc.a, tc.b); got != tc.want {
			t.Errorf("sameSite(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	for _, tc := range []struct {
		name, op string
		want     string // the entry, "" for allowed
	}{
		{"Content-Security-Policy", "remove", "content-security-policy"},
		{"content-security-policy-report-only", "set", "content-security-policy"},
		{"SET-COOKIE2", "append", "set-cookie"},
		{"cookie", "append", "cookie"},
		{"cookies", "set", ""},
		{"Access-Control-Allow-Credentials", "set", "access-control-"},
		{"sec-ch-ua", "remove", "sec-"},
		{"secret", "set", ""},
		{"x-forwarded-proto", "set", "x-forwarded-"},
		{"Referer", "remove", ""},
		{"referer", "set", "referer"},
		{"origin", "remove", "origin"},
		{"user-agent", "set", ""},
		{"x-frame-options", "remove", "x-frame-options"},
		{"cross-origin-opener-policy", "remove", "cross-origin-"},
	} {
		h, ok := securityHeader(tc.name, tc.op)
		if ok != (tc.want != "") || h.Name != tc.want {
			t.Errorf("securityHeader(%q, %q) = %q, %v; want %q", tc.name, tc.op, h.Name, ok, tc.want)
		}
	}
	// The list is data with a reason per entry, and no entry twice.
	seen := map[string]bool{}
	for _, h := range SecurityHeaders {
		if h.Why == "" || h.AppliesTo == "" || seen[h.Name] || h.Name != strings.ToLower(h.Name) {
			t.Errorf("entry %+v: each entry is lower case, once, with why and where it applies", h)
		}
		seen[h.Name] = true
	}
}

// Where RE2 itself draws the line (measured with RE2 and Chrome's options;
// bench/re2size compares thousands of patterns).
func TestRegexInstructions(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	for _, tc := range []struct {
		pattern       string
		caseSensitive bool
		capture       bool
		fits          bool
	}{
		{"x" + a(111), false, false, true},
		{"x" + a(112), false, false, false},
		{"^https?://" + a(107), false, false, true},
		{"^https?://" + a(108), false, false, false},
		{"^" + a(500), false, false, true},              // a literal after ^ is matched outside the program
		{strings.Repeat(`\d+`, 74), false, false, true}, // RE2 merges \d+\d+ into \d{2,}
		{"x(a)" + a(109), false, false, true},           // without capturing, groups cost nothing
		{"x(a)" + a(109), false, true, false},           // capturing costs two
		{"(?i)[a-z]" + a(111), true, false, true},       // an ASCII-folding class costs one
		{`^https?://([a-z0-9-]+\.)*(doubleclick|googlesyndication|adservice|taboola|outbrain|criteo|quantserve|scorecardresearch)\.(com|net)/`, false, false, false},
	} {
		n, err := RegexInstructions(tc.pattern, tc.caseSensitive, tc.capture)
		if err != nil {
			t.Fatal(err)
		}
		if fits := n <= RegexBudget; fits != tc.fits {
			t.Errorf("%.40q: %d instructions, fits %v, want %v", tc.pattern, n, fits, tc.fits)
		}
	}
}

func TestCheckRewrite(t *testing.T) {
	for sub, ok := range map[string]bool{
		`https://x/\1`: true, `https://x/\0\1`: true, `\\`: true, `https://x/\2`: false, `\x`: false, `a\`: false,
	} {
		if err := checkRewrite(sub, 1); (err == nil) != ok {
			t.Errorf("checkRewrite(%q) = %v, want ok %v", sub, err, ok)
		}
	}
}

// Every netrules rule in the table is either a Chrome refusal or a limit,
// and every rule a finding can cite exists.
func TestChromeRefusals(t *testing.T) {
	for id := range chromeRefusals {
		if _, ok := finding.Lookup(id); !ok {
			t.Errorf("%s is not in the rule table", id)
		}
	}
	limits := 0
	for _, r := range finding.Rules() {
		if strings.HasPrefix(r.ID, "netrules/") && !ChromeRefusal(r.ID) {
			limits++
		}
	}
	if limits == 0 {
		t.Error("no Remixlet limits in the table")
	}
}

// Check never panics on a nil manifest and fails closed: with no sites,
// no redirect has a destination.
func TestNilManifest(t *testing.T) {
	res := Check([]byte(`[{"id": 1, "condition": {"requestDomains": ["x.example"], "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"url": "https://x.example/"}}}]`), nil)
	if !slices.Contains(ruleIDs(res.Findings), "netrules/redirect-destination") {
		t.Errorf("want the redirect refused, got %v", res.Findings)
	}
}

// The shape walk reads only some schema keywords; a schema that starts
// using another one must fail here, not be walked wrongly.
func TestShapeKeywords(t *testing.T) {
	var doc any
	if err := json.Unmarshal(schemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(v any, names bool)
	walk = func(v any, names bool) {
		switch v := v.(type) {
		case map[string]any:
			for k, sub := range v {
				if !names && !shapeKeywords[k] {
					t.Errorf("rules.schema.json uses %q, which the shape walk does not know", k)
				}
				walk(sub, !names && (k == "properties" || k == "$defs"))
			}
		case []any:
			for _, sub := range v {
				walk(sub, false)
			}
		}
	}
	walk(doc, false)
}

// The shape walk agrees with the validator on every case file: it passes
// only what the validator passes.
func TestShapeAgreesWithSchema(t *testing.T) {
	t.Parallel()
	srcs := append([][]byte{generated30k()}, caseRules(t)...)
	passed := 0
	for _, src := range srcs {
		root, err := strictjson.Parse(src, maxDepth)
		if err != nil {
			continue
		}
		valid := len(compiled().Validate(root)) == 0
		if ok := shapeOK(root); ok && !valid {
			t.Errorf("the shape walk passes what the schema refuses:\n%s", src)
		} else if ok {
			passed++
		}
		if valid && !shapeOK(root) {
			t.Logf("the shape walk is unsure of a valid file (the validator decides):\n%.200s", src)
		}
	}
	if passed < 10 {
		t.Errorf("the shape walk passed only %d valid files", passed)
	}
}

// The fast path for plain hosts agrees with site.CanonicalHost (WHATWG
// host parsing) wherever it answers.
func TestPlainHost(t *testing.T) {
	hosts := []string{"example.com", "a-b.example", "-a.example", "a..b", "1.2.3.4", "a.0x10", "a.1e", "xn--bcher-kva.example", "localhost", "a.b.c.d.e.f", strings.Repeat("a", 64) + ".com"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcz09-.x"
	for range 20000 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		hosts = append(hosts, string(b))
	}
	plain := 0
	for _, h := range hosts {
		if !plainHost(h) {
			continue
		}
		plain++
		if canon, err := site.CanonicalHost(h); err != nil || canon != h {
			t.Errorf("plainHost(%q) but CanonicalHost gives %q, %v", h, canon, err)
		}
	}
	if plain < 1000 {
		t.Errorf("only %d plain hosts tried", plain)
	}
}

// aboveLatin1 finds the escapes RE2 refuses in Latin-1 mode and nothing
// else: not \x{FF}, not a Unicode class, not text inside \Q…\E, not an
// escaped backslash followed by x{100}.
func TestAboveLatin1(t *testing.T) {
	for pattern, want := range map[string]string{
		`\x{100}`: `\x{100}`, `a[\x{0}-\x{10FFFF}]`: `\x{10FFFF}`, `\x{0100}`: `\x{0100}`, `\400`: `\400`, `\0400`: "",
		`\777`: `\777`, `\377`: "", `\x{FF}`: "", `\xFF`: "", `\p{Greek}`: "", `\Q\x{100}\E`: "", `\Q\x{100}\E\x{101}`: `\x{101}`,
		`\\x{100}`: "", `\1`: "", `[\x{41}-\x{2028}]`: `\x{2028}`, `\x{}`: "", `\x{zz}`: "", `\Q\x{100}`: "",
	} {
		if got, _ := aboveLatin1(pattern); got != want {
			t.Errorf("aboveLatin1(%q) = %q, want %q", pattern, got, want)
		}
	}
	if got := percentUTF8(0x100); got != "%C4%80" {
		t.Errorf("percentUTF8(U+0100) = %q", got)
	}
}

// spaceInHost: the URL standard refuses these addresses only for a space
// in the host, which Chrome accepts; every other refusal stays Chrome's.
func TestSpaceInHost(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://own exa.com/": true, "https://own%20exa.com/x": true, " https://a b/": true, "HTTPS://u@a%20b:443/": true,
		"https://own^exa.com/": false, "https://own exa^.com/": false, "https://own.example.com/a b": false,
		"https://own.example.com/": false, "not a url": false, "data:a b": false, "https://": false, "https:// /": true,
		"https://own\u00a0exa.com/": true, "https://own%C2%A0exa.com/": true, "https://\u3000own.example.com/": true,
		"https://own\u00a0exa^.com/": false, "https://own%C2exa.com/": false,
	} {
		if got := spaceInHost(raw); got != want {
			t.Errorf("spaceInHost(%q) = %v, want %v", raw, got, want)
		}
	}
}

// A legacy remixlet: a rule that can never match, or that redirects to a
// host with a space, is a Remixlet limit, so a warning and left out; a
// regexFilter above Latin-1 is Chrome's refusal and stays an error.
func TestLegacyNewRefusals(t *testing.T) {
	m := mustManifest(t, "1.0.1", []string{"https://own.example.com/*"})
	rules := `[
  {"id": 1, "condition": {"responseHeaders": [{"header": "x-a"}], "excludedResponseHeaders": [{"header": "X-A"}]}, "action": {"type": "block"}},
  {"id": 2, "condition": {"requestDomains": ["own.example.com"], "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"url": "https://own exa.com/"}}},
  {"id": 3, "condition": {"regexFilter": "\\x{100}"}, "action": {"type": "block"}},
  {"id": 4, "condition": {"urlFilter": "||ads.example.net^"}, "action": {"type": "block"}}
]`
	res := Check([]byte(rules), m)
	got := map[string]finding.Severity{}
	for _, f := range res.Findings {
		got[f.Rule] = f.Severity
	}
	want := map[string]finding.Severity{
		RuleNeverMatches.ID: finding.Warning, RuleRedirectDestination.ID: finding.Warning, RuleRegex.ID: finding.Error,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("severities (-want +got):\n%s\n%v", diff, res.Findings)
	}
	var left []int64
	for _, lo := range res.LeftOut {
		left = append(left, lo.Rule.ID.V)
	}
	if !slices.Equal(left, []int64{1, 2}) {
		t.Errorf("left out %v, want rules 1 and 2", left)
	}
}

// anyByte rewrites \C where RE2 reads it as any byte, and nowhere else.
func TestAnyByte(t *testing.T) {
	for in, want := range map[string]string{
		`a\Cb`: `a(?s:.)b`, `\\C`: `\\C`, `[\C]`: `[\C]`, `[]\C]\C`: `[]\C](?s:.)`, `[^]]\C`: `[^]](?s:.)`,
		`[[:alpha:]\C]`: `[[:alpha:]\C]`, `\Q\C\E\C`: `\Q\C\E(?s:.)`, `x`: `x`, `\Q\C`: `\Q\C`,
	} {
		if got := anyByte(in); got != want {
			t.Errorf("anyByte(%q) = %q, want %q", in, got, want)
		}
	}
	for _, ok := range []string{`\C`, `a\C+b`, `^https://\C*`} {
		if _, err := RegexInstructions(ok, false, false); err != nil {
			t.Errorf("%q: %v, want accepted as Chrome does", ok, err)
		}
	}
	if _, err := RegexInstructions(`[\C]`, false, false); err == nil {
		t.Error(`[\C]: accepted, but RE2 refuses \C in a class`)
	}
}

// TestRedirectHostOneReading: the three redirect forms read the host the
// same way (case, escapes, one trailing dot), and the installed form holds
// the host as checked.
func TestRedirectHostOneReading(t *testing.T) {
	m := mustManifest(t, "1.0.2", []string{"https://own.example.com/*"})
	for _, host := range []string{"own.example.com", "OWN.Example.COM", "own.example.com.", "%6Fwn.example.com", "own.EXAMPLE.com."} {
		forms := map[string]string{
			"url":               `{"url": "https://` + host + `/new"}`,
			"transform":         `{"transform": {"scheme": "https", "host": "` + host + `"}}`,
			"regexSubstitution": `{"regexSubstitution": "https://` + host + `/\\1"}`,
		}
		want := map[string]string{
			"url":               `{"url":"https://own.example.com/new"}`,
			"transform":         `{"transform":{"scheme":"https","host":"own.example.com"}}`,
			"regexSubstitution": `{"regexSubstitution":"https://own.example.com/\\1"}`,
		}
		for form, rd := range forms {
			src := []byte(`[{"id": 1, "condition": {"regexFilter": "^https://own\\.example\\.com/(.*)", "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": ` + rd + `}}]`)
			out, fs, err := Install(src, m, Options{})
			if err != nil || len(fs) != 0 {
				t.Errorf("%s to %q: %v %v", form, host, err, fs)
				continue
			}
			var rules []struct {
				Action struct {
					Redirect json.RawMessage `json:"redirect"`
				} `json:"action"`
			}
			if err := json.Unmarshal(out, &rules); err != nil {
				t.Fatal(err)
			}
			if got := string(rules[0].Action.Redirect); got != want[form] {
				t.Errorf("%s to %q: installed %s, want %s", form, host, got, want[form])
			}
			assertInstalledPasses(t, out, m)
		}
	}
}

// TestInstallExtensionHosts: the hosts the extension itself uses (sign-in
// windows, providers) are excluded from every rule, as request domains and
// as initiators, and a rule that names one is refused where it names it.
func TestInstallExtensionHosts(t *testing.T) {
	every := mustManifest(t, "1.0.2", []string{"<all_urls>"})
	opts := Options{ExtensionID: extID, ExtensionHosts: []string{"auth.provider.example", "api.provider.example"}}
	out, fs, err := Install([]byte(`[{"id": 1, "condition": {"urlFilter": "||ads.example.org^"}, "action": {"type": "block"}}]`), every, opts)
	if err != nil || len(fs) != 0 {
		t.Fatalf("Install: %v %v", err, fs)
	}
	var rules []installedRule
	if err := json.Unmarshal(out, &rules); err != nil {
		t.Fatal(err)
	}
	signIn := extID + ".chromiumapp.org"
	c := rules[0].Condition
	if want := []string{"auth.provider.example", "api.provider.example", signIn}; !slices.Equal(c.ExcludedRequestDomains, want) {
		t.Errorf("excludedRequestDomains = %v, want %v", c.ExcludedRequestDomains, want)
	}
	if want := []string{extID, "auth.provider.example", "api.provider.example", signIn}; !slices.Equal(c.ExcludedInitiatorDomains, want) {
		t.Errorf("excludedInitiatorDomains = %v, want %v", c.ExcludedInitiatorDomains, want)
	}
	assertInstalledPasses(t, out, every)

	some := mustManifest(t, "1.0.2", []string{"https://auth.provider.example/*"})
	for _, tc := range []struct {
		m     *manifest.Manifest
		rules string
		want  string // a finding's text; "" when it installs
	}{
		{every, `[{"id": 1, "condition": {"requestDomains": ["auth.provider.example"], "requestMethods": ["get"], "resourceTypes": ["main_frame"]}, "action": {"type": "redirect", "redirect": {"transform": {"scheme": "https", "queryTransform": {"addOrReplaceParams": [{"key": "redirect_uri", "value": "https://evil.example/"}]}}}}}]`,
			"rules.json:1:45: error netrules/own-requests: rule 1: requestDomains names auth.provider.example, a host the extension itself uses"},
		{every, `[{"id": 2, "condition": {"urlFilter": "||login.api.provider.example^"}, "action": {"type": "block"}}]`,
			"urlFilter names login.api.provider.example, under api.provider.example"},
		{every, `[{"id": 3, "condition": {"initiatorDomains": ["api.provider.example"]}, "action": {"type": "block"}}]`,
			"initiatorDomains names api.provider.example"},
		{every, `[{"id": 4, "condition": {"requestDomains": ["` + signIn + `"]}, "action": {"type": "block"}}]`,
			"requestDomains names " + signIn},
		{some, `[{"id": 5, "condition": {"urlFilter": "/consent"}, "action": {"type": "block"}}]`,
			"the remixlet runs only on hosts the extension itself uses (auth.provider.example)"},
		{some, `[{"id": 6, "condition": {"urlFilter": "/consent", "initiatorDomains": ["auth.provider.example"]}, "action": {"type": "block"}}]`,
			"initiatorDomains names auth.provider.example"},
		{every, `[{"id": 7, "condition": {"requestDomains": ["provider.example"]}, "action": {"type": "block"}}]`, ""},
	} {
		out, fs, err := Install([]byte(tc.rules), tc.m, opts)
		if err != nil {
			t.Errorf("%s: %v", tc.rules, err)
			continue
		}
		if tc.want == "" {
			if len(fs) != 0 || out == nil {
				t.Errorf("%s: %v", tc.rules, fs)
			}
			assertInstalledPasses(t, out, tc.m)
			continue
		}
		if out != nil || len(fs) != 1 || !strings.Contains(fs[0].String(), tc.want) {
			t.Errorf("%s: installed %v, findings %v; want one finding with %q", tc.rules, out != nil, fs, tc.want)
		}
	}
	for _, bad := range []string{"Auth.Provider.example", "auth.provider.example.", "https://auth.provider.example", "*.provider.example"} {
		if _, _, err := Install([]byte(`[{"id": 1, "condition": {}, "action": {"type": "block"}}]`), every, Options{ExtensionID: extID, ExtensionHosts: []string{bad}}); err == nil {
			t.Errorf("extension host %q was accepted", bad)
		}
	}
}
