package scriptlint

import (
	"slices"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/site"
)

// ScriptUses is what a script reaches of the API, as the lint's walk reads
// it: the members it names through static paths (aliases followed) and the
// handle methods it calls, and the addresses and hosts its literal
// arguments name. It is what a capability summary is made from; it says
// nothing about whether any of it is allowed.
type ScriptUses struct {
	// Members are sandboxapi paths ("rmx.fetch", "dom.Handle#text"),
	// sorted. A handle method is counted by name on a receiver the walk
	// cannot prove is something else (values are untyped).
	Members []string
	// FetchHosts and ObserveHosts are the hosts rmx.fetch and
	// rmx.network.observe reach, sorted; "" stands for one the code builds
	// at run time.
	FetchHosts, ObserveHosts []string
	// Addresses are the image and link addresses the code gives elements
	// (setAttribute, dom.create's attributes, HTML it writes).
	Addresses []Address
	// Escapes is set when rmx or one of its services is handed to code
	// the walk cannot follow: the script may use any service.
	Escapes bool
	// Flows are the flows of page data out of the page (PageFlows).
	Flows []PageFlow

	seenAddress map[Address]bool // Addresses as a set: a script may give thousands
}

// Address is one image or link address given to an element.
type Address struct {
	Attribute string // "src", "srcset" or "href"
	// Value is the address when the text decides it, else "".
	Value string `json:",omitempty"`
	// Host is the host it loads from or points at: "" for an address on the
	// page's own site (relative) or one the code builds at run time.
	Host string `json:",omitempty"`
	// Relative is set for an address that resolves on the page's own site.
	Relative bool `json:",omitempty"`
}

// Uses reads script.js with the lint's own walk and reports what it
// reaches. It is false when the script does not parse or is too deep to
// read: nothing can be said about it then.
func Uses(src []byte) (*ScriptUses, bool) {
	sp, sites, ok := walkOnly(src)
	if !ok {
		return nil, false
	}
	u := &ScriptUses{Escapes: sp.rmxEscape}
	members := map[string]bool{}
	for _, st := range sites {
		if st.kind != siteExpr && st.kind != siteIndex {
			continue
		}
		for _, p := range sp.resolve(st.e) {
			if m, ok := sandboxapi.Lookup(p); ok && m.Kind != sandboxapi.Namespace {
				members[p] = true
			}
		}
		if c, ok := st.e.Data.(*esb.ECall); ok {
			sp.callUses(u, members, c)
		}
	}
	for p := range members {
		u.Members = append(u.Members, p)
	}
	slices.Sort(u.Members)
	u.Flows = sp.pageFlows(sites)
	u.FetchHosts = sortedKeys(sp.fetchUse)
	u.ObserveHosts = sortedKeys(sp.observe)
	return u, true
}

// callUses records the handle method a call names and the addresses its
// arguments give elements.
func (sp *scriptPass) callUses(u *ScriptUses, members map[string]bool, c *esb.ECall) {
	var buf [4]callee
	for _, ce := range sp.callees(c.Target, c.Args, &buf) {
		if has(ce.paths, "dom.create") && len(ce.args) > 1 {
			if o, ok := ce.args[1].Data.(*esb.EObject); ok {
				tag := sp.fold(ce.args[0])
				for _, attr := range []string{"src", "srcset", "href"} {
					if v, ok := sp.objectProperty(o, attr); ok && tag.known {
						u.address(attr, sp.fold(v))
					}
				}
			}
		}
		if has(ce.paths, "dom.html") && len(ce.args) > 0 {
			u.htmlAddresses(sp.fold(ce.args[0]))
		}
	}
	dot, ok := c.Target.Data.(*esb.EDot)
	if !ok || len(sp.resolve(c.Target)) > 0 || sp.notHandle(dot.Target) {
		return
	}
	method := "dom.Handle#" + dot.Name
	switch {
	case sp.madeBy(dot.Target, "dom.addStyle"):
		method = "dom.Sheet#" + dot.Name
	case dot.Name == "off":
		method = "rmx.Subscription#off"
	case dot.Name == "replace":
		return // a string's replace, unless the receiver is a sheet
	}
	if _, ok := sandboxapi.Lookup(method); !ok {
		return
	}
	members[method] = true
	arg := func(i int) esb.Expr {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return esb.Expr{}
	}
	switch dot.Name {
	case "setAttribute", "setAttributeNS":
		i := 0
		if dot.Name == "setAttributeNS" {
			i = 1
		}
		if name := sp.fold(arg(i)); name.known && arg(i+1).Data != nil {
			u.address(strings.ToLower(strings.TrimSpace(name.s)), sp.fold(arg(i+1)))
		}
	case "setHTML", "appendHTML", "prependHTML":
		u.htmlAddresses(sp.fold(arg(0)))
	case "insertHTML":
		u.htmlAddresses(sp.fold(arg(1)))
	}
}

