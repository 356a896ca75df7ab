package scriptlint

import (
	esb "github.com/evanw/esbuild/remixletbridge"
)

// Bindings and their write sets. The walk (collecting) records, for every
// binding, everything written to it anywhere in the module: initialisers,
// assignments and compound assignments, destructuring targets and defaults
// (values.go's bindTo and assigned), and here what those leave out:
// for-in and for-of heads, parameters and caught errors (which hold
// anything: the analysis does not follow calls into them), rest elements,
// computed keys, members written through a pattern, prototypes set, and
// every member write of the module (which own members the script may give
// an array). What the walk cannot see written is anything: a binding with
// no write the analysis saw holds kAny.

// valueFlow is the analysis' state on the scriptPass.
type valueFlow struct {
	// kindsLow and kindsStack solve bindings that depend on themselves
	// (symbolKinds).
	kindsLow, kindsStack int32
	// kindsEpoch counts the changes to what the solver reads; kindsFrame
	// is the solve in progress innermost (numbered by kindsSerial).
	kindsEpoch, kindsFrame, kindsSerial uint32
	kindsReplays                        int // (tests)
	// kindsWork counts the expressions whose kinds were asked; past
	// kindsBudget (reach.go: overBudget) the parameters and results of
	// closed functions are no longer followed across calls.
	kindsWork, kindsBudget int
	// memberWrites are every member the module writes: o.k = v, o[k] = v,
	// [o.k] = …, Object.defineProperty(o, k, …), Reflect.set(o, k, v); a
	// nil key is one the text does not say (Object.assign(o, …)).
	memberWrites []memberWrite
	// Built from memberWrites on first use, once the walk is done.
	writesIndexed           bool
	writtenKeys             map[string]bool
	unknownKeyWrites        []memberWrite
	unknownKeyWritesChecked bool
	unknownWriteTargets     kinds // what the writes with keys the text does not decide write into
	// directEval: the module calls eval directly, and the code it runs may
	// assign any binding in scope.
	directEval bool
	// protoSets are the prototypes the module sets (prototypesMayBeFunctions).
	protoSets                     []esb.Expr
	protoSetsChecked, protoUnseen bool
	// protoByKeyOnly: protoUnseen comes only from writes with a key the
	// analysis cannot decide (literalHeldAlone); heldAlone memoizes it.
	protoByKeyOnly bool
	heldAlone      map[*symInfo]bool
	// ownProtoPossible: ownProtoMembersPossible's answer, once checked;
	// protoWritesOf: the writes prototypeSetThroughKey reads, by binding.
	ownProtoChecked, ownProtoPossible bool
	protoWritesOf                     map[*symInfo][]memberWrite
	// namedCallees are the values calls name as callees without calling
	// them directly (noteNamedCallees).
	namedCallees map[esb.E]bool
	apiNamed     uint8 // namesAPI's answers, once scanned
	// caseGuards are the switch cases guarded in the sites (deadcode.go).
	caseGuards []caseGuard
	// foldParams bind a callback's parameters while its body is folded
	// (secretfold.go).
	foldParams []foldParam
	// The search for a built-in being asked, with the bindings and
	// functions it has asked (intrinsics.go).
	intrinsicSerial              int32
	intrinsicLow, intrinsicStack int32
	intrinsicAsked               []*intrinsicMark
	builtinTakers                map[int32]builtinTaker // by an argument's start (noteBuiltinTakers)
	// esbuild's __commonJS helper, and the module wrappers it is given.
	commonJS     *symInfo
	hasCommonJS  bool
	exportHelper *symInfo // esbuild's __export
	// moduleParamInfos are the module wrappers' parameters (moduleParams).
	moduleParamInfos []*symInfo
	// ctorResults are, per constructor newOfLocal reads, what its body
	// returns (a write set).
	ctorResults map[*symInfo]*symInfo
	// exportLiterals are the object literals __export is given inline.
	exportLiterals map[*esb.EObject]bool
	moduleWrappers map[*esb.Fn]bool
	reachState
	fieldState
	keyState
	uncalledState
}

type memberWrite struct {
	target, key esb.Expr
	name        string // for o.name
	// value is what is written (Data nil: the walk does not read it);
	// maker: the Object or Reflect writer that makes it ("" for none),
	// whose values fields.go reads from the call.
	value esb.Expr
	maker string
}

