package scriptlint

import (
	"fmt"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// The walk visits every statement, expression, binding, class member,
// template part and decorator of esbuild's tree, twice: first to record
// what each binding may hold (collecting), then to check. Import records
// are checked separately (importRecords). A node kind without a case here
// sets unknownNode, and the file is refused as not analysed: a newer
// esbuild must not add syntax the check silently skips.
//
// Recursion is bounded: esb.ScanNesting refused anything nested deeper
// than esb.MaxNesting before parsing.

func (sp *scriptPass) unknown(kind any) {
	if sp.unknownNode == "" {
		sp.unknownNode = fmt.Sprintf("%T", kind)
	}
}

func (sp *scriptPass) stmts(list []esb.Stmt) {
	for i := range list {
		sp.stmt(list[i])
	}
}

func (sp *scriptPass) stmt(s esb.Stmt) {
	switch s := s.Data.(type) {
	case nil:
	case *esb.SBlock:
		sp.stmts(s.Stmts)
	case *esb.SComment, *esb.SDebugger, *esb.SDirective, *esb.SEmpty, *esb.STypeScript,
		*esb.SBreak, *esb.SContinue, *esb.SExportClause, *esb.SImport, *esb.SExportFrom, *esb.SExportStar:
		// No expressions inside; imports are checked from the records.
	case *esb.SExportDefault:
		sp.stmt(s.Value)
	case *esb.SExportEquals:
		sp.expr(s.Value)
	case *esb.SLazyExport:
		sp.expr(s.Value)
	case *esb.SExpr:
		sp.expr(s.Value)
	case *esb.SEnum:
		for _, v := range s.Values {
			sp.expr(v.ValueOrNil)
		}
	case *esb.SNamespace:
		sp.stmts(s.Stmts)
	case *esb.SFunction:
		if sp.collecting && s.Fn.Name != nil {
			sp.sym(s.Fn.Name.Ref).fn = fnKind(&s.Fn)
		}
		sp.fn(&s.Fn)
	case *esb.SClass:
		if sp.collecting && s.Class.Name != nil {
			sp.sym(s.Class.Name.Ref).fn = "fn"
		}
		sp.class(&s.Class)
	case *esb.SLabel:
		sp.stmt(s.Stmt)
	case *esb.SIf:
		sp.expr(s.Test)
		sp.stmt(s.Yes)
		sp.stmt(s.NoOrNil)
	case *esb.SFor:
		sp.stmt(s.InitOrNil)
		sp.expr(s.TestOrNil)
		sp.expr(s.UpdateOrNil)
		sp.stmt(s.Body)
	case *esb.SForIn:
		sp.stmt(s.Init)
		sp.expr(s.Value)
		sp.stmt(s.Body)
	case *esb.SForOf:
		sp.stmt(s.Init)
		sp.expr(s.Value)
		sp.stmt(s.Body)
	case *esb.SDoWhile:
		sp.stmt(s.Body)
		sp.expr(s.Test)
	case *esb.SWhile:
		sp.expr(s.Test)
		sp.stmt(s.Body)
	case *esb.SWith:
		sp.expr(s.Value)
		sp.stmt(s.Body)
	case *esb.STry:
		sp.stmts(s.Block.Stmts)
		if s.Catch != nil {
			sp.binding(s.Catch.BindingOrNil)
			sp.stmts(s.Catch.Block.Stmts)
		}
		if s.Finally != nil {
			sp.stmts(s.Finally.Block.Stmts)
		}
	case *esb.SSwitch:
		sp.expr(s.Test)
		for _, c := range s.Cases {
			sp.expr(c.ValueOrNil)
			sp.stmts(c.Body)
		}
	case *esb.SReturn:
		sp.expr(s.ValueOrNil)
	case *esb.SThrow:
		if !sp.collecting {
			sp.checkLeak(s.Value, "a thrown value")
		}
		sp.expr(s.Value)
	case *esb.SLocal:
		for _, d := range s.Decls {
			if sp.collecting {
				sp.bindTo(d.Binding, d.ValueOrNil, nil, s.Kind == esb.LocalConst)
			} else {
				sp.checkDecl(d)
			}
			sp.binding(d.Binding)
			sp.expr(d.ValueOrNil)
		}
	default:
		sp.unknown(s)
	}
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
	sp.args(fn.Args)
	sp.stmts(fn.Body.Block.Stmts)
}

func (sp *scriptPass) args(args []esb.Arg) {
	for _, a := range args {
		sp.decorators(a.Decorators)
		if sp.collecting {
			sp.bindTo(a.Binding, a.DefaultOrNil, nil, false)
		}
		sp.binding(a.Binding)
		sp.expr(a.DefaultOrNil)
	}
}

func (sp *scriptPass) decorators(ds []esb.Decorator) {
	for _, d := range ds {
		sp.expr(d.Value)
	}
}

func (sp *scriptPass) class(c *esb.Class) {
	sp.decorators(c.Decorators)
	sp.expr(c.ExtendsOrNil)
	for i := range c.Properties {
		sp.property(&c.Properties[i])
	}
}

func (sp *scriptPass) property(p *esb.Property) {
	if p.ClassStaticBlock != nil {
		sp.stmts(p.ClassStaticBlock.Block.Stmts)
	}
	sp.decorators(p.Decorators)
	sp.expr(p.Key)
	sp.expr(p.ValueOrNil)
	sp.expr(p.InitializerOrNil)
}

func (sp *scriptPass) binding(b esb.Binding) {
	switch b := b.Data.(type) {
	case nil, *esb.BMissing, *esb.BIdentifier:
	case *esb.BArray:
		for _, item := range b.Items {
			sp.binding(item.Binding)
			sp.expr(item.DefaultValueOrNil)
		}
	case *esb.BObject:
		for _, p := range b.Properties {
			sp.expr(p.Key)
			sp.binding(p.Value)
			sp.expr(p.DefaultValueOrNil)
		}
	default:
		sp.unknown(b)
	}
}

// binaryChain walks a left-deep chain (a + b + c …, a, b, c …) along its
// spine without recursing on the left: the nesting guard resets at commas,
// so a comma chain may be as long as the file.
func (sp *scriptPass) binaryChain(top *esb.EBinary) {
	spine := []*esb.EBinary{top}
	for {
		cur := spine[len(spine)-1]
		if sp.collecting && cur.Op >= esb.BinOpAssign {
			sp.assigned(cur.Left, cur.Right)
		}
		left, ok := cur.Left.Data.(*esb.EBinary)
		if !ok {
			break
		}
		if !sp.collecting {
			sp.check(cur.Left)
		}
		spine = append(spine, left)
	}
	if !sp.collecting {
		// Each run of + along the spine is one concatenation: check it
		// from its top.
		for i, b := range spine {
			if b.Op == esb.BinOpAdd && (i == 0 || spine[i-1].Op != esb.BinOpAdd) {
				sp.checkConcat(b)
			}
		}
	}
	sp.expr(spine[len(spine)-1].Left)
	for i := len(spine) - 1; i >= 0; i-- {
		sp.expr(spine[i].Right)
	}
}

func (sp *scriptPass) exprs(list []esb.Expr) {
	for _, e := range list {
		sp.expr(e)
	}
}

func (sp *scriptPass) expr(e esb.Expr) {
	if e.Data == nil {
		return
	}
	if !sp.collecting {
		sp.check(e)
	}
	switch x := e.Data.(type) {
	case *esb.EArray:
		sp.exprs(x.Items)
	case *esb.EUnary:
		if x.Op == esb.UnOpTypeof {
			saved := sp.typeofArg
			sp.typeofArg = x.Value.Data
			sp.expr(x.Value)
			sp.typeofArg = saved
			return
		}
		if sp.collecting && (x.Op >= esb.UnOpPreDec && x.Op <= esb.UnOpPostInc) {
			sp.assigned(x.Value, esb.Expr{})
		}
		sp.expr(x.Value)
	case *esb.EBinary:
		sp.binaryChain(x)
	case *esb.EBoolean, *esb.ESuper, *esb.ENull, *esb.EUndefined, *esb.EThis, *esb.ENewTarget,
		*esb.EImportMeta, *esb.EIdentifier, *esb.EImportIdentifier, *esb.EPrivateIdentifier,
		*esb.ENameOfSymbol, *esb.EMissing, *esb.ENumber, *esb.EBigInt, *esb.EString, *esb.ERegExp,
		*esb.EJSXText, *esb.ERequireString, *esb.ERequireResolveString, *esb.EImportString:
		// Leaves. Import strings are checked from the import records.
	case *esb.ENew:
		sp.expr(x.Target)
		sp.exprs(x.Args)
	case *esb.ECall:
		sp.expr(x.Target)
		sp.exprs(x.Args)
	case *esb.EDot:
		sp.expr(x.Target)
	case *esb.EIndex:
		sp.expr(x.Target)
		sp.expr(x.Index)
	case *esb.EArrow:
		sp.args(x.Args)
		sp.stmts(x.Body.Block.Stmts)
	case *esb.EFunction:
		if sp.collecting && x.Fn.Name != nil {
			sp.sym(x.Fn.Name.Ref).fn = fnKind(&x.Fn)
		}
		sp.fn(&x.Fn)
	case *esb.EClass:
		if sp.collecting && x.Class.Name != nil {
			sp.sym(x.Class.Name.Ref).fn = "fn"
		}
		sp.class(&x.Class)
	case *esb.EJSXElement:
		sp.expr(x.TagOrNil)
		for i := range x.Properties {
			sp.property(&x.Properties[i])
		}
		sp.exprs(x.NullableChildren)
	case *esb.EObject:
		for i := range x.Properties {
			sp.property(&x.Properties[i])
		}
	case *esb.ESpread:
		sp.expr(x.Value)
	case *esb.ETemplate:
		sp.expr(x.TagOrNil)
		for _, part := range x.Parts {
			sp.expr(part.Value)
		}
	case *esb.EInlinedEnum:
		sp.expr(x.Value)
	case *esb.EAnnotation:
		sp.expr(x.Value)
	case *esb.EAwait:
		sp.expr(x.Value)
	case *esb.EYield:
		sp.expr(x.ValueOrNil)
	case *esb.EIf:
		sp.expr(x.Test)
		sp.expr(x.Yes)
		sp.expr(x.No)
	case *esb.EImportCall:
		sp.expr(x.Expr)
		sp.expr(x.OptionsOrNil)
	default:
		sp.unknown(x)
	}
}
