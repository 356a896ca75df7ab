package scriptlint

import (
	"fmt"
	"slices"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/wordset"
	"github.com/remixlet/remixlet/manifest"
)

// Page-data flows: a value read from the page (a handle's text, html,
// attribute or value, the selection, a listener's event, an observed
// response) that reaches a sink leaving the page (rmx.fetch, a later tab,
// the clipboard, a notification, a scheduled message, an image or link
// address). The flow follows assignments, string operations, templates,
// object and array members, arguments into local functions and what they
// return, flow-insensitively, on the bindings the lint's walk records. A
// comparison or a typeof carries no text, so it stops a flow.

// PageFlow is one flow, from the read to the sink.
type PageFlow struct {
	// Source is the read: dom.Handle#text, dom.Handle#html,
	// dom.Handle#getAttribute, dom.Handle#value, dom.selection, dom.Event
	// or rmx.network.observe.
	Source string
	// Sink is the call: rmx.fetch, rmx.schedule.openTab,
	// rmx.clipboard.write, rmx.notify, rmx.schedule.notify,
	// rmx.schedule.message, dom.create, or dom.Handle#setAttribute (and
	// NS) with the attribute: "dom.Handle#setAttribute src".
	Sink string
	// Path holds the byte offsets of the steps, from the read to the
	// sink's argument.
	Path []int
	// Attribute is, for a getAttribute read, the attribute's name when the
	// text decides it.
	Attribute string
	// Host is, for rmx.fetch, the host its address names ("" when the code
	// builds it at run time).
	Host string
	arg  esb.Expr // the sink's argument
}

// PageFlows reads script.js with the lint's walk and reports every flow
// from the page to a sink that leaves it, each (source, sink) once, in the
// order of the sinks. It is false when the script cannot be read.
func PageFlows(src []byte) ([]PageFlow, bool) {
	sp, sites, ok := walkOnly(src)
	if !ok {
		return nil, false
	}
	return sp.pageFlows(sites), true
}

// FlowWords says a flow's two ends for a person, in the toolchain's
// words: "page text", "a request (rmx.fetch)".
func FlowWords(f PageFlow) (source, sink string) { return sourceWords[f.Source], sinkWords(f.Sink) }

// sourceWords and sinkWords say a flow's ends for a person.
var sourceWords = map[string]string{
	"dom.Handle#text": "page text", "dom.Handle#html": "page HTML", "dom.Handle#getAttribute": "an attribute value",
	"dom.Handle#value": "what is typed in a form field", "dom.selection": "the text you select",
	"dom.Event": "a key you press", "rmx.network.observe": "a response the page received",
}

func sinkWords(sink string) string {
	switch {
	case sink == "rmx.fetch":
		return "a request (rmx.fetch)"
	case sink == "rmx.schedule.openTab":
		return "the address of a tab opened later"
	case sink == "rmx.clipboard.write":
		return "the clipboard"
	case sink == "rmx.notify", sink == "rmx.schedule.notify":
		return "a notification"
	case sink == "rmx.schedule.message":
		return "a message kept for a later page load"
	case strings.HasSuffix(sink, " src"):
		return "an image address"
	}
	return "an image or link address"
}

// checkPageFlows reports each flow from the page to a sink that leaves
// it, at the sink, with its path. Two flows into an address are not
// reported: one on the page's own site (a relative address, or a host the
// matches cover: the site has the data already), and a link's or image's
// own address written back (getAttribute("href") cleaned, then
// setAttribute("href")), which points where the page already did.
func (sp *scriptPass) checkPageFlows(sites []checkSite) {
	for _, f := range sp.pageFlows(sites) {
		if sp.ownAddress(f) {
			continue
		}
		steps := make([]finding.Step, 0, len(f.Path))
		var through []string
		for i, off := range f.Path {
			pos := sp.position(off)
			what := "passes through here"
			switch i {
			case 0:
				what = "read from the page here"
			case len(f.Path) - 1:
				what = "leaves the page here"
			default:
				through = append(through, fmt.Sprintf("%d:%d", pos.Line, pos.Column))
			}
			steps = append(steps, finding.Step{Position: pos, Message: what})
		}
		read := sp.position(f.Path[0])
		via := ""
		if len(through) > 0 {
			via = ", through " + strings.Join(through, ", ")
		}
		at := f.Path[len(f.Path)-1]
		if sp.reported[reportKey{RulePageDataFlow, at}] || !sp.admit(RulePageDataFlow, at) {
			continue
		}
		sp.reported[reportKey{RulePageDataFlow, at}] = true
		sp.findings = append(sp.findings, finding.New(RulePageDataFlow, ScriptFile, sp.position(at),
			"%s (read at %d:%d%s) reaches %s here: make sure the remixlet needs to send it, and say so in the permission's reason",
			sourceWords[f.Source], read.Line, read.Column, via, sinkWords(f.Sink)).WithFlow(steps))
	}
}

