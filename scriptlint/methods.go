package scriptlint

import (
	"maps"
	"slices"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Methods called by name. A function written under a member name (a
// class's or an object literal's method, o.m = function …) is given its
// parameters by the calls x.m(…) of that name, whatever x is, when the
// module can get the function's value in no other way: no read of the
// name other than as a call's callee (super.m(…) included), no read with a
// key the analysis cannot decide that may be the name, no built-in that
// reads members generically (Object.values and Object.entries reach the
// enumerable ones, Object.getOwnPropertyDescriptor(s), Reflect.get and
// Reflect.getOwnPropertyDescriptor every one), and no name the platform
// calls by itself (then, toString, next, a proxy's traps, …), in a module
// that neither exports (what imports it may call any method) nor calls
// eval directly (the code it runs may read any name). The analysis
// is name-based, as members are (fields.go): the calls of every x.m(…)
// are unioned, so a name shared with a built-in method (push) only adds
// what those calls pass.
//
// Whether a key read may be one of the names depends on what the
// parameters hold, and so on which names are closed: decideMethods
// guesses, and collect walks the module again when a guess does not
// hold. That is sound: before the first call of a method the analysis
// does not see, every method was called only where it sees, so what every
// key held up to then is within what it judged, and the read that first
// got the function's value had a key it found could not be the name.
//
// What a method returns is still judged as handed on (its record is
// exported): only its parameters are followed.

// dynamicRead is a member read with a key the text does not give.
type dynamicRead struct {
	target, key esb.Expr // (target Data nil: a pattern's, not known)
}

// readerRead is a read of a generic reader's name: its object and name.
type readerRead struct {
	target esb.Expr
	name   string
}

// methodState is this file's part of the scriptPass.
type methodState struct {
	// escapingReads counts, by name, the reads of a member whose value may
	// go somewhere (not a call's callee, nor only inspected).
	escapingReads map[string]int32
	// callsByName are the calls whose callee is a member read by name.
	callsByName map[string][]*esb.ECall
	// dynamicKeys are the member reads whose key the text does not decide
	// (o[k], a computed key in a pattern: its object not known).
	dynamicKeys []dynamicRead
	// readerTargets are the objects of reads of a generic reader's name
	// (values, entries, get, getOwnPropertyDescriptor(s)), judged once the
	// walk is done; readerPattern: such a name destructured.
	readerTargets []readerRead
	readerPattern bool
	// proxyNamed: the module names Proxy; extendsSeen: a class extends.
	proxyNamed, extendsSeen bool
	methodRecs              []*fnRec
	// methodsDecided: the names are decided (before, every method is
	// open); closedMethods are the names taken as closed.
	methodsDecided bool
	closedMethods  map[string]bool
	// methodGuess: the names a walk made again guesses (nil on the first
	// walk); methodsHeld: the guess held (collect).
	methodGuess map[string]bool
	methodsHeld bool
	// methodGlobWork counts namesKeyMayBe's matches against patterns.
	methodGlobWork int
}

// platformCalled are member names a built-in or the browser calls by
// itself, with arguments the module does not pass: protocols (thenables,
// iterators, coercion, JSON), a Promise or RegExp subclass's, event
// listener objects, custom elements, tree walkers' filters and streams'
// sources and sinks.
func platformCalled(name string) bool {
	return inWords(name, " then catch finally next return throw toString toLocaleString valueOf toJSON toISOString"+
		" exec resolve reject handleEvent connectedCallback disconnectedCallback adoptedCallback"+
		" attributeChangedCallback connectedMoveCallback formAssociatedCallback formResetCallback"+
		" formDisabledCallback formStateRestoreCallback acceptNode lookupNamespaceURI"+
		" start pull cancel write close abort transform flush size constructor __proto__ prototype ")
}

// inWords reports whether name is one of the words of list (which starts
// and ends with a space).
func inWords(name, list string) bool {
	return name != "" && !strings.Contains(name, " ") && strings.Contains(list, " "+name+" ")
}

// proxyTrap: a name a Proxy calls (any use of Proxy opens them). A
// property descriptor calls get and set too (one the walk cannot read, or
// members made where it cannot see, open them), and the constructor of a
// Map or Set subclass set and add (any class that extends opens them).
func proxyTrap(name string) bool {
	return inWords(name, " get set has deleteProperty apply construct ownKeys getOwnPropertyDescriptor"+
		" defineProperty getPrototypeOf setPrototypeOf isExtensible preventExtensions ")
}

// platformMayCall reports whether the platform may call the method name
// in this module.
func (sp *scriptPass) platformMayCall(name string) bool {
	switch {
	case proxyTrap(name) && sp.proxyNamed:
		return true
	case (name == "get" || name == "set") && (sp.membersOpen || sp.descriptorsOpaque()):
		return true
	case (name == "set" || name == "add") && sp.extendsSeen:
		return true
	}
	return false
}

// descriptorsOpaque reports a property descriptor that is not an object
// literal (or an object of descriptors that are not).
func (sp *scriptPass) descriptorsOpaque() bool {
	for _, d := range sp.descriptors {
		o, ok := d.descriptor.Data.(*esb.EObject)
		if !ok {
			return true
		}
		if !d.many {
			continue
		}
		for _, p := range o.Properties {
			if _, ok := p.ValueOrNil.Data.(*esb.EObject); !ok || p.Kind == esb.PropertySpread {
				return true
			}
		}
	}
	return false
}

// genericReader: the members of Object and Reflect that hand back
// members' values for keys the module does not name; enumerableOnly
// those that reach only enumerable ones (a class's methods are not).
func genericReader(name string) bool {
	return inWords(name, " values entries get getOwnPropertyDescriptor getOwnPropertyDescriptors ")
}

func enumerableOnly(name string) bool { return name == "values" || name == "entries" }

// methodName is a name a method may be followed under: an identifier (or
// a private name; any character past ASCII taken as a letter) the
// platform does not call. (Not an array index, which
// generic array code reads, nor a CommonJS wrapper's module path, whose
// function the bundler's helper calls: noteModuleWrapper.)
func methodName(name string) bool {
	if platformCalled(name) {
		return false
	}
	for i, r := range strings.TrimPrefix(name, "#") {
		letter := r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0x80
		if !letter && !(i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return strings.TrimPrefix(name, "#") != ""
}

// memberKeyName is the name a member key names in the text: a string or
// a private name, nothing computed.
func (sp *scriptPass) memberKeyName(key esb.Expr) (string, bool) {
	switch k := key.Data.(type) {
	case *esb.EString:
		return esb.UTF16ToString(k.Value), true
	case *esb.EPrivateIdentifier:
		return sp.res.Symbol(k.Ref).OriginalName, true // (#m: never read generically)
	}
	return "", false
}

// memberNameOf is the name of a member read the text names (o.m, o["m"],
// o.#m).
func (sp *scriptPass) memberNameOf(e esb.Expr) (string, bool) {
	switch t := e.Data.(type) {
	case *esb.EDot:
		return t.Name, true
	case *esb.EIndex:
		return sp.memberKeyName(t.Index)
	}
	return "", false
}

// countEscapingRead counts a read of a member's value by name that may
// take it somewhere.
func (sp *scriptPass) countEscapingRead(name string) {
	if sp.escapingReads == nil {
		sp.escapingReads = map[string]int32{}
	}
	sp.escapingReads[name]++
}

// noteMethod records, in the walk, a function written under a member's
// name by a class or object literal property; enumerable: it is an own
// enumerable member (not a class's method).
func (sp *scriptPass) noteMethod(p *esb.Property, inClass bool) {
	value := p.ValueOrNil
	switch {
	case p.Kind == esb.PropertyMethod:
	case p.Kind == esb.PropertyField && inClass:
		value = p.InitializerOrNil
	case p.Kind == esb.PropertyField:
	default:
		return // an accessor, a spread
	}
	if p.Flags.Has(esb.PropertyIsComputed) {
		return
	}
	name, ok := sp.memberKeyName(p.Key)
	if !ok {
		return
	}
	sp.noteMemberFunction(name, value, !inClass || p.Kind == esb.PropertyField)
}

// noteMemberAssign records o.m = function … whose value is dropped.
func (sp *scriptPass) noteMemberAssign(x *esb.EBinary, u use) {
	if x.Op != esb.BinOpAssign || u != useDiscard {
		return
	}
	if name, ok := sp.memberNameOf(x.Left); ok {
		sp.noteMemberFunction(name, x.Right, true)
	}
}

func (sp *scriptPass) noteMemberFunction(name string, value esb.Expr, enumerable bool) {
	if !methodName(name) {
		return
	}
	var rec *fnRec
	switch f := value.Data.(type) {
	case *esb.EFunction:
		if f.Fn.Name != nil || sp.recordOf(&f.Fn) != nil {
			return // a name of its own, called by it too
		}
		rec = sp.recordFunction(&f.Fn, f.Fn.Args, f.Fn.HasRestArg, f.Fn.IsAsync || f.Fn.IsGenerator)
	case *esb.EArrow:
		if sp.recordOf(f) != nil {
			return
		}
		rec = sp.recordFunction(f, f.Args, f.HasRestArg, f.IsAsync)
	default:
		return
	}
	rec.exported = true // (what it returns goes where the analysis does not follow)
	rec.member, rec.enumerable = name, enumerable
	sp.methodRecs = append(sp.methodRecs, rec)
}

// noteMemberRead records, in the walk, a member read by name with use u.
func (sp *scriptPass) noteMemberRead(name string, target esb.Expr, u use) {
	sp.proxyNamed = sp.proxyNamed || name == "Proxy"
	if genericReader(name) {
		sp.readerTargets = append(sp.readerTargets, readerRead{target, name})
	}
	if u == useCall || u == useTarget || !baseUse(u).escapes() {
		return // (a callee is counted by noteMemberCall)
	}
	sp.countEscapingRead(name)
}

// noteMemberCall records a call whose callee is a member read by name.
func (sp *scriptPass) noteMemberCall(c *esb.ECall) {
	name, ok := sp.memberNameOf(c.Target)
	if !ok {
		return
	}
	if sp.callsByName == nil {
		sp.callsByName = map[string][]*esb.ECall{}
	}
	sp.callsByName[name] = append(sp.callsByName[name], c)
}

// notePatternKey records a key of a destructuring pattern: a read of that
// name whose value goes into a binding, or a dynamic key.
func (sp *scriptPass) notePatternKey(key esb.Expr, computed bool) {
	name, ok := sp.memberKeyName(key)
	if computed || !ok {
		sp.dynamicKeys = append(sp.dynamicKeys, dynamicRead{key: key})
		return
	}
	if genericReader(name) {
		sp.readerPattern = true
	}
	sp.countEscapingRead(name)
}

// methodCalls are the calls that give the method rec its parameters, and
// whether they are all its calls.
func (sp *scriptPass) methodCalls(rec *fnRec) ([]*esb.ECall, bool) {
	if rec.member == "" || len(rec.syms) > 0 || !sp.methodsDecided {
		return nil, false
	}
	if !sp.closedMethods[rec.member] {
		return nil, false
	}
	return sp.callsByName[rec.member], true
}

// maxMethodGuesses bounds the walks collect makes again (the last follows
// no method).
const maxMethodGuesses = 2

// decideMethods decides which method names are closed, once the walk is
// done: the fixpoint the comment at the top describes. The keys are
// judged first with every method open (what the solver works out
// meanwhile holds whatever is decided): a name a key may be is open for
// good, unless the key is a method's own parameter, which closing the
// methods may narrow. Those names are then guessed closed, with the names
// no key may be, and the parameters judged again (closing more only
// narrows what keys hold, so the other keys need no second look). If a
// parameter may still be one, answers were given under a guess that does
// not hold: methodsHeld is false, and collect walks again, guessing only
// the names no key may be (methodGuess).
func (sp *scriptPass) decideMethods() {
	sp.methodsHeld, sp.methodsDecided = true, true
	names := sp.methodCandidates()
	if sp.methodGuess != nil {
		for name := range names {
			if !sp.methodGuess[name] {
				delete(names, name)
			}
		}
	}
	if len(names) == 0 {
		return
	}
	proven := maps.Clone(names)
	var params []dynamicRead // reads whose key is a method's parameter that may be a name
	for _, r := range sp.dynamicKeys {
		if len(names) == 0 {
			return
		}
		hits := sp.namesKeyMayBe(r, names)
		if len(hits) == 0 {
			continue
		}
		if sp.methodGuess == nil && sp.isMethodParam(r.key) {
			params = append(params, r)
			for _, name := range hits {
				delete(proven, name)
			}
			continue
		}
		for _, name := range hits {
			delete(names, name)
			delete(proven, name)
		}
	}
	sp.closedMethods = names
	sp.forgetSolved()
	for _, r := range params {
		if len(sp.namesKeyMayBe(r, names)) > 0 {
			// The guess does not hold, and answers were given under it.
			sp.methodsHeld = false
			sp.closedMethods = proven
			return
		}
	}
}

// isMethodParam reports a key that is a parameter of a method (what its
// calls by name give it).
func (sp *scriptPass) isMethodParam(k esb.Expr) bool {
	info := sp.localBinding(k)
	return info != nil && info.paramOf != nil && info.paramOf.member != ""
}

// methodCandidates are the names that pass the tests of the text alone.
func (sp *scriptPass) methodCandidates() map[string]bool {
	names := map[string]bool{}
	if len(sp.methodRecs) == 0 || sp.directEval || sp.exports || sp.readerPattern {
		return names
	}
	allOpen, enumerableOpen := sp.readersReach()
	if allOpen {
		return names
	}
	open := map[string]bool{}
	for _, rec := range sp.methodRecs {
		if len(rec.syms) > 0 || sp.escapingReads[rec.member] > 0 || rec.enumerable && enumerableOpen || sp.platformMayCall(rec.member) {
			open[rec.member] = true // (every function under the name shares its calls)
		}
		names[rec.member] = true
	}
	for name := range open {
		delete(names, name)
	}
	return names
}

// mayBeReaderHost reports whether a generic reader's name is read from
// what may be Object or Reflect.
func (sp *scriptPass) mayBeReaderHost(t esb.Expr) bool {
	if name, ok := sp.intrinsicDepth(t, 0); ok && (name == "Object" || name == "Reflect") {
		return true
	}
	for _, p := range sp.resolve(t) {
		if p == "Object" || p == "Reflect" {
			return true
		}
	}
	return sp.kindsOf(t).may(kReach | kGlobal)
}

// readersReach says which methods the generic readers read from Object or
// Reflect reach: all (a descriptor reader or Reflect.get), or only the
// enumerable ones (Object.values, Object.entries).
func (sp *scriptPass) readersReach() (all, enumerable bool) {
	for _, r := range sp.readerTargets {
		if !sp.mayBeReaderHost(r.target) {
			continue
		}
		if !enumerableOnly(r.name) {
			return true, true
		}
		enumerable = true
	}
	return false, enumerable
}

// namesKeyMayBe are the names a read's key, which the text does not
// decide, may be (none when its object is data: an array or object of
// data holds no method, domain.go).
func (sp *scriptPass) namesKeyMayBe(r dynamicRead, names map[string]bool) []string {
	if r.target.Data != nil && sp.kindsOf(r.target).isData() {
		return nil
	}
	k := r.key
	if sp.kindsOf(k).only(kNumeric | kUndef | kNull | kBool | kSymbol) {
		return nil
	}
	var patterns []string // (a known string matches only itself)
	switch v := sp.fold(k); {
	case v.isStr && (v.known || strings.Contains(v.s, unknownMark)):
		patterns = []string{v.s}
	default:
		values, ok := sp.mayHoldStrings(k)
		if !ok || len(values) == 0 {
			return slices.Collect(maps.Keys(names))
		}
		for _, v := range values {
			patterns = append(patterns, v.s)
		}
	}
	var out []string
	var globs []string
	for _, p := range patterns {
		switch {
		case !strings.Contains(p, unknownMark):
			if names[p] {
				out = append(out, p)
			}
		default:
			globs = append(globs, p)
		}
	}
	if len(globs) == 0 {
		return out
	}
	// A pattern with unknown parts is matched against every name: past a
	// budget (a module of many methods and many such keys), every name is
	// taken as one it may be, which is sound and keeps the work linear.
	sp.methodGlobWork += len(globs) * len(names)
	if sp.methodGlobWork > maxMethodGlobWork {
		return slices.Collect(maps.Keys(names))
	}
	for name := range names {
		for _, p := range globs {
			if globMatch(p, name) {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

// maxMethodGlobWork bounds the names namesKeyMayBe matches patterns with
// unknown parts against, over a whole module.
const maxMethodGlobWork = 1 << 20

// noteIndexRead records, in the walk, a member read with a computed key:
// by name when the text gives it, else a dynamic key (a write's is not
// a read).
func (sp *scriptPass) noteIndexRead(x *esb.EIndex, u use) {
	if name, ok := sp.memberKeyName(x.Index); ok {
		sp.noteMemberRead(name, x.Target, u)
		return
	}
	if _, ok := x.Index.Data.(*esb.ENumber); ok || u == useTarget {
		return
	}
	sp.dynamicKeys = append(sp.dynamicKeys, dynamicRead{x.Target, x.Index})
}

// noteTagRead records a template's tag read by name: a call the analysis
// does not read the arguments of.
func (sp *scriptPass) noteTagRead(tag esb.Expr) {
	if name, ok := sp.memberNameOf(tag); ok {
		sp.countEscapingRead(name)
	}
}
