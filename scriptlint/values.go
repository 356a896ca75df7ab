package scriptlint

import (
	"encoding/base64"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
)

// What a binding may hold. The walk records, for every symbol,
// each expression it is initialised or assigned with (and, for
// destructuring, the property path taken from it). The checks then ask two
// questions of any expression, flow-insensitively:
//
//   - resolve: which global it may be (eval, Function, rmx.fetch, …),
//     through aliases (const e = eval), global objects (window.eval,
//     globalThis["ev"+"al"]), commas and conditionals ((0, eval), a || eval),
//     array literals ([eval][0]), destructuring ({eval: e} = window),
//     bind, Reflect.get, and constructor chains ([].constructor.constructor,
//     Object.getPrototypeOf(async function(){}).constructor);
//   - fold: which string it is, when that is decided by the text: literals,
//     concatenation, templates, const bindings, String.fromCharCode, atob,
//     decodeURIComponent, case changes, split/reverse/join, slice, replace,
//     repeat, and String.raw.
//
// A binding assigned several values may hold any of them (resolve takes
// the union); fold uses only bindings with a single value.

type symInfo struct {
	sym     *esb.Symbol // set by indexSymbols
	sources []valueSource
	fn      string  // "fn", "fn:async", "fn:gen", "fn:asyncgen" for declared functions, "class" for classes
	fnNode  *esb.Fn // the declared function
	// classNode is the declared class (instances.go).
	classNode *esb.Class
	// memberSources are the values written into its members (o.x = v);
	// mutated: it was handed to code that may change it.
	memberSources []esb.Expr
	mutated       bool
	// keyHarmless: keyHoldsOnlyHarmless's memo (0 not known, 1 no, 2 yes).
	keyHarmless int8
	// aliased: its value was stored, passed or returned, so another
	// reference may write into the object it holds (transfer.go).
	aliased bool
	// handedOn: passed to code the analysis does not follow, which may
	// give it own members of any name (bindings.go).
	handedOn bool
	// anyWrite: written by an operation the analysis does not model (a
	// parameter, a caught error, a rest element, a computed key): it may
	// hold anything. extraKinds are the kinds of writes that are not
	// expressions (a for-in head's keys, a declaration's undefined);
	// protoWritten: its prototype was set.
	anyWrite, protoWritten bool
	extraKinds             kinds
	// usedOtherwise: some reference takes its object elsewhere, or calls
	// a method on it (readsOnly says which do not; literalHeldAlone).
	usedOtherwise bool
	// The abstract value (transfer.go): kv, and how far it is solved.
	kv     kinds
	kstate uint8
	km     kindsMemo
	// intrinsic: whether it is an alias of a built-in (intrinsics.go).
	intrinsic intrinsicMark
	kdepth    int32
	resolver  bool // a Promise executor's resolve or reject: always a function
	// proxyTarget: a parameter of a trap of new Proxy(target, { … }) that
	// the engine gives target; proxyKey: one it gives a property key.
	proxyTarget *esb.Expr
	proxyKey    bool
	// replacer: the call of replace or replaceAll it is a parameter of
	// the replacer of (noteReplacer).
	replacer    *esb.ECall
	pageElement bool // the variable of a for-of loop over the page's own elements (pagechecks.go)
	// The memo of infoMayReachAPI (0 not known, 1 false, 2 true):
	// flow-insensitive, so one answer per binding.
	memoAPI  int8
	konst    bool
	updated  bool // assigned by ++, --, or an operator assignment
	literals bool // some source is an object or array literal

	global *globalInfo // for an unbound name

	// ownkeys.go: the object whose keys it takes, whether it is a
	// parameter, and the walk frame its declaration is in.
	keys      *keyOrigin
	isParam   bool
	declFrame int32
	// moduleObject: a module wrapper's module parameter (bindings.go).
	moduleObject bool
	// literalOwner: its only value is an object literal with a name as a
	// member's value; dotReads: how many of its references read a member
	// by name (uncalled.go).
	literalOwner bool
	dotReads     int32

	// reach.go: the function bound to this name (two: fnRecAmbiguous), the
	// function this parameter is of and its position, and how often the
	// name is referred to and called directly.
	fnRec          *fnRec
	paramOf        *fnRec
	paramIndex     int32
	refs, callRefs int32
	fnRecAmbiguous bool
	// otherAny: anyWrite for another reason than being a parameter
	// paramKinds gives values.
	otherAny bool
	// entryValue: a parameter the function's first statements overwrite
	// with a call of string methods on itself (noteEntryOverwrites), and
	// paramWrites the any-writes it had then.
	entryValue  esb.Expr
	paramWrites int32
	cand        uint8 // reachCandidate's memo
	// What the sinks' walk reads (sinkvalues.go): what push, set and kin
	// put in, how many such calls there were, a member's elements changed
	// (otherMutation), the for-of heads of a const pattern, and how many
	// writes made it hold anything (a parameter's own is one).
	heldWrites    [][]esb.Expr
	mutatorCalls  int
	anyWrites     int
	otherMutation bool
	heldForOf     []valueSource

	resolving, resolvedDone bool
	resolved                []string
	folding                 bool
}

type valueSource struct {
	expr  esb.Expr
	keys  []string // property path taken from expr (destructuring)
	bad   bool     // a key along the path could not be folded
	elems bool     // an element of iterating expr (a for-of head)
	// at, frame: the statement the write is in (stmtSerial) and the
	// function (walkFrame), for ownkeys.go's loops.
	at, frame int32
	// guard: the guarded regions around the write (provedPrimitiveAt).
	guard *guardNode
}

// addSource records a value a binding may hold. Most bindings get one:
// the first comes from a shared block (sp.sourceBlock), capped at one
// element so that a second one is appended elsewhere.
func (sp *scriptPass) addSource(info *symInfo, src valueSource) {
	src.at, src.frame, src.guard = sp.stmtSerial, sp.walkFrame(), sp.guardTop
	if info.sources == nil {
		if len(sp.sourceBlock) == cap(sp.sourceBlock) {
			sp.sourceBlock = make([]valueSource, 0, 512)
		}
		sp.sourceBlock = append(sp.sourceBlock, src)
		n := len(sp.sourceBlock)
		info.sources = sp.sourceBlock[n-1 : n : n]
	} else {
		info.sources = append(info.sources, src)
	}
	switch src.expr.Data.(type) {
	case *esb.EObject, *esb.EArray:
		info.literals = true
	}
}

