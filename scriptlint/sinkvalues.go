package scriptlint

import (
	"strconv"
	"strings"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// What a sink's argument may hold (docs/script-lint.md, "Sinks fail
// closed"). fold reads one value; a sink needs every value its argument
// may hold, so heldWalk follows what fold leaves: a binding written more
// than once (each write), both arms of ?:, || and ??, a member of a
// constant object or array (its literal and every value written into it),
// the elements of a literal array, a Map or a Set (the literal, and what
// push, unshift, splice, fill, set and add put in), for-of heads over
// those, Object.entries and Object.keys of a constant object, and the
// parameters of a local function that is only ever called by name, or
// given to forEach/map/… of an array whose elements are known (what each
// call passes). Anything else is not read: the walk answers false, and
// the sink refuses it.

// maxHeld bounds the values one argument is read as; maxHeldDepth, how
// far the walk follows.
const (
	maxHeld      = 256
	maxHeldDepth = 24
)

type heldWalk struct {
	sp     *scriptPass
	n      int
	pieces int // split pieces listed (splitText)
	active map[*symInfo]bool
}

// heldParam is what a parameter of a local function is given: the
// arguments of every call (callers), or the elements of an array a
// callback runs over (over).
type heldParam struct {
	calls   []*esb.ECall
	index   int
	over    []esb.Expr
	unknown bool
}

// mayHoldExprs calls emit with every expression e may evaluate to, as far
// as the text decides; false when some value cannot be read (or emit
// says stop).
func (sp *scriptPass) mayHoldExprs(e esb.Expr, emit func(esb.Expr) bool) bool {
	w := &heldWalk{sp: sp, active: map[*symInfo]bool{}}
	return w.exprs(e, 0, emit)
}

// mayHoldStrings are the strings e may hold, each as fold reads it (known,
// or a string with unknown parts); false when one cannot be read at all.
func (sp *scriptPass) mayHoldStrings(e esb.Expr) ([]strVal, bool) {
	var out []strVal
	ok := sp.mayHoldExprs(e, func(x esb.Expr) bool {
		v := sp.fold(x)
		if !v.known && (!v.isStr || strings.Trim(v.s, unknownMark) == "") {
			// Nothing of it is known (a string, but which one?).
			_, undef := x.Data.(*esb.EUndefined)
			return undef
		}
		out = append(out, v)
		return true
	})
	return out, ok
}

func (w *heldWalk) exprs(e esb.Expr, depth int, emit func(esb.Expr) bool) bool {
	w.n++
	if depth > maxHeldDepth || w.n > maxHeld || e.Data == nil {
		return false
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EAnnotation:
		return w.exprs(x.Value, depth, emit)
	case *esb.EAwait:
		return w.exprs(x.Value, depth, emit)
	case *esb.EIf:
		if v := w.sp.fold(e); v.known {
			return emit(e)
		}
		return w.exprs(x.Yes, depth, emit) && w.exprs(x.No, depth, emit)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing, esb.BinOpLogicalAnd:
			return w.exprs(x.Left, depth, emit) && w.exprs(x.Right, depth, emit)
		case esb.BinOpComma, esb.BinOpAssign:
			return w.exprs(x.Right, depth, emit)
		}
	}
	v := w.sp.fold(e)
	if v.known {
		return emit(e)
	}
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		// Each write, where fold reads only the one (or a string in part).
		if w.binding(x, depth, emit) {
			return true
		}
		return v.isStr && emit(e)
	case *esb.EDot, *esb.EIndex:
		target, key, known := memberParts(w.sp, e)
		return w.member(target, key, known, depth, emit, e)
	case *esb.ECall:
		if name, ok := w.sp.directGlobal(x.Target); ok && name == "structuredClone" && len(x.Args) == 1 {
			return w.exprs(x.Args[0], depth, emit)
		}
	}
	return emit(e)
}

