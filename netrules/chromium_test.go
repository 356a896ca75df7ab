package netrules

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remixlet/remixlet/internal/chromium"
	"github.com/remixlet/remixlet/manifest"
)

// The tests in this file install rules in headless Chromium, as the
// extension does (updateDynamicRules in an unpacked extension's service
// worker), and watch what reaches a witness server that answers every
// host. They are the proof behind the installed form's scope, the
// never-matching forms and the one reading of redirect hosts.

// dnrBrowser is Chromium with one extension that installs rules and acts
// as Remixlet does (sign-in windows, tabs, fetches), and one page.
type dnrBrowser struct {
	t    *testing.T
	b    *chromium.Browser
	w    *chromium.Witness
	id   string // the extension's id
	sw   string // its service worker's session
	page string // a page on https://site.example
}

const dnrWorker = `
self.install = async (rules) => {
  const old = (await chrome.declarativeNetRequest.getDynamicRules()).map(r => r.id);
  try { await chrome.declarativeNetRequest.updateDynamicRules({removeRuleIds: old, addRules: rules}); }
  catch (e) { return "refused: " + e.message; }
  return "installed " + (await chrome.declarativeNetRequest.getDynamicRules()).length;
};
self.signIn = (url) => { chrome.identity.launchWebAuthFlow({url, interactive: true}).catch(() => {}); return "started"; };
self.openTab = (url) => chrome.tabs.create({url}).then(() => "opened");
self.get = (url) => fetch(url).then(r => "status " + r.status, e => "failed");
`

func startDNR(t *testing.T) *dnrBrowser {
	w := chromium.NewWitness(t)
	w.Handle("*", "/page", chromium.Page{ContentType: "text/html", Body: "<!doctype html><title>page</title>"})
	// The sign-in page goes on to its consent step, as a provider's does:
	// a navigation the page itself starts.
	w.Handle("*", "/authorize", chromium.Page{ContentType: "text/html", Body: "<!doctype html><script>location.replace('/consent' + location.search)</script>"})
	w.Handle("*", "/consent", chromium.Page{ContentType: "text/html", Body: "<!doctype html><title>consent</title>"})
	b := chromium.Start(t, append(w.Flags(), "--enable-unsafe-extension-debugging")...)
	dir := t.TempDir()
	ext := `{"manifest_version": 3, "name": "dnr", "version": "1", "permissions": ["declarativeNetRequest", "identity", "tabs"],
	  "host_permissions": ["<all_urls>"], "background": {"service_worker": "sw.js"}}`
	for name, data := range map[string]string{"manifest.json": ext, "sw.js": dnrWorker} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d := &dnrBrowser{t: t, b: b, w: w}
	d.id = b.LoadExtension(t, dir)
	d.sw = b.ServiceWorker(t, d.id, "install")
	d.page = b.OpenPage(t, "https://site.example/page")
	return d
}

// install installs rules (a JSON list) in Chrome and returns Chrome's
// answer ("installed N" or "refused: …").
func (d *dnrBrowser) install(rules []byte) string {
	d.t.Helper()
	v, err := d.b.Evaluate(d.sw, "self.install("+string(rules)+")")
	if err != nil {
		d.t.Fatal(err)
	}
	var s string
	json.Unmarshal(v, &s) //nolint:errcheck // a string, or the test fails below
	return s
}

// installed checks rules.json against the manifest, installs its
// installed form in Chrome and fails the test on any finding.
func (d *dnrBrowser) installed(m *manifest.Manifest, rules string, opts Options) {
	d.t.Helper()
	out, fs, err := Install([]byte(rules), m, opts)
	if err != nil || len(fs) != 0 {
		d.t.Fatalf("Install: %v %v", err, fs)
	}
	if got := d.install(out); !strings.HasPrefix(got, "installed") {
		d.t.Fatalf("Chrome refused the installed form: %s\n%s", got, out)
	}
}

// run does something in the service worker or the page (session) and
// returns the requests that reached the witness for host within wait.
func (d *dnrBrowser) run(session, js, host string, wait time.Duration) []chromium.Request {
	d.t.Helper()
	d.w.Reset()
	if _, err := d.b.Evaluate(session, js); err != nil {
		d.t.Fatal(err)
	}
	time.Sleep(wait)
	var got []chromium.Request
	for _, r := range d.w.Requests() {
		if r.Host == host && !strings.HasPrefix(r.Path, "/favicon") {
			got = append(got, r)
		}
	}
	d.closeOthers()
	return got
}