// lookup returns the symbol a reference names and what the walk knows of
// it (kept in a slice indexed like esbuild's symbol table), through the
// index indexSymbols builds before the walk (without a tree, there is no
// symbol).
func (sp *scriptPass) lookup(ref esb.Ref) (*esb.Symbol, *symInfo) {
	if i := int(ref.InnerIndex); i < len(sp.infoAt) {
		if info := sp.infoAt[i]; info != nil {
			return info.sym, info
		}
	}
	return nil, nil
}

// indexSymbols resolves, once, every reference index to the symbol it
// names (following merged symbols), so that lookup is one slice read.
func (sp *scriptPass) indexSymbols() {
	syms := sp.res.AST.Symbols
	sp.infos = make([]symInfo, len(syms))
	sp.infoAt = make([]*symInfo, len(syms))
	for i := range syms {
		if j, s := sp.res.SymbolAt(esb.Ref{InnerIndex: uint32(i)}); s != nil {
			sp.infos[j].sym = s
			sp.infoAt[i] = &sp.infos[j]
		}
	}
}

func (sp *scriptPass) sym(ref esb.Ref) *symInfo {
	if _, info := sp.lookup(ref); info != nil {
		return info
	}
	return &symInfo{}
}

// identSymbol returns the symbol behind an identifier expression.
func (sp *scriptPass) identSymbol(e esb.Expr) (*esb.Symbol, *symInfo, bool) {
	id, ok := e.Data.(*esb.EIdentifier)
	if !ok {
		return nil, nil, false
	}
	s, info := sp.lookup(id.Ref)
	return s, info, s != nil
}

// bindTo records that binding b takes value (with a property path).
func (sp *scriptPass) bindTo(b esb.Binding, value esb.Expr, keys []string, konst bool) {
	switch b := b.Data.(type) {
	case *esb.BIdentifier:
		info := sp.sym(b.Ref)
		info.konst = info.konst || konst
		if value.Data != nil {
			sp.addSource(info, valueSource{expr: value, keys: keys})
		}
	case *esb.BArray:
		for i, item := range b.Items {
			if b.HasSpread && i == len(b.Items)-1 {
				sp.bindKinds(item.Binding, kArray|kOpen) // the rest: a new array of what is left
				continue
			}
			if value.Data != nil {
				sp.bindTo(item.Binding, value, appendKey(keys, strconv.Itoa(i)), konst)
			}
			if item.DefaultValueOrNil.Data != nil {
				sp.bindTo(item.Binding, item.DefaultValueOrNil, nil, konst)
			}
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			if value.Data != nil {
				if key, ok := sp.foldKey(p.Key); ok && !p.IsSpread {
					sp.bindTo(p.Value, value, appendKey(keys, key), konst)
				} else if p.IsSpread {
					sp.bindKinds(p.Value, kObject|kOpen) // the rest: a new object of what is left
				} else {
					sp.bindAny(p.Value) // a key the text does not decide
				}
			}
			if p.DefaultValueOrNil.Data != nil {
				sp.bindTo(p.Value, p.DefaultValueOrNil, nil, konst)
			}
		}
	}
}

func appendKey(keys []string, k string) []string {
	return append(slices.Clip(keys), k)
}

// assigned records an assignment to target (an identifier or a
// destructuring pattern); an empty value means "updated in place".
func (sp *scriptPass) assigned(target, value esb.Expr) {
	sp.assignedKeys(target, value, nil)
}

func (sp *scriptPass) assignedKeys(target, value esb.Expr, keys []string) {
	switch t := target.Data.(type) {
	case *esb.EIdentifier:
		info := sp.sym(t.Ref)
		if value.Data == nil {
			info.updated = true
			return
		}
		sp.addSource(info, valueSource{expr: value, keys: keys})
	case *esb.EArray:
		for i, item := range t.Items {
			if s, ok := item.Data.(*esb.ESpread); ok {
				sp.assignKinds(s.Value, kArray|kOpen) // the rest
				continue
			}
			sp.assignedKeys(item, value, appendKey(keys, strconv.Itoa(i)))
		}
	case *esb.EObject:
		for _, p := range t.Properties {
			switch key, ok := sp.foldKey(p.Key); {
			case p.Kind == esb.PropertySpread:
				sp.assignKinds(p.ValueOrNil, kObject|kOpen) // the rest
			case ok:
				sp.assignedKeys(p.ValueOrNil, value, appendKey(keys, key))
			default:
				sp.assignAny(p.ValueOrNil) // a key the text does not decide
			}
		}
	case *esb.EDot, *esb.EIndex:
		if len(keys) > 0 {
			sp.assignMember(target) // a member written by a pattern
		}
	case *esb.EBinary:
		if t.Op == esb.BinOpAssign { // a default in a pattern: [a = eval] = []
			sp.assignedKeys(t.Left, value, keys)
			sp.assignedKeys(t.Left, t.Right, nil)
		}
	}
}

// Paths. A path names a global: "eval", "rmx.fetch", "Function". The global
// object itself is "globalThis"; function values are "fn", "fn:async",
// "fn:gen", "fn:asyncgen"; literals are "lit:String", "lit:Array", ….

const (
	maxResolveDepth = 24
	maxPaths        = 16
)

// codeRunners are the globals `this.X` is taken to mean: in a module,
// `this` is undefined except when a function is called with the global
// object as its receiver, which is how this.eval is spelled.
var codeRunners = wordset.Of(
	"eval Function setTimeout setInterval " +
		"importScripts Worker SharedWorker ")