// binding follows every write of a local binding.
func (w *heldWalk) binding(x *esb.EIdentifier, depth int, emit func(esb.Expr) bool) bool {
	s, info := w.sp.lookup(x.Ref)
	if s == nil || info == nil || s.Kind == esb.SymbolUnbound {
		return emit(esb.Expr{Data: x})
	}
	if w.active[info] {
		return true // a cycle: the values are those of the walk already under way
	}
	if info.updated || info.extraKinds&^kUndef != 0 || w.sp.directEval || info.fn != "" {
		return false
	}
	if info.mutated || info.handedOn || len(info.memberSources) > 0 || w.sp.isAliased(info) || w.sp.elementsAliased(info) {
		emit = noLiterals(emit) // (an object or array it holds may have changed after its literal)
	}
	w.active[info] = true
	defer delete(w.active, info)
	if info.anyWrites > 1 {
		return false // written by more than its parameter or loop head
	}
	if info.anyWrite && len(info.heldForOf) == 0 {
		p := w.sp.paramOf(info)
		if p == nil || p.unknown {
			return false
		}
		for _, c := range p.calls {
			if p.index < len(c.Args) {
				if !w.exprs(c.Args[p.index], depth, emit) {
					return false
				}
			} // given nothing: undefined, or the default (a source below)
		}
		for _, item := range p.over {
			if !w.exprs(item, depth, emit) {
				return false
			}
		}
		// The default and other writes inside the function are sources.
	}
	for _, src := range info.heldForOf {
		if !w.elements(src.expr, depth, func(item esb.Expr) bool { return w.path(item, src.keys, depth, emit) }) {
			return false
		}
	}
	for _, src := range info.sources {
		if src.bad {
			return false
		}
		ok := true
		if src.elems {
			ok = w.elements(src.expr, depth, func(item esb.Expr) bool { return w.path(item, src.keys, depth, emit) })
		} else {
			ok = w.path(src.expr, src.keys, depth, emit)
		}
		if !ok {
			return false
		}
	}
	return true
}

// path follows a destructuring path from e.
func (w *heldWalk) path(e esb.Expr, keys []string, depth int, emit func(esb.Expr) bool) bool {
	if len(keys) == 0 {
		return w.exprs(e, depth, emit)
	}
	return w.memberValues(e, keys[0], true, depth, func(v esb.Expr) bool { return w.path(v, keys[1:], depth+1, emit) })
}

// member reads target[key] (or target.key); whole is the read itself,
// handed to fold when the walk cannot follow it.
func (w *heldWalk) member(target esb.Expr, key string, known bool, depth int, emit func(esb.Expr) bool, whole esb.Expr) bool {
	if known && key == "length" {
		return emit(whole)
	}
	ok := w.memberValues(target, key, known, depth, func(v esb.Expr) bool { return w.exprs(v, depth, emit) })
	if !ok {
		return emit(whole) // fold has read it already, or it is not read
	}
	return true
}

// memberValues calls emit with each value target[key] may be.
func (w *heldWalk) memberValues(target esb.Expr, key string, known bool, depth int, emit func(esb.Expr) bool) bool {
	if w.sp.membersOpen {
		return false // (an accessor may answer a read with anything: fields.go)
	}
	i, err := strconv.Atoi(key)
	index := known && err == nil && i >= 0
	var found []esb.Expr
	ok := w.objects(target, depth, func(o esb.Expr) bool {
		switch x := o.Data.(type) {
		case *esb.EObject:
			for j := len(x.Properties) - 1; j >= 0; j-- {
				p := &x.Properties[j]
				k, ok := w.sp.foldKey(p.Key)
				switch {
				case p.Kind == esb.PropertySpread || !ok || k == "__proto__":
					return false // a key the text does not decide, or an inherited one
				case p.Kind != esb.PropertyField || p.ValueOrNil.Data == nil:
					if !known || k == key {
						return false // a method, getter or setter
					}
				case !known:
					found = append(found, p.ValueOrNil)
				case k == key:
					found = append(found, p.ValueOrNil)
					return true
				}
			}
			return true
		case *esb.EArray:
			if known && !index {
				return false // a method or a named member
			}
			for j, item := range x.Items {
				if _, ok := item.Data.(*esb.ESpread); ok {
					return false
				}
				if !known {
					found = append(found, item)
				} else if j == i {
					found = append(found, item)
					break
				}
			}
			return true
		}
		return false
	})
	if ok {
		for _, v := range found {
			if !emit(v) {
				return false
			}
		}
		return true
	}
	if index || !known {
		// A mutable array, Map or Set: any of its elements.
		return w.elements(target, depth, emit)
	}
	return false
}

