package scriptlint

import (
	"slices"
	"strconv"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
)

// Code that can never run. A branch whose condition the analysis proves
// (a constant, a typeof test of a global the closed world says does not
// exist, a short-circuit whose left side's truthiness is known) is not
// judged: the sandbox never runs it, and refusing it refuses real
// libraries (a UMD header's define branch, `if (DEBUG)` with DEBUG false).
// Code after it is judged, and a branch is dead only when its condition is
// proved: any doubt keeps it live. Secrets are still looked for in it, as
// in comments: a key written in the file is leaked whether it runs or not.
//
// The walk marks each guarded region with a start and an end site; the
// checks decide, once every binding is known, whether the region is dead.

// Which part of a construct a dead-region site guards.
const (
	guardYes      int32 = iota // the consequent of if or ?: (dead when the test is falsy)
	guardNo                    // the alternative (dead when the test is truthy)
	guardAndRight              // the right of && (dead when the left is falsy)
	guardOrRight               // the right of || (dead when the left is truthy)
	guardNullish               // the right of ?? (dead when the left is never null or undefined)
)

// caseGuard is a case of a switch statement, guarded by a siteCaseStart.
type caseGuard struct {
	sw    *esb.SSwitch
	index int
}

// absentGlobals are names no browser window has: the module systems and
// server runtimes that code tests for before using them. typeof of one is
// "undefined" in the sandbox. (Other names outside the closed world may
// exist in a window, replaced or not, so a test of them stays undecided.)
var absentGlobals = wordset.Of(
	"define module exports require global process " +
		"Buffer __dirname __filename Deno Bun " +
		"WorkerGlobalScope importScripts ") // a worker's, never a window's

// guardStart records the start of a guarded region; guardEnd its end. A
// region no site falls in leaves nothing behind.
func (sp *scriptPass) guardStart(cond esb.Expr, part int32) int {
	sp.sites = append(sp.sites, checkSite{kind: siteGuardStart, e: cond, from: part})
	sp.guardTop = &guardNode{cond: cond, part: part, up: sp.guardTop, frame: sp.walkFrame(), headsFrom: sp.keyHeads, headsTo: 1<<31 - 1}
	return len(sp.sites)
}

func (sp *scriptPass) guardEnd(start int) {
	sp.guardTop.headsTo = sp.keyHeads
	sp.guardTop = sp.guardTop.up
	if len(sp.sites) == start {
		sp.sites = sp.sites[:start-1]
		return
	}
	sp.sites = append(sp.sites, checkSite{kind: siteGuardEnd})
}

// guardNode is one of the guarded regions around a place in the walk,
// innermost first: what the member reads with a computed key keep
// (indexGuards), so that the tests that hold wherever one runs are known
// to the solver as to the checks.
type guardNode struct {
	cond esb.Expr
	part int32
	up   *guardNode
	// frame: the function the region is in (fnWalk); headsFrom, headsTo:
	// the key heads (ownkeys.go) noted before it and by its end.
	frame, headsFrom, headsTo int32
	facts                     *guardFacts // what cond proves, once asked
}

// guardFacts is what a region's condition proves when truthy: the names
// it proves no function, and the (object, key) names it proves an own
// key. Worked out once per region, so that a read deep in nested regions
// compares names rather than reading every condition again.
type guardFacts struct {
	notFunction []*symInfo
	own         [][2]*symInfo
}

// factsOf works out (once) what g's condition proves. The tests call
// their match only for what they prove, so a match that records and
// answers no visits every part of the condition.
func (sp *scriptPass) factsOf(g *guardNode) *guardFacts {
	if g.facts == nil {
		f := &guardFacts{}
		truthy, ok := testSide(g.part)
		if !ok {
			g.facts = f
			return f
		}
		sp.provesNotFunction(g.cond, truthy, func(e esb.Expr) bool {
			if b := sp.localBinding(e); b != nil {
				f.notFunction = append(f.notFunction, b)
			}
			return false
		}, 0)
		sp.provesOwn(g.cond, truthy, func(o, k esb.Expr) bool {
			if ob, kb := sp.localBinding(o), sp.localBinding(k); ob != nil && kb != nil {
				f.own = append(f.own, [2]*symInfo{ob, kb})
			}
			return false
		}, 0)
		g.facts = f
		sp.kindsEpoch++ // (a lazy table the solver reads)
	}
	return g.facts
}

