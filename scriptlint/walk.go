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
	// The uses below are what reach.go follows a reached value through
	// (kReach, domain.go), or refuses it at. Every other check reads them
	// as the use they stand for (baseUse).
	useBind      // the value a local name is declared or assigned with
	useReturn    // returned from a function (site.from: its fnRec)
	useArg       // an argument of a call of a local name (site.from: its argSite)
	useWalk      // the object of a read with a key the check cannot decide, or of constructor or __proto__
	useWriteInto // the object of a member written, deleted or defined
	useReceiver  // the object of a method called with another known key
	useProtoRead // the object of a prototype read
	// useSafePattern is the source of an object pattern whose keys are
	// all known and none is constructor, __proto__ or prototype.
	useSafePattern
	// useReadBy is the argument of a built-in that only reads it: its own
	// keys (Object.keys), or its prototype (Object.getPrototypeOf), which
	// is a reached value in its turn.
	useReadBy
)

// baseUse is the use the checks other than reach.go's read in u.
func baseUse(u use) use {
	switch u {
	case useBind, useReturn, useArg, useReadBy:
		return useValue
	case useWalk:
		return useMember
	case useWriteInto, useReceiver, useProtoRead:
		return useMemberSafe
	case useSafePattern:
		return usePattern
	}
	return u
}

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
// not), given the use of the read itself.
func memberUse(key string, known bool, of use) use {
	if !known {
		if of == useTarget {
			return useWriteInto
		}
		return useWalk
	}
	switch key {
	case "call", "apply", "bind":
		return useMember
	case "constructor", "__proto__":
		if of == useTarget {
			return useWriteInto
		}
		return useWalk
	case "__defineGetter__", "__defineSetter__":
		return useWriteInto
	}
	switch of {
	case useTarget:
		return useWriteInto
	case useCall:
		return useReceiver
	}
	switch key {
	case "name", "length":
		return useMemberName
	case "prototype":
		return useProtoRead
	}
	return useMemberSafe
}

// targetUse is memberUse for the object target of a member read; result
// is the use of the call the read is the callee of. What valueOf is
// called on (Object.prototype's hands its receiver back) is used as the
// call's result is: inspected, or as a value.
func targetUse(key string, known bool, of, result use) use {
	if known && key == "valueOf" && of == useCall {
		switch baseUse(result) {
		case useInspect, useTypeof, useDiscard:
			return useInspect
		}
		return useValue
	}
	return memberUse(key, known, of)
}

// noteCalleeUse records, in the walk, the use of the call a computed
// read is the callee of (targetUse reads it once the key is folded).
func (sp *scriptPass) noteCalleeUse(x *esb.EIndex) {
	if sp.indexCallUse == nil {
		sp.indexCallUse = map[*esb.EIndex]use{}
	}
	sp.indexCallUse[x] = sp.calleeUse
}

// callee walks the callee of a call (or a template's tag) whose own use
// is u, which targetUse reads.
func (sp *scriptPass) callee(target esb.Expr, u use) {
	outer := sp.calleeUse
	sp.calleeUse = u
	sp.expr(target, useCall)
	sp.calleeUse = outer
}

func (sp *scriptPass) stmts(list []esb.Stmt) {
	// A function declared in the list is hoisted above every test before
	// it, where it may be called: no early exit before it guards it.
	hoisted := -1
	for i, s := range list {
		switch s.Data.(type) {
		case *esb.SFunction, *esb.SExportDefault, *esb.SLabel:
			hoisted = i
		}
	}
	var regions []int
	for i := range list {
		sp.stmt(list[i])
		if i > hoisted && len(regions) < maxEarlyExits {
			if g, ok := sp.earlyExitGuard(list, i); ok {
				regions = append(regions, g)
			}
		}
	}
	for i := len(regions) - 1; i >= 0; i-- {
		sp.guardEnd(regions[i])
	}
}

// maxEarlyExits bounds the regions one list's early exits open (they
// nest, and a read asks each around it): past it, a test guards nothing
// after it, which only refuses more.
const maxEarlyExits = 32

