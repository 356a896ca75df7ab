package scriptlint

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/pagepolicy"
)

// Sinks fail closed (docs/script-lint.md, "Sinks fail closed"). The page
// agent's and the worker's sinks are judged on every value their argument
// may hold (mayHoldExprs); where one cannot be read, js/unreadable-sink
// refuses the call, with what to write instead. What must be readable:
//
//   - a tag (dom.create): every value known;
//   - an attributes object (dom.create): an object whose every key is
//     known, through literals, constants, spreads, Object.fromEntries,
//     JSON.parse and structuredClone; values may be anything, except an
//     address's;
//   - an attribute name (setAttribute, setAttributeNS): every value known;
//   - an address (href, src, srcset and the other addresses an element
//     loads): its host known, or a known relative start, or the page's own
//     address (location, or what getAttribute read from the page);
//   - an rmx.fetch or rmx.schedule.openTab address: its host known;
//   - HTML and CSS (dom.html and the HTML methods, dom.addStyle,
//     Sheet.replace): a string whose markup is written in the code, with
//     any computed parts inside it.

// sinkMessage is what to write instead, by sink.
const (
	unreadableTag     = "%s is given a tag the check cannot read, so it cannot tell whether the page agent makes that element: write the tag in the code (dom.create(\"div\"), or cond ? \"h2\" : \"h3\"); the page agent makes only layout, text, form-control, image and simple SVG elements"
	unreadableAttrs   = "%s is given attributes the check cannot read, so it cannot tell whether the page agent refuses one: write them as an object literal with each name written out (dom.create(\"a\", { href: \"https://news.example.com/\", class: `${dom.mark}-link` })), or set them one by one with setAttribute(\"name\", value); values other than addresses may be computed"
	unreadableName    = "%s is given an attribute name the check cannot read, so it cannot tell whether the page agent refuses it (on* handlers, style, srcdoc and attributes that load something are refused): write the name in the code, setAttribute(\"title\", value); the value may be computed"
	unreadableAddress = "%s is given an address for %s that the check cannot read, so it cannot tell where the element loads or links to: write the full address with its host in the code (`https://news.example.com/item/${id}`); an address read from the page (getAttribute, location) may be written back"
	unreadableFetch   = "%s is given an address the check cannot read, so it cannot tell which host the request goes to, signed in as the user: write the host in the code, as a literal or a template whose host is written out (rmx.fetch(`https://api.example.com/items/${id}`)), or new URL(path, \"https://api.example.com\"); each host needs a fetch: permission"
	unreadableTab     = "%s is given an address the check cannot read, so it cannot tell whether it is one of this remixlet's own pages: write the page's address in the code, with only its path or query computed (`https://news.example.com/item/${id}`)"
	unreadableHTML    = "%s is given HTML the check cannot read, so it cannot tell which elements and attributes it puts on the page: build elements with dom.create and set text with setText(), or write the markup in the code with only text computed inside it"
	unreadableCSS     = "%s is given CSS the check cannot read, so it cannot tell whether it loads anything: write the CSS in the code, with only values computed inside it (`.${dom.mark}-box { width: ${w}px }`)"
)

// checkCreateClosed judges dom.create(tag, attributes).
func (sp *scriptPass) checkCreateClosed(args []esb.Expr) {
	if len(args) == 0 {
		return
	}
	tag := ""
	vals, ok := sp.mayHoldStrings(args[0])
	if !ok || !allKnown(vals) {
		sp.report(RuleUnreadableSink, int(args[0].Loc.Start), unreadableTag, "dom.create")
	} else {
		for _, v := range vals {
			t := sp.checkCreatedTag(esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(v.s))}, Loc: args[0].Loc}, false)
			if len(vals) == 1 {
				tag = t
			}
		}
	}
	if len(args) > 1 {
		sp.checkAttributesClosed(tag, args[1])
	}
}

// checkAttributesClosed judges an attributes object by every object it
// may be.
func (sp *scriptPass) checkAttributesClosed(tag string, e esb.Expr) {
	off := int(e.Loc.Start)
	readable := sp.mayHoldExprs(e, func(x esb.Expr) bool { return sp.attributesOf(tag, x, 0) })
	if !readable {
		sp.report(RuleUnreadableSink, off, unreadableAttrs, "dom.create")
	}
}

