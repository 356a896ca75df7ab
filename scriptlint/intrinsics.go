package scriptlint

import (
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Frozen intrinsics (js/intrinsic-write). The sandbox runs a current
// Chrome, so nothing needs a polyfill, and the analysis takes the
// built-ins to be what the specification says: a string's indexOf returns
// a number, a loop over an array yields its elements, a comparison calls no
// script code. A script that writes to a built-in (a prototype, a
// constructor, a namespace, by any path the analysis resolves), defines or
// deletes one of its members, or gives an object a prototype that may be a
// function (which puts Function one read away from an object that looks
// like data) is refused, with what to write instead.

// intrinsicObject names the built-in object e may be, or reports false.
func (sp *scriptPass) intrinsicObject(e esb.Expr) (string, bool) {
	return sp.intrinsicDepth(e, 0)
}

func (sp *scriptPass) intrinsicDepth(e esb.Expr, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := e.Data.(type) {
	case *esb.EAnnotation:
		return sp.intrinsicDepth(x.Value, depth+1)
	case *esb.EDot:
		if x.Name == "__proto__" {
			return "a prototype (__proto__)", true
		}
		if base, ok := sp.intrinsicDepth(x.Target, depth+1); ok && builtinName(base) {
			return base + "." + x.Name, true
		}
	case *esb.EIndex:
		if key, ok := sp.indexKey(x.Index); ok {
			if key == "__proto__" {
				return "a prototype (__proto__)", true
			}
			if base, ok := sp.intrinsicDepth(x.Target, depth+1); ok && builtinName(base) {
				return base + "." + key, true
			}
		}
	case *esb.ECall:
		if p := sp.resolve(x.Target); has(p, "Object.getPrototypeOf", "Reflect.getPrototypeOf") {
			return "a prototype (getPrototypeOf)", true
		}
	case *esb.EIdentifier:
		s, info := sp.lookup(x.Ref)
		if s == nil {
			return "", false
		}
		if s.Kind == esb.SymbolUnbound {
			if builtinName(s.OriginalName) {
				return s.OriginalName, true
			}
			return "", false
		}
		// An alias (const AP = Array.prototype): writes through it are
		// writes to the built-in. The answer is kept per binding.
		switch {
		case info.intrinsicMemo == 1:
			return "", false
		case info.intrinsicMemo == 2:
			return sp.intrinsicAlias[info], true
		case info.resolving:
			sp.intrinsicCycle = true // the answer below is partial: not kept
			return "", false
		case info.anyWrite || info.fn != "":
			return "", false
		}
		outerCycle := sp.intrinsicCycle
		sp.intrinsicCycle = false
		info.resolving = true
		defer func() {
			info.resolving = false
			sp.intrinsicCycle = sp.intrinsicCycle || outerCycle
		}()
		for _, src := range info.sources {
			if src.bad || src.elems || len(src.keys) > 0 {
				continue
			}
			if name, ok := sp.intrinsicDepth(src.expr, depth+1); ok {
				if sp.intrinsicAlias == nil {
					sp.intrinsicAlias = map[*symInfo]string{}
				}
				sp.intrinsicAlias[info] = name
				info.intrinsicMemo = 2
				return name, true
			}
		}
		if !sp.intrinsicCycle {
			info.intrinsicMemo = 1
		}
		return "", false
	case *esb.EThis, *esb.EObject, *esb.EArray, *esb.EArrow, *esb.EFunction, *esb.EString, *esb.ENumber:
		return "", false
	}
	if name, ok := sp.directGlobal(e); ok && builtinName(name) {
		return name, true
	}
	if !sp.mayResolveToBuiltin(e) {
		return "", false
	}
	for _, p := range sp.resolve(e) {
		if builtinName(p) {
			return p, true
		}
	}
	return "", false
}

// mayResolveToBuiltin is a cheap test before resolve: only a chain through
// constructor or prototype, a call (Reflect.get), or a binding holding a
// literal ({ p: Array.prototype }) can resolve to a built-in that the
// walk above has not named.
func (sp *scriptPass) mayResolveToBuiltin(e esb.Expr) bool {
	for i := 0; i < 64; i++ {
		switch x := e.Data.(type) {
		case *esb.EDot:
			if x.Name == "constructor" || x.Name == "prototype" {
				return true
			}
			e = x.Target
		case *esb.EIndex:
			e = x.Target
		case *esb.EIdentifier:
			s, info := sp.lookup(x.Ref)
			return s != nil && s.Kind != esb.SymbolUnbound && info.literals
		case *esb.ECall:
			return true
		default:
			return false
		}
	}
	return true
}

// builtinName reports a path naming a built-in object: an allowed global
// other than the global object, rmx and dom (their own rules judge them),
// or a member path of one (Array.prototype, Intl.DateTimeFormat).
func builtinName(p string) bool {
	root, _, _ := strings.Cut(p, ".")
	g := allowedByName()[root]
	if g == nil || g.Kind == KindGlobalObject || root == "rmx" || root == "dom" || root == "location" {
		return false
	}
	// (crypto, whose members are restricted, is one too: deadcode.go
	// takes crypto.getRandomValues for the function the sandbox has.)
	return root != "" && (root[0] >= 'A' && root[0] <= 'Z' || g.Kind == KindDangerous || len(g.Members) > 0)
}

// checkIntrinsicTarget judges a member written, defined or deleted
// (target is o.k or o[k]).
func (sp *scriptPass) checkIntrinsicTarget(target esb.Expr) {
	if !on(DefIntrinsicWrite) {
		return
	}
	var obj esb.Expr
	switch x := target.Data.(type) {
	case *esb.EDot:
		obj = x.Target
	case *esb.EIndex:
		obj = x.Target
	default:
		return
	}
	if name, ok := sp.intrinsicObject(obj); ok {
		sp.report(RuleIntrinsicWrite, int(target.Loc.Start), "this changes %s, a built-in every script shares: the sandbox runs a current Chrome, so nothing needs a polyfill, and a changed built-in makes innocent reads, loops and comparisons run the script's code; write a function of your own instead (const last = a => a[a.length - 1])", name)
	}
}

// checkPrototypeValue judges a value given to an object as its prototype.
func (sp *scriptPass) checkPrototypeValue(v esb.Expr, how string) {
	if !on(DefIntrinsicWrite) || v.Data == nil || sp.inBundlerHelper {
		// esbuild's __toESM copies a CommonJS module onto an object with
		// the module's prototype; what it returns holds anything for the
		// analysis, so reads from it are judged where they are used.
		return
	}
	if name, ok := sp.intrinsicObject(v); ok && !strings.HasSuffix(name, ".prototype") {
		sp.report(RuleIntrinsicWrite, int(v.Loc.Start), "%s makes %s the prototype, so the object inherits its members, the constructor Function among them: give objects an ordinary object as prototype (a class, or Object.create(null))", how, name)
		return
	}
	if k := sp.kindsOf(v); k.may(kFunc) && k != kAny {
		sp.report(RuleIntrinsicWrite, int(v.Loc.Start), "%s makes a function the prototype, so the object inherits its constructor, Function, which compiles strings: give objects an ordinary object as prototype (a class, or Object.create(null))", how)
	}
}

// checkIntrinsicCall judges the calls that define, set or delete members
// or set a prototype (reached directly, or by .call, .apply and
// Reflect.apply).
func (sp *scriptPass) checkIntrinsicCall(c callee) {
	if len(c.args) == 0 || !has(c.paths, "Object.defineProperty", "Object.defineProperties", "Object.assign",
		"Object.setPrototypeOf", "Object.create", "Reflect.defineProperty", "Reflect.set", "Reflect.deleteProperty",
		"Reflect.setPrototypeOf") {
		return
	}
	if has(c.paths, "Object.create") {
		sp.checkPrototypeValue(c.args[0], "Object.create")
		return
	}
	if name, ok := sp.intrinsicObject(c.args[0]); ok && on(DefIntrinsicWrite) {
		sp.report(RuleIntrinsicWrite, int(c.args[0].Loc.Start), "this changes %s, a built-in every script shares: the sandbox runs a current Chrome, so nothing needs a polyfill, and a changed built-in makes innocent reads, loops and comparisons run the script's code; write a function of your own instead", name)
		return
	}
	if has(c.paths, "Object.setPrototypeOf", "Reflect.setPrototypeOf") && len(c.args) >= 2 {
		sp.checkPrototypeValue(c.args[1], "setPrototypeOf")
	}
}

// checkPrototypeAssign judges o.__proto__ = v and F.prototype = v.
func (sp *scriptPass) checkPrototypeAssign(name string, value esb.Expr) {
	switch name {
	case "__proto__":
		sp.checkPrototypeValue(value, "assigning __proto__")
	case "prototype":
		sp.checkPrototypeValue(value, "assigning a constructor's prototype")
	}
}

// checkLiteralPrototype judges __proto__: v in an object literal.
func (sp *scriptPass) checkLiteralPrototype(o *esb.EObject) {
	for i := range o.Properties {
		if p := &o.Properties[i]; isProtoKey(p) {
			sp.checkPrototypeValue(p.ValueOrNil, "__proto__ in an object literal")
		}
	}
}
