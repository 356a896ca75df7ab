package remixletbridge

// This file names, for the lint, the parts of esbuild's AST it reads. They
// are aliases, not copies: the lint sees esbuild's own types, so a field
// that a new esbuild version renames or retypes fails to compile, and
// shape_test.go fails when a kind of node appears or disappears or a
// struct's fields change.

import (
	"unsafe"

	"github.com/evanw/esbuild/internal/ast"
	"github.com/evanw/esbuild/internal/helpers"
	"github.com/evanw/esbuild/internal/js_ast"
	"github.com/evanw/esbuild/internal/logger"
)

// The tree.
type (
	AST     = js_ast.AST
	Part    = js_ast.Part
	Expr    = js_ast.Expr
	Stmt    = js_ast.Stmt
	Binding = js_ast.Binding
	E       = js_ast.E
	S       = js_ast.S
	B       = js_ast.B
	Loc     = logger.Loc
	Range   = logger.Range

	Arg              = js_ast.Arg
	ArrayBinding     = js_ast.ArrayBinding
	Case             = js_ast.Case
	Catch            = js_ast.Catch
	Class            = js_ast.Class
	ClassStaticBlock = js_ast.ClassStaticBlock
	ClauseItem       = js_ast.ClauseItem
	Decl             = js_ast.Decl
	Decorator        = js_ast.Decorator
	EnumValue        = js_ast.EnumValue
	Finally          = js_ast.Finally
	Fn               = js_ast.Fn
	FnBody           = js_ast.FnBody
	Property         = js_ast.Property
	PropertyBinding  = js_ast.PropertyBinding
	TemplatePart     = js_ast.TemplatePart

	OpCode        = js_ast.OpCode
	CallKind      = js_ast.CallKind
	OptionalChain = js_ast.OptionalChain
	LocalKind     = js_ast.LocalKind
	PropertyKind  = js_ast.PropertyKind

	Ref          = ast.Ref
	LocRef       = ast.LocRef
	Symbol       = ast.Symbol
	SymbolKind   = ast.SymbolKind
	ImportRecord = ast.ImportRecord
	ImportKind   = ast.ImportKind
)

// Expressions.
type (
	EArray                = js_ast.EArray
	EUnary                = js_ast.EUnary
	EBinary               = js_ast.EBinary
	EBoolean              = js_ast.EBoolean
	ESuper                = js_ast.ESuper
	ENull                 = js_ast.ENull
	EUndefined            = js_ast.EUndefined
	EThis                 = js_ast.EThis
	ENew                  = js_ast.ENew
	ENewTarget            = js_ast.ENewTarget
	EImportMeta           = js_ast.EImportMeta
	ECall                 = js_ast.ECall
	EDot                  = js_ast.EDot
	EIndex                = js_ast.EIndex
	EArrow                = js_ast.EArrow
	EFunction             = js_ast.EFunction
	EClass                = js_ast.EClass
	EIdentifier           = js_ast.EIdentifier
	EImportIdentifier     = js_ast.EImportIdentifier
	EPrivateIdentifier    = js_ast.EPrivateIdentifier
	ENameOfSymbol         = js_ast.ENameOfSymbol
	EJSXElement           = js_ast.EJSXElement
	EJSXText              = js_ast.EJSXText
	EMissing              = js_ast.EMissing
	ENumber               = js_ast.ENumber
	EBigInt               = js_ast.EBigInt
	EObject               = js_ast.EObject
	ESpread               = js_ast.ESpread
	EString               = js_ast.EString
	ETemplate             = js_ast.ETemplate
	ERegExp               = js_ast.ERegExp
	EInlinedEnum          = js_ast.EInlinedEnum
	EAnnotation           = js_ast.EAnnotation
	EAwait                = js_ast.EAwait
	EYield                = js_ast.EYield
	EIf                   = js_ast.EIf
	ERequireString        = js_ast.ERequireString
	ERequireResolveString = js_ast.ERequireResolveString
	EImportString         = js_ast.EImportString
	EImportCall           = js_ast.EImportCall
)