// attributesOf judges one value an attributes object may be; false when
// it cannot be read.
func (sp *scriptPass) attributesOf(tag string, e esb.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := e.Data.(type) {
	case *esb.EUndefined, *esb.ENull:
		return true
	case *esb.EObject:
		for i := range x.Properties {
			p := &x.Properties[i]
			if p.Kind == esb.PropertySpread {
				if !sp.mayHoldExprs(p.ValueOrNil, func(s esb.Expr) bool { return sp.attributesOf(tag, s, depth+1) }) {
					return false
				}
				continue
			}
			if p.Kind != esb.PropertyField || p.ValueOrNil.Data == nil {
				return false
			}
			keys, ok := sp.mayHoldStrings(p.Key)
			if !ok {
				return false
			}
			for _, k := range keys {
				if !k.known || k.s == "__proto__" {
					return false // inherited attributes are not read
				}
				sp.sinkAttribute(tag, k.s, p.ValueOrNil, int(p.Key.Loc.Start), "dom.create")
			}
		}
		return true
	case *esb.ECall:
		if len(x.Args) == 0 {
			return false
		}
		switch path, _ := sp.globalMember(x.Target); path {
		case "Object.fromEntries":
			return sp.mayHoldElements(x.Args[0], func(pair esb.Expr) bool {
				var k, v esb.Expr
				ok := sp.mayHoldExprs(pair, func(p esb.Expr) bool {
					arr, isArr := p.Data.(*esb.EArray)
					if !isArr || len(arr.Items) != 2 || hasSpreadItem(arr.Items) {
						return false
					}
					k, v = arr.Items[0], arr.Items[1]
					return sp.attributesOf(tag, esb.Expr{Data: &esb.EObject{Properties: []esb.Property{{Kind: esb.PropertyField, Key: k, ValueOrNil: v}}}, Loc: k.Loc}, depth+1)
				})
				return ok
			})
		case "JSON.parse":
			text := sp.fold(x.Args[0])
			if !text.known || len(x.Args) > 1 {
				return false
			}
			var attrs map[string]any
			if json.Unmarshal([]byte(text.s), &attrs) != nil {
				return false
			}
			for key, v := range attrs {
				s, _ := v.(string)
				value := esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(s))}, Loc: x.Args[0].Loc}
				sp.sinkAttribute(tag, key, value, int(x.Args[0].Loc.Start), "dom.create")
			}
			return true
		case "Object.assign":
			for _, a := range x.Args {
				if !sp.mayHoldExprs(a, func(s esb.Expr) bool { return sp.attributesOf(tag, s, depth+1) }) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// sinkAttribute judges one attribute a sink sets: the page policy, and an
// address that must be readable.
func (sp *scriptPass) sinkAttribute(tag, name string, value esb.Expr, off int, sink string) {
	switch strings.ToLower(name) {
	case "innerhtml", "outerhtml":
		sp.checkHTMLClosed(value, name)
		return
	}
	sp.checkAttribute(tag, name, value, off)
	if value.Data == nil {
		return
	}
	v := pagepolicy.Attribute("", tag, name)
	if v.Verdict != pagepolicy.CheckAddress && !(v.Verdict == pagepolicy.Refuse && tag == "" && v.Row.Address) {
		return
	}
	if !sp.readableAddress(value) {
		sp.report(RuleUnreadableSink, int(value.Loc.Start), unreadableAddress, sink, strings.ToLower(strings.TrimSpace(name)))
	}
}

// readableAddress reports an address whose every value the check can
// judge: a known host, a known relative start, or the page's own address.
func (sp *scriptPass) readableAddress(e esb.Expr) bool {
	return sp.mayHoldExprs(e, func(x esb.Expr) bool {
		if sp.pageOwnAddress(x, 0) {
			return true
		}
		v := sp.fold(x)
		switch {
		case v.known:
			return true // checkAddress judges it
		case !v.isStr:
			_, undef := x.Data.(*esb.EUndefined)
			return undef
		}
		if addressReadable(v) {
			return true
		}
		more, ok := sp.expandStrings(x)
		return ok && !slices.ContainsFunc(more, func(v strVal) bool { return !addressReadable(v) })
	})
}

// relativeStart reports a known start of an address that keeps it on the
// page's own site: a path, a query or a fragment.
func relativeStart(head string) bool {
	if head == "" {
		return false
	}
	if head[0] == '/' {
		return len(head) > 1 && head[1] != '/' && head[1] != '\\'
	}
	if head[0] == '?' || head[0] == '#' {
		return true
	}
	before, _, found := strings.Cut(head, "/")
	return found && !strings.Contains(before, ":")
}

// pageOwnAddress reports an address the page itself holds: location and
// its parts, what getAttribute read, a URL made from one of those, its
// href or origin, and a template or sum that starts with one.
func (sp *scriptPass) pageOwnAddress(e esb.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EAwait:
		return sp.pageOwnAddress(x.Value, depth)
	case *esb.ECall:
		if dot, ok := x.Target.Data.(*esb.EDot); ok {
			switch dot.Name {
			case "getAttribute":
				return !sp.notHandle(dot.Target)
			case "toString", "replace", "replaceAll", "trim", "trimStart", "trimEnd":
				// The same address, cleaned (tracking parameters taken out).
				return sp.pageOwnAddress(dot.Target, depth)
			}
		}
		if name, ok := sp.directGlobal(x.Target); ok && name == "String" && len(x.Args) == 1 {
			return sp.pageOwnAddress(x.Args[0], depth)
		}
	case *esb.ENew:
		if name, ok := sp.directGlobal(x.Target); !ok || name != "URL" || len(x.Args) == 0 {
			return false
		}
		if sp.pageOwnAddress(x.Args[0], depth) {
			return true
		}
		// A relative address on the page's own address.
		if len(x.Args) == 2 && sp.pageOwnAddress(x.Args[1], depth) {
			v := sp.fold(x.Args[0])
			head, _, _ := strings.Cut(v.s, unknownMark)
			return (v.known || v.isStr) && relativeStart(head)
		}
	case *esb.EDot:
		if p := sp.resolve(e); slices.ContainsFunc(p, func(s string) bool { return s == "location" || strings.HasPrefix(s, "location.") }) {
			return true
		}
		switch x.Name {
		case "href", "origin":
			return sp.pageOwnURL(x.Target, depth)
		}
	case *esb.EIdentifier:
		if p := sp.resolve(e); slices.Contains(p, "location") {
			return true
		}
		return sp.pageOwnURL(e, depth)
	case *esb.ETemplate:
		if x.TagOrNil.Data == nil && len(x.HeadCooked) == 0 && len(x.Parts) > 0 {
			return sp.pageOwnAddress(x.Parts[0].Value, depth)
		}
	case *esb.EBinary:
		if x.Op == esb.BinOpAdd {
			return sp.pageOwnAddress(x.Left, depth)
		}
	}
	return false
}