// interestingRoots are the globals whose members the checks follow;
// members of any other global are not tracked (that keeps the walk cheap).
var interestingRoots = wordset.Of("globalThis eval Function AsyncFunction GeneratorFunction AsyncGeneratorFunction " +
	"setTimeout setInterval importScripts Worker SharedWorker WebAssembly Reflect Object " +
	"String Array atob decodeURIComponent decodeURI unescape rmx dom document fetch " +
	"XMLHttpRequest WebSocket EventSource localStorage sessionStorage indexedDB caches " +
	"navigator open location RTCPeerConnection webkitRTCPeerConnection mozRTCPeerConnection " +
	"RTCDataChannel console Error TypeError RangeError SyntaxError ReferenceError EvalError " +
	"URIError AggregateError ")

// functionConstructors are the constructors that compile strings.
var functionConstructors = map[string]bool{"Function": true, "AsyncFunction": true, "GeneratorFunction": true, "AsyncGeneratorFunction": true}

// namespaces are globals that are plain objects, not functions.
var namespaces = wordset.Of("Math JSON Reflect Atomics Intl Temporal WebAssembly CSS console rmx dom globalThis ")

func (sp *scriptPass) resolve(e esb.Expr) []string { return sp.resolveDepth(e, 0) }

// Results shared by every caller (union clips before it appends).
var (
	pathThis     = []string{"this"}
	pathFn       = []string{"fn"}
	pathFnAsync  = []string{"fn:async"}
	pathString   = []string{"lit:String"}
	pathArray    = []string{"lit:Array"}
	pathObject   = []string{"lit:Object"}
	pathNumber   = []string{"lit:Number"}
	pathRegExp   = []string{"lit:RegExp"}
	pathBoolean  = []string{"lit:Boolean"}
	pathFunction = []string{"Function"}
)

func (sp *scriptPass) resolveDepth(e esb.Expr, depth int) []string {
	if depth > maxResolveDepth {
		return nil
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil {
			return nil
		}
		if s.Kind == esb.SymbolUnbound {
			return sp.global(s, info).paths
		}
		return sp.resolveSymbol(info, depth)
	case *esb.EThis:
		return pathThis
	case *esb.EDot:
		// x.constructor.constructor is Function, whatever x is.
		if x.Name == "constructor" {
			if inner, ok := x.Target.Data.(*esb.EDot); ok && inner.Name == "constructor" {
				return pathFunction
			}
		}
		return sp.resolveMember(x.Target, x.Name, depth)
	case *esb.EIndex:
		if key, ok := sp.foldKey(x.Index); ok {
			if arr, ok := x.Target.Data.(*esb.EArray); ok {
				if item, ok := literalItem(arr, key); ok {
					return sp.resolveDepth(item, depth)
				}
			}
			return sp.resolveMember(x.Target, key, depth)
		}
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpComma, esb.BinOpAssign:
			return sp.resolveDepth(x.Right, depth)
		case esb.BinOpLogicalOr, esb.BinOpLogicalAnd, esb.BinOpNullishCoalescing:
			return union(sp.resolveDepth(x.Left, depth), sp.resolveDepth(x.Right, depth))
		}
	case *esb.EIf:
		return union(sp.resolveDepth(x.Yes, depth), sp.resolveDepth(x.No, depth))
	case *esb.EAnnotation:
		return sp.resolveDepth(x.Value, depth)
	case *esb.ECall:
		if dot, ok := x.Target.Data.(*esb.EDot); ok && dot.Name == "bind" {
			return sp.resolveDepth(dot.Target, depth)
		}
		target := sp.resolveDepth(x.Target, depth)
		switch {
		case slices.Contains(target, "Reflect.get") && len(x.Args) >= 2:
			if key, ok := sp.foldKey(x.Args[1]); ok {
				return sp.members(sp.resolveDepth(x.Args[0], depth), key)
			}
		case has(target, "Object.getOwnPropertyDescriptor", "Reflect.getOwnPropertyDescriptor") && len(x.Args) >= 2:
			if key, ok := sp.foldKey(x.Args[1]); ok {
				var out []string
				for _, p := range sp.resolveMember(x.Args[0], key, depth) {
					out = append(out, "descriptor:"+p)
				}
				return out
			}
		case (slices.Contains(target, "Object.getPrototypeOf") || slices.Contains(target, "Reflect.getPrototypeOf")) && len(x.Args) >= 1:
			var out []string
			for _, p := range sp.resolveDepth(x.Args[0], depth) {
				if c := constructorOf(p); c != "" {
					out = append(out, c+".prototype")
				}
			}
			return out
		}
	case *esb.EArrow:
		if x.IsAsync {
			return pathFnAsync
		}
		return pathFn
	case *esb.EFunction:
		return []string{fnKind(&x.Fn)}
	case *esb.EClass:
		return pathFn
	case *esb.EString, *esb.ETemplate:
		if t, ok := x.(*esb.ETemplate); ok && t.TagOrNil.Data != nil {
			return nil
		}
		return pathString
	case *esb.EArray:
		return pathArray
	case *esb.EObject:
		return pathObject
	case *esb.ENumber:
		return pathNumber
	case *esb.ERegExp:
		return pathRegExp
	case *esb.EBoolean:
		return pathBoolean
	}
	return nil
}

// globalInfo is what the checks need to know of an unbound name, decided
// once per symbol.
type globalInfo struct {
	paths []string // what it resolves to
	// plain: an allowed global without restricted members that is
	// neither dangerous nor the global object; only a value use of it
	// needs a closer look.
	plain bool
}

func (sp *scriptPass) global(s *esb.Symbol, info *symInfo) *globalInfo {
	if info.global != nil {
		return info.global
	}
	g := &globalInfo{}
	switch name := s.OriginalName; {
	case isGlobalObjectName(name):
		g.paths = []string{"globalThis"}
	case interestingRoots[name] || functionConstructors[name]:
		g.paths = []string{name}
	}
	if a := allowedByName()[s.OriginalName]; a != nil {
		g.plain = len(a.Members) == 0 && a.Kind != KindDangerous && a.Kind != KindGlobalObject && !apiObjects[s.OriginalName]
	}
	info.global = g
	return g
}

