package scriptlint

import (
	"fmt"
	"strconv"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
	"github.com/remixlet/remixlet/sandboxapi"
)

// The transfer functions: the kinds (domain.go) of an expression, from the
// kinds of its parts and of the bindings it names. A binding holds the
// union of everything written to it anywhere in the module (its write set,
// bindings.go); one it is given by an operation the analysis does not model
// holds kAny. So the answer is sound by construction: a kind is left out
// only when no run can produce it.
//
// Bindings are solved on demand and kept once final. A binding that
// depends on itself (let n = 0; n = n || x) is iterated until its value no
// longer grows; the bindings met on the way while it was still growing are
// not kept, and are solved again from the final value when asked.

const (
	kindsFresh uint8 = iota
	kindsBusy
	kindsDone
)

// maxKindRounds bounds the iterations of one cycle; the lattice has eleven
// kinds, so a value stops growing long before.
const maxKindRounds = 16

// kindsOf is what e may evaluate to.
func (sp *scriptPass) kindsOf(e esb.Expr) kinds { return sp.kindsDepth(e, 0) }

func (sp *scriptPass) kindsDepth(e esb.Expr, depth int) kinds {
	if depth > maxResolveDepth {
		return kAny
	}
	sp.kindsWork++
	depth++
	switch x := e.Data.(type) {
	case nil, *esb.EUndefined:
		return kUndef
	case *esb.EString:
		return kStr
	case *esb.ENumber:
		return kNum
	case *esb.EBoolean:
		return kBool
	case *esb.ENull:
		return kNull
	case *esb.EBigInt:
		return kBigInt
	case *esb.ERegExp:
		return kObject | kOpen
	case *esb.EArrow, *esb.EFunction, *esb.EClass:
		return kFunc
	case *esb.ENewTarget:
		return kFunc | kUndef
	case *esb.ETemplate:
		if x.TagOrNil.Data == nil || sp.isStringRaw(x.TagOrNil) {
			return kStr
		}
		return kAny
	case *esb.EAnnotation:
		return sp.kindsDepth(x.Value, depth)
	case *esb.EInlinedEnum:
		return sp.kindsDepth(x.Value, depth)
	case *esb.EUnary:
		switch x.Op {
		case esb.UnOpTypeof:
			return kStr
		case esb.UnOpVoid:
			return kUndef
		case esb.UnOpNot, esb.UnOpDelete:
			return kBool
		}
		return kNumeric
	case *esb.EBinary:
		return sp.kindsBinary(x, depth)
	case *esb.EIf:
		return sp.kindsDepth(x.Yes, depth) | sp.kindsDepth(x.No, depth)
	case *esb.EArray:
		k := kArray
		for _, item := range x.Items {
			if s, ok := item.Data.(*esb.ESpread); ok {
				if !sp.iterated(sp.kindsDepth(s.Value, depth), depth).isData() {
					k |= kOpen
				}
				continue
			}
			if _, ok := item.Data.(*esb.EMissing); ok {
				continue
			}
			if !sp.kindsDepth(item, depth).isData() {
				k |= kOpen
			}
		}
		return k
	case *esb.EObject:
		return sp.kindsObject(x, depth)
	case *esb.EAwait:
		return sp.kindsAwait(x.Value, depth)
	case *esb.ENew:
		if name, ok := sp.directGlobal(x.Target); ok && name != "Proxy" && allowedByName()[name] != nil {
			if name == "Object" && len(x.Args) > 0 {
				// new Object(v) hands back v when it is an object (a
				// function among them), and boxes a primitive.
				if hasSpreadItem(x.Args) {
					return kAny
				}
				k := sp.kindsDepth(x.Args[0], depth)
				if k.may(kPrimitive) {
					k = k&^kPrimitive | kObject | kOpen
				}
				return k
			}
			return kObject | kOpen // a built-in's instance: its members are the built-in's methods
		}
		if k, ok := sp.newOfLocal(x.Target, depth); ok {
			return k // an instance of the script's own constructor (instances.go)
		}
		return kAny // another constructor may return anything
	case *esb.ECall:
		return sp.kindsCall(x, depth)
	case *esb.EDot:
		if x.Name == "length" {
			if t := sp.kindsDepth(x.Target, depth); t.only(kStr | kArray | kOpen | kShadow | kUndef | kNull) {
				return kNum // a string's or an array's length is always a number
			}
			return kAny
		}
		if x.Name == "constructor" || x.Name == "__proto__" {
			return kAny | kReach
		}
		class := memberNames()[x.Name] // (one lookup for the tables of names)
		if class&nameWellKnownSymbol != 0 && sp.maybeGlobalObject(x.Target) {
			if name, ok := sp.directGlobal(x.Target); ok && name == "Symbol" {
				return kSymbol // Symbol is frozen for the analysis (js/intrinsic-write)
			}
		}
		if class&nameInherited != 0 {
			return kAny
		}
		if isGlobalObjectName(x.Name) && sp.globalFollowed && sp.kindsDepth(x.Target, depth).may(kGlobal) {
			return kAny | kGlobal // window.self
		}
		if x.Name == "prototype" && sp.namesFunction(x.Target) {
			return kAny | kReach // Function.prototype: a function whose constructor is Function
		}
		t := sp.kindsDepth(x.Target, depth)
		if x.Name == "prototype" && t.only(kFunc|kUndef) {
			// A function's prototype is an ordinary object (one set to a
			// function is refused: js/intrinsic-write), or undefined.
			return kObject | kOpen | kShadow | kUndef
		}
		if x.Name == "prototype" && t.may(kReach) {
			return kAny | kReach // Function.prototype, and kin
		}
		return sp.memberKinds(x.Name, t, depth)
	case *esb.EIndex:
		key, ok := sp.indexKey(x.Index)
		if ok && !prototypeMember()[key] {
			return sp.memberKinds(key, sp.kindsDepth(x.Target, depth), depth)
		}
		if ok && key != "constructor" && key != "__proto__" {
			return kAny
		}
		if ok || sp.unknownKeyMayReach(x, depth) {
			return kAny | kReach
		}
		return kAny
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil {
			return kAny
		}
		if s.Kind == esb.SymbolUnbound {
			return globalKinds(s.OriginalName)
		}
		if s.Kind == esb.SymbolArguments {
			// A module is strict code: arguments is an ordinary object
			// (Object.prototype its prototype, callee a getter that
			// throws) holding what the call was given, and a reached value
			// is never given to a function that reads it (reach.go).
			return kObject | kOpen | kShadow
		}
		return sp.symbolKinds(info, depth)
	}
	return kAny
}

