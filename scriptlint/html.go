package scriptlint

import (
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/pagepolicy"
)

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
	sp.checkHTMLText(v, off, sink)
}

// checkHTMLText is checkHTML on one value the HTML may be.
func (sp *scriptPass) checkHTMLText(v strVal, off int, sink string) {
	if !v.known {
		sp.report(RuleDynamicHtml, off, "%s is given HTML with parts built at run time: a value with markup in it becomes markup; build elements with dom.create and set text with Handle.setText()", sink)
	}
	elements, err := pagepolicy.ParseHTML(v.s)
	if err != nil { // pagepolicy.ErrTooDeep: the page agent refuses it whole
		sp.report(RuleUnsafeHtml, off, "%s is given HTML that nests elements more than 512 deep, which the check cannot read as the page agent does: build the content with dom.create, or with fewer levels", sink)
	}
	for _, e := range elements {
		tag := strings.ToLower(e.Tag)
		switch ev := pagepolicy.Element(e.Namespace, e.Tag); {
		case e.Wrapper:
		case tag == "script":
			sp.report(RuleUnsafeHtml, off, "%s is given HTML with a <script> element: put the code in script.js and build the page with dom", sink)
		case tag == "base":
			sp.report(RuleUnsafeHtml, off, "%s is given HTML with a <base> element, which changes where every relative address on the page resolves: remove it", sink)
		case !ev.Allowed:
			sp.report(RuleRefusedElement, off, "%s is given HTML with a <%s> element, which the page agent drops: %s; use layout, text, form-control, image or simple SVG elements", sink, tag, ev.Reason)
		}
		for _, a := range e.Attributes {
			name := pagepolicy.AttributeName(a)
			switch av := pagepolicy.Attribute(e.Namespace, e.Tag, name); {
			case strings.HasPrefix(name, "on"):
				sp.report(RuleUnsafeHtml, off, "%s is given HTML with an %s= handler, which runs code: listen for the event through dom instead", sink, name)
			case name == "srcdoc":
				sp.report(RuleUnsafeHtml, off, "%s is given HTML with a srcdoc attribute, a document that runs: build the content with dom.create", sink)
			case av.Verdict == pagepolicy.Refuse, av.Verdict == pagepolicy.CheckFragment && !pagepolicy.FragmentOnly(a.Val):
				sp.report(RuleUnsafeHtml, off, "%s is given HTML with %s= on <%s>, which the page agent strips: %s", sink, name, tag, av.Reason)
			case av.Verdict == pagepolicy.CheckAddress:
				sp.checkHTMLAddress(sink, name, a.Val, off)
			}
		}
	}
}

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
	if hasScriptScheme(squeezed) {
		sp.report(RuleUnsafeHtml, off, "%s is given HTML whose %s is a javascript: address, which runs code: use a real address and listen for clicks through dom", sink, attr)
		return
	}
	if strings.Contains(val, unknownMark) || !isRemoteAddress(val) {
		return
	}
	load := sp.m.CheckLoad(val)
	if load.Allowed {
		sp.hostsSeen[load.Host] = true
		return
	}
	sp.report(RuleUnsafeHtml, off, "%s is given HTML whose %s loads %q: %s", sink, attr, val, load.Reason)
}

func (sp *scriptPass) checkSelector(a esb.Expr) {
	v := sp.fold(a)
	if !v.known && !v.isStr {
		return
	}
	if pagepolicy.SelectorTestsValue(v.s) {
		sp.report(RuleValueSelector, int(a.Loc.Start), "a selector that tests an input's value reads it a character at a time; the page agent refuses it while the page has a password field: select the field by name, id or type and read its value through dom")
	}
}