func (sp *scriptPass) resolveSymbol(info *symInfo, depth int) []string {
	if info.resolvedDone {
		return info.resolved
	}
	if info.resolving {
		return nil // a cycle: a = b; b = a
	}
	info.resolving = true
	var out []string
	if info.fn != "" {
		out = append(out, info.fn)
	}
	for _, src := range info.sources {
		if src.bad || src.elems {
			continue // a loop head's element: its iterable is checked where it is
		}
		out = union(out, sp.resolveKeys(src.expr, src.keys, depth))
	}
	info.resolving = false
	info.resolvedDone = true
	info.resolved = out
	return out
}

// resolveKeys resolves expr, then the property path keys on it, reading
// through array and object literals where it can.
func (sp *scriptPass) resolveKeys(expr esb.Expr, keys []string, depth int) []string {
	for len(keys) > 0 {
		switch x := expr.Data.(type) {
		case *esb.EArray:
			item, ok := literalItem(x, keys[0])
			if !ok {
				return nil
			}
			expr, keys = item, keys[1:]
			continue
		case *esb.EObject:
			if v, ok := sp.objectProperty(x, keys[0]); ok {
				expr, keys = v, keys[1:]
				continue
			}
			return nil
		}
		paths := sp.resolveDepth(expr, depth)
		for _, k := range keys {
			paths = sp.members(paths, k)
		}
		return paths
	}
	return sp.resolveDepth(expr, depth)
}

// literalItem is the element of an array literal under key, where it is
// written: none past a spread, which moves what follows it.
func literalItem(arr *esb.EArray, key string) (esb.Expr, bool) {
	i, err := strconv.Atoi(key)
	if err != nil || i < 0 || i >= len(arr.Items) || hasSpread(arr.Items[:i+1]) {
		return esb.Expr{}, false
	}
	return arr.Items[i], true
}

// objectProperty finds a literal key's value in an object literal.
func (sp *scriptPass) objectProperty(o *esb.EObject, key string) (esb.Expr, bool) {
	for i := len(o.Properties) - 1; i >= 0; i-- { // the last one wins
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread {
			// A literal spread in place writes its own fields; anything else
			// may write the key after the field.
			inner, literal := p.ValueOrNil.Data.(*esb.EObject)
			if !literal {
				return esb.Expr{}, false
			}
			if v, ok := sp.objectProperty(inner, key); ok {
				return v, true
			}
			if !sp.lacksKey(inner, key) {
				return esb.Expr{}, false
			}
			continue
		}
		k, ok := sp.foldKey(p.Key)
		switch {
		case !ok && strings.HasPrefix(sp.builtinPath(p.Key, 0), "Symbol."):
			continue // (a well-known symbol is no text)
		case !ok:
			return esb.Expr{}, false // a key the text does not decide may be this one
		case k != key:
			continue
		case p.Kind.IsMethodDefinition() || isProtoKey(p):
			return esb.Expr{}, false // an accessor's or method's, or the prototype
		}
		return p.ValueOrNil, p.ValueOrNil.Data != nil
	}
	return esb.Expr{}, false
}

// lacksKey reports an object literal that gives itself no own member
// named key: every key decided, none of them key, no spread.
func (sp *scriptPass) lacksKey(o *esb.EObject, key string) bool {
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread {
			return false
		}
		if isProtoKey(p) {
			continue // (the prototype, no own member)
		}
		k, ok := sp.foldKey(p.Key)
		if !ok && !strings.HasPrefix(sp.builtinPath(p.Key, 0), "Symbol.") || ok && k == key {
			return false
		}
	}
	return true
}

// resolveMember resolves target.key, reading through the object and array
// literals a binding holds (const o = {run: eval}; o.run).
func (sp *scriptPass) resolveMember(target esb.Expr, key string, depth int) []string {
	if s, info, ok := sp.identSymbol(target); ok && s.Kind != esb.SymbolUnbound {
		// Through the binding's whole value (cached per symbol), and
		// through any literal it holds, where the property is written.
		out := sp.members(sp.resolveSymbol(info, depth), key)
		if info.literals && !info.resolving {
			info.resolving = true
			for _, src := range info.sources {
				switch src.expr.Data.(type) {
				case *esb.EObject, *esb.EArray:
					if !src.bad && !src.elems {
						out = union(out, sp.resolveKeys(src.expr, appendKey(src.keys, key), depth))
					}
				}
			}
			info.resolving = false
		}
		return out
	}
	return sp.members(sp.resolveDepth(target, depth), key)
}

func (sp *scriptPass) members(paths []string, name string) []string {
	var out []string
	for _, p := range paths {
		if q := member(p, name); q != "" {
			out = append(out, q)
		}
	}
	return out
}

// member is the path of p.name, or "" when the checks do not follow it.
func member(p, name string) string {
	switch {
	case p == "globalThis":
		if isGlobalObjectName(name) {
			return "globalThis"
		}
		if interestingRoots[name] || functionConstructors[name] {
			return name
		}
		return ""
	case p == "this":
		if codeRunners[name] {
			return name
		}
		return ""
	case strings.HasPrefix(p, "descriptor:"):
		if name == "value" || name == "get" {
			return p[len("descriptor:"):]
		}
		return ""
	case name == "constructor":
		return constructorOf(p)
	case name == "prototype":
		if isFunctionPath(p) {
			return p + ".prototype"
		}
		return ""
	case strings.HasPrefix(p, "fn") || strings.HasPrefix(p, "lit:") || p == "method":
		return "method" // a method of a function or literal ([].filter): a function
	case strings.HasSuffix(p, ".prototype"):
		return ""
	}
	return p + "." + name
}

// constructorOf is the path of p.constructor, or "".
func constructorOf(p string) string {
	switch {
	case p == "fn" || p == "method":
		return "Function"
	case p == "fn:async":
		return "AsyncFunction"
	case p == "fn:gen":
		return "GeneratorFunction"
	case p == "fn:asyncgen":
		return "AsyncGeneratorFunction"
	case strings.HasPrefix(p, "lit:"):
		return p[len("lit:"):] // "".constructor is String
	case strings.HasSuffix(p, ".prototype"):
		return strings.TrimSuffix(p, ".prototype")
	case isFunctionPath(p):
		return "Function"
	}
	return ""
}