// Statements.
type (
	SBlock         = js_ast.SBlock
	SComment       = js_ast.SComment
	SDebugger      = js_ast.SDebugger
	SDirective     = js_ast.SDirective
	SEmpty         = js_ast.SEmpty
	STypeScript    = js_ast.STypeScript
	SExportClause  = js_ast.SExportClause
	SExportFrom    = js_ast.SExportFrom
	SExportDefault = js_ast.SExportDefault
	SExportStar    = js_ast.SExportStar
	SExportEquals  = js_ast.SExportEquals
	SLazyExport    = js_ast.SLazyExport
	SExpr          = js_ast.SExpr
	SEnum          = js_ast.SEnum
	SNamespace     = js_ast.SNamespace
	SFunction      = js_ast.SFunction
	SClass         = js_ast.SClass
	SLabel         = js_ast.SLabel
	SIf            = js_ast.SIf
	SFor           = js_ast.SFor
	SForIn         = js_ast.SForIn
	SForOf         = js_ast.SForOf
	SDoWhile       = js_ast.SDoWhile
	SWhile         = js_ast.SWhile
	SWith          = js_ast.SWith
	STry           = js_ast.STry
	SSwitch        = js_ast.SSwitch
	SImport        = js_ast.SImport
	SReturn        = js_ast.SReturn
	SThrow         = js_ast.SThrow
	SLocal         = js_ast.SLocal
	SBreak         = js_ast.SBreak
	SContinue      = js_ast.SContinue
)

// Bindings.
type (
	BMissing    = js_ast.BMissing
	BIdentifier = js_ast.BIdentifier
	BArray      = js_ast.BArray
	BObject     = js_ast.BObject
)

// Operators.
const (
	UnOpPos                      = js_ast.UnOpPos
	UnOpNeg                      = js_ast.UnOpNeg
	UnOpCpl                      = js_ast.UnOpCpl
	UnOpNot                      = js_ast.UnOpNot
	UnOpVoid                     = js_ast.UnOpVoid
	UnOpTypeof                   = js_ast.UnOpTypeof
	UnOpDelete                   = js_ast.UnOpDelete
	UnOpPreDec                   = js_ast.UnOpPreDec
	UnOpPreInc                   = js_ast.UnOpPreInc
	UnOpPostDec                  = js_ast.UnOpPostDec
	UnOpPostInc                  = js_ast.UnOpPostInc
	BinOpAdd                     = js_ast.BinOpAdd
	BinOpSub                     = js_ast.BinOpSub
	BinOpMul                     = js_ast.BinOpMul
	BinOpDiv                     = js_ast.BinOpDiv
	BinOpRem                     = js_ast.BinOpRem
	BinOpPow                     = js_ast.BinOpPow
	BinOpLt                      = js_ast.BinOpLt
	BinOpLe                      = js_ast.BinOpLe
	BinOpGt                      = js_ast.BinOpGt
	BinOpGe                      = js_ast.BinOpGe
	BinOpIn                      = js_ast.BinOpIn
	BinOpInstanceof              = js_ast.BinOpInstanceof
	BinOpShl                     = js_ast.BinOpShl
	BinOpShr                     = js_ast.BinOpShr
	BinOpUShr                    = js_ast.BinOpUShr
	BinOpLooseEq                 = js_ast.BinOpLooseEq
	BinOpLooseNe                 = js_ast.BinOpLooseNe
	BinOpStrictEq                = js_ast.BinOpStrictEq
	BinOpStrictNe                = js_ast.BinOpStrictNe
	BinOpNullishCoalescing       = js_ast.BinOpNullishCoalescing
	BinOpLogicalOr               = js_ast.BinOpLogicalOr
	BinOpLogicalAnd              = js_ast.BinOpLogicalAnd
	BinOpBitwiseOr               = js_ast.BinOpBitwiseOr
	BinOpBitwiseAnd              = js_ast.BinOpBitwiseAnd
	BinOpBitwiseXor              = js_ast.BinOpBitwiseXor
	BinOpComma                   = js_ast.BinOpComma
	BinOpAssign                  = js_ast.BinOpAssign
	BinOpAddAssign               = js_ast.BinOpAddAssign
	BinOpSubAssign               = js_ast.BinOpSubAssign
	BinOpMulAssign               = js_ast.BinOpMulAssign
	BinOpDivAssign               = js_ast.BinOpDivAssign
	BinOpRemAssign               = js_ast.BinOpRemAssign
	BinOpPowAssign               = js_ast.BinOpPowAssign
	BinOpShlAssign               = js_ast.BinOpShlAssign
	BinOpShrAssign               = js_ast.BinOpShrAssign
	BinOpUShrAssign              = js_ast.BinOpUShrAssign
	BinOpBitwiseOrAssign         = js_ast.BinOpBitwiseOrAssign
	BinOpBitwiseAndAssign        = js_ast.BinOpBitwiseAndAssign
	BinOpBitwiseXorAssign        = js_ast.BinOpBitwiseXorAssign
	BinOpNullishCoalescingAssign = js_ast.BinOpNullishCoalescingAssign
	BinOpLogicalOrAssign         = js_ast.BinOpLogicalOrAssign
	BinOpLogicalAndAssign        = js_ast.BinOpLogicalAndAssign
)