// closeOthers closes every window but the page (a sign-in window, a tab
// the extension opened): Chrome runs one sign-in flow at a time.
func (d *dnrBrowser) closeOthers() {
	d.t.Helper()
	var r struct {
		TargetInfos []struct {
			TargetID, Type, URL string
		} `json:"targetInfos"`
	}
	d.b.Must(d.t, "Target.getTargets", nil, "", &r)
	for _, ti := range r.TargetInfos {
		if ti.Type == "page" && ti.URL != "https://site.example/page" {
			d.b.Must(d.t, "Target.closeTarget", map[string]string{"targetId": ti.TargetID}, "", nil)
		}
	}
}

func paths(rs []chromium.Request) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Path)
	}
	return out
}

// TestChromiumExtensionRequestsOutOfReach: no rule may act on a request
// Remixlet sends. The extension id excludes what the extension's own
// pages and worker send; a sign-in window (launchWebAuthFlow) and a tab
// the extension opens are reached without it, and the pages there start
// requests of their own. With the extension's hosts passed at install
// (Options.ExtensionHosts), none of it is in reach.
func TestChromiumExtensionRequestsOutOfReach(t *testing.T) {
	t.Parallel()
	d := startDNR(t)
	every := mustManifest(t, "1.0.2", []string{"<all_urls>"})
	const signInURL = "https://auth.provider.example/authorize?redirect_uri=https%3A%2F%2Fapp.example%2Fcb"
	signIn := "self.signIn(" + strconv.Quote(signInURL) + ")"
	openTab := "self.openTab(" + strconv.Quote(signInURL) + ")"
	const wait = 2500 * time.Millisecond

	// A same-site rewrite of the sign-in endpoint's redirect_uri: it passes
	// every check of the rules, and without the extension's hosts it
	// reaches the consent step of the sign-in window.
	rewrite := `[{"id": 1, "condition": {"requestDomains": ["auth.provider.example"], "requestMethods": ["get"], "resourceTypes": ["main_frame", "sub_frame"]},
	  "action": {"type": "redirect", "redirect": {"transform": {"scheme": "https", "queryTransform": {"addOrReplaceParams": [{"key": "redirect_uri", "value": "https://evil.example/steal"}]}}}}}]`
	d.installed(every, rewrite, Options{ExtensionID: d.id})
	got := paths(d.run(d.sw, signIn, "auth.provider.example", wait))
	if !slicesContainPrefix(got, "/consent?redirect_uri=https%3A%2F%2Fevil.example%2Fsteal") {
		t.Errorf("without the extension's hosts the sign-in window should be in reach (the hole this closes); the witness saw %v", got)
	}
	if _, fs, _ := Install([]byte(rewrite), every, Options{ExtensionID: d.id, ExtensionHosts: []string{"auth.provider.example"}}); len(fs) != 1 || fs[0].Rule != RuleOwnRequests.ID {
		t.Errorf("with the provider as an extension host the rule must be refused: %v", fs)
	}

	// A rule that names no host reaches the same requests; the installed
	// form with the extension's hosts keeps it off them.
	block := `[{"id": 2, "condition": {"regexFilter": "/(authorize|consent)", "resourceTypes": ["main_frame", "sub_frame"]}, "action": {"type": "block"}}]`
	d.installed(every, block, Options{ExtensionID: d.id})
	// Chromium 156 lets the window's first request through (the extension
	// starts it) and blocks the consent step the page then starts;
	// Chromium 148 (Debian 12's security release) blocks both. Either way
	// the rule reaches the window.
	if got := paths(d.run(d.sw, signIn, "auth.provider.example", wait)); len(got) > 1 || len(got) == 1 && !strings.HasPrefix(got[0], "/authorize") {
		t.Errorf("the sign-in window's consent step should be blocked without the extension's hosts; the witness saw %v", got)
	}
	if got := paths(d.run(d.sw, openTab, "auth.provider.example", wait)); len(got) != 0 {
		t.Errorf("a tab the extension opens should be blocked without the extension's hosts (it carries no initiator); the witness saw %v", got)
	}
	d.installed(every, block, Options{ExtensionID: d.id, ExtensionHosts: []string{"auth.provider.example"}})
	for name, js := range map[string]string{"sign-in window": signIn, "tab": openTab} {
		if got := paths(d.run(d.sw, js, "auth.provider.example", wait)); !slicesContainPrefix(got, "/authorize") || !slicesContainPrefix(got, "/consent") {
			t.Errorf("%s: with the extension's hosts no rule may act on it; the witness saw %v", name, got)
		}
	}
	// The rule still acts on pages: an iframe of the page is blocked.
	frame := `(() => { const f = document.createElement("iframe"); f.src = "https://other.example/authorize"; document.body.append(f); return 1; })()`
	if got := d.run(d.page, frame, "other.example", wait); len(got) != 0 {
		t.Errorf("the rule should still block a page's frame; the witness saw %v", got)
	}

	// A remixlet on the provider's own site reaches the sign-in window's
	// consent step through its pages' requests; with the extension's hosts
	// its rules are refused, since they could act on nothing else.
	provider := mustManifest(t, "1.0.2", []string{"https://auth.provider.example/*"})
	consent := `[{"id": 3, "condition": {"urlFilter": "/consent", "resourceTypes": ["main_frame", "sub_frame"]}, "action": {"type": "block"}}]`
	d.installed(provider, consent, Options{ExtensionID: d.id})
	if got := paths(d.run(d.sw, signIn, "auth.provider.example", wait)); slicesContainPrefix(got, "/consent") || !slicesContainPrefix(got, "/authorize") {
		t.Errorf("a remixlet on the provider's site should reach the consent step (and not the window's first request, which has no initiator); the witness saw %v", got)
	}
	if _, fs, _ := Install([]byte(consent), provider, Options{ExtensionID: d.id, ExtensionHosts: []string{"auth.provider.example"}}); len(fs) != 1 || fs[0].Rule != RuleOwnRequests.ID {
		t.Errorf("a remixlet that runs only on extension hosts must have its rules refused: %v", fs)
	}

	// The worker's own fetch carries the extension's initiator, which
	// every rule excludes; the page's fetch to the same host is blocked.
	api := `[{"id": 4, "condition": {"requestDomains": ["api.provider.example"]}, "action": {"type": "block"}}]`
	d.installed(every, api, Options{ExtensionID: d.id})
	if got := d.run(d.sw, `self.get("https://api.provider.example/v1")`, "api.provider.example", time.Second); len(got) != 1 {
		t.Errorf("the extension's own fetch must not be blocked; the witness saw %v", got)
	}
	if got := d.run(d.page, `fetch("https://api.provider.example/v1", {mode: "no-cors"}).then(() => 1, () => 0)`, "api.provider.example", time.Second); len(got) != 0 {
		t.Errorf("the page's fetch should be blocked; the witness saw %v", got)
	}
}

