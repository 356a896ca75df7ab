package scriptlint

import (
	"strings"
	"sync"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/secrets"
	"github.com/remixlet/remixlet/internal/wordset"
	"github.com/remixlet/remixlet/sandboxapi"
)

// The closed world and the dangerous values. Every global reference is
// judged by the closed-world table (closedworld.go) and by its use: a
// dangerous value (eval, Function, the timers) may appear only as the
// callee of a direct call whose arguments satisfy its rule; a global object
// only as the object of a member read naming an allowed global; a
// constructor read only where its result is compared or its name read.
// Nothing is followed through bindings: an alias is refused where it is
// made, so there is nothing to follow.

// Defence names one group of checks. The evasion corpus names, for each
// form, the one defence that catches it; the ablation test turns each off
// in turn and shows that exactly its forms flip to passing.
type Defence string

const (
	DefClosedWorld     Defence = "closed-world"     // globals outside the table
	DefGlobalObject    Defence = "global-object"    // global object aliases used other than window.NAME
	DefDangerousFlow   Defence = "dangerous-flow"   // eval, Function, timers anywhere but a direct call
	DefEvalArgument    Defence = "eval-argument"    // eval called with what the check cannot read
	DefFunctionCall    Defence = "function-call"    // Function called or constructed
	DefTimerArgument   Defence = "timer-argument"   // a timer given anything but a provable function
	DefConstructorRead Defence = "constructor-read" // constructor, __proto__, unknown keys, prototype walks
	DefDynamicAPI      Defence = "dynamic-api"      // rmx[x], dom[x]
	DefSecretFold      Defence = "secret-fold"      // secrets assembled from parts
	DefSecretComment   Defence = "secret-comment"   // secrets in comments
	DefUnknownAPI      Defence = "unknown-api"      // dom and rmx members the API does not have
	DefIntrinsicWrite  Defence = "intrinsic-write"  // built-ins written, prototypes set to functions
	DefAPIValue        Defence = "api-value"        // rmx, dom, location handed on as values
)

// Defences lists every defence, for the ablation test.
var Defences = []Defence{
	DefClosedWorld, DefGlobalObject, DefDangerousFlow, DefEvalArgument, DefFunctionCall,
	DefTimerArgument, DefConstructorRead, DefDynamicAPI, DefSecretFold, DefSecretComment, DefUnknownAPI,
	DefIntrinsicWrite, DefAPIValue,
}

// disabledDefences is set only by the ablation test.
var disabledDefences map[Defence]bool

func on(d Defence) bool { return disabledDefences == nil || !disabledDefences[d] }

// useWords says what a use does with a value, for messages.
func useWords(u use) string {
	switch u {
	case useCall:
		return "called indirectly"
	case useNew:
		return "constructed"
	case useMember:
		return "used through call, apply, bind or a member read"
	case usePattern:
		return "destructured"
	case useTarget:
		return "assigned to"
	}
	return "stored, passed, returned or spread"
}

func (sp *scriptPass) checkIdentifier(x *esb.EIdentifier, e esb.Expr, u use) {
	s, info := sp.lookup(x.Ref)
	if s == nil || s.Kind != esb.SymbolUnbound {
		return
	}
	g := sp.global(s, info)
	if u == useTarget {
		sp.checkGlobalAssignment(e, s.OriginalName)
	}
	if g.plain {
		sp.checkBuiltinValue(e)
		return // an allowed global with nothing else to restrict: the common case
	}
	sp.checkGlobalUse(s.OriginalName, int(e.Loc.Start), u)
}

// checkGlobalUse judges one reference to the global name (written as a
// name, or as window.NAME) by the closed-world table and its use.
func (sp *scriptPass) checkGlobalUse(name string, off int, u use) {
	if u == useTypeof {
		return // a feature test reads nothing
	}
	g := allowedByName()[name]
	if g == nil {
		if !on(DefClosedWorld) || sp.outerNames[name] {
			return // (a binding of the module, in the code eval runs)
		}
		if o := outsideByName()[name]; o != nil && o.Replaced {
			sp.report(RuleReplacedGlobal, off, "%s: %s", name, o.UseInstead)
		} else if !sp.pastCap(RuleUnknownGlobal) {
			sp.report(RuleUnknownGlobal, off, "%s: %s", name, sp.unknownGlobalAdvice(name))
		}
		return
	}
	switch g.Kind {
	case KindGlobalObject:
		switch u {
		case useMember, useMemberSafe, useMemberName, useInspect, useDiscard, usePattern:
			return // the member read or the pattern judges the key
		}
		switch sp.siteUse {
		case useBind, useArg, useReturn:
			if sp.siteFollowed() {
				return // followed into a name, a parameter or a result (reach.go)
			}
		}
		if on(DefGlobalObject) {
			sp.report(RuleGlobalObject, off, "%s is %s here, and the global object reaches every global, eval included: read the global you mean by name (Math, or %s.Math)", name, useWords(u), name)
		}
	case KindDangerous:
		switch u {
		case useCall, useNew, useInspect, useDiscard, useMemberName:
			return // a direct call is judged by checkDirectCall
		}
		if name == "Function" && sp.siteUse == useProtoRead {
			return // Function.prototype is a reached value, judged where it is used (reach.go)
		}
		if on(DefDangerousFlow) {
			sp.reportDangerousFlow(name, off, u)
		}
	default:
		if apiObjects[name] {
			switch u {
			case useValue, useCall, useNew:
				if name == "rmx" {
					sp.rmxEscape = true
				}
				if on(DefAPIValue) {
					sp.report(RuleAPIValue, off, "%s is %s here, so the check can no longer see which of its members is used (the permissions and page checks are judged where a member is named): name the member where you use it (%s), and hand a helper the value or the one function it needs", name, useWords(u), apiExample[name])
				}
			}
			return
		}
		if len(g.Members) == 0 {
			return
		}
		switch u {
		case useValue, useTarget:
			if on(DefClosedWorld) {
				sp.report(RuleUnknownGlobal, off, "%s is %s here, which hands on all of it, and only %s of it is in the sandbox: call those directly", name, useWords(u), memberList(name, g.Members))
			}
		}
	}
}

// receiverOfOwnMember reports o.m.bind(o, …), o.m.call(o, …) and
// o.m.apply(o, …) for o one of apiObjects, named directly.
func (sp *scriptPass) receiverOfOwnMember(target esb.Expr, args []esb.Expr) bool {
	dot, name := sp.boundToGlobal(target, args)
	return dot != nil && apiObjects[name] && rootGlobalName(sp, dot.Target) == name
}

// boundToGlobal names the global given as this in f.bind(G, …),
// f.call(G, …) and f.apply(G, …), with the member read of bind, call or
// apply; dot is nil for any other call.
func (sp *scriptPass) boundToGlobal(target esb.Expr, args []esb.Expr) (dot *esb.EDot, name string) {
	dot, ok := target.Data.(*esb.EDot)
	if !ok || len(args) == 0 || dot.Name != "bind" && dot.Name != "call" && dot.Name != "apply" {
		return nil, ""
	}
	id, ok := args[0].Data.(*esb.EIdentifier)
	if !ok {
		return nil, ""
	}
	s, _ := sp.lookup(id.Ref)
	if s == nil || s.Kind != esb.SymbolUnbound {
		return nil, ""
	}
	return dot, s.OriginalName
}

