package scriptlint

import (
	esb "github.com/evanw/esbuild/remixletbridge"
)

// Reached values. A read that may walk to Function (a key the analysis
// cannot decide on a value that may be a function, constructor, __proto__,
// a prototype walk, Function.prototype) gives a value of kReach
// (domain.go). Such a value is
// dangerous only where it may be called, constructed, or handed to code
// that may do so; so it is not refused where it is read, but followed:
//
//   - into the local name it is declared or assigned with (useBind): the
//     name's write set then holds kReach, and every use of the name is
//     judged in its turn;
//   - into a parameter of the local function a call names (useArg), when
//     the call's callee can only be that function and the parameter is a
//     plain name (not a pattern or a rest, and the function does not read
//     arguments): the parameter then holds kReach as well as what the calls
//     the analysis does not see give it;
//   - out of a function by return (useReturn), when every reference to the
//     function is a direct call of it by name (it is "closed": no call the
//     analysis does not see can take its result) and it is neither async
//     nor a generator: each call of it then holds kReach;
//   - into a further walk (useWalk: the object of a read with an unknown
//     key, or of constructor or __proto__), whose result is judged in its
//     turn, and into a method call with another known key (useReceiver),
//     whose result is kReach when the method may return its receiver
//     (valueOf) or a built-in's accessor;
//   - into the built-ins that only read it (useReadBy, and the inspectors
//     of argUse) and into an object pattern of plain keys (useSafePattern).
//
// Everywhere else (called, constructed, passed to any other callee,
// stored in an object or array, written into, spread into an object,
// thrown, yielded, exported, destructured by another pattern, or any use in a module that
// calls eval directly) it is refused, with the rule of the read
// (js/constructor-read). So a reached value never leaves the names,
// parameters and results followed here: a value the analysis does not
// model (kAny) cannot be one, which is why kReach is not part of kAny.

// fnRec is what reach.go knows of a function bound to a local name.
type fnRec struct {
	params   []*symInfo // the plain-name parameters, by position (nil: a pattern or the rest)
	wrapped  bool       // async or a generator: a return is not the call's result
	exported bool       // exported, or an expression whose value is not bound to a name
	// usesArguments: it reads arguments, which aliases its parameters.
	usesArguments bool
	// syms are the names bound to it: a declaration's, a declared
	// variable's, a named function expression's own.
	syms []*symInfo
	// ret holds, as a write set, the values it returns.
	ret   symInfo
	index int32 // in fnRecs
	cand  uint8 // returnsCandidate's memo
	// intrinsic: whether it may return a built-in (intrinsics.go).
	intrinsic intrinsicMark
	// givenTo and givenAt: an unnamed function written as argument givenAt
	// of this call of a local name (callbackCalls).
	givenTo *esb.ECall
	givenAt int
	// uncalled: neverCalled's memo (uncalled.go).
	uncalled uint8
	// member: the member name it is written under (methods.go), and
	// whether as an own enumerable member.
	member     string
	enumerable bool
}

// argSite is an argument of a call of a local name.
type argSite struct {
	call *esb.ECall
	i    int
}

// reachState is reach.go's part of the scriptPass.
type reachState struct {
	fnRecOf    map[*esb.Fn]*fnRec
	arrowRecOf map[*esb.EArrow]*fnRec
	fnRecs     []*fnRec // by site.from of useReturn
	// fnWalk is the walk's stack of enclosing functions (nil for one no
	// name is bound to), with whether each is an arrow.
	fnWalk []fnWalkFrame
	frames int32 // functions entered so far (fnWalkFrame.serial)
	// siteFrom is the context a useReturn or useArg site records.
	siteFrom   int32
	argSites   []argSite
	localCalls []*esb.ECall
	callsOf    map[*symInfo][]*esb.ECall // built from localCalls on first use
	// argsNotKept: the walk is in the arguments of a call that keeps none
	// of them (leavesArgsAlone).
	argsNotKept bool
	// globalFollowed: a global object's name is bound, passed or returned
	// somewhere, so a local name may hold it.
	globalFollowed bool
	// siteUse and siteAt are the raw use and context of the site
	// checkSites is checking.
	siteUse use
	siteAt  int32
}

