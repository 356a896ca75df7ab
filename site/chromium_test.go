package site

import (
	"bufio"
	"context"
	"encoding/json"
	"html"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/remixlet/remixlet/internal/chromium"
)

// The strongest other reading is Chrome's own: the same corpus, parsed by
// the URL constructor of a page in headless Chromium (Blink's URL is
// GURL, the parser whose host canonicaliser Parse reproduces).

// chromiumBinary finds Chromium; without it the test fails, unless
// REMIXLET_SKIP_BROWSER=1 says to skip (.ci/run installs it).
func chromiumBinary(t testing.TB) string {
	t.Helper()
	if os.Getenv("REMIXLET_SKIP_BROWSER") == "1" {
		t.Skip("REMIXLET_SKIP_BROWSER=1: the differential test against Chromium is skipped")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("Chromium is needed for the differential test (apt-get install chromium, or set REMIXLET_SKIP_BROWSER=1 to skip)")
	return ""
}

var chromiumPre = regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`)

// chromiumReadAll reads every input with the URL constructor of a page in
// headless Chromium.
func chromiumReadAll(t testing.TB, inputs []addressInput) []reading {
	t.Helper()
	bin := chromiumBinary(t)
	dir := t.TempDir()
	data, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
const items = ` + strings.ReplaceAll(string(data), "</", `<\/`) + `;
document.getElementById("out").textContent = items.map(({input, base}) => {
  try {
    const u = base == null ? new URL(input) : new URL(input, base);
    return JSON.stringify({href: u.href, protocol: u.protocol, username: u.username, password: u.password,
      host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash});
  } catch (e) {
    return JSON.stringify({failure: true});
  }
}).join("\n");
</script>`
	pagePath := filepath.Join(dir, "read.html")
	if err := os.WriteFile(pagePath, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--dump-dom", "file://"+pagePath)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("Chromium could not read the page: %v", err)
	}
	m := chromiumPre.FindSubmatch(out)
	if m == nil {
		t.Fatalf("Chromium's page has no answers: %.500s", out)
	}
	var readings []reading
	sc := bufio.NewScanner(strings.NewReader(html.UnescapeString(string(m[1]))))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r reading
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("Chromium's answer %q: %v", sc.Text(), err)
		}
		readings = append(readings, r)
	}
	if len(readings) != len(inputs) {
		t.Fatalf("Chromium answered %d of %d inputs", len(readings), len(inputs))
	}
	return readings
}

// differentialCorpus is the corpus both differential tests read.
func differentialCorpus(t testing.TB) []addressInput {
	var inputs []addressInput
	for _, s := range generatedAddresses(rand.New(rand.NewPCG(1, 2)), 20000) {
		inputs = append(inputs, addressInput{Input: s})
	}
	for _, h := range generatedHosts(rand.New(rand.NewPCG(3, 4)), 5000) {
		inputs = append(inputs, addressInput{Input: "https://" + h + "/"}, addressInput{Input: "sc://" + h + "/"})
	}
	for _, c := range loadWPT(t) {
		inputs = append(inputs, addressInput{Input: c.Input, Base: c.Base})
	}
	for _, c := range append(append([]matchCase{}, chromiumMatchCases...), matchCases...) {
		inputs = append(inputs, addressInput{Input: c.url})
	}
	valid := inputs[:0]
	for _, in := range inputs {
		if utf8.ValidString(in.Input) { // a browser reads text, not bytes
			valid = append(valid, in)
		}
	}
	return valid
}

// TestParseAgreesWithChromium: Parse and Chromium read the web addresses
// of the corpus alike (those whose scheme, as a browser reads it, is http
// or https: the only ones the address rule lets through), up to the
// documented differences. For other schemes Chrome departs from the URL
// Standard in ways no check depends on (it registers filesystem: and
// chrome-extension: as hierarchical schemes, escapes ' in every query), and
// Parse follows the standard.
func TestParseAgreesWithChromium(t *testing.T) {
	var inputs []addressInput
	for _, in := range differentialCorpus(t) {
		s := strings.ToLower(Clean(in.Input))
		if in.Base == nil && (strings.HasPrefix(s, "http:") || strings.HasPrefix(s, "https:")) {
			inputs = append(inputs, in)
		}
	}
	differential(t, "chromium", inputs, chromiumReadAll(t, inputs))
}

// TestSpaceHostPatternsInChromium witnesses what TestSpaceHostIsOurLimit
// relies on: Chromium accepts a content-script pattern whose host holds a
// character IDNA maps to a space (at the start, the end, after "*.",
// before a port, or escaped), and the host permission it grants covers no
// web host: not the host without the space, not its subdomains.
func TestSpaceHostPatternsInChromium(t *testing.T) {
	b := chromium.Start(t, "--enable-unsafe-extension-debugging")
	for i, c := range []struct {
		pattern, probe string
		covers         bool
	}{
		{"https://example.com/*", "https://example.com/*", true}, // the control: a probe Chrome covers
		{"https://\u00a0example.com/*", "https://example.com/*", false},
		{"https://example.com\u2002/*", "https://example.com/*", false},
		{"https://*.\u205fexample.com/*", "https://a.example.com/*", false},
		{"https://exa\u3000mple.com/*", "https://example.com/*", false},
		{"https://example.com\u00a0:8080/*", "https://example.com:8080/*", false},
		{"https://%C2%A0example.com/*", "https://example.com/*", false},
	} {
		if _, err := ParsePattern(c.pattern); (err == nil) != c.covers {
			t.Errorf("ParsePattern(%q): %v", c.pattern, err)
		}
		dir := filepath.Join(t.TempDir(), strconv.Itoa(i))
		manifest, _ := json.Marshal(map[string]any{
			"manifest_version": 3, "name": "pattern", "version": "1",
			"content_scripts":  []any{map[string]any{"matches": []string{c.pattern}, "js": []string{"c.js"}}},
			"host_permissions": []string{c.pattern}, "background": map[string]string{"service_worker": "sw.js"},
		})
		for name, data := range map[string]string{"manifest.json": string(manifest), "c.js": "", "sw.js": "self.covers = (o) => chrome.permissions.contains({origins: [o]});"} {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		id := b.LoadExtension(t, dir) // fails the test if Chrome refuses the pattern
		sw := b.ServiceWorker(t, id, "covers")
		v, err := b.Evaluate(sw, "self.covers("+strconv.Quote(c.probe)+")")
		if err != nil || string(v) != strconv.FormatBool(c.covers) {
			t.Errorf("%q: Chrome's host permission covers %s: %s %v, want %v", c.pattern, c.probe, v, err, c.covers)
		}
	}
}
