package site

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	httpOnly    = []string{"http"}
	httpsOnly   = []string{"https"}
	bothSchemes = []string{"http", "https"}
)

type parseCase struct {
	in   string
	want *Pattern // nil when ParsePattern must fail; Raw is taken from in
	err  string   // a substring of the error when want is nil
}

// Cases from Chromium's extensions/common/url_pattern_unittest.cc (ParseInvalid,
// Ports, IPv6Patterns, PercentEncodedAscii, PercentEncodedNonAscii, the
// parsing half of Match1 to Match19, GetAsString, TrailingDotDomain,
// UncanonicalizedUrl and WhitespaceHostParsing), parsed the way Chrome parses
// content-script matches. Where that test accepts a pattern that remixlets
// refuse (a scheme that is not a web page, or a pattern that is misleading on
// one), the expected result here is the refusal, noted at the end of the line.
var chromiumParseCases = []parseCase{
	// ParseInvalid.
	{in: "http", err: "no scheme"},
	{in: "http:", err: `must be followed by "://"`},
	{in: "http:/", err: `must be followed by "://"`},
	{in: "about://", err: "web pages only"}, // Chrome: wrong scheme separator
	{in: "http://", err: "no host"},
	{in: "http:///", err: "no host"},
	{in: "http://:1234/", err: "no host"},
	{in: "http://*./", err: `"*." needs a domain`},
	{in: "http://*foo/bar", err: "Invalid host wildcard"},
	{in: "http://foo.*.bar/baz", err: "Invalid host wildcard"},
	{in: "http://fo.*.ba:123/baz", err: "Invalid host wildcard"},
	{in: "http:/bar", err: "Wrong scheme type"},
	{in: "http://bar", err: "missing path"},
	{in: "http://foo.*/bar", err: "Invalid host wildcard"},
	{in: "http://\x00www/", err: "Invalid host"},

	// Ports.
	{in: "http://foo:1234/", want: &Pattern{Schemes: httpOnly, Host: "foo", Port: "1234", Path: "/"}},
	{in: "http://foo:1234/bar", want: &Pattern{Schemes: httpOnly, Host: "foo", Port: "1234", Path: "/bar"}},
	{in: "http://*.foo:1234/", want: &Pattern{Schemes: httpOnly, Host: "foo", Subdomains: true, Port: "1234", Path: "/"}},
	{in: "http://*.foo:1234/bar", want: &Pattern{Schemes: httpOnly, Host: "foo", Subdomains: true, Port: "1234", Path: "/bar"}},
	{in: "http://foo:/", err: "Invalid port"},
	{in: "http://*:1234/", want: &Pattern{Schemes: httpOnly, AnyHost: true, Port: "1234", Path: "/"}},
	{in: "http://*:*/", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/"}},
	{in: "http://foo:*/", want: &Pattern{Schemes: httpOnly, Host: "foo", Path: "/"}},
	{in: "http://*.foo:/", err: "Invalid port"},
	{in: "http://foo:com/", err: "Invalid port"},
	{in: "http://foo:123456/", err: "Invalid port"},
	{in: "http://foo:80:80/monkey", err: "Invalid port"},
	{in: "file://foo:1234/bar", err: "web pages only"},   // Chrome: valid, port ignored
	{in: "chrome://foo:1234/bar", err: "web pages only"}, // Chrome: invalid port
	{in: "http://*/:1234", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/:1234"}},
	{in: "http://*.foo/bar:1234", want: &Pattern{Schemes: httpOnly, Host: "foo", Subdomains: true, Path: "/bar:1234"}},
	{in: "http://foo/bar:1234/path", want: &Pattern{Schemes: httpOnly, Host: "foo", Path: "/bar:1234/path"}},

	// IPv6Patterns.
	{in: "http://[2607:f8b0:4005:805::200e]/", want: &Pattern{Schemes: httpOnly, Host: "[2607:f8b0:4005:805::200e]", Path: "/"}},
	{in: "http://[2607:f8b0:4005:805::200e]/*", want: &Pattern{Schemes: httpOnly, Host: "[2607:f8b0:4005:805::200e]", Path: "/*"}},
	{in: "http://[2607:f8b0:4005:805::200e]:8888/*", want: &Pattern{Schemes: httpOnly, Host: "[2607:f8b0:4005:805::200e]", Port: "8888", Path: "/*"}},
	{in: "http://[2607:f8b0:4005:805::200e]:/*", err: "Invalid port"},
	{in: "http://[]:8888/*", err: "Host can not be empty"},
	{in: "http://[2607:f8b0:4005:805::200e/*", err: "Invalid host"},
	{in: "http://[2607:f8b0:4005:805::200e]]/*", err: "Invalid host"},
	{in: "http://[[2607:f8b0:4005:805::200e]/*", err: "Invalid host"},
	{in: "http://[2607:f8b0:4005:805:200e]/*", err: "Invalid host"},
	{in: "http://[2607:f8b0:4005:805:200e:12:bogus]/*", err: "Invalid host"},
	{in: "http://[[2607:f8b0:4005:805::200e]:abc/*", err: "Invalid port"},

	// PercentEncodedAscii, PercentEncodedNonAscii.
	{in: "http://*/%40*", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/%40*"}},
	{in: "http://*/@*", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/@*"}},
	{in: "http://*/%F0%9F%90%B1*", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/%F0%9F%90%B1*"}},
	{in: "http://*/🐱*", err: `write "http://*/%F0%9F%90%B1*"`}, // Chrome: valid, never matches

	// Match1 to Match19.
	{in: "http://*/*", want: &Pattern{Schemes: httpOnly, AnyHost: true, Path: "/*"}},
	{in: "https://*/foo*", want: &Pattern{Schemes: httpsOnly, AnyHost: true, Path: "/foo*"}},
	{in: "http://*.google.com/foo*bar", want: &Pattern{Schemes: httpOnly, Host: "google.com", Subdomains: true, Path: "/foo*bar"}},
	{in: `file:///foo?bar\*baz`, err: "web pages only"},
	{in: "http://127.0.0.1/*", want: &Pattern{Schemes: httpOnly, Host: "127.0.0.1", Path: "/*"}},
	{in: "http://*.0.0.1/*", err: `write "http://0.0.0.1/*"`}, // Chrome: valid, host 0.0.0.1
	{in: "http://*.xn--gkd/a%C2%81%E1*", want: &Pattern{Schemes: httpOnly, Host: "xn--gkd", Subdomains: true, Path: "/a%C2%81%E1*"}},
	{in: "chrome://favicon/*", err: "web pages only"},
	{in: "*://*/*", want: &Pattern{Schemes: bothSchemes, AnyHost: true, Path: "/*"}},
	{in: "<all_urls>", want: &Pattern{AllURLs: true, Schemes: bothSchemes, AnyHost: true, Path: "/*"}},
	{in: "about:*", err: "web pages only"},
	{in: "about:blank", err: "web pages only"},
	{in: "chrome-extension://*/*", err: "web pages only"},
	{in: "data:*", err: "web pages only"},
	{in: "javascript:*", err: "web pages only"},
	{in: "file:///foo*", err: "web pages only"},
	{in: "file://foo*", err: "web pages only"},
	{in: "file://localhost/foo*", err: "web pages only"},
	{in: "http://www.example.com:80/foo", want: &Pattern{Schemes: httpOnly, Host: "www.example.com", Port: "80", Path: "/foo"}},
	{in: "http://www.example.com:*/foo", want: &Pattern{Schemes: httpOnly, Host: "www.example.com", Path: "/foo"}},
	{in: "chrome-extension://ftw/*", err: "web pages only"},

	// GetAsString, the patterns not covered above.
	{in: "http://www/", want: &Pattern{Schemes: httpOnly, Host: "www", Path: "/"}},
	{in: "chrome://*/*", err: "web pages only"},
	{in: "chrome://newtab/", err: "web pages only"},
	{in: "chrome-extension://ftw/", err: "web pages only"},
	{in: "data:monkey", err: "web pages only"},
	{in: "javascript:atemyhomework", err: "web pages only"},
	{in: "http://www.example.com:8080/foo", want: &Pattern{Schemes: httpOnly, Host: "www.example.com", Port: "8080", Path: "/foo"}},

	// TrailingDotDomain: Chrome keeps the dot in the host but ignores it when matching.
	{in: "*://example.com/*", want: &Pattern{Schemes: bothSchemes, Host: "example.com", Path: "/*"}},
	{in: "*://example.com./*", want: &Pattern{Schemes: bothSchemes, Host: "example.com", Path: "/*"}},

	// UncanonicalizedUrl.
	{in: "*://*.gOoGle.com/*", want: &Pattern{Schemes: bothSchemes, Host: "google.com", Subdomains: true, Path: "/*"}},
	{in: "https://*.ɡoogle.com/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--oogle-qmc.com", Subdomains: true, Path: "/*"}},
	{in: "https://\xef\xb7\x90zyx.com/*", err: "Invalid host"},

	// WhitespaceHostParsing: Chrome accepts these hosts; no web page has one.
	{in: "https://./*", err: "empty label"},
	{in: "https://*../*", err: "every site"},
	{in: "https:// /*", err: "contains a space"},
	{in: "https://*. /*", err: "contains a space"},
	{in: "https:// ./*", err: "contains a space"},
	{in: "https://*. ./*", err: "contains a space"},
	{in: "https://. /*", err: "contains a space"},
	{in: "https://*.. /*", err: "contains a space"},
	{in: "https://. ./*", err: "contains a space"},
	{in: "https://*.. ./*", err: "contains a space"},
	{in: "https://. . ./*", err: "contains a space"},
	{in: "https://*.. . ./*", err: "contains a space"},
	{in: "https:// . /*", err: "contains a space"},
	{in: "https://*. . /*", err: "contains a space"},
}

// More cases, for the Chrome behaviours the Chromium tests leave implicit and
// for what remixlets refuse on top of Chrome.
var parseCases = []parseCase{
	// The special pattern: exactly "<all_urls>".
	{in: "<ALL_URLS>", err: `write "<all_urls>"`},
	{in: " <all_urls>", err: `white space around it: write "<all_urls>"`},

	// Schemes.
	{in: "https://example.com/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/*"}},
	{in: "*://example.com/*", want: &Pattern{Schemes: bothSchemes, Host: "example.com", Path: "/*"}},
	{in: "HTTPS://example.com/*", err: `must be lower case (Chrome: "Invalid scheme."): write "https://example.com/*"`},
	{in: "htps://example.com/*", err: `unknown scheme "htps"`},
	{in: "://example.com/*", err: `write "https://example.com/*"`},
	{in: "file:///etc/passwd", err: "remixlets run on web pages only"},
	{in: "ftp://example.com/*", err: "remixlets run on web pages only"},
	{in: "urn:*", err: "remixlets run on web pages only"},
	{in: "uuid-in-package:*", err: "remixlets run on web pages only"},
	{in: "ws://example.com/*", err: "remixlets run on web pages only"},
	{in: "wss://example.com/*", err: "remixlets run on web pages only"},
	{in: "filesystem:https://example.com/*", err: "remixlets run on web pages only"},
	{in: "blob:https://example.com/*", err: "remixlets run on web pages only"},

	// "://" is required.
	{in: "example.com", err: `no scheme (Chrome: "Missing scheme separator."): write "https://example.com/*"`},
	{in: "example.com/*", err: `write "https://example.com/*"`},
	{in: "https:example.com/*", err: `write "https://example.com/*"`},
	{in: "https:/example.com/*", err: `write "https://example.com/*"`},
	{in: `https:\\example.com/*`, err: `write "https://example.com/*"`},

	// A path is required.
	{in: "https://example.com", err: `missing path (Chrome: "Empty path."): write "https://example.com/*"`},
	{in: "https://example.com:8080", err: `write "https://example.com:8080/*"`},
	{in: "https://*.example.com?x", err: `write "https://*.example.com/?x"`},
	{in: "https//example.com/*", err: `no scheme (Chrome: "Missing scheme separator."): write "https://example.com/*"`},
	{in: "localhost:3000/*", err: `no scheme (Chrome: "Invalid scheme."): write "https://localhost:3000/*"`},
	{in: "example.com:8080/*", err: `write "https://example.com:8080/*"`},
	{in: "ftp://example.com/*", err: `remixlets run on web pages only: use "https://", "http://" or "*://" (both), e.g. "https://example.com/*"`},
	{in: "file:///home/me/*", err: `e.g. "https://example.com/*"`},
	{in: "ttps://example.org/x/*", err: `unknown scheme "ttps" (Chrome: "Invalid scheme."): remixlets run on web pages, so the scheme is "https", "http" or "*" (both): e.g. "https://example.org/x/*"`},

	// Hosts: "*", a leading "*." only, never empty.
	{in: "https://*/*", want: &Pattern{Schemes: httpsOnly, AnyHost: true, Path: "/*"}},
	{in: "https://*.example.com/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Subdomains: true, Path: "/*"}},
	{in: "https://*.*.example.com/*", err: `Invalid host wildcard.")`},
	{in: "https://www.*.example.com/*", err: `write "https://*.example.com/*"`},
	{in: "https://*example.com/*", err: `write "https://*.example.com/*"`},
	{in: "https://example.*/*", err: "list each site"},
	{in: "https://**/*", err: "Invalid host wildcard"},
	{in: "https:///*", err: `no host (Chrome: "Host can not be empty.")`},
	{in: "https://*.*/*", err: "Invalid host wildcard"},
	{in: "https://user@example.com/*", err: `no user name or password; Chrome rejects it: write "https://example.com/*"`},
	{in: "https://user:pw@example.com/*", err: "no user name"},
	{in: "https://exa#mple.com/*", err: "Invalid host"},
	{in: "https://exa\\mple.com/*", err: "Invalid host"},
	{in: "https://example.com:80:80/*", err: "Invalid port"},

	// Ports.
	{in: "https://example.com:8080/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Port: "8080", Path: "/*"}},
	{in: "https://example.com:*/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/*"}},
	{in: "https://example.com:443/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Port: "443", Path: "/*"}},
	{in: "https://example.com:0/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Port: "0", Path: "/*"}},
	{in: "https://example.com:65535/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Port: "65535", Path: "/*"}},
	{in: "https://example.com:65536/*", err: `invalid port "65536" (Chrome: "Invalid port.")`},
	{in: "https://example.com:-1/*", err: "Invalid port"},
	{in: "https://example.com: 80/*", err: "Invalid port"},
	{in: "https://example.com:8080 /*", err: "Invalid port"},
	{in: "https://example.com:0x50/*", err: "Invalid port"},
	{in: "*://example.com:8080/*", err: `a port number needs an explicit scheme (Chrome: "Invalid port."): write "https://example.com:8080/*" or "http://example.com:8080/*"`},
	{in: "*://*:*/*", want: &Pattern{Schemes: bothSchemes, AnyHost: true, Path: "/*"}},
	// Chrome accepts these but compares the text "+80" or "080" with "80".
	{in: "https://example.com:+80/*", err: `never matches: write "https://example.com:80/*"`},
	{in: "https://example.com:080/*", err: `never matches: write "https://example.com:80/*"`},
	{in: "https://example.com:-0/*", err: `never matches: write "https://example.com:0/*"`},

	// IP addresses.
	{in: "http://[::1]/*", want: &Pattern{Schemes: httpOnly, Host: "[::1]", Path: "/*"}},
	{in: "http://[::1]:8080/*", want: &Pattern{Schemes: httpOnly, Host: "[::1]", Port: "8080", Path: "/*"}},
	{in: "http://[0:0:0:0:0:0:0:1]/*", want: &Pattern{Schemes: httpOnly, Host: "[::1]", Path: "/*"}},
	{in: "http://[2001:DB8:0:0:1:0:0:1]/*", want: &Pattern{Schemes: httpOnly, Host: "[2001:db8::1:0:0:1]", Path: "/*"}},
	{in: "http://[::ffff:192.168.0.1]/*", want: &Pattern{Schemes: httpOnly, Host: "[::ffff:c0a8:1]", Path: "/*"}},
	{in: "http://[1:2:3:4:5:6:7:8:9]/*", err: "Invalid host"},
	{in: "http://[::1::2]/*", err: "Invalid host"},
	{in: "http://[::1.2.3]/*", err: "Invalid host"},
	{in: "http://[fe80::1%25eth0]/*", err: "Invalid host"},
	{in: "http://::1/*", err: "Invalid port"},
	{in: "http://*.[::1]/*", err: `does not apply to an IPv6 address; Chrome rejects it: write "http://[::1]/*"`},
	{in: "http://192.168.0.1/*", want: &Pattern{Schemes: httpOnly, Host: "192.168.0.1", Path: "/*"}},
	{in: "http://192.168.0.1./*", want: &Pattern{Schemes: httpOnly, Host: "192.168.0.1", Path: "/*"}},
	{in: "http://*.127.0.0.1/*", err: `matches only 127.0.0.1 itself: write "http://127.0.0.1/*"`},
	{in: "http://2130706433/*", err: `as the IP address 127.0.0.1`},
	{in: "http://0x7f.0.0.1/*", err: `write "http://127.0.0.1/*"`},
	{in: "http://0177.0.0.1/*", err: `write "http://127.0.0.1/*"`},
	{in: "http://127.1/*", err: `write "http://127.0.0.1/*"`},
	{in: "http://256.0.0.1/*", err: `looks like an IPv4 address but is not one (Chrome: "Invalid host.")`},
	{in: "http://1.2.3.4.5/*", err: "looks like an IPv4 address"},
	{in: "http://09.0.0.1/*", err: "looks like an IPv4 address"},
	{in: "http://example.123/*", err: "looks like an IPv4 address"},
	{in: "http://1.2.3.example/*", want: &Pattern{Schemes: httpOnly, Host: "1.2.3.example", Path: "/*"}},

	// Host canonicalisation: lower case, punycode, no trailing dot.
	{in: "https://WWW.Example.COM/*", want: &Pattern{Schemes: httpsOnly, Host: "www.example.com", Path: "/*"}},
	{in: "https://bücher.example/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--bcher-kva.example", Path: "/*"}},
	{in: "https://BÜCHER.example/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--bcher-kva.example", Path: "/*"}},
	{in: "https://xn--bcher-kva.example/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--bcher-kva.example", Path: "/*"}},
	{in: "https://faß.de/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--fa-hia.de", Path: "/*"}}, // nontransitional, as Chrome
	{in: "https://*.пример.рф/*", want: &Pattern{Schemes: httpsOnly, Host: "xn--e1afmkfd.xn--p1ai", Subdomains: true, Path: "/*"}},
	{in: "https://ｅｘａｍｐｌｅ。com/*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/*"}},
	{in: "https://example.com./*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/*"}},
	{in: "https://*.example.com./*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Subdomains: true, Path: "/*"}},
	{in: "https://my_host.example/*", want: &Pattern{Schemes: httpsOnly, Host: "my_host.example", Path: "/*"}},
	{in: "https://xn--zz.example/*", err: "not valid punycode"},
	{in: "https://xn--abc-.example/*", err: "not valid punycode"},
	{in: "https://a\u200db.example/*", err: "invisible joiner"},
	{in: "https://\u0301a.example/*", err: "combining mark"},
	{in: "https://example.com../*", err: `empty label (a leading dot or two dots in a row): write "https://example.com/*"`},
	{in: "https://.example.com/*", err: `write "https://example.com/*"`},
	{in: "https://*..example.com/*", err: `write "https://*.example.com/*"`},
	{in: "https://*.../*", err: "every site"},
	{in: "https://exa$mple.com/*", err: `contains "$", which no web host name has`},
	{in: "https://exa'mple.com/*", err: "which no web host name has"},
	{in: "https://exa<mple.com/*", err: `contains "<" (Chrome: "Invalid host.")`},

	// Percent-escapes in the host: Chrome decodes them; remixlets want the plain name.
	{in: "https://ex%61mple.com/*", err: `Chrome decodes it to "example.com", and a pattern should say plainly which site it reaches: write "https://example.com/*"`},
	{in: "https://*.%65xample.com/*", err: `write "https://*.example.com/*"`},
	{in: "https://%E4%BE%8B.example/*", err: `write "https://xn--fsq.example/*"`},
	{in: "https://%31%32%37.0.0.1/*", err: `write "https://127.0.0.1/*"`},
	{in: "https://ex%2Ample.com/*", err: "decodes to something that is no web host"},
	{in: "https://ex%zzmple.com/*", err: `has a "%" that does not start a %XX escape (Chrome: "Invalid host.")`},
	{in: "https://ex%2Fmple.com/*", err: `contains "/" (Chrome: "Invalid host.")`},
	{in: "https://ex%00mple.com/*", err: `contains "\x00"`},

	// Characters IDNA maps to a space: Chromium 156 accepts the pattern and
	// keeps the space as %20 in the host, which no web host has; the refusal
	// is a limit of ours and must not quote Chrome (TestSpaceHostIsOurLimit).
	{in: "https://a\u00a0b.example/*", err: `holds U+00A0, which IDNA maps to a space (the browser keeps it as %20), and no web host has one: write the host name without it`},
	{in: "https://\u2002example.com/*", err: `holds U+2002, which IDNA maps to a space`},
	{in: "https://example.com\u205f/*", err: `write "https://example.com/*"`},
	{in: "https://*.\u3000example.com/*", err: `write "https://*.example.com/*"`},
	{in: "https://example.com\u00a0:8080/*", err: `write "https://example.com:8080/*"`},
	{in: "https://%C2%A0example.com/*", err: `holds U+00A0, which IDNA maps to a space`},
	{in: "https://a\u00a8b.example/*", err: `holds U+00A8`},
	{in: "https://%20example.com/*", err: "contains a space, which no web host has"},

	// Paths: kept as written; remixlets refuse the ones that can never match.
	{in: "https://example.com/", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/"}},
	{in: "https://example.com/a?b=*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "/a?b=*"}},
	{in: "https://example.com//*", want: &Pattern{Schemes: httpsOnly, Host: "example.com", Path: "//*"}},
	{in: "https://example.com/a b", err: `space or control character, which a page's URL never has unencoded: write "https://example.com/a%20b"`},
	{in: "https://example.com/a\tb", err: `write "https://example.com/a%09b"`},
	{in: "https://example.com/#/settings", err: `never its #fragment, so this pattern matches no page: write "https://example.com/*"`},
	{in: "https://example.com/app#*", err: `write "https://example.com/app*"`},
	{in: "https://example.com/café/*", err: `where they never appear: write "https://example.com/caf%C3%A9/*"`},
	{in: "https://example.com/* ", err: `white space around it: write "https://example.com/*"`},
}

func TestParsePattern(t *testing.T) {
	for _, tc := range slices.Concat(chromiumParseCases, parseCases) {
		got, err := ParsePattern(tc.in)
		if tc.want == nil {
			if err == nil {
				t.Errorf("ParsePattern(%q) = %v, want an error with %q", tc.in, got, tc.err)
			} else if !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePattern(%q) error = %q, want it to contain %q", tc.in, err, tc.err)
			}
			if !cmp.Equal(got, Pattern{}) {
				t.Errorf("ParsePattern(%q) returned %+v with its error, want the zero Pattern", tc.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParsePattern(%q) error = %v", tc.in, err)
			continue
		}
		want := *tc.want
		want.Raw = tc.in
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ParsePattern(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestSpaceHostIsOurLimit: Chrome accepts a pattern whose host holds a
// space however written (site/chromium_test.go witnesses it), so the
// refusal says why in its own words and quotes no Chrome message.
func TestSpaceHostIsOurLimit(t *testing.T) {
	for _, host := range []string{"a b.com", "a%20b.com", "a\u00a0b.com", "\u00a0a.com", "a.com\u2002", "a\u2009b.com",
		"a\u202fb.com", "a\u205fb.com", "a\u3000b.com", "%C2%A0a.com", "a\u00a8b.com", "a\uffe3b.com"} {
		for _, p := range []string{"https://" + host + "/*", "https://*." + host + "/*", "https://" + host + ":8080/*"} {
			_, err := ParsePattern(p)
			if err == nil || strings.Contains(err.Error(), "Chrome") || !strings.Contains(err.Error(), "no web host has") {
				t.Errorf("ParsePattern(%q) = %v, want a refusal that says no web host has a space, without quoting Chrome", p, err)
			}
		}
	}
}

func TestPatternErrorSaysWhatAndHow(t *testing.T) {
	// Every refusal says what is wrong and then, after ": ", what to write.
	for _, tc := range slices.Concat(chromiumParseCases, parseCases) {
		if tc.want != nil {
			continue
		}
		_, err := ParsePattern(tc.in)
		if err == nil {
			continue // reported by TestParsePattern
		}
		msg := err.Error()
		problem, fix, ok := strings.Cut(msg, ": ")
		for ok && strings.Count(problem, `"`)%2 == 1 { // the ": " was inside a quotation
			var more string
			more, fix, ok = strings.Cut(fix, ": ")
			problem += ": " + more
		}
		if !ok || problem == "" || fix == "" {
			t.Errorf("ParsePattern(%q) error %q does not say what is wrong and how to write it", tc.in, msg)
		}
		if strings.HasPrefix(msg, "match pattern") || strings.Contains(msg, "\n") {
			t.Errorf("ParsePattern(%q) error %q should be one line without the pattern (callers quote it)", tc.in, msg)
		}
	}
}

func TestPatternString(t *testing.T) {
	// GetAsString in url_pattern_unittest.cc: a canonical pattern prints as written.
	for _, s := range []string{
		"http://www/",
		"http://*/*",
		"http://www.example.com:8080/foo",
		"<all_urls>",
		"*://*/*",
		"https://*.example.com/a?b=*",
		"http://[::1]:8080/*",
	} {
		p, err := ParsePattern(s)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", s, err)
			continue
		}
		if got := p.String(); got != s {
			t.Errorf("ParsePattern(%q).String() = %q", s, got)
		}
	}
	for in, want := range map[string]string{
		"*://*.gOoGle.com/*":       "*://*.google.com/*", // UncanonicalizedUrl
		"https://*.ɡoogle.com/*":   "https://*.xn--oogle-qmc.com/*",
		"*://example.com./*":       "*://example.com/*",
		"http://foo:*/":            "http://foo/",
		"*://*:*/*":                "*://*/*",
		"https://BÜCHER.example/*": "https://xn--bcher-kva.example/*",
		"http://[0:0::1]/*":        "http://[::1]/*",
	} {
		p, err := ParsePattern(in)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", in, err)
			continue
		}
		if got := p.String(); got != want {
			t.Errorf("ParsePattern(%q).String() = %q, want %q", in, got, want)
		}
	}
}

func TestPatternEquals(t *testing.T) {
	// Equals in url_pattern_unittest.cc: Chrome compares patterns by their
	// canonical string. (The ftp case there is refused here.)
	for _, tc := range []struct {
		a, b  string
		equal bool
	}{
		{"http://en.google.com/blah/*/foo", "https://en.google.com/blah/*/foo", false},
		{"https://en.google.com/blah/*/foo", "https://en.google.com/blah/*/foo", true},
		{"https://en.google.com/blah/*/foo", "https://fr.google.com/blah/*/foo", false},
		{"https://www.google.com/blah/*/foo", "https://*.google.com/blah/*/foo", false},
		{"https://*.google.com/blah/*/foo", "https://*.google.com/blah/*/foo", true},
		{"http://en.example.com/blah/*/foo", "http://en.google.com/blah/*/foo", false},
		{"http://en.google.com:8000/blah/*/foo", "http://en.google.com/blah/*/foo", false},
		{"http://fr.google.com:8000/blah/*/foo", "http://fr.google.com:8000/blah/*/foo", true},
		{"http://en.google.com:8000/blah/*/foo", "http://en.google.com:8080/blah/*/foo", false},
		{"http://en.google.com/blah/*/foo", "http://en.google.com/blah/*", false},
		{"http://en.google.com/*", "http://en.google.com/", false},
		{"http://en.google.com/*", "http://en.google.com/*", true},
		{"<all_urls>", "<all_urls>", true},
		{"<all_urls>", "http://*/*", false},
	} {
		a, errA := ParsePattern(tc.a)
		b, errB := ParsePattern(tc.b)
		if errA != nil || errB != nil {
			t.Errorf("ParsePattern: %v, %v", errA, errB)
			continue
		}
		if got := a.String() == b.String(); got != tc.equal {
			t.Errorf("%q == %q is %v, want %v", tc.a, tc.b, got, tc.equal)
		}
	}
}

type matchCase struct {
	pattern, url string
	want         bool
}

// Cases from Chromium's extensions/common/url_pattern_unittest.cc (the
// matching half of Match1 to Match18, DoesntMatchInvalid,
// NonwildcardDoesntMatchPathlessUrl, IgnorePorts, IgnoreMissingBackslashes,
// CanReusePatternWithParse, TrailingDotDomain and UncanonicalizedUrl).
// Match5's glob-escaping case uses http with the '?' and '\' in the query,
// since remixlets refuse file: patterns; Match11's chrome:// URL does not
// match because content scripts never run on chrome:// pages.
var chromiumMatchCases = []matchCase{
	{"http://*/*", "http://google.com", true},
	{"http://*/*", "http://yahoo.com", true},
	{"http://*/*", "http://google.com/foo", true},
	{"http://*/*", "https://google.com", false},
	{"http://*/*", "http://74.125.127.100/search", true},

	{"https://*/foo*", "https://www.google.com/foo", true},
	{"https://*/foo*", "https://www.google.com/foobar", true},
	{"https://*/foo*", "http://www.google.com/foo", false},
	{"https://*/foo*", "https://www.google.com/", false},
	{"https://*/foo*", "filesystem:https://www.google.com/foobar/", true},

	{"http://*.google.com/foo*bar", "http://google.com/foobar", true},
	{"http://*.google.com/foo*bar", "http://www.google.com/foobar", true},
	{"http://*.google.com/foo*bar", "http://www.google.com/foo?bar", true},
	{"http://*.google.com/foo*bar", "http://wwwgoogle.com/foobar", false},
	{"http://*.google.com/foo*bar", "http://monkey.images.google.com/foooobar", true},
	{"http://*.google.com/foo*bar", "http://yahoo.com/foobar", false},
	{"http://*.google.com/foo*bar", "filesystem:http://google.com/foo/bar", true},
	{"http://*.google.com/foo*bar", "filesystem:http://google.com/temporary/foobar", false},

	{`http://example.com/foo?bar\*baz`, `http://example.com/foo?bar\hellobaz`, true},
	{`http://example.com/foo?bar\*baz`, `http://example.com/fooXbar\hellobaz`, false},

	{"http://127.0.0.1/*", "http://127.0.0.1", true},

	{"http://*.xn--gkd/a%C2%81%E1*", "http://abc.\xe1\x80\xbf/a\xc2\x81\xe1xyz", true},
	{"http://*.xn--gkd/a%C2%81%E1*", "http://\xe1\x80\xbf/a\xc2\x81\xe1\xe1", true},

	{"*://*/*", "http://127.0.0.1", true},
	{"*://*/*", "chrome://favicon/http://google.com", false},
	{"*://*/*", "file:///foo/bar", false},
	{"*://*/*", "file://localhost/foo/bar", false},

	{"<all_urls>", "chrome://favicon/http://google.com", false},
	{"<all_urls>", "http://127.0.0.1", true},
	{"<all_urls>", "file:///foo/bar", true},
	{"<all_urls>", "file://localhost/foo/bar", true},
	{"<all_urls>", "http:", false},
	{"*://*/*", "javascript:", false},

	{"http://www.example.com:80/foo", "http://www.example.com:80/foo", true},
	{"http://www.example.com:80/foo", "http://www.example.com/foo", true},
	{"http://www.example.com:80/foo", "http://www.example.com:8080/foo", false},
	{"http://www.example.com:80/foo", "filesystem:http://www.example.com:8080/foo/", false},
	{"http://www.example.com:80/foo", "filesystem:http://www.example.com/f/foo", false},

	{"http://www.example.com:*/foo", "http://www.example.com:80/foo", true},
	{"http://www.example.com:*/foo", "http://www.example.com/foo", true},
	{"http://www.example.com:*/foo", "http://www.example.com:8080/foo", true},
	{"http://www.example.com:*/foo", "filesystem:http://www.example.com:8080/foo/", false},

	{"http://www.example.com:8080/foo", "http://www.example.com:1234/foo", false},

	{"http://www.example.com/example", "http://www.example.com/example", true},
	{"http://www.example.com/example/*", "http://www.example.com/example/", true},
	{"http://www.example.com/example/*", "http://www.example.com/example", true},
	{"http://www.example.com/example", "http://www.example.com/example/", false},

	{"http://bb.com/*", "http://bb.com/path", true},
	{"http://bb.com/*", "http://aa.com/path", false},
	{"http://aa.com/*", "http://bb.com/path", false},
	{"http://aa.com/*", "http://aa.com/path", true},
	{"http://aa.com/*", "http://sub.aa.com/path", false},
	{"http://aa.com:88/*", "http://aa.com/path", false},
	{"http://aa.com:88/*", "http://aa.com:88/path", true},

	{"*://example.com/*", "http://example.com/", true},
	{"*://example.com/*", "http://example.com./", true},
	{"*://example.com./*", "http://example.com/", true},
	{"*://example.com./*", "http://example.com./", true},

	{"*://*.gOoGle.com/*", "https://google.com", true},
	{"*://*.gOoGle.com/*", "https://maps.google.com", true},
	{"*://*.gOoGle.com/*", "https://example.com", false},
	{"https://*.ɡoogle.com/*", "https://google.com", false},
	{"https://*.ɡoogle.com/*", "https://xn--oogle-qmc.com/", true},
}

// More matching cases: ports, subdomains, trailing dots, punycode, queries,
// and URLs that only canonicalisation tells apart.
var matchCases = []matchCase{
	// Schemes.
	{"https://example.com/*", "http://example.com/", false},
	{"*://example.com/*", "https://example.com/", true},
	{"*://example.com/*", "HTTPS://example.com/", true},
	{"*://example.com/*", "ftp://example.com/", false},
	{"*://example.com/*", "ws://example.com/", false},
	{"<all_urls>", "https://example.com/a?b#c", true},
	{"<all_urls>", "ftp://example.com/", true},
	{"<all_urls>", "data:text/html,hi", false},
	{"<all_urls>", "about:blank", false},
	{"<all_urls>", "chrome-extension://abc/page.html", false},
	{"<all_urls>", "not a url", false},
	{"<all_urls>", "https://exa mple.com/", false},

	// Ports.
	{"https://example.com:8443/*", "https://example.com:8443/", true},
	{"https://example.com:8443/*", "https://example.com/", false},
	{"https://example.com:443/*", "https://example.com/", true},
	{"https://example.com:443/*", "https://example.com:0443/", true},
	{"https://example.com:80/*", "https://example.com/", false},
	{"http://example.com/*", "http://example.com:8080/", true},
	{"http://*:8080/*", "http://anything.example:8080/x", true},
	{"http://*:8080/*", "http://anything.example/x", false},
	{"http://example.com/*", "http://example.com:65536/", false},
	{"http://example.com/*", "http://example.com:8o/", false},

	// Subdomains.
	{"https://*.example.com/*", "https://example.com/", true},
	{"https://*.example.com/*", "https://a.b.example.com/", true},
	{"https://*.example.com/*", "https://notexample.com/", false},
	{"https://*.example.com/*", "https://example.com.evil.net/", false},
	{"https://*.example.com/*", "https://evil.net/example.com", false},
	{"https://example.com/*", "https://www.example.com/", false},
	{"https://*/*", "https://[::1]/", true},

	// The host is the one the browser visits, not what precedes it.
	{"https://example.com/*", "https://user:pw@example.com/", true},
	{"https://example.com/*", "https://example.com@evil.net/", false},
	{"https://example.com/*", `https://evil.net\@example.com/`, false},
	{"https://example.com/*", "https://evil.net#@example.com/", false},
	{"https://example.com/*", "https:example.com/x", true},
	{"https://example.com/*", `https:\\example.com\x`, true},
	{"https://example.com/*", " https://example.com/ ", true},
	{"https://example.com/*", "https://exam\tple.com/", true},

	// Trailing dots.
	{"https://example.com./*", "https://example.com./x", true},
	{"https://*.example.com/*", "https://www.example.com./x", true},
	{"https://example.com/*", "https://example.com../", false},

	// Punycode and case.
	{"https://*.bücher.example/*", "https://www.xn--bcher-kva.example/", true},
	{"https://*.bücher.example/*", "https://WWW.BÜCHER.example/", true},
	{"https://xn--bcher-kva.example/*", "https://bücher.example/", true},
	{"https://bucher.example/*", "https://bücher.example/", false},
	{"https://example.com/*", "https://EXAMPLE.com/", true},
	{"https://example.com/*", "https://ex%61mple.com/", true},

	// IP addresses, in the forms Chrome canonicalises.
	{"http://127.0.0.1/*", "http://2130706433/", true},
	{"http://127.0.0.1/*", "http://0x7f.1/", true},
	{"http://127.0.0.1/*", "http://127.0.0.1./", true},
	{"http://[::1]/*", "http://[0:0::1]:8080/", true},
	{"http://[::1]/*", "http://[::2]/", false},
	{"http://*/*", "http://256.0.0.1/", false},

	// Paths: '*' matches any run of characters, the query included.
	{"https://example.com/a*b", "https://example.com/axxb", true},
	{"https://example.com/a*b", "https://example.com/a/x/b", true},
	{"https://example.com/a*b", "https://example.com/ab", true},
	{"https://example.com/a*b", "https://example.com/a?q=b", true},
	{"https://example.com/a*b", "https://example.com/a", false},
	{"https://example.com/a*b", "https://example.com/ab/", false},
	{"https://example.com/*?id=*", "https://example.com/x?id=3", true},
	{"https://example.com/*?id=*", "https://example.com/x", false},
	{"https://example.com/*id=7", "https://example.com/x?a=1&id=7", true},
	{"https://example.com/*/edit", "https://example.com/a/b/edit", true},
	{"https://example.com/*/edit", "https://example.com/edit", false},
	{"https://example.com/foo/*", "https://example.com/foo", true},
	{"https://example.com/foo/*", "https://example.com/foo?x", false},
	{"https://example.com/foo/*", "https://example.com/foobar", false},
	{"https://example.com/foo?bar", "https://example.com/foo?bar", true},
	{"https://example.com/foo?bar", "https://example.com/fooXbar", false},
	{"https://example.com/a", "https://example.com/a#frag", true},
	{"https://example.com/a", "https://example.com/a?", false},
	{"https://example.com/a?", "https://example.com/a?", true},
	{"https://example.com/", "https://example.com", true},
	{"https://example.com/**", "https://example.com/", true},
	{"https://example.com/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", "https://example.com/" + strings.Repeat("a", 60), false},
	{"https://example.com/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", "https://example.com/" + strings.Repeat("a", 60) + "b", true},

	// Paths are compared after the URL is canonicalised.
	{"https://example.com/secret", "https://example.com/a/../secret", true},
	{"https://example.com/secret", "https://example.com/a/%2e%2E/secret", true},
	{"https://example.com/secret", "https://example.com/./secret", true},
	{"https://example.com/secret", "https://example.com/../../secret", true},
	{"https://example.com/a/", "https://example.com/a/b/..", true},
	{"https://example.com/a/b", `https://example.com/a\b`, true},
	{"https://example.com/a%20b", "https://example.com/a b", true},
	{"https://example.com/a%22b", `https://example.com/a"b`, true},
	{"https://example.com/caf%C3%A9", "https://example.com/café", true},
	{"https://example.com/%41", "https://example.com/A", false},
	{"https://example.com/%41", "https://example.com/%41", true},
	{"https://example.com/?q=a%20b", "https://example.com/?q=a b", true},
	{"https://example.com/?q=%27", "https://example.com/?q='", true},
	{"https://example.com/?q=%C3%A9", "https://example.com/?q=é", true},
	{"https://example.com/?q=/../x", "https://example.com/?q=/../x", true},
}

func TestPatternMatchesURL(t *testing.T) {
	for _, tc := range slices.Concat(chromiumMatchCases, matchCases) {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", tc.pattern, err)
			continue
		}
		if got := p.MatchesURL(tc.url); got != tc.want {
			t.Errorf("ParsePattern(%q).MatchesURL(%q) = %v, want %v", tc.pattern, tc.url, got, tc.want)
		}
	}
}

func TestPatternMatchesURLNoSubdomainsOfIP(t *testing.T) {
	// Match7 in url_pattern_unittest.cc: Chrome accepts "http://*.0.0.1/*"
	// (ParsePattern does not), yet never matches subdomains of an IP address.
	p := Pattern{Schemes: httpOnly, Host: "0.0.0.1", Subdomains: true, Path: "/*"}
	for url, want := range map[string]bool{
		"http://127.0.0.1":  false,
		"http://0.0.0.1/x":  true,
		"http://10.0.0.1/x": false,
	} {
		if got := p.MatchesURL(url); got != want {
			t.Errorf("%v.MatchesURL(%q) = %v, want %v", p, url, got, want)
		}
	}
}

func TestPatternMatchesHost(t *testing.T) {
	for _, tc := range []struct {
		pattern, host string
		want          bool
	}{
		{"https://*.ɡoogle.com/*", "ɡoogle.com", true}, // UncanonicalizedUrl
		{"https://*.example.com/*", "example.com", true},
		{"https://*.example.com/*", "www.example.com", true},
		{"https://*.example.com/*", "a.b.example.com", true},
		{"https://*.example.com/*", "example.com.", true},
		{"https://*.example.com/*", "EXAMPLE.COM", true},
		{"https://*.example.com/*", "badexample.com", false},
		{"https://*.example.com/*", "example.org", false},
		{"https://*.example.com/*", "", false},
		{"https://example.com:8080/nope", "example.com", true}, // port and path ignored
		{"https://example.com/*", "www.example.com", false},
		{"*://*/*", "anything.example", true},
		{"*://*/*", "[::1]", true},
		{"<all_urls>", "example.com", true},
		{"http://[::1]/*", "[::1]", true},
		{"http://[::1]/*", "[0:0::1]", true},
		{"http://[::1]/*", "::1", false},
		{"http://127.0.0.1/*", "127.0.0.1", true},
		{"https://*.github.io/*", "someone.github.io", true},
		{"https://*.bücher.example/*", "www.xn--bcher-kva.example", true},
		{"https://*.bücher.example/*", "www.bücher.example", true},
		{"https://example.com/*", "example.com/", false},
		{"https://example.com/*", "user@example.com", false},
	} {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", tc.pattern, err)
			continue
		}
		if got := p.MatchesHost(tc.host); got != tc.want {
			t.Errorf("ParsePattern(%q).MatchesHost(%q) = %v, want %v", tc.pattern, tc.host, got, tc.want)
		}
	}
}

