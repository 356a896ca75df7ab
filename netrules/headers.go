package netrules

import (
	"strings"

	"github.com/remixlet/remixlet/internal/wordset"
)

// SecurityHeader is one entry of the headers no remixlet rule may change,
// request or response. Names compare case-insensitively; a Family entry
// covers every header whose name starts with Name.
type SecurityHeader struct {
	Name      string
	Family    bool   // Name is a prefix: "sec-" covers sec-fetch-site, …
	RemoveOK  bool   // removing the header is allowed (it only withholds)
	Why       string // what the header protects
	AppliesTo string // "request", "response" or "both", for docs/netrules.md
}

// SecurityHeaders is the list docs/netrules.md prints, grouped by what the
// headers protect; each entry says why it is here. It was last reviewed
// against Chromium 156's security-relevant request and response headers;
// docs/netrules.md lists what the review left off, and why.
var SecurityHeaders = []SecurityHeader{
	// What the page may load and run.
	{Name: "content-security-policy", Family: true, AppliesTo: "response", Why: "the page's content security policy, and its report-only form: what the page may load and run"},
	{Name: "x-content-security-policy", Family: true, AppliesTo: "response", Why: "the legacy (pre-standard) name of the content security policy"},
	{Name: "x-webkit-csp", Family: true, AppliesTo: "response", Why: "the legacy WebKit name of the content security policy"},
	{Name: "integrity-policy", Family: true, AppliesTo: "response", Why: "Integrity-Policy and its report-only form: the page requires integrity hashes on its scripts, so removing it lets a script without one run"},
	{Name: "allow-csp-from", AppliesTo: "response", Why: "which embedders may impose a content security policy on the page: a forged one lets an embedder switch off chosen scripts of the page"},
	{Name: "x-content-type-options", AppliesTo: "response", Why: "nosniff: stops a response being run as another type"},
	{Name: "content-type", AppliesTo: "both", Why: "what a response is (a changed type can turn data into script or HTML) and what a request body is (CORS preflight decisions)"},
	{Name: "content-disposition", AppliesTo: "response", Why: "whether a response is shown or downloaded, and under which file name"},
	{Name: "origin-trial", AppliesTo: "response", Why: "turns on experimental browser features for the page, with a token"},
	// Cookies, credentials and sign-in.
	{Name: "set-cookie", Family: true, AppliesTo: "response", Why: "sets the user's cookies (set-cookie2 too): sessions and sign-in"},
	{Name: "cookie", AppliesTo: "request", Why: "carries the user's cookies: sessions and sign-in"},
	{Name: "authorization", AppliesTo: "request", Why: "the user's credentials for the site"},
	{Name: "proxy-authorization", AppliesTo: "request", Why: "the user's credentials for a proxy"},
	{Name: "www-authenticate", AppliesTo: "response", Why: "asks for the user's credentials; a changed challenge can phish them"},
	{Name: "proxy-authenticate", AppliesTo: "response", Why: "asks for the user's proxy credentials"},
	{Name: "activate-storage-access", AppliesTo: "response", Why: "switches on a granted storage-access permission: the site's unpartitioned cookies then go with its requests from other sites' pages"},
	{Name: "set-login", AppliesTo: "response", Why: "an identity provider's sign-in status, which the browser keeps for federated sign-in (FedCM)"},
	{Name: "clear-site-data", AppliesTo: "response", Why: "the site's sign-out: clears cookies and storage"},
	// Isolation from other sites.
	{Name: "access-control-", Family: true, AppliesTo: "both", Why: "CORS: which other sites may read the site's responses with the user's cookies"},
	{Name: "cross-origin-", Family: true, AppliesTo: "response", Why: "COOP, COEP and CORP: isolation from other sites' windows and loads"},
	{Name: "document-isolation-policy", Family: true, AppliesTo: "response", Why: "cross-origin isolation of the document, and its report-only form"},
	{Name: "origin-agent-cluster", AppliesTo: "response", Why: "process isolation of the origin"},
	{Name: "x-frame-options", AppliesTo: "response", Why: "stops other sites framing the page (clickjacking)"},
	{Name: "supports-loading-mode", AppliesTo: "response", Why: "the site's consent to being loaded as a cross-site prerender with the user's cookies, or in a fenced frame"},
	{Name: "strict-transport-security", AppliesTo: "response", Why: "HSTS: keeps the site on https"},
	{Name: "upgrade-insecure-requests", AppliesTo: "request", Why: "tells the server the browser wants https; without it a server may keep the page on http"},
	{Name: "permissions-policy", Family: true, AppliesTo: "response", Why: "which powerful features (camera, location, payment) the page may use"},
	{Name: "feature-policy", AppliesTo: "response", Why: "the older name of permissions-policy"},
	{Name: "document-policy", Family: true, AppliesTo: "response", Why: "limits on what the document may do"},
	{Name: "require-document-policy", AppliesTo: "response", Why: "the document policy the page requires of the frames it embeds"},
	{Name: "referrer-policy", AppliesTo: "response", Why: "how much of the page's address other sites see"},
	{Name: "timing-allow-origin", AppliesTo: "response", Why: "which sites may read detailed timing of the site's responses"},
	{Name: "accept-ch", AppliesTo: "response", Why: "which client hints (device, platform and browser details) the browser sends to the site and to the third parties it delegates them to"},
	{Name: "critical-ch", AppliesTo: "response", Why: "client hints the browser must send, retrying the request to add them"},
	// What makes the browser fetch or send something.
	{Name: "location", AppliesTo: "response", Why: "where a redirect goes: changing it is a redirect without the redirect limits"},
	{Name: "refresh", AppliesTo: "response", Why: "a timed redirect, with the same effect as location"},
	{Name: "link", AppliesTo: "response", Why: "preloads, prefetches and stylesheets by header: loads the rules cannot see"},
	{Name: "speculation-rules", AppliesTo: "response", Why: "names rule sets the browser fetches, then prefetches or prerenders the pages they list: loads the rules cannot see, as with link"},
	{Name: "no-vary-search", AppliesTo: "response", Why: "which query differences the browser ignores when it reuses a prefetched or cached response: a changed one serves one address's response for another"},
	{Name: "sourcemap", AppliesTo: "response", Why: "the address developer tools load the script's source map from: a load the rules cannot see"},
	{Name: "x-sourcemap", AppliesTo: "response", Why: "the older name of sourcemap"},
	{Name: "x-dns-prefetch-control", AppliesTo: "response", Why: "whether the browser looks up the hosts the page links to ahead of time, telling their name servers"},
	{Name: "report-to", AppliesTo: "response", Why: "where the browser sends reports about the page"},
	{Name: "reporting-endpoints", AppliesTo: "response", Why: "where the browser sends reports about the page"},
	{Name: "nel", AppliesTo: "response", Why: "network error logging: where the browser sends reports about the user's connections"},
	{Name: "attribution-reporting-", Family: true, AppliesTo: "both", Why: "registers ad clicks and conversions the browser later reports on"},
	{Name: "observe-browsing-topics", AppliesTo: "response", Why: "records the visit in the user's interests for the Topics API"},
	{Name: "service-worker-allowed", AppliesTo: "response", Why: "how much of the site a service worker may control"},
	{Name: "alt-svc", AppliesTo: "response", Why: "sends the site's later requests to another server"},
	// Who is asking, as servers read it.
	{Name: "origin", AppliesTo: "request", Why: "who is asking: the server's CSRF and CORS decisions rest on it"},
	{Name: "referer", RemoveOK: true, AppliesTo: "request", Why: "the page the request comes from; removing it only withholds information, so remove is allowed"},
	{Name: "x-requested-with", AppliesTo: "request", Why: "many servers take it as proof that their own script sent the request (a form or another site cannot set it): their CSRF protection"},
	{Name: "sec-", Family: true, AppliesTo: "both", Why: "fetch metadata, client hints, storage-access state, device-bound sessions and WebSocket handshakes: what the browser sets and servers trust"},
	{Name: "host", AppliesTo: "request", Why: "which site the request is for"},
	{Name: "x-http-method-override", AppliesTo: "request", Why: "servers that honour it treat the request as another method (a GET as a DELETE), around the redirect and CSRF limits"},
	{Name: "x-http-method", AppliesTo: "request", Why: "another name servers honour for x-http-method-override"},
	{Name: "x-method-override", AppliesTo: "request", Why: "another name servers honour for x-http-method-override"},
	{Name: "x-original-url", AppliesTo: "request", Why: "some servers route by it instead of the request's address, around their path-based access rules"},
	{Name: "x-rewrite-url", AppliesTo: "request", Why: "some servers route by it instead of the request's address, around their path-based access rules"},
	{Name: "x-forwarded-", Family: true, AppliesTo: "request", Why: "client address, host and protocol that servers trust from their proxies"},
	{Name: "forwarded", AppliesTo: "request", Why: "client address and protocol that servers trust from their proxies"},
	{Name: "x-real-ip", AppliesTo: "request", Why: "the client address servers trust from their proxies"},
	{Name: "true-client-ip", AppliesTo: "request", Why: "the client address servers trust from their proxies (CDNs set it)"},
	{Name: "x-client-ip", AppliesTo: "request", Why: "the client address servers trust from their proxies"},
	{Name: "x-cluster-client-ip", AppliesTo: "request", Why: "the client address servers trust from their load balancers"},
	{Name: "cf-connecting-ip", AppliesTo: "request", Why: "the client address servers trust from their CDN"},
}

