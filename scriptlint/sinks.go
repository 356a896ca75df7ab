package scriptlint

import (
	"encoding/json"
	"slices"
	"unicode/utf16"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Sinks reached indirectly are the same sink. A page method is judged by
// its name on any receiver (values are untyped), and the same call written
// another way names it too: a computed key the folder decides
// (h["set" + "Attribute"]), .call and .apply, Reflect.apply, a method
// bound to its handle or destructured from it. An attributes object is
// read where the text decides it: a constant, spreads, Object.fromEntries
// of literal pairs, JSON.parse of a literal, structuredClone of one.

// methodCall names the method a call runs and the arguments it gets: a
// bound method's bound arguments first, and an argument list apply is
// given that is no literal read element by element (argumentsOf).
func (sp *scriptPass) methodCall(target esb.Expr, args []esb.Expr) (recv esb.Expr, name string, margs []esb.Expr, ok bool) {
	switch t := target.Data.(type) {
	case *esb.EDot:
		if name, ok := sp.directGlobal(t.Target); ok && name == "Reflect" && t.Name == "apply" && len(args) == 3 {
			if inner, iname, bound, ok := sp.methodOf(args[0]); ok {
				return inner, iname, append(bound, argumentsOf(args[2])...), true
			}
		}
		switch t.Name {
		case "call", "apply":
			if inner, iname, bound, ok := sp.methodOf(t.Target); ok {
				if t.Name == "call" {
					return inner, iname, append(bound, tail(args)...), true
				}
				if len(args) == 2 {
					return inner, iname, append(bound, argumentsOf(args[1])...), true
				}
				return inner, iname, bound, true
			}
		}
		return t.Target, t.Name, args, true
	case *esb.EIndex:
		if key, ok := sp.indexKey(t.Index); ok {
			return t.Target, key, args, true
		}
	case *esb.EIdentifier, *esb.ECall:
		if inner, iname, bound, ok := sp.methodOf(target); ok {
			return inner, iname, append(bound, args...), true // a bound method: set(name, value), h.set.bind(h)(name, value)
		}
	}
	return esb.Expr{}, "", nil, false
}

// argumentsOf is the argument list an array gives apply: a literal's items,
// or, for any other array, its first elements read one by one, which the
// checks read as they read any element (maxApplyArguments of them: no
// sink takes more).
func argumentsOf(list esb.Expr) []esb.Expr {
	if arr, ok := list.Data.(*esb.EArray); ok && !hasSpreadItem(arr.Items) {
		return arr.Items
	}
	out := make([]esb.Expr, maxApplyArguments)
	for i := range out {
		out[i] = esb.Expr{Data: &esb.EIndex{Target: list, Index: esb.Expr{Data: &esb.ENumber{Value: float64(i)}, Loc: list.Loc}}, Loc: list.Loc}
	}
	return out
}

// maxApplyArguments is how many arguments argumentsOf reads from an array
// it cannot read whole.
const maxApplyArguments = 3

// methodOf names the method a value is, and the arguments a bind put
// before the call's own: h.setAttribute, h["setAttribute"],
// h.setAttribute.bind(h, …), or a binding given one of those once, or
// destructured from a handle ({ setAttribute } = h).
func (sp *scriptPass) methodOf(e esb.Expr) (esb.Expr, string, []esb.Expr, bool) {
	return sp.methodOfDepth(e, 0)
}

func (sp *scriptPass) methodOfDepth(e esb.Expr, depth int) (esb.Expr, string, []esb.Expr, bool) {
	if depth > 4 {
		return esb.Expr{}, "", nil, false
	}
	switch x := e.Data.(type) {
	case *esb.EDot:
		return x.Target, x.Name, nil, true
	case *esb.EIndex:
		if key, ok := sp.indexKey(x.Index); ok {
			return x.Target, key, nil, true
		}
	case *esb.ECall:
		if dot, ok := x.Target.Data.(*esb.EDot); ok && dot.Name == "bind" {
			recv, name, bound, ok := sp.methodOfDepth(dot.Target, depth+1)
			return recv, name, append(slices.Clone(bound), tail(x.Args)...), ok
		}
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil || s.Kind == esb.SymbolUnbound || info.anyWrite || info.updated || info.fn != "" || len(info.sources) != 1 {
			return esb.Expr{}, "", nil, false
		}
		src := info.sources[0]
		if src.bad || src.elems {
			return esb.Expr{}, "", nil, false
		}
		if len(src.keys) == 1 {
			return src.expr, src.keys[0], nil, true // const { setAttribute } = h
		}
		if len(src.keys) == 0 {
			return sp.methodOfDepth(src.expr, depth+1)
		}
	}
	return esb.Expr{}, "", nil, false
}

func tail(args []esb.Expr) []esb.Expr {
	if len(args) == 0 {
		return nil
	}
	return args[1:]
}

// attributeObjectOf is the object literal of attributes e is, where the
// text decides it: a literal, a constant given one literal and never
// changed, structuredClone of one.
func (sp *scriptPass) attributeObjectOf(e esb.Expr, depth int) (*esb.EObject, bool) {
	if depth > 4 {
		return nil, false
	}
	switch x := e.Data.(type) {
	case *esb.EObject:
		return x, true
	case *esb.EIdentifier:
		src, ok := sp.onlyWrite(x)
		if !ok {
			return nil, false
		}
		_, info := sp.lookup(x.Ref)
		if info.mutated || len(info.memberSources) > 0 {
			return nil, false
		}
		info.folding = true
		defer func() { info.folding = false }()
		return sp.attributeObjectOf(src, depth+1)
	case *esb.ECall:
		if name, ok := sp.directGlobal(x.Target); ok && name == "structuredClone" && len(x.Args) == 1 {
			return sp.attributeObjectOf(x.Args[0], depth+1)
		}
	}
	return nil, false
}

// checkAttributeRoutes judges the attributes given by the routes that are
// not an object literal: Object.fromEntries of literal pairs and JSON.parse
// of a literal.
func (sp *scriptPass) checkAttributeRoutes(tag string, e esb.Expr) {
	c, ok := e.Data.(*esb.ECall)
	if !ok || len(c.Args) == 0 {
		return
	}
	switch p, _ := sp.globalMember(c.Target); p {
	case "Object.fromEntries":
		arr, ok := c.Args[0].Data.(*esb.EArray)
		if !ok {
			return
		}
		for _, item := range arr.Items {
			pair, ok := item.Data.(*esb.EArray)
			if !ok || len(pair.Items) != 2 {
				continue
			}
			if key := sp.fold(pair.Items[0]); key.known {
				sp.checkAttribute(tag, key.s, pair.Items[1], int(pair.Items[0].Loc.Start))
			}
		}
	case "JSON.parse":
		text := sp.fold(c.Args[0])
		if !text.known || len(c.Args) > 1 {
			return
		}
		var attrs map[string]any
		if json.Unmarshal([]byte(text.s), &attrs) != nil {
			return
		}
		for key, v := range attrs {
			if s, ok := v.(string); ok {
				value := esb.Expr{Data: &esb.EString{Value: utf16.Encode([]rune(s))}, Loc: c.Args[0].Loc}
				sp.checkAttribute(tag, key, value, int(c.Args[0].Loc.Start))
			}
		}
	}
}