// isFunctionPath reports paths that name a function value: the function
// constructors, global constructors (capitalised globals that are not
// namespaces), known global functions, and methods of rmx and dom.
func isFunctionPath(p string) bool {
	if functionConstructors[p] {
		return true
	}
	if !strings.Contains(p, ".") {
		if namespaces[p] || p == "this" {
			return false
		}
		return p != "" && (p[0] >= 'A' && p[0] <= 'Z' || codeRunners[p] || interestingRoots[p])
	}
	return strings.HasPrefix(p, "rmx.") || strings.HasPrefix(p, "dom.")
}

// union returns a with b's paths added. a may be a cached result: it is
// clipped first, so appending never writes into its backing array.
func union(a, b []string) []string {
	a = slices.Clip(a)
	for _, p := range b {
		if !slices.Contains(a, p) && len(a) < maxPaths {
			a = append(a, p)
		}
	}
	return a
}

// Folding.

// maxFolded caps a folded string; longer values count as unknown strings.
const maxFolded = 1 << 16

// strVal is what fold knows about a value. When known, s is the value.
// When only isStr is known, s is the text with each unknown part replaced
// by unknownMark, so the known parts can still be read (the host of
// `https://api.example.com/${path}`, the tags of an HTML template).
type strVal struct {
	s     string
	known bool
	isStr bool
}

const unknownMark = "\x00"

func (sp *scriptPass) fold(e esb.Expr) strVal { return sp.foldDepth(e, 0) }

func (sp *scriptPass) foldKey(e esb.Expr) (string, bool) {
	if s, ok := e.Data.(*esb.EString); ok {
		return esb.UTF16ToString(s.Value), true
	}
	v := sp.fold(e)
	return v.s, v.known
}

func known(s string) strVal { return strVal{s: s, known: true, isStr: true} }

func (sp *scriptPass) foldDepth(e esb.Expr, depth int) strVal {
	if depth > maxResolveDepth {
		return strVal{s: unknownMark}
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EString:
		return known(esb.UTF16ToString(x.Value))
	case *esb.ENumber:
		return strVal{s: jsNumber(x.Value), known: true}
	case *esb.EBoolean:
		return strVal{s: strconv.FormatBool(x.Value), known: true}
	case *esb.ENull:
		return strVal{s: "null", known: true}
	case *esb.EUndefined:
		return strVal{s: "undefined", known: true}
	case *esb.EAnnotation:
		return sp.foldDepth(x.Value, depth)
	case *esb.ETemplate:
		return sp.foldTemplate(x, depth)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpAdd:
			return sp.foldAdd(x, depth)
		case esb.BinOpComma:
			return sp.foldDepth(x.Right, depth)
		}
	case *esb.EIf:
		yes, no := sp.foldDepth(x.Yes, depth), sp.foldDepth(x.No, depth)
		if yes.known && no.known && yes.s == no.s {
			return yes
		}
		return strVal{s: unknownMark, isStr: yes.isStr && no.isStr}
	case *esb.EIdentifier:
		_, info := sp.lookup(x.Ref)
		if info != nil && len(sp.foldParams) > 0 {
			if v, ok := sp.foldParamValue(info); ok {
				return v // a callback's parameter (secretfold.go)
			}
		}
		if info == nil || info.folding || info.updated || info.anyWrite || info.extraKinds&^kUndef != 0 || len(info.sources) != 1 || info.sources[0].bad || info.sources[0].elems {
			break
		}
		info.folding = true
		v := sp.foldKeys(info.sources[0].expr, info.sources[0].keys, depth)
		info.folding = false
		return v
	case *esb.EIndex:
		if key, ok := sp.foldKey(x.Index); ok {
			return sp.foldKeys(x.Target, []string{key}, depth)
		}
	case *esb.EDot:
		if x.Name == "length" {
			break
		}
		if v, ok := sp.foldOwnMember(x.Target, x.Name, depth); ok {
			return v
		}
		return sp.foldKeys(x.Target, []string{x.Name}, depth)
	case *esb.ECall:
		return sp.foldCall(x, depth)
	}
	return strVal{s: unknownMark}
}

// foldText folds e where it is made a string (String(e), a template, +):
// a regular expression literal there is its text, /src/flags.
func (sp *scriptPass) foldText(e esb.Expr, depth int) strVal {
	if re, ok := e.Data.(*esb.ERegExp); ok {
		if i := strings.LastIndexByte(re.Value, '/'); i > 0 {
			return known(re.Value[:i+1] + sortedFlags(re.Value[i+1:]))
		}
	}
	return sp.foldDepth(e, depth)
}

// sortedFlags are a literal's flags as its flags and toString give them.
func sortedFlags(flags string) string {
	var b strings.Builder
	for _, f := range "dgimsuvy" {
		if strings.ContainsRune(flags, f) {
			b.WriteRune(f)
		}
	}
	return b.String()
}

// foldOwnMember folds a member a literal gives itself, which nothing can
// have changed where the literal is written: a regular expression's
// source (/re/.source, new RegExp("re").source), the name of a named
// function or class expression.
func (sp *scriptPass) foldOwnMember(target esb.Expr, name string, depth int) (strVal, bool) {
	switch x := target.Data.(type) {
	case *esb.ERegExp:
		if i := strings.LastIndexByte(x.Value, '/'); i > 1 && name == "source" {
			return known(x.Value[1:i]), true
		}
	case *esb.ENew:
		if g, ok := sp.directGlobal(x.Target); ok && g == "RegExp" && name == "source" && len(x.Args) == 1 {
			// (the source escapes / and line ends, and is (?:) when empty)
			if v := sp.foldDepth(x.Args[0], depth); v.known && v.isStr && v.s != "" && !strings.ContainsAny(v.s, "/\n\r\u2028\u2029") {
				return known(v.s), true
			}
		}
	case *esb.EFunction:
		if name == "name" && x.Fn.Name != nil {
			return known(sp.res.Symbol(x.Fn.Name.Ref).OriginalName), true
		}
	case *esb.EClass:
		if name == "name" && x.Class.Name != nil && !hasStaticName(&x.Class) {
			return known(sp.res.Symbol(x.Class.Name.Ref).OriginalName), true
		}
	}
	return strVal{}, false
}

