package scriptlint

import (
	esb "github.com/evanw/esbuild/remixletbridge"
)

// Functions nothing calls. The body of a function runs only when the
// function is called, so code in the body of one that no code can call is
// never run, and is not judged (only secrets written in it are, as in any
// dead code: deadcode.go). A library often carries such code: a helper
// that installs polyfills on the built-ins, kept on the library's
// namespace object for whoever wants it, never called by the remixlet.
//
// A function is never called when every name bound to it is bound to it
// alone, in a module without direct eval and without exports (whatever
// imports the module may call what it exports, or read any member of an
// object it exports), and every reference to each name is one of:
//
//   - a direct call made in the body of a function that is never called
//     (code that never runs calls nothing);
//   - the value of a member of an object literal, under a key no code
//     reads from that literal: the literal is the only value of a name
//     that is referred to only as the object of member reads with known
//     names (o.encode, never o[k], never o itself), and the key is none of
//     those names.
//
// The second needs that no code can read the literal's members otherwise.
// With every reference a read by a known name, no other name, member,
// parameter or built-in ever holds the literal, so nothing can enumerate
// it, read it with a computed key or use it as a prototype. One route is
// left: a method called as o.m(…) gets the literal as this, and could
// read any member of this; so every member that is read must hold a
// value that ignores its receiver (an arrow, a bound function, a
// primitive, an object, a choice of those), the literal must have no
// prototype of its own (__proto__: p), and every name read from it must
// be one of its own keys (a member written later, o.run = function …, or
// one it inherits, o.valueOf(), would see it as this); otherwise the
// literal counts as read throughout.

// litRef is a reference to a name as the value of an object literal's
// member, under a key written in the text.
type litRef struct {
	obj *esb.EObject
	key string
}

// uncalledState is what this file keeps on the scriptPass: the enclosing
// named function of each of localCalls, and the indexes built the first
// time a function's calls are not enough to decide.
type uncalledState struct {
	exports     bool // the module exports something
	localCallIn []*fnRec
	callInIndex map[*esb.ECall]*fnRec
	literalRefs map[*symInfo][]litRef
	literalOf   map[*esb.EObject]*symInfo
	dotNames    map[*symInfo]map[string]bool // the names read from each literal's name (o.name)
	sealedMemo  map[*esb.EObject]bool
}

// exports reports a statement that exports from the module.
func exports(s esb.Stmt) bool {
	switch s := s.Data.(type) {
	case *esb.SExportClause, *esb.SExportDefault, *esb.SExportFrom, *esb.SExportStar, *esb.SExportEquals, *esb.SLazyExport:
		return true
	case *esb.SLocal:
		return s.IsExport
	case *esb.SFunction:
		return s.IsExport
	case *esb.SClass:
		return s.IsExport
	}
	return false
}

// enclosingRec is the innermost function around the walk that a name is
// bound to (nil at the top level): code in an unnamed function inside it
// runs only when it runs.
func (sp *scriptPass) enclosingRec() *fnRec {
	for i := len(sp.fnWalk) - 1; i >= 0; i-- {
		if rec := sp.fnWalk[i].rec; rec != nil {
			return rec
		}
	}
	return nil
}

// noteLocalCall records, in the walk, a call of a local name.
func (sp *scriptPass) noteLocalCall(c *esb.ECall) {
	sp.localCalls = append(sp.localCalls, c)
	sp.localCallIn = append(sp.localCallIn, sp.enclosingRec())
}

// fnBodyStart opens, in the walk, the region of a function's body (its
// parameters' defaults too) for checkSites, when a name is bound to the
// function: the body is skipped if the function is never called. It
// returns what fnBodyEnd needs (-1: no region).
func (sp *scriptPass) fnBodyStart(rec *fnRec) int {
	if rec == nil || rec.exported {
		return -1
	}
	sp.sites = append(sp.sites, checkSite{kind: siteFnStart, from: rec.index})
	return len(sp.sites)
}

func (sp *scriptPass) fnBodyEnd(start int) {
	switch {
	case start < 0:
	case len(sp.sites) == start:
		sp.sites = sp.sites[:start-1] // nothing in it to judge
	default:
		sp.sites = append(sp.sites, checkSite{kind: siteFnEnd})
	}
}

// neverCalled reports a function no code can call (see above).
func (sp *scriptPass) neverCalled(rec *fnRec) bool {
	switch rec.uncalled { // (the memo states of reachCandidate)
	case candYes:
		return true
	case candNo, candBusy:
		return false // (in a cycle of calls: assume it is called)
	}
	rec.uncalled = candBusy
	yes := sp.decideNeverCalled(rec)
	rec.uncalled = candNo
	if yes {
		rec.uncalled = candYes
	}
	return yes
}

func (sp *scriptPass) decideNeverCalled(rec *fnRec) bool {
	if rec.exported || len(rec.syms) == 0 || sp.directEval || sp.exports {
		return false
	}
	for _, info := range rec.syms {
		if info.fnRecAmbiguous || !onlyBoundToFunction(info) {
			return false
		}
		var accounted int32
		if info.callRefs > 0 {
			sp.indexCalls()
			for _, c := range sp.callsOf[info] {
				if in := sp.callIn(c); in == nil || in != rec && !sp.neverCalled(in) {
					return false
				}
			}
			accounted = int32(len(sp.callsOf[info]))
		}
		if info.refs > accounted {
			for _, r := range sp.literalRefsOf(info) {
				if !sp.unreadMember(r) {
					return false
				}
				accounted++
			}
		}
		if info.refs != accounted {
			return false
		}
	}
	return true
}