// objects calls emit with each object or array literal e may be, through
// bindings never changed after their literal; anything else fails.
func (w *heldWalk) objects(e esb.Expr, depth int, emit func(esb.Expr) bool) bool {
	if depth > maxHeldDepth {
		return false
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EObject, *esb.EArray:
		return emit(e)
	case *esb.EAnnotation:
		return w.objects(x.Value, depth, emit)
	case *esb.EIf:
		return w.objects(x.Yes, depth, emit) && w.objects(x.No, depth, emit)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing:
			return w.objects(x.Left, depth, emit) && w.objects(x.Right, depth, emit)
		}
	case *esb.EIdentifier:
		s, info := w.sp.lookup(x.Ref)
		if s == nil || info == nil || s.Kind == esb.SymbolUnbound || w.active[info] {
			return false
		}
		if info.updated || info.mutated || info.handedOn || info.protoWritten || len(info.memberSources) > 0 || w.sp.directEval || info.fn != "" || info.aliased || w.sp.isAliased(info) || w.sp.elementsAliased(info) {
			return false
		}
		if info.anyWrite && !w.paramObjects(info, depth, emit) {
			return false
		}
		return w.plainSources(info, func(src esb.Expr) bool { return w.objects(src, depth, emit) })
	case *esb.EIndex, *esb.EDot:
		// A member of a constant object or array: each literal its
		// members may be (table[row]), unless the module may write into
		// one through another reference (nestedMayChange).
		if w.sp.nestedMayChange() {
			return false
		}
		target, key, known := memberParts(w.sp, e)
		return w.memberValues(target, key, known, depth, func(v esb.Expr) bool { return w.objects(v, depth, emit) })
	}
	return false
}

// paramObjects calls emit with each object or array literal a parameter
// of a local function is given (paramOf: every call the analysis sees,
// or the elements a callback is given), when nothing else writes it (its
// default, if any, is one of its sources).
func (w *heldWalk) paramObjects(info *symInfo, depth int, emit func(esb.Expr) bool) bool {
	if info.anyWrites > 1 || len(info.heldForOf) > 0 {
		return false
	}
	p := w.sp.paramOf(info)
	if p == nil || p.unknown {
		return false
	}
	w.active[info] = true
	defer delete(w.active, info)
	for _, c := range p.calls {
		if p.index >= len(c.Args) || !w.objects(c.Args[p.index], depth, emit) {
			return false
		}
	}
	for _, item := range p.over {
		if !w.objects(item, depth, emit) {
			return false
		}
	}
	return true
}

// memberParts splits o.k and o[k] into the object and the key, when the
// text decides it.
func memberParts(sp *scriptPass, e esb.Expr) (target esb.Expr, key string, known bool) {
	switch x := e.Data.(type) {
	case *esb.EDot:
		return x.Target, x.Name, true
	case *esb.EIndex:
		key, known = sp.foldKey(x.Index)
		return x.Target, key, known
	}
	return esb.Expr{}, "", false
}

