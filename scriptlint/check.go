package scriptlint

import (
	"slices"
	"strings"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/lazyre"
	"github.com/remixlet/remixlet/internal/secrets"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/site"
)

const navigationAdvice = "location is read-only in the sandbox and a remixlet cannot navigate: add a link with dom.create(\"a\", {href}) for the user to click"

// check runs every rule that looks at one expression node, given how its
// parent uses its value. Member reads with computed keys are checked from
// their own site (checkSites), which folds the key once.
func (sp *scriptPass) check(e esb.Expr, u use) {
	off := int(e.Loc.Start)
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		sp.checkIdentifier(x, e, u)
	case *esb.EDot:
		if u == useTarget {
			sp.checkIntrinsicTarget(e)
		}
		sp.checkMember(e, x.Target, x.Name, true, esb.Expr{}, int(x.NameLoc.Start), u)
	case *esb.ECall:
		name, _ := sp.directGlobal(x.Target)
		sp.checkCall(e, x.Target, x.Args, u, name)
		sp.checkFoldedSecret(e)
		sp.checkCallReach(e, x, sp.siteUse)
		sp.checkAccessorDefinition(x.Target, x.Args)
		if rec := sp.calleeRecord(x.Target); rec != nil && !rec.wrapped && sp.closed(rec) {
			sp.checkBuiltinValue(e) // a closed function that may return a built-in
		}
	case *esb.ENew:
		name, _ := sp.directGlobal(x.Target)
		sp.checkCall(e, x.Target, x.Args, u, name)
	case *esb.ETemplate:
		if x.TagOrNil.Data != nil {
			sp.checkTagged(e, x)
		} else if len(x.Parts) > 0 {
			sp.checkConcatParts(sp.templateParts(x))
		}
		sp.checkTemplateSecrets(x)
		if len(x.Parts) > 0 {
			sp.checkFoldedSecret(e)
		}
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpAssign, esb.BinOpAddAssign:
			sp.checkAssign(x, off)
			sp.checkLeakAssign(x)
		}
	case *esb.EImportCall:
		if v := sp.fold(x.Expr); v.known {
			sp.reportDynamicImport(off, v.s)
		} else {
			sp.report(RuleRemoteCode, off, "import() of an address built at run time: the sandbox blocks loading code; bundle the code into script.js with `remixlet build`")
		}
	case *esb.EString:
		sp.checkSecretString(x, off)
	case *esb.EObject:
		if u == useTarget {
			return
		}
		sp.checkLiteralPrototype(x)
		for i := range x.Properties {
			p := &x.Properties[i]
			if p.Kind == esb.PropertySpread || p.ValueOrNil.Data == nil {
				continue
			}
			if _, literal := p.Key.Data.(*esb.EString); literal && !mayBeLabelled(p.ValueOrNil) {
				// A literal key names nothing checkSecretValue looks at
				// unless the value is a string long enough; a computed key
				// is still folded (folding reads bindings).
			} else if key, ok := sp.foldKey(p.Key); ok && !p.Kind.IsMethodDefinition() {
				sp.checkSecretValue(key, p.ValueOrNil)
			}
			sp.checkHandedOn(p.ValueOrNil)
		}
	case *esb.EArray:
		for _, item := range x.Items {
			sp.checkHandedOn(item)
		}
	}
}

// checkHandedOn looks at a value stored in a literal or passed to a
// function, where the check cannot follow it: rmx, or one of its
// services, there means the permissions the code uses cannot be told.
func (sp *scriptPass) checkHandedOn(e esb.Expr) {
	switch e.Data.(type) {
	case *esb.EIdentifier, *esb.EDot, *esb.EIndex:
	default:
		return
	}
	if !sp.mayReachAPI(e) {
		return
	}
	for _, p := range sp.resolve(e) {
		if p == "rmx" || (strings.HasPrefix(p, "rmx.") && strings.Count(p, ".") == 1) {
			sp.rmxEscape = true
		}
	}
}

// noteService records the first use of an API member that needs a
// permission (sandboxapi's table says which), and refuses a dom or rmx
// member the API does not have.
func (sp *scriptPass) noteService(p string, off int) {
	if !strings.HasPrefix(p, "rmx.") && !strings.HasPrefix(p, "dom.") {
		return
	}
	sp.reachesAPI = true
	if perm := sandboxapi.PermissionOf(p); perm != "" {
		if _, seen := sp.uses[perm]; !seen {
			sp.uses[perm] = off
		}
	}
}

// checkAPIMember refuses a path through dom or rmx to a member the API
// does not have, with the member it most likely meant.
func (sp *scriptPass) checkAPIMember(p string, off int) {
	if !on(DefUnknownAPI) || !strings.HasPrefix(p, "rmx.") && !strings.HasPrefix(p, "dom.") {
		return
	}
	sp.checkAPISince(p, off)
	unknown, ok := sandboxapi.Unknown(p)
	if !ok || unknown != p {
		return // reported where the unknown member itself is read
	}
	if s := sandboxapi.Suggest(p); s != "" {
		sp.report(RuleUnknownAPI, off, "%s is not part of the remixlet API: did you mean %s?", unknown, s)
		return
	}
	parent := unknown[:strings.LastIndexByte(unknown, '.')]
	sp.report(RuleUnknownAPI, off, "%s is not part of the remixlet API: `remixlet types` and docs/api.md list what %s has", unknown, parent)
}

