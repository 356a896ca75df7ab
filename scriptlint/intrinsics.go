package scriptlint

import (
	"math"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
)

// Frozen intrinsics (js/intrinsic-write). The sandbox runs a current
// Chrome, so nothing needs a polyfill, and the analysis takes the
// built-ins to be what the specification says: a string's indexOf returns
// a number, a loop over an array yields its elements, a comparison calls no
// script code. A script that writes to a built-in (a prototype, a
// constructor, a namespace, by any path the analysis resolves), defines or
// deletes one of its members, or gives an object a prototype that may be a
// function (which puts Function one read away from an object that looks
// like data) is refused, with what to write instead.

// intrinsicObject names the built-in object e may be, or reports false.
// It searches what the value may come from; each binding and function is
// asked at most once in a search, and its answer is kept when it is
// final: a yes, or a no that did not wait on a node still being asked (a
// cycle). When the search ends in no, every node it asked is a no.
func (sp *scriptPass) intrinsicObject(e esb.Expr) (string, bool) {
	sp.intrinsicSerial++
	sp.intrinsicLow, sp.intrinsicStack = math.MaxInt32, 0
	name, ok := sp.intrinsicDepth(e, 0)
	if !ok {
		for _, m := range sp.intrinsicAsked {
			m.memo = 1
		}
	}
	sp.intrinsicAsked = sp.intrinsicAsked[:0]
	return name, ok
}

// intrinsicMark is what a search knows of a binding or a function: its
// kept answer (memo: 0 not known, 1 no, 2 yes), the search that last asked
// it, its place on that search's stack while it is asked (at), and, for a
// no that waited on a node still being asked, the lowest such place.
type intrinsicMark struct {
	memo          int8
	name          string // the built-in, when memo is 2
	seen, at, low int32
	from          int32 // where in intrinsicAsked the nodes it asked start
}

// intrinsicAsk reports whether m must be searched now; when it need not,
// a node still being asked that its answer waits on is noted.
func (sp *scriptPass) intrinsicAsk(m *intrinsicMark) bool {
	switch {
	case m.memo != 0:
		return false
	case m.seen == sp.intrinsicSerial:
		low := m.at
		if low == 0 {
			low = m.low
		}
		sp.intrinsicLow = min(sp.intrinsicLow, low)
		return false
	}
	m.seen = sp.intrinsicSerial
	sp.intrinsicStack++
	m.at = sp.intrinsicStack
	m.from = int32(len(sp.intrinsicAsked))
	sp.intrinsicAsked = append(sp.intrinsicAsked, m)
	return true
}

// intrinsicDone records m's answer once its search is over; outer is the
// low of the search around it.
func (sp *scriptPass) intrinsicDone(m *intrinsicMark, yes bool, outer int32) {
	switch {
	case yes:
		m.memo = 2
		sp.intrinsicLow = outer
	case sp.intrinsicLow >= m.at:
		// Nothing it reaches, the nodes asked in its search among them,
		// gives a built-in.
		for _, n := range sp.intrinsicAsked[m.from:] {
			n.memo = 1
		}
		sp.intrinsicAsked = sp.intrinsicAsked[:m.from]
		sp.intrinsicLow = outer
	default:
		m.low = sp.intrinsicLow
		sp.intrinsicLow = min(outer, sp.intrinsicLow)
	}
	m.at = 0
	sp.intrinsicStack--
}

