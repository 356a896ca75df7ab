package oracle

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/site"
)

// Remixlet is what a run is judged against: where the remixlet runs and the
// permissions its manifest holds.
type Remixlet struct {
	Matches     []string // Chrome match patterns
	Permissions []string // as a manifest writes them: "storage", "fetch:api.example.com"
}

// Manifest is the remixlet's manifest.json, for the lint.
func (r Remixlet) Manifest() string {
	type permission struct {
		Permission string `json:"permission"`
		Reason     string `json:"reason"`
	}
	m := struct {
		Name        string       `json:"name"`
		API         string       `json:"api"`
		Matches     []string     `json:"matches"`
		Permissions []permission `json:"permissions"`
	}{Name: "Oracle", API: "1.0.2", Matches: r.Matches, Permissions: []permission{}}
	for _, p := range r.Permissions {
		m.Permissions = append(m.Permissions, permission{p, "Needed by the program."})
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return string(b) + "\n"
}

// reach is where the remixlet may load from, as the page agent reads its
// manifest.
func (r Remixlet) reach() site.Reach {
	m, _ := manifest.Parse([]byte(r.Manifest()))
	if m == nil {
		return site.Reach{}
	}
	return m.Reach()
}

// DefaultRemixlet runs on the oracle's page and may keep data, notify and
// fetch from api.example.com: the witnessed corpus and the generated
// programs are judged against it.
var DefaultRemixlet = Remixlet{
	Matches:     []string{"https://news.example.com/*"},
	Permissions: []string{"storage", "notifications", "fetch:api.example.com"},
}

// Verdict is what a run reached, as labels.
type Verdict struct {
	// Labels are the dangerous values the program reached, sorted: each is
	// something the lint must refuse.
	//
	//	eval                      eval given a string, other than as eval("…") written so
	//	function-constructor      Function or its async and generator kin, called or constructed
	//	string-timer              setTimeout or setInterval given anything but a function
	//	import                    import() or an import declaration
	//	global:NAME               a global the sandbox does not offer, used
	//	global-object             the global object enumerated, written, defined on, or handed to the API
	//	navigate                  location written, assigned, replaced or reloaded
	//	permission:PERM           an rmx service used without its permission (PERM as a manifest writes it)
	//	page:element=TAG          dom.create of an element the page agent refuses
	//	page:attribute=NAME       an attribute the page agent refuses
	//	page:address              an href or src the address rule refuses
	//	page:html                 HTML with something the page agent strips
	//	page:css                  CSS the script writes with url(, @import or their relatives
	//	page:open-tab             rmx.schedule.openTab to a page that is not the remixlet's
	//	secret=VALUE              (added by the caller) a credential handed to a sink
	Labels []string
	// Why says, per label, the first thing that gave it.
	Why map[string]string
	// Strings are every string the program handed to the API or to a sink
	// (the log, console, an address, an error message): where a credential
	// it assembled shows.
	Strings []string
	// HTML is every HTML string handed to the page.
	HTML []string
	// Unrun says why the program was not judged ("" when it was): it did not
	// compile, it timed out, or the oracle failed.
	Unrun string
}

// Has reports whether the verdict holds the label.
func (v *Verdict) Has(label string) bool { return slices.Contains(v.Labels, label) }

// Judge turns a run into labels.
func (p *Pool) Judge(res *Result, rx Remixlet) (*Verdict, error) {
	v := &Verdict{Why: map[string]string{}}
	if res.Timeout {
		v.Unrun = "timeout"
		return v, nil
	}
	j := judging{v: v, rx: rx, page: pagepolicy.Page{URL: PageURL}, reach: rx.reach()}
	for i := range res.Events {
		j.event(&res.Events[i])
	}
	if len(j.addresses) > 0 {
		resolved, err := p.Resolve(PageURL, j.addresses)
		if err != nil {
			return nil, err
		}
		for i, check := range j.checks {
			check(resolved[j.first[i] : j.first[i]+j.count[i]])
		}
	}
	slices.Sort(v.Labels)
	v.Labels = slices.Compact(v.Labels)
	return v, nil
}

type judging struct {
	v     *Verdict
	rx    Remixlet
	page  pagepolicy.Page
	reach site.Reach
	// Judgments that wait for addresses to be resolved.
	addresses []string
	first     []int
	count     []int
	checks    []func([]*Address)
}

func (j *judging) label(l, why string) {
	if _, ok := j.v.Why[l]; !ok {
		j.v.Why[l] = why
	}
	j.v.Labels = append(j.v.Labels, l)
}

// later judges once the addresses are resolved.
func (j *judging) later(addrs []string, check func([]*Address)) {
	j.first = append(j.first, len(j.addresses))
	j.count = append(j.count, len(addrs))
	j.addresses = append(j.addresses, addrs...)
	j.checks = append(j.checks, check)
}

func (j *judging) event(e *Event) {
	switch e.Kind {
	case "function-constructor":
		j.label("function-constructor", e.A+" "+e.B)
	case "eval":
		if e.A == "string" && !e.Literal {
			j.label("eval", "eval given a string at "+e.Site)
		}
	case "string-timer":
		j.label("string-timer", e.A+" given a "+e.B)
	case "import":
		j.label("import", e.B+" import "+e.A)
	case "global":
		j.label("global:"+e.A, e.A+" used ("+e.B+")")
	case "global-object":
		j.label("global-object", "the global object: "+strings.TrimSpace(e.A+" "+e.B))
	case "navigate":
		j.label("navigate", e.A)
		j.strings(e.Values)
	case "sink":
		j.strings(e.Values)
	case "call":
		j.strings(e.Args)
		if handsOnGlobal(e.Args) {
			j.label("global-object", "the global object handed to "+e.Path)
		}
		j.call(e)
	case "syntax":
		j.v.Unrun = "does not compile: " + e.A
	case "oracle":
		j.v.Unrun = "oracle fault: " + e.A
	}
}

func (j *judging) strings(values []any) {
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			j.v.Strings = append(j.v.Strings, x)
		case []any:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			for k, y := range x {
				j.v.Strings = append(j.v.Strings, k)
				walk(y)
			}
		}
	}
	for _, v := range values {
		walk(v)
	}
}