type fnWalkFrame struct {
	rec    *fnRec
	index  int32
	arrow  bool
	outer  int32 // siteFrom before it
	serial int32 // one per function the walk enters (ownkeys.go)
}

// recordFunction returns the record of fn (an *esb.Fn or *esb.EArrow),
// making it on first use.
func (sp *scriptPass) recordFunction(node any, args []esb.Arg, hasRest, wrapped bool) *fnRec {
	if rec := sp.recordOf(node); rec != nil {
		return rec
	}
	rec := &fnRec{wrapped: wrapped, params: make([]*symInfo, len(args)), index: int32(len(sp.fnRecs))}
	if hasRest && len(args) > 0 {
		rec.params = rec.params[:len(args)-1]
	}
	switch n := node.(type) {
	case *esb.Fn:
		if sp.fnRecOf == nil {
			sp.fnRecOf = map[*esb.Fn]*fnRec{}
		}
		sp.fnRecOf[n] = rec
	case *esb.EArrow:
		if sp.arrowRecOf == nil {
			sp.arrowRecOf = map[*esb.EArrow]*fnRec{}
		}
		sp.arrowRecOf[n] = rec
	}
	sp.fnRecs = append(sp.fnRecs, rec)
	return rec
}

// recordOf is the record of fn (an *esb.Fn or *esb.EArrow), or nil.
func (sp *scriptPass) recordOf(node any) *fnRec {
	switch n := node.(type) {
	case *esb.Fn:
		return sp.fnRecOf[n]
	case *esb.EArrow:
		return sp.arrowRecOf[n]
	}
	return nil
}

// bindFunction records that the local name info is bound to rec.
func (sp *scriptPass) bindFunction(info *symInfo, rec *fnRec) {
	switch info.fnRec {
	case nil:
		info.fnRec = rec
	case rec:
		return
	default:
		info.fnRecAmbiguous = true // two functions under one name
	}
	rec.syms = append(rec.syms, info)
}

// noteFunctionBound records, in the walk, a local name declared with a
// function or arrow expression.
func (sp *scriptPass) noteFunctionBound(b esb.Binding, value esb.Expr) {
	id := b.Data.(*esb.BIdentifier)
	switch x := value.Data.(type) {
	case *esb.EFunction:
		sp.bindFunction(sp.sym(id.Ref), sp.recordFunction(&x.Fn, x.Fn.Args, x.Fn.HasRestArg, x.Fn.IsAsync || x.Fn.IsGenerator))
	case *esb.EArrow:
		sp.bindFunction(sp.sym(id.Ref), sp.recordFunction(x, x.Args, x.HasRestArg, x.IsAsync))
	}
}

// enterFunction starts a function's body in the walk and returns its
// record, nil for a function no name is bound to.
func (sp *scriptPass) enterFunction(node any, arrow bool) *fnRec {
	rec := sp.recordOf(node)
	index := int32(-1)
	if rec != nil {
		index = rec.index
	}
	sp.frames++
	sp.fnWalk = append(sp.fnWalk, fnWalkFrame{rec: rec, index: index, arrow: arrow, outer: sp.siteFrom, serial: sp.frames})
	return rec
}

func (sp *scriptPass) leaveFunction() {
	top := sp.fnWalk[len(sp.fnWalk)-1]
	sp.fnWalk = sp.fnWalk[:len(sp.fnWalk)-1]
	sp.siteFrom = top.outer
}

// returnFrom is the context of a return in the walk: the index of the
// enclosing function's record, and its returned value recorded.
func (sp *scriptPass) returnFrom() int32 {
	if len(sp.fnWalk) == 0 {
		return -1
	}
	return sp.fnWalk[len(sp.fnWalk)-1].index
}

// noteReturn records, in the walk, a value the enclosing function returns.
func (sp *scriptPass) noteReturn(value esb.Expr) {
	if len(sp.fnWalk) == 0 || value.Data == nil {
		return
	}
	if rec := sp.fnWalk[len(sp.fnWalk)-1].rec; rec != nil {
		sp.addSource(&rec.ret, valueSource{expr: value})
	}
}

