package scriptlint

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
	"github.com/remixlet/remixlet/sandboxapi"
)

// Members by name. A member read with a known name (o.p, o["p"], a
// destructured key) on a value the analysis does not know as data holds
// what a member of that name can hold anywhere in the module: the union of
// every value the module writes under the name (o.p = v, an object
// literal's key, a class's field or method, Object.defineProperty and
// Reflect.set with that key), of every value it writes under a key it
// cannot decide, of data (what JSON.parse, storage and the API hand back
// has members of any name, all data), and of anything when the name is one
// a built-in or the sandbox's API may have (builtinMemberNames). The
// analysis is field-based: it does not tell one object from another, and
// copying members from object to object (Object.assign, a spread) writes
// no value that was not written under that name before.
//
// It is sound because every member a value can have was put there by one
// of those writes, by a built-in (listed), or by data from outside: a
// getter, a proxy, __defineGetter__ or direct eval make members the walk
// cannot read (and so do Object's member makers used other than by a
// direct call), and then every name holds anything. A reached value or the
// global object is never among the values written (a write of one is
// refused, reach.go), so a member never holds one.

// memberValues is the write set of a member name.
type memberValues struct {
	values []esb.Expr // the values written (Data nil: a value the walk does not read)
	// entries are the arguments of Object.fromEntries and Object.groupBy:
	// what their elements hold is written.
	entries []esb.Expr
	any     bool // a write whose value may be anything (a getter, a descriptor it cannot read)
	kv      kinds
	state   uint8 // 0 not solved, 1 solving, 2 solved
	kdepth  int32 // its place on the solver's stack while solving
}

// fieldState is the part of the scriptPass this file keeps.
type fieldState struct {
	objectLiterals []*esb.EObject
	classes        []*esb.Class
	// descriptors are Object.defineProperty-like writes: a key (Data nil:
	// none the text gives) and a descriptor.
	descriptors []descriptorWrite
	// setWrites are Reflect.set's; entryWrites the arguments of
	// Object.fromEntries and Object.groupBy.
	setWrites   []memberWrite
	entryWrites []esb.Expr
	// membersOpen: the module makes members the walk cannot read;
	// revivers: JSON.parse may be given a reviver, whose results it
	// stores under the text's keys (noteReviver).
	membersOpen, revivers bool
	// The bundler's interop prologue (interopAliases): the names bound to
	// a member maker, whether the walk is in one's declaration or in a
	// verified helper, and whether a helper gives "default" any value.
	makerAliases  map[*symInfo]bool
	walkingAlias  bool
	walkingHelper string // the name of the one of bundlerHelpers being walked
	defaultAny    bool

	// definerKeys: the keys of computed reads that may be called as an
	// accessor definer; definerNames, the names called so, judged by the
	// reads bound to them; definerApplies, the calls that may be
	// Reflect.apply of either (noteDefinerCall).
	definerKeys    []esb.Expr
	definerNames   []esb.Expr
	definerApplies []*esb.ECall // calls that may be Reflect.apply of one

	fieldsIndexed, fieldsIndexing bool
	byName                        map[string]*memberValues
	unknownKey                    memberValues
	// elements are the values written as elements (a number's name or
	// key, push and kin: elementArgs), which writtenElements reads.
	elements    memberValues
	elementArgs []esb.Expr
	// writeRoots are the bindings member writes, mutators, member makers
	// and calls it does not follow reach their objects through (nil: none),
	// which nestedMayChange reads.
	writeRoots                   []*symInfo
	nestedChecked, nestedChanged bool
}

type descriptorWrite struct {
	key, descriptor esb.Expr
	many            bool // defineProperties or Object.create: descriptor is an object of descriptors
}

//go:embed builtinnames.txt
var builtinNamesText string

// builtinMemberNames are the names of every member a built-in or the
// sandbox's API can have: ECMAScript's built-ins, their prototypes and the
// objects they make (builtinnames.txt, checked against the engine by
// TestBuiltinNamesCoverTheEngine), the global object's names, and the API
// table's members and handle methods (its data is data, whatever the
// field's name).
var builtinMemberNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(builtinNamesText) {
		m[n] = true
	}
	for _, g := range AllowedGlobals() {
		m[g.Name] = true
	}
	for _, o := range OutsideGlobals {
		m[o.Name] = true
	}
	for _, mem := range sandboxapi.Members() {
		m[mem.Name()] = true
	}
	return m
})