// apiObjects are the globals used only through static members: the
// checks judge a member where it is named.
var apiObjects = map[string]bool{"rmx": true, "dom": true, "location": true}

var apiExample = map[string]string{"rmx": "rmx.storage.get(…)", "dom": "dom.query(…)", "location": "location.href"}

func memberList(name string, members []string) string {
	var parts []string
	for _, m := range members {
		parts = append(parts, name+"."+m)
	}
	return strings.Join(parts, " and ")
}

func (sp *scriptPass) reportDangerousFlow(name string, off int, u use) {
	switch name {
	case "eval":
		sp.report(RuleEval, off, "eval is %s here, where the check cannot follow it to its call: eval may only be called directly, with a literal string; write the code itself", useWords(u))
	case "Function":
		sp.report(RuleFunctionConstructor, off, "Function is %s here: it compiles strings into code, and may not appear in a remixlet; write the function directly", useWords(u))
	default:
		sp.report(RuleStringTimer, off, "%s is %s here, where the check cannot see what it will be given: call it directly with a function, %s(() => work(), ms)", name, useWords(u), name)
	}
}

// globalObjectRef reports an expression that is the global object: an
// alias (window, globalThis, …) or an alias read from one (window.self).
func (sp *scriptPass) globalObjectRef(e esb.Expr) bool {
	name, ok := sp.directGlobal(e)
	return ok && isGlobalObjectName(name)
}

// directGlobal returns the global an expression names directly: an
// unbound identifier, a member of the global object read with a known key,
// or this.NAME for a dangerous NAME (in a timer's function, this is the
// global object).
func (sp *scriptPass) directGlobal(e esb.Expr) (string, bool) {
	for depth := 0; depth < 64; depth++ {
		switch x := e.Data.(type) {
		case *esb.EIdentifier:
			s, _ := sp.lookup(x.Ref)
			if s == nil || s.Kind != esb.SymbolUnbound {
				return "", false
			}
			return s.OriginalName, true
		case *esb.EAnnotation:
			e = x.Value
			continue
		case *esb.EDot:
			if _, ok := x.Target.Data.(*esb.EThis); ok {
				if isDangerous(x.Name) {
					return x.Name, true
				}
				return "", false
			}
			if sp.maybeGlobalObject(x.Target) && sp.globalObjectRef(x.Target) {
				return x.Name, true
			}
			return "", false
		case *esb.EIndex:
			key, ok := sp.indexKey(x.Index)
			if !ok {
				return "", false
			}
			if _, isThis := x.Target.Data.(*esb.EThis); isThis {
				if isDangerous(key) {
					return key, true
				}
				return "", false
			}
			if sp.maybeGlobalObject(x.Target) && sp.globalObjectRef(x.Target) {
				return key, true
			}
			return "", false
		}
		return "", false
	}
	return "", false
}

// maybeGlobalObject is a cheap test that rules out most expressions
// before globalObjectRef looks closer: only an identifier, or a member
// read whose name is a global object's (window.self), can be one.
func (sp *scriptPass) maybeGlobalObject(e esb.Expr) bool {
	switch x := e.Data.(type) {
	case *esb.EIdentifier, *esb.EAnnotation, *esb.EIndex:
		return true
	case *esb.EDot:
		return isGlobalObjectName(x.Name)
	}
	return false
}

// restrictedGlobal returns the table entry of a global whose members are
// restricted (crypto), when e names it directly.
func (sp *scriptPass) restrictedGlobal(e esb.Expr) *Global {
	if e.Data == nil {
		return nil
	}
	name, ok := sp.directGlobal(e)
	if !ok {
		return nil
	}
	if g := allowedByName()[name]; g != nil && len(g.Members) > 0 {
		return g
	}
	return nil
}

// restricted is the table entry of a directly named global whose members
// are restricted, or nil.
func restricted(name string, ok bool) *Global {
	if !ok {
		return nil
	}
	if g := allowedByName()[name]; g != nil && len(g.Members) > 0 {
		return g
	}
	return nil
}

// indexKey folds a computed key to a string when the text decides it.
func (sp *scriptPass) indexKey(e esb.Expr) (string, bool) {
	switch x := e.Data.(type) {
	case *esb.EString:
		return esb.UTF16ToString(x.Value), true
	case *esb.ENumber:
		return jsNumber(x.Value), true
	case *esb.EPrivateIdentifier:
		return "#private", true // this.#x: a private name, never constructor
	}
	return sp.foldKey(e)
}

