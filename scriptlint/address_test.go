package scriptlint_test

import (
	"strings"
	"testing"
)

// TestAddressesReadAsTheBrowserReadsThem: an address with leading C0
// control characters, or tabs and newlines inside its scheme, is the
// address a browser's URL parser reads after stripping them (site.Clean),
// so "\x01javascript:" is a javascript: address and "\x0e//host" is
// scheme-relative.
func TestAddressesReadAsTheBrowserReadsThem(t *testing.T) {
	for _, c := range []struct{ code, rule string }{
		{`link.href = "\x01javascript:alert(1)";`, "js/remote-src"},
		{`link.href = "\x1f\x0bjavascript:alert(1)";`, "js/remote-src"},
		{`link.href = "\x01java\tscript:alert(1)";`, "js/remote-src"},
		{`img.src = "\x0e//evil.example/pixel.gif";`, "js/remote-src"},
		{`img.src = "\x01https://evil.example/pixel.gif";`, "js/remote-src"},
		{`img.src = "https://-1/pixel.gif";`, "js/remote-src"},
		{`img.src = "https://news.example.com../pixel.gif";`, "js/remote-src"},
		{`new Worker("\x01https://evil.example/w.js");`, "js/remote-code"},
	} {
		script := `const link = await dom.create("a"); const img = await dom.create("img");` + "\n" + c.code + keepPermissions
		var rules []string
		for _, f := range lintScript(t, corpusManifest, script) {
			rules = append(rules, f.Rule)
		}
		if !strings.Contains(strings.Join(rules, " "), c.rule) {
			t.Errorf("%s: findings %v, want %s", c.code, rules, c.rule)
		}
	}
	// The same addresses, clean and on the remixlet's own site, pass.
	script := `const img = await dom.create("img");` + "\n" + `img.src = "\x01https://news.example.com/logo.png";` + keepPermissions
	if f := lintScript(t, corpusManifest, script); len(f) != 0 {
		t.Errorf("an allowed address with a leading control character: %v", f)
	}
}