func (sp *scriptPass) intrinsicDepth(e esb.Expr, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := e.Data.(type) {
	case *esb.EAnnotation:
		return sp.intrinsicDepth(x.Value, depth+1)
	case *esb.EAwait:
		return sp.intrinsicDepth(x.Value, depth+1) // (a built-in is no promise: await gives it back)
	case *esb.EIf:
		if name, ok := sp.intrinsicDepth(x.Yes, depth+1); ok {
			return name, true
		}
		return sp.intrinsicDepth(x.No, depth+1)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpComma, esb.BinOpAssign, esb.BinOpLogicalAnd:
			return sp.intrinsicDepth(x.Right, depth+1)
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing, esb.BinOpLogicalOrAssign, esb.BinOpNullishCoalescingAssign, esb.BinOpLogicalAndAssign:
			if name, ok := sp.intrinsicDepth(x.Left, depth+1); ok {
				return name, true
			}
			return sp.intrinsicDepth(x.Right, depth+1)
		}
		return "", false
	case *esb.EDot:
		if x.Name == "__proto__" {
			return "a prototype (__proto__)", true
		}
		if base, ok := sp.intrinsicDepth(x.Target, depth+1); ok && builtinName(base) {
			return base + "." + x.Name, true
		}
		if builtinName(x.Name) && sp.mayHoldGlobal(x.Target) {
			return x.Name, true // root.Math, with root the global object
		}
	case *esb.EIndex:
		if key, ok := sp.indexKey(x.Index); ok {
			if key == "__proto__" {
				return "a prototype (__proto__)", true
			}
			if base, ok := sp.intrinsicDepth(x.Target, depth+1); ok && builtinName(base) {
				return base + "." + key, true
			}
			if builtinName(key) && sp.mayHoldGlobal(x.Target) {
				return key, true
			}
		}
	case *esb.ECall:
		if p := sp.resolve(x.Target); has(p, "Object.getPrototypeOf", "Reflect.getPrototypeOf") {
			return "a prototype (getPrototypeOf)", true
		}
		if rec := sp.calleeRecord(x.Target); rec != nil && !rec.wrapped && sp.closed(rec) {
			return sp.intrinsicReturned(rec)
		}
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil {
			return "", false
		}
		if s.Kind == esb.SymbolUnbound {
			if builtinName(s.OriginalName) {
				return s.OriginalName, true
			}
			return "", false
		}
		// An alias (const AP = Array.prototype): writes through it are
		// writes to the built-in. The answer is kept per binding, and its
		// sources are read from the start of the depth (which bounds a
		// chain of members), so it is the same whatever asked first.
		if info.fn != "" {
			return "", false
		}
		return sp.intrinsicSearch(&info.intrinsic, func() (string, bool) { return sp.intrinsicOfBinding(info) })
	case *esb.EThis, *esb.EObject, *esb.EArray, *esb.EArrow, *esb.EFunction, *esb.EString, *esb.ENumber:
		return "", false
	}
	if name, ok := sp.directGlobal(e); ok && builtinName(name) {
		return name, true
	}
	if !sp.mayResolveToBuiltin(e) {
		return "", false
	}
	for _, p := range sp.resolve(e) {
		if builtinName(p) {
			return p, true
		}
	}
	return "", false
}

// intrinsicSource names the built-in a binding's source may give: the
// value itself, or the member a destructuring pattern takes from it
// (const { prototype } = Array; const { Math: M } = self).
func (sp *scriptPass) intrinsicSource(src valueSource) (string, bool) {
	if len(src.keys) == 0 {
		return sp.intrinsicDepth(src.expr, 0)
	}
	name, ok := sp.intrinsicDepth(src.expr, 0)
	keys := src.keys
	if !ok {
		if !builtinName(keys[0]) || !sp.globalObjectRef(src.expr) && !sp.mayHoldGlobal(src.expr) {
			return "", false
		}
		name, keys = keys[0], keys[1:]
	}
	for _, k := range keys {
		if !builtinName(name) {
			return "", false // (a member of a method: a function's own members are its name and length)
		}
		name += "." + k
	}
	return name, true
}

// intrinsicOfBinding names the built-in a binding's writes may give it,
// or a parameter's calls.
func (sp *scriptPass) intrinsicOfBinding(info *symInfo) (string, bool) {
	for _, src := range info.sources {
		if src.bad || src.elems {
			continue
		}
		if name, ok := sp.intrinsicSource(src); ok {
			return name, true
		}
	}
	if rec := info.paramOf; rec != nil {
		// What the calls the analysis sees pass it (a built-in passed
		// anywhere else is refused: js/builtin-value).
		for _, c := range sp.callsOfRec(rec) {
			if i := int(info.paramIndex); i < len(c.Args) {
				if name, ok := sp.intrinsicDepth(c.Args[i], 0); ok {
					return name, true
				}
			}
		}
	}
	return "", false
}

// intrinsicReturned names the built-in a closed function may return,
// asked as a binding is.
func (sp *scriptPass) intrinsicReturned(rec *fnRec) (string, bool) {
	return sp.intrinsicSearch(&rec.intrinsic, func() (string, bool) {
		for _, src := range rec.ret.sources {
			if name, ok := sp.intrinsicDepth(src.expr, 0); ok {
				return name, true
			}
		}
		return "", false
	})
}

