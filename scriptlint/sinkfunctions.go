package scriptlint

import (
	"slices"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/wordset"
)

// A sink's arguments are judged where it is called, and a call names its
// sink only where the callee is a member named there, a name bound to
// one, or one of those through call, apply, bind or Reflect.apply
// (methodCall). A sink function handed on as a value (stored in an array
// or an object, passed, returned, spread) is called where the check cannot
// name it: [dom.html, rmx.log][k](html), call(dom.html, html). So the
// API's sinks and the page's sink methods may be named, bound to a name
// and called, and nothing else (js/api-value).

// apiSinkFunctions are the API's functions whose arguments the checks
// judge: what they put on the page and where they fetch or open.
var apiSinkFunctions = wordset.Of("dom.html dom.create dom.addStyle rmx.fetch rmx.schedule.openTab ")

// pageSinkMethods are the page methods judged by name on any receiver
// (checkMethodCall); replace is one only on what may be a sheet.
var pageSinkMethods = []string{"setAttribute", "setAttributeNS", "insertAdjacentHTML", "insertHTML", "setHTMLUnsafe", "setHTML",
	"appendHTML", "prependHTML", "createContextualFragment", "replaceSync"}

// checkSinkHandedOn refuses a sink function, named or through a name or
// a bind, handed on where a call of it could not be judged; raw is the
// use as the walk gave it.
func (sp *scriptPass) checkSinkHandedOn(e esb.Expr, raw use) {
	switch raw {
	case useValue, useReturn, useArg, useReadBy:
	default:
		return // called, bound to a name, inspected, a member read
	}
	if !on(DefAPIValue) || sp.namedCallees[e.Data] {
		return
	}
	name := ""
	switch x := e.Data.(type) {
	case *esb.EDot:
		if slices.Contains(pageSinkMethods, x.Name) || x.Name == "replace" && sp.mayBeSheet(x.Target) {
			name = x.Name
		}
	case *esb.EIdentifier, *esb.ECall:
		if recv, m, _, ok := sp.methodOf(e); ok && (slices.Contains(pageSinkMethods, m) || m == "replace" && sp.mayBeSheet(recv)) {
			name = m
		}
	case *esb.EIndex:
	default:
		return
	}
	if rmx, dom := sp.namesAPI(); name == "" && (rmx || dom) {
		for _, p := range sp.resolve(e) {
			if apiSinkFunctions[p] {
				name = p
				break
			}
		}
	}
	if name == "" {
		return
	}
	sp.report(RuleAPIValue, int(e.Loc.Start), "%s is %s here, so the check can no longer see what it is given where it is called (what it puts on the page, or where it fetches): call it where it is named (%s(…), through call, apply, bind or Reflect.apply), and hand a helper the value instead", name, useWords(baseUse(raw)), name)
}

// namesAPI reports whether the module names rmx and dom (dom being the
// only maker of handles), scanned once.
func (sp *scriptPass) namesAPI() (rmx, dom bool) {
	const scanned, namesRmx, namesDom = 1, 2, 4
	if sp.apiNamed&scanned == 0 {
		sp.apiNamed = scanned
		for _, s := range sp.res.AST.Symbols {
			if s.Kind == esb.SymbolUnbound && s.OriginalName == "rmx" {
				sp.apiNamed |= namesRmx
			} else if s.Kind == esb.SymbolUnbound && s.OriginalName == "dom" {
				sp.apiNamed |= namesDom
			}
		}
	}
	return sp.apiNamed&namesRmx != 0, sp.apiNamed&namesDom != 0
}

// noteNamedCallees records, in the walk, the values a call names as its
// callee without calling them directly: the function Reflect.apply is
// given, which methodCall names, and the sides of a choice or a sequence
// that is the callee ((0, dom.html)(…), (c ? dom.html : dom.create)(…)),
// which resolve names.
func (sp *scriptPass) noteNamedCallees(c *esb.ECall) {
	if sp.namedCallees == nil {
		sp.namedCallees = map[esb.E]bool{}
	}
	if len(c.Args) == 3 && sp.builtinPath(c.Target, 0) == "Reflect.apply" {
		sp.namedCallees[c.Args[0].Data] = true
	}
	sp.noteCalleeSides(c.Target)
}

// noteCalleeSides records the sides of a choice, a sequence or a logical
// operator that is a callee, recursively (noteNamedCallees).
func (sp *scriptPass) noteCalleeSides(e esb.Expr) {
	switch x := e.Data.(type) {
	case *esb.EIf:
		sp.namedCallees[x.Yes.Data], sp.namedCallees[x.No.Data] = true, true
		sp.noteCalleeSides(x.Yes)
		sp.noteCalleeSides(x.No)
	case *esb.EBinary:
		switch x.Op {
		case esb.BinOpComma:
			sp.namedCallees[x.Right.Data] = true
			sp.noteCalleeSides(x.Right)
		case esb.BinOpLogicalOr, esb.BinOpLogicalAnd, esb.BinOpNullishCoalescing:
			sp.namedCallees[x.Left.Data], sp.namedCallees[x.Right.Data] = true, true
			sp.noteCalleeSides(x.Left)
			sp.noteCalleeSides(x.Right)
		}
	case *esb.EAnnotation:
		sp.namedCallees[x.Value.Data] = true
		sp.noteCalleeSides(x.Value)
	}
}

// checkMethodByUnreadName judges o[k](…) where the check cannot decide k
// and o may be a page handle (a module that names dom): under each name k
// may hold, as that method's call; refused when one cannot be read and may
// be a sink method's name (h[cond ? "setText" : "setHTML"](html)).
func (sp *scriptPass) checkMethodByUnreadName(target esb.Expr, args []esb.Expr) {
	x, ok := target.Data.(*esb.EIndex)
	if _, dom := sp.namesAPI(); !ok || !on(DefAPIValue) || !dom || sp.notHandle(x.Target) || sp.builtinPath(x.Target, 0) != "" {
		return // (a built-in is no handle)
	}
	if _, known := sp.indexKey(x.Index); known {
		return // (methodCall judged it)
	}
	names, ok := sp.mayHoldStrings(x.Index)
	for _, v := range names {
		if v.known {
			sp.checkMethodCall(x.Target, v.s, args)
			continue
		}
		if slices.ContainsFunc(pageSinkMethods, func(name string) bool { return globMatch(v.s, name) }) {
			ok = false
		}
	}
	if !ok {
		sp.report(RuleUnreadableSink, int(x.Index.Loc.Start), "a method of what may be a page handle is called by a name the check cannot read, so it cannot tell whether it puts HTML or an attribute on the page: call the method by name (h.setText(…), h.setHTML(…))")
	}
}
