package site

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustPattern(t testing.TB, s string) Pattern {
	t.Helper()
	p, err := ParsePattern(s)
	if err != nil {
		t.Fatalf("ParsePattern(%q): %v", s, err)
	}
	return p
}

func TestCoversExamples(t *testing.T) {
	for _, tc := range []struct {
		running []string
		p       string
		covered bool
	}{
		// The examples.
		{[]string{"https://news.example.com/*"}, "https://*.example.com/*", false},
		{[]string{"https://news.example.com/*"}, "https://news.example.com/sports/*", true},
		{[]string{"https://news.example.com/*"}, "*://news.example.com/*", false},
		{[]string{"https://*.example.com/*"}, "https://news.example.com/*", true},
		// Every site.
		{[]string{"https://news.example.com/*"}, "<all_urls>", false},
		{[]string{"*://*/*"}, "https://news.example.com/*", true},
		{[]string{"<all_urls>"}, "*://*/*", true},
		{[]string{"*://*/*"}, "<all_urls>", false}, // <all_urls> reaches ftp and file too
		{[]string{"https://*.com/*"}, "https://*/*", false},
		// A union by scheme covers.
		{[]string{"http://example.com/*", "https://example.com/*"}, "*://example.com/*", true},
		{[]string{"http://example.com/*", "https://example.com/a/*"}, "*://example.com/*", false},
		// Subdomains.
		{[]string{"https://example.com/*"}, "https://*.example.com/*", false},
		{[]string{"https://*.example.com/*"}, "https://*.news.example.com/*", true},
		{[]string{"https://*.news.example.com/*"}, "https://*.example.com/*", false},
		{[]string{"https://*.example.com/*"}, "https://example.com/*", true},
		{[]string{"https://*.example.com/*"}, "https://badexample.com/*", false},
		// Ports.
		{[]string{"https://example.com/*"}, "https://example.com:8443/*", true},
		{[]string{"https://example.com:8443/*"}, "https://example.com/*", false},
		{[]string{"https://example.com:443/*"}, "https://example.com:443/*", true},
		// Paths.
		{[]string{"https://example.com/a/*"}, "https://example.com/a", true}, // "/a/*" matches "/a"
		{[]string{"https://example.com/a/*"}, "https://example.com/a/b/*", true},
		{[]string{"https://example.com/a*"}, "https://example.com/a/*", true},
		{[]string{"https://example.com/a*/*"}, "https://example.com/a/*", false},  // misses "/a"
		{[]string{"https://example.com/a*/*"}, "https://example.com/ab/*", false}, // misses "/ab"
		{[]string{"https://example.com/a/b/*"}, "https://example.com/a/*", false},
		{[]string{"https://example.com/*.html"}, "https://example.com/x/*.html", true},
		{[]string{"https://example.com/*a*"}, "https://example.com/b*", false},
		{[]string{"https://example.com/*?*"}, "https://example.com/search?q=*", true},
		{[]string{"https://example.com/search"}, "https://example.com/search?*", false},
		// IP addresses.
		{[]string{"https://*/*"}, "https://[::1]/*", true},
		{[]string{"https://127.0.0.1/*"}, "https://127.0.0.1/x", true},
		{[]string{"https://127.0.0.1/*"}, "https://[::1]/x", false},
	} {
		var running []Pattern
		for _, r := range tc.running {
			running = append(running, mustPattern(t, r))
		}
		p := mustPattern(t, tc.p)
		covered, example := Covers(running, p)
		if covered != tc.covered {
			t.Errorf("Covers(%q, %q) = %v, want %v", tc.running, tc.p, covered, tc.covered)
			continue
		}
		if !covered {
			if example == "" || !p.MatchesURL(example) || !matchesNone(running, example) {
				t.Errorf("Covers(%q, %q): example %q is not a URL the new pattern matches and the running ones do not", tc.running, tc.p, example)
			}
		}
	}
}

// The property tests compare Covers with brute force: MatchesURL over
// generated URLs.

var (
	genSchemes = []string{"http", "https", "*"}
	genHosts   = []string{"*", "example.com", "*.example.com", "news.example.com", "*.news.example.com", "a.news.example.com", "example.org", "*.org", "127.0.0.1", "[::1]", "xn--bcher-kva.example"}
	genPorts   = []string{"", ":*", ":80", ":443", ":8080"}
	urlSchemes = []string{"http", "https", "ftp"}
	urlHosts   = []string{"example.com", "news.example.com", "a.news.example.com", "b.a.news.example.com", "www.example.com", "badexample.com", "example.org", "w.example.org", "example.net", "127.0.0.1", "[::1]", "xn--bcher-kva.example"}
	urlPorts   = []string{"", ":80", ":443", ":8080", ":8081"}
)