// intrinsicSearch answers for the node m, searching with search unless
// its answer is kept or it is already being asked in this search.
func (sp *scriptPass) intrinsicSearch(m *intrinsicMark, search func() (string, bool)) (string, bool) {
	if m.memo == 2 {
		return m.name, true
	}
	if !sp.intrinsicAsk(m) {
		return "", false
	}
	outer := sp.intrinsicLow
	sp.intrinsicLow = math.MaxInt32
	name, ok := search()
	sp.intrinsicDone(m, ok, outer)
	m.name = name
	return name, ok
}

// mayResolveToBuiltin is a cheap test before resolve: only a chain through
// constructor or prototype, a call (Reflect.get), or a binding holding a
// literal ({ p: Array.prototype }) can resolve to a built-in that the
// walk above has not named.
func (sp *scriptPass) mayResolveToBuiltin(e esb.Expr) bool {
	for i := 0; i < 64; i++ {
		switch x := e.Data.(type) {
		case *esb.EDot:
			if x.Name == "constructor" || x.Name == "prototype" {
				return true
			}
			e = x.Target
		case *esb.EIndex:
			e = x.Target
		case *esb.EIdentifier:
			s, info := sp.lookup(x.Ref)
			return s != nil && s.Kind != esb.SymbolUnbound && info.literals
		case *esb.ECall:
			return true
		default:
			return false
		}
	}
	return true
}

// builtinName reports a path naming a built-in object: an allowed global
// other than the global object, rmx and dom (their own rules judge them),
// or a member path of one (Array.prototype, Intl.DateTimeFormat).
func builtinName(p string) bool {
	root, _, _ := strings.Cut(p, ".")
	g := allowedByName()[root]
	if g == nil || g.Kind == KindGlobalObject || root == "rmx" || root == "dom" || root == "location" {
		return false
	}
	// (crypto, whose members are restricted, is one too: deadcode.go
	// takes crypto.getRandomValues for the function the sandbox has.)
	return root != "" && (root[0] >= 'A' && root[0] <= 'Z' || g.Kind == KindDangerous || len(g.Members) > 0)
}

// reportBuiltinChange refuses a change to the built-in name at e.
func (sp *scriptPass) reportBuiltinChange(e esb.Expr, name, example string) {
	sp.report(RuleIntrinsicWrite, int(e.Loc.Start), "this changes %s, a built-in every script shares: the sandbox runs a current Chrome, so nothing needs a polyfill, and a changed built-in makes innocent reads, loops and comparisons run the script's code; write a function of your own instead%s", name, example)
}

// checkIntrinsicTarget judges a member written, defined or deleted
// (target is o.k or o[k]): a member of a built-in, or a global of the
// closed world written as a member of the global object.
func (sp *scriptPass) checkIntrinsicTarget(target esb.Expr) {
	if !on(DefIntrinsicWrite) {
		return
	}
	var obj esb.Expr
	key, known := "", false
	switch x := target.Data.(type) {
	case *esb.EDot:
		obj, key, known = x.Target, x.Name, true
	case *esb.EIndex:
		obj = x.Target
		key, known = sp.indexKey(x.Index)
	default:
		return
	}
	if name, ok := sp.intrinsicObject(obj); ok {
		sp.reportBuiltinChange(target, name, " (const last = a => a[a.length - 1])")
		return
	}
	if known && replaceableGlobal(key) && sp.kindsOf(obj).may(kGlobal) {
		sp.reportGlobalReplaced(target, key)
	}
}

// checkGlobalAssignment judges a global of the closed world assigned by
// name (Math = …, [BigInt] = …, for (JSON of …)).
func (sp *scriptPass) checkGlobalAssignment(e esb.Expr, name string) {
	if on(DefIntrinsicWrite) && replaceableGlobal(name) {
		sp.reportGlobalReplaced(e, name)
	}
}

// replaceableGlobal reports a global of the closed world an assignment
// replaces (undefined, NaN and Infinity cannot be: a module is strict
// code, and assigning them throws).
func replaceableGlobal(name string) bool {
	switch name {
	case "undefined", "NaN", "Infinity":
		return false
	}
	return allowedByName()[name] != nil
}

