package scriptlint

import (
	"fmt"
	"slices"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// The walk visits every statement, expression, binding, class member,
// template part and decorator of esbuild's tree once. It records what each
// binding may hold (collecting), and, in the order the checks take them,
// the sites they look at (sites.go): the checks run over the sites when
// the walk is done, once every binding's values are known. Each
// expression is visited with its use: how its parent consumes its value
// (called, compared, stored, read from), which is what decides whether a
// dangerous value may appear there. Import records are checked separately
// (importRecords). A node kind without a case here sets unknownNode, and
// the file is refused as not analysed: a newer esbuild must not add syntax
// the check silently skips.
//
// Recursion is bounded: esb.ScanNesting refused anything nested deeper
// than esb.MaxNesting before parsing.

func (sp *scriptPass) unknown(kind any) {
	if sp.unknownNode == "" {
		sp.unknownNode = fmt.Sprintf("%T", kind)
	}
}

// use is how an expression's value is consumed by its parent.
type use uint8

const (
	useValue      use = iota // may escape: stored, passed, returned, spread, thrown
	useCall                  // the callee of a call or the tag of a template
	useNew                   // the target of new
	useInspect               // compared, tested, coerced to a primitive
	useTypeof                // the operand of typeof: a feature test
	useDiscard               // dropped (an expression statement, the left of a comma)
	useMember                // the object of a member read that may call or walk it (call, apply, bind, constructor, __proto__, an unknown key)
	useMemberSafe            // the object of a member read with any other known key
	useMemberName            // the object of a .name or .length read
	useTarget                // assigned to
	usePattern               // the source of an object destructuring pattern, checked key by key
	// useOfIndex is known only once the walk is done: the use of the
	// object of a member read with a computed key, which depends on what
	// the key folds to (sites.go).
	useOfIndex
)

// escapes reports uses through which a function value can later be
// called: everything but inspection and harmless member reads.
func (u use) escapes() bool {
	switch u {
	case useInspect, useTypeof, useDiscard, useMemberSafe, useMemberName, useTarget:
		return false
	}
	return true
}

// memberUse is the use of the object of a member read with key (known or
// not).
func memberUse(key string, known bool) use {
	if !known {
		return useMember
	}
	switch key {
	case "name", "length":
		return useMemberName
	case "call", "apply", "bind", "constructor", "__proto__":
		return useMember
	}
	return useMemberSafe
}

func (sp *scriptPass) stmts(list []esb.Stmt) {
	for i := range list {
		sp.stmt(list[i])
	}
}

func (sp *scriptPass) stmt(s esb.Stmt) {
	if d, ok := s.Data.(*esb.SDirective); ok {
		// A directive ("use strict", or any string at the top of a
		// function) is a string in the file like any other: a key in it
		// is leaked to whoever reads the code.
		sp.checkSecretString(&esb.EString{Value: d.Value}, int(s.Loc.Start))
		return
	}
	switch s := s.Data.(type) {
	case nil:
	case *esb.SBlock:
		sp.stmts(s.Stmts)
	case *esb.SComment, *esb.SDebugger, *esb.SDirective, *esb.SEmpty, *esb.STypeScript,
		*esb.SBreak, *esb.SContinue, *esb.SExportClause, *esb.SImport, *esb.SExportFrom, *esb.SExportStar:
		// No expressions inside; imports are checked from the records.
	case *esb.SExportDefault:
		if e, ok := s.Value.Data.(*esb.SExpr); ok {
			sp.expr(e.Value, useValue)
			return
		}
		sp.stmt(s.Value)
	case *esb.SExportEquals:
		sp.expr(s.Value, useValue)
	case *esb.SLazyExport:
		sp.expr(s.Value, useValue)
	case *esb.SExpr:
		sp.expr(s.Value, useDiscard)
	case *esb.SEnum:
		for _, v := range s.Values {
			sp.expr(v.ValueOrNil, useValue)
		}
	case *esb.SNamespace:
		sp.stmts(s.Stmts)
	case *esb.SFunction:
		if sp.collecting && s.Fn.Name != nil {
			info := sp.sym(s.Fn.Name.Ref)
			info.fn = fnKind(&s.Fn)
			info.fnNode = &s.Fn
		}
		sp.fn(&s.Fn)
	case *esb.SClass:
		if sp.collecting && s.Class.Name != nil {
			sp.sym(s.Class.Name.Ref).fn = "class"
		}
		sp.class(&s.Class)
	case *esb.SLabel:
		sp.stmt(s.Stmt)
	case *esb.SIf:
		sp.expr(s.Test, useInspect)
		g := sp.guardStart(s.Test, guardYes)
		sp.stmt(s.Yes)
		sp.guardEnd(g)
		if s.NoOrNil.Data != nil {
			g = sp.guardStart(s.Test, guardNo)
			sp.stmt(s.NoOrNil)
			sp.guardEnd(g)
		}
	case *esb.SFor:
		sp.stmt(s.InitOrNil)
		sp.expr(s.TestOrNil, useInspect)
		g := -1
		if s.TestOrNil.Data != nil {
			g = sp.guardStart(s.TestOrNil, guardYes)
		}
		sp.expr(s.UpdateOrNil, useDiscard)
		sp.stmt(s.Body)
		if g >= 0 {
			sp.guardEnd(g)
		}
	case *esb.SForIn:
		if sp.collecting {
			sp.forHead(s.Init, s.Value, false)
		}
		sp.forInit(s.Init, s.Value)
		sp.expr(s.Value, useInspect) // only its keys are read
		sp.stmt(s.Body)
	case *esb.SForOf:
		if sp.collecting {
			sp.forHead(s.Init, s.Value, true)
			sp.notePageElementLoop(s.Init, s.Value)
		}
		sp.forInit(s.Init, s.Value)
		// Iterated: a function is not iterable, so a dangerous value there
		// only throws; what the loop takes out is a value of its own.
		sp.expr(s.Value, useInspect)
		sp.stmt(s.Body)
	case *esb.SDoWhile:
		sp.stmt(s.Body)
		sp.expr(s.Test, useInspect)
	case *esb.SWhile:
		sp.expr(s.Test, useInspect)
		g := sp.guardStart(s.Test, guardYes)
		sp.stmt(s.Body)
		sp.guardEnd(g)
	case *esb.SWith:
		sp.expr(s.Value, useValue)
		sp.stmt(s.Body)
	case *esb.STry:
		sp.stmts(s.Block.Stmts)
		if s.Catch != nil {
			if sp.collecting {
				sp.bindAny(s.Catch.BindingOrNil)
			}
			sp.binding(s.Catch.BindingOrNil)
			sp.sitePattern(sitePattern, s.Catch.BindingOrNil, esb.Expr{})
			sp.stmts(s.Catch.Block.Stmts)
		}
		if s.Finally != nil {
			sp.stmts(s.Finally.Block.Stmts)
		}
	case *esb.SSwitch:
		sp.expr(s.Test, useInspect)
		for i, c := range s.Cases {
			sp.expr(c.ValueOrNil, useInspect)
			g := sp.caseStart(s, i)
			sp.stmts(c.Body)
			sp.guardEnd(g)
		}
	case *esb.SReturn:
		sp.expr(s.ValueOrNil, useValue)
	case *esb.SThrow:
		sp.addSite(checkSite{kind: siteThrow, e: s.Value})
		sp.expr(s.Value, useValue)
	case *esb.SLocal:
		for _, d := range s.Decls {
			if sp.collecting {
				sp.bindTo(d.Binding, d.ValueOrNil, nil, s.Kind == esb.LocalConst)
				if d.ValueOrNil.Data == nil || s.Kind == esb.LocalVar {
					// A var may be read before its initialiser runs.
					sp.bindUndefined(d.Binding)
				}
			}
			sp.sitePattern(siteDecl, d.Binding, d.ValueOrNil)
			sp.binding(d.Binding)
			sp.expr(d.ValueOrNil, patternUse(d.Binding))
		}
	default:
		sp.unknown(s)
	}
}

// patternUse is the use of the value a binding is initialised with: an
// object pattern reads it key by key (checked by checkPattern).
func patternUse(b esb.Binding) use {
	if _, ok := b.Data.(*esb.BObject); ok {
		return usePattern
	}
	return useValue
}

// forInit checks the binding of a for-in or for-of loop.
func (sp *scriptPass) forInit(init esb.Stmt, value esb.Expr) {
	if local, ok := init.Data.(*esb.SLocal); ok {
		for _, d := range local.Decls {
			sp.sitePattern(sitePattern, d.Binding, esb.Expr{})
		}
	}
	if e, ok := init.Data.(*esb.SExpr); ok {
		sp.expr(e.Value, useTarget)
		return
	}
	sp.stmt(init)
}

func fnKind(fn *esb.Fn) string {
	switch {
	case fn.IsAsync && fn.IsGenerator:
		return "fn:asyncgen"
	case fn.IsAsync:
		return "fn:async"
	case fn.IsGenerator:
		return "fn:gen"
	}
	return "fn"
}

func (sp *scriptPass) fn(fn *esb.Fn) {
	if sp.collecting {
		sp.fnStack = append(sp.fnStack, fnFrame{fn: fn})
	}
	sp.args(fn.Args)
	if sp.collecting {
		sp.moduleParams(fn)
	}
	sp.stmts(fn.Body.Block.Stmts)
	if sp.collecting {
		sp.popFunction()
	}
}

func (sp *scriptPass) args(args []esb.Arg) {
	for _, a := range args {
		sp.decorators(a.Decorators)
		if sp.collecting {
			sp.bindTo(a.Binding, a.DefaultOrNil, nil, false)
			sp.bindAny(a.Binding) // the analysis does not follow calls into parameters
		}
		sp.sitePattern(sitePattern, a.Binding, a.DefaultOrNil)
		sp.binding(a.Binding)
		sp.expr(a.DefaultOrNil, patternUse(a.Binding))
	}
}

func (sp *scriptPass) decorators(ds []esb.Decorator) {
	for _, d := range ds {
		sp.expr(d.Value, useValue)
	}
}

func (sp *scriptPass) class(c *esb.Class) {
	sp.decorators(c.Decorators)
	sp.expr(c.ExtendsOrNil, useValue)
	if sp.collecting {
		sp.fnStack = append(sp.fnStack, fnFrame{}) // this in a field is the instance
	}
	for i := range c.Properties {
		sp.property(&c.Properties[i])
	}
	if sp.collecting {
		sp.popFunction()
	}
}

func (sp *scriptPass) property(p *esb.Property) {
	if p.ClassStaticBlock != nil {
		sp.stmts(p.ClassStaticBlock.Block.Stmts)
	}
	sp.decorators(p.Decorators)
	sp.expr(p.Key, useInspect)
	sp.expr(p.ValueOrNil, useValue)
	sp.expr(p.InitializerOrNil, useValue)
}

func (sp *scriptPass) binding(b esb.Binding) {
	switch b := b.Data.(type) {
	case nil, *esb.BMissing, *esb.BIdentifier:
	case *esb.BArray:
		for _, item := range b.Items {
			sp.binding(item.Binding)
			sp.expr(item.DefaultValueOrNil, patternUse(item.Binding))
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			sp.expr(p.Key, useInspect)
			sp.binding(p.Value)
			sp.expr(p.DefaultValueOrNil, patternUse(p.Value))
		}
	default:
		sp.unknown(b)
	}
}

// passThrough is the use of an operand whose value becomes the whole
// expression's ((0, f), a || f, c ? f : g, await f): the same, except that
// a callee reached that way is no longer called directly.
func passThrough(u use) use {
	if u == useCall || u == useNew {
		return useValue
	}
	return u
}

// binaryUses are the uses of a binary expression's operands, given the
// use of the whole.
func binaryUses(op esb.OpCode, u use, right esb.Expr) (left, r use) {
	switch op {
	case esb.BinOpComma:
		return useDiscard, passThrough(u)
	case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing:
		return passThrough(u), passThrough(u)
	case esb.BinOpLogicalAnd:
		return useInspect, passThrough(u) // a falsy left is never a function
	case esb.BinOpAssign:
		return useTarget, useValue
	case esb.BinOpLogicalOrAssign, esb.BinOpLogicalAndAssign, esb.BinOpNullishCoalescingAssign:
		return useTarget, useValue
	}
	if op > esb.BinOpAssign { // arithmetic assignments
		return useTarget, useInspect
	}
	return useInspect, useInspect
}

// binaryChain walks a left-deep chain (a + b + c …, a, b, c …) along its
// spine without recursing on the left: the nesting guard lets left-
// associative chains be as long as the file.
func (sp *scriptPass) binaryChain(top *esb.EBinary, u use) {
	var spineArr [4]*esb.EBinary
	var usesArr [4]use
	spine := spineArr[:0]
	uses := usesArr[:0]
	spine = append(spine, top)
	uses = append(uses, u)
	for {
		cur := spine[len(spine)-1]
		if sp.collecting && cur.Op >= esb.BinOpAssign {
			sp.assigned(cur.Left, cur.Right)
			sp.noteMemberWrite(cur.Left, cur.Right)
		}
		if cur.Op == esb.BinOpAssign {
			sp.siteAssignPattern(cur.Left, cur.Right)
		}
		left, ok := cur.Left.Data.(*esb.EBinary)
		if !ok {
			break
		}
		lu, _ := binaryUses(cur.Op, uses[len(uses)-1], cur.Right)
		if checksBinary(left) {
			sp.siteExpr(cur.Left, lu)
		}
		spine = append(spine, left)
		uses = append(uses, lu)
	}
	// Each run of + along the spine is one concatenation: check it from
	// its top.
	for i, b := range spine {
		if b.Op == esb.BinOpAdd && (i == 0 || spine[i-1].Op != esb.BinOpAdd) {
			sp.addSite(checkSite{kind: siteConcat, e: esb.Expr{Data: b, Loc: b.Left.Loc}})
		}
	}
	last := spine[len(spine)-1]
	lu, _ := binaryUses(last.Op, uses[len(uses)-1], last.Right)
	if last.Op == esb.BinOpAssign && isPattern(last.Left) {
		lu = useTarget
	}
	sp.expr(last.Left, lu)
	for i := len(spine) - 1; i >= 0; i-- {
		b := spine[i]
		_, ru := binaryUses(b.Op, uses[i], b.Right)
		if b.Op == esb.BinOpAssign {
			if _, ok := b.Left.Data.(*esb.EObject); ok {
				ru = usePattern
			}
		}
		g := -1
		switch b.Op {
		case esb.BinOpLogicalAnd:
			g = sp.guardStart(b.Left, guardAndRight)
		case esb.BinOpLogicalOr:
			g = sp.guardStart(b.Left, guardOrRight)
		case esb.BinOpNullishCoalescing:
			g = sp.guardStart(b.Left, guardNullish)
		}
		sp.expr(b.Right, ru)
		if g >= 0 {
			sp.guardEnd(g)
		}
	}
}

func isPattern(e esb.Expr) bool {
	switch e.Data.(type) {
	case *esb.EObject, *esb.EArray:
		return true
	}
	return false
}

func (sp *scriptPass) exprs(list []esb.Expr, u use) {
	for _, e := range list {
		sp.expr(e, u)
	}
}

func (sp *scriptPass) expr(e esb.Expr, u use) {
	if e.Data == nil {
		return
	}
	// Each case first records e as a site when check may find something
	// in it (sites.go).
	switch x := e.Data.(type) {
	case *esb.EArray:
		if slices.ContainsFunc(x.Items, mayHandOn) {
			sp.siteExpr(e, u)
		}
		if u == useTarget {
			sp.exprs(x.Items, useTarget)
			return
		}
		sp.exprs(x.Items, useValue)
	case *esb.EUnary:
		switch x.Op {
		case esb.UnOpTypeof:
			sp.expr(x.Value, useTypeof)
		case esb.UnOpVoid:
			sp.expr(x.Value, useDiscard)
		case esb.UnOpPreDec, esb.UnOpPreInc, esb.UnOpPostDec, esb.UnOpPostInc:
			if sp.collecting {
				sp.assigned(x.Value, esb.Expr{})
				sp.noteMemberWrite(x.Value, esb.Expr{})
			}
			sp.expr(x.Value, useTarget)
		case esb.UnOpDelete:
			sp.expr(x.Value, useTarget)
		default:
			sp.expr(x.Value, useInspect)
		}
	case *esb.EBinary:
		if checksBinary(x) {
			sp.siteExpr(e, u)
		}
		sp.binaryChain(x, u)
	case *esb.EThis:
		if sp.collecting {
			sp.noteThis()
		}
	case *esb.EIdentifier:
		// Only a global the table restricts: a local name, or an allowed
		// global with nothing to restrict, is never refused.
		if s, info := sp.lookup(x.Ref); s != nil && s.Kind == esb.SymbolUnbound && !sp.global(s, info).plain {
			sp.siteExpr(e, u)
		}
	case *esb.EString:
		if len(x.Value) >= minLabelledSecret { // shorter is no credential, even under a credential's name
			sp.siteExpr(e, u)
		}
	case *esb.EBoolean, *esb.ESuper, *esb.ENull, *esb.EUndefined, *esb.ENewTarget,
		*esb.EImportMeta, *esb.EImportIdentifier, *esb.EPrivateIdentifier,
		*esb.ENameOfSymbol, *esb.EMissing, *esb.ENumber, *esb.EBigInt, *esb.ERegExp,
		*esb.EJSXText, *esb.ERequireString, *esb.ERequireResolveString, *esb.EImportString:
		// Leaves no check looks at. Import strings are checked from the
		// import records.
	case *esb.ENew:
		sp.siteExpr(e, u)
		if sp.collecting {
			sp.noteResolvers(x)
			sp.noteCallMutation(x.Target, x.Args)
		}
		sp.expr(x.Target, useNew)
		sp.exprs(x.Args, useValue)
	case *esb.ECall:
		sp.siteExpr(e, u)
		if sp.collecting {
			sp.noteCallMutation(x.Target, x.Args)
			sp.noteReflectiveWrites(x.Target, x.Args)
			sp.noteDirectEval(x.Target)
			sp.noteModuleWrapper(x.Target, x.Args)
		}
		sp.expr(x.Target, useCall)
		if sp.receiverOfOwnMember(x.Target, x.Args) {
			// rmx.log.bind(rmx, …): rmx is only the receiver of its own
			// member, which is named.
			sp.expr(x.Args[0], useInspect)
			sp.exprs(x.Args[1:], sp.argUse(x.Target))
			break
		}
		sp.exprs(x.Args, sp.argUse(x.Target))
	case *esb.EDot:
		sp.siteExpr(e, u)
		sp.expr(x.Target, memberUse(x.Name, true))
	case *esb.EIndex:
		at := sp.addSite(checkSite{kind: siteIndex, e: e, u: u})
		if u == useTarget {
			sp.expr(x.Target, useMemberSafe)
		} else {
			// The key decides the object's use: it is folded when the
			// sites are checked.
			outer := sp.useFrom
			sp.useFrom = at
			sp.expr(x.Target, useOfIndex)
			sp.useFrom = outer
		}
		sp.expr(x.Index, useInspect)
	case *esb.EArrow:
		sp.args(x.Args)
		sp.stmts(x.Body.Block.Stmts)
	case *esb.EFunction:
		if sp.collecting && x.Fn.Name != nil {
			info := sp.sym(x.Fn.Name.Ref)
			info.fn = fnKind(&x.Fn)
			info.fnNode = &x.Fn
		}
		sp.fn(&x.Fn)
	case *esb.EClass:
		if sp.collecting && x.Class.Name != nil {
			sp.sym(x.Class.Name.Ref).fn = "class"
		}
		sp.class(&x.Class)
	case *esb.EJSXElement:
		sp.expr(x.TagOrNil, useValue)
		for i := range x.Properties {
			sp.property(&x.Properties[i])
		}
		sp.exprs(x.NullableChildren, useValue)
	case *esb.EObject:
		if len(x.Properties) > 0 {
			sp.siteExpr(e, u)
		}
		if u == useTarget {
			for i := range x.Properties {
				p := &x.Properties[i]
				sp.expr(p.Key, useInspect)
				sp.expr(p.ValueOrNil, useTarget)
				sp.expr(p.InitializerOrNil, useValue)
			}
			return
		}
		for i := range x.Properties {
			sp.property(&x.Properties[i])
		}
	case *esb.ESpread:
		if u == useTarget {
			sp.expr(x.Value, useTarget)
			return
		}
		// [...x] and f(...x) iterate x (a function is not iterable): only
		// its elements are handed on, and those are checked where they
		// come from.
		sp.expr(x.Value, useInspect)
	case *esb.ETemplate:
		sp.siteExpr(e, u)
		if x.TagOrNil.Data != nil {
			sp.expr(x.TagOrNil, useCall)
			for _, part := range x.Parts {
				sp.expr(part.Value, useValue)
			}
			return
		}
		for _, part := range x.Parts {
			sp.expr(part.Value, useInspect)
		}
	case *esb.EInlinedEnum:
		sp.expr(x.Value, u)
	case *esb.EAnnotation:
		sp.expr(x.Value, u)
	case *esb.EAwait:
		sp.expr(x.Value, passThrough(u))
	case *esb.EYield:
		sp.expr(x.ValueOrNil, useValue)
	case *esb.EIf:
		sp.expr(x.Test, useInspect)
		g := sp.guardStart(x.Test, guardYes)
		sp.expr(x.Yes, passThrough(u))
		sp.guardEnd(g)
		g = sp.guardStart(x.Test, guardNo)
		sp.expr(x.No, passThrough(u))
		sp.guardEnd(g)
	case *esb.EImportCall:
		sp.siteExpr(e, u)
		sp.expr(x.Expr, useValue)
		sp.expr(x.OptionsOrNil, useValue)
	default:
		sp.unknown(x)
	}
}