// checkTagged: a tagged template calls its tag with the strings, an array.
func (sp *scriptPass) checkTagged(e esb.Expr, t *esb.ETemplate) {
	off := int(e.Loc.Start)
	name, ok := sp.directGlobal(t.TagOrNil)
	if !ok {
		return
	}
	switch name {
	case "Function":
		if on(DefFunctionCall) {
			sp.report(RuleFunctionConstructor, off, "Function`…` compiles the template into code, like eval, and the sandbox blocks it: write the function directly")
		}
	case "setTimeout", "setInterval":
		if on(DefTimerArgument) {
			sp.report(RuleStringTimer, off, "a timer called as a template tag turns the template into code: pass a function, setTimeout(() => work(), ms)")
		}
	case "eval":
		if on(DefEvalArgument) {
			sp.report(RuleEval, off, "eval called as a template tag: write the code itself instead of building it as a string")
		}
	}
}

// callee is one way a call may reach a function: directly, or through
// .call, .apply, Reflect.apply or Reflect.construct.
type callee struct {
	paths     []string
	args      []esb.Expr
	argsKnown bool // false when the arguments are spread from a value the check cannot read
}

func (sp *scriptPass) callees(target esb.Expr, args []esb.Expr, buf *[4]callee) []callee {
	direct := callee{paths: sp.resolve(target), args: args, argsKnown: !hasSpread(args)}
	out := append(buf[:0], direct)
	if dot, ok := target.Data.(*esb.EDot); ok {
		switch dot.Name {
		case "call":
			c := callee{paths: sp.resolve(dot.Target), argsKnown: direct.argsKnown}
			if len(args) > 1 {
				c.args = args[1:]
			}
			out = append(out, c)
		case "apply":
			c := callee{paths: sp.resolve(dot.Target)}
			if len(args) > 1 {
				c.args, c.argsKnown = listArguments(args[1])
			} else {
				c.argsKnown = true
			}
			out = append(out, c)
		}
	}
	if slices.Contains(direct.paths, "Reflect.apply") && len(args) >= 1 {
		c := callee{paths: sp.resolve(args[0])}
		if len(args) >= 3 {
			c.args, c.argsKnown = listArguments(args[2])
		}
		out = append(out, c)
	}
	if slices.Contains(direct.paths, "Reflect.construct") && len(args) >= 1 {
		c := callee{paths: sp.resolve(args[0])}
		if len(args) >= 2 {
			c.args, c.argsKnown = listArguments(args[1])
		}
		out = append(out, c)
	}
	return out
}

func hasSpread(args []esb.Expr) bool {
	return slices.ContainsFunc(args, func(a esb.Expr) bool { _, ok := a.Data.(*esb.ESpread); return ok })
}

// listArguments is the arguments an argument list gives apply,
// Reflect.apply or Reflect.construct, and whether they are all of them: a
// literal's items, or the first elements of any other list read one by
// one (argumentsOf), which the sinks judge as they judge any element.
func listArguments(e esb.Expr) ([]esb.Expr, bool) {
	if items, ok := arrayItems(e); ok {
		return items, true
	}
	return argumentsOf(e), false
}

func arrayItems(e esb.Expr) ([]esb.Expr, bool) {
	if arr, ok := e.Data.(*esb.EArray); ok && !hasSpread(arr.Items) {
		return arr.Items, true
	}
	return nil, false
}

// pathsStartWith reports whether a path starts with one of the bytes in
// firsts: a quick test before has looks for whole names.
func pathsStartWith(paths []string, firsts string) bool {
	for _, p := range paths {
		if p != "" && strings.IndexByte(firsts, p[0]) >= 0 {
			return true
		}
	}
	return false
}

func has(paths []string, names ...string) bool {
	for _, n := range names {
		if slices.Contains(paths, n) {
			return true
		}
	}
	return false
}