// checkMember looks at target.key (known) or target[index] (key unknown).
func (sp *scriptPass) checkMember(e, target esb.Expr, key string, known bool, index esb.Expr, keyOff int, u use) {
	sp.checkBuiltinValue(e) // (String.prototype, root.Math)
	direct, isDirect := "", false
	var boundInfo *symInfo // the target is a local binding: neither a global nor the global object
	if id, ok := target.Data.(*esb.EIdentifier); ok {
		if s, info := sp.lookup(id.Ref); s != nil && s.Kind != esb.SymbolUnbound {
			boundInfo = info
		}
	}
	if boundInfo == nil {
		if sp.maybeGlobalObject(target) {
			direct, isDirect = sp.directGlobal(target)
		} else if _, ok := target.Data.(*esb.EDot); ok {
			direct, isDirect = sp.directGlobal(target)
		}
	}
	if !isDirect && sp.mayHoldGlobal(target) {
		sp.checkFollowedGlobalMember(e, key, known, keyOff, u)
		return
	}
	if isDirect && isGlobalObjectName(direct) {
		if !known {
			if u != useTypeof && on(DefGlobalObject) {
				sp.report(RuleDynamicGlobal, int(e.Loc.Start), "a global read with a key the check cannot decide can reach eval, Function or any global outside the sandbox: name the global you mean (Math, or window.Math)")
			}
			return
		}
		if absentGlobals[key] && u != useTarget {
			return // no window has it: the read is undefined (deadcode.go)
		}
		sp.checkGlobalUse(key, keyOff, u)
		return
	}
	if known {
		if _, isThis := target.Data.(*esb.EThis); isThis {
			if isDangerous(key) {
				sp.checkGlobalUse(key, keyOff, u)
				return
			}
		}
	}
	if g := restricted(direct, isDirect); g != nil && u != useTypeof {
		switch {
		case !known:
			if on(DefClosedWorld) {
				sp.report(RuleDynamicGlobal, int(e.Loc.Start), "%s read with a key the check cannot decide: only %s is in the sandbox; call it by name", g.Name, memberList(g.Name, g.Members))
			}
		case !contains(g.Members, key):
			if on(DefClosedWorld) {
				sp.report(RuleUnknownGlobal, keyOff, "%s.%s is not in the sandbox: only %s is", g.Name, key, memberList(g.Name, g.Members))
			}
		}
		return
	}
	if u != useTarget && (boundInfo != nil && sp.infoMayReachAPI(boundInfo) || boundInfo == nil && sp.mayReachAPI(target)) {
		targetPaths := sp.resolve(target)
		if !known {
			for _, p := range targetPaths {
				if p == "rmx" || p == "dom" {
					if on(DefDynamicAPI) {
						sp.report(RuleDynamicGlobal, int(e.Loc.Start), "%s read with a key the check cannot decide: call the %s method by name so the permissions it needs can be checked", p, p)
					}
					if p == "rmx" {
						sp.rmxEscape = true
					}
				}
			}
		} else {
			for _, p := range sp.members(targetPaths, key) {
				sp.noteService(p, int(e.Loc.Start))
				sp.checkAPIMember(p, keyOff)
			}
		}
	}
	if !u.escapes() || !sp.constructorChecks() || sp.siteFollowed() {
		return
	}
	if known {
		if key == "prototype" && sp.prototypeReached(target) {
			if sp.siteUse == useMember {
				// Its call, apply or bind: of Function.prototype, the one
				// callable prototype, they are the shared built-ins and call
				// a function that does nothing; of any other prototype, what
				// the script wrote there or undefined.
				return
			}
			sp.report(RuleConstructorRead, keyOff, "the prototype of what a read with a key the check cannot decide (or a constructor read) gave may be a built-in's, and it is %s here: only compare it or read its members", reachWords(sp.siteUse))
			return
		}
		if dot, ok := target.Data.(*esb.EDot); ok && key == "constructor" && dot.Name == "prototype" && sp.namesFunction(dot.Target) {
			if on(DefDangerousFlow) {
				sp.report(RuleFunctionConstructor, keyOff, "Function.prototype.constructor is Function, and it is %s here: it compiles strings into code, and may not appear in a remixlet; write the function directly", reachWords(sp.siteUse))
			}
			return
		}
		if key == "constructor" && (sp.instanceGuarded(target) || !sp.mayBeFunction(target)) {
			return // a built-in class, or what the script wrote under the key (deadcode.go)
		}
		if key == "constructor" || key == "__proto__" {
			sp.report(RuleConstructorRead, keyOff, "%s is %s here, and the %s of a function reaches Function, which compiles strings: compare it (x.constructor === Object) or read its .name, nothing else", key, reachWords(sp.siteUse), key)
		}
		return
	}
	if x, ok := e.Data.(*esb.EIndex); ok && sp.unknownKeyMayReach(x, 0) {
		sp.report(RuleConstructorRead, int(e.Loc.Start), "a key the check cannot decide, on a value that may be a function, reaches Function when the key is \"constructor\", and the result is %s here: look values up in a Map or an object literal, or only compare the result", reachWords(sp.siteUse))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkDirectCall judges a call of a dangerous global named directly, and
// the reflective reads that walk to a constructor.
func (sp *scriptPass) checkDirectCall(e esb.Expr, name string, args []esb.Expr, paths []string, u use) {
	off := int(e.Loc.Start)
	{
		switch name {
		case "eval":
			if on(DefEvalArgument) {
				sp.checkEval(args, off)
			}
		case "Function":
			if on(DefFunctionCall) {
				sp.report(RuleFunctionConstructor, off, "Function(…) compiles a string into code, like eval, and the sandbox blocks it: write the function directly (an arrow function or a function declaration)")
			}
		case "setTimeout", "setInterval":
			if on(DefTimerArgument) {
				sp.checkTimerArgs(name, args, off)
			}
		}
	}
	if !sp.constructorChecks() || !pathsStartWith(paths, "OR") {
		return // none of Object's or Reflect's walks below (keep the first letters of every name here)
	}
	inspected := u == useInspect || u == useTypeof || u == useDiscard || u == useMemberName
	switch {
	case has(paths, "Reflect.get", "Object.getOwnPropertyDescriptor", "Reflect.getOwnPropertyDescriptor") && len(args) >= 2:
		descriptor := !has(paths, "Reflect.get")
		if inspected || !descriptor && (!u.escapes() || sp.siteFollowed()) {
			return
		}
		if key, ok := sp.indexKey(args[1]); ok {
			if key == "constructor" || key == "__proto__" {
				sp.report(RuleConstructorRead, off, "reading %q this way reaches Function, which compiles strings: compare the constructor or read its .name, nothing else", key)
			}
		} else if sp.keyMayBeConstructor(args[1]) && sp.mayBeFunction(args[0]) {
			sp.report(RuleConstructorRead, off, "a property read with a key the check cannot decide, on a value that may be a function, reaches Function when the key is \"constructor\": look values up in a Map or an object literal")
		}
	case has(paths, "Object.getOwnPropertyDescriptors") && len(args) >= 1:
		if !inspected && sp.mayBeFunction(args[0]) {
			sp.report(RuleConstructorRead, off, "the property descriptors of a value that may be a function or a prototype hold its constructor, which reaches Function: copy the properties you need by name")
		}
	case has(paths, "Object.getPrototypeOf", "Reflect.getPrototypeOf") && len(args) >= 1:
		if u.escapes() && !sp.siteFollowed() && sp.mayBeFunction(args[0]) {
			sp.report(RuleConstructorRead, off, "the prototype of a value that may be a function leads to its constructor, which reaches Function, and it is %s here: only compare it (Object.getPrototypeOf(x) === Object.prototype)", reachWords(sp.siteUse))
		}
	}
}

func (sp *scriptPass) checkEval(args []esb.Expr, off int) {
	if hasSpread(args) {
		sp.report(RuleEval, off, "eval of arguments the check cannot read runs a string as code, and the sandbox blocks it: write the code itself; parse data with JSON.parse")
		return
	}
	if len(args) == 0 {
		return
	}
	if code, ok := evalLiteral(args); ok {
		// A literal: the code is in the file for anyone to read, and is
		// linted as the code it is.
		sp.checkEvalCode(code, off)
		return
	}
	if v := sp.fold(args[0]); v.known && v.isStr {
		// The seed allows a literal, written in the call: a constant or a
		// join that folds to one is refused too, as the oracle refuses it.
		sp.report(RuleEval, off, "eval of a string that is not written in the call (a constant, a join, a template with values, or a second argument) runs code the reader has to assemble: write the code itself, or at least the string in the call, eval(\"…\")")
		return
	}
	sp.report(RuleEval, off, "eval of a value built at run time runs a string as code, and the sandbox blocks it: write the code itself; parse data with JSON.parse")
}

// evalLiteral is the code of eval("…"): one argument, a string literal or
// a template without substitutions.
func evalLiteral(args []esb.Expr) (string, bool) {
	if len(args) != 1 {
		return "", false
	}
	switch x := args[0].Data.(type) {
	case *esb.EString:
		return esb.UTF16ToString(x.Value), true
	case *esb.ETemplate:
		if x.TagOrNil.Data == nil && len(x.Parts) == 0 {
			return esb.UTF16ToString(x.HeadCooked), true
		}
	}
	return "", false
}

// checkTimerArgs requires a timer's first argument to be provably a
// function that does not use this (in a timer's function, this is the
// global object).
func (sp *scriptPass) checkTimerArgs(name string, args []esb.Expr, off int) {
	if len(args) == 0 {
		return
	}
	if _, spread := args[0].Data.(*esb.ESpread); spread {
		sp.report(RuleStringTimer, off, "%s is given arguments the check cannot read, so it cannot tell a function from code in a string: pass a function, %s(() => work(), ms)", name, name)
		return
	}
	fn, usesThis := sp.provableFunction(args[0], 0)
	switch {
	case !fn:
		sp.report(RuleStringTimer, off, "%s is given something the check cannot prove is a function, and a timer turns anything else into a string and runs it as code: pass a function, %s(() => work(), ms)", name, name)
	case usesThis:
		sp.report(RuleStringTimer, off, "the function given to %s uses this, which in a timer's function is the global object and reaches every global: pass an arrow function, %s(() => work(), ms)", name, name)
	}
}

// provableFunction reports whether e is certainly a function, and whether
// that function reads this.
func (sp *scriptPass) provableFunction(e esb.Expr, depth int) (fn, usesThis bool) {
	if depth > 8 {
		return false, false
	}
	switch x := e.Data.(type) {
	case *esb.EArrow:
		return true, false
	case *esb.EFunction:
		return true, sp.usesThis[&x.Fn]
	case *esb.EAnnotation:
		return sp.provableFunction(x.Value, depth+1)
	case *esb.EIf:
		yes, t1 := sp.provableFunction(x.Yes, depth+1)
		no, t2 := sp.provableFunction(x.No, depth+1)
		return yes && no, t1 || t2
	case *esb.ECall:
		// f.bind(…) of a function is a function, with this fixed.
		if dot, ok := x.Target.Data.(*esb.EDot); ok && dot.Name == "bind" {
			if sp.onlyBuiltinMember("bind") {
				return true, false // Function.prototype.bind, whatever it is called on (or it throws)
			}
			if !sp.ownMemberWritten("bind", kFunc) {
				fn, _ := sp.provableFunction(dot.Target, depth+1)
				return fn, false
			}
		}
	case *esb.EDot:
		// A function of the API (rmx.log): the sandbox's, never a string.
		paths := sp.resolve(e)
		for _, p := range paths {
			if m, ok := sandboxapi.Lookup(p); !ok || m.Kind != sandboxapi.Function {
				return false, false
			}
		}
		return len(paths) > 0, false
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || info.updated {
			return false, false
		}
		if info.resolver && len(info.sources) == 0 {
			return true, false
		}
		if rec := info.paramOf; rec != nil && !info.otherAny && len(info.sources) == 0 && !sp.directEval &&
			!rec.usesArguments && sp.closed(rec) {
			// A parameter of a function called only by its name: what
			// every call gives it.
			return sp.provableArgs(rec, int(info.paramIndex), depth+1)
		}
		if info.anyWrite || sp.directEval || info.extraKinds&^kUndef != 0 {
			return false, false // a parameter, a loop head, a rest element: any value
		}
		if info.fnNode == nil && len(info.sources) == 0 {
			return false, false
		}
		if info.fnNode != nil {
			if info.fn == "class" {
				return false, false
			}
			usesThis = sp.usesThis[info.fnNode]
		}
		for _, src := range info.sources {
			if src.elems && len(src.keys) == 0 {
				f, t := sp.provableElements(src.expr, depth+1)
				if !f {
					return false, false
				}
				usesThis = usesThis || t
				continue
			}
			if len(src.keys) > 0 || src.elems {
				return false, false
			}
			f, t := sp.provableFunction(src.expr, depth+1)
			if !f {
				return false, false
			}
			usesThis = usesThis || t
		}
		return true, usesThis
	}
	return false, false
}

// provableArgs reports whether every call of rec gives its i-th
// parameter a provable function, and whether one of those reads this.
func (sp *scriptPass) provableArgs(rec *fnRec, i, depth int) (fn, usesThis bool) {
	calls := sp.callsOfRec(rec)
	for _, c := range calls {
		if i >= len(c.Args) || hasSpread(c.Args[:i+1]) {
			return false, false
		}
		f, t := sp.provableFunction(c.Args[i], depth)
		if !f {
			return false, false
		}
		usesThis = usesThis || t
	}
	return len(calls) > 0, usesThis
}

// provableElements reports whether every element a for-of loop over e
// gives is a provable function: e is an array literal of them, or a
// constant read only by that loop that holds one (so nothing else can
// change its elements), and no function is given a then member (which
// for await would call).
func (sp *scriptPass) provableElements(e esb.Expr, depth int) (fn, usesThis bool) {
	if id, ok := e.Data.(*esb.EIdentifier); ok {
		s, info := sp.lookup(id.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || !info.konst || info.refs != 1 || len(info.sources) != 1 ||
			info.anyWrite || info.updated || info.mutated || len(info.memberSources) > 0 || info.sources[0].elems || len(info.sources[0].keys) > 0 {
			return false, false
		}
		e = info.sources[0].expr
	}
	arr, ok := e.Data.(*esb.EArray)
	if !ok || len(arr.Items) == 0 || sp.ownMemberWritten("then", kFunc) {
		return false, false
	}
	for _, item := range arr.Items {
		f, t := sp.provableFunction(item, depth)
		if !f {
			return false, false
		}
		usesThis = usesThis || t
	}
	return true, usesThis
}

// checkPattern judges an object destructuring pattern by what it reads
// from its source (nil when the source is not one expression: a loop
// variable, a caught error).
func (sp *scriptPass) checkPattern(b esb.Binding, source esb.Expr) {
	switch x := b.Data.(type) {
	case *esb.BArray:
		for _, item := range x.Items {
			sp.checkPattern(item.Binding, esb.Expr{})
		}
	case *esb.BObject:
		for _, p := range x.Properties {
			key, known := sp.indexKey(p.Key)
			if p.IsSpread {
				known = false
			}
			sp.checkPatternKey(source, p.Key, key, known, p.IsSpread)
			sp.checkPattern(p.Value, esb.Expr{})
		}
	}
}

// checkAssignPattern is checkPattern for an assignment's target.
func (sp *scriptPass) checkAssignPattern(target, source esb.Expr) {
	switch x := target.Data.(type) {
	case *esb.EArray:
		for _, item := range x.Items {
			if b, ok := item.Data.(*esb.EBinary); ok && b.Op == esb.BinOpAssign {
				item = b.Left
			}
			sp.checkAssignPattern(item, esb.Expr{})
		}
	case *esb.EObject:
		for i := range x.Properties {
			p := &x.Properties[i]
			spread := p.Kind == esb.PropertySpread
			key, known := "", false
			if !spread {
				key, known = sp.indexKey(p.Key)
			}
			sp.checkPatternKey(source, p.Key, key, known, spread)
			sp.checkAssignPattern(p.ValueOrNil, esb.Expr{})
		}
	}
}

func (sp *scriptPass) checkPatternKey(source, keyExpr esb.Expr, key string, known, spread bool) {
	keyOff := int(keyExpr.Loc.Start)
	if source.Data != nil && !sp.globalObjectRef(source) && sp.mayHoldGlobal(source) {
		if !known || spread {
			if on(DefGlobalObject) {
				sp.report(RuleGlobalObject, int(source.Loc.Start), "the global object destructured with a key the check cannot decide or a rest element reaches every global, eval included: name the globals you mean")
			}
			return
		}
		sp.checkFollowedGlobalMember(source, key, true, keyOff, useValue)
		return
	}
	if source.Data != nil && sp.globalObjectRef(source) {
		if known {
			sp.checkGlobalUse(key, keyOff, useValue)
		} else if on(DefGlobalObject) {
			what := "a key the check cannot decide"
			if spread {
				what = "a rest element (...)"
			}
			sp.report(RuleGlobalObject, int(source.Loc.Start), "the global object destructured with %s reaches every global, eval included: name the globals you mean", what)
		}
		return
	}
	if (!known || spread) && source.Data != nil && on(DefAPIValue) {
		for _, p := range sp.resolve(source) {
			if root, _, _ := strings.Cut(p, "."); apiObjects[root] {
				what := "a key the check cannot decide"
				if spread {
					what = "a rest element (...)"
				}
				sp.report(RuleAPIValue, int(source.Loc.Start), "%s destructured with %s hands on members the check can no longer see used (the permissions and page checks are judged where a member is named): destructure the members by name ({ query } = dom)", p, what)
				return
			}
		}
	}
	if known && source.Data != nil {
		for _, p := range sp.members(sp.resolve(source), key) {
			sp.checkAPIMember(p, keyOff)
		}
	}
	if g := sp.restrictedGlobal(source); g != nil {
		if (!known || !contains(g.Members, key)) && on(DefClosedWorld) {
			sp.report(RuleUnknownGlobal, int(source.Loc.Start), "only %s of %s is in the sandbox: call those directly", memberList(g.Name, g.Members), g.Name)
		}
		return
	}
	if !sp.constructorChecks() {
		return
	}
	if known {
		if key == "constructor" && source.Data != nil && (sp.instanceGuarded(source) || !sp.mayBeFunction(source)) {
			return // a built-in class, or what the script wrote under the key (deadcode.go)
		}
		if key == "constructor" || key == "__proto__" {
			sp.report(RuleConstructorRead, keyOff, "%s is destructured here, and the %s of a function reaches Function, which compiles strings: compare it (x.constructor === Object) or read its .name, nothing else", key, key)
		}
		return
	}
	if !spread && sp.keyMayBeConstructor(keyExpr) && (source.Data == nil || sp.mayBeFunction(source)) {
		sp.report(RuleConstructorRead, keyOff, "a key the check cannot decide, destructured from a value that may be a function, reaches Function when the key is \"constructor\": name the keys you mean")
	}
}

// globMatch matches s against pattern, where each unknownMark in pattern
// stands for any text.
func globMatch(pattern, s string) bool {
	parts := strings.Split(pattern, unknownMark)
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, last)
}

// noteThis marks, in the walk, the enclosing non-arrow function
// (or class body) as reading this.
func (sp *scriptPass) noteThis() {
	if n := len(sp.fnStack); n > 0 {
		sp.fnStack[n-1].usesThis = true
	}
}

// popFunction ends a function (or class body) in the walk,
// recording whether the function read this.
func (sp *scriptPass) popFunction() {
	top := sp.fnStack[len(sp.fnStack)-1]
	sp.fnStack = sp.fnStack[:len(sp.fnStack)-1]
	if top.fn != nil && top.usesThis {
		if sp.usesThis == nil {
			sp.usesThis = map[*esb.Fn]bool{}
		}
		sp.usesThis[top.fn] = true
	}
}

type fnFrame struct {
	fn       *esb.Fn // nil for a class body
	usesThis bool
}

// maxAssembledSecret bounds the strings assembled from parts that are
// scanned: keys are short, and long assembled strings (templates of code
// or markup) hold literals that were scanned on their own.
const maxAssembledSecret = 1024

// checkFoldedSecret scans a string the text assembles from parts (a join
// of literals, concat, a template, String.raw, fromCharCode), which no
// single literal holds.
func (sp *scriptPass) checkFoldedSecret(e esb.Expr) {
	if !on(DefSecretFold) {
		return
	}
	switch x := e.Data.(type) {
	case *esb.ECall:
		if !sp.assemblingCall(x) {
			return
		}
	case *esb.ETemplate:
		for _, part := range x.Parts {
			if !foldablePart(part.Value) {
				return
			}
		}
	case *esb.EBinary:
		// Only chains of literals and names: anything else is rarely
		// decided, and folding every concatenation would cost.
		if !allConcatParts(x, foldablePart) {
			return
		}
	default:
		return
	}
	what, ok := sp.foldedSecret(e)
	if !ok {
		return
	}
	// A call among the parts that assembles the key on its own is where
	// it is reported.
	inner := func(part esb.Expr) bool {
		_, call := part.Data.(*esb.ECall)
		_, held := sp.foldedSecret(part)
		return call && held
	}
	switch x := e.Data.(type) {
	case *esb.ETemplate:
		for _, part := range x.Parts {
			if inner(part.Value) {
				return
			}
		}
	case *esb.EBinary:
		if !allConcatParts(x, func(part esb.Expr) bool { return !inner(part) }) {
			return
		}
	}
	sp.reportSpan(RuleSecret, int(e.Loc.Start), -1, "%s is hard-coded in script.js, assembled from parts, where anyone who sees the code can read it: remove it, and call the service through rmx.fetch with a fetch: permission, which signs in as the user", what)
}

// assemblingCall reports a call that may put a string together from
// literals: a method that joins, converts or cuts strings (a key written
// with separators removed or its case changed at run time is a key too), a
// decoding of a literal, or a function called where it is written
// (foldCallback).
func (sp *scriptPass) assemblingCall(x *esb.ECall) bool {
	switch t := x.Target.Data.(type) {
	case *esb.EArrow, *esb.EFunction:
		return true
	case *esb.EDot:
		switch t.Name {
		case "join", "concat", "fromCharCode", "fromCodePoint", "reduce", "decode", "apply", "call",
			"replace", "replaceAll", "toLowerCase", "toUpperCase", "slice", "substring", "trim", "repeat":
			return true
		}
		return false
	}
	switch name, _ := sp.directGlobal(x.Target); name {
	case "decodeURIComponent", "decodeURI", "unescape", "atob":
		return true
	}
	return false
}

// foldedSecret is what the secret scanner finds in the string e folds to.
func (sp *scriptPass) foldedSecret(e esb.Expr) (string, bool) {
	v := sp.fold(e)
	if !v.known || !v.isStr || len(v.s) < minSecretScan || len(v.s) > maxAssembledSecret {
		return "", false
	}
	for _, m := range secrets.Scan(v.s) {
		return m.What(), true
	}
	return "", false
}

// checkCommentSecrets scans the file's comments: a live key in a comment
// is still a leaked key.
func (sp *scriptPass) checkCommentSecrets(comments []esb.Range) {
	if !on(DefSecretComment) {
		return
	}
	for _, r := range comments {
		start, end := int(r.Loc.Start), int(r.Loc.Start)+int(r.Len)
		if end-start < minSecretScan+2 || end > len(sp.src) {
			continue
		}
		text := sp.src[start:end]
		if !mayHoldKey(text) {
			continue
		}
		for _, m := range secrets.Scan(text) {
			if m.Guessed() {
				// Comments are prose, issue references and commit ids: only
				// a vendor format or a labelled value is taken as a key.
				continue
			}
			sp.reportSpan(RuleSecret, start+m.Start, start+m.End, "%s is written in a comment in script.js, where anyone who sees the code can read it: remove it (a key in a comment is still a leaked key) and revoke it", m.What())
		}
	}
}

// prototypeMember are the names data inherits from its prototypes
// (Object, Array, String, Number): each is a function.
var prototypeMember = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`constructor __proto__ __defineGetter__ __defineSetter__ __lookupGetter__
		__lookupSetter__ hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString toString valueOf
		at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap
		forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift slice
		some sort splice toReversed toSorted toSpliced unshift values with anchor big blink bold charAt
		charCodeAt codePointAt endsWith fixed fontcolor fontsize isWellFormed italics link localeCompare
		match matchAll normalize padEnd padStart repeat replace replaceAll search small split startsWith
		strike sub substr substring sup toLocaleLowerCase toLocaleUpperCase toLowerCase toUpperCase
		toWellFormed trim trimEnd trimLeft trimRight trimStart toExponential toFixed toPrecision`) {
		m[n] = true
	}
	return m
})