// earlyExitGuard opens, after an if one of whose branches always leaves
// the list (if (!ok) return; if (typeof x !== "string") throw …), a
// guarded region over the rest of the list: it runs only when the test
// took the other branch.
func (sp *scriptPass) earlyExitGuard(list []esb.Stmt, i int) (int, bool) {
	s, ok := list[i].Data.(*esb.SIf)
	if !ok || i == len(list)-1 {
		return 0, false
	}
	yes, no := alwaysLeaves(s.Yes), s.NoOrNil.Data != nil && alwaysLeaves(s.NoOrNil)
	switch {
	case yes && !no:
		return sp.guardStart(s.Test, guardNo), true
	case no && !yes:
		return sp.guardStart(s.Test, guardYes), true
	}
	return 0, false
}

// alwaysLeaves reports a statement that never ends normally: it returns,
// throws, breaks or continues on every path.
func alwaysLeaves(s esb.Stmt) bool {
	switch s := s.Data.(type) {
	case *esb.SReturn, *esb.SThrow, *esb.SBreak, *esb.SContinue:
		return true
	case *esb.SBlock:
		return len(s.Stmts) > 0 && alwaysLeaves(s.Stmts[len(s.Stmts)-1])
	case *esb.SIf:
		return s.NoOrNil.Data != nil && alwaysLeaves(s.Yes) && alwaysLeaves(s.NoOrNil)
	}
	return false
}

func (sp *scriptPass) stmt(s esb.Stmt) {
	sp.stmtSerial++
	if d, ok := s.Data.(*esb.SDirective); ok {
		// A directive ("use strict", or any string at the top of a
		// function) is a string in the file like any other: a key in it
		// is leaked to whoever reads the code.
		sp.checkSecretString(&esb.EString{Value: d.Value}, int(s.Loc.Start))
		return
	}
	if sp.collecting && !sp.exports && exports(s) {
		sp.exports = true
	}
	switch s := s.Data.(type) {
	case nil:
	case *esb.SBlock:
		sp.stmts(s.Stmts)
	case *esb.SExportClause:
		// Each name exported is referred to by code the analysis does not
		// see (reach.go: closed).
		if sp.collecting {
			for _, item := range s.Items {
				if _, info := sp.lookup(item.Name.Ref); info != nil {
					info.refs++
				}
			}
		}
	case *esb.SComment, *esb.SDebugger, *esb.SDirective, *esb.SEmpty, *esb.STypeScript,
		*esb.SBreak, *esb.SContinue, *esb.SImport, *esb.SExportFrom, *esb.SExportStar:
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
			rec := sp.recordFunction(&s.Fn, s.Fn.Args, s.Fn.HasRestArg, s.Fn.IsAsync || s.Fn.IsGenerator)
			rec.exported = rec.exported || s.IsExport
			sp.bindFunction(info, rec)
		}
		sp.fn(&s.Fn)
	case *esb.SClass:
		if sp.collecting && s.Class.Name != nil {
			info := sp.sym(s.Class.Name.Ref)
			info.fn, info.classNode = "class", &s.Class
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
			sp.openLoopKey(s.Init, s.Value)
		}
		sp.forInit(s.Init, s.Value)
		sp.addSite(checkSite{kind: siteEnumerated, e: s.Value})
		sp.expr(s.Value, useInspect) // only its keys are read
		sp.stmt(s.Body)
		if sp.collecting {
			sp.closeLoopKey()
		}
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
		if sp.collecting {
			sp.noteReturn(s.ValueOrNil)
		}
		outer := sp.siteFrom
		sp.siteFrom = sp.returnFrom()
		sp.expr(s.ValueOrNil, useReturn)
		sp.siteFrom = outer
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
				sp.noteKeyDecl(s.Kind, d)
			}
			sp.sitePattern(siteDecl, d.Binding, d.ValueOrNil)
			sp.binding(d.Binding)
			u := patternUse(d.Binding)
			if _, ok := d.Binding.Data.(*esb.BIdentifier); ok && !s.IsExport {
				u = useBind
				if sp.collecting {
					sp.noteFunctionBound(d.Binding, d.ValueOrNil)
				}
			}
			sp.expr(d.ValueOrNil, u)
		}
	default:
		sp.unknown(s)
	}
}

// patternUse is the use of the value a binding is initialised with: an
// object pattern reads it key by key (checked by checkPattern).
func patternUse(b esb.Binding) use {
	if o, ok := b.Data.(*esb.BObject); ok {
		for _, p := range o.Properties {
			if p.IsSpread || p.IsComputed || !plainKey(p.Key) {
				return usePattern
			}
		}
		return useSafePattern
	}
	return useValue
}

