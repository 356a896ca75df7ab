package scriptlint

import (
	"slices"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Own keys. A read o[k] with a key the analysis cannot decide reaches
// Function, when o may be a function, because k may be "constructor". When
// every value k can hold is a key of o's own enumerable members (a for-in
// head over o, an element of Object.keys(o), the key a callback over
// Object.keys(o) is given) and o holds the same value at the read as when
// the key was taken, the read gives one of those members: what the script
// wrote into o (a reached value written anywhere is refused where it is
// written), or a built-in's own enumerable member, never an inherited
// constructor or prototype. For-in also enumerates inherited members,
// but only enumerable ones: the script's own (built-in prototypes are
// frozen, js/intrinsic-write), none of them Function's. So
//
//	for (const key in source) target[key] = source[key];
//
// reads no constructor from source, whatever source is, while
// target[key] may (a key of source may be "constructor"). A proxy can
// invent keys and answer reads with anything, so any use of Proxy turns
// this off (membersOpen); so do direct eval and a delete that may remove
// an own constructor or __proto__ (the inherited one shows through).

// keyState is what the walk records for own keys and the tests around
// member reads (here and in deadcode.go).
type keyState struct {
	// keyLists: keys taken from what may be a key list, resolved after
	// the walk; keyHeads: how many key heads the walk has noted.
	keyLists []pendingKeyList
	keyHeads int32
	// deletedKeys: the keys of every delete and Reflect.deleteProperty;
	// unshadows: whether one may be constructor or __proto__ (0 not
	// known, 1 no, 2 yes); exportsDeleted: some delete removes a member
	// named exports (moduleExportsTruthy).
	deletedKeys    []esb.Expr
	unshadows      int8
	exportsDeleted bool
	// createArgs: the prototypes Object.create is given; inheritsFunc:
	// whether an object may inherit from a function (0 not known, 1 no,
	// 2 yes: objectsMayInheritFunctions).
	createArgs   []esb.Expr
	inheritsFunc int8
	// guardTop: the guarded regions around the walk; indexGuards, those
	// around each member read with a computed key.
	guardTop    *guardNode
	indexGuards map[*esb.EIndex]guardedRead
	// stmtSerial counts the statements walked; openLoopKeys are the keys
	// of the for-in loops around the walk (nil: a head that takes none);
	// keyReads, where the reads with such a key are (keptThroughLoop).
	stmtSerial   int32
	openLoopKeys []*symInfo
	keyReads     map[*esb.EIndex]keyRead
}

// keyOrigin is what the walk records about a binding that takes keys.
type keyOrigin struct {
	of *symInfo // the object whose keys it takes
	// heads: the writes of the binding that take keys (for-in heads,
	// for-of heads over a key list, a callback's parameter, a read from a
	// key list); bad: one took keys of another object, or of what the
	// analysis cannot name.
	heads   int
	serials []int32 // the heads' places in the walk (keyHeads counts them)
	sources int     // of the heads, those that are recorded as sources
	anys    int     // of the heads, those counted as writes of anything
	bad     bool
	// lexical: declared fresh for each key (a const or let head, a
	// callback's parameter, a const in the loop's body), so it can never
	// hold a key taken in another activation of its function or another
	// run of an enclosing block.
	lexical bool
	frame   int32      // the walk frame a var or assigned head is in (fnWalk)
	loops   []loopSpan // the for-in loops of the heads (keptThroughLoop)
}

// noteKeyHead records, in the walk, that info takes a key of obj (an
// identifier, or anything else, which makes the record useless).
func (sp *scriptPass) noteKeyHead(info *symInfo, obj esb.Expr, source, anyWrite, lexical bool, frame, serial int32) {
	if info.keys == nil {
		info.keys = &keyOrigin{lexical: lexical, frame: frame}
	}
	o := info.keys
	of := sp.localBinding(obj)
	switch {
	case of == nil || o.of != nil && o.of != of || o.heads > 0 && (o.lexical != lexical || o.frame != frame):
		o.bad = true
	default:
		o.of = of
	}
	o.heads++
	o.serials = append(o.serials, serial)
	if source {
		o.sources++
	}
	if anyWrite {
		o.anys++
	}
}

// localBinding is the local binding an identifier names, or nil.
func (sp *scriptPass) localBinding(e esb.Expr) *symInfo {
	if s, info, ok := sp.identSymbol(e); ok && s.Kind != esb.SymbolUnbound {
		return info
	}
	return nil
}

// keyList is the object whose Object.keys e is: the call itself, or a
// const bound to it that nothing changes.
func (sp *scriptPass) keyList(e esb.Expr) (esb.Expr, bool) {
	if _, ok := e.Data.(*esb.EIdentifier); ok {
		info := sp.localBinding(e)
		if info == nil || !info.konst || len(info.sources) != 1 || info.anyWrite ||
			info.mutated || info.aliased || info.mutatorCalls > 0 || info.handedOn || info.updated || len(info.memberSources) > 0 {
			return esb.Expr{}, false
		}
		src := info.sources[0]
		if src.bad || src.elems || len(src.keys) > 0 {
			return esb.Expr{}, false
		}
		e = src.expr
	}
	c, ok := e.Data.(*esb.ECall)
	if !ok || len(c.Args) != 1 || sp.builtinPath(c.Target, 0) != "Object.keys" { // (what it must be, not may)
		return esb.Expr{}, false
	}
	return c.Args[0], true
}

// noteKeyCallback records, in the walk, the key parameter of a callback
// an array method over Object.keys(o) is given.
func (sp *scriptPass) noteKeyCallback(target esb.Expr, args []esb.Expr) {
	dot, ok := target.Data.(*esb.EDot)
	if !ok || len(args) == 0 {
		return
	}
	param := 0
	switch dot.Name {
	case "forEach", "map", "filter", "some", "every", "find", "findIndex", "findLast", "findLastIndex", "flatMap":
	case "reduce", "reduceRight":
		param = 1
	default:
		return
	}
	// A module is strict code, so arguments does not alias a parameter.
	var params []esb.Arg
	switch f := args[0].Data.(type) {
	case *esb.EArrow:
		params = f.Args
	case *esb.EFunction:
		if f.Fn.Name != nil {
			return // (a named function expression may call itself with any key)
		}
		params = f.Fn.Args
	}
	if len(params) <= param || params[param].DefaultOrNil.Data != nil {
		return
	}
	id, ok := params[param].Binding.Data.(*esb.BIdentifier)
	if !ok {
		return
	}
	sp.noteKeyHeadOfList(sp.sym(id.Ref), dot.Target, false, true, true)
}

// noteKeyHeadOfList is noteKeyHead for a key taken from what may be a
// key list (Object.keys(o), or a const bound to it): which it is is
// known once the walk has recorded every write (resolveKeyLists).
func (sp *scriptPass) noteKeyHeadOfList(info *symInfo, list esb.Expr, source, anyWrite, lexical bool) {
	sp.keyHeads++
	sp.keyLists = append(sp.keyLists, pendingKeyList{info, list, source, anyWrite, lexical, sp.walkFrame(), sp.keyHeads})
}

type pendingKeyList struct {
	info                      *symInfo
	list                      esb.Expr
	source, anyWrite, lexical bool
	frame, serial             int32
}

// resolveKeyLists turns the pending key lists into key heads, once
// every binding's writes are recorded.
func (sp *scriptPass) resolveKeyLists() {
	for _, p := range sp.keyLists {
		obj, _ := sp.keyList(p.list) // (a list it cannot name makes the record useless)
		sp.noteKeyHead(p.info, obj, p.source, p.anyWrite, p.lexical, p.frame, p.serial)
	}
	sp.keyLists = nil
}

// walkFrame is the serial of the function the walk is in (0: the module).
func (sp *scriptPass) walkFrame() int32 {
	if len(sp.fnWalk) == 0 {
		return 0
	}
	return sp.fnWalk[len(sp.fnWalk)-1].serial
}

// ownKeyRead reports whether target[index] reads one of target's own
// enumerable members (or an enumerable one it inherits from the script's
// own prototypes), as the comment at the top says.
func (sp *scriptPass) ownKeyRead(x *esb.EIndex) bool {
	target, index := x.Target, x.Index
	if sp.membersOpen || sp.directEval || sp.collecting || sp.mayUnshadow() {
		return false // (while the walk records writes, a key's are not all known)
	}
	obj := sp.localBinding(target)
	if ix, ok := index.Data.(*esb.EIndex); ok && obj != nil && unwritten(obj) {
		// o[keys[i]], keys a key list of o: an own key, or undefined.
		list, ok := sp.keyList(ix.Target)
		return ok && sp.localBinding(list) == obj
	}
	key := sp.localBinding(index)
	if obj == nil || key == nil || key.keys == nil {
		return false
	}
	k := key.keys
	if k.bad || k.of != obj || !onlyKeyWrites(key) {
		return false // another write may put any string in it
	}
	if k.lexical {
		// Fresh for each key: the object must hold one value wherever
		// the key is in scope.
		return unwritten(obj) || sp.keptThroughLoop(obj, k, x)
	}
	// A var taken again by each run of the function it is declared in:
	// the object must be a parameter of it or of a function around it,
	// never written (a block's const may be a new value in each run of
	// the block while the var keeps an old key).
	return k.frame == key.declFrame && (obj.isParam && unwritten(obj) || sp.keptThroughLoop(obj, k, x))
}

// noteDelete records, in the walk, the key a delete removes.
func (sp *scriptPass) noteDelete(target esb.Expr) {
	switch x := target.Data.(type) {
	case *esb.EDot:
		sp.exportsDeleted = sp.exportsDeleted || x.Name == "exports"
		if x.Name == "constructor" || x.Name == "__proto__" {
			sp.deletedKeys = append(sp.deletedKeys, esb.Expr{}) // (read as a key that may be either)
		}
	case *esb.EIndex:
		sp.deletedKeys = append(sp.deletedKeys, x.Index)
	}
}

// mayUnshadow reports whether some delete may remove an own constructor
// or __proto__, after which a read with that key gets the inherited one.
func (sp *scriptPass) mayUnshadow() bool {
	if sp.unshadows == 0 {
		// While it is worked out (the keys' kinds may ask again), the
		// answer is the safe one; the solver's replay sees each change.
		sp.unshadows = 2
		sp.kindsEpoch++
		may := false
		for _, k := range sp.deletedKeys {
			if key, ok := sp.indexKey(k); ok && key != "constructor" && key != "__proto__" {
				continue
			}
			if k.Data == nil || sp.keyMayBeConstructor(k) {
				may = true
				break
			}
		}
		if !may {
			sp.unshadows = 1
		}
		sp.kindsEpoch++
	}
	return sp.unshadows == 2
}

// noteKeyDecl records, in the walk, where a plain name is declared, and a
// const read from a key list (const key = keys[i]).
func (sp *scriptPass) noteKeyDecl(kind esb.LocalKind, d esb.Decl) {
	id, ok := d.Binding.Data.(*esb.BIdentifier)
	if !ok {
		return
	}
	info := sp.sym(id.Ref)
	info.declFrame = sp.walkFrame()
	if ix, ok := d.ValueOrNil.Data.(*esb.EIndex); ok && kind == esb.LocalConst {
		sp.noteKeyHeadOfList(info, ix.Target, true, false, true)
	}
}

// noteLoopKey records, in the walk, a for-in head over an object (its
// keys) or a for-of head over a key list.
func (sp *scriptPass) noteLoopKey(info *symInfo, value esb.Expr, of, lexical bool) {
	if of {
		sp.noteKeyHeadOfList(info, value, true, false, lexical)
		return
	}
	sp.keyHeads++
	sp.noteKeyHead(info, value, false, false, lexical, sp.walkFrame(), sp.keyHeads)
	info.keys.loops = append(info.keys.loops, loopSpan{from: sp.stmtSerial, to: -1})
	sp.openLoopKeys = append(sp.openLoopKeys, info)
}

// openLoopKey starts, in the walk, a for-in loop whose head sp.forHead
// is about to read; closeLoopKey ends it.
func (sp *scriptPass) openLoopKey(init esb.Stmt, value esb.Expr) {
	n := len(sp.openLoopKeys)
	sp.forHead(init, value, false)
	if len(sp.openLoopKeys) == n {
		sp.openLoopKeys = append(sp.openLoopKeys, nil)
	}
}

// loopSpan is the statements of a for-in loop that takes keys: its own
// (from) and its body's, up to to.
type loopSpan struct{ from, to int32 }

// closeLoopKey ends, after the walk of a for-in loop's body, the span of
// its head's key (nil when the head took none).
func (sp *scriptPass) closeLoopKey() {
	n := len(sp.openLoopKeys) - 1
	if n < 0 {
		return
	}
	if info := sp.openLoopKeys[n]; info != nil {
		spans := info.keys.loops
		spans[len(spans)-1].to = sp.stmtSerial
	}
	sp.openLoopKeys = sp.openLoopKeys[:n]
}

// keyRead is where a member read whose key may come from a key head is:
// its statement (stmtSerial) and its function.
type keyRead struct{ at, frame int32 }

// noteKeyRead records, in the walk, where a member read whose key names a
// binding that takes keys is.
func (sp *scriptPass) noteKeyRead(x *esb.EIndex) {
	if key := sp.localBinding(x.Index); key != nil && key.keys != nil && len(key.keys.loops) > 0 {
		if sp.keyReads == nil {
			sp.keyReads = map[*esb.EIndex]keyRead{}
		}
		sp.keyReads[x] = keyRead{sp.stmtSerial, sp.walkFrame()}
	}
}

// maxKeptLoops and maxKeptWrites bound what keptThroughLoop compares for
// one read: the loops a key is taken by, and the writes of the object.
const (
	maxKeptLoops  = 8
	maxKeptWrites = 16
)

// keptThroughLoop reports whether read, obj[key], is in the body of a
// for-in loop over obj that took key, in the loop's own function, with
// obj declared in that function and written only there, outside the
// loop: then obj holds, at the read, the value whose keys the loop
// takes, though it may be written before or after (tinycolor's
// color = newColor after its loop). A write in another function may run
// during the loop, and a read in a function made in it may run after a
// later write, so neither passes.
func (sp *scriptPass) keptThroughLoop(obj *symInfo, k *keyOrigin, read *esb.EIndex) bool {
	ownWrites := 0 // (a parameter's own, by the call)
	if obj.isParam {
		ownWrites = 1
	}
	r, ok := sp.keyReads[read]
	if !ok || r.frame != k.frame || obj.declFrame != k.frame || obj.updated || obj.fn != "" ||
		obj.extraKinds&^kUndef != 0 || obj.anyWrites != ownWrites ||
		len(k.loops) > maxKeptLoops || len(obj.sources) > maxKeptWrites {
		return false // (past the bounds, each read would compare every loop with every write)
	}
	for _, l := range k.loops {
		if l.from >= r.at || r.at > l.to {
			continue
		}
		kept := true
		for _, s := range obj.sources {
			if s.frame != k.frame || l.from <= s.at && s.at <= l.to {
				kept = false
				break
			}
		}
		if kept {
			return true
		}
	}
	return false
}

// ownKeyGuarded reports whether x, target[index], runs only where a
// test has proved index an own key of target
// (Object.hasOwn(o, k), hasOwnProperty.call(o, k), o.hasOwnProperty(k),
// or a local function that returns one of those of its parameters), both
// names a constant or a parameter never written, so neither has changed
// since.
func (sp *scriptPass) ownKeyGuarded(x *esb.EIndex) bool {
	target, index := x.Target, x.Index
	if sp.indexGuards[x].top == nil || sp.collecting || sp.membersOpen || sp.directEval || sp.mayUnshadow() {
		return false
	}
	obj, key := sp.localBinding(target), sp.localBinding(index)
	if obj == nil || key == nil || !unwritten(obj) || sp.kindsOf(target).may(kReach|kGlobal) {
		return false
	}
	steady := unwritten(key) || freshKey(key)
	return sp.proved(x, func(g *guardNode, frame int32) bool {
		return (steady || sp.keptInRegion(key, g, frame)) && slices.Contains(sp.factsOf(g).own, [2]*symInfo{obj, key})
	})
}

// keptInRegion reports whether a key whose only writes take keys (a var
// head) holds one value throughout region g, as read in frame: the read
// is in the function the test is (no function made in the region reads it
// after a later head), and none of its heads is inside the region.
func (sp *scriptPass) keptInRegion(key *symInfo, g *guardNode, frame int32) bool {
	k := key.keys
	if k == nil || k.bad || !onlyKeyWrites(key) || g.frame != frame {
		return false
	}
	for _, s := range k.serials {
		if s > g.headsFrom && s <= g.headsTo {
			return false
		}
	}
	return true
}

// unwritten: a constant, or a parameter no write changes.
func unwritten(info *symInfo) bool {
	if info.updated || info.fn != "" {
		return false
	}
	return info.konst && len(info.sources) == 1 && info.anyWrites == 0 || info.isParam && len(info.sources) == 0 && info.anyWrites == 1
}

// freshKey: a key declared fresh for each key it takes (a const or let
// head, a callback's parameter) and never written otherwise.
func freshKey(info *symInfo) bool {
	k := info.keys
	return k != nil && !k.bad && k.lexical && onlyKeyWrites(info)
}

// onlyKeyWrites: every write of info is one that takes a key.
func onlyKeyWrites(info *symInfo) bool {
	k := info.keys
	return !info.updated && info.fn == "" && len(info.sources) == k.sources && info.anyWrites == k.anys &&
		info.extraKinds&^(kStr|kUndef) == 0
}

// provesOwn reports whether cond, when truthy (or when falsy, truthy
// false), proves some (o, k) an own key that match accepts.
func (sp *scriptPass) provesOwn(cond esb.Expr, truthy bool, match func(o, k esb.Expr) bool, depth int) bool {
	return provedByParts(cond, truthy, depth, func(part esb.Expr, truthy bool, depth int) bool {
		c, ok := part.Data.(*esb.ECall)
		return ok && truthy && sp.ownTestCall(c, match, depth)
	})
}

// ownTestCall reports whether c tests that its (o, k) is an own key, with
// match judging the two.
func (sp *scriptPass) ownTestCall(c *esb.ECall, match func(o, k esb.Expr) bool, depth int) bool {
	switch t := c.Target.Data.(type) {
	case *esb.EDot:
		switch {
		case t.Name == "call" && len(c.Args) >= 2 && sp.isHasOwnProperty(t.Target, 0):
			return match(c.Args[0], c.Args[1])
		case t.Name == "hasOwnProperty" && len(c.Args) >= 1 && sp.onlyBuiltinMember("hasOwnProperty"):
			return match(t.Target, c.Args[0])
		case t.Name == "hasOwn" && len(c.Args) >= 2 && sp.builtinPath(c.Target, 0) == "Object.hasOwn":
			return match(c.Args[0], c.Args[1])
		}
	case *esb.EIdentifier:
		ret, arg := sp.returnedTest(c, depth)
		inner, ok := ret.Data.(*esb.ECall)
		if !ok {
			return false
		}
		return sp.ownTestCall(inner, func(o, k esb.Expr) bool {
			oa, ok1 := arg(o)
			ka, ok2 := arg(k)
			return ok1 && ok2 && match(oa, ka)
		}, depth+1)
	}
	return false
}

// returnedTest reads a call of a local function whose body is one return
// (isObject, has): the returned expression, and arg, which gives the
// call's argument for a parameter it names (one never written). ret is
// empty when c calls no such function.
func (sp *scriptPass) returnedTest(c *esb.ECall, depth int) (ret esb.Expr, arg func(esb.Expr) (esb.Expr, bool)) {
	rec := sp.calleeRecord(c.Target)
	if rec == nil || rec.usesArguments || depth > 2 {
		return esb.Expr{}, nil
	}
	ret, params := sp.onlyReturn(sp.localBinding(c.Target))
	return ret, func(e esb.Expr) (esb.Expr, bool) {
		p := sp.localBinding(e)
		if p == nil || !unwritten(p) {
			return esb.Expr{}, false
		}
		for i, q := range params {
			if id, ok := q.Binding.Data.(*esb.BIdentifier); ok && sp.sym(id.Ref) == p && i < len(c.Args) {
				return c.Args[i], true
			}
		}
		return esb.Expr{}, false
	}
}

// isHasOwnProperty reports whether e must be Object.prototype.hasOwnProperty:
// named by that path, read by that name when no member of that name may
// hold a function of the script's, or a name given only one of those.
func (sp *scriptPass) isHasOwnProperty(e esb.Expr, depth int) bool {
	if depth > maxResolveDepth {
		return false
	}
	switch x := e.Data.(type) {
	case *esb.EDot:
		return x.Name == "hasOwnProperty" && (sp.builtinPath(e, 0) == "Object.prototype.hasOwnProperty" ||
			sp.plainLiteralBinding(x.Target) || sp.onlyBuiltinMember("hasOwnProperty"))
	case *esb.EIdentifier:
		info := sp.localBinding(e)
		if info == nil || info.anyWrite || info.updated || len(info.sources) != 1 {
			return false
		}
		src := info.sources[0]
		return !src.bad && !src.elems && len(src.keys) == 0 && sp.isHasOwnProperty(src.expr, depth+1)
	}
	return false
}

// plainLiteralBinding reports a name given only an object literal with
// no computed key, spread or __proto__, that nothing else writes into
// (no member write, alias, mutation or hand-on): its members are the
// literal's, and what it inherits is Object.prototype's.
func (sp *scriptPass) plainLiteralBinding(e esb.Expr) bool {
	v, ok := unchangedSource(sp.localBinding(e))
	if !ok {
		return false
	}
	o, ok := v.Data.(*esb.EObject)
	if !ok {
		return false
	}
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread || p.Flags.Has(esb.PropertyIsComputed) || isProtoKey(p) {
			return false
		}
		if k, ok := sp.indexKey(p.Key); !ok || k == "hasOwnProperty" {
			return false
		}
	}
	return true
}