// hasStaticName reports a class that may give itself a static member
// named name (static name = …, static name() {}, a computed key), which
// its name then is not.
func hasStaticName(c *esb.Class) bool {
	for i := range c.Properties {
		p := &c.Properties[i]
		if !p.Flags.Has(esb.PropertyIsStatic) && p.Kind != esb.PropertyClassStaticBlock {
			continue
		}
		if p.Kind == esb.PropertyClassStaticBlock || p.Flags.Has(esb.PropertyIsComputed) {
			return true
		}
		if k, ok := p.Key.Data.(*esb.EString); !ok || esb.UTF16ToString(k.Value) == "name" {
			return true
		}
	}
	return false
}

// foldKeys folds expr[keys[0]][keys[1]]… through literals.
func (sp *scriptPass) foldKeys(expr esb.Expr, keys []string, depth int) strVal {
	for len(keys) > 0 {
		switch x := expr.Data.(type) {
		case *esb.EArray:
			item, ok := literalItem(x, keys[0])
			if !ok {
				return strVal{s: unknownMark}
			}
			expr, keys = item, keys[1:]
			continue
		case *esb.EObject:
			v, ok := sp.objectProperty(x, keys[0])
			if !ok {
				return strVal{s: unknownMark}
			}
			expr, keys = v, keys[1:]
			continue
		}
		if len(keys) == 1 {
			if base := sp.foldDepth(expr, depth); base.known && base.isStr {
				if i, err := strconv.Atoi(keys[0]); err == nil {
					u := utf16.Encode([]rune(base.s))
					if i >= 0 && i < len(u) {
						return known(string(utf16.Decode(u[i : i+1])))
					}
				}
			}
			if arr, ok := sp.foldArray(expr, depth); ok {
				if i, err := strconv.Atoi(keys[0]); err == nil && i >= 0 && i < len(arr) {
					return known(arr[i])
				}
			}
		}
		return strVal{s: unknownMark}
	}
	return sp.foldDepth(expr, depth)
}

// spreadLiterals is an argument list with the spread array literals in
// it (f(...["a", "b"])) written out item by item; false when another
// spread leaves the positions of the arguments unknown.
func spreadLiterals(args []esb.Expr) ([]esb.Expr, bool) {
	if !hasSpread(args) {
		return args, true
	}
	var out []esb.Expr
	for _, a := range args {
		s, ok := a.Data.(*esb.ESpread)
		if !ok {
			out = append(out, a)
			continue
		}
		arr, ok := s.Value.Data.(*esb.EArray)
		if !ok || hasSpread(arr.Items) {
			return nil, false
		}
		for _, item := range arr.Items {
			if _, hole := item.Data.(*esb.EMissing); hole {
				item = esb.Expr{Loc: item.Loc, Data: &esb.EUndefined{}}
			}
			out = append(out, item)
		}
	}
	return out, true
}

func (sp *scriptPass) foldTemplate(t *esb.ETemplate, depth int) strVal {
	raw := false
	if t.TagOrNil.Data != nil {
		if !slices.Contains(sp.resolve(t.TagOrNil), "String.raw") {
			return strVal{s: unknownMark}
		}
		raw = true
	}
	var b strings.Builder
	ok := true
	if raw {
		b.WriteString(t.HeadRaw)
	} else {
		b.WriteString(esb.UTF16ToString(t.HeadCooked))
	}
	for _, part := range t.Parts {
		v := sp.foldText(part.Value, depth)
		if v.known {
			b.WriteString(v.s)
		} else {
			ok = false
			b.WriteString(unknownMark)
		}
		if raw {
			b.WriteString(part.TailRaw)
		} else {
			b.WriteString(esb.UTF16ToString(part.TailCooked))
		}
		if b.Len() > maxFolded {
			return strVal{s: b.String()[:maxFolded] + unknownMark, isStr: true}
		}
	}
	return strVal{s: b.String(), known: ok, isStr: true}
}

// foldAdd folds a chain of + left to right (numbers add until the first
// string), walking the chain's spine without recursion.
func (sp *scriptPass) foldAdd(top *esb.EBinary, depth int) strVal {
	leaves := concatParts(top)
	acc := sp.foldText(leaves[0], depth)
	var b strings.Builder
	b.WriteString(acc.s)
	for _, leaf := range leaves[1:] {
		v := sp.foldText(leaf, depth)
		switch {
		case acc.isStr || v.isStr:
			acc.isStr = true
			acc.known = acc.known && v.known
			if v.known {
				b.WriteString(v.s)
			} else {
				b.WriteString(unknownMark)
			}
		case acc.known && v.known:
			x, err1 := strconv.ParseFloat(acc.s, 64)
			y, err2 := strconv.ParseFloat(v.s, 64)
			if err1 != nil || err2 != nil {
				return strVal{s: unknownMark}
			}
			b.Reset()
			b.WriteString(jsNumber(x + y))
		default:
			acc.known = false
			b.Reset()
			b.WriteString(unknownMark)
		}
		if b.Len() > maxFolded {
			return strVal{s: b.String()[:maxFolded] + unknownMark, isStr: acc.isStr}
		}
	}
	acc.s = b.String()
	return acc
}