// checkCall judges a call or new of target; direct is the global target
// names directly ("" when none).
func (sp *scriptPass) checkCall(e, target esb.Expr, args []esb.Expr, u use, direct string) {
	off := int(e.Loc.Start)
	var buf [4]callee
	callees := sp.callees(target, args, &buf)
	sp.checkDirectCall(e, direct, args, callees[0].paths, u)
	for _, a := range args {
		sp.checkHandedOn(a)
	}
	// Workers and streaming WebAssembly named directly get a message about
	// the code they load (the closed world refuses them anyway; an alias
	// of the global object is refused where it is made).
	switch direct {
	case "Worker", "SharedWorker", "importScripts":
		sp.checkWorker(callees[0], off)
	}
	if dot, ok := target.Data.(*esb.EDot); ok && (dot.Name == "compileStreaming" || dot.Name == "instantiateStreaming") {
		if name, _ := sp.directGlobal(dot.Target); name == "WebAssembly" {
			sp.report(RuleRemoteCode, off, "streaming WebAssembly compiles code fetched at run time: the sandbox has no network; there is no way to load code into a remixlet")
		}
	}
	byTarget := sp.leakTarget(target, direct, callees[0].paths)
	for _, c := range callees {
		sp.checkLeakSinks(c.paths, c.args, byTarget)
		if pathsStartWith(c.paths, "OR") {
			sp.checkIntrinsicCall(c)
		}
		if !pathsStartWith(c.paths, "rcEOTRSUAld") {
			continue // none of the paths named below (keep the first letters of every name here)
		}
		if has(c.paths, "rmx.fetch") && len(c.args) > 0 {
			sp.checkFetch(c.args[0])
		}
		if has(c.paths, "rmx.network.observe") {
			sp.checkObserve(c.args)
		}
		if has(c.paths, "rmx.log", "console.log", "console.info", "console.warn", "console.error", "console.debug", "console.trace") {
			for _, a := range c.args {
				sp.checkLeak(a, "a log line")
			}
		}
		if has(c.paths, "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError") {
			for _, a := range c.args {
				sp.checkLeak(a, "an error message")
			}
		}
		if has(c.paths, "location.assign", "location.replace") {
			sp.report(RuleReplacedGlobal, off, "%s", navigationAdvice)
		}
		if has(c.paths, "Object.assign") && len(c.args) >= 2 {
			for _, src := range c.args[1:] {
				if dot, ok := c.args[0].Data.(*esb.EDot); ok && dot.Name == "style" {
					sp.checkStyleObject(src) // Object.assign(el.style, {…})
					continue
				}
				sp.checkAttributeObject("", src)
			}
		}
		if has(c.paths, "dom.create") && len(c.args) > 0 {
			sp.checkCreateClosed(c.args)
		}
		if has(c.paths, "dom.html") && len(c.args) > 0 {
			sp.checkHTMLClosed(c.args[0], "dom.html")
		}
		if has(c.paths, "dom.query", "dom.queryAll", "dom.waitFor", "dom.closest", "dom.matches") && len(c.args) > 0 {
			sp.checkSelector(c.args[0])
		}
		if has(c.paths, "dom.observe") && len(c.args) > 0 {
			sp.checkSelector(c.args[0])
		}
		if has(c.paths, "dom.on") && len(c.args) > 1 {
			sp.checkSelector(c.args[1]) // dom.on(type, selector, listener)
		}
		if has(c.paths, "rmx.schedule.openTab") {
			sp.checkOpenTab(c.args)
		}
		if has(c.paths, "dom.addStyle") && len(c.args) > 0 {
			sp.checkCSSClosed(c.args[0], "dom.addStyle")
		}
	}
	recv, method, margs, ok := sp.methodCall(target, args)
	if !ok {
		sp.checkMethodByUnreadName(target, args)
		return
	}
	sp.checkMethodCall(recv, method, margs)
}

// checkMethodCall judges a call of method on recv with args by the
// method's name, whatever recv is (values are untyped).
func (sp *scriptPass) checkMethodCall(recv esb.Expr, method string, args []esb.Expr) {
	arg := func(i int) (esb.Expr, bool) {
		if i < len(args) {
			return args[i], true
		}
		return esb.Expr{}, false
	}
	dot := &esb.EDot{Target: recv, Name: method}
	switch method {
	case "createElement":
		if a, ok := arg(0); ok {
			sp.checkCreatedTag(a, false)
		}
	case "createElementNS":
		if a, ok := arg(1); ok {
			sp.checkCreatedTag(a, true)
		}
	case "addClass":
		sp.checkMarkedClasses(dot.Target, args)
	case "setAttribute", "setAttributeNS":
		i := 0
		if method == "setAttributeNS" {
			i = 1
		}
		if name, ok := arg(i); ok {
			value, _ := arg(i + 1)
			if sp.notHandle(dot.Target) {
				sp.checkSetAttribute(dot.Target, name, value)
			} else {
				sp.checkSetAttributeClosed(dot.Target, name, value, method)
			}
		}
	case "insertAdjacentHTML", "insertHTML":
		if a, ok := arg(1); ok {
			if method == "insertHTML" && !sp.notHandle(dot.Target) {
				sp.checkHTMLClosed(a, method)
			} else {
				sp.checkHTML(a, dot.Name)
			}
		}
	case "setHTMLUnsafe", "setHTML", "appendHTML", "prependHTML", "createContextualFragment":
		if a, ok := arg(0); ok {
			if method != "setHTMLUnsafe" && method != "createContextualFragment" && !sp.notHandle(dot.Target) {
				sp.checkHTMLClosed(a, method)
			} else {
				sp.checkHTML(a, dot.Name)
			}
		}
	case "replace", "replaceSync":
		if a, ok := arg(0); ok && sp.mayBeSheet(dot.Target) {
			sp.checkCSSClosed(a, "Sheet.replace")
		}
	case "write", "writeln":
		if a, ok := arg(0); ok && has(sp.resolve(dot.Target), "document") {
			sp.checkHTML(a, "document."+dot.Name)
		}
	case "querySelector", "querySelectorAll", "closest", "matches", "query", "queryAll", "waitFor":
		if a, ok := arg(0); ok {
			sp.checkSelector(a)
		}
	case "setProperty":
		// el.style.setProperty("background", "url(…)")
		if inner, ok := dot.Target.Data.(*esb.EDot); ok && inner.Name == "style" && len(args) >= 2 {
			sp.checkDeclaration(args[0], args[1])
		}
	}
}

func (sp *scriptPass) checkWorker(c callee, off int) {
	if len(c.args) == 0 {
		return
	}
	v := sp.fold(c.args[0])
	switch {
	case !v.known:
		sp.report(RuleRemoteCode, off, "a worker or importScripts with an address built at run time may load remote code: run workers only from code in script.js, through a blob: URL")
	case isRemoteAddress(v.s):
		sp.report(RuleRemoteCode, off, "a worker or importScripts loading %q runs code from the network, which nobody reviewed: run workers only from code in script.js, through a blob: URL", v.s)
	}
}