// noteParam records, in the walk, the i-th parameter of rec, when it is a
// plain name (paramKinds gives it its values).
func (sp *scriptPass) noteParam(rec *fnRec, i int, b esb.Binding) bool {
	if rec == nil || i >= len(rec.params) {
		return false
	}
	id, ok := b.Data.(*esb.BIdentifier)
	if !ok {
		return false
	}
	info := sp.sym(id.Ref)
	info.paramOf, info.paramIndex = rec, int32(i)
	// Every check but the write set (writeSetKinds: paramKinds) reads the
	// parameter as written by what it does not model.
	info.anyWrite = true
	info.anyWrites++ // its own (sinkvalues.go counts the others)
	rec.params[i] = info
	return true
}

// noteLocalRef records a reference to a local name: counted (closed), and
// a site where a reached value it may hold could be refused.
func (sp *scriptPass) noteLocalRef(s *esb.Symbol, info *symInfo, e esb.Expr, u use) {
	if sp.collecting {
		info.refs++
		info.usedOtherwise = info.usedOtherwise || !readsOnly(u)
		sp.noteMakerAliasRef(info, u)
		if baseUse(u) == useValue && !sp.argsNotKept {
			// Another name, member, parameter or result now holds the same
			// object: what is written through it is written into this one.
			info.aliased = true
		}
		if s.Kind == esb.SymbolArguments {
			for i := len(sp.fnWalk) - 1; i >= 0; i-- {
				if !sp.fnWalk[i].arrow {
					if rec := sp.fnWalk[i].rec; rec != nil {
						rec.usesArguments = true
					}
					break
				}
			}
		}
	}
	if !refusesReached(u) {
		return
	}
	sp.addSite(checkSite{kind: siteLocal, e: e, u: u})
}

// refusesReached reports the uses of a local name where a reached value it
// holds is refused: no other is (reachFollowed; in a module that calls
// eval directly, no name holds one). The use of the object of a read with
// a computed key is known only once the key is folded (useOfIndex).
func refusesReached(u use) bool {
	switch u {
	case useInspect, useTypeof, useDiscard, useMemberName, useMemberSafe, useTarget,
		useWalk, useReceiver, useBind, useSafePattern, useProtoRead:
		return false
	}
	return true
}

// callArgs walks a call's arguments: those of a call of a local name
// with useArg, so that a reached value may follow them into the function.
func (sp *scriptPass) callArgs(c *esb.ECall) {
	// An argument of a callee that keeps nothing (the API copies what it
	// is given) is not another reference to it (noteLocalRef).
	outerKept := sp.argsNotKept
	if sp.collecting {
		sp.noteNamedCallees(c)
		sp.argsNotKept = sp.leavesArgsAlone(c.Target)
		defer func() { sp.argsNotKept = outerKept }()
	}
	if sp.isExportCall(c.Target) && len(c.Args) == 2 {
		// esbuild's __export defines getters on its target and keeps no
		// reference to it; the getters' bindings are held (noteExportCall).
		if sp.collecting {
			sp.exportHelper.callRefs++
			sp.noteLocalCall(c)
		}
		sp.argsNotKept = true
		sp.expr(c.Args[0], useValue)
		sp.argsNotKept = outerKept
		sp.expr(c.Args[1], useValue)
		return
	}
	u := sp.argUse(c)
	if u == useReadBy {
		sp.exprs(c.Args, u)
		return
	}
	if u == useValue && sp.collecting {
		sp.noteBuiltinTakers(c)
	}
	if dot, ok := c.Target.Data.(*esb.EDot); ok && dot.Name == "captureStackTrace" && len(c.Args) == 2 &&
		sp.builtinPath(c.Target, 0) == "Error.captureStackTrace" {
		// (target, constructorOpt): the engine writes the stack into the
		// target, and only compares the second with the frames' functions
		// to cut the trace there (this.constructor, in an error class).
		sp.expr(c.Args[0], useValue)
		sp.expr(c.Args[1], useInspect)
		return
	}
	id, ok := c.Target.Data.(*esb.EIdentifier)
	if !ok || u != useValue {
		sp.exprs(c.Args, u)
		return
	}
	s, info := sp.lookup(id.Ref)
	if s == nil || s.Kind == esb.SymbolUnbound {
		sp.exprs(c.Args, u)
		return
	}
	if sp.collecting {
		info.callRefs++
		sp.noteLocalCall(c)
		sp.noteCallbacks(c)
	}
	outer := sp.siteFrom
	for i, a := range c.Args {
		sp.argSites = append(sp.argSites, argSite{call: c, i: i})
		sp.siteFrom = int32(len(sp.argSites) - 1)
		sp.expr(a, useArg)
	}
	sp.siteFrom = outer
}

