package scriptlint

import (
	"strconv"
	"strings"
	"unicode/utf8"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Secrets on computed values. The folder (values.go) evaluates the
// strings the text decides; here are the routes a credential is assembled
// by that are not one expression's shape: callbacks of map and reduce run
// on each element of a literal array, Object.values of an object literal,
// flat, toReversed, concat.apply, match with a literal expression,
// parseInt with a radix, and bytes decoded by TextDecoder. A callback is
// folded with its parameters bound to the element (foldParams), so its
// body is folded like any other text.

// maxFoldElements bounds the arrays a callback is folded over.
const maxFoldElements = 256

// foldParamValue is the value a callback's parameter is bound to while
// its body is folded.
func (sp *scriptPass) foldParamValue(info *symInfo) (strVal, bool) {
	for i := len(sp.foldParams) - 1; i >= 0; i-- {
		if sp.foldParams[i].info == info {
			return sp.foldParams[i].v, true
		}
	}
	return strVal{}, false
}

type foldParam struct {
	info *symInfo
	v    strVal
}

// foldCallback folds fn(args…) for an arrow or function expression whose
// body is straight-line: assignments and operator assignments to its
// parameters and to local names it declares, then one returned
// expression; its parameters bound to args and each name to its value as
// the statements run (t += "…" is how a key is put together piece by
// piece).
func (sp *scriptPass) foldCallback(fn esb.Expr, args []strVal, depth int) strVal {
	var params []esb.Arg
	var body []esb.Stmt
	switch f := fn.Data.(type) {
	case *esb.EArrow:
		if f.IsAsync || f.HasRestArg {
			return strVal{s: unknownMark}
		}
		params, body = f.Args, f.Body.Block.Stmts
	case *esb.EFunction:
		if f.Fn.IsAsync || f.Fn.IsGenerator || f.Fn.HasRestArg {
			return strVal{s: unknownMark}
		}
		params, body = f.Fn.Args, f.Fn.Body.Block.Stmts
	default:
		return strVal{s: unknownMark}
	}
	if len(body) == 0 || len(body) > 16 || depth > maxResolveDepth {
		return strVal{s: unknownMark}
	}
	ret, ok := body[len(body)-1].Data.(*esb.SReturn)
	if !ok || ret.ValueOrNil.Data == nil {
		return strVal{s: unknownMark}
	}
	n := len(sp.foldParams)
	for i, p := range params {
		id, ok := p.Binding.Data.(*esb.BIdentifier)
		if !ok || p.DefaultOrNil.Data != nil {
			sp.foldParams = sp.foldParams[:n]
			return strVal{s: unknownMark}
		}
		v := strVal{s: "undefined", known: true}
		if i < len(args) {
			v = args[i]
		}
		sp.foldParams = append(sp.foldParams, foldParam{sp.sym(id.Ref), v})
	}
	for _, st := range body[:len(body)-1] {
		if !sp.foldStep(st, n, depth) {
			sp.foldParams = sp.foldParams[:n]
			return strVal{s: unknownMark}
		}
	}
	v := sp.foldDepth(ret.ValueOrNil, depth)
	sp.foldParams = sp.foldParams[:n]
	return v
}

// foldStep runs one statement of a folded body: a declaration of plain
// names, or an assignment or operator assignment to one of the names
// bound since foldParams[from]; false for anything else.
func (sp *scriptPass) foldStep(st esb.Stmt, from, depth int) bool {
	switch s := st.Data.(type) {
	case *esb.SLocal:
		for _, d := range s.Decls {
			id, ok := d.Binding.Data.(*esb.BIdentifier)
			if !ok {
				return false
			}
			v := strVal{s: "undefined", known: true}
			if d.ValueOrNil.Data != nil {
				v = sp.foldDepth(d.ValueOrNil, depth)
			}
			sp.foldParams = append(sp.foldParams, foldParam{sp.sym(id.Ref), v})
		}
		return true
	case *esb.SExpr:
		b, ok := s.Value.Data.(*esb.EBinary)
		if !ok {
			return false
		}
		id, ok := b.Left.Data.(*esb.EIdentifier)
		if !ok {
			return false
		}
		_, info := sp.lookup(id.Ref)
		i := len(sp.foldParams) - 1
		for ; i >= from && sp.foldParams[i].info != info; i-- {
		}
		if i < from {
			return false
		}
		switch b.Op {
		case esb.BinOpAssign:
			sp.foldParams[i].v = sp.foldDepth(b.Right, depth)
		case esb.BinOpAddAssign:
			sp.foldParams[i].v = sp.foldDepth(esb.Expr{Data: &esb.EBinary{Op: esb.BinOpAdd, Left: b.Left, Right: b.Right}}, depth)
		default:
			return false
		}
		return true
	}
	return false
}

// foldArrayMore folds the array routes foldArray leaves to this file.
func (sp *scriptPass) foldArrayMore(x *esb.ECall, dot *esb.EDot, depth int) ([]string, bool) {
	switch dot.Name {
	case "toReversed":
		arr, ok := sp.foldArray(dot.Target, depth)
		if !ok {
			return nil, false
		}
		out := make([]string, len(arr))
		for i, s := range arr {
			out[len(arr)-1-i] = s
		}
		return out, true
	case "flat":
		if len(x.Args) > 0 {
			return nil, false
		}
		outer, ok := dot.Target.Data.(*esb.EArray)
		if !ok {
			return nil, false
		}
		var out []string
		for _, item := range outer.Items {
			if inner, ok := sp.foldArray(item, depth); ok {
				if _, isArr := item.Data.(*esb.EArray); isArr {
					out = append(out, inner...)
					continue
				}
			}
			v := sp.foldDepth(item, depth)
			if !v.known {
				return nil, false
			}
			out = append(out, v.s)
		}
		return out, true
	case "map":
		if len(x.Args) != 1 {
			return nil, false
		}
		arr, ok := sp.foldElements(dot.Target, depth)
		if !ok || len(arr) > maxFoldElements {
			return nil, false
		}
		out := make([]string, len(arr))
		for i, s := range arr {
			v := sp.foldCallback(x.Args[0], []strVal{s, {s: strconv.Itoa(i), known: true}}, depth)
			if !v.known {
				return nil, false
			}
			out[i] = v.s
		}
		return out, true
	case "values":
		if !has(sp.resolve(x.Target), "Object.values") || len(x.Args) != 1 {
			return nil, false
		}
		o, ok := x.Args[0].Data.(*esb.EObject)
		if !ok {
			return nil, false
		}
		var out []string
		for i := range o.Properties {
			p := &o.Properties[i]
			if p.Kind != esb.PropertyField || isProtoKey(p) {
				return nil, false
			}
			v := sp.foldDepth(p.ValueOrNil, depth)
			if !v.known {
				return nil, false
			}
			out = append(out, v.s)
		}
		return out, true
	case "match":
		// s.match(/re/g) with a literal expression: its matches.
		if len(x.Args) != 1 {
			return nil, false
		}
		re, ok := x.Args[0].Data.(*esb.ERegExp)
		if !ok {
			return nil, false
		}
		v := sp.foldDepth(dot.Target, depth)
		if !v.known || !v.isStr {
			return nil, false
		}
		js, ok := compileJSRegexp(re.Value)
		if !ok {
			return nil, false
		}
		return js.matches(v.s, maxFoldElements)
	}
	return nil, false
}

// foldCallMore folds the calls foldCall leaves to this file: reduce of a
// literal array, concat.apply, parseInt with a radix, TextDecoder's decode.
func (sp *scriptPass) foldCallMore(c *esb.ECall, dot *esb.EDot, args []strVal, depth int) (strVal, bool) {
	switch dot.Name {
	case "reduce":
		if len(c.Args) == 0 || len(c.Args) > 2 {
			return strVal{}, false
		}
		arr, ok := sp.foldElements(dot.Target, depth)
		if !ok || len(arr) > maxFoldElements || len(arr) == 0 && len(c.Args) == 1 {
			return strVal{}, false
		}
		var acc strVal
		rest := arr
		if len(c.Args) == 2 {
			acc = args[1]
		} else {
			acc, rest = arr[0], arr[1:]
		}
		for i, s := range rest {
			acc = sp.foldCallback(c.Args[0], []strVal{acc, s, {s: strconv.Itoa(i), known: true}}, depth)
			if !acc.known || len(acc.s) > maxFolded {
				return strVal{}, false
			}
		}
		return acc, true
	case "apply":
		// "".concat.apply(s, parts)
		inner, ok := dot.Target.Data.(*esb.EDot)
		if !ok || inner.Name != "concat" || len(c.Args) != 2 {
			return strVal{}, false
		}
		if base := sp.foldDepth(inner.Target, depth); !base.isStr {
			return strVal{}, false
		}
		parts, ok := sp.foldArray(c.Args[1], depth)
		if !ok || !args[0].known {
			return strVal{}, false
		}
		return limit(args[0].s + strings.Join(parts, "")), true
	case "call":
		// Array.prototype.join.call(list, sep), "".concat.call(s, …).
		inner, ok := dot.Target.Data.(*esb.EDot)
		if !ok || len(c.Args) == 0 {
			return strVal{}, false
		}
		switch inner.Name {
		case "join":
			if _, literal := inner.Target.Data.(*esb.EArray); !literal && sp.builtinPath(inner.Target, 0) != "Array.prototype" {
				return strVal{}, false
			}
			parts, ok := sp.joinItems(c.Args[0], depth)
			sep := ","
			if len(c.Args) > 1 && !isUndefinedVal(args[1]) {
				sep, ok = args[1].s, ok && args[1].known
			}
			if !ok {
				return strVal{}, false
			}
			return limit(strings.Join(parts, sep)), true
		case "concat":
			if base := sp.foldDepth(inner.Target, depth); !base.isStr && sp.builtinPath(inner.Target, 0) != "String.prototype" {
				return strVal{}, false
			}
			if !args[0].known {
				return strVal{}, false
			}
			out := args[0].s
			for _, a := range args[1:] {
				if !a.known {
					return strVal{}, false
				}
				out += a.s
			}
			return limit(out), true
		}
		return strVal{}, false
	case "decode":
		// new TextDecoder().decode(new Uint8Array([…])): UTF-8 bytes.
		dec, ok := dot.Target.Data.(*esb.ENew)
		if !ok || len(c.Args) != 1 || len(dec.Args) > 0 {
			return strVal{}, false
		}
		if name, ok := sp.directGlobal(dec.Target); !ok || name != "TextDecoder" {
			return strVal{}, false
		}
		bytes, ok := sp.foldBytes(c.Args[0], depth)
		if !ok || !utf8.Valid(bytes) {
			return strVal{}, false
		}
		// A decoder made without options drops one byte order mark.
		return known(strings.TrimPrefix(string(bytes), "\uFEFF")), true
	}
	return strVal{}, false
}

// foldElements folds the elements of an array a callback is given, each
// with its type (a number's toString(36) is not a string's): an array
// literal (or a binding given only one), or a split or match of text.
func (sp *scriptPass) foldElements(e esb.Expr, depth int) ([]strVal, bool) {
	switch x := e.Data.(type) {
	case *esb.EArray:
		out := make([]strVal, 0, len(x.Items))
		for _, item := range x.Items {
			if _, spread := item.Data.(*esb.ESpread); spread {
				return nil, false
			}
			v := sp.foldDepth(item, depth)
			if !v.known {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case *esb.EIdentifier:
		src, ok := sp.onlyWrite(x)
		if !ok {
			return nil, false
		}
		_, info := sp.lookup(x.Ref)
		info.folding = true
		defer func() { info.folding = false }()
		return sp.foldElements(src, depth+1)
	case *esb.ECall:
		if dot, ok := x.Target.Data.(*esb.EDot); ok && (dot.Name == "split" || dot.Name == "match") {
			arr, ok := sp.foldArray(e, depth)
			if !ok {
				return nil, false
			}
			out := make([]strVal, len(arr))
			for i, s := range arr {
				out[i] = known(s)
			}
			return out, true
		}
	}
	return nil, false
}

// foldBytes folds new Uint8Array([n, …]) (or Uint8Array.from, of) to bytes.
func (sp *scriptPass) foldBytes(e esb.Expr, depth int) ([]byte, bool) {
	n, ok := e.Data.(*esb.ENew)
	if !ok || len(n.Args) != 1 {
		return nil, false
	}
	if name, ok := sp.directGlobal(n.Target); !ok || name != "Uint8Array" {
		return nil, false
	}
	arr, ok := sp.foldArray(n.Args[0], depth)
	if !ok || len(arr) > maxFolded {
		return nil, false
	}
	out := make([]byte, len(arr))
	for i, s := range arr {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > 255 {
			return nil, false
		}
		out[i] = byte(v)
	}
	return out, true
}

// foldParseInt folds parseInt(s, radix) of known text.
func foldParseInt(args []strVal) (strVal, bool) {
	if len(args) == 0 || !args[0].known {
		return strVal{}, false
	}
	radix := 10
	if len(args) > 1 {
		if !args[1].known {
			return strVal{}, false
		}
		r, err := strconv.Atoi(args[1].s)
		if err != nil || r < 2 || r > 36 {
			return strVal{}, false
		}
		radix = r
	}
	n, err := strconv.ParseInt(strings.TrimFunc(args[0].s, isJSSpace), radix, 64)
	if err != nil {
		return strVal{}, false
	}
	return strVal{s: strconv.FormatInt(n, 10), known: true}, true
}