// testSide reports on which side of its test a region of the given part
// runs: truthy for a consequent and the right of &&, falsy for an
// alternative and the right of ||; ok is false for a part that proves
// nothing of a value (a case, a nullish default).
func testSide(part int32) (truthy, ok bool) {
	switch part {
	case guardYes, guardAndRight:
		return true, true
	case guardNo, guardOrRight:
		return false, true
	}
	return false, false
}

// guardedRead is the innermost region around a member read, and the
// function the read is in.
type guardedRead struct {
	top   *guardNode
	frame int32
}

// noteIndexGuards records, in the walk, the regions a member read with a
// computed key is in.
func (sp *scriptPass) noteIndexGuards(x *esb.EIndex) {
	if sp.guardTop == nil {
		return
	}
	if sp.indexGuards == nil {
		sp.indexGuards = map[*esb.EIndex]guardedRead{}
	}
	sp.indexGuards[x] = guardedRead{sp.guardTop, sp.walkFrame()}
}

// proved reports whether a region around x runs only where test holds of
// its condition (the consequent of if or ?:, the right of &&, a loop's
// body).
func (sp *scriptPass) proved(x *esb.EIndex, test func(g *guardNode, frame int32) bool) bool {
	r := sp.indexGuards[x]
	for g := r.top; g != nil; g = g.up {
		if test(g, r.frame) {
			return true
		}
	}
	return false
}

// caseStart records the start of a switch case's region.
func (sp *scriptPass) caseStart(sw *esb.SSwitch, index int) int {
	sp.caseGuards = append(sp.caseGuards, caseGuard{sw, index})
	sp.sites = append(sp.sites, checkSite{kind: siteCaseStart, from: int32(len(sp.caseGuards) - 1)})
	sp.guardTop = &guardNode{part: -1, up: sp.guardTop, headsTo: 1<<31 - 1} // (proves nothing of a value; guardEnd pops it)
	return len(sp.sites)
}

// guardDead reports whether the region a start site guards can never run.
func (sp *scriptPass) guardDead(st *checkSite) bool {
	if st.kind == siteCaseStart {
		return sp.caseDead(sp.caseGuards[st.from])
	}
	switch st.from {
	case guardYes, guardAndRight:
		t, ok := sp.truthOf(st.e, 0)
		return ok && !t
	case guardNo, guardOrRight:
		t, ok := sp.truthOf(st.e, 0)
		return ok && t
	case guardNullish:
		k := sp.kindsOf(st.e)
		return k != 0 && !k.may(kNull|kUndef)
	}
	return false
}

// caseDead: a case before the first one that matches a known switch value
// is never entered (fall-through only goes forward).
func (sp *scriptPass) caseDead(g caseGuard) bool {
	sw := g.sw
	v, ok := sp.constOf(sw.Test, 0)
	if !ok {
		return false
	}
	first := -1
	for i, c := range sw.Cases {
		if c.ValueOrNil.Data == nil {
			continue
		}
		cv, ok := sp.constOf(c.ValueOrNil, 0)
		if !ok {
			return false
		}
		if first < 0 && cv == v {
			first = i
		}
	}
	if first < 0 {
		// No case matches: only default (and what follows it) runs.
		for i, c := range sw.Cases {
			if c.ValueOrNil.Data == nil {
				first = i
				break
			}
		}
		if first < 0 {
			return true
		}
	}
	return g.index < first
}

// constVal is a primitive the analysis knows: its type and its text.
type constVal struct {
	typ string // "string", "number", "boolean", "undefined", "null"
	s   string
}