// memberNames sorts a member's name with one lookup: a member every
// object, array or string inherits (prototypeMember), one some built-in or
// the API has (builtinMemberNames), a well-known symbol's (Symbol.iterator).
const (
	nameBuiltin uint8 = 1 << iota
	nameInherited
	nameWellKnownSymbol
)

var memberNames = sync.OnceValue(func() map[string]uint8 {
	m := map[string]uint8{}
	for n := range builtinMemberNames() {
		m[n] |= nameBuiltin
	}
	for n := range prototypeMember() {
		m[n] |= nameInherited
	}
	for n := range wellKnownSymbols {
		m[n] |= nameWellKnownSymbol
	}
	return m
})

// noteObjectLiteral and noteClass record, in the walk, what writes
// members by name.
func (sp *scriptPass) noteObjectLiteral(o *esb.EObject) {
	sp.objectLiterals = append(sp.objectLiterals, o)
}

func (sp *scriptPass) noteClass(c *esb.Class) { sp.classes = append(sp.classes, c) }

// noteMemberMakerCall records, in the walk, a direct call of Object's or
// Reflect's member maker name (noteReflectiveWrites has checked the root):
// the members it makes, whose values or descriptors indexFields reads.
func (sp *scriptPass) noteMemberMakerCall(name string, args []esb.Expr) {
	if len(args) > 0 {
		sp.writeRoots = append(sp.writeRoots, sp.rootSymbol(args[0]))
	}
	switch name {
	case "defineProperty":
		if len(args) >= 3 {
			sp.descriptors = append(sp.descriptors, descriptorWrite{key: args[1], descriptor: args[2]})
		} else {
			sp.membersOpen = true
		}
	case "set":
		if len(args) >= 3 {
			sp.setWrites = append(sp.setWrites, memberWrite{key: args[1], value: args[2]})
		} else {
			sp.membersOpen = true
		}
	case "defineProperties", "create":
		if len(args) >= 2 {
			sp.descriptors = append(sp.descriptors, descriptorWrite{descriptor: args[1], many: true})
		} else if name == "defineProperties" {
			sp.membersOpen = true
		}
	case "fromEntries", "groupBy":
		// Keys the walk cannot decide, and values from the argument's
		// elements (of its entries) or arrays of them.
		if len(args) > 0 {
			sp.entryWrites = append(sp.entryWrites, args[0])
		}
	}
}

// memberMakers are Object's and Reflect's functions that make members
// with values or keys noteMemberMakerCall reads from a direct call.
var memberMakers = wordset.Of("defineProperty defineProperties create fromEntries groupBy set apply construct ")

// noteMemberMakerRead records, in the walk, one of memberMakers read as
// anything but the callee of a direct call (an alias, .call, an argument):
// what it will make is not read, so members may hold anything. So does
// __defineGetter__ however it is used.
func (sp *scriptPass) noteMemberMakerRead(x *esb.EDot, u use) {
	if sp.walkingAlias {
		return // (its calls are judged: noteMakerAliasRef)
	}
	switch {
	case x.Name == "__defineGetter__" || x.Name == "__defineSetter__":
		sp.membersOpen = true
	case x.Name == "JSON" && !readsMember(u), x.Name == "parse" && namesJSON(sp, x.Target) && u != useCall && !readsWithoutHandingOn(u):
		sp.revivers = true
	case memberMakers[x.Name] && u != useCall && !readsWithoutHandingOn(u):
		if root := rootGlobalName(sp, x.Target); root == "Object" || root == "Reflect" {
			sp.membersOpen = true
		}
	}
}

// Object.prototype's __defineGetter__ and __defineSetter__ reached by a
// computed key (o[k](name, f), o[k].call(t, name, f), Reflect.apply(o[k],
// t, …)), directly or through a name bound to such a read, define an
// accessor of any name as the dotted read does, so members may hold
// anything. The walk records the keys of those reads; openDefinedAccessors
// judges them once every write is known (fold reads a name's writes). A
// definer handed through a parameter, a member or a result is not
// followed: docs/script-lint.md says so.
func (sp *scriptPass) noteDefinerCall(c *esb.ECall) {
	// (Given a second argument that is no function, a definer throws.)
	if ix, ok := c.Target.Data.(*esb.EIndex); ok && len(c.Args) >= 2 && (hasSpreadItem(c.Args) || !primitiveLiteral(c.Args[1])) {
		sp.definerKeys = append(sp.definerKeys, ix.Index) // o[k](name, f)
	}
	if t, ok := c.Target.Data.(*esb.EDot); ok && (t.Name == "call" || t.Name == "apply" || t.Name == "bind") {
		sp.noteDefinerCallee(t.Target, len(c.Args) >= 2 || t.Name == "bind") // o[k].call(t, name, f)
	}
	if len(c.Args) > 0 {
		switch c.Args[0].Data.(type) {
		case *esb.EIndex, *esb.EIdentifier:
			// Reflect.apply(o[k], t, [name, f]), once the callee is known
			// to be it (openDefinedAccessors: resolve reads every write).
			sp.definerApplies = append(sp.definerApplies, c)
		}
	}
}