// calleeRecord is the function a call's callee can only be: a local name
// bound to one function and written nowhere else.
func (sp *scriptPass) calleeRecord(target esb.Expr) *fnRec {
	id, ok := target.Data.(*esb.EIdentifier)
	if !ok {
		return nil
	}
	s, info := sp.lookup(id.Ref)
	if s == nil || s.Kind == esb.SymbolUnbound || info.fnRec == nil || info.fnRecAmbiguous || !onlyBoundToFunction(info) {
		return nil
	}
	return info.fnRec
}

// onlyBoundToFunction: the name is written only where it is bound to its
// function (a declaration, or a declared variable's initialiser).
func onlyBoundToFunction(info *symInfo) bool {
	if info.anyWrite || info.updated || len(info.sources) > 1 {
		return false
	}
	if len(info.sources) == 1 {
		switch info.sources[0].expr.Data.(type) {
		case *esb.EFunction, *esb.EArrow:
			return len(info.sources[0].keys) == 0 && !info.sources[0].elems
		}
		return false
	}
	return true
}

// closed reports a function whose every reference is a direct call of it
// by name: no call the analysis does not see can take what it returns.
func (sp *scriptPass) closed(rec *fnRec) bool {
	if rec.exported || len(rec.syms) == 0 {
		return false
	}
	for _, info := range rec.syms {
		if info.fnRecAmbiguous || info.refs != info.callRefs || !onlyBoundToFunction(info) {
			return false
		}
	}
	return true
}

// paramKinds is what the calls of a function give its parameter info. A
// closed function (closed: every reference a direct call by name) is
// called only where the analysis sees it, so its parameter holds the union
// of those arguments (undefined where one is missing); any other holds
// anything, and a reached value only where a call the analysis sees
// gives one (what reachFollowed lets through).
func (sp *scriptPass) paramKinds(info *symInfo, depth int) kinds {
	rec := info.paramOf
	if sp.overBudget() {
		return kAny | sp.candidateReach(sp.reachCandidate(info))
	}
	calls, known := sp.callsSeen(rec)
	if !known || rec.usesArguments {
		return kAny | sp.paramReach(info, depth)
	}
	var k kinds
	i := int(info.paramIndex)
	for _, c := range calls {
		switch {
		case hasSpread(c.Args[:min(i+1, len(c.Args))]):
			return kAny | sp.paramReach(info, depth)
		case i < len(c.Args):
			k |= sp.kindsDepth(c.Args[i], depth)
		default:
			k |= kUndef
		}
	}
	return k
}

// callsSeen are the calls of rec the analysis sees, and whether they are
// all its calls: those of a closed function by its name, or of a callback
// that callbackCalls follows.
func (sp *scriptPass) callsSeen(rec *fnRec) ([]*esb.ECall, bool) {
	if sp.closed(rec) {
		return sp.callsOfRec(rec), true
	}
	if calls, ok := sp.callbackCalls(rec); ok {
		return calls, true
	}
	if calls, ok := sp.methodCalls(rec); ok {
		return calls, true
	}
	return sp.callsOfRec(rec), false
}

// callbackCalls are the calls of an unnamed function written as an
// argument of a call of a local function (run((o, k) => o[k])) whose
// parameter it binds is never written and only ever called directly
// (fn(…)): the function's value goes nowhere else, so those are its only
// calls. (What it returns is still judged as handed on.)
func (sp *scriptPass) callbackCalls(rec *fnRec) ([]*esb.ECall, bool) {
	if rec.givenTo == nil || len(rec.syms) > 0 {
		return nil, false
	}
	host := sp.calleeRecord(rec.givenTo.Target)
	if host == nil || host.usesArguments || rec.givenAt >= len(host.params) || hasSpread(rec.givenTo.Args[:rec.givenAt+1]) {
		return nil, false
	}
	p := host.params[rec.givenAt]
	if p == nil || p.refs != p.callRefs || p.otherAny || p.updated || p.aliased || len(p.sources) > 0 || p.anyWrites != 1 {
		return nil, false
	}
	sp.indexCalls()
	return sp.callsOf[p], true
}