// mutators add elements to the object they are called on.
func isMutator(name string) bool {
	switch name {
	case "push", "unshift", "splice", "set", "add", "fill", "copyWithin":
		return true
	}
	return false
}

// reordersInPlace: the methods that move or remove an array's elements
// without adding any.
func reordersInPlace(name string) bool {
	switch name {
	case "reverse", "sort", "shift", "pop":
		return true
	}
	return false
}

// rootSymbol is the binding at the root of a member chain (x in x.a[b].c).
func (sp *scriptPass) rootSymbol(e esb.Expr) *symInfo {
	for i := 0; i < 64; i++ {
		switch x := e.Data.(type) {
		case *esb.EIdentifier:
			s, info := sp.lookup(x.Ref)
			if s == nil || s.Kind == esb.SymbolUnbound {
				return nil
			}
			return info
		case *esb.EDot:
			e = x.Target
		case *esb.EIndex:
			e = x.Target
		default:
			return nil
		}
	}
	return nil
}

// noteMemberWrite records, in the walk, a value written into a
// member of a binding (o.x = v, o[k] = v).
func (sp *scriptPass) noteMemberWrite(target, value esb.Expr) {
	switch target.Data.(type) {
	case *esb.EDot, *esb.EIndex:
	default:
		return
	}
	if value.Data == nil {
		value = esb.Expr{Data: &esb.ENumber{}} // ++, --: a number
	}
	sp.noteWrittenMember(target, value)
	info := sp.rootSymbol(target)
	sp.writeRoots = append(sp.writeRoots, info)
	if info == nil {
		return
	}
	info.memberSources = append(info.memberSources, value)
}