// callIn is the named function a call of a local name is made in.
func (sp *scriptPass) callIn(c *esb.ECall) *fnRec {
	if sp.callInIndex == nil {
		sp.callInIndex = make(map[*esb.ECall]*fnRec, len(sp.localCalls))
		for i, lc := range sp.localCalls {
			sp.callInIndex[lc] = sp.localCallIn[i]
		}
	}
	return sp.callInIndex[c]
}

// literalRefsOf is where info is the value of an object literal's member.
func (sp *scriptPass) literalRefsOf(info *symInfo) []litRef {
	if sp.literalRefs == nil {
		sp.literalRefs = map[*symInfo][]litRef{}
		for _, o := range sp.objectLiterals {
			for i := range o.Properties {
				p := &o.Properties[i]
				id, ok := p.ValueOrNil.Data.(*esb.EIdentifier)
				if !ok || p.Kind != esb.PropertyField || p.Flags.Has(esb.PropertyIsComputed) {
					continue
				}
				key, ok := p.Key.Data.(*esb.EString)
				if !ok {
					continue
				}
				if _, v := sp.lookup(id.Ref); v != nil {
					sp.literalRefs[v] = append(sp.literalRefs[v], litRef{o, esb.UTF16ToString(key.Value)})
				}
			}
		}
	}
	return sp.literalRefs[info]
}

// unreadMember reports a literal's member no code can read (see above).
func (sp *scriptPass) unreadMember(r litRef) bool {
	if r.key == "__proto__" {
		return false
	}
	owner := sp.literalOwner(r.obj)
	if owner == nil {
		return false
	}
	names := sp.dotNames[owner]
	return !names[r.key] && sp.sealedLiteral(r.obj, names)
}

// literalOwner is the name whose only value is the literal and that is
// referred to only as the object of member reads with known names.
func (sp *scriptPass) literalOwner(o *esb.EObject) *symInfo {
	if sp.literalOf == nil {
		holding := map[*esb.EObject]bool{} // the literals some member of which is a name
		for _, refs := range sp.literalRefs {
			for _, r := range refs {
				holding[r.obj] = true
			}
		}
		sp.literalOf = map[*esb.EObject]*symInfo{}
		sp.dotNames = map[*symInfo]map[string]bool{}
		for i := range sp.infos {
			info := &sp.infos[i]
			if info.anyWrite || info.updated || len(info.sources) != 1 {
				continue
			}
			src := info.sources[0]
			if lit, ok := src.expr.Data.(*esb.EObject); ok && holding[lit] && len(src.keys) == 0 && !src.elems {
				sp.literalOf[lit] = info
				sp.dotNames[info] = map[string]bool{}
				info.literalOwner = true
			}
		}
		for i := range sp.sites {
			st := &sp.sites[i]
			dot, ok := st.e.Data.(*esb.EDot)
			if st.kind != siteExpr || !ok {
				continue
			}
			if id, ok := dot.Target.Data.(*esb.EIdentifier); ok {
				if _, info := sp.lookup(id.Ref); info != nil && info.literalOwner {
					sp.dotNames[info][dot.Name] = true
					info.dotReads++
				}
			}
		}
	}
	info := sp.literalOf[o]
	if info == nil || info.refs != info.dotReads {
		return nil
	}
	return info
}

// sealedLiteral reports that no member read of the literal by the names
// read hands a method the literal as its receiver.
func (sp *scriptPass) sealedLiteral(o *esb.EObject, read map[string]bool) bool {
	sealed, ok := sp.sealedMemo[o]
	if !ok {
		sealed = sp.decideSealed(o, read)
		if sp.sealedMemo == nil {
			sp.sealedMemo = map[*esb.EObject]bool{}
		}
		sp.sealedMemo[o] = sealed
	}
	return sealed
}

func (sp *scriptPass) decideSealed(o *esb.EObject, read map[string]bool) bool {
	own := map[string]bool{}
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread {
			continue // (its members are copies of another object's)
		}
		key, ok := p.Key.Data.(*esb.EString)
		if !ok || p.Flags.Has(esb.PropertyIsComputed) {
			return false // a key the text does not give may be any read
		}
		name := esb.UTF16ToString(key.Value)
		if name == "__proto__" {
			return false // a prototype's methods get the literal as this
		}
		if read[name] && (p.Kind != esb.PropertyField || !sp.ignoresReceiver(p.ValueOrNil, 0)) {
			return false
		}
		own[name] = true
	}
	for name := range read {
		if !own[name] {
			// A member written later (o.run = function …) or inherited
			// (o.valueOf() gives it back) may see it as this.
			return false
		}
	}
	return true
}

// ignoresReceiver reports a value that, called as a method, does not see
// the object it is read from: an arrow (its this is the one around it), a
// bound function, a primitive, an object or array (calling them throws),
// a choice of those, or a name whose only value is one.
func (sp *scriptPass) ignoresReceiver(e esb.Expr, depth int) bool {
	if depth > maxResolveDepth {
		return false
	}
	switch x := e.Data.(type) {
	case *esb.EArrow, *esb.EString, *esb.ENumber, *esb.EBoolean, *esb.ENull, *esb.EUndefined,
		*esb.EBigInt, *esb.EObject, *esb.EArray:
		return true
	case *esb.EIf:
		return sp.ignoresReceiver(x.Yes, depth+1) && sp.ignoresReceiver(x.No, depth+1)
	case *esb.ECall:
		dot, ok := x.Target.Data.(*esb.EDot)
		return ok && dot.Name == "bind" && sp.onlyBuiltinMember("bind")
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || info.anyWrite || info.updated || len(info.sources) != 1 ||
			len(info.sources[0].keys) > 0 || info.sources[0].elems {
			return false
		}
		return sp.ignoresReceiver(info.sources[0].expr, depth+1)
	}
	return false
}