func (sp *scriptPass) foldCall(c *esb.ECall, depth int) strVal {
	list, ok := spreadLiterals(c.Args)
	if !ok {
		return strVal{s: unknownMark} // (which argument is which is not known)
	}
	if hasSpread(c.Args) {
		written := *c
		written.Args = list
		c = &written
	}
	args := make([]strVal, len(list))
	argsKnown := true
	for i, a := range list {
		args[i] = sp.foldDepth(a, depth)
		argsKnown = argsKnown && args[i].known
	}
	switch c.Target.Data.(type) {
	case *esb.EArrow, *esb.EFunction:
		return sp.foldCallback(c.Target, args, depth) // a function called where it is written
	}
	target := sp.resolve(c.Target)
	switch {
	case slices.Contains(target, "String.fromCharCode") || slices.Contains(target, "String.fromCodePoint"):
		if !argsKnown {
			return strVal{s: unknownMark, isStr: true}
		}
		if out, ok := fromCodes(args, slices.Contains(target, "String.fromCodePoint")); ok {
			return known(out)
		}
		return strVal{s: unknownMark, isStr: true}
	case slices.Contains(target, "atob") && len(args) == 1 && args[0].known:
		s := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
				return -1
			}
			return r
		}, args[0].s)
		s = strings.TrimRight(s, "=")
		raw, err := base64.RawStdEncoding.DecodeString(s)
		if err != nil {
			return strVal{s: unknownMark, isStr: true}
		}
		return known(latin1(raw))
	case (slices.Contains(target, "decodeURIComponent") || slices.Contains(target, "decodeURI") || slices.Contains(target, "unescape")) && len(args) == 1 && args[0].known:
		var s string
		switch {
		case slices.Contains(target, "unescape"):
			s, ok = jsUnescape(args[0].s)
		default:
			s, ok = jsDecodeURI(args[0].s, slices.Contains(target, "decodeURI"))
		}
		if ok {
			return known(s)
		}
		return strVal{s: unknownMark, isStr: true}
	case slices.Contains(target, "String") && len(args) == 1:
		v := sp.foldText(list[0], depth)
		return strVal{s: v.s, known: v.known, isStr: true}
	}
	if name, ok := sp.directGlobal(c.Target); ok && name == "parseInt" {
		if v, ok := foldParseInt(args); ok {
			return v
		}
	}
	dot, ok := c.Target.Data.(*esb.EDot)
	if !ok {
		return strVal{s: unknownMark}
	}
	if dot.Name == "join" {
		arr, ok := sp.joinItems(dot.Target, depth)
		sep := ","
		if len(args) > 0 && !isUndefinedVal(args[0]) {
			if !args[0].known {
				return strVal{s: unknownMark, isStr: true}
			}
			sep = args[0].s
		}
		if !ok {
			return strVal{s: unknownMark, isStr: true}
		}
		return known(strings.Join(arr, sep))
	}
	if v, ok := sp.foldCallMore(c, dot, args, depth); ok {
		return v
	}
	recv := sp.foldDepth(dot.Target, depth)
	if len(list) == 2 && (dot.Name == "replace" || dot.Name == "replaceAll") {
		if re, ok := list[0].Data.(*esb.ERegExp); ok {
			if js, ok := compileJSRegexp(re.Value); ok && recv.known && recv.isStr && args[1].known {
				if out, ok := js.replace(recv.s, args[1].s, dot.Name == "replaceAll"); ok {
					return limit(out)
				}
			}
			return strVal{s: unknownMark, isStr: true}
		}
	}
	if !recv.known || !recv.isStr || !argsKnown {
		if stringMethods[dot.Name] && recv.isStr {
			return strVal{s: unknownMark, isStr: true}
		}
		return strVal{s: unknownMark}
	}
	s := recv.s
	switch dot.Name {
	case "toLowerCase", "toLocaleLowerCase", "toUpperCase", "toLocaleUpperCase":
		if out, ok := jsCase(s, strings.Contains(dot.Name, "Upper")); ok {
			return known(out)
		}
	case "trim":
		return known(strings.TrimFunc(s, isJSSpace))
	case "trimStart", "trimLeft":
		return known(strings.TrimLeftFunc(s, isJSSpace))
	case "trimEnd", "trimRight":
		return known(strings.TrimRightFunc(s, isJSSpace))
	case "normalize":
		form := ""
		if len(args) > 0 && !isUndefinedVal(args[0]) {
			form = args[0].s
		}
		if out, ok := jsNormalize(s, form); ok {
			return known(out)
		}
	case "toString", "valueOf":
		return known(s)
	case "concat":
		for _, a := range args {
			s += a.s
		}
		return limit(s)
	case "repeat":
		if len(args) == 1 {
			if n, err := strconv.Atoi(args[0].s); err == nil && n >= 0 && n*len(s) <= maxFolded {
				return known(strings.Repeat(s, n))
			}
		}
	case "slice", "substring":
		u := utf16.Encode([]rune(s))
		from, to := 0, len(u)
		if len(args) > 0 {
			from = sliceIndex(args[0].s, len(u), dot.Name == "slice")
		}
		if len(args) > 1 && !isUndefinedVal(args[1]) { // (an undefined end is the length)
			to = sliceIndex(args[1].s, len(u), dot.Name == "slice")
		}
		if dot.Name == "substring" && from > to {
			from, to = to, from
		}
		if from > to {
			return known("")
		}
		return known(string(utf16.Decode(u[from:to])))
	case "replace", "replaceAll":
		if len(args) == 2 && args[0].isStr {
			if out, ok := replaceString(s, args[0].s, args[1].s, dot.Name == "replaceAll"); ok {
				return limit(out)
			}
		}
	}
	return strVal{s: unknownMark, isStr: stringMethods[dot.Name]}
}

// stringMethods return strings whatever they are given.
var stringMethods = wordset.Of("toLowerCase toUpperCase toLocaleLowerCase toLocaleUpperCase trim trimStart trimEnd " +
	"trimLeft trimRight concat repeat slice substring replace replaceAll normalize padStart " +
	"padEnd join ")