// noteCallMutation records, in the walk, bindings a call may
// change: the receiver of push and kin, and any binding passed to a
// function that is not known to leave its arguments alone.
func (sp *scriptPass) noteCallMutation(target esb.Expr, args []esb.Expr) {
	if dot, ok := target.Data.(*esb.EDot); ok && isMutator(dot.Name) {
		info := sp.rootSymbol(dot.Target)
		sp.writeRoots = append(sp.writeRoots, info)
		if info != nil {
			info.mutated = true
		}
		sp.noteMutatorCall(dot.Target, dot.Name, args)
	} else if ok && reordersInPlace(dot.Name) {
		// The same elements at other places: what an index reads changed.
		if info := sp.rootSymbol(dot.Target); info != nil {
			info.mutated = true
		}
	}
	if len(args) == 0 {
		return
	}
	any := false
	for _, a := range args {
		if s, ok := a.Data.(*esb.ESpread); ok {
			a = s.Value
		}
		if sp.rootSymbol(a) != nil {
			any = true
			break
		}
	}
	if !any {
		return
	}
	if sp.leavesArgsAlone(target) || sp.isExportCall(target) && len(args) == 2 {
		return // (__export's writes are noteExportCall's)
	}
	for _, a := range args {
		if s, ok := a.Data.(*esb.ESpread); ok {
			a = s.Value
		}
		if info := sp.rootSymbol(a); info != nil {
			info.mutated = true
			info.handedOn = true
			sp.writeRoots = append(sp.writeRoots, info)
		}
	}
}