// noteCallbacks records, in the walk, the unnamed functions written as
// arguments of a call of a local name (callbackCalls).
func (sp *scriptPass) noteCallbacks(c *esb.ECall) {
	for i, a := range c.Args {
		var rec *fnRec
		switch x := a.Data.(type) {
		case *esb.ESpread:
			return
		case *esb.EArrow:
			rec = sp.recordFunction(x, x.Args, x.HasRestArg, x.IsAsync)
		case *esb.EFunction:
			if x.Fn.Name != nil {
				continue
			}
			rec = sp.recordFunction(&x.Fn, x.Fn.Args, x.Fn.HasRestArg, x.Fn.IsAsync || x.Fn.IsGenerator)
		default:
			continue
		}
		rec.exported = true // (its value is not bound to a name)
		rec.givenTo, rec.givenAt = c, i
	}
}

// callsOfRec are the calls of the local names bound to rec.
func (sp *scriptPass) callsOfRec(rec *fnRec) []*esb.ECall {
	sp.indexCalls()
	if len(rec.syms) == 1 {
		return sp.callsOf[rec.syms[0]]
	}
	var out []*esb.ECall
	for _, s := range rec.syms {
		out = append(out, sp.callsOf[s]...)
	}
	return out
}

func (sp *scriptPass) indexCalls() {
	if sp.callsOf == nil {
		sp.callsOf = map[*symInfo][]*esb.ECall{}
		for _, c := range sp.localCalls {
			if id, ok := c.Target.Data.(*esb.EIdentifier); ok {
				if _, callee := sp.lookup(id.Ref); callee != nil && (callee.fnRec != nil || callee.paramOf != nil) {
					sp.callsOf[callee] = append(sp.callsOf[callee], c)
				}
			}
		}
	}
}

// overBudget reports whether the solver has been asked for the kinds of so many expressions
// that following values across calls could grow without bound: functions
// that call each other in long cycles make the bindings of one cycle be
// solved again from each of them. Past it, a parameter or a call holds
// anything, and a reached value wherever the cheap test (reachCandidate)
// does not rule one out: sound, less precise, and linear.
func (sp *scriptPass) overBudget() bool {
	if sp.kindsBudget == 0 {
		sp.kindsBudget = 16*len(sp.infos) + 1<<17
	}
	return sp.kindsWork > sp.kindsBudget
}

func (sp *scriptPass) candidateReach(may bool) kinds {
	switch {
	case may && sp.globalFollowed:
		return kReach | kGlobal
	case may:
		return kReach
	}
	return 0
}

// paramReach is kReach when some call the analysis sees gives the
// parameter info a reached value.
func (sp *scriptPass) paramReach(info *symInfo, depth int) kinds {
	rec := info.paramOf
	if rec == nil || sp.directEval {
		return 0
	}
	if sp.overBudget() {
		return sp.candidateReach(sp.reachCandidate(info))
	}
	i := int(info.paramIndex)
	var out kinds
	calls, _ := sp.callsSeen(rec)
	for _, c := range calls {
		if i < len(c.Args) && !hasSpread(c.Args[:i+1]) {
			if k := sp.kindsDepth(c.Args[i], depth) & (kReach | kGlobal); k != 0 {
				out |= k
			}
		}
	}
	return out
}

// callReach is kReach when a call may give a reached value: a call of a
// closed local function that returns one, or a method of a reached value
// that may return its receiver or a built-in's accessor.
func (sp *scriptPass) callReach(c *esb.ECall, depth int) kinds {
	switch t := c.Target.Data.(type) {
	case *esb.EIdentifier:
		if rec := sp.calleeRecord(c.Target); rec != nil && !rec.wrapped && sp.closed(rec) {
			return sp.returnsReach(rec, depth)
		}
	case *esb.EDot:
		switch t.Name {
		case "valueOf", "__lookupGetter__", "__lookupSetter__":
			return sp.kindsDepth(t.Target, depth) & kReach
		}
	}
	return 0
}