// handsOnGlobal reports whether the global object is among the values.
func handsOnGlobal(values []any) bool {
	for _, v := range values {
		switch x := v.(type) {
		case []any:
			if handsOnGlobal(x) {
				return true
			}
		case map[string]any:
			if x["$"] == "global" {
				return true
			}
			for _, y := range x {
				if handsOnGlobal([]any{y}) {
					return true
				}
			}
		}
	}
	return false
}

func arg(e *Event, i int) any {
	if i < len(e.Args) {
		return e.Args[i]
	}
	return nil
}

// text is an argument as the page agent reads a string: strings as they
// are, numbers and booleans printed.
func text(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64, bool:
		return fmt.Sprint(x), true
	}
	return "", false
}

func (j *judging) call(e *Event) {
	where := e.Path
	switch perm := sandboxapi.PermissionOf(e.Path); perm {
	case "":
	case manifest.Fetch:
		if u, ok := text(arg(e, 0)); ok {
			j.later([]string{u}, func(a []*Address) {
				if a[0] == nil || (a[0].Protocol != "http:" && a[0].Protocol != "https:") {
					j.label("permission:fetch:?", where+" of "+u)
				} else if !slices.Contains(j.rx.Permissions, "fetch:"+a[0].Hostname) {
					j.label("permission:fetch:"+a[0].Hostname, where+" of "+u)
				}
			})
		} else {
			j.label("permission:fetch:?", where+" of an address that is not a string")
		}
	case manifest.NetworkObserve:
		host := ""
		switch s := arg(e, 0).(type) {
		case string:
			host = s
		case map[string]any:
			host, _ = s["host"].(string)
			if u, ok := s["url"].(string); ok {
				host = u
			}
		}
		if strings.Contains(host, "/") {
			j.later([]string{host}, func(a []*Address) {
				h := "?"
				if a[0] != nil {
					h = a[0].Hostname
				}
				if !slices.Contains(j.rx.Permissions, "network:observe:"+h) {
					j.label("permission:network:observe:"+h, where)
				}
			})
		} else if h := strings.ToLower(host); !slices.Contains(j.rx.Permissions, "network:observe:"+h) {
			if h == "" {
				h = "?"
			}
			j.label("permission:network:observe:"+h, where)
		}
	default:
		if !slices.Contains(j.rx.Permissions, perm) {
			j.label("permission:"+perm, where)
		}
	}
	switch e.Path {
	case "dom.create":
		tag, _ := text(arg(e, 0))
		req := pagepolicy.ElementRequest{Tag: tag}
		if attrs, ok := arg(e, 1).(map[string]any); ok {
			names := make([]string, 0, len(attrs))
			for name := range attrs {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				value, _ := text(attrs[name])
				req.Attributes = append(req.Attributes, pagepolicy.Attr{Name: name, Value: value})
			}
		}
		j.element(req, true, where)
	case "dom.Handle#setAttribute", "dom.Handle#setAttributeNS":
		i := 0
		if e.Path == "dom.Handle#setAttributeNS" {
			i = 1
		}
		name, _ := text(arg(e, i))
		value, _ := text(arg(e, i+1))
		tag := e.Tag
		if tag == "" {
			tag = "div" // an element dom.observe or dom.on handed over
		}
		j.element(pagepolicy.ElementRequest{Tag: tag, Attributes: []pagepolicy.Attr{{Name: name, Value: value}}}, false, where)
	case "dom.html", "dom.Handle#setHTML", "dom.Handle#appendHTML", "dom.Handle#prependHTML", "dom.Handle#insertHTML":
		i := 0
		if e.Path == "dom.Handle#insertHTML" {
			i = 1
		}
		if h, ok := text(arg(e, i)); ok {
			j.v.HTML = append(j.v.HTML, h)
			judged, err := pagepolicy.JudgeHTML(h, j.page, j.reach)
			if err != nil {
				j.label("page:html", where+": "+err.Error())
			}
			for _, el := range judged {
				if el.Refused {
					j.label("page:html", where+": "+refusal(el))
					break
				}
			}
		}
	case "dom.addStyle", "dom.Sheet#replace":
		if css, ok := text(arg(e, 0)); ok {
			for _, f := range cssguard.Check([]byte(css), "script.js", nil, cssguard.Script).Findings {
				if f.Severity == finding.Error {
					j.label("page:css", where+": "+f.Message)
					break
				}
			}
		}
	case "rmx.schedule.openTab":
		u, ok := text(arg(e, 1))
		if !ok {
			j.label("page:open-tab", where+" of an address that is not a string")
			break
		}
		j.later([]string{u}, func(a []*Address) {
			if a[0] == nil || !j.ownSite(a[0]) {
				j.label("page:open-tab", where+" of "+u)
			}
		})
	}
}