func TestPatternEverySite(t *testing.T) {
	cases := []struct {
		pattern string
		want    bool
	}{
		// MatchesEffectiveTLD in url_pattern_unittest.cc, with private
		// registries included as EverySite does (so *.appspot.com counts).
		{"*://*/*", true},
		{"*://*:*/*", true},
		{"<all_urls>", true},
		{"http://*/*", true},
		{"https://*/*", true},
		{"*://*/maps", true},
		{"https://*.com/*", true},
		{"*://*.co.uk/*", true},
		{"*://*.com/maps", true},
		{"http://*.com:80/*", true},
		{"*://*.appspot.com/*", true},
		{"*://*.example.com/*", false},
		// A name the public suffix list does not know is not a suffix:
		// nothing says unrelated owners share it.
		{"*://*.notatld/*", false},
		{"https://*.localhost/*", false},

		{"https://*.co.uk/*", true},
		{"https://*.github.io/*", true},
		{"https://*.blogspot.com/*", true},
		{"https://*.xn--p1ai/*", true},
		{"https://*.рф/*", true},
		{"https://*.com./*", true},
		{"https://*.example.com/*", false},
		{"https://*.example.co.uk/*", false},
		{"https://*.someone.github.io/*", false},
		{"https://example.com/*", false},
		{"https://com/*", false},
		{"https://github.io/*", false},
		{"http://127.0.0.1/*", false},
		{"http://[::1]/*", false},
	}
	for _, tc := range cases {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", tc.pattern, err)
			continue
		}
		if got := p.EverySite(); got != tc.want {
			t.Errorf("ParsePattern(%q).EverySite() = %v, want %v", tc.pattern, got, tc.want)
		}
	}
}