// returnsReach is kReach when the function may return a reached value.
func (sp *scriptPass) returnsReach(rec *fnRec, depth int) kinds {
	if len(rec.ret.sources) == 0 {
		return 0
	}
	if sp.overBudget() {
		return sp.candidateReach(sp.returnsCandidate(rec))
	}
	return sp.symbolKinds(&rec.ret, depth) & (kReach | kGlobal)
}

// reachFollowed reports whether a reached value with the raw use u (and
// the site's context at) is followed by reach.go rather than refused.
func (sp *scriptPass) reachFollowed(u use, at int32) bool {
	if sp.directEval {
		return false // the code eval runs may use any name in scope
	}
	switch u {
	case useWalk, useReceiver, useBind, useSafePattern, useProtoRead, useReadBy:
		return true
	case useReturn:
		if at < 0 || int(at) >= len(sp.fnRecs) {
			return false
		}
		rec := sp.fnRecs[at]
		return !rec.wrapped && sp.closed(rec)
	case useArg:
		a := sp.argSites[at]
		rec := sp.calleeRecord(a.call.Target)
		return rec != nil && !rec.usesArguments && a.i < len(rec.params) && rec.params[a.i] != nil && !hasSpread(a.call.Args[:a.i+1])
	}
	return false
}

// namesFunction reports Function named directly (or window.Function).
func (sp *scriptPass) namesFunction(e esb.Expr) bool {
	if !sp.maybeGlobalObject(e) {
		return false
	}
	name, ok := sp.directGlobal(e)
	return ok && name == "Function"
}

// prototypeReached reports whether target.prototype is a reached value:
// Function's, or that of a reached value.
func (sp *scriptPass) prototypeReached(target esb.Expr) bool {
	return sp.namesFunction(target) || sp.kindsOf(target).may(kReach)
}

// siteFollowed is reachFollowed for the site being checked.
func (sp *scriptPass) siteFollowed() bool { return sp.reachFollowed(sp.siteUse, sp.siteAt) }

// checkLocalReach judges a reference to a local name that may hold a
// reached value, where its use is not one reach.go follows.
func (sp *scriptPass) checkLocalReach(e esb.Expr, u use) {
	sp.checkBuiltinValue(e) // (an alias of a built-in)
	if !refusesReached(u) {
		return // (the object of a computed key folded to a harmless one: o["n"])
	}
	if !sp.constructorChecks() || sp.siteFollowed() && !(u == useReadBy && sp.globalFollowed) {
		return
	}
	s, info := sp.lookup(e.Data.(*esb.EIdentifier).Ref)
	if s == nil || !sp.reachCandidate(info) {
		return
	}
	name := s.OriginalName
	k := sp.kindsOf(e)
	if k.may(kGlobal|kReach) && sp.provedPrimitive(info) {
		return
	}
	if k.may(kGlobal) {
		if on(DefGlobalObject) {
			sp.report(RuleGlobalObject, int(e.Loc.Start), "%s may hold the global object, and it is %s here, and the global object reaches every global, eval included: read the global you mean by name (Math, or globalThis.Math)", name, reachWords(u))
		}
		return
	}
	if !k.may(kReach) {
		return
	}
	sp.report(RuleConstructorRead, int(e.Loc.Start), "%s may hold what a read with a key the check cannot decide (or a constructor or prototype read) gave, which can be Function, and it is %s here: look values up in a Map or an object literal, or only compare it or read its members", name, reachWords(u))
}

// checkCallReach judges a call that may give a reached value, where its
// use is not one reach.go follows.
func (sp *scriptPass) checkCallReach(e esb.Expr, c *esb.ECall, u use) {
	if !baseUse(u).escapes() || !sp.constructorChecks() || sp.siteFollowed() {
		return
	}
	if !sp.exprCandidate(esb.Expr{Data: c}, 0) || sp.callReach(c, 0) == 0 {
		return
	}
	sp.report(RuleConstructorRead, int(e.Loc.Start), "this call may give what a read with a key the check cannot decide (or a constructor or prototype read) gave, which can be Function, and its result is %s here: look values up in a Map or an object literal, or only compare the result", reachWords(u))
}

