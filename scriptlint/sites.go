package scriptlint

import (
	esb "github.com/evanw/esbuild/remixletbridge"
)

// Sites. The checks ask what a binding may hold (resolve, fold, isData,
// mayBeFunction), and a binding may be given a value anywhere in the file,
// so they cannot run before the walk has seen all of it. The walk records,
// in its one pass over the tree, each place a check looks at (a site),
// in the order the checks take them; checkSites then runs the checks over
// the sites. Findings come out in walk order, which the per-rule cap and
// the "once per place" rule rely on. Nodes no check can find anything in
// (a local name, a number, an operator other than = and +=, a short string)
// leave no site.

type siteKind uint8

const (
	siteExpr          siteKind = iota // check: the rules that look at one expression, with its use
	siteIndex                         // a member read with a computed key: its key folded, then checkMember
	siteThrow                         // a thrown value: checkLeak
	sitePattern                       // a destructuring pattern and its source: checkPattern
	siteDecl                          // a declaration: checkDecl, then checkPattern
	siteAssignPattern                 // an assignment's target and value: checkAssignPattern
	siteConcat                        // the top of a run of +: checkConcat, checkFoldedSecret
	siteEnumerated                    // the object a for-in walks: checkEnumerated
	siteHelperStart                   // one of esbuild's own helpers starts (bundlerhelpers.go)
	siteHelperEnd                     // and ends
	siteGuardStart                    // a region that runs only on a condition starts (deadcode.go): e is the condition, from the part
	siteCaseStart                     // a switch case's region starts: from indexes caseGuards
	siteGuardEnd                      // a guarded region ends
	siteFnStart                       // the body of a function a name is bound to starts (uncalled.go): from its fnRecs index
	siteFnEnd                         // and ends
	siteLocal                         // a local name where a reached value it holds may be refused (reach.go)
)

// checkSite is one site.
type checkSite struct {
	e    esb.Expr // the expression; for patterns and declarations, the source
	kind siteKind
	u    use // the use of e (siteExpr, siteIndex)
	// from is, for u == useOfIndex, the site of the member read whose
	// key decides the use; for sitePattern, siteDecl and
	// siteAssignPattern, where the binding or target is in siteTargets.
	from int32
}

// siteTarget is the other half of a pattern site: a binding, or an
// assignment's target.
type siteTarget struct {
	b esb.Binding
	x esb.Expr
}

// addSite records a site and returns its number.
func (sp *scriptPass) addSite(s checkSite) int32 {
	switch s.u {
	case useOfIndex:
		s.from = sp.useFrom
	case useReturn, useArg:
		s.from = sp.siteFrom
	}
	sp.sites = append(sp.sites, s)
	return int32(len(sp.sites) - 1)
}

// siteExpr records e, with its use, for check. The walk leaves out the
// nodes check can find nothing in, whatever the bindings hold: a local
// name or an allowed global with nothing to restrict, a number, an
// operator other than = and +=, a string too short for a credential, an
// empty object, an array literal without a name or a member in it.
func (sp *scriptPass) siteExpr(e esb.Expr, u use) {
	sp.addSite(checkSite{kind: siteExpr, e: e, u: u})
}

// checksBinary reports the binary operators check looks at.
func checksBinary(x *esb.EBinary) bool {
	return x.Op == esb.BinOpAssign || x.Op == esb.BinOpAddAssign
}

// mayHandOn reports the items of an array literal checkHandedOn looks at.
func mayHandOn(e esb.Expr) bool {
	switch e.Data.(type) {
	case *esb.EIdentifier, *esb.EDot, *esb.EIndex:
		return true
	}
	return false
}

// sitePattern records a pattern site (sitePattern or siteDecl).
func (sp *scriptPass) sitePattern(kind siteKind, b esb.Binding, source esb.Expr) {
	sp.siteTargets = append(sp.siteTargets, siteTarget{b: b})
	sp.addSite(checkSite{kind: kind, e: source, from: int32(len(sp.siteTargets) - 1)})
}

// siteAssignPattern records an assignment for checkAssignPattern.
func (sp *scriptPass) siteAssignPattern(target, value esb.Expr) {
	sp.siteTargets = append(sp.siteTargets, siteTarget{x: target})
	sp.addSite(checkSite{kind: siteAssignPattern, e: value, from: int32(len(sp.siteTargets) - 1)})
}