// notHandle reports a receiver the walk knows is no handle: a global, a
// literal, or what rmx.fetch returned (whose text() reads a response,
// not the page).
func (sp *scriptPass) notHandle(e esb.Expr) bool {
	if paths := sp.resolve(e); len(paths) > 0 && !slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "dom.") }) {
		return true
	}
	return sp.madeBy(e, "rmx.fetch")
}

// madeBy reports a name bound to what a call of fn returned (awaited or
// not).
func (sp *scriptPass) madeBy(e esb.Expr, fn string) bool {
	_, info, ok := sp.identSymbol(e)
	if !ok || info == nil {
		return false
	}
	for _, src := range info.sources {
		x := src.expr
		if a, ok := x.Data.(*esb.EAwait); ok {
			x = a.Value
		}
		if c, ok := x.Data.(*esb.ECall); ok && len(src.keys) == 0 && has(sp.resolve(c.Target), fn) {
			return true
		}
	}
	return false
}

// address records an image or link address.
func (u *ScriptUses) address(attr string, v strVal) {
	if attr != "src" && attr != "srcset" && attr != "href" {
		return
	}
	a := Address{Attribute: attr}
	if v.known {
		a.Value = v.s
		t := site.Clean(v.s)
		switch {
		case t == "" || strings.HasPrefix(t, "#"), strings.HasPrefix(strings.ToLower(t), "data:"):
			return // the same page, or the file's own bytes: no address leaves
		case isRemoteAddress(t):
			if _, host, ok := urlHost(known(t)); ok {
				a.Host = host
			}
		case !strings.Contains(t, ":"):
			a.Relative = true
		}
	} else if v.isStr {
		if _, host, ok := urlHost(v); ok {
			a.Host = host
		} else if !strings.Contains(v.s[:strings.Index(v.s, unknownMark)], ":") && !strings.HasPrefix(v.s, unknownMark) {
			a.Relative = true // a known relative start: /images/${id}.png
		}
	}
	if !u.seenAddress[a] {
		if u.seenAddress == nil {
			u.seenAddress = map[Address]bool{}
		}
		u.seenAddress[a] = true
		u.Addresses = append(u.Addresses, a)
	}
}

// htmlAddresses records the image and link addresses in HTML the code
// writes, read as the page agent reads it.
func (u *ScriptUses) htmlAddresses(v strVal) {
	if !v.isStr {
		return
	}
	elements, _ := pagepolicy.ParseHTML(v.s)
	for _, e := range elements {
		for _, a := range e.Attributes {
			name := pagepolicy.AttributeName(a)
			if pagepolicy.Attribute(e.Namespace, e.Tag, name).Verdict != pagepolicy.CheckAddress {
				continue
			}
			if strings.Contains(a.Val, unknownMark) {
				u.address(name, strVal{s: a.Val, isStr: true})
			} else {
				u.address(name, known(a.Val))
			}
		}
	}
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