// noteDefinerCallee records the key of a computed read called with a
// receiver, or the name called so; a name only where the call may pass a
// name and a function (withArgs).
func (sp *scriptPass) noteDefinerCallee(callee esb.Expr, withArgs bool) {
	switch x := callee.Data.(type) {
	case *esb.EIndex:
		sp.definerKeys = append(sp.definerKeys, x.Index)
	case *esb.EIdentifier:
		if withArgs {
			sp.definerNames = append(sp.definerNames, callee) // define.call(t, name, f): judged by what it holds
		}
	}
}

// openDefinedAccessors opens every member when a key noteDefinerCall
// recorded may be __defineGetter__ or __defineSetter__.
func (sp *scriptPass) openDefinedAccessors() {
	for _, c := range sp.definerApplies {
		if has(sp.resolve(c.Target), "Reflect.apply") {
			sp.noteDefinerCallee(c.Args[0], true)
		}
	}
	keys := sp.definerKeys
	for _, n := range sp.definerNames {
		info := sp.localBinding(n)
		if info == nil {
			continue // (a global: named, its own checks judge it)
		}
		for _, src := range info.sources {
			if ix, ok := src.expr.Data.(*esb.EIndex); ok && len(src.keys) == 0 && !src.elems {
				keys = append(keys, ix.Index)
			}
		}
	}
	for _, k := range keys {
		if _, number := k.Data.(*esb.ENumber); number {
			continue
		}
		v := sp.fold(k)
		switch {
		case v.known && !accessorDefiner(v.s):
		case v.isStr && strings.Contains(v.s, unknownMark) && !globMatch(v.s, "__defineGetter__") && !globMatch(v.s, "__defineSetter__"):
		default:
			sp.membersOpen = true
			return
		}
	}
}

// noteReviver records, in the walk, a call of JSON.parse that may be
// given a reviver (a second argument, or a spread); what JSON.parse is
// given when it is handed on, or JSON itself, noteMemberMakerRead and
// noteMemberMakerName count.
func (sp *scriptPass) noteReviver(target esb.Expr, args []esb.Expr) {
	dot, ok := target.Data.(*esb.EDot)
	if !ok || dot.Name != "parse" || !namesJSON(sp, dot.Target) {
		return
	}
	if len(args) > 1 || hasSpreadItem(args) {
		sp.revivers = true
	}
}

// namesJSON reports JSON, by its name or as a member of the global object.
func namesJSON(sp *scriptPass, e esb.Expr) bool {
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		return rootGlobalName(sp, e) == "JSON"
	case *esb.EDot:
		return x.Name == "JSON"
	}
	return false
}

// readsMember reports the uses that read a member of a value by name.
func readsMember(u use) bool {
	switch u {
	case useMember, useMemberSafe, useMemberName, useReceiver, useProtoRead, useTypeof, useInspect, useDiscard:
		return true
	}
	return false
}

// noteMemberMakerName records, in the walk, a reference to a global: a
// proxy makes members of any name on demand, and Object or Reflect used
// other than called, tested or as the object of a member read by name
// (aliased, passed, destructured, read with a computed key) may hand on a
// member maker.
func (sp *scriptPass) noteMemberMakerName(name string, u use) {
	switch name {
	case "Proxy":
		if sp.walkingHelper == "__require" {
			// Its trap reads the wrapped function's members by the key
			// asked: the proxy holds what the function holds, and makes no
			// member on any other object.
			return
		}
		sp.membersOpen = true
	case "JSON":
		if !readsMember(u) {
			sp.revivers = true // (aliased, passed or destructured: parse may be given one)
		}
	case "Object", "Reflect":
		switch u {
		case useMember, useMemberSafe, useMemberName, useReceiver, useProtoRead:
		case useCall, useNew:
			// Object(v) and new Object(v) box or hand back v; Reflect is
			// no function. Neither hands on a member maker.
		default:
			if !readsWithoutHandingOn(u) {
				sp.membersOpen = true
			}
		}
	}
}