// reportGlobalReplaced refuses an assignment that replaces the global
// name. Such an assignment where a typeof test says the global is absent
// (if (typeof BigInt === "undefined") BigInt = …) is in code that never
// runs (deadcode.go), and is not judged.
func (sp *scriptPass) reportGlobalReplaced(e esb.Expr, name string) {
	sp.report(RuleIntrinsicWrite, int(e.Loc.Start), "this replaces the global %s: every read of %s in the script is taken for the built-in the sandbox has, and the sandbox runs a current Chrome, so nothing needs a polyfill; give your own value a name of its own (const my%s = …)", name, name, name)
}

// checkPrototypeValue judges a value given to an object as its prototype.
func (sp *scriptPass) checkPrototypeValue(v esb.Expr, how string) {
	if !on(DefIntrinsicWrite) || v.Data == nil || sp.inBundlerHelper {
		// esbuild's __toESM copies a CommonJS module onto an object with
		// the module's prototype; what it returns holds anything for the
		// analysis, so reads from it are judged where they are used.
		return
	}
	if name, ok := sp.intrinsicObject(v); ok && !strings.HasSuffix(name, ".prototype") {
		sp.report(RuleIntrinsicWrite, int(v.Loc.Start), "%s makes %s the prototype, so the object inherits its members, the constructor Function among them: give objects an ordinary object as prototype (a class, or Object.create(null))", how, name)
		return
	}
	if k := sp.kindsOf(v); k.may(kFunc) && k != kAny {
		sp.report(RuleIntrinsicWrite, int(v.Loc.Start), "%s makes a function the prototype, so the object inherits its constructor, Function, which compiles strings: give objects an ordinary object as prototype (a class, or Object.create(null))", how)
	}
}

// checkIntrinsicCall judges the calls that define, set or delete members
// or set a prototype (reached directly, or by .call, .apply and
// Reflect.apply).
func (sp *scriptPass) checkIntrinsicCall(c callee) {
	if len(c.args) == 0 || !has(c.paths, "Object.defineProperty", "Object.defineProperties", "Object.assign",
		"Object.setPrototypeOf", "Object.create", "Reflect.defineProperty", "Reflect.set", "Reflect.deleteProperty",
		"Reflect.setPrototypeOf") {
		return
	}
	if has(c.paths, "Object.create") {
		sp.checkPrototypeValue(c.args[0], "Object.create")
		return
	}
	if name, ok := sp.intrinsicObject(c.args[0]); ok && on(DefIntrinsicWrite) {
		sp.reportBuiltinChange(c.args[0], name, "")
		return
	}
	if has(c.paths, "Object.setPrototypeOf", "Reflect.setPrototypeOf") && len(c.args) >= 2 {
		sp.checkPrototypeValue(c.args[1], "setPrototypeOf")
	}
}

// checkAccessorDefinition judges o.__defineGetter__(…) and
// o.__defineSetter__(…), also through call, apply and Reflect.apply: they
// define a member of the object they are given as this.
func (sp *scriptPass) checkAccessorDefinition(target esb.Expr, args []esb.Expr) {
	if !on(DefIntrinsicWrite) {
		return
	}
	dot, ok := target.Data.(*esb.EDot)
	if !ok {
		return
	}
	var receiver esb.Expr
	switch {
	case accessorDefiner(dot.Name):
		receiver = dot.Target
	case (dot.Name == "call" || dot.Name == "apply") && len(args) > 0 && sp.definesAccessor(dot.Target):
		receiver = args[0]
	case len(args) > 1 && has(sp.resolve(target), "Reflect.apply") && sp.definesAccessor(args[0]):
		receiver = args[1]
	default:
		return
	}
	if name, ok := sp.intrinsicObject(receiver); ok {
		sp.reportBuiltinChange(receiver, name, "")
	}
}

func accessorDefiner(name string) bool {
	return name == "__defineGetter__" || name == "__defineSetter__"
}

// definesAccessor reports e, __defineGetter__ or __defineSetter__ (read
// from anything, or a name given one).
func (sp *scriptPass) definesAccessor(e esb.Expr) bool {
	if dot, ok := e.Data.(*esb.EDot); ok && accessorDefiner(dot.Name) {
		return true
	}
	for _, p := range sp.resolve(e) {
		if accessorDefiner(p[strings.LastIndexByte(p, '.')+1:]) {
			return true
		}
	}
	return false
}