// pageOwnURL reports a binding (or a value) that is only ever the page's
// own address, and whose host no write changes.
func (sp *scriptPass) pageOwnURL(e esb.Expr, depth int) bool {
	id, ok := e.Data.(*esb.EIdentifier)
	if !ok {
		return sp.pageOwnAddress(e, depth)
	}
	s, info := sp.lookup(id.Ref)
	// Passing a URL's member on marks it handed on; its host changes only
	// by a write into it (memberSources), which is looked for.
	if s == nil || info == nil || s.Kind == esb.SymbolUnbound || info.anyWrite || info.updated || len(info.memberSources) > 0 || len(info.sources) == 0 || info.folding {
		return false
	}
	info.folding = true
	defer func() { info.folding = false }()
	for _, src := range info.sources {
		if src.bad || src.elems || len(src.keys) > 0 || !sp.pageOwnAddress(src.expr, depth) {
			return false
		}
	}
	return true
}

// checkSetAttributeClosed judges setAttribute(name, value) (and NS) on a
// receiver that may be a handle.
func (sp *scriptPass) checkSetAttributeClosed(elem, name, value esb.Expr, method string) {
	if name.Data == nil || sp.notHandle(elem) {
		return
	}
	names, ok := sp.mayHoldStrings(name)
	if !ok || !allKnown(names) {
		sp.report(RuleUnreadableSink, int(name.Loc.Start), unreadableName, method)
		return
	}
	tag := sp.elementTag(elem)
	for _, n := range names {
		sp.sinkAttribute(tag, n.s, value, int(name.Loc.Start), method)
	}
}

// checkHTMLClosed judges HTML a sink is given, by every value it may hold.
func (sp *scriptPass) checkHTMLClosed(value esb.Expr, sink string) {
	sp.checkTextClosed(value, sink, unreadableHTML, func(v strVal) { sp.checkHTMLText(v, int(value.Loc.Start), sink) })
}

// checkCSSClosed judges CSS a sink is given, by every value it may hold.
func (sp *scriptPass) checkCSSClosed(value esb.Expr, sink string) {
	sp.checkTextClosed(value, sink, unreadableCSS, func(v strVal) { sp.checkScriptCSSText(v, value, sink) })
}

// checkTextClosed runs check on every value a sink's text may be, and
// refuses it with message when one cannot be read.
func (sp *scriptPass) checkTextClosed(value esb.Expr, sink, message string, check func(strVal)) {
	vals, ok := sp.mayHoldStrings(value)
	if !ok {
		sp.report(RuleUnreadableSink, int(value.Loc.Start), message, sink)
		return
	}
	for _, v := range vals {
		check(v)
	}
}

