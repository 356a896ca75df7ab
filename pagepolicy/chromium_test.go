package pagepolicy_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/chromium"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/site"
)

// htmlCase is one HTML string of the corpus.
type htmlCase struct {
	Name string
	HTML string
}

// corpus reads testdata/html-corpus.txt (CASE replaced by each case's
// name) and adds every HTML string literal the script lint's cases hand
// to the page.
func corpus(t *testing.T) []htmlCase {
	t.Helper()
	data, err := os.ReadFile("testdata/html-corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []htmlCase
	for _, block := range strings.Split("\n"+string(data), "\n=== ")[1:] {
		name, body, _ := strings.Cut(block, "\n")
		out = append(out, htmlCase{Name: name, HTML: strings.ReplaceAll(strings.TrimSuffix(body, "\n"), "CASE", name)})
	}
	files, err := filepath.Glob("../scriptlint/testdata/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	literal := regexp.MustCompile(`"(?:[^"\\\n]|\\.)*<(?:[^"\\\n]|\\.)*"`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if !strings.Contains(line, "HTML") && !strings.Contains(line, "dom.html") {
				continue
			}
			for _, lit := range literal.FindAllString(line, -1) {
				if s, err := strconv.Unquote(lit); err == nil {
					out = append(out, htmlCase{Name: fmt.Sprintf("%s:%d", filepath.Base(f), i+1), HTML: s})
				}
			}
		}
	}
	return out
}

// The remixlet and the page of the witness test.
var (
	page = pagepolicy.Page{URL: "https://news.example.com/", Loads: []string{"https://cdn.example.org/page-image.png"}}
)

func testReach(t *testing.T) site.Reach {
	t.Helper()
	p, err := site.ParsePattern("https://news.example.com/*")
	if err != nil {
		t.Fatal(err)
	}
	return site.Reach{Matches: []site.Pattern{p}, Fetch: []string{"api.example.com"}}
}

// The page the witness serves: it loads an image of its own, and offers
// the two steps the test drives: parse every string with DOMParser and
// describe its elements; then apply the verdicts and insert what is left.
const witnessPage = `<!doctype html><html><head><title>witness</title></head><body>
<img src="https://cdn.example.org/page-image.png"><div id="out"></div>
<script>
window.parseAll = (htmls) => {
  window.docs = [];
  window.elements = [];
  return htmls.map((html) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const els = [];
    const walk = (n) => {
      for (const c of n.children) {
        els.push(c);
        walk(c);
        if (c instanceof HTMLTemplateElement) walk(c.content);
      }
    };
    walk(doc);
    docs.push(doc);
    elements.push(els);
    return els.map((e) => ({
      namespace: e.namespaceURI, tag: e.localName,
      wrapper: e === doc.documentElement || e === doc.head || e === doc.body,
      attributes: [...e.attributes].map((a) => ({ name: a.name, value: a.value })),
    }));
  });
};
window.applyAndInsert = (verdicts) => {
  verdicts.forEach((perDoc, d) => {
    perDoc.forEach((v, i) => {
      const e = elements[d][i];
      if (v.drop) { e.remove(); return; }
      for (const [name, value] of v.attributes) {
        if (value === null) e.removeAttribute(name); else e.setAttribute(name, value);
      }
    });
    document.getElementById("out").append(...docs[d].body.childNodes);
  });
  return true;
};
window.insertRaw = (htmls) => {
  for (const html of htmls) {
    // Each in a frame of its own, so that one string's <base> moves no
    // other string's addresses.
    const doc = new DOMParser().parseFromString(html, "text/html");
    const frame = document.createElement("iframe");
    document.body.append(frame);
    const into = frame.contentDocument;
    into.head.append(...doc.head.childNodes);
    into.body.append(...doc.body.childNodes);
  }
  return true;
};
</script></body></html>`

type described struct {
	Namespace  string            `json:"namespace"`
	Tag        string            `json:"tag"`
	Wrapper    bool              `json:"wrapper"`
	Attributes []pagepolicy.Attr `json:"attributes"`
}

type applied struct {
	Drop       bool         `json:"drop"`
	Attributes [][2]*string `json:"attributes"`
}

func key(ns, tag string, attrs []pagepolicy.Attr) string {
	var parts []string
	for _, a := range attrs {
		parts = append(parts, strings.ToLower(a.Name)+"="+a.Value)
	}
	slices.Sort(parts)
	return ns + " " + strings.ToLower(tag) + " " + strings.Join(parts, "\x00")
}

func evaluate(t *testing.T, b *chromium.Browser, session, call string, arg any, out any) {
	t.Helper()
	data, err := json.Marshal(arg)
	if err != nil {
		t.Fatal(err)
	}
	v, err := b.Evaluate(session, call+"("+string(data)+")")
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(v, out); err != nil {
			t.Fatalf("%s: %v", call, err)
		}
	}
}