// constOf is the primitive e always evaluates to.
func (sp *scriptPass) constOf(e esb.Expr, depth int) (constVal, bool) {
	if depth > 8 {
		return constVal{}, false
	}
	switch x := e.Data.(type) {
	case *esb.EString:
		return constVal{"string", esb.UTF16ToString(x.Value)}, true
	case *esb.ENumber:
		return constVal{"number", jsNumber(x.Value)}, true
	case *esb.EBoolean:
		return constVal{"boolean", strconv.FormatBool(x.Value)}, true
	case *esb.ENull:
		return constVal{"null", "null"}, true
	case *esb.EUndefined:
		return constVal{"undefined", "undefined"}, true
	case *esb.EAnnotation:
		return sp.constOf(x.Value, depth+1)
	case *esb.EUnary:
		switch x.Op {
		case esb.UnOpTypeof:
			if t, ok := sp.typeOf(x.Value); ok {
				return constVal{"string", t}, true
			}
		case esb.UnOpVoid:
			return constVal{"undefined", "undefined"}, true
		case esb.UnOpNot:
			if t, ok := sp.truthOf(x.Value, depth+1); ok {
				return constVal{"boolean", strconv.FormatBool(!t)}, true
			}
		}
	case *esb.EBinary:
		if t, ok := sp.compare(x, depth+1); ok {
			return constVal{"boolean", strconv.FormatBool(t)}, true
		}
	case *esb.EIdentifier:
		// A binding with one write of a primitive (const DEBUG = false).
		src, ok := sp.onlyWrite(x)
		if !ok {
			return constVal{}, false
		}
		_, info := sp.lookup(x.Ref)
		info.folding = true
		v, ok := sp.constOf(src, depth+1)
		info.folding = false
		return v, ok
	}
	return constVal{}, false
}

// onlyWrite is the one value a local binding is ever given (nothing else:
// not undefined before it, not a loop's element, not a parameter's
// argument).
func (sp *scriptPass) onlyWrite(id *esb.EIdentifier) (esb.Expr, bool) {
	s, info := sp.lookup(id.Ref)
	if s == nil || s.Kind == esb.SymbolUnbound || info.extraKinds != 0 || info.anyWrite || info.updated || info.folding ||
		info.fn != "" || sp.directEval || len(info.sources) != 1 {
		return esb.Expr{}, false
	}
	src := info.sources[0]
	if len(src.keys) > 0 || src.elems || src.bad {
		return esb.Expr{}, false
	}
	return src.expr, true
}

// typeOf is what typeof e gives, when the analysis knows.
func (sp *scriptPass) typeOf(e esb.Expr) (string, bool) {
	if id, ok := e.Data.(*esb.EIdentifier); ok {
		if s, _ := sp.lookup(id.Ref); s != nil && s.Kind == esb.SymbolUnbound {
			name := s.OriginalName
			switch g := allowedByName()[name]; {
			case g == nil:
				if absentGlobals[name] {
					return "undefined", true
				}
				return "", false
			case name == "undefined":
				return "undefined", true
			case name == "NaN" || name == "Infinity":
				return "number", true
			case namespaces[name] || g.Kind == KindGlobalObject || name == "location" || name == "crypto":
				return "object", true
			}
			// Every other global of the closed world is a function the
			// sandbox has: an assignment that replaces it is refused
			// (js/intrinsic-write) unless it never runs.
			return "function", true
		}
	}
	switch k := sp.kindsOf(e); {
	case k == 0:
		return "", false
	case k.only(kStr):
		return "string", true
	case k.only(kNum):
		return "number", true
	case k.only(kBool):
		return "boolean", true
	case k.only(kUndef):
		return "undefined", true
	case k.only(kNull | kArray | kObject | kOpen | kShadow | kGlobal):
		return "object", true
	}
	return "", false
}