// readsWithoutHandingOn reports the uses of a function that neither call it
// nor let other code reach it: a feature test (if (Object.create)), typeof,
// a comparison, a dropped value, its name or length.
func readsWithoutHandingOn(u use) bool {
	switch u {
	case useTypeof, useInspect, useDiscard, useMemberName:
		return true
	}
	return false
}

// interopAliases are the member makers esbuild's CommonJS interop
// prologue names, as it prints them: its verified helpers (__copyProps,
// __toESM) call them to copy a module's members to another object, which
// writes no new value under any name, and to write the module under
// "default".
var interopAliases = map[string]string{
	"__create":  "__create = Object.create;",
	"__defProp": "__defProp = Object.defineProperty;",
}

// noteInteropAlias records a top-level var whose text is exactly one of
// interopAliases.
func (sp *scriptPass) noteInteropAlias(s *esb.SLocal) bool {
	b, ok := sp.bundlerVar(s, interopAliases)
	if !ok {
		return false
	}
	if sp.makerAliases == nil {
		sp.makerAliases = map[*symInfo]bool{}
	}
	sp.makerAliases[sp.sym(b.Ref)] = true
	return true
}

// noteMakerAliasRef records, in the walk, a reference to one of
// interopAliases: called by a verified helper it copies (and writes
// "default"); anywhere else, what it makes is not read.
func (sp *scriptPass) noteMakerAliasRef(info *symInfo, u use) {
	if !sp.makerAliases[info] {
		return
	}
	if sp.walkingHelper != "" && u == useCall {
		// __toESM writes the module under "default"; __copyProps copies
		// members (no new value); __export's getters are read at its calls
		// (noteExportCall).
		sp.defaultAny = sp.defaultAny || sp.walkingHelper == "__toESM"
		return
	}
	sp.membersOpen = true
}

// indexFields sorts every write by name, once the walk is done.
func (sp *scriptPass) indexFields() {
	if sp.fieldsIndexed {
		return
	}
	if sp.collecting {
		// Asked before every write is seen: an answer now would leave out
		// the writes still to come, so every member holds anything.
		sp.membersOpen = true
		return
	}
	sp.fieldsIndexed, sp.fieldsIndexing = true, true
	sp.kindsEpoch++ // the solver reads these tables (kindsMemo)
	defer func() { sp.fieldsIndexing = false; sp.kindsEpoch++ }()
	sp.byName = map[string]*memberValues{}
	add := func(key esb.Expr, name string, known bool, value esb.Expr, anyValue bool) {
		set := &sp.unknownKey
		if !known && key.Data != nil {
			if k, ok := sp.indexKey(key); ok {
				name, known = k, true
			} else if sp.kindsOf(key).only(kNumeric | kUndef | kNull | kBool | kSymbol) {
				set = &sp.elements // an index or a symbol: no name reads it
			}
		}
		if known && isNumberName(name) {
			set = &sp.elements // an element (memberKinds)
		}
		if known && set != &sp.elements {
			set = sp.byName[name]
			if set == nil {
				set = &memberValues{}
				sp.byName[name] = set
			}
		}
		if anyValue || value.Data == nil {
			set.any = true
			return
		}
		set.values = append(set.values, value)
	}
	for _, w := range sp.memberWrites {
		if w.maker == "" { // (what those calls write is read below)
			add(w.key, w.name, w.name != "", w.value, w.value.Data == nil)
		}
	}
	for _, w := range sp.setWrites {
		add(w.key, "", false, w.value, false)
	}
	sp.unknownKey.entries = sp.entryWrites
	sp.elements.values = append(sp.elements.values, sp.elementArgs...)
	for _, o := range sp.objectLiterals {
		if !sp.exportLiterals[o] {
			sp.indexProperties(o.Properties, add)
		}
	}
	for _, c := range sp.classes {
		sp.indexProperties(c.Properties, add)
	}
	for _, d := range sp.descriptors {
		if !d.many {
			value, anyValue := descriptorValue(d.descriptor)
			add(d.key, "", false, value, anyValue)
			continue
		}
		if c, ok := d.descriptor.Data.(*esb.ECall); ok && len(c.Args) == 1 && has(sp.resolve(c.Target), "Object.getOwnPropertyDescriptors") {
			continue // a copy of what another object holds: no value not written before
		}
		o, ok := d.descriptor.Data.(*esb.EObject)
		if !ok {
			sp.membersOpen = true
			continue
		}
		for i := range o.Properties {
			p := &o.Properties[i]
			if p.Kind == esb.PropertySpread {
				sp.membersOpen = true
				continue
			}
			value, anyValue := descriptorValue(p.ValueOrNil)
			add(p.Key, "", false, value, anyValue || p.Kind != esb.PropertyField)
		}
	}
}