// Other constants the lint compares against.
const (
	NormalCall                        = js_ast.NormalCall
	DirectEval                        = js_ast.DirectEval
	TargetWasOriginallyPropertyAccess = js_ast.TargetWasOriginallyPropertyAccess

	LocalVar        = js_ast.LocalVar
	LocalLet        = js_ast.LocalLet
	LocalConst      = js_ast.LocalConst
	LocalUsing      = js_ast.LocalUsing
	LocalAwaitUsing = js_ast.LocalAwaitUsing

	PropertyField             = js_ast.PropertyField
	PropertyMethod            = js_ast.PropertyMethod
	PropertyGetter            = js_ast.PropertyGetter
	PropertySetter            = js_ast.PropertySetter
	PropertyAutoAccessor      = js_ast.PropertyAutoAccessor
	PropertySpread            = js_ast.PropertySpread
	PropertyDeclareOrAbstract = js_ast.PropertyDeclareOrAbstract
	PropertyClassStaticBlock  = js_ast.PropertyClassStaticBlock
	PropertyIsComputed        = js_ast.PropertyIsComputed
	PropertyIsStatic          = js_ast.PropertyIsStatic
	PropertyWasShorthand      = js_ast.PropertyWasShorthand

	SymbolUnbound   = ast.SymbolUnbound
	SymbolArguments = ast.SymbolArguments

	ImportStmt           = ast.ImportStmt
	ImportRequire        = ast.ImportRequire
	ImportDynamic        = ast.ImportDynamic
	ImportRequireResolve = ast.ImportRequireResolve
)

// ExprKinds, StmtKinds and BindingKinds hold one empty node of every kind
// esbuild v0.28.2 has, so a visitor can be tested against all of them.
func ExprKinds() []E {
	return []E{

		&js_ast.EArray{},
		&js_ast.EUnary{},
		&js_ast.EBinary{},
		&js_ast.EBoolean{},
		&js_ast.ESuper{},
		&js_ast.ENull{},
		&js_ast.EUndefined{},
		&js_ast.EThis{},
		&js_ast.ENew{},
		&js_ast.ENewTarget{},
		&js_ast.EImportMeta{},
		&js_ast.ECall{},
		&js_ast.EDot{},
		&js_ast.EIndex{},
		&js_ast.EArrow{},
		&js_ast.EFunction{},
		&js_ast.EClass{},
		&js_ast.EIdentifier{},
		&js_ast.EImportIdentifier{},
		&js_ast.EPrivateIdentifier{},
		&js_ast.ENameOfSymbol{},
		&js_ast.EJSXElement{},
		&js_ast.EJSXText{},
		&js_ast.EMissing{},
		&js_ast.ENumber{},
		&js_ast.EBigInt{},
		&js_ast.EObject{},
		&js_ast.ESpread{},
		&js_ast.EString{},
		&js_ast.ETemplate{},
		&js_ast.ERegExp{},
		&js_ast.EInlinedEnum{},
		&js_ast.EAnnotation{},
		&js_ast.EAwait{},
		&js_ast.EYield{},
		&js_ast.EIf{},
		&js_ast.ERequireString{},
		&js_ast.ERequireResolveString{},
		&js_ast.EImportString{},
		&js_ast.EImportCall{},
	}
}