// compare evaluates a comparison of two known primitives.
func (sp *scriptPass) compare(x *esb.EBinary, depth int) (bool, bool) {
	switch x.Op {
	case esb.BinOpStrictEq, esb.BinOpStrictNe, esb.BinOpLooseEq, esb.BinOpLooseNe:
	case esb.BinOpLt, esb.BinOpGt, esb.BinOpLe, esb.BinOpGe:
		l, ok1 := sp.constOf(x.Left, depth)
		r, ok2 := sp.constOf(x.Right, depth)
		if !ok1 || !ok2 || l.typ != "number" || r.typ != "number" {
			return false, false
		}
		a, err1 := strconv.ParseFloat(l.s, 64)
		b, err2 := strconv.ParseFloat(r.s, 64)
		if err1 != nil || err2 != nil || a != a || b != b {
			return false, false
		}
		switch x.Op {
		case esb.BinOpLt:
			return a < b, true
		case esb.BinOpGt:
			return a > b, true
		case esb.BinOpLe:
			return a <= b, true
		}
		return a >= b, true
	default:
		return false, false
	}
	if same, ok := sp.sameGlobal(x.Left, x.Right); ok {
		return same == (x.Op == esb.BinOpStrictEq || x.Op == esb.BinOpLooseEq), true
	}
	l, ok1 := sp.constOf(x.Left, depth)
	r, ok2 := sp.constOf(x.Right, depth)
	if !ok1 || !ok2 {
		return false, false
	}
	var eq bool
	switch {
	case l.typ == r.typ:
		eq = l.s == r.s && !(l.typ == "number" && l.s == "NaN")
	case x.Op == esb.BinOpLooseEq || x.Op == esb.BinOpLooseNe:
		n := func(v constVal) bool { return v.typ == "null" || v.typ == "undefined" }
		if !n(l) || !n(r) {
			return false, false // loose equality across types coerces: left undecided
		}
		eq = true
	}
	if x.Op == esb.BinOpStrictNe || x.Op == esb.BinOpLooseNe {
		return !eq, true
	}
	return eq, true
}

// truthOf is whether e is truthy, when the analysis proves it.
func (sp *scriptPass) truthOf(e esb.Expr, depth int) (bool, bool) {
	if depth > 8 {
		return false, false
	}
	switch x := e.Data.(type) {
	case *esb.EArrow, *esb.EFunction, *esb.EClass, *esb.EObject, *esb.EArray, *esb.ERegExp:
		return true, true
	case *esb.EAnnotation:
		return sp.truthOf(x.Value, depth+1)
	case *esb.EDot:
		if x.Name == "exports" && sp.moduleExportsTruthy(x.Target) {
			return true, true
		}
		if p, ok := sp.globalMember(e); ok && sandboxFunction(p) {
			return true, true // crypto.getRandomValues: a function, frozen (js/intrinsic-write)
		}
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpLogicalAnd:
			l, lok := sp.truthOf(x.Left, depth+1)
			r, rok := sp.truthOf(x.Right, depth+1)
			switch {
			case lok && !l, rok && !r:
				return false, true
			case lok && rok:
				return true, true
			}
			return false, false
		case esb.BinOpLogicalOr:
			l, lok := sp.truthOf(x.Left, depth+1)
			r, rok := sp.truthOf(x.Right, depth+1)
			switch {
			case lok && l, rok && r:
				return true, true
			case lok && rok:
				return false, true
			}
			return false, false
		case esb.BinOpComma:
			return sp.truthOf(x.Right, depth+1)
		}
	case *esb.EIf:
		if t, ok := sp.truthOf(x.Test, depth+1); ok {
			if t {
				return sp.truthOf(x.Yes, depth+1)
			}
			return sp.truthOf(x.No, depth+1)
		}
		return false, false
	}
	if v, ok := sp.constOf(e, depth+1); ok {
		switch v.typ {
		case "string":
			return v.s != "", true
		case "number":
			return v.s != "0" && v.s != "NaN" && v.s != "-0", true
		case "boolean":
			return v.s == "true", true
		}
		return false, true // null, undefined
	}
	if id, ok := e.Data.(*esb.EIdentifier); ok {
		// A binding that only ever holds objects and functions is truthy.
		if k := sp.kindsOf(e); k != 0 && k.only(kArray|kObject|kOpen|kShadow|kFunc|kGlobal) {
			return true, true
		}
		// A binding with one write is as truthy as what it is given.
		if src, ok := sp.onlyWrite(id); ok {
			_, info := sp.lookup(id.Ref)
			info.folding = true
			t, ok := sp.truthOf(src, depth+1)
			info.folding = false
			return t, ok
		}
	}
	return false, false
}

// What a guard proves. Inside `if (x instanceof Date)` (or the right of
// `x instanceof Date && …`), x is an object with Date.prototype on its
// prototype chain, so x.constructor is Date, or what the script wrote
// under that key on x or on a prototype of its own (judged where it was
// written). It is never Function: Function.prototype could only come
// before Date.prototype on the chain as a prototype the script set, which
// js/intrinsic-write refuses, and no built-in's prototype but Object's and
// Function's own lies on Function.prototype's chain.