// leavesArgsAlone reports a callee known to neither change its arguments
// nor keep them: the API (which copies what it is given), JSON, console,
// the coercions, Math, and Object's and Array's readers. Decided from the
// text alone: resolve may not run while bindings are still being collected
// (it caches what it finds).
func (sp *scriptPass) leavesArgsAlone(target esb.Expr) bool {
	switch rootGlobalName(sp, target) {
	case "rmx", "dom", "JSON", "console", "String", "Number", "Boolean", "Math":
		return true
	case "Object", "Array":
		if dot, ok := target.Data.(*esb.EDot); ok {
			switch dot.Name {
			case "keys", "values", "entries", "isArray", "from":
				return true
			}
		}
	}
	return false
}

// noteResolvers marks the parameters of a Promise executor
// (new Promise((resolve, reject) => …)): they are always functions.
func (sp *scriptPass) noteResolvers(x *esb.ENew) {
	if name, ok := sp.directGlobal(x.Target); !ok || name != "Promise" || len(x.Args) == 0 {
		return
	}
	var args []esb.Arg
	switch f := x.Args[0].Data.(type) {
	case *esb.EArrow:
		args = f.Args
	case *esb.EFunction:
		args = f.Fn.Args
	}
	for i, a := range args {
		if b, ok := a.Binding.Data.(*esb.BIdentifier); ok && i < 2 && a.DefaultOrNil.Data == nil {
			sp.sym(b.Ref).resolver = true
		}
	}
}

// keyedTraps are the proxy traps whose second parameter is a property key.
var keyedTraps = wordset.Of("get set has deleteProperty defineProperty getOwnPropertyDescriptor")

// noteProxyTraps marks the parameters of the traps of new Proxy(target,
// { trap(t, k, …) { … } }), a handler written in place (no other code can
// reach its functions): the engine calls each trap with the proxy's
// target first and, for the keyed traps, a property key (a string or a
// symbol) second. What else they are given holds anything.
func (sp *scriptPass) noteProxyTraps(x *esb.ENew) {
	if name, ok := sp.directGlobal(x.Target); !ok || name != "Proxy" || len(x.Args) != 2 {
		return
	}
	handler, ok := x.Args[1].Data.(*esb.EObject)
	if !ok {
		return
	}
	target := x.Args[0]
	for i := range handler.Properties {
		p := &handler.Properties[i]
		key, ok := p.Key.Data.(*esb.EString)
		if !ok || p.Flags.Has(esb.PropertyIsComputed) || p.Kind != esb.PropertyField && p.Kind != esb.PropertyMethod {
			continue
		}
		for j, a := range fnArgs(p.ValueOrNil) {
			b, ok := a.Binding.Data.(*esb.BIdentifier)
			if !ok || a.DefaultOrNil.Data != nil || j > 1 {
				continue
			}
			if j == 0 {
				sp.sym(b.Ref).proxyTarget = &target
			} else if keyedTraps[esb.UTF16ToString(key.Value)] {
				sp.sym(b.Ref).proxyKey = true
			}
		}
	}
}

// noteReplacer records, in the walk, the parameters of a function written
// inline as the replacer of x.replace(p, f) or x.replaceAll(p, f) with p
// a regular expression literal: replacerKinds types them when the call is
// String.prototype's.
func (sp *scriptPass) noteReplacer(c *esb.ECall) {
	dot, ok := c.Target.Data.(*esb.EDot)
	if !ok || dot.Name != "replace" && dot.Name != "replaceAll" || len(c.Args) != 2 {
		return
	}
	if _, ok := c.Args[0].Data.(*esb.ERegExp); !ok {
		return
	}
	for _, a := range fnArgs(c.Args[1]) {
		if b, ok := a.Binding.Data.(*esb.BIdentifier); ok && a.DefaultOrNil.Data == nil {
			sp.sym(b.Ref).replacer = c
		}
	}
}