// objectTargetUse is patternUse for an object assignment target.
func objectTargetUse(o *esb.EObject) use {
	for i := range o.Properties {
		p := &o.Properties[i]
		if p.Kind == esb.PropertySpread || p.Flags.Has(esb.PropertyIsComputed) || !plainKey(p.Key) {
			return usePattern
		}
	}
	return useSafePattern
}

// plainKey reports a literal key that walks to nothing: not constructor,
// __proto__ or prototype.
func plainKey(k esb.Expr) bool {
	s, ok := k.Data.(*esb.EString)
	if !ok {
		_, num := k.Data.(*esb.ENumber)
		return num
	}
	switch esb.UTF16ToString(s.Value) {
	case "constructor", "__proto__", "prototype":
		return false
	}
	return true
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
		sp.checkNameSecret(fn.Name)
	}
	rec := sp.enterFunction(fn, false)
	body := sp.fnBodyStart(rec)
	sp.args(fn.Args, rec)
	if sp.collecting {
		sp.moduleParams(fn)
		sp.noteEntryOverwrites(fn.Args, fn.Body.Block.Stmts)
	}
	sp.stmts(fn.Body.Block.Stmts)
	sp.fnBodyEnd(body)
	sp.leaveFunction()
	if sp.collecting {
		sp.popFunction()
	}
}