// urlHost returns the scheme and host of an address, reading a partly
// known value up to its first unknown part.
func urlHost(v strVal) (scheme, host string, ok bool) {
	s := v.s
	if !v.known {
		i := strings.Index(s, unknownMark)
		head := s[:i]
		// The host must end before the unknown part starts.
		j := strings.Index(head, "://")
		if j < 0 || !strings.ContainsAny(head[j+3:], "/?#") {
			return "", "", false
		}
		s = head
	}
	u, err := site.Parse(s)
	if err != nil {
		return "", "", false
	}
	return u.Scheme, u.Hostname, true
}

func (sp *scriptPass) checkFetch(a esb.Expr) {
	off := int(a.Loc.Start)
	vals, ok := sp.fetchAddresses(a)
	if !ok {
		sp.fetchUse[""] = off
		sp.report(RuleUnreadableSink, off, unreadableFetch, "rmx.fetch")
		return
	}
	for _, v := range vals {
		sp.checkFetchAddress(v, off)
	}
}

// checkFetchAddress judges one address rmx.fetch may be given.
func (sp *scriptPass) checkFetchAddress(v strVal, off int) {
	scheme, host, ok := urlHost(v)
	if !ok {
		if v.known {
			sp.report(RuleFetchHost, off, "rmx.fetch(%q): write the full https:// address of a host a fetch: permission names", v.s)
			return
		}
		sp.fetchUse[""] = off
		sp.report(RuleUnreadableSink, off, unreadableFetch, "rmx.fetch")
		return
	}
	if scheme != "http" && scheme != "https" {
		sp.report(RuleFetchHost, off, "rmx.fetch reaches only http:// and https:// addresses, not %s:", scheme)
		return
	}
	sp.checkPlainHTTP(scheme, host, off)
	sp.fetchUse[host] = off
	if !slices.Contains(sp.m.Hosts(manifest.Fetch), host) {
		sp.report(RuleFetchHost, off, "rmx.fetch to %s, which no fetch: permission names: add {\"permission\": \"fetch:%s\", \"reason\": \"…\"} and ask the user, or fetch from a host already approved", host, host)
	}
}

// checkObserve reads the host rmx.network.observe is given: a host name,
// an address, or an object with a host or url.
func (sp *scriptPass) checkObserve(args []esb.Expr) {
	if len(args) == 0 {
		return
	}
	a := args[0]
	if o, ok := a.Data.(*esb.EObject); ok {
		v, found := sp.objectProperty(o, "host")
		if !found {
			v, found = sp.objectProperty(o, "url")
		}
		if !found {
			sp.observe[""] = int(a.Loc.Start)
			return
		}
		a = v
	}
	off := int(a.Loc.Start)
	v := sp.fold(a)
	host := v.s
	if strings.Contains(host, "://") || !v.known {
		var ok bool
		if _, host, ok = urlHost(v); !ok {
			sp.observe[""] = off
			return
		}
	}
	host = strings.ToLower(host)
	sp.observe[host] = off
	if !slices.Contains(sp.m.Hosts(manifest.NetworkObserve), host) {
		sp.report(RuleMissingPermission, off, "rmx.network.observe of %s needs the network:observe:%s permission: add it with a reason and ask the user", host, host)
	}
}

// checkCreatedTag checks an element name given to createElement,
// createElementNS or dom.create, and returns it (lower case) when known.
func (sp *scriptPass) checkCreatedTag(a esb.Expr, namespaced bool) string {
	v := sp.fold(a)
	if !v.known {
		return ""
	}
	tag := strings.ToLower(v.s)
	if namespaced {
		if i := strings.LastIndexByte(tag, ':'); i >= 0 {
			tag = tag[i+1:]
		}
	}
	off := int(a.Loc.Start)
	switch e := pagepolicy.Element("", tag); {
	case tag == "script":
		sp.report(RuleScriptElement, off, "creating a script element (%q) loads or runs code outside the reviewed file: put the code in script.js and change the page through dom", v.s)
	case !e.Allowed:
		sp.report(RuleRefusedElement, off, "the page agent cannot create %s elements: %s; use layout, text, form-control, image or simple SVG elements (`remixlet explain %s` lists them)", tag, e.Reason, RuleRefusedElement.ID)
	}
	return tag
}

// elementTag is the tag of an element created into a binding by
// dom.create("img") or createElement("img"), or "".
func (sp *scriptPass) elementTag(e esb.Expr) string {
	_, info, ok := sp.identSymbol(e)
	if !ok || len(info.sources) != 1 || len(info.sources[0].keys) > 0 {
		return ""
	}
	src := info.sources[0].expr
	if aw, ok := src.Data.(*esb.EAwait); ok {
		src = aw.Value
	}
	call, ok := src.Data.(*esb.ECall)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	dot, isDot := call.Target.Data.(*esb.EDot)
	if !has(sp.resolve(call.Target), "dom.create") && !(isDot && dot.Name == "createElement") {
		return ""
	}
	if v := sp.fold(call.Args[0]); v.known {
		return strings.ToLower(v.s)
	}
	return ""
}