// noteWrittenMember records, in the walk, a member written (target is
// o.k or o[k]) with value (none when the walk does not know it).
func (sp *scriptPass) noteWrittenMember(target, value esb.Expr) {
	switch x := target.Data.(type) {
	case *esb.EDot:
		sp.memberWrites = append(sp.memberWrites, memberWrite{target: x.Target, name: x.Name, value: value})
		if x.Name == "__proto__" {
			sp.notePrototypeSet(x.Target, value)
		}
	case *esb.EIndex:
		sp.memberWrites = append(sp.memberWrites, memberWrite{target: x.Target, key: x.Index, value: value})
		if s, ok := x.Index.Data.(*esb.EString); ok && esb.UTF16ToString(s.Value) == "__proto__" {
			sp.notePrototypeSet(x.Target, value)
		}
	}
}

// notePrototypeSet records, in the walk, an object given a prototype
// (none when the walk does not know it).
func (sp *scriptPass) notePrototypeSet(object, proto esb.Expr) {
	if info := sp.rootSymbol(object); info != nil {
		info.protoWritten = true
	}
	sp.protoSets = append(sp.protoSets, proto)
}

// prototypesMayBeFunctions reports whether the module may give some
// object a prototype that is a function, through a path the analysis
// does not follow (an alias, a parameter, this, a key it cannot decide):
// a value it cannot read, or one js/intrinsic-write refuses. Then every
// object may be one read away from Function.
func (sp *scriptPass) prototypesMayBeFunctions() bool {
	if sp.collecting {
		return true // (asked before every write is seen)
	}
	if !sp.protoSetsChecked {
		sp.decidePrototypes()
	}
	return sp.protoUnseen
}

// decidePrototypes makes, once, right after the walk and before anything
// else asks, the two decisions about prototypes the solver reads: whether
// some object may have an own member named __proto__ holding a function
// (ownProtoMembersPossible), then whether some prototype may be a function
// (prototypesMayBeFunctions). While one is made, asking it gives the
// worst answer: made lazily, in the middle of a solve, a decision would
// read values still being solved and keep a wrong no. When the second is
// no, what was solved while it was being made is solved again.
func (sp *scriptPass) decidePrototypes() {
	sp.protoSetsChecked, sp.protoUnseen = true, true
	sp.ownProtoChecked, sp.ownProtoPossible = true, true
	sp.kindsEpoch++ // the solver may read them (kindsMemo)
	sp.ownProtoPossible = sp.someOwnProtoMember()
	sp.kindsEpoch++
	if sp.protoUnseen = sp.someProtoMayBeFunction(); !sp.protoUnseen {
		sp.forgetSolved() // (what was solved meanwhile assumed a yes)
	}
	sp.kindsEpoch++
}

// someProtoMayBeFunction is prototypesMayBeFunctions' question: a
// prototype set to what may be a function, by __proto__ (written as a
// name, or a key that folds to it), by a key the analysis cannot decide
// when the target is not a freshTarget (prototypeSetThroughKey judges
// those), or by Reflect.set.
func (sp *scriptPass) someProtoMayBeFunction() bool {
	for _, p := range sp.protoSets {
		if p.Data == nil || sp.kindsOf(p).may(kFunc) {
			return true
		}
	}
	sp.indexWrites()
	for _, w := range sp.memberWrites {
		if w.key.Data == nil {
			continue
		}
		if _, known := sp.indexKey(w.key); known && sp.mayWriteFunctionPrototype(w) {
			return true
		}
	}
	for _, w := range sp.setWrites {
		if sp.mayWriteFunctionPrototype(w) {
			return true
		}
	}
	for _, w := range sp.unknownKeyWrites {
		if sp.freshTarget(w.target) == nil && sp.mayWriteFunctionPrototype(w) {
			sp.protoByKeyOnly = true
			return true
		}
	}
	return false
}

// literalHeldAlone reports a binding whose objects a write with a key
// the analysis cannot decide can never reach: every object it holds is a
// literal made where it is bound, every reference to it only reads its
// members, tests, compares or coerces it (readsOnly: it is not stored,
// passed, returned, written into, nor the receiver of a method, which
// would get it as this), and no member of the literal may be a function.
// So only a prototype set some other way could make it inherit from a
// function.
func (sp *scriptPass) literalHeldAlone(e esb.Expr) bool {
	if sp.directEval || sp.exports {
		return false
	}
	info := sp.localBinding(e)
	if info == nil || info.usedOtherwise || info.anyWrite || info.updated || info.fn != "" || len(info.sources) == 0 || info.extraKinds&^kUndef != 0 {
		return false
	}
	if held, ok := sp.heldAlone[info]; ok {
		return held
	}
	if sp.heldAlone == nil {
		sp.heldAlone = map[*symInfo]bool{}
	}
	sp.heldAlone[info] = false // (while it is worked out)
	held := sp.literalsHoldNoFunction(info)
	sp.heldAlone[info] = held
	return held
}