// ownAddress reports a flow into an image or link address that stays on
// the page's own site, or is the element's own address written back.
func (sp *scriptPass) ownAddress(f PageFlow) bool {
	// An attribute sink is the method, a space, and the attribute's name.
	method, attr, isAddress := strings.Cut(f.Sink, " ")
	isAddress = isAddress && (method == "dom.Handle#setAttribute" || method == "dom.Handle#setAttributeNS")
	if f.Sink == "dom.create" {
		isAddress = true
	}
	if !isAddress {
		return false
	}
	if attr != "" && f.Attribute == attr {
		return true
	}
	v := sp.fold(f.arg)
	if !v.isStr {
		return false
	}
	if _, host, ok := urlHost(v); ok {
		return sp.m.CoversHost(host)
	}
	head := v.s
	if i := strings.Index(head, unknownMark); i >= 0 {
		head = head[:i]
	}
	return head != "" && !strings.Contains(head, ":") && !strings.HasPrefix(head, "//")
}

// argAt is the i-th argument, or none.
func argAt(args []esb.Expr, i int) esb.Expr {
	if i < len(args) {
		return args[i]
	}
	return esb.Expr{}
}

// pageFlows finds the flows over the walk's sites.
func (sp *scriptPass) pageFlows(sites []checkSite) []PageFlow {
	if !sp.reachesAPI {
		return nil // a library that reads no handle and reaches no sink
	}
	fp := &flowPass{sp: sp, params: map[*symInfo][]taintFrom{}, memo: map[*symInfo]*taint{}}
	for _, st := range sites {
		if c, ok := st.e.Data.(*esb.ECall); ok && st.kind == siteExpr {
			fp.bindParams(c)
		}
	}
	var out []PageFlow
	seen := map[[3]string]bool{}
	for _, st := range sites {
		c, ok := st.e.Data.(*esb.ECall)
		if !ok || st.kind != siteExpr {
			continue
		}
		for _, s := range fp.sinks(c) {
			if t := fp.taintOf(s.arg, 0); t != nil {
				k := [3]string{t.source, s.name, s.host}
				if !seen[k] {
					seen[k] = true
					out = append(out, PageFlow{Source: t.source, Sink: s.name, Path: pathTo(t.path, int(s.arg.Loc.Start)), Attribute: t.attr, Host: s.host, arg: s.arg})
				}
			}
		}
	}
	return out
}

// pathTo ends a path at the sink's argument, each place once.
func pathTo(path []int, sink int) []int {
	out := slices.Clone(path)
	if len(out) == 0 || out[len(out)-1] != sink {
		out = append(out, sink)
	}
	return slices.Compact(out)
}

// walkOnly parses a script and runs the lint's walk and checks over it,
// keeping the sites: what Uses and PageFlows read.
func walkOnly(src []byte) (*scriptPass, []checkSite, bool) {
	text := string(src)
	if esb.GuardNesting(text, esb.MaxNesting).Exceeded {
		return nil, nil, false
	}
	res := esb.ParseModule(text)
	if res.Panic != nil || !res.OK || res.Stopped || slices.ContainsFunc(res.Messages, func(m esb.Message) bool { return m.Error }) {
		return nil, nil, false
	}
	sp := newScriptPass(nil, &manifest.Manifest{}, src)
	sp.res = res
	sp.collect()
	sites := sp.sites
	sp.checkSites() // fills in the hosts, as the lint's permission check reads them
	if sp.unknownNode != "" {
		return nil, nil, false
	}
	return sp, sites, true
}

type flowPass struct {
	sp *scriptPass
	// params are what each parameter of a local function may be given:
	// the arguments of its calls, or a page read for a listener's.
	params map[*symInfo][]taintFrom
	memo   map[*symInfo]*taint
}

// taintFrom is one value a parameter takes: an expression, or a source.
type taintFrom struct {
	e      esb.Expr
	source string
	off    int
}

// taint is a value that holds page data: where it was read, and the
// offsets of the steps since.
type taint struct {
	source string
	path   []int
	attr   string // getAttribute's name, when known
}