func (sp *scriptPass) checkSetAttribute(elem, name, value esb.Expr) {
	n := sp.fold(name)
	if !n.known {
		return
	}
	sp.checkAttribute(sp.elementTag(elem), n.s, value, int(name.Loc.Start))
}

// checkAttributeObject checks an object literal of attributes or
// properties (dom.create's second argument, Object.assign's sources).
func (sp *scriptPass) checkAttributeObject(tag string, e esb.Expr) {
	sp.checkAttributeObjectDepth(tag, e, 0)
}

func (sp *scriptPass) checkAttributeObjectDepth(tag string, e esb.Expr, depth int) {
	o, ok := sp.attributeObjectOf(e, 0)
	if !ok {
		sp.checkAttributeRoutes(tag, e)
		return
	}
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread && depth < 4 {
			sp.checkAttributeObjectDepth(tag, p.ValueOrNil, depth+1) // { ...base, id: "x" }
			continue
		}
		if p.Kind == esb.PropertySpread || p.Kind.IsMethodDefinition() || p.ValueOrNil.Data == nil {
			continue
		}
		key, ok := sp.foldKey(p.Key)
		if !ok {
			continue
		}
		switch strings.ToLower(key) {
		case "innerhtml", "outerhtml":
			sp.checkHTML(p.ValueOrNil, key)
			continue
		}
		sp.checkAttribute(tag, key, p.ValueOrNil, int(p.Key.Loc.Start))
	}
}

// checkAttribute applies the page policy (package pagepolicy) to one
// attribute: refused ones are errors, checked ones go through the address
// rule.
func (sp *scriptPass) checkAttribute(tag, name string, value esb.Expr, off int) {
	where := ""
	if tag != "" {
		where = " on <" + tag + ">"
	}
	switch v := pagepolicy.Attribute("", tag, name); {
	case v.Verdict == pagepolicy.Refuse && tag == "" && v.Row.Address:
		// An element the lint cannot name, or Object.assign's receiver,
		// which may be no element (state.data = …): the address is judged,
		// as a property assignment's is; the page agent refuses it on an
		// element.
		sp.checkAddress(strings.ToLower(strings.TrimSpace(name)), value, true)
	case v.Verdict == pagepolicy.Refuse:
		sp.report(RuleRefusedAttribute, off, "%s%s: the page agent refuses it: %s", name, where, v.Reason)
	case v.Verdict == pagepolicy.CheckAddress:
		sp.checkAddress(strings.ToLower(strings.TrimSpace(name)), value, tag == "img" || tag == "")
	case v.Verdict == pagepolicy.CheckFragment:
		if f := sp.fold(value); f.known && !pagepolicy.FragmentOnly(f.s) {
			sp.report(RuleRefusedAttribute, off, "%s%s: the page agent refuses it: %s", name, where, v.Reason)
		}
	}
}

// checkAddress applies the address rule to a literal address an element
// is given.
func (sp *scriptPass) checkAddress(attr string, value esb.Expr, mayBeImage bool) {
	if value.Data == nil {
		return
	}
	v := sp.fold(value)
	if !v.known {
		if v.isStr {
			if _, host, ok := urlHost(v); ok && !sp.m.AllowsHost(host) {
				sp.report(RuleRemoteSrc, int(value.Loc.Start), "%s set to an address on %s, which is neither a site the remixlet runs on nor a host a fetch: permission names: load from a host your matches cover, or add a fetch:%s permission and ask the user", attr, host, host)
			} else if ok {
				sp.hostsSeen[host] = true
			}
		}
		return
	}
	candidates := []string{v.s}
	if attr == "srcset" {
		candidates = nil
		for _, c := range strings.Split(v.s, ",") {
			if f := strings.Fields(c); len(f) > 0 {
				candidates = append(candidates, f[0])
			}
		}
	}
	for _, addr := range candidates {
		t := site.Clean(addr)
		if t == "" || strings.HasPrefix(t, "#") {
			continue // no load: the same page
		}
		if mayBeImage && (attr == "src" || attr == "srcset") && strings.HasPrefix(strings.ToLower(t), "data:image/") {
			continue // a data: image for an img
		}
		load := sp.m.CheckLoad(addr)
		if load.Allowed {
			sp.hostsSeen[load.Host] = true
			continue
		}
		if load.Problem == site.LoadRelative && !site.IsSchemeRelative(addr) {
			// A path on the page's own site: the page agent resolves it
			// against the page's base and judges the result
			// (pagepolicy.JudgeAddress), as it does in HTML (checkHTMLAddress).
			continue
		}
		sp.report(RuleRemoteSrc, int(value.Loc.Start), "%s %q: %s", attr, addr, load.Reason)
	}
}

