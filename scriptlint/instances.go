package scriptlint

import (
	esb "github.com/evanw/esbuild/remixletbridge"
)

// Instances of the script's own constructors. new F() or new C(), where
// the name is bound to one function declaration or expression, or to one
// class, and written nowhere else, gives the object the construction makes,
// unless the constructor returns an object or a function (then that
// instead):
//
//   - The object's prototype is F.prototype (or the class's), an ordinary
//     object: one set to what may be a function, or made from one, is
//     refused (js/intrinsic-write), and one set to a value the analysis
//     cannot read (anything) is seen in the values written under the name
//     prototype (prototypeWritesMayBeFunctions: then the chain may hold a
//     function). So the object is not callable and its chain holds no
//     function but what members hold (kObject | kOpen | kShadow: its
//     members are what the module writes by name, methods among them).
//   - A derived class's object is made by its base, so it is an instance
//     only when the base is such a class too; a class that extends
//     anything else (Array, Error, a parameter) may make an exotic object
//     and gives anything, as an async function, a generator or an arrow
//     (which cannot be constructed) do.
//   - A primitive the constructor returns is dropped by new; any other
//     value it returns is the result, so its kinds are added (solved once
//     per constructor). A return of new F() of the same F is the same
//     result.
func (sp *scriptPass) newOfLocal(target esb.Expr, depth int) (kinds, bool) {
	info := sp.localBinding(target)
	if info == nil || info.anyWrite || info.updated || len(info.sources) > 1 || depth > maxResolveDepth {
		return 0, false
	}
	var body []esb.Stmt
	var class *esb.Class
	switch {
	case info.classNode != nil && len(info.sources) == 0:
		class = info.classNode
	case len(info.sources) == 1 && len(info.sources[0].keys) == 0 && !info.sources[0].elems:
		switch x := info.sources[0].expr.Data.(type) {
		case *esb.EFunction:
			if x.Fn.IsAsync || x.Fn.IsGenerator {
				return 0, false
			}
			body = x.Fn.Body.Block.Stmts
		case *esb.EClass:
			class = &x.Class
		default:
			return 0, false
		}
	case info.fnNode != nil && len(info.sources) == 0 && info.fn == "fn":
		body = info.fnNode.Body.Block.Stmts
	default:
		return 0, false
	}
	instance := kObject | kOpen | kShadow
	if sp.prototypeWritesMayBeFunctions(depth) {
		instance |= kFunc // (F.prototype = p, p anything: js/intrinsic-write lets it through)
	}
	if class != nil {
		if class.ExtendsOrNil.Data != nil {
			base, ok := sp.newOfLocal(class.ExtendsOrNil, depth+1)
			if !ok {
				return 0, false
			}
			instance = base
		}
		if ctor := classConstructor(class); ctor != nil {
			body = ctor.Body.Block.Stmts
		}
	}
	// What the body returns, as a write set of its own: solved once, as a
	// binding is, however many news of it are asked about.
	result, ok := sp.ctorResults[info]
	if !ok {
		result = &symInfo{}
		for _, r := range returns(body, nil) {
			if n, ok := r.Data.(*esb.ENew); !ok || sp.localBinding(n.Target) != info {
				result.sources = append(result.sources, valueSource{expr: r})
			}
		}
		if sp.ctorResults == nil {
			sp.ctorResults = map[*symInfo]*symInfo{}
		}
		sp.ctorResults[info] = result
	}
	k := instance
	if len(result.sources) > 0 {
		k |= sp.symbolKinds(result, depth+1) &^ kPrimitive
	}
	return k, true
}

// prototypeWritesMayBeFunctions reports a module that may write a value
// that may be a function under the name prototype (through any alias: the
// members by name of fields.go), or under a key the analysis cannot
// decide: then the prototype of an instance may be one. js/intrinsic-write
// refuses only a write of what may be a function and is not anything.
func (sp *scriptPass) prototypeWritesMayBeFunctions(depth int) bool {
	if !sp.fieldsKnown() {
		return true
	}
	k := sp.solveMember(&sp.unknownKey, "", depth)
	if set := sp.byName["prototype"]; set != nil {
		k |= sp.solveMember(set, "prototype", depth)
	}
	return k.may(kFunc | kReach | kGlobal)
}

// classConstructor is a class body's constructor method, if it has one.
func classConstructor(c *esb.Class) *esb.Fn {
	for i := range c.Properties {
		p := &c.Properties[i]
		if p.Kind != esb.PropertyMethod || p.Flags.Has(esb.PropertyIsStatic) || p.Flags.Has(esb.PropertyIsComputed) {
			continue
		}
		if s, ok := p.Key.Data.(*esb.EString); ok && esb.UTF16ToString(s.Value) == "constructor" {
			if f, ok := p.ValueOrNil.Data.(*esb.EFunction); ok {
				return &f.Fn
			}
		}
	}
	return nil
}