// wellKnownSymbols are the members of Symbol that are symbols.
var wellKnownSymbols = wordset.Of("asyncIterator hasInstance isConcatSpreadable iterator match matchAll replace search " +
	"species split toPrimitive toStringTag unscopables dispose asyncDispose ")

// iterated is what iterating a value of kinds k yields.
func (sp *scriptPass) iterated(k kinds, depth int) kinds {
	switch {
	case k.only(kStr):
		return kStr
	case k.only(kArray | kObject):
		// An array of data iterates its elements (elementOf; a data object
		// is not iterable: spreading it throws).
		return sp.elementOf(k, depth)
	}
	return kAny
}

// globalKinds is what a global name may hold.
func globalKinds(name string) kinds {
	switch name {
	case "undefined":
		return kUndef
	case "NaN", "Infinity":
		return kNum
	}
	switch g := allowedByName()[name]; {
	case g == nil:
		return kAny
	case g.Kind == KindGlobalObject:
		return kObject | kOpen | kGlobal
	case namespaces[name] || name == "location" || name == "crypto":
		return kObject | kOpen // Math, JSON, Intl, rmx, …: members are functions and numbers
	}
	return kFunc // Object, Array, parseInt, …
}

func (sp *scriptPass) isStringRaw(tag esb.Expr) bool {
	for _, p := range sp.resolve(tag) {
		if p != "String.raw" {
			return false
		}
	}
	return len(sp.resolve(tag)) > 0
}

func (sp *scriptPass) kindsBinary(x *esb.EBinary, depth int) kinds {
	switch x.Op {
	case esb.BinOpComma, esb.BinOpAssign:
		return sp.kindsDepth(x.Right, depth)
	case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing, esb.BinOpLogicalOrAssign, esb.BinOpNullishCoalescingAssign:
		return sp.kindsDepth(x.Left, depth) | sp.kindsDepth(x.Right, depth)
	case esb.BinOpLogicalAnd, esb.BinOpLogicalAndAssign:
		// The left is the result only when it is falsy: never an object.
		return sp.kindsDepth(x.Left, depth)&kFalsy | sp.kindsDepth(x.Right, depth)
	case esb.BinOpAdd, esb.BinOpAddAssign:
		l, r := sp.kindsDepth(x.Left, depth), sp.kindsDepth(x.Right, depth)
		switch {
		case l.only(kNum|kBool|kNull|kUndef) && r.only(kNum|kBool|kNull|kUndef):
			return kNum
		case l.only(kNumeric|kBool|kNull|kUndef) && r.only(kNumeric|kBool|kNull|kUndef):
			return kNumeric // a BigInt added to anything but a BigInt throws
		case l.only(kStr) || r.only(kStr):
			return kStr
		}
		return kStr | kNumeric // + gives a primitive, whatever it adds
	case esb.BinOpSub, esb.BinOpMul, esb.BinOpDiv, esb.BinOpRem, esb.BinOpPow, esb.BinOpShl, esb.BinOpShr,
		esb.BinOpUShr, esb.BinOpBitwiseAnd, esb.BinOpBitwiseOr, esb.BinOpBitwiseXor,
		esb.BinOpSubAssign, esb.BinOpMulAssign, esb.BinOpDivAssign, esb.BinOpRemAssign, esb.BinOpPowAssign,
		esb.BinOpShlAssign, esb.BinOpShrAssign, esb.BinOpUShrAssign, esb.BinOpBitwiseAndAssign,
		esb.BinOpBitwiseOrAssign, esb.BinOpBitwiseXorAssign:
		return kNumeric
	}
	return kBool // comparisons, in, instanceof
}