// replacerKinds is what String.prototype.replace and replaceAll give a
// replacer (noteReplacer) when the receiver is a string, or no script
// method has the name: the match and the captures (strings, or undefined
// for a group that took no part), the offset, the whole string and the
// named groups (an object with a null prototype holding strings), and
// undefined past them. The pattern is a literal, whose exec and
// Symbol.replace are the built-ins' (built-in prototypes are frozen), so
// nothing else calls the replacer. ok is false for any other receiver.
func (sp *scriptPass) replacerKinds(info *symInfo, depth int) (kinds, bool) {
	if f, ok := info.replacer.Args[1].Data.(*esb.EFunction); ok && f.Fn.Name != nil && sp.sym(f.Fn.Name.Ref).refs > 0 {
		return 0, false // a named function expression that names itself may call itself with anything
	}
	dot := info.replacer.Target.Data.(*esb.EDot)
	if !sp.kindsDepth(dot.Target, depth).only(kStr) && !sp.onlyBuiltinMember(dot.Name) {
		return 0, false
	}
	return kStr | kNum | kUndef | kObject, true
}

// coercions turn their arguments into strings, numbers or booleans (or
// log them): a value passed to them is inspected, not handed on.
var coercions = wordset.Of("String Number Boolean parseInt parseFloat isNaN isFinite encodeURIComponent encodeURI " +
	"decodeURIComponent decodeURI BigInt ")

// coercingStatics are the static methods that, like coercions, only turn
// their arguments into numbers or strings; every method of Math does too.
var coercingStatics = wordset.Of(
	"String.fromCharCode String.fromCodePoint Number.parseInt " +
		"Number.parseFloat BigInt.asIntN BigInt.asUintN Date.UTC ")

// inspectors are the built-in predicates that only test their arguments:
// they call nothing on them, keep nothing and return a boolean.
var inspectors = wordset.Of(
	"Array.isArray Number.isInteger Number.isFinite Number.isNaN " +
		"Number.isSafeInteger Object.is ArrayBuffer.isView ")

// readers are the built-ins whose argument reach.go follows: they read its
// own keys, or give its prototype (a reached value in its turn).
var readers = wordset.Of(
	"Object.keys Object.getOwnPropertyNames Object.getOwnPropertySymbols " +
		"Reflect.ownKeys Object.getPrototypeOf Reflect.getPrototypeOf ")

// builtinReaders are the member names of inspectors and readers, and of
// JSON.stringify: argUse looks no further for any other call.
var builtinReaders = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{"stringify": true}
	for _, set := range []map[string]bool{inspectors, readers, coercingStatics} {
		for p := range set {
			m[p[strings.LastIndexByte(p, '.')+1:]] = true
		}
	}
	return m
})

// inspectorMethods are the built-in methods that, given any receiver by
// call, only read it (own keys, its class, its source text).
var inspectorMethods = wordset.Of(
	"Object.prototype.hasOwnProperty Object.prototype.propertyIsEnumerable " +
		"Object.prototype.toString Function.prototype.toString " +
		// Object's own, inherited through Function.prototype: the same built-ins.
		"Object.hasOwnProperty Object.propertyIsEnumerable ")

// literalInspector reports one of inspectorMethods read from an object
// literal that has no member of that name ({}.hasOwnProperty): every key
// written out, none a spread, and no prototype of its own, it reads
// Object.prototype's.
func literalInspector(e esb.Expr) bool {
	dot, ok := e.Data.(*esb.EDot)
	if !ok || !inspectorMethods["Object.prototype."+dot.Name] {
		return false
	}
	o, ok := dot.Target.Data.(*esb.EObject)
	if !ok {
		return false
	}
	for i := range o.Properties {
		p := &o.Properties[i]
		key, ok := p.Key.Data.(*esb.EString)
		if !ok || p.Kind == esb.PropertySpread || p.Flags.Has(esb.PropertyIsComputed) {
			return false
		}
		if name := esb.UTF16ToString(key.Value); name == dot.Name || name == "__proto__" {
			return false
		}
	}
	return true
}

// argUse is the use of the arguments of a call.
func (sp *scriptPass) argUse(c *esb.ECall) use {
	switch x := c.Target.Data.(type) {
	case *esb.EIdentifier:
		if s, _ := sp.lookup(x.Ref); s != nil && s.Kind == esb.SymbolUnbound && coercions[s.OriginalName] {
			return useInspect
		}
	case *esb.EDot:
		if id, ok := x.Target.Data.(*esb.EIdentifier); ok && (builtinReaders()[x.Name] || mathMethods[x.Name]) {
			if s, _ := sp.lookup(id.Ref); s != nil && s.Kind == esb.SymbolUnbound {
				p := s.OriginalName + "." + x.Name
				switch {
				case coercingStatics[p] || s.OriginalName == "Math" && mathMethods[x.Name]:
					return useInspect
				case inspectors[p] || p == "JSON.stringify" && len(c.Args) == 1:
					return useInspect // (a replacer is given each value, the whole one first)
				case readers[p]:
					return useReadBy
				}
			}
		}
		if x.Name == "call" && (inspectorMethods[sp.builtinPath(x.Target, 0)] || literalInspector(x.Target)) {
			return useInspect
		}
		if sp.literalCoerces(x) {
			return useInspect
		}
	}
	return useValue
}

// literalCoerces reports a method of a regular expression or a string
// written in place (a literal, an untagged template, String(…)) that only
// turns its arguments into strings or numbers, or compares them: the
// built-in's own, since a literal has no members of its own and built-in
// prototypes are frozen. The methods that hand an argument's own methods
// the call (split, match, search, replace and kin look for its
// Symbol.split and the like) are not among them.
func (sp *scriptPass) literalCoerces(x *esb.EDot) bool {
	switch r := x.Target.Data.(type) {
	case *esb.ERegExp:
		return x.Name == "test" || x.Name == "exec"
	case *esb.EString:
		return stringCoercers[x.Name]
	case *esb.ETemplate:
		return r.TagOrNil.Data == nil && stringCoercers[x.Name]
	case *esb.ECall:
		name, ok := sp.directGlobal(r.Target)
		return ok && name == "String" && stringCoercers[x.Name]
	}
	return false
}

// stringCoercers are the methods of String.prototype that read their
// arguments as strings or numbers only.
var stringCoercers = wordset.Of("indexOf lastIndexOf includes startsWith endsWith charAt charCodeAt codePointAt at slice " +
	"substring substr padStart padEnd repeat concat localeCompare normalize ")

// builtinPath names a chain of known members rooted at an allowed global
// (Object.prototype.hasOwnProperty), through names given only that, or is
// empty. It answers what e must be; intrinsicObject answers what e may be
// (the first of several writes), which is right for refusing a write and
// wrong for letting a value through to a reader.
func (sp *scriptPass) builtinPath(e esb.Expr, depth int) string {
	if depth > maxResolveDepth {
		return ""
	}
	switch x := e.Data.(type) {
	case *esb.EDot:
		if p := sp.builtinPath(x.Target, depth+1); p != "" {
			return p + "." + x.Name
		}
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		switch {
		case s == nil:
		case s.Kind == esb.SymbolUnbound:
			if allowedByName()[s.OriginalName] != nil {
				return s.OriginalName
			}
		case !info.anyWrite && !info.updated && len(info.sources) == 1 && len(info.sources[0].keys) == 0 && !info.sources[0].elems && !info.sources[0].bad:
			return sp.builtinPath(info.sources[0].expr, depth+1)
		}
	}
	return ""
}

// mayHoldKey is a quick filter for comment text: a key in a vendor format
// has a run of at least sixteen letters and digits (with _ - + / =) that
// mixes both; a labelled value stands next to a word such as key, token,
// secret or password. Most comments are prose with neither.
func mayHoldKey(text string) bool {
	return hasMixedKeyRun(text) || containsLabelWord(text)
}