// readsOnly reports a use of a reference that leaves its object where it
// is and calls nothing on it: a member read (with a key known or not), a
// destructuring, a test, a comparison, a coercion.
func readsOnly(u use) bool {
	switch u {
	case useInspect, useTypeof, useDiscard, useMemberSafe, useMemberName, usePattern, useSafePattern, useOfIndex, useWalk:
		return true
	}
	return false
}

// noteReceiver records, in the walk, a local name whose object a method
// is called on with a computed key (o[k]()): the method gets it as this.
func (sp *scriptPass) noteReceiver(target esb.Expr) {
	if info := sp.localBinding(target); info != nil {
		info.usedOtherwise = true
	}
}

// literalsHoldNoFunction reports a binding whose every write is an object
// or array literal with no member that may be a function, no spread, no
// accessor and no __proto__ key.
func (sp *scriptPass) literalsHoldNoFunction(info *symInfo) bool {
	for _, src := range info.sources {
		if src.bad || src.elems || len(src.keys) > 0 {
			return false
		}
		switch x := src.expr.Data.(type) {
		case *esb.EObject:
			for i := range x.Properties {
				p := &x.Properties[i]
				if p.Kind != esb.PropertyField || isProtoKey(p) || sp.kindsOf(p.ValueOrNil).may(kFunc|kReach|kGlobal) {
					return false // a method, an accessor, a spread, a prototype
				}
			}
		case *esb.EArray:
			for _, item := range x.Items {
				if _, spread := item.Data.(*esb.ESpread); spread || sp.kindsOf(item).may(kFunc|kReach|kGlobal) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// freshTarget is the binding a write's target names when every object
// that binding holds is made where it is bound (an object or array
// literal): then every other reference to the object comes from the
// binding, and the binding's own kinds carry what a prototype set on it
// may make (prototypeSetThroughKey). Any other target is nil.
func (sp *scriptPass) freshTarget(target esb.Expr) *symInfo {
	id, ok := target.Data.(*esb.EIdentifier)
	if !ok {
		return nil
	}
	s, info := sp.lookup(id.Ref)
	if s == nil || s.Kind == esb.SymbolUnbound || info.anyWrite || info.updated || info.fn != "" || len(info.sources) == 0 {
		return nil
	}
	if sp.nullPrototypeSet() {
		return nil // (see the literals below)
	}
	for _, src := range info.sources {
		if src.bad || src.elems || len(src.keys) > 0 {
			return nil
		}
		switch x := src.expr.Data.(type) {
		case *esb.EObject:
			for i := range x.Properties {
				if isProtoKey(&x.Properties[i]) {
					// With a null prototype, a write of __proto__ makes an
					// own member of that name, which Object.assign and copies
					// under the same key hand on (mayWriteFunctionPrototype).
					return nil
				}
			}
		case *esb.EArray:
		default:
			return nil // (new F() may give an object F keeps elsewhere)
		}
	}
	return info
}

// nullPrototypeSet reports a module that may set some object's prototype
// to null (Object.setPrototypeOf, a __proto__ write) after it was made.
func (sp *scriptPass) nullPrototypeSet() bool {
	for _, p := range sp.protoSets {
		if p.Data == nil || sp.kindsOf(p).may(kNull) {
			return true
		}
	}
	return false
}

// prototypeSetThroughKey reports a binding (freshTarget) written with a
// key the analysis cannot decide that may set its prototype to a function
// (mayWriteFunctionPrototype): then it may be one read away from Function.
func (sp *scriptPass) prototypeSetThroughKey(info *symInfo) bool {
	if sp.collecting {
		return false // (asked only once the writes are all known)
	}
	if sp.protoWritesOf == nil {
		sp.indexWrites()
		sp.protoWritesOf = map[*symInfo][]memberWrite{}
		for _, w := range sp.unknownKeyWrites {
			if t := sp.freshTarget(w.target); t != nil {
				sp.protoWritesOf[t] = append(sp.protoWritesOf[t], w)
			}
		}
	}
	for _, w := range sp.protoWritesOf[info] {
		if sp.mayWriteFunctionPrototype(w) {
			return true
		}
	}
	return false
}

// mayWriteFunctionPrototype reports a member write whose key may be
// __proto__ and whose value may be a function. A copy of an own member
// under its own key (t[k] = o[k], k an own key of o) may be one only in a
// module that can make an own member named __proto__ holding a function:
// data from outside (JSON.parse, storage) holds only data under it.
//
// Of the reflective writers, Object.assign copies each source's own
// enumerable members under their own keys, so it is such a copy;
// defineProperty and defineProperties make an own member named __proto__
// (ownProtoMembersPossible counts it) and never set a prototype; what
// Reflect.set writes is judged from setWrites, which hold its value.
func (sp *scriptPass) mayWriteFunctionPrototype(w memberWrite) bool {
	switch w.maker {
	case "assign":
		return sp.ownProtoMembersPossible()
	case "defineProperty", "defineProperties", "set":
		return false
	}
	// The key first: of the keys it can fold only __proto__ sets a
	// prototype, and the value's kinds are asked only of the rest.
	known := false
	if w.key.Data != nil {
		var k string
		if k, known = sp.indexKey(w.key); known && k != "__proto__" {
			return false
		}
	}
	if w.value.Data != nil && !sp.kindsOf(w.value).may(kFunc) {
		return false
	}
	if w.key.Data == nil || known {
		return true
	}
	if !sp.keyMayBeConstructor(w.key) {
		return false
	}
	return !sp.readsUnderSameKey(w.value, sp.localBinding(w.key), 0) || sp.ownProtoMembersPossible()
}

// readsUnderSameKey reports a value that is, whichever side a condition
// takes, a read y[k] with the key k of the write and y no function: under
// __proto__ it is y's own member of that name or y's prototype, neither of
// them a function unless the module makes one (ownProtoMembersPossible,
// and the prototypes decided here).
func (sp *scriptPass) readsUnderSameKey(v esb.Expr, key *symInfo, depth int) bool {
	if key == nil || depth > 8 {
		return false
	}
	switch x := v.Data.(type) {
	case *esb.EIndex:
		// (A function's __proto__ is Function.prototype.)
		return sp.localBinding(x.Index) == key && !sp.kindsOf(x.Target).may(kFunc|kReach|kGlobal)
	case *esb.EIf:
		return sp.readsUnderSameKey(x.Yes, key, depth+1) && sp.readsUnderSameKey(x.No, key, depth+1)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing:
			return sp.readsUnderSameKey(x.Left, key, depth+1) && sp.readsUnderSameKey(x.Right, key, depth+1)
		}
	}
	return false
}

// ownProtoMembersPossible reports a module that may make an own member
// named __proto__ holding a function: a literal's computed key, a method
// or accessor named __proto__ in a literal or a class, a definition with a
// key the analysis cannot decide, Object.fromEntries or Object.groupBy, or
// a JSON.parse reviver. A proxy or a getter the walk cannot read opens
// every member (membersOpen). What copies own members under their own keys
// (a spread, a rest, Object.assign, t[k] = o[k]) hands one on and makes
// none; a write of __proto__ into an object with a null prototype makes
// one, and is judged as a prototype set (freshTarget keeps such literals
// out, so the write counts for every object).
func (sp *scriptPass) ownProtoMembersPossible() bool {
	if sp.collecting {
		return true
	}
	if !sp.ownProtoChecked {
		sp.decidePrototypes()
	}
	return sp.ownProtoPossible
}

// someOwnProtoMember is ownProtoMembersPossible's question.
func (sp *scriptPass) someOwnProtoMember() bool {
	yes := sp.membersOpen || sp.directEval || sp.revivers || len(sp.entryWrites) > 0
	for _, o := range sp.objectLiterals {
		for i := range o.Properties {
			p := &o.Properties[i]
			switch {
			case yes:
			case p.Kind == esb.PropertySpread:
				// A spread copies own members under their own keys: it
				// hands one on, never makes one.
			case p.Flags.Has(esb.PropertyIsComputed):
				yes = sp.keyMayBeConstructor(p.Key)
			default:
				// ({ __proto__() {} }) and ({ __proto__ }) make an own member;
				// only ({ __proto__: v }) sets the prototype.
				yes = (p.Kind != esb.PropertyField || p.Flags.Has(esb.PropertyWasShorthand)) && isProtoName(p.Key)
			}
		}
	}
	for _, c := range sp.classes {
		for i := range c.Properties {
			p := &c.Properties[i]
			yes = yes || p.Flags.Has(esb.PropertyIsComputed) && sp.keyMayBeConstructor(p.Key) || isProtoName(p.Key)
		}
	}
	for _, d := range sp.descriptors {
		yes = yes || d.many || d.key.Data == nil || sp.keyMayBeConstructor(d.key)
	}
	return yes
}

func isProtoName(key esb.Expr) bool {
	s, ok := key.Data.(*esb.EString)
	return ok && esb.UTF16ToString(s.Value) == "__proto__"
}

// indexWrites sorts the module's member writes, once the walk is done,
// into the keys known and the writes with keys the text does not decide.
func (sp *scriptPass) indexWrites() {
	if sp.writesIndexed {
		return
	}
	sp.writesIndexed = true
	sp.writtenKeys = map[string]bool{}
	for _, w := range sp.memberWrites {
		switch {
		case w.name != "":
			sp.writtenKeys[w.name] = true
		case w.key.Data == nil:
			sp.unknownKeyWrites = append(sp.unknownKeyWrites, w)
		default:
			if k, ok := sp.indexKey(w.key); ok {
				sp.writtenKeys[k] = true
			} else {
				sp.unknownKeyWrites = append(sp.unknownKeyWrites, w)
			}
		}
	}
}

// ownMemberWritten reports whether the script may give a value of kinds
// on an own member of this name: a member write with that key anywhere,
// or one with a key the analysis cannot decide (and that may not be a
// number) on a value that may be of those kinds.
func (sp *scriptPass) ownMemberWritten(name string, on kinds) bool {
	sp.indexWrites()
	if sp.writtenKeys[name] {
		return true
	}
	if !sp.unknownKeyWritesChecked {
		sp.unknownKeyWritesChecked = true
		sp.kindsEpoch++ // the solver may read it (kindsMemo)
		defer func() { sp.kindsEpoch++ }()
		for _, w := range sp.unknownKeyWrites {
			if w.key.Data == nil || !sp.kindsOf(w.key).only(kNumeric|kUndef|kNull|kBool) {
				sp.unknownWriteTargets |= sp.kindsOf(w.target)
			}
		}
	}
	return sp.unknownWriteTargets.may(on)
}

// bindAny marks every name a binding pattern declares as holding anything.
func (sp *scriptPass) bindAny(b esb.Binding) {
	switch b := b.Data.(type) {
	case *esb.BIdentifier:
		info := sp.sym(b.Ref)
		info.anyWrite, info.otherAny = true, true
		info.anyWrites++
	case *esb.BArray:
		for _, item := range b.Items {
			sp.bindAny(item.Binding)
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			sp.bindAny(p.Value)
		}
	}
}

// bindUndefined adds undefined to every name a binding pattern declares.
func (sp *scriptPass) bindUndefined(b esb.Binding) {
	switch b := b.Data.(type) {
	case *esb.BIdentifier:
		sp.sym(b.Ref).extraKinds |= kUndef
	case *esb.BArray:
		for _, item := range b.Items {
			sp.bindUndefined(item.Binding)
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			sp.bindUndefined(p.Value)
		}
	}
}

// bindKinds adds kinds to a binding that is a name, and anything to the
// names of a pattern.
func (sp *scriptPass) bindKinds(b esb.Binding, k kinds) {
	if id, ok := b.Data.(*esb.BIdentifier); ok {
		sp.sym(id.Ref).extraKinds |= k
		return
	}
	sp.bindAny(b)
}

// assignAny marks the names an assignment target writes as holding
// anything, and the objects whose members it writes as open.
func (sp *scriptPass) assignAny(target esb.Expr) {
	switch t := target.Data.(type) {
	case *esb.EIdentifier:
		info := sp.sym(t.Ref)
		info.anyWrite, info.otherAny = true, true
		info.anyWrites++
	case *esb.EDot, *esb.EIndex:
		sp.assignMember(target)
	case *esb.EArray:
		for _, item := range t.Items {
			sp.assignAny(item)
		}
	case *esb.EObject:
		for i := range t.Properties {
			sp.assignAny(t.Properties[i].ValueOrNil)
		}
	case *esb.ESpread:
		sp.assignAny(t.Value)
	case *esb.EBinary:
		if t.Op == esb.BinOpAssign {
			sp.assignAny(t.Left)
		}
	}
}

// assignKinds is bindKinds for an assignment target.
func (sp *scriptPass) assignKinds(target esb.Expr, k kinds) {
	if id, ok := target.Data.(*esb.EIdentifier); ok {
		sp.sym(id.Ref).extraKinds |= k
		return
	}
	sp.assignAny(target)
}

// assignMember records a member written by a pattern or a loop head,
// whose value the analysis does not follow: the object is open.
func (sp *scriptPass) assignMember(target esb.Expr) {
	sp.noteWrittenMember(target, esb.Expr{})
	if info := sp.rootSymbol(target); info != nil {
		info.mutated, info.otherMutation = true, true
	}
}

// forHead records what a for-in head (keys: strings) or a for-of head (the
// elements of value) writes.
func (sp *scriptPass) forHead(init esb.Stmt, value esb.Expr, of bool) {
	switch s := init.Data.(type) {
	case *esb.SLocal:
		for _, d := range s.Decls {
			id, ok := d.Binding.Data.(*esb.BIdentifier)
			switch {
			case !ok:
				if of && s.Kind == esb.LocalConst {
					sp.noteForOfPattern(d.Binding, value, nil) // sinkvalues.go
				}
				sp.bindAny(d.Binding)
			case of:
				sp.addSource(sp.sym(id.Ref), valueSource{expr: value, elems: true})
			default:
				sp.sym(id.Ref).extraKinds |= kStr
			}
			if ok {
				info := sp.sym(id.Ref)
				info.declFrame = sp.walkFrame()
				sp.noteLoopKey(info, value, of, s.Kind != esb.LocalVar)
			}
		}
	case *esb.SExpr:
		id, ok := s.Value.Data.(*esb.EIdentifier)
		switch {
		case !ok:
			sp.assignAny(s.Value)
		case of:
			sp.addSource(sp.sym(id.Ref), valueSource{expr: value, elems: true})
		default:
			sp.sym(id.Ref).extraKinds |= kStr
		}
		if ok {
			sp.noteLoopKey(sp.sym(id.Ref), value, of, false)
		}
	}
}

// noteReflectiveWrites records, in the walk, the members and prototypes a
// call of Object's or Reflect's writers sets (decided from the text, as
// noteCallMutation is).
func (sp *scriptPass) noteReflectiveWrites(target esb.Expr, args []esb.Expr) {
	dot, ok := target.Data.(*esb.EDot)
	if !ok || len(args) == 0 {
		return
	}
	root := rootGlobalName(sp, dot.Target)
	if root != "Object" && root != "Reflect" {
		return
	}
	sp.noteMemberMakerCall(dot.Name, args) // (fields.go)
	switch dot.Name {
	case "setPrototypeOf":
		if len(args) >= 2 {
			sp.notePrototypeSet(args[0], args[1])
		} else {
			sp.notePrototypeSet(args[0], esb.Expr{})
		}
	case "defineProperty", "set":
		if len(args) >= 2 {
			sp.memberWrites = append(sp.memberWrites, memberWrite{target: args[0], key: args[1], maker: dot.Name})
		} else {
			sp.memberWrites = append(sp.memberWrites, memberWrite{target: args[0], maker: dot.Name})
		}
	case "defineProperties", "assign":
		sp.memberWrites = append(sp.memberWrites, memberWrite{target: args[0], maker: dot.Name})
	case "create":
		if root == "Object" {
			sp.createArgs = append(sp.createArgs, args[0])
		}
	case "deleteProperty":
		if len(args) >= 2 {
			sp.deletedKeys = append(sp.deletedKeys, args[1])
		} else {
			sp.deletedKeys = append(sp.deletedKeys, esb.Expr{})
		}
	}
}

// noteBundlerHelper records esbuild's __commonJS and __export helpers (their text
// verified by isBundlerHelper).
func (sp *scriptPass) noteBundlerHelper(s *esb.SLocal) {
	if b, ok := s.Decls[0].Binding.Data.(*esb.BIdentifier); ok {
		switch sym := sp.res.Symbol(b.Ref); {
		case sym == nil:
		case sym.OriginalName == "__commonJS":
			sp.commonJS, sp.hasCommonJS = sp.sym(b.Ref), true
		case sym.OriginalName == "__export":
			sp.exportHelper = sp.sym(b.Ref)
		}
	}
}

// checkHelperUses runs once the walk is done. esbuild's helpers are
// trusted for what their text does only where the walk read their calls:
// __export, referenced other than by a direct call (an alias, an argument)
// or written again, may define getters no call shows, so members may hold
// anything; __commonJS so used may call its module wrappers with other
// arguments, so their parameters hold anything.
func (sp *scriptPass) checkHelperUses() {
	if h := sp.exportHelper; h != nil && (h.refs != h.callRefs || !onlyBoundToFunction(h)) {
		sp.membersOpen = true
	}
	if h := sp.commonJS; h != nil && (h.refs != h.callRefs || !onlyBoundToFunction(h)) {
		for _, info := range sp.moduleParamInfos {
			info.anyWrite, info.otherAny, info.moduleObject = true, true, false
			info.entryValue = esb.Expr{}
		}
	}
}

// isExportCall reports a call of esbuild's verified __export helper.
func (sp *scriptPass) isExportCall(target esb.Expr) bool {
	return sp.exportHelper != nil && sp.localBinding(target) == sp.exportHelper
}

// noteExportCall records, in the walk, what esbuild's __export(target,
// { name: () => binding, … }) defines: a getter on target for each name,
// which returns the binding, so each name holds what its binding holds.
// Another shape of the second argument defines getters the walk cannot
// read: then members may hold anything.
func (sp *scriptPass) noteExportCall(target esb.Expr, args []esb.Expr) {
	if !sp.isExportCall(target) {
		return
	}
	var all *esb.EObject
	if len(args) == 2 {
		all, _ = args[1].Data.(*esb.EObject)
	}
	if all == nil {
		sp.membersOpen = true
		return
	}
	if sp.exportLiterals == nil {
		sp.exportLiterals = map[*esb.EObject]bool{}
	}
	sp.exportLiterals[all] = true // (its arrows become getters: not members of their own)
	for i := range all.Properties {
		p := &all.Properties[i]
		key, isString := p.Key.Data.(*esb.EString)
		arrow, isArrow := p.ValueOrNil.Data.(*esb.EArrow)
		if p.Kind != esb.PropertyField || p.Flags.Has(esb.PropertyIsComputed) || !isString || !isArrow ||
			len(arrow.Args) != 0 || len(arrow.Body.Block.Stmts) != 1 {
			sp.membersOpen = true
			return
		}
		ret, isReturn := arrow.Body.Block.Stmts[0].Data.(*esb.SReturn)
		name := esb.UTF16ToString(key.Value)
		if !isReturn || ret.ValueOrNil.Data == nil || name == "__proto__" {
			sp.membersOpen = true
			return
		}
		// As target.name = binding would: by name, and on target's binding.
		sp.noteMemberWrite(esb.Expr{Data: &esb.EDot{Target: args[0], Name: name}, Loc: p.Key.Loc}, ret.ValueOrNil)
	}
}

// noteModuleWrapper records, in the walk, the functions __commonJS({…})
// is given: the helper calls each with (exports, module), two objects
// ({ exports: {} } and its exports), and nothing else can reach them.
func (sp *scriptPass) noteModuleWrapper(target esb.Expr, args []esb.Expr) {
	if !sp.hasCommonJS || len(args) != 1 {
		return
	}
	id, ok := target.Data.(*esb.EIdentifier)
	if !ok {
		return
	}
	if _, info := sp.lookup(id.Ref); info != sp.commonJS {
		return
	}
	o, ok := args[0].Data.(*esb.EObject)
	if !ok {
		return
	}
	for i := range o.Properties {
		if f, ok := o.Properties[i].ValueOrNil.Data.(*esb.EFunction); ok {
			if sp.moduleWrappers == nil {
				sp.moduleWrappers = map[*esb.Fn]bool{}
			}
			sp.moduleWrappers[&f.Fn] = true
		}
	}
}

// moduleParams gives a module wrapper's exports and module parameters
// what the helper passes them: the module an object whose exports member
// starts as an object (moduleExportsTruthy).
func (sp *scriptPass) moduleParams(fn *esb.Fn) {
	if !sp.moduleWrappers[fn] {
		return
	}
	for i, a := range fn.Args {
		if b, ok := a.Binding.Data.(*esb.BIdentifier); ok && i < 2 && a.DefaultOrNil.Data == nil {
			info := sp.sym(b.Ref)
			info.anyWrite = false
			info.extraKinds |= kObject | kOpen
			info.moduleObject = i == 1
			sp.moduleParamInfos = append(sp.moduleParamInfos, info)
		}
	}
}

// noteDirectEval records a direct call of eval.
func (sp *scriptPass) noteDirectEval(target esb.Expr) {
	if id, ok := target.Data.(*esb.EIdentifier); ok {
		if s, _ := sp.lookup(id.Ref); s != nil && s.Kind == esb.SymbolUnbound && s.OriginalName == "eval" {
			sp.directEval = true
		}
	}
}

// moduleExportsTruthy reports whether module.exports, module a module
// wrapper's module parameter, is always an object or a function: the
// helper makes it an object, and every write to it (the module's only
// writes: the parameter is never stored, passed, changed by code the
// analysis does not follow, reassigned or given exports by a reflective
// writer or a delete) writes an object or a function. This decides the
// guard of a UMD header that tests module.exports.
func (sp *scriptPass) moduleExportsTruthy(target esb.Expr) bool {
	info := sp.localBinding(target)
	if info == nil || !info.moduleObject || info.aliased || info.handedOn || info.mutated ||
		info.updated || len(info.sources) > 0 || info.anyWrites > 1 || sp.exportsDeleted { // (one: its own as a parameter)
		return false
	}
	for _, k := range sp.deletedKeys {
		if key, ok := sp.indexKey(k); !ok || key == "exports" {
			return false
		}
	}
	for _, w := range sp.memberWrites {
		if sp.rootSymbol(w.target) != info {
			continue
		}
		if _, direct := w.target.Data.(*esb.EIdentifier); !direct {
			continue // a member of what module holds (module.exports.x = v)
		}
		key, known := w.name, w.name != ""
		if !known && w.key.Data != nil {
			key, known = sp.indexKey(w.key)
		}
		switch {
		case w.maker != "" || w.value.Data == nil && (!known || key == "exports"):
			return false
		case known && key != "exports":
			continue
		}
		if k := sp.kindsOf(w.value); k == 0 || !k.only(kArray|kObject|kOpen|kShadow|kFunc) {
			return false
		}
	}
	return true
}

// Parameters overwritten on entry. A function that begins
//
//	function register(type, name, format) { name = name.toLowerCase(); … }
//
// reads the value its caller gave name only in that first statement: every
// later read sees what the statement wrote (or a later write). So when the
// value written cannot depend on what the caller gave, beyond being a
// string, the name holds what its writes hold, and not what the calls give
// the parameter. That holds when:
//
//   - the parameters are plain names without defaults (a default could read
//     the first value), and the body declares no function (a hoisted one
//     could read it before the statement runs, called from within it);
//   - the body's first statements are each p = p.m(…)….m(…), a chain of
//     calls of stringOnlyMethods with literal arguments on the parameter
//     itself, and p is overwritten by the first of them that names it
//     (module code is strict: arguments does not alias the parameters);
//   - no member of any of those names may hold a function of the script's
//     (onlyBuiltinMember), so each call is String.prototype's, which
//     returns a string or throws, whatever the receiver: a value that may
//     be dangerous (reach.go) is read there and goes nowhere.
//
// Checks other than the write set still read the parameter as written by
// what the analysis does not model.

// noteEntryOverwrites records, in the walk, the parameters the first
// statements of a body overwrite so.
func (sp *scriptPass) noteEntryOverwrites(args []esb.Arg, body []esb.Stmt) {
	params := map[esb.Ref]bool{}
	for _, a := range args {
		id, ok := a.Binding.Data.(*esb.BIdentifier)
		if !ok || a.DefaultOrNil.Data != nil {
			return
		}
		params[id.Ref] = true
	}
	for _, s := range body {
		if _, ok := s.Data.(*esb.SFunction); ok {
			return
		}
	}
	for _, s := range body {
		e, ok := s.Data.(*esb.SExpr)
		if !ok {
			return
		}
		assign, ok := e.Value.Data.(*esb.EBinary)
		if !ok || assign.Op != esb.BinOpAssign {
			return
		}
		target, ok := assign.Left.Data.(*esb.EIdentifier)
		if !ok || !params[target.Ref] || !stringMethodChainOn(assign.Right, target.Ref) {
			return
		}
		delete(params, target.Ref) // (a second overwrite reads the first's value)
		info := sp.sym(target.Ref)
		info.entryValue, info.paramWrites = assign.Right, int32(info.anyWrites)
	}
}

// stringMethodChainOn reports p.m(…)….m(…), each m one of
// stringOnlyMethods and each argument a literal, on the name p.
func stringMethodChainOn(e esb.Expr, p esb.Ref) bool {
	for {
		c, ok := e.Data.(*esb.ECall)
		if !ok {
			return false
		}
		dot, ok := c.Target.Data.(*esb.EDot)
		if !ok || !stringOnlyMethods[dot.Name] {
			return false
		}
		for _, a := range c.Args {
			switch a.Data.(type) {
			case *esb.EString, *esb.ENumber, *esb.EBoolean, *esb.ENull, *esb.EUndefined:
			default:
				return false
			}
		}
		if id, ok := dot.Target.Data.(*esb.EIdentifier); ok {
			return id.Ref == p
		}
		e = dot.Target
	}
}

// overwrittenOnEntry reports a parameter whose write set leaves out what
// its calls give it (see above).
func (sp *scriptPass) overwrittenOnEntry(info *symInfo, depth int) bool {
	if info.entryValue.Data == nil || int32(info.anyWrites) != info.paramWrites || sp.directEval || sp.collecting {
		return false
	}
	for e := info.entryValue; ; {
		c, ok := e.Data.(*esb.ECall)
		if !ok {
			return true
		}
		dot := c.Target.Data.(*esb.EDot)
		if !sp.onlyBuiltinMemberDepth(dot.Name, depth) {
			return false
		}
		e = dot.Target
	}
}