// instanceClasses are the built-in constructors whose instanceof test
// proves that much (not Object or Function).
var instanceClasses = wordset.Of("Date RegExp Map Set WeakMap WeakSet Array Error TypeError RangeError SyntaxError " +
	"ReferenceError EvalError URIError AggregateError Promise ArrayBuffer DataView Int8Array " +
	"Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float16Array " +
	"Float32Array Float64Array BigInt64Array BigUint64Array URL URLSearchParams ")

// instanceGuarded reports whether the region the site being checked is in
// runs only when e, a local name never written after it is bound, is an
// instance of one of instanceClasses.
func (sp *scriptPass) instanceGuarded(e esb.Expr) bool {
	id, ok := e.Data.(*esb.EIdentifier)
	if !ok || len(sp.liveGuards) == 0 {
		return false
	}
	s, info := sp.lookup(id.Ref)
	if s == nil || s.Kind == esb.SymbolUnbound || info.updated || info.otherAny {
		return false
	}
	if !info.konst && (len(info.sources) > 0 || info.paramOf == nil || info.paramOf.usesArguments) {
		return false // (a parameter never assigned, or a constant)
	}
	for _, g := range sp.liveGuards {
		if g.kind == siteGuardStart && (g.from == guardYes || g.from == guardAndRight) && sp.provesInstance(g.e, info, 0) {
			return true
		}
	}
	return false
}

// provesInstance reports whether cond, when truthy, proves the name ref an
// instance of one of instanceClasses.
func (sp *scriptPass) provesInstance(cond esb.Expr, name *symInfo, depth int) bool {
	b, ok := cond.Data.(*esb.EBinary)
	if !ok || depth > maxResolveDepth {
		return false
	}
	switch b.Op {
	case esb.BinOpLogicalAnd:
		return sp.provesInstance(b.Left, name, depth+1) || sp.provesInstance(b.Right, name, depth+1)
	case esb.BinOpInstanceof:
		x, ok := b.Left.Data.(*esb.EIdentifier)
		if !ok {
			return false
		}
		if _, info := sp.lookup(x.Ref); info != name {
			return false
		}
		c, ok := b.Right.Data.(*esb.EIdentifier)
		if !ok {
			return false
		}
		s, _ := sp.lookup(c.Ref)
		return s != nil && s.Kind == esb.SymbolUnbound && instanceClasses[s.OriginalName] && allowedByName()[s.OriginalName] != nil
	}
	return false
}

// sameGlobal decides a comparison of two names of one allowed global, one
// of them read from the global object: self.Object === Object and
// self.self === self are true in the sandbox (the built-ins are frozen for
// the analysis, and a global the script may not assign stays itself), the
// test libraries make to find the global object.
func (sp *scriptPass) sameGlobal(a, b esb.Expr) (same, ok bool) {
	_, aDot := a.Data.(*esb.EDot)
	_, bDot := b.Data.(*esb.EDot)
	if aDot == bDot {
		return false, false // (one side must be the member read)
	}
	an, ok1 := sp.directGlobal(a)
	bn, ok2 := sp.directGlobal(b)
	if !ok1 || !ok2 || an != bn {
		return false, false
	}
	g := allowedByName()[an]
	if g == nil || g.Kind == KindDangerous || sp.globalWritten(an) {
		return false, false
	}
	switch an {
	case "parent", "top", "frames":
		return false, false // another window's, in a frame
	}
	return true, true
}

// globalWritten reports a name the module writes as a member of any
// object, the global object among them (so the global may not be the
// built-in any more).
func (sp *scriptPass) globalWritten(name string) bool {
	sp.indexWrites()
	return sp.writtenKeys[name]
}

// What a typeof test proves.

