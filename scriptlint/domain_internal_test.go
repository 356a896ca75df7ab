package scriptlint

import (
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

// kindsOfV runs the walk over src and returns what the analysis says the
// last binding named v may hold.
func kindsOfV(t *testing.T, src string) kinds {
	t.Helper()
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	sp := newScriptPass(nil, m, []byte(src))
	sp.res = esb.ParseModule(src)
	if len(sp.res.Messages) > 0 {
		t.Fatalf("%s: %v", src, sp.res.Messages[0].Text)
	}
	sp.run()
	for i := len(sp.res.AST.Symbols) - 1; i >= 0; i-- {
		if sp.res.AST.Symbols[i].OriginalName == "v" {
			_, info := sp.lookup(esb.Ref{InnerIndex: uint32(i)})
			return sp.symbolKinds(info, 0)
		}
	}
	t.Fatalf("%s: no binding v", src)
	return 0
}

// TestKindsOfBindings: what a binding may hold is the union of every
// write to it, and each operation gives what the language says.
func TestKindsOfBindings(t *testing.T) {
	for _, c := range []struct {
		src  string
		want kinds // exactly
	}{
		{`const v = 1`, kNum},
		{`const v = "a" + 1`, kStr},
		{`const v = x + y`, kStr | kNumeric},
		{`const v = typeof x`, kStr},
		{`const v = [1, "a", [null]]`, kArray},
		{`const v = [1, () => {}]`, kArray | kOpen},
		{`const v = {a: 1, b: {c: "d"}}`, kObject},
		{`const v = {a() {}}`, kObject | kOpen},
		{`const v = {__proto__: () => {}}`, kObject | kFunc | kOpen},
		{`const v = {__proto__: null}`, kObject},
		{`const v = {["__proto__"]: () => {}}`, kObject | kOpen}, // a computed key is an own member
		{`const v = () => {}`, kFunc},
		{`function v() {}`, kFunc},
		{`let v = 0; v++`, kNum | kNumeric},
		{`let v = 0; for (v of [key]) {}`, kAny},
		{`let v = 0; for (v of ["a", "b"]) {}`, kNum | kData},
		{`let v = 0; for (v in o) {}`, kNum | kStr},
		{`for (const v in o) {}`, kStr | kUndef},
		{`function f(v = 0) {} f(x)`, kAny},
		{`function f(v = 0) {} f(x); g(f)`, kAny},                                       // f is handed on: calls the analysis does not see
		{`function f(v = 0) {} f(1); f("a")`, kNum | kStr},                              // f is called only where the analysis sees it
		{`function f(v) {} f(1); f()`, kNum | kUndef},                                   // a missing argument
		{`const f = (a, v) => {}; f(1, ...xs)`, kAny},                                   // a spread may give v anything
		{`function f(v) { arguments[0] = g } f(1)`, kAny},                               // arguments aliases the parameters
		{`function f(v) {} f(1); f.call(null, x)`, kAny},                                // called other than by name
		{`let f = function (v) {}; f(1); f = other`, kAny},                              // the name is written again
		{`function f(v) { return v } const g = () => {}; f(1); f(g[k])`, kAny | kReach}, // a reached value is followed into v
		{`function f(v) { return v } const o = {}; f(1); f(o[k])`, kAny},                // a data object's member is data, or a built-in that is not Function
		{`function f(v) {} f(1); export { f }`, kAny},                                   // exported: called where the analysis does not see
		{`try {} catch (v) {}`, kAny},
		{`let v = 0; [...v] = x`, kNum | kArray | kOpen},
		{`let v = 0; ({...v} = x)`, kNum | kObject | kOpen},
		{`let v = 0; ({[k]: v} = x)`, kAny},
		{`const {[k]: v = 0} = x`, kAny},
		{`const [, ...v] = x`, kArray | kOpen},
		{`let v = 0; v = v || 1`, kNum},
		{`let v = 0, w = v; v = w + 1; w = v`, kNum},
		{`let v = 0, w; v = w; w = () => {}`, kNum | kFunc | kUndef},
		{`const v = {}; v.x = () => {}`, kObject | kOpen},
		{`const v = {}; v.x = 1`, kObject},
		{`const v = {}; Object.setPrototypeOf(v, p)`, kObject | kOpen | kShadow | kFunc},
		{`const v = []; v.push(x)`, kArray | kOpen},
		{`const v = []; helper(v)`, kArray | kOpen | kShadow},
		{`const v = "abc".length`, kNum},
		{`const v = [1].indexOf(1)`, kNum},
		{`const a = [1]; a.indexOf = f; const v = a.indexOf(1)`, kAny},
		{`const a = [1]; a[k] = f; const v = a.indexOf(1)`, kAny},
		{`const a = [1]; a[0] = f; const v = a.indexOf(1)`, kNum},
		{`const o = {length: f}; const v = o.length`, kAny},
		{`const o = {indexOf: f}; const v = o.indexOf(1)`, kAny},
		{`const v = JSON.parse(s)`, kData},
		{`const v = JSON.parse(s, reviver)`, kAny},
		{`const v = await rmx.storage.get("k")`, kData},
		{`const r = await rmx.fetch("https://a.example/"); const v = await r.json()`, kData},
		{`const r = {json: () => f}; const v = await r.json()`, kAny},
		{`const v = new Map()`, kObject | kOpen},
		{`const v = new Thing()`, kAny},
		{`const v = Math.max(1, 2)`, kNum},
		{`const v = f.bind(null)`, kFunc},
		{`const v = a && b`, kAny},
		{`const v = f[k]`, kAny | kReach},
		{`const v = f.constructor`, kAny | kReach},
		{`const v = o[0]`, kAny},
		{`const v = Object.getPrototypeOf(f)`, kAny | kReach},
		{`const v = Function.prototype.constructor`, kAny | kReach},
		{`const v = await f[k]`, kAny | kReach},
		{`const w = f[k]; const v = w.valueOf()`, kAny | kReach},
		{`const w = f[k]; const v = w.toString()`, kAny},
		{`const w = f[k]; const v = w.prototype`, kAny | kReach},
		{`function g() { return f[k] } const v = g()`, kAny | kReach},
		{`function g() { return f[k] } const v = g(); h(g)`, kAny},                    // g is handed on: its return is refused instead
		{`async function g() { return f[k] } const v = await g()`, kAny},              // an async return is refused
		{`function g(a) { return a ? "x" : 1 } const v = g(2)`, kStr | kNum | kUndef}, // closed: what it returns
		{`function g() {} const v = g()`, kUndef},
		{`function g() { return "x" } const v = g(); h(g)`, kAny},
		{`const v = Symbol.for("k")`, kSymbol},
		{`const v = Symbol.iterator`, kSymbol},
		{`const Symbol = {iterator: f}; const v = Symbol.iterator`, kAny},
		{`let x = 0; const v = x && (() => {})`, kNum | kFunc},
		{`let x = {}; const v = x && 1`, kNum},
		{`let v = 0; eval("v = 1")`, kAny}, // direct eval may assign any binding in scope
	} {
		if got := kindsOfV(t, c.src); got != c.want {
			t.Errorf("%s: v may hold %s, want %s", c.src, got, c.want)
		}
	}
}