// indexProperties adds the members an object literal or a class body
// writes.
func (sp *scriptPass) indexProperties(props []esb.Property, add func(key esb.Expr, name string, known bool, value esb.Expr, anyValue bool)) {
	for i := range props {
		p := &props[i]
		switch p.Kind {
		case esb.PropertySpread, esb.PropertyClassStaticBlock, esb.PropertyDeclareOrAbstract:
			continue // a copy writes nothing new; a static block's writes are walked
		case esb.PropertySetter:
			continue // reads as undefined unless a getter is written too
		case esb.PropertyGetter, esb.PropertyAutoAccessor:
			add(p.Key, "", false, esb.Expr{}, true)
			continue
		}
		if _, private := p.Key.Data.(*esb.EPrivateIdentifier); private {
			continue
		}
		if s, ok := p.Key.Data.(*esb.EString); ok && !p.Flags.Has(esb.PropertyIsComputed) && esb.UTF16ToString(s.Value) == "__proto__" && p.Kind == esb.PropertyField {
			continue // the prototype, not a member
		}
		value := p.ValueOrNil
		if value.Data == nil {
			value = p.InitializerOrNil // a class field's initialiser
		}
		if value.Data == nil {
			value = esb.Expr{Data: &esb.EUndefined{}}
		}
		add(p.Key, "", false, value, false)
	}
}

// descriptorValue is the value a property descriptor literal gives, or
// anything (a getter, a descriptor the walk cannot read).
func descriptorValue(d esb.Expr) (esb.Expr, bool) {
	o, ok := d.Data.(*esb.EObject)
	if !ok {
		return esb.Expr{}, true
	}
	value := esb.Expr{Data: &esb.EUndefined{}}
	for i := range o.Properties {
		p := &o.Properties[i]
		key, ok := p.Key.Data.(*esb.EString)
		if !ok || p.Kind == esb.PropertySpread || p.Flags.Has(esb.PropertyIsComputed) {
			return esb.Expr{}, true
		}
		switch esb.UTF16ToString(key.Value) {
		case "get":
			return esb.Expr{}, true
		case "value":
			if p.Kind != esb.PropertyField || p.ValueOrNil.Data == nil {
				return esb.Expr{}, true
			}
			value = p.ValueOrNil
		}
	}
	return value, false
}

// memberKinds is what a member named name may hold, read from a value of
// kinds target. On data (a literal, an array of data, a primitive) only
// the module's writes and data can be there, and the built-in methods it
// inherits are prototypeMember's; on anything else, any member a
// built-in or the API has.
func (sp *scriptPass) memberKinds(name string, target kinds, depth int) kinds {
	if isNumberName(name) {
		return sp.elementOf(target, depth)
	}
	if sp.membersOpen || sp.directEval {
		return kAny
	}
	switch class := memberNames()[name]; {
	case class&nameInherited != 0:
		return kAny
	case class&nameBuiltin != 0 && !target.isData():
		return kAny
	}
	if name == "default" && sp.defaultAny {
		return kAny
	}
	sp.indexFields()
	if sp.membersOpen || sp.fieldsIndexing {
		return kAny // (a key folded while the writes are sorted: not yet known)
	}
	k := kData | sp.solveMember(&sp.unknownKey, "", depth)
	if !target.isData() {
		k |= kOpen // (an outside object's members: data and handles)
	}
	if set := sp.byName[name]; set != nil {
		k |= sp.solveMember(set, name, depth)
	}
	return k
}