func slicesContainPrefix(xs []string, prefix string) bool {
	for _, x := range xs {
		if strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

// TestChromiumNeverMatchingForms: Chrome installs each never-matching form
// netrules refuses (so the refusal is a limit of ours, never in Chrome's
// words), and acts on requests as the findings say.
func TestChromiumNeverMatchingForms(t *testing.T) {
	t.Parallel()
	d := startDNR(t)
	m := mustManifest(t, "1.0.2", []string{"https://site.example/*"})
	allMethods := `["connect", "delete", "get", "head", "options", "patch", "post", "put", "other"]`
	label64 := strings.Repeat("a", 64)
	long := strings.Repeat(strings.Repeat("b", 60)+".", 5) + "example"
	fetches := func(urls ...string) string {
		q, _ := json.Marshal(urls)
		return `Promise.all(` + string(q) + `.map(u => fetch(u, {mode: "no-cors"}).then(() => 1, () => 0)))`
	}
	socket := `new Promise(r => { const s = new WebSocket("wss://ws.example/socket"); s.onerror = () => r(0); s.onopen = () => r(1); setTimeout(() => r(0), 2000); })`
	for _, tc := range []struct {
		name, condition string
		rule            string // the finding netrules reports
		js, host        string
		reached         int // requests to host that reach the witness
	}{
		// Requests leave the browser (a test's resolver answers every
		// name) and the rule acts on them; outside a test DNS has no such
		// name, so no request to them reaches a server.
		{"empty label", `{"requestDomains": ["a..example"]}`, RuleDomainHost.ID, fetches("https://a..example/1"), "a..example", 0},
		{"64-character label", `{"requestDomains": ["` + label64 + `.example"]}`, RuleDomainHost.ID, fetches("https://" + label64 + ".example/1"), label64 + ".example", 0},
		{"label starting with '-'", `{"requestDomains": ["-a.com"]}`, RuleDomainHost.ID, fetches("https://-a.com/1"), "-a.com", 0},
		{"name over 253 characters", `{"requestDomains": ["` + long + `"]}`, RuleDomainHost.ID, "1", "", 0},
		// A leading dot: subdomains only.
		{"leading dot, the host itself", `{"requestDomains": [".x.example"]}`, RuleDomainHost.ID, fetches("https://x.example/1"), "x.example", 1},
		{"leading dot, a subdomain", `{"requestDomains": [".x.example"]}`, RuleDomainHost.ID, fetches("https://a.x.example/1"), "a.x.example", 0},
		// The exclusion wins.
		{"requestDomains excluded again", `{"requestDomains": ["x.example"], "excludedRequestDomains": ["x.example"]}`, RuleNeverMatches.ID, fetches("https://x.example/1"), "x.example", 1},
		{"initiatorDomains excluded again", `{"requestDomains": ["x.example"], "initiatorDomains": ["site.example"], "excludedInitiatorDomains": ["site.example"]}`, RuleNeverMatches.ID, fetches("https://x.example/1"), "x.example", 1},
		// Every method excluded: WebSocket connections only.
		{"every method excluded, fetch", `{"urlFilter": "||ws.example^", "excludedRequestMethods": ` + allMethods + `}`, RuleWebSocketOnly.ID, fetches("https://ws.example/1"), "ws.example", 1},
		{"every method excluded, WebSocket", `{"urlFilter": "||ws.example^", "excludedRequestMethods": ` + allMethods + `}`, RuleWebSocketOnly.ID, socket, "ws.example", 0},
		{"every method excluded, images only", `{"urlFilter": "||ws.example^", "resourceTypes": ["image"], "excludedRequestMethods": ` + allMethods + `}`, RuleNeverMatches.ID, socket, "ws.example", 1},
		{"no rule, WebSocket (the control)", "", "", socket, "ws.example", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules := "[]"
			if tc.condition != "" {
				rules = `[{"id": 1, "condition": ` + tc.condition + `, "action": {"type": "block"}}]`
				res := Check([]byte(rules), m)
				if len(res.Findings) != 1 || res.Findings[0].Rule != tc.rule {
					t.Errorf("netrules: %v, want one %s", res.Findings, tc.rule)
				}
			}
			if got := d.install([]byte(rules)); !strings.HasPrefix(got, "installed") {
				t.Fatalf("Chrome refuses the rule: %s", got)
			}
			if tc.host == "" {
				return
			}
			if got := d.run(d.page, tc.js, tc.host, 300*time.Millisecond); len(got) != tc.reached {
				t.Errorf("%d requests to %s reached the witness, want %d", len(got), tc.host, tc.reached)
			}
		})
	}
}

// TestChromiumRedirectHostReading: where Chrome sends each redirect form,
// for the host spellings netrules reads as own.example.com (and the two
// trailing dots it does not), is where netrules says it lands. Chrome's
// own record of the redirected request (DevTools' requestWillBeSent) is
// the witness here: the witness server cannot take a TLS name with a
// trailing dot.
func TestChromiumRedirectHostReading(t *testing.T) {
	t.Parallel()
	d := startDNR(t)
	m := mustManifest(t, "1.0.2", []string{"https://own.example.com/*", "https://site.example/*"})
	var mu sync.Mutex
	var sent []string
	d.b.OnEvent(func(e chromium.Event) {
		if e.Method != "Network.requestWillBeSent" || e.SessionID != d.page {
			return
		}
		var p struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		if json.Unmarshal(e.Params, &p) == nil {
			mu.Lock()
			sent = append(sent, p.Request.URL)
			mu.Unlock()
		}
	})
	d.b.Must(t, "Network.enable", nil, d.page, nil)
	for _, tc := range []struct {
		host    string // as written in the rule
		landing string // the host Chrome sends the request to
		allowed bool
	}{
		{"OWN.Example.COM", "own.example.com", true},
		{"own.example.com.", "own.example.com.", true},
		{"%6Fwn.example.com", "own.example.com", true},
		{"own.example.com..", "own.example.com..", false},
		// A space however written: Chrome keeps it as %20; no site has it.
		{"own\u00a0example.com", "own%20example.com", false},
		{"own%C2%A0example.com", "own%20example.com", false},
	} {
		for form, rd := range map[string]string{
			"url":               `{"url": "https://` + tc.host + `/new"}`,
			"transform":         `{"transform": {"scheme": "https", "host": "` + tc.host + `", "path": "/new"}}`,
			"regexSubstitution": `{"regexSubstitution": "https://` + tc.host + `/new"}`,
		} {
			rules := `[{"id": 1, "condition": {"regexFilter": "^https://own\\.example\\.com/old", "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": ` + rd + `}}]`
			if res := Check([]byte(rules), m); res.Refused() == tc.allowed {
				t.Errorf("%s to %q: netrules refused %v, want %v: %v", form, tc.host, res.Refused(), !tc.allowed, res.Findings)
			}
			if got := d.install([]byte(rules)); !strings.HasPrefix(got, "installed") {
				t.Fatalf("%s to %q: Chrome refuses the rule: %s", form, tc.host, got)
			}
			mu.Lock()
			sent = nil
			mu.Unlock()
			if _, err := d.b.Evaluate(d.page, `fetch("https://own.example.com/old", {mode: "no-cors"}).then(() => 1, () => 0)`); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond)
			mu.Lock()
			var landed []string
			for _, u := range sent {
				if rest, ok := strings.CutPrefix(u, "https://"); ok && strings.HasSuffix(rest, "/new") {
					landed = append(landed, strings.TrimSuffix(rest, "/new"))
				}
			}
			mu.Unlock()
			if len(landed) != 1 || landed[0] != tc.landing {
				t.Errorf("%s to %q: Chrome sent the request to %v, want %s", form, tc.host, landed, tc.landing)
			}
		}
	}
}