// checkAssign looks at target = value.
func (sp *scriptPass) checkAssign(x *esb.EBinary, off int) {
	var name string
	var target esb.Expr
	switch l := x.Left.Data.(type) {
	case *esb.EIdentifier:
		if s, _ := sp.lookup(l.Ref); s != nil && s.Kind == esb.SymbolUnbound && s.OriginalName == "location" {
			sp.report(RuleReplacedGlobal, off, "%s", navigationAdvice)
		}
		return
	case *esb.EDot:
		name, target = l.Name, l.Target
	case *esb.EIndex:
		k, ok := sp.foldKey(l.Index)
		if !ok {
			return
		}
		name, target = k, l.Target
	default:
		return
	}
	sp.checkPrototypeAssign(name, x.Right)
	if inner, ok := target.Data.(*esb.EDot); ok && inner.Name == "style" {
		// el.style.cssText = "…", el.style.background = "…"
		if name == "cssText" {
			sp.checkScriptCSS(x.Right, "an inline style")
		} else {
			sp.checkDeclaration(esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(cssPropertyName(name)))}, Loc: x.Left.Loc}, x.Right)
		}
		return
	}
	targetPaths := sp.resolve(target)
	if has(targetPaths, "location") || (name == "location" && has(targetPaths, "globalThis")) {
		sp.report(RuleReplacedGlobal, off, "%s", navigationAdvice)
		return
	}
	sp.checkSecretValue(name, x.Right)
	if len(name) > len("formaction") {
		return // none of the names below, in any case (the longest is as long as formaction)
	}
	lower := strings.ToLower(name)
	switch {
	case lower == "innerhtml" || lower == "outerhtml":
		sp.checkHTML(x.Right, name)
	case x.Op != esb.BinOpAssign || !pagepolicy.LoadsAddress(lower):
	default:
		// The receiver may be any object (state.action = "save"), so only
		// values that are addresses are judged; a value built at run time
		// is judged by its known host.
		if v := sp.fold(x.Right); v.known && !looksLikeAddress(v.s) {
			return
		}
		sp.checkAddress(lower, x.Right, lower == "src" || lower == "srcset")
	}
}

var schemeRe = lazyre.New(`^[A-Za-z][A-Za-z0-9+.\-]*:`)

// looksLikeAddress: a scheme, or a path from the root or the network, as a
// browser reads the address (site.Clean: "\x01javascript:x" has a scheme).
func looksLikeAddress(s string) bool {
	t := site.Clean(s)
	return schemeRe.MatchString(t) || strings.HasPrefix(t, "/") || strings.HasPrefix(t, `\\`)
}

// Secrets.

// secretOffset maps an offset inside a string literal's value to the
// source, when the literal is written without escapes; otherwise the
// literal's start.
func (sp *scriptPass) secretOffset(litOff int, value string, inner int) int {
	body := litOff + 1
	if body <= len(sp.src) && strings.HasPrefix(sp.src[body:], value) {
		return body + inner
	}
	return litOff
}

func (sp *scriptPass) reportSecret(litOff int, value string, m secrets.Match) {
	start := sp.secretOffset(litOff, value, m.Start)
	end := start + (m.End - m.Start)
	if start == litOff {
		end = -1 // written with escapes or folded: the outputs hide the rest of the line
	}
	what := m.What()
	if m.Kind == "labelled" && m.Label != "" {
		what = "a value labelled " + m.Label
	}
	sp.reportSpan(RuleSecret, start, end, "%s is hard-coded in script.js, where anyone who sees the code can read it: remove it, and call the service through rmx.fetch with a fetch: permission, which signs in as the user", what)
}

func hasLabelSeparator(u []uint16) bool {
	for _, c := range u {
		if c == ':' || c == '=' {
			return true
		}
	}
	return false
}

// minSecretScan skips strings too short to hold a credential.
const minSecretScan = 8

// minLabelledSecret is the shortest string judged as a value written under
// a credential's name (const apiKey = "…").
const minLabelledSecret = 6

func (sp *scriptPass) checkSecretString(x *esb.EString, off int) {
	label, labelled := sp.labels[x]
	if !labelled && (len(x.Value) < minSecretScan || len(x.Value) < 16 && !hasLabelSeparator(x.Value)) {
		return // too short for a token, and no "label: value" inside
	}
	value := esb.UTF16ToString(x.Value)
	ms := secrets.Scan(value)
	for _, m := range ms {
		sp.reportSecret(off, value, m)
	}
	if len(ms) == 0 && labelled {
		if m, ok := secrets.Labelled(label, value); ok {
			sp.reportSecret(off, value, m)
		}
	}
}

// checkRegExpSecret scans a regular expression literal's text, which its
// source, toString and a template hand on as a string: a vendor's token
// format only, as in names, an expression's text being dense by nature.
func (sp *scriptPass) checkRegExpSecret(x *esb.ERegExp, off int) {
	if len(x.Value) < minSecretScan+2 {
		return
	}
	end := strings.LastIndexByte(x.Value, '/')
	if end <= 0 {
		return
	}
	for _, m := range secrets.Scan(x.Value[1:end]) {
		if m.Guessed() {
			continue
		}
		sp.reportSpan(RuleSecret, off+1+m.Start, off+1+m.End, "%s is hard-coded in a regular expression in script.js, where anyone who sees the code can read it (its source and toString give the text): remove it, and call the service through rmx.fetch with a fetch: permission, which signs in as the user", m.What())
	}
}

// minNameSecret skips names too short for a vendor's token that a name
// can spell (AKIA and 16 more, hf_ and 34, sk_live_ and 24).
const minNameSecret = 20

