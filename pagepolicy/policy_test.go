package pagepolicy

import (
	"strings"
	"testing"

	"github.com/remixlet/remixlet/site"
)

func TestElement(t *testing.T) {
	for _, c := range []struct {
		ns, tag string
		allowed bool
		reason  string
	}{
		{"", "div", true, ""},
		{"", "IMG", true, ""},
		{"", "a", true, ""},
		{"", "path", true, ""},
		{SVGNamespace, "linearGradient", true, ""},
		{"", "form", false, "submits"},
		{"", "base", false, "relative address"},
		{"", "portal", false, "another document"},
		{"", "template", false, "inert markup"},
		{"", "noscript", false, "inert markup"},
		{"", "x-widget", false, "custom element"},
		{"", "set", false, "SVG animation"},
		{"", "animate", false, "SVG animation"},
		{SVGNamespace, "a", false, "loads, links"},
		{SVGNamespace, "script", false, "loads, links"},
		{HTMLNamespace, "path", false, notListed},
		{"", "canvas", false, notListed},
		{MathMLNamespace, "math", false, notListed},
	} {
		v := Element(c.ns, c.tag)
		if v.Allowed != c.allowed || !strings.Contains(v.Reason, c.reason) {
			t.Errorf("Element(%q, %q) = %+v, want allowed %v, reason with %q", c.ns, c.tag, v, c.allowed, c.reason)
		}
	}
}

func TestAttribute(t *testing.T) {
	for _, c := range []struct {
		ns, tag, name, verdict string
	}{
		{"", "a", "href", CheckAddress},
		{"", "img", "src", CheckAddress},
		{"", "", "href", CheckAddress}, // a page element: may be a link
		{"", "", "src", CheckAddress},
		{"", "div", "href", ""}, // inert
		{"", "div", "src", Refuse},
		{"", "input", "src", Refuse},
		{"", "base", "href", Refuse},
		{"", "path", "href", Refuse},
		{SVGNamespace, "svg", "xlink:href", Refuse},
		{"", "div", "onclick", Refuse},
		{"", "div", " OnClick", Refuse},
		{"", "img", "srcset", Refuse},
		{"", "a", "ping", Refuse},
		{"", "td", "background", Refuse},
		{"", "img", "lowsrc", Refuse},
		{"", "img", "longdesc", Refuse},
		{"", "q", "cite", Refuse},
		{"", "img", "attributionsrc", Refuse},
		{"", "div", "style", Refuse},
		{"", "div", "is", Refuse},
		{"", "set", "attributeName", Refuse},
		{"", "set", "to", Refuse},
		{"", "animate", "values", Refuse},
		{"", "option", "values", ""}, // values is only an animation's
		{"", "", "to", ""},           // an unknown element: the page agent decides
		{"", "rect", "fill", CheckFragment},
		{"", "div", "fill", ""},
		{"", "div", "class", ""},
		{"", "input", "type", ""},
	} {
		if v := Attribute(c.ns, c.tag, c.name); v.Verdict != c.verdict {
			t.Errorf("Attribute(%q, %q, %q) = %q (%s), want %q", c.ns, c.tag, c.name, v.Verdict, v.Reason, c.verdict)
		}
	}
	for _, name := range []string{"src", "href", "srcset", "poster", "action", "formaction", "data", "xlink:href", "SRC"} {
		if !LoadsAddress(name) {
			t.Errorf("LoadsAddress(%q) = false", name)
		}
	}
	for _, name := range []string{"title", "cite", "onclick", "value"} {
		if LoadsAddress(name) {
			t.Errorf("LoadsAddress(%q) = true", name)
		}
	}
}