// elements calls emit with each element of an array, Map or Set the text
// decides, and of the arrays Object.entries and Object.keys make.
func (w *heldWalk) elements(e esb.Expr, depth int, emit func(esb.Expr) bool) bool {
	w.n++
	if depth > maxHeldDepth || w.n > maxHeld {
		return false
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EAnnotation:
		return w.elements(x.Value, depth, emit)
	case *esb.EAwait:
		return w.elements(x.Value, depth, emit)
	case *esb.EArray:
		for _, item := range x.Items {
			if s, ok := item.Data.(*esb.ESpread); ok {
				if !w.elements(s.Value, depth, emit) {
					return false
				}
				continue
			}
			if _, ok := item.Data.(*esb.EMissing); ok {
				continue
			}
			if !emit(item) {
				return false
			}
		}
		return true
	case *esb.EIf:
		return w.elements(x.Yes, depth, emit) && w.elements(x.No, depth, emit)
	case *esb.ENew:
		name, ok := w.sp.directGlobal(x.Target)
		if !ok || (name != "Map" && name != "Set" && name != "Array") {
			return false
		}
		if name == "Array" {
			return len(x.Args) <= 1 // holes: nothing to read
		}
		if len(x.Args) == 0 {
			return true
		}
		return len(x.Args) == 1 && w.elements(x.Args[0], depth, emit)
	case *esb.ECall:
		p, _ := w.sp.globalMember(x.Target)
		switch p {
		case "Object.entries", "Object.keys", "Object.values":
			if len(x.Args) != 1 {
				return false
			}
			return w.objects(x.Args[0], depth, func(o esb.Expr) bool {
				obj, ok := o.Data.(*esb.EObject)
				if !ok {
					return false
				}
				for i := range obj.Properties {
					prop := &obj.Properties[i]
					if prop.Kind != esb.PropertyField || prop.ValueOrNil.Data == nil {
						return false
					}
					k, ok := w.sp.foldKey(prop.Key)
					if !ok {
						return false
					}
					key := esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(k))}, Loc: prop.Key.Loc}
					var item esb.Expr
					switch p {
					case "Object.keys":
						item = key
					case "Object.values":
						item = prop.ValueOrNil
					default:
						item = esb.Expr{Data: &esb.EArray{Items: []esb.Expr{key, prop.ValueOrNil}}, Loc: prop.Key.Loc}
					}
					if !emit(item) {
						return false
					}
				}
				return true
			})
		case "Array.from":
			return len(x.Args) == 1 && w.elements(x.Args[0], depth, emit)
		}
		if dot, ok := x.Target.Data.(*esb.EDot); ok && len(x.Args) > 0 {
			switch dot.Name {
			case "split":
				return w.splitPieces(dot.Target, x.Args, depth, emit)
			case "filter":
				// Some of the receiver's elements, the same values; with
				// Boolean, none that is falsy. A callback given the array
				// (its third parameter, or arguments) may write into it
				// before an element is visited: not read.
				name, _ := w.sp.directGlobal(x.Args[0])
				if arrow, ok := x.Args[0].Data.(*esb.EArrow); name != "Boolean" && (!ok || len(arrow.Args) > 2) {
					return false
				}
				return w.elements(dot.Target, depth, func(item esb.Expr) bool {
					if name == "Boolean" && isFalsyLiteral(item) {
						return true
					}
					return emit(item)
				})
			}
		}
		if dot, ok := x.Target.Data.(*esb.EDot); ok && len(x.Args) == 0 {
			switch dot.Name {
			case "values", "slice", "reverse", "toReversed", "toSorted", "sort":
				// (An array's entries() are [index, element] pairs: not read.)
				return w.elements(dot.Target, depth, emit)
			}
		}
		return false
	case *esb.EIdentifier:
		s, info := w.sp.lookup(x.Ref)
		if s == nil || info == nil || s.Kind == esb.SymbolUnbound || w.active[info] {
			return false
		}
		if info.anyWrite || info.updated || info.handedOn || info.otherMutation || info.protoWritten || w.sp.directEval || info.fn != "" || info.aliased || w.sp.isAliased(info) {
			return false
		}
		if info.mutated && info.mutatorCalls == 0 {
			return false
		}
		if w.sp.elementsAliased(info) {
			emit = noLiterals(emit) // (it may have changed through the loop's head)
		}
		if !w.plainSources(info, func(src esb.Expr) bool { return w.elements(src, depth, emit) }) {
			return false
		}
		for _, v := range info.memberSources {
			if !emit(v) {
				return false
			}
		}
		for _, m := range info.heldWrites {
			for _, item := range m {
				if s, ok := item.Data.(*esb.ESpread); ok {
					if !w.elements(s.Value, depth, emit) {
						return false
					}
					continue
				}
				if !emit(item) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// noLiterals is emit for values that may have changed since their
// literal: an object or array literal among them is not read.
func noLiterals(emit func(esb.Expr) bool) func(esb.Expr) bool {
	return func(v esb.Expr) bool {
		switch v.Data.(type) {
		case *esb.EObject, *esb.EArray:
			return false
		}
		return emit(v)
	}
}

// maxSplitText bounds the known text whose pieces splitPieces lists by
// its substrings (n(n+1)/2 of them), and maxSplitPieces the pieces one walk
// lists in all (a receiver may hold many texts): past it the split is not
// read, so the work per sink stays bounded.
const (
	maxSplitText   = 64
	maxSplitPieces = 4096
)

// splitPieces emits what the elements of text.split(args...) may be, for
// each text the receiver may hold (a string the fold knows whole, or each
// of the known strings the walk reads it may be: a closed function's
// parameter given literals). With a known string separator, the pieces
// (a limit keeps fewer of them); with a regular expression literal
// (RegExp.prototype's split, frozen for the analysis), any piece is a
// substring of the text, and so is a capture, or undefined: so every
// substring of an ASCII text that is short enough, "" and undefined. Any
// other separator (an object's Symbol.split may return anything), or a
// receiver that may hold anything else, is not read.
func (w *heldWalk) splitPieces(target esb.Expr, args []esb.Expr, depth int, emit func(esb.Expr) bool) bool {
	if text := w.sp.fold(target); text.known && text.isStr {
		return w.splitText(text.s, target.Loc, args, emit)
	}
	return w.exprs(target, depth, func(v esb.Expr) bool {
		text := w.sp.fold(v)
		return text.known && text.isStr && w.splitText(text.s, v.Loc, args, emit)
	})
}

// splitText emits the pieces of one known text's split (splitPieces).
func (w *heldWalk) splitText(text string, loc esb.Loc, args []esb.Expr, emit func(esb.Expr) bool) bool {
	piece := func(v esb.Expr) bool {
		w.pieces++
		return w.pieces <= maxSplitPieces && emit(v)
	}
	str := func(s string) esb.Expr {
		return esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(s))}, Loc: loc}
	}
	if sep := w.sp.fold(args[0]); sep.known && sep.isStr && sep.s != "" {
		for _, p := range strings.Split(text, sep.s) {
			if !piece(str(p)) {
				return false
			}
		}
		return true
	}
	if _, ok := args[0].Data.(*esb.ERegExp); !ok || len(text) > maxSplitText || !isASCII(text) {
		return false
	}
	for i := range len(text) {
		for j := i + 1; j <= len(text); j++ {
			if !piece(str(text[i:j])) {
				return false
			}
		}
	}
	return piece(str("")) && piece(esb.Expr{Data: &esb.EUndefined{}, Loc: loc})
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isFalsyLiteral reports undefined, null, false, 0 or "" written as such.
func isFalsyLiteral(e esb.Expr) bool {
	switch x := e.Data.(type) {
	case *esb.EUndefined, *esb.ENull:
		return true
	case *esb.EBoolean:
		return !x.Value
	case *esb.ENumber:
		return x.Value == 0
	case *esb.EString:
		return len(x.Value) == 0
	}
	return false
}