// kindsObject: an object literal is an object of data when every value is
// data; its __proto__ key (not computed, not shorthand) sets its
// prototype, and a prototype that may be a function makes it one.
func (sp *scriptPass) kindsObject(x *esb.EObject, depth int) kinds {
	k := kObject
	for i := range x.Properties {
		p := &x.Properties[i]
		switch {
		case p.Kind == esb.PropertySpread:
			// Own members are copied (a getter's result among them).
			if !sp.kindsDepth(p.ValueOrNil, depth).isData() {
				k |= kOpen
			}
			continue
		case p.Kind.IsMethodDefinition() || p.Kind == esb.PropertyGetter || p.Kind == esb.PropertySetter:
			k |= kOpen
			continue
		}
		if isProtoKey(p) {
			proto := sp.kindsDepth(p.ValueOrNil, depth)
			if proto.may(kFunc) {
				k |= kFunc
			}
			if !proto.isData() {
				k |= kOpen
			}
			continue
		}
		if !sp.kindsDepth(p.ValueOrNil, depth).isData() {
			k |= kOpen
		}
	}
	return k
}

// isProtoKey reports the property of an object literal that sets its
// prototype: __proto__: value, not computed and not shorthand.
func isProtoKey(p *esb.Property) bool {
	if p.Kind != esb.PropertyField || p.Flags.Has(esb.PropertyIsComputed) || p.Flags.Has(esb.PropertyWasShorthand) {
		return false
	}
	s, ok := p.Key.Data.(*esb.EString)
	return ok && esb.UTF16ToString(s.Value) == "__proto__"
}

// kindsAwait: awaiting a primitive gives it back; awaiting an object may
// call its then, unless it is data (no member is a function).
func (sp *scriptPass) kindsAwait(v esb.Expr, depth int) kinds {
	if c, ok := v.Data.(*esb.ECall); ok {
		if k, ok := sp.apiResult(c); ok {
			return k
		}
		if dot, ok := c.Target.Data.(*esb.EDot); ok && dot.Name == "json" && len(c.Args) == 0 && sp.isFetchResponse(dot.Target, depth) {
			return kData // the body of an rmx.fetch response, parsed
		}
	}
	k := sp.kindsDepth(v, depth)
	if k.isData() {
		return k
	}
	return kAny | k&(kReach|kGlobal) // neither a reached value nor the global object is a thenable the script wrote
}

// apiResult is what the promise of an rmx or dom call resolves to: data
// (rmx.storage.get) or data and handles, never a function.
func (sp *scriptPass) apiResult(c *esb.ECall) (kinds, bool) {
	return apiResultOf(sp.resolve(c.Target))
}

// apiResultOf is apiResult for a callee resolved to paths.
func apiResultOf(paths []string) (kinds, bool) {
	if len(paths) == 0 {
		return 0, false
	}
	var k kinds
	for _, p := range paths {
		switch {
		case p == "rmx.storage.get":
			k |= kData
		case strings.HasPrefix(p, "rmx.") || strings.HasPrefix(p, "dom."):
			if _, member := sandboxapi.Lookup(p); !member {
				return 0, false // (rmx.log.valueOf: a built-in's, of an API function)
			}
			k |= kData | kOpen
		default:
			return 0, false
		}
	}
	return k, true
}