// notFunctionGuarded reports whether x runs only where a test has proved
// its target no function: typeof target compared equal to anything but
// "function" or unequal to it, Array.isArray(target), or a local function
// that returns one of those of its parameter (isObject). With no object
// given a function as prototype anywhere (objectsMayInheritFunctions),
// such a value reaches no Function with one read (its constructor is a
// built-in class or what the script wrote). A reached value may be a
// built-in prototype whose constructor compiles strings (AsyncFunction's),
// and the global object holds Function itself: neither passes.
func (sp *scriptPass) notFunctionGuarded(x *esb.EIndex) bool {
	target := x.Target
	if sp.indexGuards[x].top == nil || sp.collecting || sp.membersOpen || sp.directEval {
		// (while the walk records, the writes of prototypes are not all known)
		return false
	}
	obj := sp.localBinding(target)
	if obj == nil || !unwritten(obj) || sp.kindsOf(target).may(kReach|kGlobal) || sp.objectsMayInheritFunctions() {
		return false
	}
	return sp.proved(x, func(g *guardNode, _ int32) bool { return slices.Contains(sp.factsOf(g).notFunction, obj) })
}

// objectsMayInheritFunctions reports whether some object may have a
// function on its prototype chain: a prototype set (setPrototypeOf, a
// __proto__ write), given to Object.create or written in a literal's
// __proto__ that may be a function. (The kinds mark such an object as a
// function, which a typeof test cannot tell from one.)
func (sp *scriptPass) objectsMayInheritFunctions() bool {
	if sp.inheritsFunc == 0 {
		// The safe answer while it is worked out (the kinds below may ask
		// again); the solver's replay sees each change.
		sp.inheritsFunc = 2
		sp.kindsEpoch++
		may := func(e esb.Expr) bool { return e.Data == nil || sp.kindsOf(e).may(kFunc|kReach) }
		inherits := sp.prototypesMayBeFunctions() || slices.ContainsFunc(sp.createArgs, may)
		for _, o := range sp.objectLiterals {
			for i := range o.Properties {
				if p := &o.Properties[i]; !inherits && isProtoKey(p) && may(p.ValueOrNil) {
					inherits = true
				}
			}
		}
		if !inherits {
			sp.inheritsFunc = 1
		}
		sp.kindsEpoch++
	}
	return sp.inheritsFunc == 2
}

// provedByParts walks cond's !, && and ||, down to the parts that hold
// when cond is truthy (or when falsy, truthy false: both sides of a falsy
// ||), and reports whether leaf proves what it asks of one of them, on
// the side that part holds on.
func provedByParts(cond esb.Expr, truthy bool, depth int, leaf func(part esb.Expr, truthy bool, depth int) bool) bool {
	if depth > 4 {
		return false
	}
	switch x := cond.Data.(type) {
	case *esb.EUnary:
		if x.Op == esb.UnOpNot {
			return provedByParts(x.Value, !truthy, depth+1, leaf)
		}
	case *esb.EBinary:
		if x.Op == esb.BinOpLogicalAnd && truthy || x.Op == esb.BinOpLogicalOr && !truthy {
			return provedByParts(x.Left, truthy, depth+1, leaf) || provedByParts(x.Right, truthy, depth+1, leaf)
		}
	}
	return leaf(cond, truthy, depth)
}

// provesNotFunction reports whether cond, when truthy (or when falsy,
// truthy false), proves a value match accepts no function.
func (sp *scriptPass) provesNotFunction(cond esb.Expr, truthy bool, match func(esb.Expr) bool, depth int) bool {
	return provedByParts(cond, truthy, depth, func(part esb.Expr, truthy bool, depth int) bool {
		switch x := part.Data.(type) {
		case *esb.EBinary:
			switch x.Op {
			case esb.BinOpStrictEq, esb.BinOpLooseEq, esb.BinOpStrictNe, esb.BinOpLooseNe:
				operand, text, ok := typeofTest(x.Left, x.Right)
				if !ok {
					operand, text, ok = typeofTest(x.Right, x.Left)
				}
				// typeof x is, or is not, the text.
				is := (x.Op == esb.BinOpStrictEq || x.Op == esb.BinOpLooseEq) == truthy
				return ok && is != (text == "function") && match(operand) // (match only what is proved)
			}
		case *esb.ECall:
			if !truthy {
				return false
			}
			if len(x.Args) == 1 && sp.builtinPath(x.Target, 0) == "Array.isArray" {
				return match(x.Args[0])
			}
			ret, arg := sp.returnedTest(x, depth)
			return ret.Data != nil && sp.provesNotFunction(ret, true, func(e esb.Expr) bool {
				a, ok := arg(e)
				return ok && match(a)
			}, depth+1)
		}
		return false
	})
}