// hasMixedKeyRun reports a run of at least minKeyRun key bytes (keyByte)
// holding both a letter and a digit. A run that long starting at or after
// i covers the byte minKeyRun-1 past i, or starts after it; so the search
// reads that byte, and reads a run through only when the byte is inside
// one: prose, made of short words, is read about one byte in four.
func hasMixedKeyRun(text string) bool {
	i := 0 // text[i-1] ends a run (or i is 0): no run before i qualifies
	for i+minKeyRun <= len(text) {
		p := i + minKeyRun - 1
		if keyByte[text[p]] == 0 {
			i = p + 1 // every run starting before p ends before it: too short
			continue
		}
		start := p
		for start > i && keyByte[text[start-1]] != 0 {
			start--
		}
		end, seen := start, uint8(0)
		for end < len(text) && keyByte[text[end]] != 0 {
			seen |= keyByte[text[end]]
			end++
		}
		if end-start >= minKeyRun && seen&3 == 3 {
			return true
		}
		i = end + 1
	}
	return false
}

// minKeyRun is the shortest run of key bytes mayHoldKey takes for a key.
const minKeyRun = 16

// keyByte classes, as bits: 0 ends a run, 1 a letter, 2 a digit, 4 other
// token bytes.
var keyByte = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 1, 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 2
	}
	for _, c := range "_-+/=" {
		t[c] = 4
	}
	return t
}()

// containsLabelWord looks, before each ":" or "=", for a word holding
// the stem of one secrets.Labelled knows (key, token, secret, password,
// auth, credential, bearer): api_key=…, "token": "…".
func containsLabelWord(text string) bool {
	colon, equals := strings.IndexByte(text, ':'), strings.IndexByte(text, '=')
	for i := 0; i < len(text); {
		if colon >= 0 && colon < i {
			if colon = strings.IndexByte(text[i:], ':'); colon >= 0 {
				colon += i
			}
		}
		if equals >= 0 && equals < i {
			if equals = strings.IndexByte(text[i:], '='); equals >= 0 {
				equals += i
			}
		}
		k := colon
		if k < 0 || equals >= 0 && equals < k {
			k = equals
		}
		if k < 0 {
			return false
		}
		e := k
		for e > i && (text[e-1] == ' ' || text[e-1] == '"' || text[e-1] == '\'') {
			e--
		}
		b := e
		for b > i && (keyByte[text[b-1]]&3 != 0 || text[b-1] == '_' || text[b-1] == '-') {
			b--
		}
		if e-b >= 3 {
			word := strings.ToLower(text[b:e])
			for _, stem := range labelStems {
				if strings.Contains(word, stem) {
					return true
				}
			}
		}
		i = k + 1
	}
	return false
}

var labelStems = []string{"key", "token", "secret", "passw", "pwd", "auth", "credential", "bearer", "apikey"}

// rootGlobalName is the global at the root of a member chain (rmx in
// rmx.storage.set), or "".
func rootGlobalName(sp *scriptPass, e esb.Expr) string {
	for i := 0; i < 64; i++ {
		switch x := e.Data.(type) {
		case *esb.EIdentifier:
			if s, _ := sp.lookup(x.Ref); s != nil && s.Kind == esb.SymbolUnbound {
				return s.OriginalName
			}
			return ""
		case *esb.EDot:
			e = x.Target
		default:
			return ""
		}
	}
	return ""
}

// constructorChecks reports whether the constructor-read checks apply
// here: the defence is on, and the walk is not inside one of the bundler's
// own helpers (bundlerhelpers.go).
func (sp *scriptPass) constructorChecks() bool {
	return on(DefConstructorRead) && !sp.inBundlerHelper && !sp.pastCap(RuleConstructorRead)
}

// isBundlerHelper reports a top-level var declaration whose text is
// exactly one of esbuild's CommonJS interop helpers.
func (sp *scriptPass) isBundlerHelper(s *esb.SLocal) bool {
	_, ok := sp.bundlerVar(s, bundlerHelpers)
	return ok
}

// bundlerVar is the name a top-level var declaration binds when its text
// is exactly the one texts holds for that name (what esbuild prints).
func (sp *scriptPass) bundlerVar(s *esb.SLocal, texts map[string]string) (*esb.BIdentifier, bool) {
	if s.Kind != esb.LocalVar || len(s.Decls) != 1 {
		return nil, false
	}
	b, ok := s.Decls[0].Binding.Data.(*esb.BIdentifier)
	if !ok {
		return nil, false
	}
	sym := sp.res.Symbol(b.Ref)
	if sym == nil {
		return nil, false
	}
	text, ok := texts[sym.OriginalName]
	off := int(s.Decls[0].Binding.Loc.Start)
	return b, ok && off < len(sp.src) && strings.HasPrefix(sp.src[off:], text)
}

// foldablePart: a literal, a name, or a join, the parts a secret is
// assembled from.
func foldablePart(e esb.Expr) bool {
	switch x := e.Data.(type) {
	case *esb.EString, *esb.EIdentifier, *esb.ENumber:
		return true
	case *esb.ECall:
		dot, ok := x.Target.Data.(*esb.EDot)
		if !ok {
			return false
		}
		switch dot.Name {
		case "join", "concat", "fromCharCode", "replace", "replaceAll", "toLowerCase", "toUpperCase":
			return true
		}
	}
	return false
}

// mayReachAPI is a cheap test before resolve: only a member chain rooted
// at rmx or dom, at a binding that may hold them (or the global object),
// or at a call can resolve to an API path.
func (sp *scriptPass) mayReachAPI(e esb.Expr) bool {
	for i := 0; i < 64; i++ {
		switch x := e.Data.(type) {
		case *esb.EDot:
			e = x.Target
		case *esb.EIndex:
			e = x.Target
		case *esb.EAnnotation:
			e = x.Value
		case *esb.EIdentifier:
			s, info := sp.lookup(x.Ref)
			if s == nil {
				return false
			}
			if s.Kind == esb.SymbolUnbound {
				n := s.OriginalName
				return n == "rmx" || n == "dom" || isGlobalObjectName(n) || n == "Reflect" || n == "Object"
			}
			return sp.infoMayReachAPI(info)
		case *esb.EThis:
			return false
		default:
			return true
		}
	}
	return true
}

func memo(b bool) int8 {
	if b {
		return 2
	}
	return 1
}

// infoMayReachAPI is mayReachAPI for a local binding.
// The answer is kept once the binding is resolved (what it may hold no
// longer changes then).
func (sp *scriptPass) infoMayReachAPI(info *symInfo) bool {
	if info.memoAPI != 0 {
		return info.memoAPI == 2
	}
	may := info.literals // a binding holding a literal with rmx inside ({api: rmx})
	for _, p := range sp.resolveSymbol(info, 0) {
		if strings.HasPrefix(p, "rmx") || strings.HasPrefix(p, "dom") || p == "globalThis" || strings.HasPrefix(p, "Reflect") || strings.HasPrefix(p, "Object") {
			may = true
			break
		}
	}
	if info.resolvedDone {
		info.memoAPI = memo(may)
	}
	return may
}

// mathMethods are Math's functions of numbers: each turns its arguments
// into numbers and keeps nothing.
var mathMethods = wordset.Of("abs acos acosh asin asinh atan atanh atan2 cbrt ceil clz32 cos cosh exp expm1 floor " +
	"fround f16round hypot imul log log1p log10 log2 max min pow random round sign sin sinh " +
	"sqrt tan tanh trunc ")