var noTaint = &taint{}

const maxTaintDepth = 40

// holdsText reports whether a member of a value read from source holds
// page data: of an event, only the key (the rest is the listener's own
// type, flags, and a handle); of an observed response, not its status.
func holdsText(source, member string) bool {
	switch source {
	case "dom.Event":
		return member == "key"
	case "rmx.network.observe":
		return member != "status" && member != "truncated"
	}
	return true
}

// pageReadMethods are the handle methods that read the page.
var pageReadMethods = map[string]bool{"text": true, "html": true, "getAttribute": true, "value": true}

// carriesNoText are the operators whose result holds none of an operand's
// text.
func carriesNoText(op esb.OpCode) bool {
	switch op {
	case esb.BinOpAdd, esb.BinOpComma, esb.BinOpLogicalOr, esb.BinOpLogicalAnd, esb.BinOpNullishCoalescing,
		esb.BinOpAssign, esb.BinOpAddAssign:
		return false
	}
	return true
}

func (fp *flowPass) taintOf(e esb.Expr, depth int) *taint {
	if e.Data == nil || depth > maxTaintDepth {
		return nil
	}
	depth++
	any := func(es ...esb.Expr) *taint {
		for _, x := range es {
			if t := fp.taintOf(x, depth); t != nil {
				return t
			}
		}
		return nil
	}
	switch x := e.Data.(type) {
	case *esb.EAwait:
		return fp.taintOf(x.Value, depth)
	case *esb.EAnnotation:
		return fp.taintOf(x.Value, depth)
	case *esb.ESpread:
		return fp.taintOf(x.Value, depth)
	case *esb.EIdentifier:
		s, info := fp.sp.lookup(x.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || info == nil {
			return nil
		}
		if t := fp.symbolTaint(info, depth); t != nil {
			return &taint{source: t.source, attr: t.attr, path: append(slices.Clone(t.path), int(e.Loc.Start))}
		}
	case *esb.EDot:
		if x.Name == "length" || x.Name == "size" {
			return nil // a number
		}
		if t := fp.taintOf(x.Target, depth); t != nil {
			if !holdsText(t.source, x.Name) {
				return nil
			}
			return t
		}
		return fp.memberTaint(x.Target, depth)
	case *esb.EIndex:
		if t := fp.taintOf(x.Target, depth); t != nil {
			return t
		}
		return fp.memberTaint(x.Target, depth)
	case *esb.EBinary:
		if carriesNoText(x.Op) {
			return nil
		}
		if x.Op == esb.BinOpComma || x.Op == esb.BinOpAssign {
			return fp.taintOf(x.Right, depth)
		}
		return any(x.Left, x.Right)
	case *esb.EIf:
		return any(x.Yes, x.No)
	case *esb.ETemplate:
		parts := make([]esb.Expr, 0, len(x.Parts))
		for _, p := range x.Parts {
			parts = append(parts, p.Value)
		}
		return any(parts...)
	case *esb.EArray:
		return any(x.Items...)
	case *esb.EObject:
		for _, p := range x.Properties {
			if t := any(p.ValueOrNil, p.InitializerOrNil); t != nil {
				return t
			}
		}
	case *esb.ENew:
		return any(x.Args...)
	case *esb.ECall:
		return fp.callTaint(e, x, depth)
	}
	return nil
}

// callTaint: a page read, or a call whose result may hold page data it is
// given (a method of a value that holds it, a function given it, a local
// function that returns it).
func (fp *flowPass) callTaint(e esb.Expr, c *esb.ECall, depth int) *taint {
	paths := fp.sp.resolve(c.Target)
	if has(paths, "dom.selection") {
		return &taint{source: "dom.selection", path: []int{int(e.Loc.Start)}}
	}
	api := slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "rmx.") || strings.HasPrefix(p, "dom.") })
	if dot, ok := c.Target.Data.(*esb.EDot); ok && !api {
		if pageReadMethods[dot.Name] && !fp.sp.notHandle(dot.Target) {
			t := &taint{source: "dom.Handle#" + dot.Name, path: []int{int(e.Loc.Start)}}
			if v := fp.sp.fold(argAt(c.Args, 0)); dot.Name == "getAttribute" && v.known {
				t.attr = strings.ToLower(v.s)
			}
			return t
		}
		if t := fp.taintOf(dot.Target, depth); t != nil {
			return t // a string's, an array's or a promise's method
		}
		if callbackOf[dot.Name] && len(c.Args) > 0 {
			// map, then: what the callback returns
			for _, fn := range fp.functions(c.Args[0]) {
				for _, r := range returns(fn.body, nil) {
					if t := fp.taintOf(r, depth); t != nil {
						return t
					}
				}
			}
		}
	}
	if api {
		return nil // the API's result is its own, not what it was given
	}
	for _, a := range c.Args {
		if t := fp.taintOf(a, depth); t != nil {
			return t
		}
	}
	for _, fn := range fp.functions(c.Target) {
		for _, r := range returns(fn.body, nil) {
			if t := fp.taintOf(r, depth); t != nil {
				return t
			}
		}
	}
	return nil
}