// fromCodes is String.fromCharCode(args…), each a UTF-16 unit taken
// modulo 2^16 as the engine takes it (0x10063 is "c"), or
// String.fromCodePoint(args…), each a whole code point; false for what it
// cannot write (a lone surrogate) or the engine refuses.
func fromCodes(args []strVal, codePoints bool) (string, bool) {
	units := make([]uint16, 0, len(args))
	for _, a := range args {
		n, err := strconv.ParseFloat(a.s, 64)
		if err != nil || math.IsNaN(n) || math.Abs(n) > 1<<53 {
			return "", false
		}
		if codePoints {
			if n < 0 || n > 0x10FFFF || n != math.Trunc(n) {
				return "", false // (a RangeError)
			}
			if n < 0x10000 {
				units = append(units, uint16(n)) // (a surrogate half too, which pairs with the next)
			} else {
				units = utf16.AppendRune(units, rune(n))
			}
			continue
		}
		units = append(units, uint16(int64(math.Trunc(n))&0xFFFF)) // (two's complement: the modulo of negatives too)
	}
	for i := 0; i < len(units); i++ {
		if utf16.IsSurrogate(rune(units[i])) {
			if units[i] >= 0xDC00 || i+1 == len(units) || units[i+1] < 0xDC00 || units[i+1] >= 0xE000 {
				return "", false
			}
			i++
		}
	}
	return string(utf16.Decode(units)), true
}

// isUndefinedVal reports a folded undefined (not the text "undefined").
func isUndefinedVal(v strVal) bool { return v.known && !v.isStr && v.s == "undefined" }

func limit(s string) strVal {
	if len(s) > maxFolded {
		return strVal{s: s[:maxFolded] + unknownMark, isStr: true}
	}
	return known(s)
}

func sliceIndex(s string, n int, negativeFromEnd bool) int {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) {
		return 0
	}
	i := int(math.Max(math.Min(f, float64(n)), -float64(n)-1))
	if i < 0 {
		if negativeFromEnd {
			i += n
		}
		i = max(i, 0)
	}
	return min(i, n)
}

// joinItems are the texts join writes for the elements of e: foldArray's,
// or those of a literal in place with null and undefined written as
// nothing.
func (sp *scriptPass) joinItems(e esb.Expr, depth int) ([]string, bool) {
	if arr, ok := sp.foldArray(e, depth); ok {
		return arr, true
	}
	x, ok := e.Data.(*esb.EArray)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(x.Items))
	for _, item := range x.Items {
		if _, spread := item.Data.(*esb.ESpread); spread {
			return nil, false
		}
		switch v := sp.foldDepth(item, depth); {
		case !v.known:
			return nil, false
		case !v.isStr && (v.s == "null" || v.s == "undefined"):
			out = append(out, "")
		default:
			out = append(out, v.s)
		}
	}
	return out, true
}

// foldArray folds an array of strings: an array literal of foldable items,
// s.split(sep), Array.from(s), [...s], and .reverse() of those.
func (sp *scriptPass) foldArray(e esb.Expr, depth int) ([]string, bool) {
	if depth > maxResolveDepth {
		return nil, false
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EArray:
		var out []string
		for _, item := range x.Items {
			if spread, ok := item.Data.(*esb.ESpread); ok {
				v := sp.foldDepth(spread.Value, depth)
				if !v.known || !v.isStr {
					return nil, false
				}
				out = append(out, chars(v.s)...)
				continue
			}
			v := sp.foldDepth(item, depth)
			if !v.known || !v.isStr && (v.s == "null" || v.s == "undefined") {
				return nil, false // (join writes those as nothing: not read here)
			}
			out = append(out, v.s)
		}
		return out, true
	case *esb.EIdentifier:
		// (Not one another name, object or result may hold too: a write
		// through it would change the literal unseen.)
		if _, info := sp.lookup(x.Ref); info != nil && !info.folding && !info.updated && !info.anyWrite && !info.mutated && !info.aliased && len(info.memberSources) == 0 && info.extraKinds&^kUndef == 0 && len(info.sources) == 1 && len(info.sources[0].keys) == 0 && !info.sources[0].elems {
			info.folding = true
			defer func() { info.folding = false }()
			return sp.foldArray(info.sources[0].expr, depth)
		}
	case *esb.ECall:
		dot, ok := x.Target.Data.(*esb.EDot)
		if !ok {
			if slices.Contains(sp.resolve(x.Target), "Array.from") && len(x.Args) == 1 {
				if v := sp.foldDepth(x.Args[0], depth); v.known && v.isStr {
					return chars(v.s), true
				}
			}
			return nil, false
		}
		switch dot.Name {
		case "split":
			v := sp.foldDepth(dot.Target, depth)
			if !v.known || len(x.Args) != 1 {
				return nil, false
			}
			sep := sp.foldDepth(x.Args[0], depth)
			if isUndefinedVal(sep) {
				return []string{v.s}, true // (no separator: the whole text)
			}
			if !sep.known || !sep.isStr {
				return nil, false // (a regular expression, or another object)
			}
			if sep.s == "" {
				return chars(v.s), true
			}
			return strings.Split(v.s, sep.s), true
		case "concat":
			arr, ok := sp.foldArray(dot.Target, depth)
			if !ok {
				return nil, false
			}
			arr = slices.Clone(arr)
			for _, a := range x.Args {
				if more, ok := sp.foldArray(a, depth); ok {
					arr = append(arr, more...)
					continue
				}
				v := sp.foldDepth(a, depth)
				if !v.known {
					return nil, false
				}
				arr = append(arr, v.s)
			}
			return arr, true
		case "reverse":
			arr, ok := sp.foldArray(dot.Target, depth)
			if ok {
				arr = slices.Clone(arr)
				slices.Reverse(arr)
			}
			return arr, ok
		case "from":
			if slices.Contains(sp.resolve(x.Target), "Array.from") && len(x.Args) == 1 {
				if v := sp.foldDepth(x.Args[0], depth); v.known && v.isStr {
					return chars(v.s), true
				}
			}
		default:
			return sp.foldArrayMore(x, dot, depth)
		}
	}
	return nil, false
}

// chars splits a string into its characters, as [...s] does.
func chars(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

// latin1 reads bytes as atob's result: one character per byte.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// smallIntegers are the decimal texts of 0 to 255.
var smallIntegers = func() (out [256]string) {
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}()

// jsNumber formats a number as JavaScript's String(n) does for the values
// code writes in practice (integers, short decimals).
func jsNumber(f float64) string {
	switch {
	case f >= 0 && f < float64(len(smallIntegers)) && f == math.Trunc(f) && !math.Signbit(f):
		return smallIntegers[int(f)] // indexes, mostly: the same text as below, without formatting
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