// checkNameSecret scans the name of a function or class, which its name
// member gives as a string: only a vendor's token format (AKIA…, hf_…) is
// taken as a key there, names being code.
func (sp *scriptPass) checkNameSecret(name *esb.LocRef) {
	if name == nil {
		return
	}
	text := sp.res.Symbol(name.Ref).OriginalName
	if len(text) < minNameSecret {
		return
	}
	for _, m := range secrets.Scan(text) {
		if m.Guessed() {
			continue
		}
		off := int(name.Loc.Start)
		sp.reportSpan(RuleSecret, off+m.Start, off+m.End, "%s is the name of a function or class in script.js, where anyone who sees the code can read it (its name member gives the text): remove it, and call the service through rmx.fetch with a fetch: permission, which signs in as the user", m.What())
	}
}

func (sp *scriptPass) checkTemplateSecrets(t *esb.ETemplate) {
	if t.TagOrNil.Data != nil {
		return
	}
	scan := func(cooked []uint16, loc esb.Loc) {
		if len(cooked) < minSecretScan {
			return
		}
		value := esb.UTF16ToString(cooked)
		for _, m := range secrets.Scan(value) {
			sp.reportSecret(int(loc.Start), value, m)
		}
	}
	scan(t.HeadCooked, t.HeadLoc)
	for _, p := range t.Parts {
		scan(p.TailCooked, p.TailLoc)
	}
}

// checkSecretValue notes the name a string is written under (const apiKey
// = "…", {token: "…"}, x.password = "…"): checkSecretString, which sees
// the string next, judges it as a labelled value when no pattern matches.
func (sp *scriptPass) checkSecretValue(name string, value esb.Expr) {
	if mayBeLabelled(value) && secrets.IsCredentialName(name) {
		sp.labels[value.Data.(*esb.EString)] = name
	}
}

// mayBeLabelled reports a string long enough to be judged as a value
// written under a credential's name.
func mayBeLabelled(value esb.Expr) bool {
	s, ok := value.Data.(*esb.EString)
	return ok && len(s.Value) >= minLabelledSecret
}

func (sp *scriptPass) checkDecl(d esb.Decl) {
	b, ok := d.Binding.Data.(*esb.BIdentifier)
	if !ok || d.ValueOrNil.Data == nil {
		return
	}
	if s, _ := sp.lookup(b.Ref); s != nil {
		sp.checkSecretValue(s.OriginalName, d.ValueOrNil)
	}
}

// credentialPart names the credential an expression holds, or "": a
// binding or property whose name says so, or a literal with a secret.
func (sp *scriptPass) credentialPart(e esb.Expr) string {
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		if s, _ := sp.lookup(x.Ref); s != nil && secrets.IsCredentialName(s.OriginalName) && !sp.holdsNoCredential(x.Ref, s.OriginalName) {
			return s.OriginalName
		}
	case *esb.EDot:
		if secrets.IsCredentialName(x.Name) {
			return x.Name
		}
	case *esb.EIndex:
		if k, ok := sp.foldKey(x.Index); ok && secrets.IsCredentialName(k) {
			return k
		}
	case *esb.EString:
		if ms := secrets.Scan(esb.UTF16ToString(x.Value)); len(ms) > 0 {
			return ms[0].What()
		}
	case *esb.ECall:
		// token.trim(), String(token), encodeURIComponent(token)
		if dot, ok := x.Target.Data.(*esb.EDot); ok && stringMethods[dot.Name] {
			return sp.credentialPart(dot.Target)
		}
		if len(x.Args) == 1 {
			return sp.credentialPart(x.Args[0])
		}
	}
	return ""
}

// concatParts lists the operands of a + chain (left to right) or the
// literal and substituted parts of a template.
func concatParts(top *esb.EBinary) []esb.Expr {
	n := 2
	for cur := top; ; n++ {
		left, ok := cur.Left.Data.(*esb.EBinary)
		if !ok || left.Op != esb.BinOpAdd {
			break
		}
		cur = left
	}
	parts := make([]esb.Expr, n)
	for cur := top; ; {
		n--
		parts[n] = cur.Right
		left, ok := cur.Left.Data.(*esb.EBinary)
		if !ok || left.Op != esb.BinOpAdd {
			parts[n-1] = cur.Left
			return parts
		}
		cur = left
	}
}

// allConcatParts reports whether every operand of a + chain satisfies f.
func allConcatParts(top *esb.EBinary, f func(esb.Expr) bool) bool {
	for cur := top; ; {
		if !f(cur.Right) {
			return false
		}
		left, ok := cur.Left.Data.(*esb.EBinary)
		if !ok || left.Op != esb.BinOpAdd {
			return f(cur.Left)
		}
		cur = left
	}
}

func (sp *scriptPass) templateParts(t *esb.ETemplate) []esb.Expr {
	parts := []esb.Expr{{Data: &esb.EString{Value: t.HeadCooked}, Loc: t.HeadLoc}}
	for _, p := range t.Parts {
		parts = append(parts, p.Value, esb.Expr{Data: &esb.EString{Value: p.TailCooked}, Loc: p.TailLoc})
	}
	return parts
}

// looksLikeURLPart reports literal text of an address: it holds "://",
// or it ends in a query key (?key=, &key, #key, ;key=). The text is read
// as esbuild holds it, in UTF-16: both tests are on ASCII characters.
func looksLikeURLPart(u []uint16) bool {
	for i := 0; i+2 < len(u); i++ {
		if u[i] == ':' && u[i+1] == '/' && u[i+2] == '/' {
			return true
		}
	}
	return endsInQueryKey(u)
}