// provedPrimitive reports whether a guarded region around the site being
// checked proves info a primitive (typeof x === "string", x === "a",
// after if (typeof x !== "number") return …): no function, no built-in
// prototype, not the global object. info must hold one value throughout.
func (sp *scriptPass) provedPrimitive(info *symInfo) bool {
	if !unwritten(info) {
		return false
	}
	for _, g := range sp.liveGuards {
		if g.kind != siteGuardStart {
			continue
		}
		truthy, ok := testSide(g.from)
		if !ok {
			continue
		}
		if sp.provesPrimitive(g.e, truthy, func(e esb.Expr) bool { return sp.localBinding(e) == info }, 0) {
			return true
		}
	}
	return false
}

// provedPrimitiveAt reports a name, e, that the guarded regions around a
// write of it (guard, innermost first, kept by the walk) prove a primitive,
// as provedPrimitive does for a use: the name holds one value throughout,
// so the test that held where it was written holds for what was written.
func (sp *scriptPass) provedPrimitiveAt(e esb.Expr, guard *guardNode) bool {
	info := sp.localBinding(e)
	if info == nil || guard == nil || !unwritten(info) {
		return false
	}
	for g := guard; g != nil; g = g.up {
		truthy, ok := testSide(g.part)
		if ok && sp.provesPrimitive(g.cond, truthy, func(x esb.Expr) bool { return sp.localBinding(x) == info }, 0) {
			return true
		}
	}
	return false
}

// primitiveTypes are the results of typeof for a primitive.
var primitiveTypes = wordset.Of("string number bigint boolean symbol") // (not "undefined": document.all is an object whose typeof is that)

// provesPrimitive reports whether cond, when truthy (or when falsy,
// truthy false), proves a value match accepts a primitive.
func (sp *scriptPass) provesPrimitive(cond esb.Expr, truthy bool, match func(esb.Expr) bool, depth int) bool {
	return provedByParts(cond, truthy, depth, func(part esb.Expr, truthy bool, _ int) bool {
		x, ok := part.Data.(*esb.EBinary)
		if !ok {
			return false
		}
		switch x.Op {
		case esb.BinOpStrictEq, esb.BinOpLooseEq, esb.BinOpStrictNe, esb.BinOpLooseNe:
			if (x.Op == esb.BinOpStrictEq || x.Op == esb.BinOpLooseEq) != truthy {
				return false // (typeof x is not the text: it may be any other)
			}
			if operand, text, ok := typeofTest(x.Left, x.Right); ok {
				return primitiveTypes[text] && match(operand)
			}
			if operand, text, ok := typeofTest(x.Right, x.Left); ok {
				return primitiveTypes[text] && match(operand)
			}
			// Strictly equal to a primitive literal (== would call an
			// object's valueOf or toString).
			if x.Op != esb.BinOpStrictEq && x.Op != esb.BinOpStrictNe {
				return false
			}
			return primitiveLiteral(x.Right) && match(x.Left) || primitiveLiteral(x.Left) && match(x.Right)
		}
		return false
	})
}

// primitiveLiteral: a literal whose value is a primitive.
func primitiveLiteral(e esb.Expr) bool {
	switch e.Data.(type) {
	case *esb.EString, *esb.ENumber, *esb.EBoolean, *esb.ENull, *esb.EUndefined, *esb.EBigInt:
		return true
	}
	return false
}

// typeofTest reads `typeof operand` compared with a string literal.
func typeofTest(a, b esb.Expr) (operand esb.Expr, text string, ok bool) {
	u, isUnary := a.Data.(*esb.EUnary)
	s, isString := b.Data.(*esb.EString)
	if !isUnary || u.Op != esb.UnOpTypeof || !isString {
		return esb.Expr{}, "", false
	}
	return u.Value, esb.UTF16ToString(s.Value), true
}

// sandboxFunction reports a member of a global whose members are
// restricted (crypto, URL) that the closed world lets the script read and
// that the sandbox's Chrome has in every context: a function, so a test
// of it is true. (crypto.randomUUID is left out: a browser offers it only
// in a secure context.)
func sandboxFunction(path string) bool {
	switch path {
	case "crypto.getRandomValues", "URL.canParse", "URL.parse":
		return true
	}
	return false
}