// element judges an element the page agent is asked to create (create) or
// change, by the page agent's own table.
func (j *judging) element(req pagepolicy.ElementRequest, create bool, where string) {
	el := pagepolicy.JudgeElement(req, j.page, j.reach)
	if create && !el.Element.Allowed {
		j.label("page:element="+strings.ToLower(strings.TrimSpace(req.Tag)), where+": "+el.Element.Reason)
	}
	for _, a := range el.Attributes {
		switch {
		case a.Allowed:
		case a.Address != nil:
			j.label("page:address", where+" "+a.Name+": "+a.Address.Reason)
		default:
			j.label("page:attribute="+strings.ToLower(strings.TrimSpace(a.Name)), where+": "+a.Reason)
		}
	}
}

func refusal(el pagepolicy.ElementJudgement) string {
	if !el.Element.Allowed {
		return "a " + el.Element.Tag + " element (" + el.Element.Reason + ")"
	}
	for _, a := range el.Attributes {
		if !a.Allowed {
			return "the attribute " + a.Name + " on " + el.Element.Tag + " (" + a.Reason + ")"
		}
	}
	return el.Element.Tag
}

// ownSite: the address is on a site the remixlet's matches cover.
func (j *judging) ownSite(a *Address) bool {
	if a.Protocol != "http:" && a.Protocol != "https:" {
		return false
	}
	for _, m := range j.rx.Matches {
		if matchCovers(m, a.Protocol, a.Hostname) {
			return true
		}
	}
	return false
}

// matchCovers reports whether a Chrome match pattern covers scheme and host.
func matchCovers(pattern, protocol, host string) bool {
	if pattern == "<all_urls>" {
		return true
	}
	scheme, rest, ok := strings.Cut(pattern, "://")
	if !ok {
		return false
	}
	if scheme != "*" && scheme+":" != protocol {
		return false
	}
	h, _, _ := strings.Cut(rest, "/")
	switch {
	case h == "*":
		return true
	case strings.HasPrefix(h, "*."):
		return host == h[2:] || strings.HasSuffix(host, h[1:])
	}
	return host == h
}