// unchangedSource is the one value a binding is bound to, when nothing
// writes it again, changes the value in place or holds it elsewhere.
func unchangedSource(info *symInfo) (esb.Expr, bool) {
	if info == nil || info.anyWrite || info.updated || len(info.sources) != 1 ||
		info.aliased || info.mutated || info.handedOn || info.protoWritten || len(info.memberSources) > 0 ||
		len(info.sources[0].keys) > 0 || info.sources[0].elems {
		return esb.Expr{}, false
	}
	return info.sources[0].expr, true
}

// onlyReturn is the value and parameters of a function bound to info
// whose body is one return statement.
func (sp *scriptPass) onlyReturn(info *symInfo) (esb.Expr, []esb.Arg) {
	var args []esb.Arg
	var body []esb.Stmt
	switch {
	case info.fnNode != nil:
		args, body = info.fnNode.Args, info.fnNode.Body.Block.Stmts
	case len(info.sources) == 1:
		switch f := info.sources[0].expr.Data.(type) {
		case *esb.EFunction:
			args, body = f.Fn.Args, f.Fn.Body.Block.Stmts
		case *esb.EArrow:
			args, body = f.Args, f.Body.Block.Stmts
		}
	}
	if len(body) != 1 {
		return esb.Expr{}, nil
	}
	r, ok := body[0].Data.(*esb.SReturn)
	if !ok {
		return esb.Expr{}, nil
	}
	return r.ValueOrNil, args
}