// securityHeader returns the entry that protects header name against the
// operation, if any. An exact entry outranks a family.
func securityHeader(name, operation string) (SecurityHeader, bool) {
	lower := strings.ToLower(name)
	for _, exact := range []bool{true, false} {
		for _, h := range SecurityHeaders {
			if h.Family == exact {
				continue
			}
			if exact && lower != h.Name || !exact && !strings.HasPrefix(lower, h.Name) {
				continue
			}
			if h.RemoveOK && operation == "remove" {
				return SecurityHeader{}, false
			}
			return h, true
		}
	}
	return SecurityHeader{}, false
}

// Display is the entry's name as docs/netrules.md writes it ("sec-*").
func (h SecurityHeader) Display() string {
	if h.Family {
		return h.Name + "*"
	}
	return h.Name
}

// requestAppendAllowed lists the request headers Chrome lets a rule append
// to (kDNRRequestHeaderAppendAllowList in declarative_net_request/constants.h).
var requestAppendAllowed = wordset.Of("accept accept-encoding accept-language access-control-request-headers cache-control " +
	"connection content-language cookie forwarded if-match if-none-match keep-alive range te " +
	"trailer transfer-encoding upgrade user-agent via want-digest x-forwarded-for ")

// isToken reports whether s is an HTTP token (RFC 9110 tchar+), Chrome's
// test for a header name (net::HttpUtil::IsValidHeaderName).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// badValueChar returns the first character Chrome refuses in a header value
// (NUL, CR, LF; net::HttpUtil::IsValidHeaderValue), or "".
func badValueChar(v string) string {
	switch i := strings.IndexAny(v, "\x00\r\n"); {
	case i < 0:
		return ""
	case v[i] == 0:
		return "NUL"
	case v[i] == '\r':
		return "CR"
	default:
		return "LF"
	}
}

// SecurityHeadersMarkdown renders the security-header list as docs/netrules.md
// shows it.
func SecurityHeadersMarkdown() string {
	var b strings.Builder
	b.WriteString("| header | in | why no rule may change it |\n")
	b.WriteString("| --- | --- | --- |\n")
	for _, h := range SecurityHeaders {
		b.WriteString("| `" + h.Display() + "` | " + h.AppliesTo + " | " + strings.ReplaceAll(h.Why, "|", `\|`) + " |\n")
	}
	return b.String()
}