// memberTaint: a member of a binding that was written page data
// (o.x = text).
func (fp *flowPass) memberTaint(target esb.Expr, depth int) *taint {
	_, info, ok := fp.sp.identSymbol(target)
	if !ok || info == nil {
		return nil
	}
	for _, v := range info.memberSources {
		if t := fp.taintOf(v, depth); t != nil {
			return t
		}
	}
	return nil
}

func (fp *flowPass) symbolTaint(info *symInfo, depth int) *taint {
	if t, ok := fp.memo[info]; ok {
		if t == noTaint {
			return nil
		}
		return t
	}
	fp.memo[info] = noTaint // a cycle holds nothing new
	var out *taint
	for _, src := range info.sources {
		if t := fp.taintOf(src.expr, depth); t != nil {
			out = t
			break
		}
	}
	if out == nil {
		for _, from := range fp.params[info] {
			if from.source != "" {
				out = &taint{source: from.source, path: []int{from.off}}
				break
			}
			if t := fp.taintOf(from.e, depth); t != nil {
				out = t
				break
			}
		}
	}
	for _, v := range info.memberSources {
		if out != nil {
			break
		}
		out = fp.taintOf(v, depth)
	}
	if out != nil {
		fp.memo[info] = out
		return out
	}
	return nil
}

// fnShape is a function's parameters and body.
type fnShape struct {
	args []esb.Arg
	body []esb.Stmt
}

// functions are the local functions an expression may be.
func (fp *flowPass) functions(e esb.Expr) []fnShape {
	switch x := e.Data.(type) {
	case *esb.EArrow:
		return []fnShape{{x.Args, x.Body.Block.Stmts}}
	case *esb.EFunction:
		return []fnShape{{x.Fn.Args, x.Fn.Body.Block.Stmts}}
	case *esb.EIdentifier:
		s, info := fp.sp.lookup(x.Ref)
		if s == nil || info == nil || s.Kind == esb.SymbolUnbound {
			return nil
		}
		var out []fnShape
		if info.fnNode != nil {
			out = append(out, fnShape{info.fnNode.Args, info.fnNode.Body.Block.Stmts})
		}
		for _, src := range info.sources {
			if len(src.keys) == 0 {
				switch src.expr.Data.(type) {
				case *esb.EArrow, *esb.EFunction:
					out = append(out, fp.functions(src.expr)...)
				}
			}
		}
		return out
	}
	return nil
}

// listeners are the calls whose callback is given page data: the index of
// the callback and the source it reads.
func (fp *flowPass) listener(c *esb.ECall) (int, string) {
	paths := fp.sp.resolve(c.Target)
	switch {
	case has(paths, "dom.on"):
		return 2, "dom.Event"
	case has(paths, "rmx.network.observe"):
		return 1, "rmx.network.observe"
	}
	if dot, ok := c.Target.Data.(*esb.EDot); ok && dot.Name == "on" && !fp.sp.notHandle(dot.Target) {
		return 1, "dom.Event"
	}
	return -1, ""
}

// callbackOf are the array and promise methods whose callback is given
// what the receiver holds.
var callbackOf = wordset.Of("forEach map filter find flatMap some every then findLast")