func (sp *scriptPass) solveMember(set *memberValues, name string, depth int) kinds {
	switch set.state {
	case 2:
		return set.kv
	case 1:
		// A member written from itself (a copy of a read of it): what it
		// holds so far, solved again until it no longer grows, as a binding
		// that depends on itself is (symbolKinds).
		sp.kindsLow = min(sp.kindsLow, set.kdepth)
		return set.kv
	}
	if set.any {
		set.kv, set.state = kAny, 2
		sp.kindsEpoch++ // the solver reads it (kindsMemo)
		return kAny
	}
	set.state = 1
	// What is asked while it is in progress is asked by another solve
	// (kindsMemo), and a change of its state is one the solver reads.
	sp.kindsEpoch++
	parent := sp.kindsFrame
	sp.kindsSerial++
	sp.kindsFrame = sp.kindsSerial
	if sp.kindsStack == 0 {
		sp.kindsLow = 1 << 30
	}
	sp.kindsStack++
	set.kdepth = sp.kindsStack
	outerLow := sp.kindsLow
	sp.solveRounds(&set.kv, set.kdepth, func(k kinds) kinds {
		for _, v := range set.values {
			if name != "" && sp.readsMember(v, name) {
				continue // a copy of a member of the same name adds nothing
			}
			k |= sp.kindsDepth(v, depth) &^ kReach // (a reached value written into a member is refused)
			if k == kAny {
				break
			}
		}
		for _, e := range set.entries {
			if !sp.kindsDepth(e, depth).isData() {
				k = kAny
			}
		}
		return k
	})
	low := sp.kindsLow
	sp.kindsStack--
	sp.kindsFrame = parent
	set.state = 2
	if low < set.kdepth {
		set.state = 0 // solved again once the binding it waits on is
	}
	sp.kindsEpoch++
	sp.kindsLow = min(outerLow, low)
	return set.kv
}

// isNumberName reports a key that is a number's name ("0", "1.5", "NaN"):
// an element of an array, or a member written as one.
func isNumberName(name string) bool {
	switch {
	case name == "":
		return false
	case name == "NaN" || name == "Infinity" || name == "-Infinity":
		return true
	case name[0] != '-' && (name[0] < '0' || name[0] > '9'):
		return false // (most names: no number's name starts so)
	}
	f, err := strconv.ParseFloat(name, 64)
	return err == nil && jsNumber(f) == name
}

// readsMember reports e, a read of a member named name (o.p, o["p"]).
func (sp *scriptPass) readsMember(e esb.Expr, name string) bool {
	switch x := e.Data.(type) {
	case *esb.EDot:
		return x.Name == name
	case *esb.EIndex:
		key, ok := sp.indexKey(x.Index)
		return ok && key == name
	}
	return false
}

// onlyBuiltinMember reports a module in which no member of that name may
// hold a function of the script's: then x.bind(…) is Function.prototype.bind,
// which returns a function, or it throws (x.bind is not callable), and
// x.hasOwnProperty(k) is Object.prototype's. No built-in but
// Function.prototype, and nothing of the API, has a bind, and none but
// Object.prototype a hasOwnProperty.
func (sp *scriptPass) onlyBuiltinMember(name string) bool { return sp.onlyBuiltinMemberDepth(name, 0) }

func (sp *scriptPass) onlyBuiltinMemberDepth(name string, depth int) bool {
	if !sp.fieldsKnown() {
		return false
	}
	k := sp.solveMember(&sp.unknownKey, "", depth)
	if set := sp.byName[name]; set != nil {
		k |= sp.solveMember(set, name, depth)
	}
	return !k.may(kFunc | kReach | kGlobal)
}

// elementOf is what an element of a value of kinds target holds: of data,
// data or what the module writes as an element anywhere (writtenElements),
// since another reference to a nested array may have written into it
// (const [row] = table; row[0] = f); of anything else, anything.
func (sp *scriptPass) elementOf(target kinds, depth int) kinds {
	if !target.isData() {
		return kAny
	}
	return kData | sp.writtenElements(depth)
}

// writtenElements is the union of what the module writes as elements: a
// number's name or an index as the key, push, unshift, splice and fill,
// and any key the analysis cannot decide (it may be an index).
func (sp *scriptPass) writtenElements(depth int) kinds {
	if !sp.fieldsKnown() {
		return kAny
	}
	return sp.solveMember(&sp.elements, "", depth) | sp.solveMember(&sp.unknownKey, "", depth)
}

// fieldsKnown reports whether the write sets by name can be read: not in a
// module that makes members the walk cannot read, nor while they are being
// sorted (indexFields).
func (sp *scriptPass) fieldsKnown() bool {
	if sp.membersOpen || sp.directEval {
		return false
	}
	sp.indexFields()
	return !sp.membersOpen && !sp.fieldsIndexing
}
