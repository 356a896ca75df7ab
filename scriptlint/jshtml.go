package scriptlint

import (
	"regexp"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"
	"golang.org/x/net/html"

	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
)

// htmlAddressAttributes are the attributes that make an element load or
// navigate to an address.
var htmlAddressAttributes = map[string]bool{
	"src": true, "href": true, "srcset": true, "poster": true, "action": true, "formaction": true,
	"data": true, "xlink:href": true, "background": true, "ping": true, "lowsrc": true, "dynsrc": true,
	"codebase": true, "cite": true, "longdesc": true, "manifest": true, "archive": true,
}

// checkHTML reads HTML handed to the page (innerHTML, insertAdjacentHTML,
// dom's HTML entry points) with the HTML tokenizer browsers' parsers are
// specified by, so that case, entities and odd spacing hide nothing. Parts
// built at run time are read as placeholders: the tags and attributes
// around them are still checked, and the sink is a warning.
func (sp *scriptPass) checkHTML(value esb.Expr, sink string) {
	off := int(value.Loc.Start)
	v := sp.fold(value)
	if !v.known && !v.isStr {
		sp.report(RuleDynamicHtml, off, "%s is given HTML built at run time, which the check cannot read: build elements with dom.create and set text with Handle.setText()", sink)
		return
	}
	if !v.known {
		sp.report(RuleDynamicHtml, off, "%s is given HTML with parts built at run time: a value with markup in it becomes markup; build elements with dom.create and set text with Handle.setText()", sink)
	}
	z := html.NewTokenizer(strings.NewReader(v.s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		tag := strings.ToLower(tok.Data)
		switch {
		case tag == "script":
			sp.report(RuleUnsafeHtml, off, "%s is given HTML with a <script> element: put the code in script.js and build the page with dom", sink)
		case tag == "base":
			sp.report(RuleUnsafeHtml, off, "%s is given HTML with a <base> element, which changes where every relative address on the page resolves: remove it", sink)
		case refusedElements[tag]:
			sp.report(RuleRefusedElement, off, "%s is given HTML with a <%s> element, which the page agent drops: use layout, text, form-control, image or simple SVG elements", sink, tag)
		}
		for _, a := range tok.Attr {
			name := strings.ToLower(a.Key)
			if a.Namespace != "" {
				name = strings.ToLower(a.Namespace) + ":" + name
			}
			switch {
			case strings.HasPrefix(name, "on"):
				sp.report(RuleUnsafeHtml, off, "%s is given HTML with an %s= handler, which runs code: listen for the event through dom instead", sink, name)
			case name == "srcdoc":
				sp.report(RuleUnsafeHtml, off, "%s is given HTML with a srcdoc attribute, a document that runs: build the content with dom.create", sink)
			case htmlAddressAttributes[name] || name == "style":
				sp.checkHTMLAddress(sink, name, a.Val, off)
			}
		}
	}
}

var jsSchemeRe = regexp.MustCompile(`(?i)(?:javascript|vbscript|livescript):`)

// checkHTMLAddress checks one attribute value in HTML: no script address,
// and no load from a host the address rule refuses.
func (sp *scriptPass) checkHTMLAddress(sink, attr, val string, off int) {
	// Browsers drop tabs and newlines inside addresses and ignore leading
	// control characters and spaces: jav&#x09;ascript: is javascript:.
	squeezed := strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, val)
	if jsSchemeRe.MatchString(squeezed) {
		sp.report(RuleUnsafeHtml, off, "%s is given HTML whose %s is a javascript: address, which runs code: use a real address and listen for clicks through dom", sink, attr)
		return
	}
	if attr == "style" {
		res := cssguard.Check([]byte(val), ScriptFile, sp.m, cssguard.Script)
		for _, f := range res.Findings {
			sp.report(finding.RuleOf(f), off, "in a style attribute of the HTML given to %s: %s", sink, f.Message)
		}
		return
	}
	candidates := []string{val}
	if attr == "srcset" {
		candidates = nil
		for _, c := range strings.Split(val, ",") {
			if f := strings.Fields(c); len(f) > 0 {
				candidates = append(candidates, f[0])
			}
		}
	}
	for _, addr := range candidates {
		if strings.Contains(addr, unknownMark) || !isRemoteAddress(addr) {
			continue
		}
		load := sp.m.CheckLoad(addr)
		if load.Allowed {
			sp.hostsSeen[load.Host] = true
			continue
		}
		sp.report(RuleUnsafeHtml, off, "%s is given HTML whose %s loads %q: %s", sink, attr, addr, load.Reason)
	}
}

// valueSelectorRe finds an attribute selector on value, after CSS escapes
// are decoded: [value], [value^="a"], [ value *= a i], [*|value=…].
var valueSelectorRe = regexp.MustCompile(`(?i)\[\s*(?:[A-Za-z0-9_*-]*\|)?value\s*(?:[~|^$*]?=|\])`)

func (sp *scriptPass) checkSelector(a esb.Expr) {
	v := sp.fold(a)
	if !v.known && !v.isStr {
		return
	}
	if valueSelectorRe.MatchString(decodeCSSEscapes(v.s)) {
		sp.report(RuleValueSelector, int(a.Loc.Start), "a selector that tests an input's value reads it a character at a time; the page agent refuses it while the page has a password field: select the field by name, id or type and read its value through dom")
	}
}

// decodeCSSEscapes decodes CSS escapes (\76 alue, \v) so that an escaped
// attribute name reads as the name it is.
func decodeCSSEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		n := 0
		var r rune
		for j < len(s) && n < 6 && isHexDigit(s[j]) {
			r = r*16 + rune(hexVal(s[j]))
			j++
			n++
		}
		if n == 0 {
			b.WriteByte(s[j])
			i = j
			continue
		}
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		if r == 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF) {
			r = 0xFFFD
		}
		b.WriteRune(r)
		i = j - 1
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