func FuzzParsePattern(f *testing.F) {
	for _, tc := range slices.Concat(chromiumParseCases, parseCases) {
		f.Add(tc.in)
	}
	for _, tc := range slices.Concat(chromiumMatchCases, matchCases) {
		f.Add(tc.pattern)
		f.Add(tc.url)
	}
	all, _ := ParsePattern("<all_urls>")
	f.Fuzz(func(t *testing.T, s string) {
		// Whatever s is, as a URL or a host these must not panic.
		all.MatchesURL(s)
		all.MatchesHost(s)

		p, err := ParsePattern(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParsePattern(%q): empty error", s)
			}
			return
		}
		if !strings.HasPrefix(p.Path, "/") || len(p.Schemes) == 0 || !slices.IsSorted(p.Schemes) || strings.HasSuffix(p.Host, ".") {
			t.Fatalf("ParsePattern(%q) = %#v: malformed", s, p)
		}
		if p.Host != "" && !p.MatchesHost(p.Host) {
			t.Fatalf("ParsePattern(%q) = %#v does not match its own host", s, p)
		}
		p.MatchesURL(s)
		p.MatchesHost(s)
		p.EverySite()

		canon := p.String()
		q, err := ParsePattern(canon)
		if err != nil {
			t.Fatalf("ParsePattern(%q) = %q, which does not parse: %v", s, canon, err)
		}
		if q.String() != canon {
			t.Fatalf("ParsePattern(%q).String() = %q, but that prints as %q", s, canon, q.String())
		}
		q.Raw = p.Raw
		if diff := cmp.Diff(p, q); diff != "" {
			t.Fatalf("ParsePattern(%q) and ParsePattern(%q) differ (-first +second):\n%s", s, canon, diff)
		}
	})
}