// reachWords says what a use reach.go does not follow does with a value.
func reachWords(u use) string {
	switch u {
	case useWriteInto:
		return "written into"
	case useArg:
		return "passed to a function the check cannot follow it into"
	case useReturn:
		return "returned from a function that is handed on, exported, async or a generator"
	}
	return useWords(baseUse(u))
}

// The candidates: a cheap test, from the text alone, that rules out most
// names before the analysis is asked whether they hold a reached value.
// It answers yes wherever kindsDepth could give kReach (and more):
// TestReachCandidatesCoverReach holds it to that on every corpus.

const (
	candFresh uint8 = iota
	candBusy
	candNo
	candYes
)

// reachCandidate reports whether some write of info could give it a
// reached value.
func (sp *scriptPass) reachCandidate(info *symInfo) bool {
	switch info.cand {
	case candYes, candBusy:
		return true // (in a cycle: assume it may)
	case candNo:
		return false
	}
	info.cand = candBusy
	sp.kindsEpoch++ // the solver may read it (kindsMemo)
	yes := false
	for _, src := range info.sources {
		if src.bad || src.elems {
			continue
		}
		if len(src.keys) > 0 {
			// A path into a literal is followed to the member (kindsPath).
			switch src.expr.Data.(type) {
			case *esb.EArray, *esb.EObject:
				yes = true
			}
		} else if sp.exprCandidate(src.expr, 0) {
			yes = true
		}
		if yes {
			break
		}
	}
	if !yes && info.paramOf != nil {
		i := int(info.paramIndex)
		calls, _ := sp.callsSeen(info.paramOf)
		for _, c := range calls {
			if i < len(c.Args) && sp.exprCandidate(c.Args[i], 0) {
				yes = true
				break
			}
		}
	}
	if yes {
		info.cand = candYes
	} else {
		info.cand = candNo
	}
	sp.kindsEpoch++
	return yes
}

// returnsCandidate reports whether some return of rec could give a
// reached value.
func (sp *scriptPass) returnsCandidate(rec *fnRec) bool {
	switch rec.cand {
	case candYes, candBusy:
		return true
	case candNo:
		return false
	}
	rec.cand = candBusy
	sp.kindsEpoch++
	yes := false
	for _, src := range rec.ret.sources {
		if sp.exprCandidate(src.expr, 0) {
			yes = true
			break
		}
	}
	if yes {
		rec.cand = candYes
	} else {
		rec.cand = candNo
	}
	sp.kindsEpoch++
	return yes
}

// exprCandidate reports whether e could give a reached value.
func (sp *scriptPass) exprCandidate(e esb.Expr, depth int) bool {
	if depth > maxResolveDepth {
		return true
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s != nil && s.Kind == esb.SymbolUnbound {
			return isGlobalObjectName(s.OriginalName) // (kGlobal)
		}
		return s != nil && sp.reachCandidate(info)
	case *esb.EIndex:
		switch k := x.Index.Data.(type) {
		case *esb.ENumber:
			return false
		case *esb.EString:
			key := esb.UTF16ToString(k.Value)
			return key == "constructor" || key == "__proto__"
		case *esb.EIdentifier:
			// A counter or an index is never "constructor" (as
			// keyMayBeConstructor says first).
			return !sp.kindsOf(x.Index).only(kNumeric | kUndef | kNull | kBool | kSymbol)
		}
		return true
	case *esb.EDot:
		return x.Name == "constructor" || x.Name == "__proto__" || x.Name == "prototype" || isGlobalObjectName(x.Name)
	case *esb.ECall:
		switch t := x.Target.Data.(type) {
		case *esb.EIdentifier:
			s, _ := sp.lookup(t.Ref)
			if s == nil || s.Kind == esb.SymbolUnbound {
				return false
			}
			if rec := sp.calleeRecord(x.Target); rec != nil {
				return sp.returnsCandidate(rec)
			}
			return true // an alias of a built-in walk, or a function it cannot name
		case *esb.EDot:
			switch t.Name {
			case "valueOf", "__lookupGetter__", "__lookupSetter__":
				return sp.exprCandidate(t.Target, depth)
			case "getPrototypeOf", "get":
				return true
			}
			return false
		}
		return true
	case *esb.EIf:
		return sp.exprCandidate(x.Yes, depth) || sp.exprCandidate(x.No, depth)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpComma, esb.BinOpAssign, esb.BinOpLogicalAnd, esb.BinOpLogicalAndAssign:
			return sp.exprCandidate(x.Right, depth)
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing, esb.BinOpLogicalOrAssign, esb.BinOpNullishCoalescingAssign:
			return sp.exprCandidate(x.Left, depth) || sp.exprCandidate(x.Right, depth)
		}
		return false
	case *esb.EAwait:
		return sp.exprCandidate(x.Value, depth)
	case *esb.EAnnotation:
		return sp.exprCandidate(x.Value, depth)
	case *esb.EInlinedEnum:
		return sp.exprCandidate(x.Value, depth)
	}
	return false
}