func (sp *scriptPass) args(args []esb.Arg, rec *fnRec) {
	for i, a := range args {
		sp.decorators(a.Decorators)
		if sp.collecting {
			sp.bindTo(a.Binding, a.DefaultOrNil, nil, false)
			if id, ok := a.Binding.Data.(*esb.BIdentifier); ok {
				info := sp.sym(id.Ref)
				info.isParam, info.declFrame = true, sp.walkFrame()
			}
			if !sp.noteParam(rec, i, a.Binding) {
				sp.bindAny(a.Binding) // the analysis does not follow calls into it
			}
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
	if sp.collecting {
		sp.noteClass(c)
		sp.checkNameSecret(c.Name)
	}
	sp.decorators(c.Decorators)
	if sp.collecting && c.ExtendsOrNil.Data != nil {
		sp.extendsSeen = true
		sp.noteBuiltinTaker(c.ExtendsOrNil, builtinTaker{}) // class E extends Error: only inherited from
	}
	sp.expr(c.ExtendsOrNil, useValue)
	if sp.collecting {
		sp.fnStack = append(sp.fnStack, fnFrame{}) // this in a field is the instance
	}
	for i := range c.Properties {
		if sp.collecting {
			sp.noteMethod(&c.Properties[i], true)
		}
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
			if sp.collecting && !p.IsSpread {
				sp.notePatternKey(p.Key, p.IsComputed)
			}
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

// compoundOps are the operator assignments whose new value is the
// operation's (the logical ones give one side or the other).
var compoundOps = map[esb.OpCode]esb.OpCode{
	esb.BinOpAddAssign: esb.BinOpAdd, esb.BinOpSubAssign: esb.BinOpSub, esb.BinOpMulAssign: esb.BinOpMul,
	esb.BinOpDivAssign: esb.BinOpDiv, esb.BinOpRemAssign: esb.BinOpRem, esb.BinOpPowAssign: esb.BinOpPow,
	esb.BinOpShlAssign: esb.BinOpShl, esb.BinOpShrAssign: esb.BinOpShr, esb.BinOpUShrAssign: esb.BinOpUShr,
	esb.BinOpBitwiseOrAssign: esb.BinOpBitwiseOr, esb.BinOpBitwiseAndAssign: esb.BinOpBitwiseAnd,
	esb.BinOpBitwiseXorAssign: esb.BinOpBitwiseXor,
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
			value := cur.Right
			if op, ok := compoundOps[cur.Op]; ok {
				// k += "x" gives k a new value, k + "x", not "x".
				value = esb.Expr{Data: &esb.EBinary{Op: op, Left: cur.Left, Right: cur.Right}, Loc: cur.Right.Loc}
			}
			sp.assigned(cur.Left, value)
			sp.noteMemberWrite(cur.Left, value)
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
			if o, ok := b.Left.Data.(*esb.EObject); ok {
				ru = objectTargetUse(o)
			}
		}
		if ru == useValue && sp.bindsLocal(b, uses[i]) {
			ru = useBind
		}
		switch b.Op {
		case esb.BinOpLogicalOr, esb.BinOpNullishCoalescing:
			sp.noteGlobalOperand(b.Left)
			fallthrough
		case esb.BinOpComma, esb.BinOpLogicalAnd:
			sp.noteGlobalOperand(b.Right)
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

// bindsLocal reports an assignment to a local name whose own value (u is
// its use) goes nowhere a reached value could not: so its right-hand side
// is followed into the name (reach.go).
func (sp *scriptPass) bindsLocal(b *esb.EBinary, u use) bool {
	switch b.Op {
	case esb.BinOpAssign, esb.BinOpLogicalOrAssign, esb.BinOpNullishCoalescingAssign, esb.BinOpLogicalAndAssign:
	default:
		return false
	}
	switch u {
	case useDiscard, useInspect, useTypeof, useBind:
	default:
		return false
	}
	id, ok := b.Left.Data.(*esb.EIdentifier)
	if !ok {
		return false
	}
	s, _ := sp.lookup(id.Ref)
	return s != nil && s.Kind != esb.SymbolUnbound
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
			if sp.collecting {
				sp.noteDelete(x.Value)
			}
			sp.expr(x.Value, useTarget)
		default:
			sp.expr(x.Value, useInspect)
		}
	case *esb.EBinary:
		if sp.collecting {
			sp.noteMemberAssign(x, u)
		}
		if checksBinary(x) {
			sp.siteExpr(e, u)
		}
		sp.binaryChain(x, u)
	case *esb.EThis:
		if sp.collecting {
			sp.noteThis()
		}
	case *esb.EIdentifier:
		// A global the table restricts, and a local name where it may be
		// refused if it holds a reached value (reach.go). An allowed global
		// with nothing to restrict is never refused.
		if s, info := sp.lookup(x.Ref); s != nil {
			if s.Kind != esb.SymbolUnbound {
				sp.noteLocalRef(s, info, e, u)
			} else if !sp.global(s, info).plain {
				sp.siteExpr(e, u)
				if sp.collecting && isGlobalObjectName(s.OriginalName) {
					sp.noteGlobalValue(u)
				}
			} else if (u == useValue || u == useArg || u == useReturn || u == useOfIndex) && builtinObjectPath(s.OriginalName) || u == useTarget {
				sp.siteExpr(e, u) // a built-in that may be handed on (js/builtin-value), or replaced
			}
			if sp.collecting && s.Kind == esb.SymbolUnbound {
				sp.proxyNamed = sp.proxyNamed || s.OriginalName == "Proxy"
				sp.noteMemberMakerName(s.OriginalName, u)
			}
		}
	case *esb.EString:
		if len(x.Value) >= minLabelledSecret { // shorter is no credential, even under a credential's name
			sp.siteExpr(e, u)
		}
	case *esb.ERegExp:
		if sp.collecting {
			sp.checkRegExpSecret(x, int(e.Loc.Start))
		}
	case *esb.EBoolean, *esb.ESuper, *esb.ENull, *esb.EUndefined, *esb.ENewTarget,
		*esb.EImportMeta, *esb.EImportIdentifier, *esb.EPrivateIdentifier,
		*esb.ENameOfSymbol, *esb.EMissing, *esb.ENumber, *esb.EBigInt,
		*esb.EJSXText, *esb.ERequireString, *esb.ERequireResolveString, *esb.EImportString:
		// Leaves no check looks at. Import strings are checked from the
		// import records.
	case *esb.ENew:
		sp.siteExpr(e, u)
		if sp.collecting {
			sp.noteResolvers(x)
			sp.noteProxyTraps(x)
			sp.noteCallMutation(x.Target, x.Args)
		}
		sp.expr(x.Target, useNew)
		sp.exprs(x.Args, useValue)
	case *esb.ECall:
		sp.siteExpr(e, u)
		if sp.collecting {
			sp.noteCallMutation(x.Target, x.Args)
			sp.noteReflectiveWrites(x.Target, x.Args)
			sp.noteReviver(x.Target, x.Args)
			sp.noteReplacer(x)
			sp.noteDirectEval(x.Target)
			sp.noteModuleWrapper(x.Target, x.Args)
			sp.noteExportCall(x.Target, x.Args)
			sp.noteKeyCallback(x.Target, x.Args)
			sp.noteDefinerCall(x)
			sp.noteMemberCall(x)
		}
		sp.callee(x.Target, u)
		if sp.collecting && sp.builtinReceiverOfOwnMember(x.Target, x.Args) {
			sp.noteBuiltinTaker(x.Args[0], builtinTaker{}) // String.fromCharCode.bind(String)
		}
		if sp.receiverOfOwnMember(x.Target, x.Args) {
			// rmx.log.bind(rmx, …): rmx is only the receiver of its own
			// member, which is named.
			sp.expr(x.Args[0], useInspect)
			sp.exprs(x.Args[1:], sp.argUse(x))
			break
		}
		sp.callArgs(x)
	case *esb.EDot:
		sp.siteExpr(e, u)
		if sp.collecting {
			if isGlobalObjectName(x.Name) {
				sp.noteGlobalValue(u)
			}
			sp.noteMemberMakerRead(x, u)
			sp.noteMemberRead(x.Name, x.Target, u)
		}
		sp.expr(x.Target, targetUse(x.Name, true, u, sp.calleeUse))
	case *esb.EIndex:
		if sp.collecting {
			sp.noteIndexGuards(x)
			sp.noteKeyRead(x)
			sp.noteIndexRead(x, u)
			if u == useCall {
				sp.noteReceiver(x.Target) // (its use, useOfIndex, is known only later)
				sp.noteCalleeUse(x)
			}
		}
		at := sp.addSite(checkSite{kind: siteIndex, e: e, u: u})
		if u == useTarget {
			sp.expr(x.Target, useWriteInto)
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
		rec := sp.enterFunction(x, true)
		body := sp.fnBodyStart(rec)
		sp.args(x.Args, rec)
		if sp.collecting {
			sp.noteEntryOverwrites(x.Args, x.Body.Block.Stmts)
		}
		sp.stmts(x.Body.Block.Stmts)
		sp.fnBodyEnd(body)
		sp.leaveFunction()
	case *esb.EFunction:
		if sp.collecting && x.Fn.Name != nil {
			info := sp.sym(x.Fn.Name.Ref)
			info.fn = fnKind(&x.Fn)
			info.fnNode = &x.Fn
			rec := sp.recordOf(&x.Fn)
			if rec == nil {
				// Not bound to a name: the expression's value goes where
				// the analysis does not follow.
				rec = sp.recordFunction(&x.Fn, x.Fn.Args, x.Fn.HasRestArg, x.Fn.IsAsync || x.Fn.IsGenerator)
				rec.exported = true
			}
			sp.bindFunction(info, rec) // its own name, inside it
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
			if sp.collecting {
				sp.noteObjectLiteral(x)
			}
		}
		if u == useTarget {
			for i := range x.Properties {
				p := &x.Properties[i]
				if sp.collecting && p.Kind != esb.PropertySpread {
					sp.notePatternKey(p.Key, p.Flags.Has(esb.PropertyIsComputed))
				}
				sp.expr(p.Key, useInspect)
				sp.expr(p.ValueOrNil, useTarget)
				sp.expr(p.InitializerOrNil, useValue)
			}
			return
		}
		for i := range x.Properties {
			if sp.collecting {
				sp.noteMethod(&x.Properties[i], false)
			}
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
			if sp.collecting {
				sp.noteTagRead(x.TagOrNil)
			}
			sp.callee(x.TagOrNil, u)
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
		sp.noteGlobalOperand(x.Value)
		sp.expr(x.Value, passThrough(u))
	case *esb.EYield:
		sp.expr(x.ValueOrNil, useValue)
	case *esb.EIf:
		if sp.collecting && (u == useCall || u == useNew) {
			// (c ? String : Number)(v): a built-in either side is only called.
			sp.noteBuiltinTaker(x.Yes, builtinTaker{})
			sp.noteBuiltinTaker(x.No, builtinTaker{})
		}
		sp.noteGlobalOperand(x.Yes)
		sp.noteGlobalOperand(x.No)
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