// checkSites runs the checks over the sites, in the order the walk
// recorded them.
func (sp *scriptPass) checkSites() {
	// objectUse[i] is the use site i (a member read with a computed key)
	// gives its object, once its key is folded.
	objectUse := make([]use, len(sp.sites))
	var guards []bool // the guarded regions the site is in: dead or not
	var bodies []bool // the bodies of functions the site is in: never run or not
	dead := 0         // how many of them are dead
	for i := range sp.sites {
		st := &sp.sites[i]
		u := st.u
		if u == useOfIndex {
			u = objectUse[st.from]
		}
		switch st.kind {
		case siteGuardStart, siteCaseStart:
			d := dead > 0 || sp.guardDead(st)
			guards = append(guards, d)
			sp.liveGuards = append(sp.liveGuards, st)
			if d {
				dead++
			}
			continue
		case siteGuardEnd:
			if guards[len(guards)-1] {
				dead--
			}
			guards = guards[:len(guards)-1]
			sp.liveGuards = sp.liveGuards[:len(sp.liveGuards)-1]
			continue
		case siteFnStart:
			d := dead > 0 || sp.neverCalled(sp.fnRecs[st.from])
			bodies = append(bodies, d)
			if d {
				dead++
			}
			continue
		case siteFnEnd:
			if bodies[len(bodies)-1] {
				dead--
			}
			bodies = bodies[:len(bodies)-1]
			continue
		}
		if dead > 0 {
			sp.checkDeadSite(st)
			continue
		}
		// reach.go reads the use as the walk gave it; every other check
		// reads the use it stands for.
		sp.siteUse, sp.siteAt = u, st.from
		raw := u
		u = baseUse(u)
		switch st.kind {
		case siteExpr:
			sp.check(st.e, u)
			sp.checkSinkHandedOn(st.e, raw)
		case siteLocal:
			sp.checkLocalReach(st.e, raw)
			sp.checkSinkHandedOn(st.e, raw)
		case siteIndex:
			sp.checkSinkHandedOn(st.e, raw)
			x := st.e.Data.(*esb.EIndex)
			key, known := sp.indexKey(x.Index)
			if u == useTarget {
				sp.checkIntrinsicTarget(st.e)
			}
			sp.checkMember(st.e, x.Target, key, known, x.Index, int(x.Index.Loc.Start), u)
			objectUse[i] = targetUse(key, known, raw, sp.indexCallUse[x])
		case siteThrow:
			sp.checkLeak(st.e, "a thrown value")
		case sitePattern:
			sp.checkPattern(sp.siteTargets[st.from].b, st.e)
		case siteDecl:
			b := sp.siteTargets[st.from].b
			sp.checkDecl(esb.Decl{Binding: b, ValueOrNil: st.e})
			sp.checkPattern(b, st.e)
		case siteAssignPattern:
			sp.checkAssignPattern(sp.siteTargets[st.from].x, st.e)
		case siteConcat:
			sp.checkConcat(st.e.Data.(*esb.EBinary))
			sp.checkFoldedSecret(st.e)
		case siteEnumerated:
			sp.checkEnumerated(st.e)
		case siteHelperStart:
			sp.inBundlerHelper = true
		case siteHelperEnd:
			sp.inBundlerHelper = false
		}
	}
	sp.sites, sp.siteTargets = nil, nil
}

// checkDeadSite is what is still judged in code that never runs: the
// secrets written in it, and the bundler-helper bounds.
func (sp *scriptPass) checkDeadSite(st *checkSite) {
	switch st.kind {
	case siteExpr:
		switch x := st.e.Data.(type) {
		case *esb.EString:
			sp.checkSecretString(x, int(st.e.Loc.Start))
		case *esb.ETemplate:
			sp.checkTemplateSecrets(x)
		}
	case siteDecl:
		sp.checkDecl(esb.Decl{Binding: sp.siteTargets[st.from].b, ValueOrNil: st.e})
	case siteHelperStart:
		sp.inBundlerHelper = true
	case siteHelperEnd:
		sp.inBundlerHelper = false
	}
}