// The global object followed as a value (kGlobal, domain.go): `const root
// = typeof self == "object" && self` and a function that returns self are
// how libraries find it. Followed like a reached value into names,
// parameters and results, what holds it is judged as the global object
// where it is read: root.Math is Math, root.eval and rmx, dom or location
// through it are refused (a literal eval must name eval, and the API is
// judged where it is named), and any other use (passed to other code,
// stored, enumerated) is refused as the global object is.

// noteGlobalValue records, in the walk, a global object's name in a use
// reach.go follows.
func (sp *scriptPass) noteGlobalValue(u use) {
	switch u {
	case useBind, useArg, useReturn:
		sp.globalFollowed = true
	}
}

// noteGlobalOperand records, in the walk, a global object's name that is
// the value of a choice or a sequence ((c ? globalThis : o).k,
// (0, self).k, await window): it is followed as if it were bound.
func (sp *scriptPass) noteGlobalOperand(e esb.Expr) {
	if sp.collecting && !sp.globalFollowed && sp.globalObjectRef(e) {
		sp.globalFollowed = true
	}
}

// checkEnumerated judges the object a for-in walks: the global object's
// keys find globals without naming them.
func (sp *scriptPass) checkEnumerated(e esb.Expr) {
	if on(DefGlobalObject) && (sp.globalObjectRef(e) || sp.mayHoldGlobal(e)) {
		sp.report(RuleGlobalObject, int(e.Loc.Start), "for-in here may walk the global object, which finds globals without naming them, eval and Function among them: walk an object of your own, or name the globals you mean")
	}
}

// mayHoldGlobal reports an expression other than a global object's own
// name that may hold the global object.
func (sp *scriptPass) mayHoldGlobal(e esb.Expr) bool {
	return sp.globalFollowed && !sp.directEval && sp.exprCandidate(e, 0) && sp.kindsOf(e).may(kGlobal)
}

// checkFollowedGlobalMember judges a member read from what may hold the
// global object: a plain global of the sandbox (Math, JSON, Object, …)
// may be read so; eval, Function, the timers, rmx, dom, location, a
// global with restricted members and one outside the sandbox must be
// named directly, where their own checks judge them.
func (sp *scriptPass) checkFollowedGlobalMember(e esb.Expr, key string, known bool, keyOff int, u use) {
	if !on(DefGlobalObject) || u == useTypeof {
		return // (a feature test reads nothing)
	}
	if !known {
		sp.report(RuleDynamicGlobal, int(e.Loc.Start), "a read with a key the check cannot decide, from what may hold the global object, can reach eval, Function or any global outside the sandbox: name the global you mean (Math, or window.Math)")
		return
	}
	if u == useTarget {
		sp.report(RuleGlobalObject, keyOff, "%s is written through what may hold the global object, which changes a global every script shares: keep the value in a variable of your own", key)
		return
	}
	g := allowedByName()[key]
	if g != nil && g.Kind != KindDangerous && len(g.Members) == 0 && !apiObjects[key] || absentGlobals[key] {
		return // (a name no window has reads as undefined)
	}
	sp.report(RuleGlobalObject, keyOff, "%s read from what may hold the global object: only the sandbox's plain globals are read that way (Math, JSON, Object, …); name %s itself, where the check can judge it", key, key)
}