// noteMutatorCall records, in the walk, what push, unshift, splice, fill,
// set and add put into the binding they are called on: for a Map, the
// entry [key, value].
func (sp *scriptPass) noteMutatorCall(recv esb.Expr, method string, args []esb.Expr) {
	written := elementsWritten(method, args)
	sp.elementArgs = append(sp.elementArgs, written...) // (writtenElements, whatever the receiver)
	id, ok := recv.Data.(*esb.EIdentifier)
	if !ok {
		if info := sp.rootSymbol(recv); info != nil {
			info.otherMutation = true // a member's elements: not followed
		}
		return
	}
	s, info := sp.lookup(id.Ref)
	if s == nil || info == nil || s.Kind == esb.SymbolUnbound {
		return
	}
	info.mutatorCalls++
	switch method {
	case "push", "unshift", "splice", "fill":
		if len(written) > 0 {
			info.heldWrites = append(info.heldWrites, written)
		}
	case "add":
		info.heldWrites = append(info.heldWrites, args)
	case "set":
		if len(args) == 2 {
			pair := esb.Expr{Data: &esb.EArray{Items: []esb.Expr{args[0], args[1]}}, Loc: args[0].Loc}
			info.heldWrites = append(info.heldWrites, []esb.Expr{pair})
		} else {
			info.otherMutation = true
		}
	default: // copyWithin moves what is there already
	}
}

