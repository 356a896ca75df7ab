package netrules

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The words a person reads before approving rules: each kind of rule and
// condition, scoped as installed.
func TestWords(t *testing.T) {
	m := mustManifest(t, "1.0.2", []string{"https://own.example.com/*", "https://*.shop.example.org/*"})
	src := []byte(`[
  {"id": 1, "priority": 2, "condition": {"urlFilter": "||tracker.example.net^", "resourceTypes": ["script", "image"]}, "action": {"type": "block"}},
  {"id": 2, "condition": {"requestDomains": ["ads.example.net", "XN--BCHER-KVA.example"], "excludedResourceTypes": ["main_frame"]}, "action": {"type": "block"}},
  {"id": 3, "condition": {"regexFilter": "^https?://ads\\.example\\.net/", "domainType": "thirdParty"}, "action": {"type": "block"}},
  {"id": 4, "condition": {"urlFilter": "|https://own.example.com/old/", "requestMethods": ["get"], "resourceTypes": ["main_frame"]}, "action": {"type": "redirect", "redirect": {"url": "https://own.example.com/new/"}}},
  {"id": 5, "condition": {"requestDomains": ["own.example.com"], "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"transform": {"scheme": "https", "queryTransform": {"removeParams": ["utm_source", "utm_medium"], "addOrReplaceParams": [{"key": "view", "value": "plain", "replaceOnly": true}]}}}}},
  {"id": 6, "condition": {"urlFilter": "||own.example.com/m/", "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"transform": {"scheme": "https", "host": "deals.shop.example.org", "path": "/"}}}},
  {"id": 7, "condition": {"regexFilter": "^https?://own\\.example\\.com/item/([0-9]+)", "requestMethods": ["get"]}, "action": {"type": "redirect", "redirect": {"regexSubstitution": "https://own.example.com/products/\\1"}}},
  {"id": 8, "condition": {"requestDomains": ["own.example.com"]}, "action": {"type": "modifyHeaders", "requestHeaders": [{"header": "X-Reader-Mode", "operation": "set", "value": "1"}, {"header": "Referer", "operation": "remove"}]}},
  {"id": 9, "condition": {"requestDomains": ["own.example.com"]}, "action": {"type": "upgradeScheme"}},
  {"id": 10, "condition": {"urlFilter": "||ads.example.net^", "initiatorDomains": ["own.example.com"], "responseHeaders": [{"header": "content-type", "values": ["video/*"]}]}, "action": {"type": "block"}}
]`)
	res := Check(src, m)
	if res.Refused() {
		t.Fatalf("refused: %v", res.Findings)
	}
	on := ", made by pages on own.example.com or shop.example.org (and subdomains)"
	want := []RuleWords{
		{1, "Blocks requests for scripts or images to tracker.example.net (and subdomains)" + on + ", at priority 2"},
		{2, "Blocks requests (except pages) to ads.example.net or xn--bcher-kva.example (and subdomains)" + on},
		{3, `Blocks requests whose address matches the regular expression /^https?://ads\.example\.net//, to sites other than the page's` + on},
		{4, "Redirects GET requests for pages whose address starts with https://own.example.com/old/ to https://own.example.com/new/" + on},
		{5, `Redirects GET requests to own.example.com (and subdomains) to the same address on https, without the query parameters utm_source and utm_medium and with view replaced by "plain" where present` + on},
		{6, `Redirects GET requests to own.example.com (and subdomains) whose path starts with /m/ to the same address on https, with the host deals.shop.example.org and with the path "/"` + on},
		{7, `Redirects GET requests whose address matches the regular expression /^https?://own\.example\.com/item/([0-9]+)/ to https://own.example.com/products/\1 (each \N there is what the regular expression's group N matched)` + on},
		{8, `Changes the headers of requests to own.example.com (and subdomains)` + on + `: sets the request header x-reader-mode to "1" and removes the request header referer`},
		{9, "Upgrades requests to own.example.com (and subdomains) to https" + on},
		{10, `Blocks requests to ads.example.net (and subdomains), made by pages on own.example.com (and subdomains), when the response has the header content-type with a value like "video/*"`},
	}
	if diff := cmp.Diff(want, res.Words(m)); diff != "" {
		t.Errorf("words (-want +got):\n%s", diff)
	}
}

// A remixlet that runs on every site: rules act on every page's requests,
// and the words say so; the extension's own id is not a page.
func TestWordsEverySite(t *testing.T) {
	m := mustManifest(t, "1.0.2", []string{"<all_urls>"})
	src := []byte(`[{"id": 1, "condition": {"urlFilter": "||ads.example.net^"}, "action": {"type": "block"}}]`)
	res := Check(src, m)
	want := []RuleWords{{1, "Blocks requests to ads.example.net (and subdomains), made by any page"}}
	if diff := cmp.Diff(want, res.Words(m)); diff != "" {
		t.Errorf("words (-want +got):\n%s", diff)
	}
}

// Refused rules have no words, and neither do a legacy remixlet's left-out
// rules: they are not installed.
func TestWordsOnlyInstalled(t *testing.T) {
	m := mustManifest(t, "1.0.1", []string{"https://own.example.com/*"})
	src := []byte(`[
  {"id": 1, "condition": {"urlFilter": "||ads.example.net^"}, "action": {"type": "block"}},
  {"id": 2, "condition": {"urlFilter": "||own.example.com^"}, "action": {"type": "redirect", "redirect": {"url": "https://evil.example/"}}}
]`)
	got := Check(src, m).Words(m)
	if len(got) != 1 || got[0].ID != 1 {
		t.Errorf("want only rule 1 described, got %v", got)
	}
	m2 := mustManifest(t, "1.0.2", []string{"https://own.example.com/*"})
	if got := Check(src, m2).Words(m2); got != nil {
		t.Errorf("refused rules described: %v", got)
	}
}