// endsInQueryKey reports text that ends in one of ?&#; followed by key
// characters (letters, digits, _ . - [ ]) and at most one =.
func endsInQueryKey(u []uint16) bool {
	n := len(u)
	if n > 0 && u[n-1] == '=' {
		n--
	}
	k := n
	for k > 0 && isQueryKeyChar(u[k-1]) {
		k--
	}
	if k == 0 {
		return false
	}
	switch u[k-1] {
	case '?', '&', '#', ';':
		return true
	}
	return false
}

func isQueryKeyChar(c uint16) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' || c == '[' || c == ']'
}

// checkConcat looks for a credential concatenated into an address.
func (sp *scriptPass) checkConcat(top *esb.EBinary) { sp.checkConcatParts(concatParts(top)) }

func (sp *scriptPass) checkConcatParts(parts []esb.Expr) {
	isURL := false
	for _, p := range parts {
		if s, ok := p.Data.(*esb.EString); ok && looksLikeURLPart(s.Value) {
			isURL = true
			break
		}
	}
	if !isURL {
		return
	}
	// A part is in the address when a literal address start ("://", or a
	// query key) comes before it (spaces do not end an address: the parser
	// keeps them in a path or query, encoded), or when a part whose text is
	// unknown, and so may end in an address start, comes right before it
	// with no space between. In "Use ${token} (see https://…)" the token is
	// prose before the address.
	inAddress, afterUnknown := false, false
	for _, p := range parts {
		if s, literal := p.Data.(*esb.EString); literal {
			inAddress = inAddress || looksLikeURLPart(s.Value)
			afterUnknown = afterUnknown && !hasSpace(s.Value)
			continue
		}
		if inAddress || afterUnknown {
			if what := sp.credentialPart(p); what != "" {
				sp.report(RuleSecretLeak, int(p.Loc.Start), "%s is put into an address, where servers, logs and history keep it: never put a credential in a URL; rmx.fetch signs requests as the user", what)
			}
		}
		afterUnknown = true
	}
}

func hasSpace(u []uint16) bool {
	for _, c := range u {
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '\v', 0xa0:
			return true
		}
	}
	return false
}

// checkLeak looks for a credential in a value that becomes a log line or
// an error message.
func (sp *scriptPass) checkLeak(e esb.Expr, where string) {
	var parts []esb.Expr
	switch x := e.Data.(type) {
	case *esb.EBinary:
		if x.Op == esb.BinOpAdd {
			parts = concatParts(x)
		}
	case *esb.ETemplate:
		if x.TagOrNil.Data == nil {
			parts = sp.templateParts(x)
		}
	case *esb.EObject:
		for i := range x.Properties {
			p := &x.Properties[i]
			if key, ok := sp.foldKey(p.Key); ok && secrets.IsCredentialName(key) && p.ValueOrNil.Data != nil {
				sp.report(RuleSecretLeak, int(p.Key.Loc.Start), "%s", leakMessage(key, where))
			}
		}
		return
	}
	if parts == nil {
		parts = []esb.Expr{e}
	}
	for _, p := range parts {
		if _, literal := p.Data.(*esb.EString); literal && len(parts) > 1 {
			continue // a literal with a secret is reported as js/secret
		}
		if what := sp.credentialPart(p); what != "" {
			sp.report(RuleSecretLeak, int(p.Loc.Start), "%s", leakMessage(what, where))
		}
	}
}

// checkScriptCSS runs the stylesheet guard in script mode over CSS a script
// writes (dom.addStyle, inline styles): no url( and no load of any kind.
// Parts built at run time are read as placeholders, so a url( in the
// written text is still found.
func (sp *scriptPass) checkScriptCSS(e esb.Expr, what string) {
	v := sp.fold(e)
	if !v.known && !v.isStr {
		return // nothing written here to read; the page agent checks at run time
	}
	sp.checkScriptCSSText(v, e, what)
}

// checkScriptCSSText is checkScriptCSS on one value the CSS may be.
func (sp *scriptPass) checkScriptCSSText(v strVal, e esb.Expr, what string) {
	res := cssguard.Check([]byte(v.s), ScriptFile, sp.m, cssguard.Script)
	for _, f := range res.Findings {
		sp.report(finding.RuleOf(f), int(e.Loc.Start), "in the CSS given to %s: %s", what, f.Message)
	}
}

// checkDeclaration checks one inline style property and its value.
func (sp *scriptPass) checkDeclaration(name, value esb.Expr) {
	n := sp.fold(name)
	v := sp.fold(value)
	if !v.known && !v.isStr {
		return
	}
	prop := "x"
	if n.known {
		prop = n.s
	}
	sp.checkScriptCSS(esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(prop + ": " + v.s))}, Loc: value.Loc}, "an inline style")
}

// checkStyleObject checks each property of an object assigned to a style.
func (sp *scriptPass) checkStyleObject(e esb.Expr) {
	o, ok := e.Data.(*esb.EObject)
	if !ok {
		return
	}
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread || p.ValueOrNil.Data == nil {
			continue
		}
		if key, ok := sp.foldKey(p.Key); ok {
			sp.checkDeclaration(esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(cssPropertyName(key)))}, Loc: p.Key.Loc}, p.ValueOrNil)
		}
	}
}

// cssPropertyName turns a style object's key (backgroundImage) into the
// CSS property (background-image).
func cssPropertyName(key string) string {
	var b strings.Builder
	for _, r := range key {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