// elementsWritten are the arguments an array mutator writes as elements.
func elementsWritten(method string, args []esb.Expr) []esb.Expr {
	switch method {
	case "push", "unshift":
		return args
	case "splice":
		if len(args) > 2 {
			return args[2:]
		}
	case "fill":
		if len(args) > 0 {
			return args[:1]
		}
	}
	return nil
}

// paramOf is what a parameter of a local function is given, or nil when
// the binding is no such parameter.
func (sp *scriptPass) paramOf(info *symInfo) *heldParam {
	if sp.heldParams == nil {
		sp.heldParams = map[*symInfo]*heldParam{}
		sp.collectParams()
	}
	return sp.heldParams[info]
}

// collectParams finds, once, the parameters of local functions that are
// only called by name (each call's arguments: reach.go's closed functions
// and their calls), and of callbacks given inline to an array method (the
// array's elements).
func (sp *scriptPass) collectParams() {
	var callbacks []*esb.ECall
	for i := range sp.sites {
		c, ok := sp.sites[i].e.Data.(*esb.ECall)
		if !ok || sp.sites[i].kind != siteExpr {
			continue
		}
		if t, ok := c.Target.Data.(*esb.EDot); ok && (callbackOf[t.Name] || elementSecond[t.Name]) && len(c.Args) > 0 {
			callbacks = append(callbacks, c)
		}
	}
	for _, rec := range sp.fnRecs {
		if !sp.closed(rec) {
			continue // also used other than by a call: what it is given elsewhere is not known
		}
		calls := sp.callsOfRec(rec)
		spread := false
		for _, c := range calls {
			spread = spread || hasSpread(c.Args)
		}
		for i, info := range rec.params {
			if info != nil {
				sp.heldParams[info] = &heldParam{calls: calls, index: i, unknown: spread}
			}
		}
	}
	for _, c := range callbacks {
		dot := c.Target.Data.(*esb.EDot)
		args := fnArgs(c.Args[0])
		if elementSecond[dot.Name] {
			args = args[min(1, len(args)):] // (reduce's callback takes the element second)
		}
		if len(args) == 0 || dot.Name == "then" {
			continue
		}
		id, ok := args[0].Binding.Data.(*esb.BIdentifier)
		if !ok {
			continue
		}
		var items []esb.Expr
		ok = sp.mayHoldElements(dot.Target, func(item esb.Expr) bool { items = append(items, item); return true })
		sp.heldParams[sp.sym(id.Ref)] = &heldParam{over: items, unknown: !ok}
	}
}

// elementSecond are the array methods whose callback is given each
// element as its second argument (the first is the accumulator).
var elementSecond = map[string]bool{"reduce": true, "reduceRight": true}

// mayHoldElements is elements for a fresh walk.
func (sp *scriptPass) mayHoldElements(e esb.Expr, emit func(esb.Expr) bool) bool {
	w := &heldWalk{sp: sp, active: map[*symInfo]bool{}}
	return w.elements(e, 0, emit)
}