// TestWitnessInChromium is the page policy proven against the browser.
// Headless Chromium parses every HTML string of the corpus with DOMParser;
// every element it makes must be one ParseHTML reads too (else the lint
// would judge other markup than the page agent inserts). The table's
// verdict (JudgeElement) is applied in the page and what is left is
// inserted; the witness server, which every host resolves to, must then
// record no request to an address the remixlet may not reach, and no
// handler may have run. Inserted raw, the same strings do load from such
// hosts, and the lint refuses each string that does.
func TestWitnessInChromium(t *testing.T) {
	cases := corpus(t)
	reach := testReach(t)
	w := chromium.NewWitness(t)
	w.Handle("news.example.com", "/", chromium.Page{ContentType: "text/html; charset=utf-8", Body: witnessPage})
	w.Handle("news.example.com", "/raw", chromium.Page{ContentType: "text/html; charset=utf-8", Body: witnessPage})
	w.Handle("cdn.example.org", "/page-image.png", chromium.Page{ContentType: "image/gif", Body: "GIF89a"})
	b := chromium.Start(t, w.Flags()...)
	session := b.OpenPage(t, page.URL)
	w.Reset()

	htmls := make([]string, len(cases))
	for i, c := range cases {
		htmls[i] = c.HTML
	}
	var docs [][]described
	evaluate(t, b, session, "parseAll", htmls, &docs)
	if len(docs) != len(cases) {
		t.Fatalf("Chromium parsed %d of %d strings", len(docs), len(cases))
	}

	verdicts := make([][]applied, len(cases))
	elements := 0
	for i, c := range cases {
		goElements, err := pagepolicy.ParseHTML(c.HTML)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		ours := map[string]bool{}
		for _, e := range goElements {
			var attrs []pagepolicy.Attr
			for _, a := range e.Attributes {
				attrs = append(attrs, pagepolicy.Attr{Name: pagepolicy.AttributeName(a), Value: a.Val})
			}
			ours[key(e.Namespace, e.Tag, attrs)] = true
		}
		for _, e := range docs[i] {
			elements++
			if !ours[key(e.Namespace, e.Tag, e.Attributes)] {
				t.Errorf("%s: Chromium's DOMParser makes %s, which ParseHTML does not read:\n%s", c.Name, key(e.Namespace, e.Tag, e.Attributes), c.HTML)
			}
			j := pagepolicy.JudgeElement(pagepolicy.ElementRequest{Namespace: e.Namespace, Tag: e.Tag, Attributes: e.Attributes}, page, reach)
			v := applied{Drop: !j.Element.Allowed && !e.Wrapper, Attributes: [][2]*string{}}
			for _, a := range j.Attributes {
				value := &a.Value
				if !a.Allowed {
					value = nil
				}
				name := a.Name
				v.Attributes = append(v.Attributes, [2]*string{&name, value})
			}
			verdicts[i] = append(verdicts[i], v)
		}
	}
	evaluate(t, b, session, "applyAndInsert", verdicts, nil)
	time.Sleep(3 * time.Second) // loads, timers and animations start at once
	var judged []chromium.Request
	for _, r := range w.Requests() {
		if browsersOwn(r) {
			continue
		}
		judged = append(judged, r)
		if v := pagepolicy.JudgeAddress(r.URL(), true, page, reach); !v.Allowed {
			t.Errorf("after the table's verdict, the page requested %s (%s)", r.URL(), v.Reason)
		}
	}

	// The witness sees what the strings load when nothing is judged.
	raw := b.OpenPage(t, page.URL+"raw")
	w.Reset()
	evaluate(t, b, raw, "insertRaw", htmls, nil)
	time.Sleep(3 * time.Second)
	loaded := map[string]bool{}
	for _, r := range w.Requests() {
		if v := pagepolicy.JudgeAddress(r.URL(), true, page, reach); !v.Allowed && !browsersOwn(r) {
			if name, _, ok := strings.Cut(strings.TrimPrefix(r.Path, "/"), "/"); ok {
				loaded[name] = true
			}
		}
	}
	if len(loaded) < 15 {
		t.Errorf("inserted raw, only %d cases loaded from a host the remixlet may not reach: the witness does not see loads", len(loaded))
	}
	for _, c := range cases {
		if loaded[c.Name] && !lintRefuses(t, c.HTML) {
			t.Errorf("%s loads from a host the remixlet may not reach when inserted, but the lint does not refuse dom.html(%q)", c.Name, c.HTML)
		}
	}
	t.Logf("%d strings, %d elements as Chromium parses them; %d requests after the verdicts, all allowed; %d cases load elsewhere when inserted raw, each refused by the lint", len(cases), elements, len(judged), len(loaded))
}

// browsersOwn reports the requests Chromium makes for itself (its
// favicon, its Google services), which no page content asked for.
func browsersOwn(r chromium.Request) bool {
	return r.Path == "/favicon.ico" || strings.HasSuffix(r.Host, ".google.com") || strings.HasSuffix(r.Host, ".googleapis.com") || strings.HasSuffix(r.Host, ".gstatic.com")
}

const lintManifest = `{"name": "Witness", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "fetch:api.example.com", "reason": "Read."}]}`

// lintRefuses reports whether the lint refuses handing html to the page.
func lintRefuses(t *testing.T, html string) bool {
	t.Helper()
	lit, err := json.Marshal(html)
	if err != nil {
		t.Fatal(err)
	}
	script := "await dom.html(" + string(lit) + ");\nrmx.fetch(\"https://api.example.com/x\");\n"
	res := analysis.RunPackage(analysis.LoadFiles("witness", map[string][]byte{"manifest.json": []byte(lintManifest), "script.js": []byte(script)}), lint.Analyzers)
	return finding.HasErrors(res.Findings)
}