// checkPrototypeAssign judges o.__proto__ = v and F.prototype = v.
func (sp *scriptPass) checkPrototypeAssign(name string, value esb.Expr) {
	switch name {
	case "__proto__":
		sp.checkPrototypeValue(value, "assigning __proto__")
	case "prototype":
		sp.checkPrototypeValue(value, "assigning a constructor's prototype")
	}
}

// checkLiteralPrototype judges __proto__: v in an object literal.
func (sp *scriptPass) checkLiteralPrototype(o *esb.EObject) {
	for i := range o.Properties {
		if p := &o.Properties[i]; isProtoKey(p) {
			sp.checkPrototypeValue(p.ValueOrNil, "__proto__ in an object literal")
		}
	}
}

// Built-in objects as values (js/builtin-value). A write to a built-in is
// found wherever intrinsicObject can name what is written into, and it
// follows a built-in the way reach.go follows a reached value: into local
// names (a declaration, an assignment, a destructured key), into a
// parameter of a local function a call names, and out of a closed
// function by return. So a built-in object may be named, read, called,
// compared, bound, passed or returned along those routes, given to a
// built-in that only reads it or calls it back (arr.map(Number)), or to
// the API, which copies what it is given; anywhere else (stored in an
// object or an array, passed to code the analysis does not follow, given
// as this, spread, thrown) a write to it could not be seen, and it is
// refused.

// builtinObjectPath reports a path that names a built-in object whose
// members the analysis relies on: a namespace (Math, JSON), a constructor
// (String, Intl.NumberFormat) or a prototype (Array.prototype), not a
// method or a constant (Math.max, Math.PI, NaN). The dangerous globals and
// the ones whose members are restricted have rules of their own.
func builtinObjectPath(p string) bool {
	root, rest, _ := strings.Cut(p, ".")
	if g := allowedByName()[root]; g == nil || !builtinName(root) || g.Kind == KindDangerous || len(g.Members) > 0 ||
		root[0] < 'A' || root[0] > 'Z' || root == "NaN" || root == "Infinity" {
		return false
	}
	for rest != "" {
		var seg string
		seg, rest, _ = strings.Cut(rest, ".")
		if seg != "prototype" && !pascalCase(seg) {
			return false
		}
	}
	return true
}

func objectPathEnd(name string) bool {
	return name == "prototype" || name != "" && name[0] >= 'A' && name[0] <= 'Z'
}

// pascalCase: a capital first and a small letter somewhere (NumberFormat),
// which no constant member has (PI, MAX_SAFE_INTEGER).
func pascalCase(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' })
}

// builtinValueRefused reports a use of a value, as the walk gave it (raw),
// through which a built-in object would leave what the analysis follows.
func (sp *scriptPass) builtinValueRefused(raw use, at int32) bool {
	switch raw {
	case useValue:
		return true
	case useArg, useReturn:
		return !sp.reachFollowed(raw, at)
	}
	return false
}

// checkBuiltinValue judges e, at the site being checked, as a built-in
// object that may be handed on.
func (sp *scriptPass) checkBuiltinValue(e esb.Expr) {
	if !sp.builtinValueRefused(sp.siteUse, sp.siteAt) || !on(DefIntrinsicWrite) {
		return
	}
	// No built-in object's path ends in a name that is neither prototype
	// nor capitalised (builtinObjectPath): most member reads stop here.
	switch x := e.Data.(type) {
	case *esb.EDot:
		if !objectPathEnd(x.Name) {
			return
		}
	case *esb.EIndex:
		if key, ok := sp.indexKey(x.Index); ok && !objectPathEnd(key) {
			return
		}
	}
	if sp.takenByBuiltin(e) {
		return
	}
	name, ok := sp.intrinsicObject(e)
	if !ok || !builtinObjectPath(name) {
		return
	}
	what := name + " is"
	if _, ok := e.Data.(*esb.ECall); ok {
		what = "this call may give " + name + ", which is"
	}
	sp.report(RuleBuiltinValue, int(e.Loc.Start), "%s %s here, where the check can no longer see whether it is changed, and the check relies on the built-ins being as the specification says: name it where you use it (%s.…), keep it in a local name, or pass a helper an arrow that calls what it needs", what, reachWords(sp.siteUse), name)
}

// builtinTaker is where an argument goes that may be a built-in object
// handed to code that keeps it from every other: a class's heritage or a
// callee (call nil), or a position of a call of a built-in (takesBuiltin).
type builtinTaker struct {
	call *esb.ECall
	i    int
}