// bindParams records what the parameters of the functions a call reaches
// are given.
func (fp *flowPass) bindParams(c *esb.ECall) {
	bind := func(fn fnShape, i int, from taintFrom) {
		if i >= len(fn.args) {
			return
		}
		if id, ok := fn.args[i].Binding.Data.(*esb.BIdentifier); ok {
			if info := fp.sp.sym(id.Ref); info != nil {
				fp.params[info] = append(fp.params[info], from)
			}
		}
	}
	if i, source := fp.listener(c); i >= 0 && i < len(c.Args) {
		for _, fn := range fp.functions(c.Args[i]) {
			bind(fn, 0, taintFrom{source: source, off: int(c.Args[i].Loc.Start)})
		}
	}
	if dot, ok := c.Target.Data.(*esb.EDot); ok && callbackOf[dot.Name] && len(c.Args) > 0 {
		for _, fn := range fp.functions(c.Args[0]) {
			bind(fn, 0, taintFrom{e: dot.Target})
		}
	}
	for _, fn := range fp.functions(c.Target) {
		for i, a := range c.Args {
			bind(fn, i, taintFrom{e: a})
		}
	}
}

// flowSink is one argument of a call that leaves the page.
type flowSink struct {
	name string
	arg  esb.Expr
	host string // rmx.fetch's
}

// sinks are the arguments of a call that leave the page.
func (fp *flowPass) sinks(c *esb.ECall) []flowSink {
	var out []flowSink
	var buf [4]callee
	for _, ce := range fp.sp.callees(c.Target, c.Args, &buf) {
		for _, name := range []string{"rmx.fetch", "rmx.schedule.openTab", "rmx.clipboard.write", "rmx.notify", "rmx.schedule.notify", "rmx.schedule.message"} {
			if has(ce.paths, name) {
				host := ""
				if name == "rmx.fetch" && len(ce.args) > 0 {
					if _, h, ok := urlHost(fp.sp.fold(ce.args[0])); ok {
						host = h
					}
				}
				for _, a := range ce.args {
					out = append(out, flowSink{name, a, host})
				}
			}
		}
		if has(ce.paths, "dom.create") && len(ce.args) > 1 {
			if o, ok := ce.args[1].Data.(*esb.EObject); ok {
				for _, p := range o.Properties {
					if k, ok := fp.sp.foldKey(p.Key); ok && addressAttribute(k) && p.ValueOrNil.Data != nil {
						out = append(out, flowSink{name: "dom.create", arg: p.ValueOrNil})
					}
				}
			} else {
				out = append(out, flowSink{name: "dom.create", arg: ce.args[1]})
			}
		}
	}
	dot, ok := c.Target.Data.(*esb.EDot)
	if !ok || len(fp.sp.resolve(c.Target)) > 0 || fp.sp.notHandle(dot.Target) {
		return out
	}
	i := 0
	switch dot.Name {
	case "setAttributeNS":
		i = 1
	case "setAttribute":
	default:
		return out
	}
	if i+1 < len(c.Args) {
		if name := fp.sp.fold(c.Args[i]); name.known && addressAttribute(name.s) {
			out = append(out, flowSink{name: "dom.Handle#" + dot.Name + " " + strings.ToLower(name.s), arg: c.Args[i+1]})
		}
	}
	return out
}

// addressAttribute reports an attribute whose value is an address the
// element loads or links to.
func addressAttribute(name string) bool {
	n := strings.ToLower(name)
	return n == "src" || n == "href" || strings.HasSuffix(n, ":href")
}

// returns collects the values a function body returns, not looking into
// the functions it holds.
func returns(stmts []esb.Stmt, out []esb.Expr) []esb.Expr {
	for _, s := range stmts {
		switch x := s.Data.(type) {
		case *esb.SReturn:
			if x.ValueOrNil.Data != nil {
				out = append(out, x.ValueOrNil)
			}
		case *esb.SBlock:
			out = returns(x.Stmts, out)
		case *esb.SIf:
			out = returns([]esb.Stmt{x.Yes, x.NoOrNil}, out)
		case *esb.SFor:
			out = returns([]esb.Stmt{x.Body}, out)
		case *esb.SForIn:
			out = returns([]esb.Stmt{x.Body}, out)
		case *esb.SForOf:
			out = returns([]esb.Stmt{x.Body}, out)
		case *esb.SWhile:
			out = returns([]esb.Stmt{x.Body}, out)
		case *esb.SDoWhile:
			out = returns([]esb.Stmt{x.Body}, out)
		case *esb.SLabel:
			out = returns([]esb.Stmt{x.Stmt}, out)
		case *esb.STry:
			out = returns(x.Block.Stmts, out)
			if x.Catch != nil {
				out = returns(x.Catch.Block.Stmts, out)
			}
			if x.Finally != nil {
				out = returns(x.Finally.Block.Stmts, out)
			}
		case *esb.SSwitch:
			for _, c := range x.Cases {
				out = returns(c.Body, out)
			}
		}
	}
	return out
}