// noteForOfPattern records, in the walk, the path each name of a const
// for-of pattern takes from an element of value: for (const [k, v] of …).
func (sp *scriptPass) noteForOfPattern(b esb.Binding, value esb.Expr, keys []string) {
	switch b := b.Data.(type) {
	case *esb.BIdentifier:
		info := sp.sym(b.Ref)
		info.heldForOf = append(info.heldForOf, valueSource{expr: value, keys: keys, elems: true})
	case *esb.BArray:
		for i, item := range b.Items {
			if (b.HasSpread && i == len(b.Items)-1) || item.DefaultValueOrNil.Data != nil {
				continue // a rest or a default: the name stays unread
			}
			sp.noteForOfPattern(item.Binding, value, appendKey(keys, strconv.Itoa(i)))
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			if key, ok := sp.foldKey(p.Key); ok && !p.IsSpread && p.DefaultValueOrNil.Data == nil {
				sp.noteForOfPattern(p.Value, value, appendKey(keys, key))
			}
		}
	}
}

// expandStrings reads a sum or a template part by part, each part by
// every value it may hold, where fold reads the whole only in part: the
// host of "https://api.example.com" + path is known once every path is.
// false when a part cannot be read or there are too many combinations.
func (sp *scriptPass) expandStrings(e esb.Expr) ([]strVal, bool) {
	var parts []esb.Expr
	switch x := e.Data.(type) {
	case *esb.EBinary:
		if x.Op != esb.BinOpAdd {
			return nil, false
		}
		parts = concatParts(x)
	case *esb.ETemplate:
		if x.TagOrNil.Data != nil {
			return nil, false
		}
		parts = append(parts, esb.Expr{Data: &esb.EString{Value: x.HeadCooked}, Loc: e.Loc})
		for _, p := range x.Parts {
			parts = append(parts, p.Value, esb.Expr{Data: &esb.EString{Value: p.TailCooked}, Loc: p.Value.Loc})
		}
	default:
		return nil, false
	}
	out := []strVal{known("")}
	for _, p := range parts {
		vals, ok := sp.mayHoldStrings(p)
		if !ok || len(out)*len(vals) > 64 {
			return nil, false
		}
		next := make([]strVal, 0, len(out)*len(vals))
		for _, a := range out {
			for _, b := range vals {
				next = append(next, strVal{s: a.s + b.s, known: a.known && b.known, isStr: true})
			}
		}
		out = next
	}
	return out, true
}

// plainSources calls f with each value written to a binding as a whole
// (not destructured, not a loop's element), the binding marked as under
// way; false when one is not such a value or f says so.
func (w *heldWalk) plainSources(info *symInfo, f func(esb.Expr) bool) bool {
	if info.extraKinds&^kUndef != 0 {
		return false // (written where no source is kept: a rest, a catch, …)
	}
	w.active[info] = true
	defer delete(w.active, info)
	for _, src := range info.sources {
		if src.bad || src.elems || len(src.keys) > 0 || !f(src.expr) {
			return false
		}
	}
	return true
}

// fnArgs are the parameters of a function or arrow expression, or nil.
func fnArgs(e esb.Expr) []esb.Arg {
	switch f := e.Data.(type) {
	case *esb.EArrow:
		return f.Args
	case *esb.EFunction:
		return f.Fn.Args
	}
	return nil
}

// isAliased reports a binding whose value another binding, object,
// array, Map or a named function's return may hold too: a change through
// the alias is a change of its literal, which the walk would not see.
func (sp *scriptPass) isAliased(info *symInfo) bool {
	if sp.aliased == nil {
		sp.aliased, sp.elementsHeld = map[*symInfo]bool{}, map[*symInfo]bool{}
		for i := range sp.infos {
			in := &sp.infos[i]
			for _, src := range in.sources {
				if id, ok := src.expr.Data.(*esb.EIdentifier); ok && src.elems {
					// An element of the array it names (for (const x of list)):
					// the array is held nowhere else, what it holds may be.
					if _, of := sp.lookup(id.Ref); of != nil {
						sp.elementsHeld[of] = true
					}
					continue
				}
				sp.markAliases(src.expr, 0)
			}
			for _, v := range in.memberSources {
				sp.markAliases(v, 0)
			}
			for _, args := range in.heldWrites {
				for _, a := range args {
					sp.markAliases(a, 0)
				}
			}
			if in.fnNode != nil {
				for _, r := range returns(in.fnNode.Body.Block.Stmts, nil) {
					sp.markAliases(r, 0)
				}
			}
		}
		// Callbacks given inline: what they return (.map(() => list)).
		for i := range sp.sites {
			if c, ok := sp.sites[i].e.Data.(*esb.ECall); ok {
				for _, a := range c.Args {
					if fnBody(a) != nil {
						sp.markAliases(a, 0) // other arguments are handed on (bindings.go)
					}
				}
			}
		}
	}
	return sp.aliased[info]
}