// StmtKinds: see ExprKinds.
func StmtKinds() []S {
	return []S{
		&js_ast.SBlock{},
		&js_ast.SComment{},
		&js_ast.SDebugger{},
		&js_ast.SDirective{},
		&js_ast.SEmpty{},
		&js_ast.STypeScript{},
		&js_ast.SExportClause{},
		&js_ast.SExportFrom{},
		&js_ast.SExportDefault{},
		&js_ast.SExportStar{},
		&js_ast.SExportEquals{},
		&js_ast.SLazyExport{},
		&js_ast.SExpr{},
		&js_ast.SEnum{},
		&js_ast.SNamespace{},
		&js_ast.SFunction{},
		&js_ast.SClass{},
		&js_ast.SLabel{},
		&js_ast.SIf{},
		&js_ast.SFor{},
		&js_ast.SForIn{},
		&js_ast.SForOf{},
		&js_ast.SDoWhile{},
		&js_ast.SWhile{},
		&js_ast.SWith{},
		&js_ast.STry{},
		&js_ast.SSwitch{},
		&js_ast.SImport{},
		&js_ast.SReturn{},
		&js_ast.SThrow{},
		&js_ast.SLocal{},
		&js_ast.SBreak{},
		&js_ast.SContinue{},
	}
}

// BindingKinds: see ExprKinds.
func BindingKinds() []B {
	return []B{
		&js_ast.BMissing{},
		&js_ast.BIdentifier{},
		&js_ast.BArray{},
		&js_ast.BObject{},
	}
}

// UTF16ToString decodes esbuild's string values (UTF-16, as JavaScript
// strings are); lone surrogates become U+FFFD. ASCII, most of what code
// holds, takes a fast path.
func UTF16ToString(u []uint16) string {
	if len(u) == 0 {
		return ""
	}
	b := make([]byte, len(u))
	i := 0
	for ; i+4 <= len(u); i += 4 {
		c0, c1, c2, c3 := u[i], u[i+1], u[i+2], u[i+3]
		if (c0 | c1 | c2 | c3) >= 0x80 {
			return helpers.UTF16ToString(u)
		}
		b[i], b[i+1], b[i+2], b[i+3] = byte(c0), byte(c1), byte(c2), byte(c3)
	}
	for ; i < len(u); i++ {
		if u[i] >= 0x80 {
			return helpers.UTF16ToString(u)
		}
		b[i] = byte(u[i])
	}
	// b is new and never written again: the string may share it, as
	// strings.Builder's does, instead of copying it.
	return unsafe.String(&b[0], len(b))
}

// Symbol returns the symbol a reference names, following merged symbols.
func (r *Result) Symbol(ref Ref) *Symbol {
	_, s := r.SymbolAt(ref)
	return s
}

// SymbolAt is Symbol with the symbol's index in AST.Symbols, so callers can
// keep per-symbol data in a slice; -1 and nil when there is none.
func (r *Result) SymbolAt(ref Ref) (int, *Symbol) {
	if r.AST == nil {
		return -1, nil
	}
	syms := r.AST.Symbols
	for range len(syms) { // a link chain is at most as long as the table
		if int(ref.InnerIndex) >= len(syms) {
			return -1, nil
		}
		s := &syms[ref.InnerIndex]
		if s.Link == ast.InvalidRef {
			return int(ref.InnerIndex), s
		}
		ref = s.Link
	}
	return -1, nil
}
