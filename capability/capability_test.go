package capability

import (
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/sandboxapi"
)

// Every member of the API has a kind, and the table names nothing the API
// does not have: a new member fails here until it is classified.
func TestEveryMemberIsClassified(t *testing.T) {
	for _, m := range sandboxapi.Members() {
		if _, ok := Of(m.Path); !ok {
			t.Errorf("%s is not classified: add it to byMember with its kind", m.Path)
		}
	}
	for p := range byMember {
		if _, ok := sandboxapi.Lookup(p); !ok {
			t.Errorf("byMember classifies %s, which sandboxapi does not have", p)
		}
	}
	for _, e := range kinds {
		if e.words == "" || strings.ToLower(e.words[:1]) != e.words[:1] {
			t.Errorf("%s: words must be a lower-case phrase: %q", e.kind, e.words)
		}
	}
}

const manifestJSON = `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [` +
	`{"permission": "fetch:api.example.com", "reason": "r"}, {"permission": "storage", "reason": "r"},` +
	`{"permission": "network:observe:shop.example.com", "reason": "r"}, {"permission": "fetch:cdn.example.net", "reason": "r"}]}`

func files(kv ...string) []analysis.File {
	var out []analysis.File
	for i := 0; i < len(kv); i += 2 {
		out = append(out, analysis.File{Name: kv[i], Data: []byte(kv[i+1])})
	}
	return out
}

func words(s *Summary) []string {
	var out []string
	for _, it := range s.Capabilities {
		out = append(out, it.Words)
	}
	return out
}

func TestSummary(t *testing.T) {
	for _, c := range []struct {
		name   string
		script string
		css    string
		want   []string
	}{
		{"hides elements", `rmx.keep({check: async () => !(await dom.query(".ad")), repair: async () => (await dom.query(".ad"))?.remove()});`, "",
			[]string{"moves, removes or restyles elements, or changes their attributes"}},
		{"sends page text", `const h = await dom.query("h1"); const t = await h.text();
await rmx.fetch("https://api.example.com/save", {method: "POST", body: t});`, "",
			[]string{"sends page text to api.example.com", "sends requests, signed in as you, to api.example.com", "reads text and HTML on the page"}},
		{"fetch response text is not page text", `const r = await rmx.fetch("https://api.example.com/list"); rmx.log(await r.text());`, "",
			[]string{"sends requests, signed in as you, to api.example.com"}},
		{"host built at run time", `const u = await rmx.storage.get("u"); await rmx.fetch(u);`, "",
			[]string{"sends requests, signed in as you, to a host the code picks at run time", "keeps data in the extension"}},
		{"image and link addresses", `const img = await dom.create("img", {src: "https://cdn.example.net/a.png"});
const a = await dom.query("a"); await a.setAttribute("href", "/account"); await img.setAttribute("src", "https://cdn.example.net/b.png");`, "",
			[]string{"sets image addresses on cdn.example.net", "sets link addresses on the page's own site", "creates elements",
				"moves, removes or restyles elements, or changes their attributes"}},
		{"HTML with an image", "const h = await dom.query('main'); await h.appendHTML(`<p>hi</p><img src=\"https://cdn.example.net/c.png\">`);", "",
			[]string{"sets image addresses on cdn.example.net", "writes HTML into the page, cleaned by the page agent"}},
		{"observes, reads input, clicks, types", `rmx.network.observe("shop.example.com", r => rmx.log(r.status));
const f = await dom.query("input"); const v = await f.value(); await f.setValue(v + "!"); await (await dom.query("button")).click();`, "",
			[]string{"reads the responses the page receives from shop.example.com", "reads the values of form fields", "clicks elements", "types into form fields"}},
		{"page data to the clipboard", `await rmx.clipboard.write(await dom.selection());`, "",
			[]string{"puts the text you select into the clipboard", "writes to the clipboard", "reads the text you select"}},
		{"a string's replace is no sheet", `const s = "a-b".replace("-", " "); rmx.log(s);`, "", nil},
		{"a sheet's replace", `const s = await dom.addStyle("p{}"); await s.replace("p{color:red}");`, "",
			[]string{"adds its own styles to the page"}},
		{"rmx handed on", `function use(x) { return x; } use(rmx);`, "",
			[]string{"hands rmx to code the check cannot follow, so it may use any service its permissions allow"}},
		{"unreadable script", `let x = ;`, "", []string{"runs code the check could not read: fix script.js's findings first"}},
		{"stylesheet loads", ``, `a { background: url("https://cdn.example.net/bg.png") }`,
			[]string{"loads images and fonts for its stylesheet from cdn.example.net"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := files("manifest.json", manifestJSON)
			if c.script != "" {
				fs = append(fs, files("script.js", c.script)...)
			}
			if c.css != "" {
				fs = append(fs, files("style.css", c.css)...)
			}
			got := words(SummarizeFiles(fs))
			if !slices.Equal(got, c.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			}
		})
	}
}

func TestCompare(t *testing.T) {
	old := SummarizeFiles(files("manifest.json", manifestJSON, "script.js", `const h = await dom.query("h1"); rmx.log(await h.text()); await h.setText("x");`))
	new := SummarizeFiles(files("manifest.json", manifestJSON, "script.js", `const h = await dom.query("h1"); await rmx.fetch("https://api.example.com/?q=" + await h.text());`))
	var got []string
	for _, c := range Compare(old, new) {
		got = append(got, c.Change+": "+c.Words)
	}
	want := []string{"added: now sends page text to api.example.com", "added: now sends requests, signed in as you, to api.example.com", "removed: no longer writes text into the page"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := len(Compare(new, new)); n != 0 {
		t.Errorf("a version compared with itself has %d changes", n)
	}
}

// For a new remixlet, the changes are what it does, without "now".
func TestCompareWithNothingBefore(t *testing.T) {
	new := SummarizeFiles(files("manifest.json", manifestJSON, "script.js", `await (await dom.query("button")).click();`))
	got := Compare(nil, new)
	if len(got) != 1 || got[0].Change != "added" || got[0].Words != "clicks elements" {
		t.Errorf("Compare(nil, new) = %+v", got)
	}
}