// fetchAddresses are the addresses an rmx.fetch or openTab argument may
// be, URL objects read as their href; false when one cannot be read.
func (sp *scriptPass) fetchAddresses(e esb.Expr) ([]strVal, bool) {
	var out []strVal
	ok := sp.mayHoldExprs(e, func(x esb.Expr) bool {
		if v := sp.fold(x); v.known || v.isStr {
			if _, _, ok := urlHost(v); !ok && !v.known {
				if more, ok := sp.expandStrings(x); ok {
					out = append(out, more...)
					return true
				}
			}
			out = append(out, v)
			return true
		}
		vs, ok := sp.urlValues(x, 0)
		out = append(out, vs...)
		return ok
	})
	return out, ok
}

// urlValues reads new URL(address, base), URL.parse(…), their href and
// toString(), and a binding holding one whose members no write changes.
func (sp *scriptPass) urlValues(e esb.Expr, depth int) ([]strVal, bool) {
	if depth > 8 {
		return nil, false
	}
	depth++
	var args []esb.Expr
	switch x := e.Data.(type) {
	case *esb.EAwait:
		return sp.urlValues(x.Value, depth)
	case *esb.ENew:
		if name, ok := sp.directGlobal(x.Target); !ok || name != "URL" {
			return nil, false
		}
		args = x.Args
	case *esb.ECall:
		if p, _ := sp.globalMember(x.Target); p == "URL.parse" {
			args = x.Args
			break
		}
		if dot, ok := x.Target.Data.(*esb.EDot); ok && dot.Name == "toString" && len(x.Args) == 0 {
			return sp.urlValues(dot.Target, depth)
		}
		if name, ok := sp.directGlobal(x.Target); ok && name == "String" && len(x.Args) == 1 {
			return sp.urlValues(x.Args[0], depth)
		}
		return nil, false
	case *esb.EDot:
		if x.Name != "href" {
			return nil, false
		}
		return sp.urlValues(x.Target, depth)
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil || info == nil || s.Kind == esb.SymbolUnbound || info.handedOn || len(info.memberSources) > 0 || info.anyWrite || info.updated {
			return nil, false
		}
		var out []strVal
		ok := sp.mayHoldExprs(e, func(v esb.Expr) bool {
			if _, same := v.Data.(*esb.EIdentifier); same {
				return false
			}
			vs, ok := sp.urlValues(v, depth)
			out = append(out, vs...)
			return ok
		})
		return out, ok
	default:
		return nil, false
	}
	if len(args) == 0 || len(args) > 2 {
		return nil, false
	}
	refs, ok := sp.mayHoldStrings(args[0])
	if !ok {
		return nil, false
	}
	var bases []strVal
	if len(args) == 2 {
		if bases, ok = sp.mayHoldStrings(args[1]); !ok {
			return nil, false
		}
	}
	var out []strVal
	for _, r := range refs {
		if _, _, ok := urlHost(r); ok || strings.Contains(strings.SplitN(r.s, unknownMark, 2)[0], ":") || len(bases) == 0 {
			out = append(out, r) // absolute, or judged as written
			continue
		}
		head, _, _ := strings.Cut(r.s, unknownMark)
		for _, b := range bases {
			if !b.known || strings.HasPrefix(head, "//") || head == "" && !r.known {
				if !b.known {
					if _, _, ok := urlHost(b); ok && relativeStart(head) {
						out = append(out, b)
						continue
					}
				}
				return nil, false
			}
			base, err := url.Parse(b.s)
			if err != nil {
				return nil, false
			}
			if r.known {
				ref, err := url.Parse(r.s)
				if err != nil {
					return nil, false
				}
				out = append(out, known(base.ResolveReference(ref).String()))
				continue
			}
			if !relativeStart(head) && head != "" {
				return nil, false
			}
			out = append(out, strVal{s: base.Scheme + "://" + base.Host + "/" + unknownMark, isStr: true})
		}
	}
	return out, true
}

// addressReadable reports an element address whose host the text decides.
func addressReadable(v strVal) bool {
	if v.known {
		return true
	}
	if _, _, ok := urlHost(v); ok {
		return true
	}
	head, _, _ := strings.Cut(v.s, unknownMark)
	return relativeStart(head)
}

// mayBeSheet reports a receiver that may be what dom.addStyle returned:
// its replace is Sheet.replace, not a string's.
func (sp *scriptPass) mayBeSheet(e esb.Expr) bool {
	if sp.madeBy(e, "dom.addStyle") {
		return true
	}
	sheet := false
	sp.mayHoldExprs(e, func(x esb.Expr) bool {
		if c, ok := x.Data.(*esb.ECall); ok && has(sp.resolve(c.Target), "dom.addStyle") {
			sheet = true
		}
		return true
	})
	return sheet
}

// allKnown reports values that are all known whole.
func allKnown(vals []strVal) bool {
	return !slices.ContainsFunc(vals, func(v strVal) bool { return !v.known })
}