// Every row has a reason, and every attribute row a verdict.
func TestEveryRowSaysWhy(t *testing.T) {
	for _, r := range Allowed {
		if r.Reason == "" || r.Kind == "" || len(r.Tags) == 0 {
			t.Errorf("allow row %+v", r)
		}
	}
	for _, r := range Refused {
		if r.Reason == "" || (len(r.Tags) == 0) == !r.Custom {
			t.Errorf("refused row %+v", r)
		}
		for _, tag := range r.Tags {
			if Element(r.Namespace, tag).Allowed {
				t.Errorf("%s is both allowed and refused", tag)
			}
		}
	}
	for _, r := range Attributes {
		if r.Reason == "" || r.Verdict == "" || r.Name != strings.ToLower(r.Name) {
			t.Errorf("attribute row %+v", r)
		}
	}
	for _, r := range PasswordFixed {
		if r.Reason == "" {
			t.Errorf("password row %+v", r)
		}
	}
}

func TestParseHTMLIsInert(t *testing.T) {
	tags := func(s string) []string {
		var out []string
		elements, err := ParseHTML(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range elements {
			if !e.Wrapper {
				out = append(out, e.Tag)
			}
		}
		return out
	}
	// Scripting off: <noscript>'s content is markup, as DOMParser reads it.
	if got := strings.Join(tags(`<noscript><img src=https://evil.example/x></noscript>`), " "); got != "noscript img" {
		t.Errorf("noscript: %s", got)
	}
	// Template content, foreign content, and the tag a tree builder drops
	// inside select but Chromium keeps.
	if got := strings.Join(tags(`<template><img src=x></template><svg><animate attributeName=href></svg><select><img src=y></select>`), " "); !strings.Contains(got, "template img") || !strings.Contains(got, "svg animate") || !strings.Contains(got, "select") || strings.Count(got, "img") != 2 {
		t.Errorf("template, svg, select: %s", got)
	}
	// A handler on body merges into the wrapper.
	elements, _ := ParseHTML(`<body onload="x()"><p>hi`)
	for _, e := range elements {
		if e.Tag == "body" && (!e.Wrapper || len(e.Attributes) != 1) {
			t.Errorf("body: %+v", e)
		}
	}
	// Nesting the parser follows is walked without recursion; deeper is
	// an error, with the tokenizer's tags.
	elements, err := ParseHTML(strings.Repeat("<div>", 500) + "<img src=x>")
	if err != nil || len(elements) != 504 {
		t.Errorf("500 deep: %d elements, %v", len(elements), err)
	}
	elements, err = ParseHTML(strings.Repeat("<div>", 100000) + "<img src=x>")
	if err != ErrTooDeep || len(elements) != 2 {
		t.Errorf("100,000 deep: %d elements, %v", len(elements), err)
	}
}

func TestFragmentOnly(t *testing.T) {
	for v, want := range map[string]bool{
		"red":                            true,
		"url(#g)":                        true,
		`url( "#g" ) red`:                true,
		"url(https://evil.example)":      false,
		`\75 rl(https://evil.example/x)`: false,
		"URL(x.svg#g)":                   false,
		"url(#a) url(b)":                 false,
	} {
		if got := FragmentOnly(v); got != want {
			t.Errorf("FragmentOnly(%q) = %v", v, got)
		}
	}
}

func TestSelectorTestsValue(t *testing.T) {
	for s, want := range map[string]bool{
		`input[value^="a"]`:   true,
		`[ value *= a i]`:     true,
		`[*|value]`:           true,
		`[\76 alue="x"]`:      true,
		`input[name="value"]`: false,
		`.value`:              false,
	} {
		if got := SelectorTestsValue(s); got != want {
			t.Errorf("SelectorTestsValue(%q) = %v", s, got)
		}
	}
}

func reach(t *testing.T, matches []string, fetch ...string) site.Reach {
	t.Helper()
	r := site.Reach{Fetch: fetch}
	for _, m := range matches {
		p, err := site.ParsePattern(m)
		if err != nil {
			t.Fatal(err)
		}
		r.Matches = append(r.Matches, p)
	}
	return r
}

func TestJudgeAddress(t *testing.T) {
	r := reach(t, []string{"https://news.example.com/*"}, "api.example.com")
	page := Page{URL: "https://shop.example.net/list/", Base: "https://cdn.example.org/base/", Loads: []string{"https://img.example.org/a.png?x=1"}}
	for _, c := range []struct {
		raw      string
		image    bool
		because  string
		resolved string
	}{
		{"https://news.example.com/x", false, OwnSite, "https://news.example.com/x"},
		{"https://api.example.com/x", false, FetchHost, "https://api.example.com/x"},
		{"https://shop.example.net/other", false, SameOrigin, "https://shop.example.net/other"},
		{"/other", false, "", "https://cdn.example.org/other"}, // the base's host, not the page's
		{"https://img.example.org/a.png?x=1", true, PageLoad, "https://img.example.org/a.png?x=1"},
		{"https://img.example.org/a.png?x=2", true, "", "https://img.example.org/a.png?x=2"},
		{"data:image/png;base64,AAAA", true, DataImage, "data:image/png;base64,AAAA"},
		{"data:image/png;base64,AAAA", false, "", "data:image/png;base64,AAAA"},
		{"data:text/html,<script>", true, "", "data:text/html,<script>"},
		{" java\tscript:alert(1)", false, "", "javascript:alert(1)"},
		{"blob:https://shop.example.net/1", true, "", "blob:https://shop.example.net/1"},
		{"https://user@news.example.com/", false, "", "https://user@news.example.com/"},
		{"https://evil.example/", false, "", "https://evil.example/"},
		{"https://[::1", false, "", ""},
	} {
		v := JudgeAddress(c.raw, c.image, page, r)
		if v.Because != c.because || v.Allowed != (c.because != "") || v.Resolved != c.resolved || (!v.Allowed && v.Reason == "") {
			t.Errorf("JudgeAddress(%q) = %+v, want because %q, resolved %q", c.raw, v, c.because, c.resolved)
		}
	}
	if v := JudgeAddress("x", false, Page{URL: "not an address"}, r); v.Allowed || !strings.Contains(v.Reason, "page's address") {
		t.Errorf("a page address that does not parse: %+v", v)
	}
}

func TestJudgeElement(t *testing.T) {
	r := reach(t, []string{"https://news.example.com/*"})
	page := Page{URL: "https://news.example.com/"}
	j := JudgeElement(ElementRequest{Tag: "img", Attributes: []Attr{{"src", "/logo.png"}, {"onerror", "x()"}, {"alt", "Logo"}}}, page, r)
	if !j.Element.Allowed || !j.Refused || len(j.Attributes) != 3 {
		t.Fatalf("%+v", j)
	}
	if a := j.Attributes[0]; !a.Allowed || a.Value != "https://news.example.com/logo.png" || a.Address == nil {
		t.Errorf("src: %+v", a)
	}
	if a := j.Attributes[1]; a.Allowed || a.Rule != Refuse {
		t.Errorf("onerror: %+v", a)
	}
	if a := j.Attributes[2]; !a.Allowed || a.Rule != "" || a.Value != "Logo" {
		t.Errorf("alt: %+v", a)
	}
	pw := JudgeElement(ElementRequest{Tag: "input", Attributes: []Attr{{"type", "text"}, {"placeholder", "x"}}, PasswordField: true}, page, r)
	if !pw.Refused || pw.Attributes[0].Rule != PasswordFieldRule || !pw.Attributes[1].Allowed {
		t.Errorf("password field: %+v", pw)
	}
	if IsPasswordField("input", func(n string) (string, bool) {
		return map[string]string{"autocomplete": "username current-password"}[n], n == "autocomplete"
	}) != true {
		t.Error("autocomplete current-password is a password field")
	}
	html, err := JudgeHTML(`<a href="javascript:go()">x</a><noscript><img src=https://evil.example/n.png></noscript>`, page, r)
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	for _, e := range html {
		for _, a := range e.Attributes {
			if !a.Allowed {
				refused = append(refused, e.Element.Tag+" "+a.Name)
			}
		}
		if !e.Element.Allowed {
			refused = append(refused, e.Element.Tag)
		}
	}
	if strings.Join(refused, ", ") != "a href, noscript, img src" {
		t.Errorf("refused in HTML: %v", refused)
	}
}