// isFetchResponse reports a value that is only ever an awaited rmx.fetch
// response (whose json() is the sandbox's, not the script's).
func (sp *scriptPass) isFetchResponse(e esb.Expr, depth int) bool {
	if depth > maxResolveDepth {
		return false
	}
	switch x := e.Data.(type) {
	case *esb.EAwait:
		c, ok := x.Value.Data.(*esb.ECall)
		if !ok {
			return false
		}
		paths := sp.resolve(c.Target)
		return len(paths) == 1 && paths[0] == "rmx.fetch"
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || info.anyWrite || info.updated || info.handedOn || len(info.sources) == 0 || info.resolving {
			return false
		}
		info.resolving = true
		defer func() { info.resolving = false }()
		for _, src := range info.sources {
			if src.bad || src.elems || len(src.keys) > 0 || !sp.isFetchResponse(src.expr, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// kindsCall is what a call returns, for the built-ins the analysis models.
func (sp *scriptPass) kindsCall(c *esb.ECall, depth int) kinds {
	return sp.kindsCallModel(c, depth) | sp.callReach(c, depth)
}

func (sp *scriptPass) kindsCallModel(c *esb.ECall, depth int) kinds {
	if rec := sp.calleeRecord(c.Target); rec != nil && !rec.wrapped && sp.closed(rec) {
		// Only these calls take what it returns (reach.go: closed); it
		// may also end without a return.
		switch {
		case len(rec.ret.sources) == 0:
			return kUndef
		case sp.overBudget():
			return kAny | sp.candidateReach(sp.returnsCandidate(rec))
		}
		return sp.symbolKinds(&rec.ret, depth) | kUndef
	}
	dot, isDot := c.Target.Data.(*esb.EDot)
	if isDot {
		switch dot.Name {
		case "bind":
			return kFunc
		}
		if k, ok := sp.methodResult(dot, c, depth); ok {
			return k
		}
	}
	paths := sp.resolve(c.Target)
	if k, ok := apiResultOf(paths); ok {
		return k | kObject | kOpen // a promise, or a handle
	}
	if has(paths, "Object.getPrototypeOf", "Reflect.getPrototypeOf") && len(c.Args) > 0 && sp.mayBeFunctionDepth(c.Args[0], depth) ||
		has(paths, "Reflect.get") && len(c.Args) > 1 && sp.mayBeFunctionDepth(c.Args[0], depth) && sp.keyMayBeConstructor(c.Args[1]) {
		return kAny | kReach
	}
	if has(paths, "Object.create") && len(c.Args) > 0 {
		if sp.kindsDepth(c.Args[0], depth).may(kFunc) {
			return kAny
		}
		return kObject | kOpen | kShadow
	}
	if len(paths) == 0 {
		p, ok := sp.globalMember(c.Target)
		if _, isName := c.Target.Data.(*esb.EIdentifier); !ok && isName {
			// A global of the closed world called by name: the built-in
			// (an assignment replacing it is refused).
			if name, unbound := sp.directGlobal(c.Target); unbound && allowedByName()[name] != nil {
				p, ok = name, true
			}
		}
		if !ok {
			return kAny
		}
		paths = []string{p}
	}
	var k kinds
	for _, p := range paths {
		r, ok := builtinResult(p, len(c.Args))
		if !ok {
			return kAny
		}
		k |= r
	}
	return k
}

// globalMember names a member of an allowed global written out (JSON.parse,
// Math.max): resolve follows only the globals the checks look for.
func (sp *scriptPass) globalMember(e esb.Expr) (string, bool) {
	dot, ok := e.Data.(*esb.EDot)
	if !ok {
		return "", false
	}
	id, ok := dot.Target.Data.(*esb.EIdentifier)
	if !ok {
		return "", false
	}
	s, _ := sp.lookup(id.Ref)
	if s == nil || s.Kind != esb.SymbolUnbound || allowedByName()[s.OriginalName] == nil {
		return "", false
	}
	return s.OriginalName + "." + dot.Name, true
}

// builtinResult is what a call of the global function at path returns.
func builtinResult(p string, nargs int) (kinds, bool) {
	switch p {
	case "JSON.parse":
		if nargs <= 1 {
			return kData, true // without a reviver, JSON is data
		}
	case "JSON.stringify":
		return kStr | kUndef, true
	case "BigInt", "BigInt.asIntN", "BigInt.asUintN":
		return kBigInt, true
	case "Number", "parseInt", "parseFloat", "Date.now", "Number.parseInt", "Number.parseFloat":
		return kNum, true
	case "Boolean", "isNaN", "isFinite", "Array.isArray", "Number.isInteger", "Number.isFinite",
		"Number.isNaN", "Number.isSafeInteger", "Object.is":
		return kBool, true
	case "String", "encodeURIComponent", "encodeURI", "decodeURIComponent", "decodeURI", "escape",
		"unescape", "atob", "btoa", "String.fromCharCode", "String.fromCodePoint", "String.raw":
		return kStr, true
	case "Object.keys", "Object.getOwnPropertyNames":
		return kArray, true
	case "Symbol", "Symbol.for":
		return kSymbol, true
	case "Object.values", "Object.entries", "Array.from", "Array.of":
		return kArray | kOpen, true
	}
	if strings.HasPrefix(p, "Math.") {
		return kNum, true
	}
	return 0, false
}

// methodResult is what a method of a string or an array returns, when
// the receiver may only be strings and arrays (whose methods are the
// built-ins': their prototypes are frozen, and ownMemberWritten says
// whether the script may have given an array an own member of the name).
func (sp *scriptPass) methodResult(dot *esb.EDot, c *esb.ECall, depth int) (kinds, bool) {
	recv := sp.kindsDepth(dot.Target, depth)
	if patternDispatch[dot.Name] && len(c.Args) > 0 && !sp.plainPattern(c.Args[0], depth) {
		// "a".split(o) is what o[Symbol.split] returns, and o's may be the
		// script's own method.
		return 0, false
	}
	switch {
	case recv.only(kStr | kNum | kBool):
		if r, ok := stringMethodResult[dot.Name]; ok {
			return r, true
		}
	case recv.only(kArray|kOpen) && recv.may(kArray) && !sp.ownMemberWritten(dot.Name, kArray|kShadow) &&
		(!speciesMethods[dot.Name] || !sp.ownMemberWritten("constructor", kArray|kShadow)) &&
		(dot.Name != "toString" || !sp.ownMemberWritten("join", kArray|kShadow)): // (toString calls this.join())
		r, ok := arrayMethodResult[dot.Name]
		if !ok {
			return 0, false
		}
		if r == kElement {
			if recv.isData() {
				return kData, true
			}
			return kAny, true
		}
		if r&kOpen != 0 && recv.isData() && arrayKeepsData[dot.Name] {
			r &^= kOpen
		}
		return r, true
	}
	if stringOnlyMethods[dot.Name] && !sp.collecting && sp.onlyBuiltinMemberDepth(dot.Name, depth) {
		// Whatever the receiver, the method is String.prototype's, which
		// returns what it returns for a string, or the call throws.
		return stringMethodResult[dot.Name], true
	}
	return 0, false
}

// patternDispatch are the string methods that hand the call to their first
// argument's method under a well-known symbol (Symbol.split, .replace,
// .match, .matchAll, .search) when it has one: what they return is then
// what that method returns.
var patternDispatch = wordset.Of("split replace replaceAll match matchAll search")

// plainPattern reports a first argument of those methods whose
// well-known-symbol methods are the built-ins': a primitive (only
// objects have methods of their own), a regular expression literal, or a
// constant bound to one that nothing writes into or holds elsewhere
// (RegExp.prototype is frozen: js/intrinsic-write).
func (sp *scriptPass) plainPattern(e esb.Expr, depth int) bool {
	switch e.Data.(type) {
	case *esb.ERegExp:
		return true
	case *esb.EIdentifier:
		if v, ok := unchangedSource(sp.localBinding(e)); ok {
			if _, ok := v.Data.(*esb.ERegExp); ok {
				return true
			}
		}
	}
	return sp.kindsDepth(e, depth).only(kPrimitive)
}

// stringOnlyMethods are the methods that, of all the built-ins and the
// sandbox's API, only String.prototype has (TestStringOnlyMethods holds the
// list to the engine). In a module where no member of the name may hold a
// function of the script's (onlyBuiltinMember), x.trim() calls
// String.prototype.trim, or throws, whatever x may hold.
var stringOnlyMethods = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`charAt charCodeAt codePointAt endsWith isWellFormed localeCompare padEnd
		padStart repeat split startsWith substr substring toLocaleLowerCase toLocaleUpperCase toLowerCase
		toUpperCase toWellFormed trim trimEnd trimLeft trimRight trimStart`) {
		m[n] = true
	}
	return m
}()

// kElement marks the array methods that return one of the elements.
const kElement kinds = 0

var stringMethodResult = func() map[string]kinds {
	m := map[string]kinds{}
	for _, n := range strings.Fields(`at charAt concat normalize padEnd padStart repeat replace replaceAll slice
		substr substring toLowerCase toUpperCase toLocaleLowerCase toLocaleUpperCase toString toWellFormed trim
		trimEnd trimStart trimLeft trimRight toFixed toPrecision toExponential toLocaleString valueOf`) {
		m[n] = kStr | kNum | kBool | kUndef
	}
	for _, n := range strings.Fields(`charCodeAt codePointAt indexOf lastIndexOf localeCompare search`) {
		m[n] = kNum
	}
	for _, n := range strings.Fields(`endsWith includes isWellFormed startsWith`) {
		m[n] = kBool
	}
	m["split"] = kArray
	m["match"] = kArray | kNull | kOpen // its groups object among the elements
	return m
}()

var arrayMethodResult = func() map[string]kinds {
	m := map[string]kinds{}
	for _, n := range strings.Fields(`indexOf lastIndexOf findIndex findLastIndex push unshift`) {
		m[n] = kNum
	}
	for _, n := range strings.Fields(`includes some every`) {
		m[n] = kBool
	}
	for _, n := range strings.Fields(`join toString toLocaleString`) {
		m[n] = kStr
	}
	for _, n := range strings.Fields(`map filter slice concat flat flatMap reverse sort toSorted toReversed toSpliced with splice fill copyWithin`) {
		m[n] = kArray | kOpen
	}
	for _, n := range strings.Fields(`find findLast at pop shift`) {
		m[n] = kElement
	}
	m["forEach"] = kUndef
	return m
}()

// speciesMethods are the array methods that make their result with the
// receiver's constructor[Symbol.species] (ArraySpeciesCreate): an array's
// own constructor member, if the script wrote one, makes it.
var speciesMethods = wordset.Of("map filter slice concat flat flatMap splice")

// arrayKeepsData are the array methods whose result holds only elements
// of the receiver (so data stays data), given data arguments.
var arrayKeepsData = wordset.Of("filter slice reverse sort toSorted toReversed flat")

// symbolKinds solves a binding: the union of its write set.
func (sp *scriptPass) symbolKinds(info *symInfo, depth int) kinds {
	switch info.kstate {
	case kindsDone:
		return info.kv
	case kindsBusy:
		sp.kindsLow = min(sp.kindsLow, info.kdepth)
		return info.kv
	}
	if sp.kindsStack == 0 {
		sp.kindsLow = 1 << 30
	}
	replay := sp.kindsReplayable(info, depth)
	if replay {
		sp.kindsReplays++
	}
	if replay && !verifyKindsMemo {
		sp.kindsWork += int(info.km.work)
		sp.kindsLow = min(sp.kindsLow, info.km.low)
		return info.kv
	}
	parent, epoch, work := sp.kindsFrame, sp.kindsEpoch, sp.kindsWork
	sp.kindsSerial++
	sp.kindsFrame = sp.kindsSerial
	info.kstate = kindsBusy
	sp.kindsStack++
	info.kdepth = sp.kindsStack
	outerLow := sp.kindsLow
	sp.solveRounds(&info.kv, info.kdepth, func(k kinds) kinds { return k | sp.writeSetKinds(info, depth) })
	low := sp.kindsLow
	sp.kindsStack--
	sp.kindsFrame = parent
	if low >= info.kdepth {
		info.kstate = kindsDone
		sp.kindsEpoch++
		if replay {
			panic("kinds replay of " + info.sym.OriginalName + " differs: the binding is final")
		}
	} else {
		info.kstate = kindsFresh // solved again once the binding it waits on is
		if replay {
			sp.checkKindsReplay(info, work, low)
		}
		sp.noteKindsSolve(info, depth, parent, epoch, work, low)
	}
	sp.kindsLow = min(outerLow, low)
	return info.kv
}

// forgetSolved returns every value the solver keeps to unsolved, and
// every lazy answer that rests on one to unasked: they are worked out
// again when asked. A kept value is never wrong, only wider than it need
// be once an assumption made while it was solved turns out false
// (prototypesMayBeFunctions); nothing is being solved when this is called.
func (sp *scriptPass) forgetSolved() {
	forget := func(info *symInfo) {
		info.kv, info.kstate, info.km = 0, kindsFresh, kindsMemo{}
		info.keyHarmless, info.memoAPI, info.cand = 0, 0, 0
		info.intrinsic = intrinsicMark{}
	}
	for i := range sp.infos {
		forget(&sp.infos[i])
	}
	for _, rec := range sp.fnRecs {
		forget(&rec.ret)
		rec.cand, rec.intrinsic = 0, intrinsicMark{}
	}
	for _, m := range sp.byName {
		m.kv, m.state = 0, 0
	}
	sp.unknownKey.kv, sp.unknownKey.state = 0, 0
	sp.elements.kv, sp.elements.state = 0, 0
	sp.inheritsFunc, sp.unshadows = 0, 0
	sp.unknownKeyWritesChecked, sp.unknownWriteTargets = false, 0
	sp.kindsEpoch++
}

// solveRounds solves, in rounds, a value at kdepth on the solver's stack
// that may depend on itself: each round gives round what *kv holds so far
// and keeps what it returns (at least that), until a round adds nothing,
// or it waits on one further out (kindsLow below kdepth), or maxKindRounds
// have passed (then anything). A round that starts from anything may stop
// early: what it skips is work the budget (overBudget) would count.
func (sp *scriptPass) solveRounds(kv *kinds, kdepth int32, round func(kinds) kinds) {
	for n := 0; ; n++ {
		sp.kindsLow = int32(1 << 30)
		prev := *kv
		v := round(prev)
		grew := v != prev
		*kv = v
		if grew {
			sp.kindsEpoch++
		}
		if sp.kindsLow < kdepth || !grew || sp.kindsLow > kdepth {
			return // final, or waiting for a binding further out
		}
		if n == maxKindRounds {
			*kv = kAny
			return
		}
	}
}

// The replay of a binding solved again. A binding that waits on one
// further out (a cycle through it) is solved again each time it is asked
// until that one is final, and the same question is often asked many
// times by the same binding in one round. When nothing the solver reads
// has changed since the last time (no value grew, no binding became
// final, no lazy table was filled: kindsEpoch), and it is asked by the
// same solve (kindsFrame: the same bindings in progress below it) at the
// same depth, solving it again would do exactly what the last solve did:
// give the same value, wait on the same binding, and count the same work
// (which is replayed, so the budget is reached exactly where it was).
type kindsMemo struct {
	epoch, frame uint32 // kindsEpoch and kindsFrame of the last solve
	work, low    int32  // the work it counted, the binding it waited on
	depth        int16
	// budget: 0 none kept, 1 the solve was under the budget throughout,
	// 2 over it throughout.
	budget uint8
}

// verifyKindsMemo makes every replay solve again and compare (tests).
var verifyKindsMemo = false

// kindsReplayable reports whether solving info again would repeat its
// last solve.
func (sp *scriptPass) kindsReplayable(info *symInfo, depth int) bool {
	m := &info.km
	if m.budget == 0 || m.epoch != sp.kindsEpoch || m.frame != sp.kindsFrame || int(m.depth) != depth {
		return false
	}
	if m.budget == 1 {
		return sp.kindsWork+int(m.work) <= sp.kindsBudget
	}
	return sp.kindsWork > sp.kindsBudget
}

// noteKindsSolve keeps what a solve that ended waiting did, when nothing
// changed while it ran (so that solving it again from here would repeat it).
func (sp *scriptPass) noteKindsSolve(info *symInfo, depth int, parent, epoch uint32, work int, low int32) {
	m := &info.km
	m.budget = 0
	if epoch != sp.kindsEpoch || depth > 1<<14 {
		return
	}
	if sp.kindsBudget == 0 {
		sp.overBudget() // sets the budget
	}
	switch {
	case sp.kindsWork <= sp.kindsBudget:
		m.budget = 1
	case work > sp.kindsBudget:
		m.budget = 2
	default:
		return // the budget was reached during it
	}
	m.epoch, m.frame, m.depth = epoch, parent, int16(depth)
	m.work, m.low = int32(sp.kindsWork-work), low
}

// checkKindsReplay holds a replay to the solve it stands for (tests).
func (sp *scriptPass) checkKindsReplay(info *symInfo, work int, low int32) {
	m := &info.km
	if sp.kindsEpoch != m.epoch || int32(sp.kindsWork-work) != m.work || low != m.low {
		panic(fmt.Sprintf("kinds replay of %s differs: epoch %d/%d work %d/%d low %d/%d",
			info.sym.OriginalName, sp.kindsEpoch, m.epoch, sp.kindsWork-work, m.work, low, m.low))
	}
}

// writeSetKinds is the union of what the write set of a binding holds.
func (sp *scriptPass) writeSetKinds(info *symInfo, depth int) kinds {
	entry := sp.overwrittenOnEntry(info, depth) // (what its calls give it is left out)
	switch {
	case info.resolver && len(info.sources) == 0:
		return kFunc // a Promise executor's resolve or reject
	case sp.directEval:
		return kAny
	case info.proxyTarget != nil && len(info.sources) == 0 && info.anyWrites == 1 && !info.updated:
		return sp.kindsDepth(*info.proxyTarget, depth) // (noteProxyTraps)
	case info.proxyKey && len(info.sources) == 0 && info.anyWrites == 1 && !info.updated:
		return kStr | kSymbol
	case info.replacer != nil && len(info.sources) == 0 && info.anyWrites == 1 && !info.updated:
		if k, ok := sp.replacerKinds(info, depth); ok {
			return k
		}
		return kAny | sp.paramReach(info, depth)
	case info.anyWrite && (info.paramOf == nil || info.otherAny) && !entry:
		// What calls the analysis does not see give a parameter is
		// anything but a reached value (reach.go); its own writes may be.
		k := kAny | sp.paramReach(info, depth)
		for _, src := range info.sources {
			if k.may(kReach) {
				break
			}
			if !src.bad && !src.elems {
				k |= sp.kindsPath(src.expr, src.keys, depth) & kReach
			}
		}
		return k
	}
	k := info.extraKinds
	if info.paramOf != nil && !entry {
		k |= sp.paramKinds(info, depth)
	}
	switch {
	case info.fn != "":
		k |= kFunc
	case len(info.sources) == 0 && k == 0:
		return kAny // no write the analysis saw: it cannot say
	}
	if info.updated {
		k |= kNumeric
	}
	for i := range info.sources {
		src := &info.sources[i] // (not copied: most bindings are solved more than once)
		if src.bad {
			return kAny
		}
		if src.elems {
			k |= sp.iterated(sp.kindsDepth(src.expr, depth), depth)
			continue
		}
		v := sp.kindsPath(src.expr, src.keys, depth)
		if v.may(kReach|kGlobal) && len(src.keys) == 0 && sp.provedPrimitiveAt(src.expr, src.guard) {
			v &= kPrimitive // (if (typeof v === "string") state = v)
		}
		k |= v
	}
	if k.may(kArray | kObject | kFunc) {
		if info.mutated {
			k |= kOpen // changed in place, or handed to code that may write into it
		}
		if info.handedOn {
			k |= kShadow
		}
		if info.aliased && k.may(kArray|kObject) {
			k |= kOpen | kShadow // written, maybe, through the other reference
		}
		for _, v := range info.memberSources {
			if !sp.kindsDepth(v, depth).isData() {
				k |= kOpen
				break
			}
		}
	}
	if info.protoWritten || sp.prototypeSetThroughKey(info) {
		k |= kFunc | kOpen
	}
	return k
}

// kindsPath is what expr[keys[0]][keys[1]]… may hold (a destructuring
// source and the path taken from it).
func (sp *scriptPass) kindsPath(expr esb.Expr, keys []string, depth int) kinds {
	for len(keys) > 0 {
		switch x := expr.Data.(type) {
		case *esb.EArray:
			i, err := strconv.Atoi(keys[0])
			if err != nil || i < 0 {
				return kAny
			}
			if i >= len(x.Items) {
				if hasSpreadItem(x.Items) {
					return kAny
				}
				return kUndef
			}
			if _, spread := x.Items[i].Data.(*esb.ESpread); spread || hasSpreadItem(x.Items[:i]) {
				return kAny
			}
			expr, keys = x.Items[i], keys[1:]
			continue
		case *esb.EObject:
			if v, ok := sp.objectProperty(x, keys[0]); ok && !hasSpreadProperty(x) {
				expr, keys = v, keys[1:]
				continue
			}
		}
		k := sp.kindsDepth(expr, depth)
		for _, key := range keys {
			if prototypeMember()[key] {
				return kAny
			}
			k = sp.memberKinds(key, k, depth)
		}
		return k
	}
	return sp.kindsDepth(expr, depth)
}

func hasSpreadItem(items []esb.Expr) bool {
	for _, it := range items {
		if _, ok := it.Data.(*esb.ESpread); ok {
			return true
		}
	}
	return false
}

func hasSpreadProperty(o *esb.EObject) bool {
	for i := range o.Properties {
		if o.Properties[i].Kind == esb.PropertySpread || o.Properties[i].Kind == esb.PropertyGetter {
			return true
		}
	}
	return false
}

// The questions the checks ask.

// mayBeFunction reports whether e may hold a function, or an object one
// read away from a function's constructor.
func (sp *scriptPass) mayBeFunction(e esb.Expr) bool { return sp.mayBeFunctionDepth(e, 0) }

func (sp *scriptPass) mayBeFunctionDepth(e esb.Expr, depth int) bool {
	k := sp.kindsDepth(e, depth)
	return k.may(kFunc|kReach) || k.may(kArray|kObject) && sp.prototypesMayBeFunctions() && !(sp.protoByKeyOnly && sp.literalHeldAlone(e))
}

// unknownKeyMayReach reports whether target[index], with a key the check
// cannot decide, may reach Function: the key may be "constructor" and the
// target a function, unless the key is one of the target's own
// (ownkeys.go) and the target no reached value (whose own constructor
// may be Function), or a test around the read proves the key own or the
// target no function.
func (sp *scriptPass) unknownKeyMayReach(x *esb.EIndex, depth int) bool {
	if !sp.keyMayBeConstructor(x.Index) || !sp.mayBeFunctionDepth(x.Target, depth) {
		return false
	}
	if sp.ownKeyRead(x) && !sp.kindsDepth(x.Target, depth).may(kReach|kGlobal) {
		return false
	}
	return !sp.ownKeyGuarded(x) && !sp.notFunctionGuarded(x)
}

// kNonText are the primitives whose text starts with neither c nor _ and
// ends with neither r nor _ (a number's, a bigint's, true, false, null,
// undefined): joined to anything, they never make constructor or
// __proto__.
const kNonText = kNumeric | kBool | kNull | kUndef

// keyMayBeConstructor reports whether a key the check cannot fold may
// still be "constructor" or "__proto__": not a number (nor a boolean, null
// or undefined), and not a string whose known parts rule it out.
func (sp *scriptPass) keyMayBeConstructor(k esb.Expr) bool {
	if k.Data == nil {
		return true
	}
	if sp.kindsOf(k).only(kNumeric | kUndef | kNull | kBool | kSymbol) {
		return false
	}
	if x, ok := k.Data.(*esb.EBinary); ok && x.Op == esb.BinOpAdd &&
		(sp.kindsOf(x.Left).only(kNonText) || sp.kindsOf(x.Right).only(kNonText)) {
		// base + i: a number, or a text that starts or ends with a
		// primitive's (digits, NaN, Infinity, true, false, null,
		// undefined), which neither name does.
		return false
	}
	v := sp.fold(k)
	if v.isStr && strings.Contains(v.s, unknownMark) {
		return globMatch(v.s, "constructor") || globMatch(v.s, "__proto__")
	}
	return !sp.keyHoldsOnlyHarmless(k)
}

// keyHoldsOnlyHarmless reports a key every value of which the sinks' walk
// reads (sinkvalues.go: a binding's writes, the members of constant
// objects, the elements of literal arrays, for-of heads over them), none
// of them constructor or __proto__: transitions[state]?.[event], where
// both only ever hold the table's own strings.
func (sp *scriptPass) keyHoldsOnlyHarmless(k esb.Expr) bool {
	info := sp.localBinding(k)
	if info == nil {
		return false
	}
	switch info.keyHarmless {
	case 1:
		return false
	case 2:
		return true
	}
	info.keyHarmless = 1 // (while it is read, and if it cannot be)
	sp.kindsEpoch++      // the solver reads it (kindsMemo)
	values, ok := sp.mayHoldStrings(k)
	if !ok || len(values) == 0 {
		return false
	}
	for _, v := range values {
		if globMatch(v.s, "constructor") || globMatch(v.s, "__proto__") { // (a known string matches only itself)
			return false
		}
	}
	info.keyHarmless = 2
	sp.kindsEpoch++
	return true
}