const pathAlphabet = "/ab?x="

func genPath(rng *rand.Rand, star bool) string {
	var b strings.Builder
	b.WriteByte('/')
	for range rng.IntN(6) {
		if star && rng.IntN(4) == 0 {
			b.WriteByte('*')
			continue
		}
		b.WriteByte(pathAlphabet[rng.IntN(len(pathAlphabet))])
	}
	return b.String()
}

func genPattern(rng *rand.Rand) (Pattern, bool) {
	if rng.IntN(25) == 0 {
		p, err := ParsePattern("<all_urls>")
		return p, err == nil
	}
	s := genSchemes[rng.IntN(len(genSchemes))] + "://" + genHosts[rng.IntN(len(genHosts))] + genPorts[rng.IntN(len(genPorts))] + genPath(rng, true)
	p, err := ParsePattern(s)
	return p, err == nil
}

func genURLs(rng *rand.Rand, n int) []string {
	urls := make([]string, 0, n)
	for range n {
		urls = append(urls, urlSchemes[rng.IntN(len(urlSchemes))]+"://"+urlHosts[rng.IntN(len(urlHosts))]+urlPorts[rng.IntN(len(urlPorts))]+genPath(rng, false))
	}
	return urls
}

func genPatterns(rng *rand.Rand, n int) []Pattern {
	var ps []Pattern
	for len(ps) < n {
		if p, ok := genPattern(rng); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// For one running pattern Covers is exact: when it says covered, no URL
// the new pattern matches escapes the running one; when it says not
// covered, its example is a URL that proves it.
func TestCoversAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	urls := genURLs(rng, 1200)
	pairs := 1500
	if testing.Short() {
		pairs = 500
	}
	coveredCount := 0
	for range pairs {
		ps := genPatterns(rng, 2)
		q, p := ps[0], ps[1]
		covered, example := Covers([]Pattern{q}, p)
		if covered {
			coveredCount++
			for _, u := range urls {
				if p.MatchesURL(u) && !q.MatchesURL(u) {
					t.Fatalf("Covers(%s, %s) = true, but %s matches only the new pattern", q, p, u)
				}
			}
			continue
		}
		if example == "" || !p.MatchesURL(example) || q.MatchesURL(example) {
			t.Fatalf("Covers(%s, %s) = false with example %q, which does not show it", q, p, example)
		}
	}
	// The generator must exercise both answers.
	if coveredCount < pairs/20 || coveredCount > pairs-pairs/20 {
		t.Fatalf("%d of %d pairs covered: the generator is lopsided", coveredCount, pairs)
	}
}

// For several running patterns Covers is sound: it never says covered when
// a URL escapes, and any example it gives is real.
func TestCoversUnionIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	urls := genURLs(rng, 1000)
	sets := 1000
	if testing.Short() {
		sets = 300
	}
	for range sets {
		running := genPatterns(rng, 1+rng.IntN(3))
		p := genPatterns(rng, 1)[0]
		covered, example := Covers(running, p)
		if covered {
			for _, u := range urls {
				if p.MatchesURL(u) && matchesNone(running, u) {
					t.Fatalf("Covers(%v, %s) = true, but %s matches only the new pattern", running, p, u)
				}
			}
			continue
		}
		if example != "" && (!p.MatchesURL(example) || !matchesNone(running, example)) {
			t.Fatalf("Covers(%v, %s): example %q does not show it", running, p, example)
		}
	}
}

// Every pattern contains itself, and containment is transitive.
func TestContainsOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for range 2000 {
		ps := genPatterns(rng, 3)
		a, b, c := ps[0], ps[1], ps[2]
		if !a.Contains(a) {
			t.Fatalf("%s does not contain itself", a)
		}
		if a.Contains(b) && b.Contains(c) && !a.Contains(c) {
			t.Fatalf("%s ⊇ %s ⊇ %s but not %s ⊇ %s", a, b, c, a, c)
		}
	}
}

func (p Pattern) GoString() string { return fmt.Sprintf("Pattern(%q)", p.String()) }