// noteBuiltinTakers records, in the walk, the arguments of c that
// takesBuiltin may let a built-in object through to. The call is judged
// once the walk is done: only then are the bindings and members known.
func (sp *scriptPass) noteBuiltinTakers(c *esb.ECall) {
	dot, ok := c.Target.Data.(*esb.EDot)
	if !ok || !callbackMethods[dot.Name] && !prototypeTakers[dot.Name] {
		return
	}
	for i, a := range c.Args {
		switch a.Data.(type) {
		case *esb.EIdentifier, *esb.EDot:
			sp.noteBuiltinTaker(a, builtinTaker{c, i})
		}
	}
}

func (sp *scriptPass) noteBuiltinTaker(e esb.Expr, t builtinTaker) {
	if sp.builtinTakers == nil {
		sp.builtinTakers = map[int32]builtinTaker{}
	}
	sp.builtinTakers[e.Loc.Start] = t
}

// takenByBuiltin reports e, a built-in object named (what it must be, not
// what it may be: builtinPath), where the walk recorded it as given to
// code that keeps it from every other.
func (sp *scriptPass) takenByBuiltin(e esb.Expr) bool {
	t, ok := sp.builtinTakers[e.Loc.Start]
	if !ok || !builtinObjectPath(sp.builtinPath(e, 0)) {
		return false
	}
	return t.call == nil || sp.takesBuiltin(t.call, t.i)
}

// builtinReceiverOfOwnMember reports X.m.bind(X, …), X.m.call(X, …) and
// X.m.apply(X, …) for X a built-in object named directly: a static
// method given its own object as this, which none of them writes into.
func (sp *scriptPass) builtinReceiverOfOwnMember(target esb.Expr, args []esb.Expr) bool {
	dot, name := sp.boundToGlobal(target, args)
	if dot == nil || !builtinObjectPath(name) {
		return false
	}
	method, ok := dot.Target.Data.(*esb.EDot)
	if !ok || memberNames()[method.Name]&nameInherited != 0 {
		return false // (Math.__defineGetter__.call(Math, …) writes into Math)
	}
	owner, ok := method.Target.Data.(*esb.EIdentifier)
	if !ok {
		return false
	}
	o, _ := sp.lookup(owner.Ref)
	return o != nil && o.Kind == esb.SymbolUnbound && o.OriginalName == name
}

// callbackMethods are the built-in methods that call the function they are
// given first and hand it to no code (a second argument may be given to
// the callback: thisArg, reduce's start); then, replace and replaceAll
// take it second too.
var callbackMethods = wordset.Of("map filter forEach some every find findIndex findLast findLastIndex flatMap reduce " +
	"reduceRight sort toSorted replace replaceAll then catch finally ")

// prototypeTakers are the names of the statics takesBuiltin knows by path.
var prototypeTakers = wordset.Of(
	"from create setPrototypeOf defineProperty defineProperties " +
		"assign deleteProperty ")

// takesBuiltin reports the i-th argument of a call of a built-in that
// hands it to no code: the callback of one of callbackMethods that can
// only be the built-in's; what Array.from reads or maps with; the
// prototype a new object inherits from (checkPrototypeValue judges it);
// or the object a definition writes into (checkIntrinsicCall refuses a
// built-in there) and the descriptors or sources it only reads.
func (sp *scriptPass) takesBuiltin(c *esb.ECall, i int) bool {
	dot := c.Target.Data.(*esb.EDot)
	switch sp.builtinPath(c.Target, 0) {
	case "Array.from":
		return i <= 1
	case "Object.create", "Object.defineProperty", "Object.defineProperties", "Object.assign",
		"Reflect.defineProperty", "Reflect.deleteProperty":
		return true
	case "Object.setPrototypeOf", "Reflect.setPrototypeOf":
		return i <= 1
	}
	switch dot.Name {
	case "replace", "replaceAll", "then":
		if i > 1 {
			return false
		}
	default:
		if i > 0 {
			return false
		}
	}
	if !callbackMethods[dot.Name] {
		return false
	}
	// An array or a string whose methods are the built-ins' (domain.go:
	// without kShadow), or a module with no method of that name.
	return sp.kindsOf(dot.Target).only(kArray|kStr) || sp.onlyBuiltinMember(dot.Name)
}