// elementsAliased reports a binding whose elements another binding may
// hold (a loop's head): an object or array among them may be changed
// through it, a string or a number may not.
func (sp *scriptPass) elementsAliased(info *symInfo) bool {
	sp.isAliased(info) // (builds both tables)
	return sp.elementsHeld[info]
}

// markAliases marks the bindings a value written somewhere may be.
func (sp *scriptPass) markAliases(e esb.Expr, depth int) {
	if depth > 32 {
		return
	}
	depth++
	switch x := e.Data.(type) {
	case *esb.EIdentifier:
		if _, info := sp.lookup(x.Ref); info != nil {
			sp.aliased[info] = true
		}
	case *esb.EArray:
		for _, item := range x.Items {
			sp.markAliases(item, depth) // a spread copies: not an alias
		}
	case *esb.EObject:
		for i := range x.Properties {
			if x.Properties[i].Kind != esb.PropertySpread {
				sp.markAliases(x.Properties[i].ValueOrNil, depth)
			}
		}
	case *esb.EIf:
		sp.markAliases(x.Yes, depth)
		sp.markAliases(x.No, depth)
	case *esb.EBinary:
		sp.markAliases(x.Right, depth)
		switch x.Op {
		case esb.BinOpLogicalOr, esb.BinOpLogicalAnd, esb.BinOpNullishCoalescing:
			sp.markAliases(x.Left, depth)
		}
	case *esb.EAwait:
		sp.markAliases(x.Value, depth)
	case *esb.EAnnotation:
		sp.markAliases(x.Value, depth)
	default:
		// What a function or arrow given here returns.
		for _, r := range returns(fnBody(e), nil) {
			sp.markAliases(r, depth)
		}
	}
}

// fnBody is the body of a function or arrow expression, or nil.
func fnBody(e esb.Expr) []esb.Stmt {
	switch f := e.Data.(type) {
	case *esb.EArrow:
		return f.Body.Block.Stmts
	case *esb.EFunction:
		return f.Fn.Body.Block.Stmts
	}
	return nil
}

// nestedMayChange reports a module that writes into, or hands to code it
// does not follow, an object reached otherwise than as the literal a
// binding was made with: a member of this, a parameter, a row taken out
// of a table (const [row] = table.rows; row[0] = v). Such an object may
// be a literal nested in another binding's, which then no longer holds
// what its text says. (A write through the binding itself is seen on it:
// objects.)
func (sp *scriptPass) nestedMayChange() bool {
	if sp.nestedChecked {
		return sp.nestedChanged
	}
	if sp.collecting {
		return true
	}
	sp.nestedChecked = true
	for _, info := range sp.writeRoots {
		if info == nil || !literalBinding(info) {
			sp.nestedChanged = true
			break
		}
	}
	return sp.nestedChanged
}

// literalBinding reports a binding whose every value is an object or
// array literal written where it is bound or assigned.
func literalBinding(info *symInfo) bool {
	if info.anyWrite || len(info.sources) == 0 {
		return false
	}
	for _, src := range info.sources {
		if src.bad || src.elems || len(src.keys) > 0 {
			return false
		}
		switch src.expr.Data.(type) {
		case *esb.EObject, *esb.EArray:
		default:
			return false
		}
	}
	return true
}
