package yardstick

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// chooser is where a generated program's choices come from: a seeded
// generator (the fixed seed range) or the bytes of a fuzz input.
type chooser interface {
	IntN(n int) int
}

// byteChooser reads choices from bytes, and 0 once they run out, so every
// input is a program and a shorter one is a simpler program.
type byteChooser struct{ b []byte }

func (c *byteChooser) IntN(n int) int {
	if len(c.b) == 0 {
		return 0
	}
	v := int(c.b[0])
	c.b = c.b[1:]
	return v % n
}

// seeded is the chooser of program number seed in the fixed range.
func seeded(seed uint64) chooser { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// program composes one small program: statements that build values by the
// routes below, then one use of them that may reach a dangerous value (a
// function's constructor called, a timer, a page sink, an address, a
// credential at a sink, a global, rmx or location as values). Whether it
// does depends on the base values drawn, and the oracle decides.
type program struct {
	c     chooser
	lines []string
	n     int
}

func generate(c chooser) string {
	p := &program{c: c}
	p.prelude()
	p.use()
	return strings.Join(p.lines, "\n") + "\n"
}

func (p *program) pick(options ...string) string { return options[p.c.IntN(len(options))] }

func (p *program) fresh(prefix string) string {
	p.n++
	return fmt.Sprintf("%s%d", prefix, p.n)
}

func (p *program) emit(format string, args ...any) {
	p.lines = append(p.lines, fmt.Sprintf(format, args...))
}

// quote writes s as a JavaScript string literal.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// prelude sometimes writes a built-in prototype or intrinsic first: the
// writes that turn innocent reads, coercions and iteration into the
// script's own code.
func (p *program) prelude() {
	switch p.c.IntN(12) {
	case 0:
		p.emit(`Object.prototype[Symbol.toPrimitive] = function () { return %s; };`, quote(p.pick("constructor", "name")))
	case 1:
		p.emit(`Array.prototype.join = function () { return %s; };`, quote(p.pick("constructor", "rmx.log(1)", "script")))
	case 2:
		p.emit(`Object.defineProperty(Object.prototype, %s, { get() { return this; }, configurable: true });`, quote(p.pick("leak", "self2")))
	case 3:
		p.emit(`Array.prototype.at = function () { return %s; };`, quote(p.pick("constructor", "x")))
	case 4:
		p.emit(`Function.prototype.bind = function () { return %s; };`, quote(p.pick("rmx.log(1)", "x")))
	}
}

// str is a string value by one of the routes that compute a string: it
// returns an expression whose value is s.
func (p *program) str(s string) string {
	if s == "" {
		return `""`
	}
	switch p.c.IntN(36) {
	case 13, 14, 15:
		// An element of a literal array, moved or changed in place or
		// through another reference to the array.
		v := p.fresh("a")
		switch p.c.IntN(3) {
		case 0:
			p.emit("const %s = [\"x\", %s];\n%s.%s();", v, quote(s), v, p.pick("reverse", "shift"))
		case 1:
			p.emit("const %s = [\"x\"];\nnew Map([[1, %s]]).get(1)[0] = %s;", v, v, quote(s))
		default:
			p.emit("const %s = [\"x\"];\n[%s].values().next().value[0] = %s;", v, v, quote(s))
		}
		return v + "[0]"
	case 0:
		i := len(s) / 2
		return quote(s[:i]) + " + " + quote(s[i:])
	case 1:
		i := len(s) / 3
		return "[" + quote(s[:i]) + ", " + quote(s[i:]) + `].join("")`
	case 2:
		r := []rune(s)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return quote(string(r)) + `.split("").reverse().join("")`
	case 3:
		// (a unit past 0xFFFF is taken modulo 2^16)
		wrap := p.pick("0", "65536")
		codes := make([]string, len(s))
		for i := range s {
			codes[i] = fmt.Sprint(int(s[i])) + "+" + wrap
		}
		return "String.fromCharCode(" + strings.Join(codes, ", ") + ")"
	case 4:
		return "atob(" + quote(base64.StdEncoding.EncodeToString([]byte(s))) + ")"
	case 5:
		var b strings.Builder
		for i := range s {
			fmt.Fprintf(&b, "%%%02X", s[i])
		}
		return "decodeURIComponent(" + quote(b.String()) + ")"
	case 6:
		i := len(s) / 2
		return "`" + strings.ReplaceAll(s[:i], "`", "\\`") + "${" + quote(s[i:]) + "}`"
	case 7:
		parts := []string{}
		for i := 0; i < len(s); i += 3 {
			parts = append(parts, quote(s[i:min(i+3, len(s))]))
		}
		return "[" + strings.Join(parts, ", ") + "].reduce((a, b) => a + b, \"\")"
	case 8:
		return quote(strings.Join(strings.Split(s, ""), "-")) + `.replaceAll("-", "")`
	case 9:
		return quote(strings.ToUpper(s)) + ".toLowerCase()"
	case 10:
		return "JSON.parse(" + quote(quote(s)) + ")"
	case 11:
		i := len(s) / 2
		return `"".concat.apply("", [` + quote(s[:i]) + ", " + quote(s[i:]) + "])"
	case 12:
		i := len(s) / 2
		return "((t) => { t += " + quote(s[i:]) + "; return t; })(" + quote(s[:i]) + ")"
	case 19:
		return "Array.from(" + quote(s) + ").join(\"\")"
	case 20:
		return "[" + quote(s) + "].toString()"
	case 21:
		if !isASCII(s) {
			break
		}
		codes := make([]string, len(s))
		for i := range s {
			codes[i] = fmt.Sprint(int(s[i]))
		}
		if p.c.IntN(2) == 0 {
			codes = append([]string{"239", "187", "191"}, codes...) // (a byte order mark, which the decoder drops)
		}
		return "new TextDecoder().decode(new Uint8Array([" + strings.Join(codes, ", ") + "]))"
	case 22:
		return quote(s) + ".concat(\"\").normalize()"
	case 23:
		// A replacement pattern's groups put back in another order.
		if strings.ContainsRune(s, 1) {
			break
		}
		i := len(s) / 2
		return quote(s[i:]+"\x01"+s[:i]) + ".replace(/^([^]*)\\x01([^]*)$/, \"$2$1\")"
	case 24:
		// Base-36 numerals.
		if t, ok := base36(s); ok {
			return t
		}
	case 25:
		return "Object.prototype.toString.call({ [Symbol.toStringTag]: " + quote(s) + " }).slice(8, -1)"
	case 26:
		// A function's own name.
		if plainIdentifier(s) {
			return p.pick("(function "+s+"() {}).name", "(class "+s+" {}).name", "({ "+s+"() {} })."+s+".name")
		}
	case 27:
		// The text of a regular expression.
		if wordsOnly(s) {
			return p.pick("/"+s+"/.source", "`${/"+s+"/}`.slice(1, -1)", "new RegExp(\""+s+"\").source")
		}
	case 28:
		return "\"#" + strings.TrimPrefix(quote(s), "\"") + ".match(/#([^]*)/)[1]"
	case 29:
		return fmt.Sprintf(p.pick("Symbol(%s).description", "Symbol.for(%s).description", "Symbol.keyFor(Symbol.for(%s))", "String(Symbol(%s)).slice(7, -1)",
			"new Error(%s).message", "new URLSearchParams({ k: %s }).get(\"k\")", "String.raw({ raw: [%s] })", "Object(%s).toString()",
			"new String(%s).valueOf()", "`${new String(%s)}`", "[...%s].join(\"\")", "%s.split(\"\").map((c) => c).join(\"\")",
			"decodeURI(encodeURI(%s))", "%s.replace(/[^]/g, (c) => c)", "%s.toWellFormed()", "unescape(escape(%s))"), quote(s))
	case 30:
		return quote("#"+s+"#") + p.pick(".slice(1, -1)", fmt.Sprintf(".substring(1, %d)", len(s)+1), fmt.Sprintf(".substr(1, %d)", len(s)))
	case 31:
		i := len(s) / 2
		return "Array.prototype.join.call([" + quote(s[:i]) + ", " + quote(s[i:]) + "], \"\")"
	case 32:
		// A key written as a name, read back as text.
		if plainIdentifier(s) {
			return p.pick("Object.keys({ "+s+": 0 })[0]", "Object.getOwnPropertyNames({ "+s+": 0 })[0]",
				"JSON.stringify({ "+s+": 0 }).slice(2, -4)", "Object.entries({ "+s+": 0 })[0][0]",
				"Reflect.ownKeys({ "+s+": 0 })[0]")
		}
	case 35:
		// Elements join writes as nothing, and an end slice reads as the length.
		i := len(s) / 2
		return p.pick("["+quote(s[:i])+", null, "+quote(s[i:])+"].join(\"\")", "["+quote(s[:i])+", undefined, "+quote(s[i:])+"].join(\"\")",
			quote("#"+s)+".slice(1, undefined)")
	case 34:
		// Spaces the engine trims that are no ASCII space.
		return p.pick(quote("\ufeff"+s+"\u3000")+".trim()", quote("\u00a0\u2005"+s)+".trimStart()", quote(s+"\u2028\u1680")+".trimEnd()")
	case 33:
		n := len(s)
		return p.pick(fmt.Sprintf("Array.from({ length: %d }, (_, i) => %s.charAt(i)).join(\"\")", n, quote(s)),
			"decodeURIComponent(encodeURIComponent("+quote(s)+"))", fmt.Sprintf("%s.padEnd(%d, \"#\").slice(0, %d)", quote(s), n+3, n))
	}
	return quote(s)
}

// base36 writes s, when it is lowercase letters and digits, as numbers
// printed in base 36, five digits at a time.
func base36(s string) (string, bool) {
	var parts []string
	for i := 0; i < len(s); i += 5 {
		chunk := s[i:min(i+5, len(s))]
		n, err := strconv.ParseInt(chunk, 36, 64)
		if err != nil || chunk[0] == '0' || strings.ToLower(chunk) != chunk {
			return "", false
		}
		parts = append(parts, fmt.Sprintf("(%d).toString(36)", n))
	}
	return strings.Join(parts, " + "), true
}

// plainIdentifier reports a name a function may have in a module.
func plainIdentifier(s string) bool {
	if !wordsOnly(s) || s[0] >= '0' && s[0] <= '9' || reservedNames[s] {
		return false
	}
	return true
}

var reservedNames = map[string]bool{}

func init() {
	for _, w := range strings.Fields("break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static enum await implements package protected interface private public arguments eval") {
		reservedNames[w] = true
	}
}

// wordsOnly reports a non-empty string of ASCII letters, digits and _.
func wordsOnly(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// route hands the value of e on by one of the ways values move (bindings,
// containers, accessors, loops, destructuring, calls, callbacks, control
// flow), depth times; other is a value of the same kind for the routes
// that write two.
func (p *program) route(e, other string, depth int) string {
	for range depth {
		e = p.step(e, other)
	}
	return e
}

// valueRoute is one way a value moves: statements to emit and the
// expression that then holds the value, with $e standing for the value,
// $o for another of its kind and $v for a fresh name. A route whose
// value sits inside a function of its own is nested: an await the value
// holds would not compile there.
type valueRoute struct {
	setup, expr string
	nested      bool
}

var valueRoutes = []valueRoute{
	{"const $v = $e;", "$v", false},
	{"", "[$o, $e][1]", false},
	{"const $v = { a: $o, b: $e };", "$v.b", false},
	{"", "({ get a() { return $e; } }).a", true},
	{"const $v = (x) => x;", "$v($e)", false},
	{"", "[0].map(() => $e)[0]", true},
	{"let $v = $o;\nfor ($v of [$e]);", "$v", false},
	{"let $v = $o;\n[$v] = [$e];", "$v", false},
	{"const { a: $v = $e } = {};", "$v", false},
	{"", "(Math.random() < 2 ? $e : $o)", false},
	{"", "($e)[[\"value\", \"Of\"].join(\"\")]()", false},
	{"const $v = {};\n$v[[\"__define\", \"Getter__\"].join(\"\")](\"a\", () => $e);", "$v.a", true},
	{"", "((x) => x)[[\"ca\", \"ll\"].join(\"\")](null, $e)", false},
	{"", "[$e][[\"a\", \"t\"].join(\"\")](0)", false},
	{"", "(() => $e)[[\"bi\", \"nd\"].join(\"\")](null)()", true},
	{"", "({ get a() { return $e; } })[[\"__lookup\", \"Getter__\"].join(\"\")](\"a\")()", true},
	{"", "({ toString() { return $e; } })[[\"toLocale\", \"String\"].join(\"\")]()", true},
	{"", "Object.getOwnPropertyDescriptor({ get a() { return $e; } }, \"a\").get()", true},
	{"", "Array.prototype.at.call([$e], 0)", false},
	{"", "[$o, $e].reduceRight((a, b) => a)", true},
	{"", "Reflect.construct(function () { return { a: $e }; }, []).a", true},
	{"", "Object[[\"assi\", \"gn\"].join(\"\")]({}, { a: $e }).a", false},
	{"", "Reflect[[\"g\", \"et\"].join(\"\")]({ a: $e }, \"a\")", false},
	{"", "Array.prototype[[\"conc\", \"at\"].join(\"\")].call([], [$e])[0]", false},
	{"", "Object.fromEntries(new Map([[\"a\", $e]])).a", false},
	{"", "Object.assign(Object.create(null), { a: $e }).a", false},
	{"", "[$e].values().toArray()[0]", false},
	{"", "Iterator.from([$e]).next().value", false},
	{"", "[$o, $e].values().drop(1).next().value", false},
	{"", "Object.entries(Object.getOwnPropertyDescriptors({ a: $e }))[0][1].value", false},
	{"class C$v { #a = $e; get a() { return this.#a; } }", "new C$v().a", true},
	{"class C$v { static #a = $e; static m() { return C$v.#a; } }", "C$v.m()", true},
	{"class B$v { m() { return $e; } }\nclass C$v extends B$v { m() { return super.m(); } }", "new C$v().m()", true},
	{"let $v = $o;\nfor await (const x of (async function* () { yield $e; })()) $v = x;", "$v", true},
	{"let $v = $o;\nnew Map([[1, $e]]).forEach((x) => { $v = x; });", "$v", true},
	{"", "Array.prototype.find.call({ length: 1, 0: $e }, () => true)", true},
	{"", "Array.from({ length: 1, 0: $e })[0]", false},
	{"", "Object.setPrototypeOf({}, { a: $e }).a", false},
	{"", "Object.prototype.valueOf.call($e)", false},
	{"", "[$e].reverse.call([$e])[0]", false},
	{"", "Reflect.apply(Object.prototype.valueOf, $e, [])", false},
	{"let $v = $o;\nawait new Promise((r) => setTimeout((x) => { $v = x; r(); }, 0, $e));", "$v", true},
	{"", "Object.values({ a: $e })[0]", false},
	{"", "new Map([[1, $e]]).get(1)", false},
	{"", "({ ...{ a: $e } }).a", false},
	{"", "Object.assign({}, { a: $e }).a", false},
	{"let $v = $o;\nconst set$v = () => { $v = $e; };\nset$v();", "$v", true},
	{"let $v = $o;\n$v = $e;", "$v", false},
	{"", "(await Promise.resolve($e))", false},
	{"function* g$v() { yield $e; }\nconst [$v] = g$v();", "$v", true},
	{"class C$v { static a = $e; }", "C$v.a", true},
	{"const $v = {};\nObject.defineProperty($v, \"a\", { value: $e });", "$v.a", false},
	{"", "Reflect.get({ a: $e }, \"a\")", false},
	{"const $v = [];\n$v.push($e);", "$v[0]", false},
	{"let $v = $o;\ntry { throw $e; } catch (e) { $v = e; }", "$v", false},
	{"", "({ length: $e }).length", false},
	{"", "({ __proto__: { a: $e } }).a", false},
	{"", "Object.fromEntries([[\"a\", $e]]).a", false},
	{"const $v = [$e];\nlet $v_ = $o;\nfor (const x of $v) $v_ = x;", "$v_", false},
	{"const $v = { f() { return $e; } };", "$v.f.call(null)", true},
	{"const $v = (x = $e) => x;", "$v()", true},
	{"const $v = { *[Symbol.iterator]() { yield $e; } };", "[...$v][0]", true},
	{"", "Object.getOwnPropertyDescriptor({ a: $e }, \"a\").value", false},
	{"const $v = Object.defineProperties({}, { a: { get: () => $e } });", "$v.a", true},
	{"", "Object.entries({ a: $e })[0][1]", false},
	{"", "Array.from([0], () => $e)[0]", true},
	{"", "[$o, $e].reduce((a, b) => b)", false},
	{"", "[$e, $o].sort(() => 0)[0]", false},
	{"", "Object.keys({ [$e]: 1 })[0]", false},
	{"", "String({ toString: () => $e })", true},
	{"", "`${$e}`", false},
	{"const $v = [$o, $e];\nlet $v_ = $o;\nfor (let i = 0; i < $v.length; i++) $v_ = $v[i];", "$v_", false},
	{"let $v = $o;\nlet $v_n = 0;\nwhile ($v_n++ < 1) $v = $e;", "$v", false},
	{"", "new Proxy({}, { get: () => $e }).a", true},
	{"", "new Proxy({ a: $e }, { get: (t, k) => t[k] }).a", true},
	{"", "new Proxy({ a: $o }, { get: (t, k) => (k === \"a\" ? $e : t[k]) }).a", true},
	{"", "({ a: { b: $e } })?.a?.b", false},
	{"", "((...xs) => xs[1])($o, $e)", false},
	{"", "((x) => x).bind(null, $e)()", false},
	{"", "Reflect.apply((x) => x, null, [$e])", false},
	{"", "Function.prototype.call.call((x) => x, null, $e)", false},
	{"", "Function.prototype.apply.bind((x) => x)(null, [$e])", false},
	{"const $v = {};\nconst $v_m = new WeakMap([[$v, $e]]);", "$v_m.get($v)", false},
	{"", "[...new Set([$e])][0]", false},
	{"", "JSON.parse(JSON.stringify({ a: $e })).a", false},
	{"const $v = Symbol(\"k\");", "({ [$v]: $e })[$v]", false},
	{"class C$v { get a() { return $e; } }", "new C$v().a", true},
	{"class B$v { constructor() { this.a = $e; } }\nclass C$v extends B$v {}", "new C$v().a", true},
	{"function F$v() { this.a = $e; }", "new F$v().a", true},
	{"function F$v() { return { a: $e }; }", "new F$v().a", true},
	{"function F$v() { return () => $e; }", "new F$v()()", true},
	{"class B$v { constructor() { return { a: $e }; } }\nclass C$v extends B$v { constructor() { super(); } }", "new C$v().a", true},
	// Writes through another reference to the same object.
	{"const $v = { a: $o };\nconst $v_a = $v;\n$v_a.a = $e;", "$v.a", false},
	{"const $v = [];\nconst $v_a = $v;\n$v_a.push($e);", "$v[0]", false},
	{"const $v = { a: $o };\nconst $v_w = (t) => { t.a = $e; };\n$v_w($v);", "$v.a", true},
	{"const $v = [$o];\nconst $v_b = { x: $v };\n$v_b.x[0] = $e;", "[...$v][0]", false},
	{"const $v = { a: $o };\nObject.assign([$v][0], { a: $e });", "$v.a", false},
	{"const $v = { a: $o };\nReflect.set([$v][0], \"a\", $e);", "$v.a", false},
	{"const $v = { a: [[$o]] };\nconst [$v_r] = $v.a;\n$v_r[0] = $e;", "$v.a[0][0]", false},
	{"const $v = [[$o]];\nfor (const r of $v) r[0] = $e;", "$v[0][0]", false},
	{"const $v = [[$o]];\n$v.forEach((r) => { r.push($e); });", "[...$v[0]][1]", true},
	// Built-ins that hand values back, and other ways of holding one.
	{"", "[$o].concat([$e])[1]", false},
	{"", "[[$e]].flat()[0]", false},
	{"", "[$o, $e].at(-1)", false},
	{"", "[$o, $e].find((x, i) => i === 1)", true},
	{"", "[$o].with(0, $e)[0]", false},
	{"", "(structuredClone({ a: 1 }) && ($e))", false},
	{"", "Object.groupBy([$e], () => \"k\").k[0]", true},
	{"", "Array.from({ length: 1 }, () => $e)[0]", true},
	{"", "JSON.parse(\"1\", () => $e)", true},
	{"const $v = Object.create({ a: $e });", "$v.a", false},
	{"function f$v() { return arguments[0]; }", "f$v($e)", true},
	{"function* g$v() { yield $e; }", "g$v().next().value", true},
	{"", "(await Promise.all([$e]))[0]", false},
	{"const $v = new Map();\n$v.set(\"k\", $e);", "$v.get(\"k\")", false},
	{"let $v = $o;\nconst bump$v = () => { $v = $e; return 1; };\n[0].forEach(bump$v);", "$v", true},
	{"const $v = { get a() { return this.b; }, b: $e };", "$v.a", true},
	{"class C$v { m() { return this.x; } }\nconst i$v = new C$v();\ni$v.x = $e;", "i$v.m()", true},
	{"", "((o) => o.a)({ a: $e })", false},
	{"", "[{ a: $e }].map((o) => o.a)[0]", true},
	{"const $v = { a: $o };\nfor (const k of [\"a\"]) $v[k] = $e;", "$v.a", false},
	{"const $v = { a: $e, t: {} };\nconst k$v = Math.random() < 2 ? \"x\" : \"y\";\n$v.t[k$v] = $v.a;", "$v.t.x", false},
	{"const $v = { a: $o, t: {} };\nconst k$v = Math.random() < 2 ? \"x\" : \"y\";\nfor (const r of [0, 1]) { $v.t[k$v] = $v.a; if (r === 0) $v.a = $e; }", "$v.t.x", false},
	{"const dp$v = Object.defineProperty;\nconst $v = {};\ndp$v($v, \"a\", { value: $e });", "$v.a", false},
	{"const { defineProperty: dp$v } = Reflect;\nconst $v = {};\ndp$v($v, \"a\", { get: () => $e });", "$v.a", true},
	{"if (Object.defineProperty) {}\nconst $v = {};\nconst dp$v = [Object.defineProperty][0];\ndp$v($v, \"a\", { value: $e });", "$v.a", false},
	{"if (typeof Object.create === \"function\") {}\nconst $v = Object.create({ a: $e });", "$v.a", false},
	{"", "Object({ a: $e }).a", false},
	{"", "new Object({ a: $e }).a", false},
	{"", "new Object($e)", false},
	// More built-ins that hand a value back.
	{"", "[$e].flatMap((x) => [x])[0]", true},
	{"", "[$e].entries().next().value[1]", false},
	{"", "new Map([[1, $e]]).values().next().value", false},
	{"", "({ a: $e }).valueOf().a", false},
	{"", "Object.getOwnPropertyDescriptors({ a: $e }).a.value", false},
	{"", "[$o, $e].toSorted(() => 0)[1]", false},
	{"", "[$e, $o].toReversed()[1]", false},
	{"", "[$o].toSpliced(0, 1, $e)[0]", false},
	{"", "Array.prototype.slice.call([$o, $e], 1)[0]", false},
	{"", "new WeakRef({ a: $e }).deref().a", false},
	{"", "new Error(\"x\", { cause: $e }).cause", false},
	{"", "new AggregateError([$e]).errors[0]", false},
	{"", "Object.assign([], [$e])[0]", false},
	{"", "[$o, $e].filter(() => true)[1]", true},
	{"", "[$o, $e].slice(1)[0]", false},
	{"", "[$o, $e].splice(1)[0]", false},
	{"", "[$o, $e].pop()", false},
	{"", "[$e, $o].shift()", false},
	{"", "Array.from(new Set([$e]))[0]", false},
	{"", "(await Promise.race([$e]))", false},
	{"", "((s, v) => v)`${$e}`", false},
	{"", "(({ a }) => a)({ a: $e })", false},
	{"class C$v { static get a() { return $e; } }", "C$v.a", true},
	{"", "Array.prototype.concat.call([], [$e])[0]", false},
	{"", "[$e].findLast(() => true)", true},
	{"", "Object.values(Object.groupBy([$e], () => \"k\"))[0][0]", true},
	{"const $v = new Map();\n$v.set($e, 1);", "[...$v.keys()][0]", false},
	{"", "[[1, $e]].map(([, x]) => x)[0]", true},
	// Control flow and assignment forms.
	{"let $v = null;\n$v ??= $e;", "$v", false},
	{"let $v = $o, $v_b = $e;\n[$v, $v_b] = [$v_b, $v];", "$v", false},
	{"let $v = $o;\ndo { $v = $e; } while (false);", "$v", false},
	{"let $v = $o;\nswitch (1) { case 0: break; case 1: $v = $e; }", "$v", false},
	{"const $v = { f: () => $e };", "$v.f?.()", true},
	{"let $v = $o;\n[0].forEach.call([1], () => { $v = $e; });", "$v", true},
	{"let $v = $o;\nl$v: { $v = $e; break l$v; }", "$v", false},
	{"let $v = $o;\nconst $v_c = $e;\nif (typeof $v_c === \"string\") $v = $v_c;", "$v", false},
	{"let $v = $o;\nconst $v_c = $e;\nif (typeof $v_c !== \"string\") $v = $v_c;", "$v", false},
	{"let $v = $o;\nconst $v_c = $e;\nif (typeof $v_c === \"string\" || $v_c) $v = $v_c;", "$v", false},
	// A callback given to a local function that calls it.
	{"const $v = (fn) => fn($e);", "$v((x) => x)", true},
	{"let $v_r = $o;\nfunction $v(fn) { fn($o); fn($e); }\n$v(function (x) { $v_r = x; });", "$v_r", true},
	{"let $v_r = $o;\nconst $v = (xs, fn) => { for (const x of xs) fn(x); };\n$v([$o, $e], (x) => { $v_r = x; });", "$v_r", false},
	// A function kept on a namespace object, reached by every way a member
	// of the object can be: the lint skips the body of one nothing calls.
	{"const $v_f = () => $e;\nconst $v = { f: $v_f, g: 1 };", "$v.f()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };", "$v[\"f\"]()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };\nconst $v_k = Math.random() < 2 ? \"f\" : \"g\";", "$v[$v_k]()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };\nlet $v_r;\nfor (const k in $v) $v_r = $v[k]();", "$v_r", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f, g() { return this[[\"f\"][0]](); } };", "$v.g()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f, g: function () { return this[[\"f\"][0]](); } };", "$v.g()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };\nconst $v_a = $v;", "$v_a.f()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };", "({ ...$v }).f()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };", "Object.values($v)[0]()", true},
	{"const $v_f = () => $e;\nconst $v_g = () => $v_f();\nconst $v = { g: $v_g };", "$v.g()", true},
	{"function $v_f() { return $e; }\nconst $v = { h: 1, f: $v_f };", "$v.f()", true},
	{"const $v_f = () => $e;\nconst $v = { __proto__: { g() { return this[[\"f\"][0]](); } }, f: $v_f };", "$v.g()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };", "$v.valueOf()[[\"f\"][0]]()", true},
	{"const $v_f = () => $e;\nconst $v = { f: $v_f };\n$v.g = function () { return this[[\"f\"][0]](); };", "$v.g()", true},
	// A parameter its function's first statement overwrites with a string
	// method of its own value: what it held before is gone, unless the
	// method is the script's, the statement is not the first, or another
	// parameter carries the value.
	{"const $v = { f(x) { x = x.trim(); return x; } };", "$v.f($e)", true},
	{"const $v = { f(x) { const y = x; x = x.trim(); return y; } };", "$v.f($e)", true},
	{"const $v = { f(x, y) { x = x.trim(); return y; } };", "$v.f(\"a\", $e)", true},
	{"const $v_o = { trim() { return $e; } };\nconst $v = { f(x) { x = x.trim(); return x; } };", "$v.f($v_o)", true},
	{"const $v = { f(x) { x = x.toLowerCase().trim(); return x; } };\nconst $v_o = { toString: () => $e };", "$v.f($v_o)", true},
	// A string method that hands the call to its argument's method under a
	// well-known symbol.
	{"const $v = { [Symbol.split]: () => $e };", "\"a\".split($v)", true},
	{"const $v = { [Symbol.replace]: () => $e };", "\"a\".replace($v, \"b\")", true},
	{"const $v = { [Symbol.match]: () => $e };", "String($o).match($v)", true},
	{"const $v = { [Symbol.search]: () => $e };", "\"a\".search($v)", true},
	// An array method that makes its result with the receiver's
	// constructor[Symbol.species], or calls its join (toString), which the
	// script wrote.
	{"const $v = [1];\n$v.constructor = { [Symbol.species]: function () { return $e; } };", "$v.map((x) => x)", true},
	{"const $v = [1];\n$v.constructor = { [Symbol.species]: function () { return $e; } };", "$v.slice(0)", true},
	{"const $v = [1];\n$v.join = () => $e;", "$v.toString()", true},
	// A replacer given to a replace that is the script's own, by name or
	// through a key.
	{"const $v = { replace(p, f) { return f(\"x\", $e); } };\nlet $v_r;\n$v.replace(/(x)/, (m, c) => { $v_r = c; });", "$v_r", true},
	{"const $v = {};\n$v[[\"rep\", \"lace\"].join(\"\")] = (p, f) => f(\"x\", $e);\nlet $v_r;\n$v.replace(/(x)/, function (m, c) { $v_r = c; });", "$v_r", true},
	// Methods given their parameters by calls of their name, and by calls
	// the lint cannot name: a computed name, a dispatcher, the platform.
	{"class C$v { m(x) { return x; } }", "new C$v().m($e)", true},
	{"const $v_f = function () {};\n$v_f.a = $o;\n$v_f.b = $e;\nclass C$v { m(k) { return $v_f[k]; } }\nconst $v = new C$v();\n$v.m(\"a\");", "$v[[\"m\"][0]](\"b\")", true},
	{"const $v_f = function () {};\n$v_f.a = $o;\n$v_f.b = $e;\nclass C$v { run(n, k) { return this[n](k); } m(k) { return $v_f[k]; } }\nconst $v = new C$v();\n$v.m(\"a\");", "$v.run(\"m\", \"b\")", true},
	{"const $v_f = function () {};\n$v_f.a = $o;\n$v_f.b = $e;\nclass C$v { m(k) { return $v_f[k]; } }\nconst $v = new C$v();\n$v.m(\"a\");\nconst { m: $v_m } = $v;", "$v_m.call($v, \"b\")", true},
	{"const $v_f = function () {};\n$v_f.a = $o;\n$v_f.b = $e;\nclass C$v { #m(k) { return $v_f[k]; } run(k) { return this.#m(k); } }", "new C$v().run(\"b\")", true},
	{"const $v_f = function () {};\n$v_f.a = $o;\n$v_f.b = $e;\nfunction F$v() {}\nF$v.prototype.m = function (k) { return $v_f[k]; };\nconst $v = [new F$v()];\n$v[0].m(\"a\");", "$v[0][[\"m\"][0]](\"b\")", true},
	{"let $v;\nclass M$v extends Map { set(k, v) { $v = k; return super.set(k, v); } }\nnew M$v([[$e, 1]]);", "$v", true},
	// this given by a call: a callback's thisArg, call, apply, a bound call.
	{"", "[0].map(function () { return this; }, $e)[0]", false},
	{"let $v = $o;\n[0].forEach(function () { $v = this; }, $e);", "$v", false},
	{"", "(function () { return this; }).call($e)", false},
	{"", "Reflect.apply(function () { return this; }, $e, [])", false},
	{"", "Function.prototype.call.bind(function () { return this; })($e)", false},
	{"", "Reflect.get({ get a() { return this.b; } }, \"a\", { b: $e })", false},
	{"const $v = {};\nReflect.set({ set a(x) { this.b = x; } }, \"a\", $e, $v);", "$v.b", false},
	// Arguments lists that are no array, and spread ones.
	{"", "((a) => a).apply(null, { length: 1, 0: $e })", false},
	{"", "Reflect.apply((a) => a, null, { length: 1, 0: $e })", false},
	{"", "((a, b) => b)(...[$o, $e])", false},
	{"", "(function () { return arguments; })($e)[0]", false},
	{"", "Reflect.construct(class { constructor(x) { this.x = x; } }, [$e]).x", false},
	// Containers filled, chained or copied by their own methods.
	{"", "new Map().set(1, $e).get(1)", false},
	{"", "new Set().add($e).values().next().value", false},
	{"const $v = new (class extends Map {})();\n$v.set(1, $e);", "$v.get(1)", false},
	{"", "[$o].fill($e)[0]", false},
	{"", "new Array($e, $o)[0]", false},
	{"", "Array.of($e)[0]", false},
	{"const $v = [$o];\n$v.unshift($e);", "$v[0]", false},
	{"const $v = [$o];\n$v.splice(0, 1, $e);", "$v[0]", false},
	{"", "[$e].copyWithin(0, 0)[0]", false},
	{"", "[, $e][1]", false},
	{"", "Object.entries([$e])[0][1]", false},
	{"", "Object.getOwnPropertyDescriptor([$e], 0).value", false},
	{"", "Array.prototype.reduce.call([$e], (a, b) => b, 0)", false},
	{"", "Object.assign(function () {}, { a: $e }).a", false},
	{"", "Object.defineProperty([], 0, { value: $e })[0]", false},
	{"", "Object.getPrototypeOf({ __proto__: { a: $e } }).a", false},
	{"", "new Map(Object.entries({ a: $e })).get(\"a\")", false},
	{"", "Object.values(Object.freeze({ a: $e }))[0]", false},
	{"", "Object.fromEntries(Object.entries({ a: $e })).a", false},
	{"", "Map.groupBy([$e], () => 1).get(1)[0]", false},
	{"", "[$e].values().find(() => true)", false},
	{"", "[$o, $e].values().reduce((a, b) => b)", false},
	{"", "[$e].values().map((x) => x).toArray()[0]", false},
	{"", "[...[$e].entries()][0][1]", false},
	{"", "Array.from([$e].entries(), ([, x]) => x)[0]", false},
	{"", "[$e].find(Boolean)", false},
	{"const $v = Object.create(null);\n$v.a = $e;", "$v.a", false},
	// Getters a copy or a spread runs, and accessors defined later.
	{"", "Object.assign({}, { get a() { return $e; } }).a", true},
	{"", "({ ...{ get a() { return $e; } } }).a", true},
	{"const $v = { a: $o };\nObject.defineProperty($v, \"a\", { get: () => $e });", "$v.a", true},
	{"class C$v {}\nObject.defineProperty(C$v.prototype, \"a\", { get() { return $e; } });", "new C$v().a", true},
	{"function F$v() {}\nF$v.prototype = { a: $e };", "new F$v().a", false},
	{"", "new Proxy(function () {}, { apply: () => $e })()", true},
	{"", "new (new Proxy(class {}, { construct: () => ({ a: $e }) }))().a", true},
	// Assignment targets that are members, in patterns and loop heads.
	{"const $v = { a: $o };\n({ a: $v.a } = { a: $e });", "$v.a", false},
	{"const $v = [$o];\n[$v[0]] = [$e];", "$v[0]", false},
	{"let $v = $o;\n({ a: $v } = { a: $e });", "$v", false},
	{"const $v = {};\nfor ($v.a of [$e]);", "$v.a", false},
	{"const { ...$v } = { a: $e };", "$v.a", false},
	{"let $v;\n({ ...$v } = { a: $e });", "$v.a", false},
	{"const [, ...$v] = [$o, $e];", "$v[0]", false},
	{"let $v;\n[, ...$v] = [$o, $e];", "$v[0]", false},
	{"", "(({ ...r }) => r.a)({ a: $e })", false},
	{"", "(({ a = $e }) => a)({})", true},
	{"let $v = null;\n$v ||= $e;", "$v", false},
	{"let $v = $o;\n$v &&= $e;", "$v", false},
	{"", "($o, $e)", false},
	{"", "(undefined ?? $e)", false},
	// Closures, generators, blocks and control flow that hand a value on.
	{"const $v = (() => { let x = $o; return { set: (y) => { x = y; }, get: () => x }; })();\n$v.set($e);", "$v.get()", true},
	{"", "(function* () { return $e; })().next().value", true},
	{"function* g$v() { yield* [$e]; }", "g$v().next().value", true},
	{"class C$v { static { C$v.a = $e; } }", "C$v.a", true},
	{"", "(() => { try { return $o; } finally { return $e; } })()", true},
	// Promises and thenables.
	{"const $v = Promise.withResolvers();\n$v.resolve($e);", "(await $v.promise)", false},
	{"", "(await Promise.allSettled([$e]))[0].value", false},
	{"", "(await Array.fromAsync([$e]))[0]", false},
	{"", "(await { then(r) { r([$e]); } })[0]", true},
	{"", "(await Promise.resolve().then(() => $e))", true},
	{"", "(await new Promise((r) => r($e)))", true},
	{"", "(await Promise.reject($e).catch((x) => x))", false},
	{"", "(await Promise.resolve($e).finally(() => {}))", false},
	// A member an object literal writes again after a first field.
	{"", "({ a: $o, ...{ a: $e } }).a", false},
	{"", "({ a: $o, get a() { return $e; } }).a", true},
	{"const k$v = String(Math.random()).length > 100 ? \"z\" : \"a\";", "({ a: $o, [k$v]: $e }).a", false},
	{"await rmx.storage.set(\"r$v\", $e);", "(await rmx.storage.get(\"r$v\"))", false},
	// Prototypes and descriptors given other ways.
	{"const $v = {};\nReflect.defineProperty($v, \"a\", { value: $e });", "$v.a", false},
	{"const $v = {};\n$v.__proto__ = { a: $e };", "$v.a", false},
	{"", "Object.create(null, { a: { value: $e } }).a", false},
	{"", "Object.create({}, { a: { get: () => $e } }).a", true},
	{"class B$v { static a = $e; }\nclass C$v extends B$v {}", "C$v.a", true},
	{"", "Object.defineProperty([], 0, { get: () => $e })[0]", true},
	{"class C$v { a = $e; b = this.a; }", "new C$v().b", true},
	{"class C$v { static [\"a\"] = $e; }", "C$v.a", true},
	// Iterators and callbacks with a this of their own.
	{"", "Array.prototype.map.call({ length: 1, 0: $e }, (x) => x)[0]", false},
	{"const [$v] = new Set([$e]);", "$v", false},
	{"let $v = $o;\nfor (const [, x] of Object.entries({ a: $e })) $v = x;", "$v", false},
	{"let $v = $o;\nfor (const { a } of [{ a: $e }]) $v = a;", "$v", false},
	{"", "[0].values().flatMap(() => [$e]).next().value", true},
	{"", "Iterator.from({ next() { return { value: $e, done: false }; } }).next().value", true},
	{"", "Array.from({ length: 1 }, function () { return this.v; }, { v: $e })[0]", false},
	{"", "JSON.parse(\"[0]\", function (k, v) { return k === \"0\" ? $e : v; })[0]", true},
}

// builtinStatics are built-in members the lint takes at their word (a
// number, a string): replaced, they could give any key.
var builtinStatics = []struct{ name, member string }{
	{"Math", "max"}, {"Math", "floor"}, {"String", "fromCharCode"}, {"Number", "parseFloat"}, {"JSON", "stringify"},
}

// step hands e on by one route, or (as often as by any one route) leaves
// it as it is.
func (p *program) step(e, other string) string {
	v := p.fresh("v")
	k := p.c.IntN(len(valueRoutes) + 1)
	if k == len(valueRoutes) {
		return e
	}
	r := valueRoutes[k]
	if r.nested && strings.Contains(e+other, "await") {
		r = valueRoutes[0]
	}
	// One replacer for the setup and the expression: both name the same
	// fresh binding.
	fill := strings.NewReplacer("$e", e, "$o", other, "$v", v).Replace
	if r.setup != "" {
		p.emit("%s", fill(r.setup))
	}
	return fill(r.expr)
}

// value is a route to one of two base values: the dangerous one when
// bad, else a harmless one of the same kind.
func (p *program) value(bad bool, dangerous, harmless string, isString bool) string {
	base, other := harmless, dangerous
	if bad {
		base, other = dangerous, harmless
	}
	e, o := base, other
	if isString {
		e, o = p.str(base), quote(other)
	}
	return p.route(e, o, p.c.IntN(4))
}

func (p *program) bad() bool { return p.c.IntN(3) != 0 }

// functionValue is a function, or an object whose prototype is one.
func (p *program) functionValue() string {
	f := p.pick("(() => 0)", "(function () {})", "Math.max", "rmx.log", "[].at", "(class {})", "Object", "(async () => {})", `"".trim`,
		"dom.query", "crypto.getRandomValues", "Promise.resolve", "(function* () {})", "(async function* () {})")
	switch p.c.IntN(6) {
	case 0:
		return "({ __proto__: " + f + " })"
	case 1:
		return "Object.setPrototypeOf({}, " + f + ")"
	case 2:
		return "Object.create(" + f + ")"
	}
	return p.route(f, "(() => 1)", p.c.IntN(3))
}

// secrets are credentials the detector knows, and harmless text.
var (
	generatedSecrets = []string{"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", "AKIAQYLPMN5HHBW7KXQ2", "glpat-Xq8vR2mKp4LwN7tYz9bC", "sk_live_51Hx9qJKl2mPq8RtVwXyZ3aB4"}
	harmlessText     = []string{"hello world", "YYYY-MM-DD", "a-very-long-class-name-for-a-widget"}
)

// ownKeyCall gives the function value f an own enumerable member named k
// (or another object one), takes the keys of that object by one of the forms
// that take keys (a for-in head, Object.keys in a for-of head, in a
// callback, or read from a list) or tests k is an own key of it, and
// calls f's member under each,
// sometimes after deleting f's own member (when the inherited one shows
// through).
func (p *program) ownKeyCall(f, k string) {
	c := p.fresh("c")
	p.emit("const %s = %s;", c, f)
	src := c
	// changed: the key list gets k written into it (the object has no
	// own member of that name).
	changed := false
	switch p.c.IntN(4) {
	case 0:
		src = p.fresh("s")
		p.emit("const %s = { [%s]: 1 };", src, k)
	case 1:
		changed = true
	default:
		p.emit("try { Object.defineProperty(%s, %s, { value: 1, enumerable: true, configurable: true }); } catch {}", c, k)
	}
	body := p.memberCall(c, "key")
	if p.c.IntN(3) == 0 {
		body = fmt.Sprintf("delete %s[key]; ", c) + body
	}
	form := p.c.IntN(6)
	if changed {
		form = 3 // (the list form)
	}
	switch form {
	case 5:
		// A loop over a let that is then given the function value: after
		// the loop, inside it, by a function the loop calls, before a
		// function made in the loop runs, or before a var key the loop
		// took is read.
		o := p.fresh("o")
		p.emit("let %s = %s;", o, src)
		read := strings.ReplaceAll(body, c+"[", o+"[")
		switch p.c.IntN(6) {
		case 0:
			p.emit("for (const key in %s) { %s }\n%s = %s;", o, read, o, c)
		case 1:
			p.emit("for (const key in %s) { %s = %s; %s }", o, o, c, read)
		case 2:
			p.emit("const w%s = () => { %s = %s; };\nfor (const key in %s) { w%s(); %s }", o, o, c, o, o, read)
		case 3:
			p.emit("const later%s = [];\nfor (const key in %s) later%s.push(() => { %s });\n%s = %s;\nfor (const run of later%s) run();", o, o, o, read, o, c, o)
		case 4:
			p.emit("var key;\nfor (key in %s) {}\n%s = %s;\n%s", o, o, c, read)
		default:
			p.emit("var key;\nfor (key in %s) { %s }\n%s = %s;", o, read, o, c)
		}
	case 4:
		// A test that the key is own, of the object or of the other one.
		p.emit("const key = %s;\n%s", k, p.guarded(p.pick(
			"Object.hasOwn("+src+", key)", "Object.prototype.hasOwnProperty.call("+src+", key)",
			"{}.hasOwnProperty.call("+src+", key)", "((o, q) => Object.hasOwn(o, q))("+src+", key)"), body))
	case 0:
		p.emit("for (const key in %s) { %s }", src, body)
	case 1:
		p.emit("for (const key of Object.keys(%s)) { %s }", src, body)
	case 2:
		p.emit("Object.keys(%s).forEach((key) => { %s });", src, body)
	default:
		ks := p.fresh("ks")
		p.emit("const %s = %s(%s);", ks, p.pick("Object.keys", "((o) => Object.keys(o))"), src)
		if changed {
			p.emit(p.pick("%s.push(%s);", "%s[0] = %s;"), ks, k)
		}
		if p.c.IntN(2) == 0 {
			p.emit("for (let i = 0; i < %s.length; i++) { const key = %s[i]; %s }", ks, ks, body)
		} else {
			p.emit("for (let i = 0; i < %s.length; i++) { %s }", ks, strings.ReplaceAll(body, "[key]", "["+ks+"[i]]"))
		}
	}
}

// ownProtoCopy makes an object with an own member named k holding a
// function (written into an object with a null prototype, by a computed
// key, by a JSON.parse reviver) and copies its own members into target
// (Object.assign, a spread, a for-in loop): under __proto__, the copy sets
// target's prototype to the function.
func (p *program) ownProtoCopy(target, k string) {
	key, n := p.fresh("k"), p.fresh("n")
	p.emit("const %s = %s;", key, k)
	switch p.c.IntN(5) {
	case 0:
		p.emit("const %s = { __proto__: null };\n%s[%s] = () => 0;", n, n, key)
	case 1:
		p.emit("const %s = Object.create(null);\n%s[%s] = () => 0;", n, n, key)
	case 2:
		p.emit("const %s = {};\nObject.setPrototypeOf(%s, null);\n%s[%s] = () => 0;", n, n, n, key)
	case 3:
		p.emit("const %s = { [%s]: () => 0 };", n, key)
	default:
		p.emit("const %s = JSON.parse(JSON.stringify({ [%s]: 1 }), (q, v) => (q === %s ? () => 0 : v));", n, key, key)
	}
	switch p.c.IntN(4) {
	case 0:
		p.emit("Object.assign(%s, %s);", target, n)
	case 1:
		p.emit("Object.assign(%s, { ...%s });", target, n)
	case 2:
		p.emit("for (const q in %s) (%s)[q] = %s[q];", n, target, n)
	default:
		p.emit("Object.assign(%s, ...[%s]);", target, n)
	}
}

// notFunctionCall calls f's member under k where a test says f is no
// function, which an object whose prototype is one also passes.
func (p *program) notFunctionCall(f, k string) {
	c := p.fresh("c")
	p.emit("const %s = %s;\nconst isObject%s = (v) => typeof v === \"object\" && v !== null;", c, f, c)
	call := p.memberCall(c, k)
	p.emit("%s", p.guarded(p.pick(
		"typeof "+c+" === \"object\"", "typeof "+c+" !== \"function\"", "Array.isArray("+c+")", "isObject"+c+"("+c+")"), call))
}

// primitiveCall reads f's member under k and hands it to a function the
// check cannot follow, which calls it, where a test says the value is a
// primitive (typeof, a strict comparison with a literal), or says less.
func (p *program) primitiveCall(f, k string) {
	c, m := p.fresh("c"), p.fresh("m")
	p.emit("const %s = %s;\nconst %s = %s[%s];", c, f, m, c, k)
	cond := strings.ReplaceAll(p.pick(`typeof M === "string"`, `typeof M !== "function"`, `typeof M === "object"`,
		`M === "constructor"`, `M !== undefined`, `typeof M == "number" || M`, `!(typeof M === "function")`, `typeof M === "undefined"`, `typeof M !== "string"`,
		`typeof M === "function"`), "M", m)
	p.emit("%s", p.guarded(cond, fmt.Sprintf(`try { [(x) => x("return 1")][0](%s); } catch {}`, m)))
}

// guarded is body where cond holds: in if (cond), or after a test that
// leaves when it does not (a return, a throw, an else that continues), or
// after one that does not leave (which guards nothing).
func (p *program) guarded(cond, body string) string {
	switch p.c.IntN(6) {
	case 0:
		return fmt.Sprintf("(() => { if (!(%s)) return; %s })();", cond, body)
	case 1:
		return fmt.Sprintf("try { if (!(%s)) throw 0; %s } catch {}", cond, body)
	case 2:
		return fmt.Sprintf("for (const _ of [0]) { if (%s) {} else continue; %s }", cond, body)
	case 3:
		return fmt.Sprintf("(() => { if (!(%s)) { rmx.log(0); } %s })();", cond, body)
	}
	return fmt.Sprintf("if (%s) { %s }", cond, body)
}

// memberCall calls obj[key] with code to compile, directly or once it is
// kept in a name.
func (p *program) memberCall(obj, key string) string {
	return fmt.Sprintf(p.pick("try { %[1]s[%[2]s](\"return 1\"); } catch {}", "const m = %[1]s[%[2]s];\ntry { m(\"return 1\"); } catch {}"), obj, key)
}

// use is the program's last statement.
func (p *program) use() {
	switch p.c.IntN(13) {
	case 12: // a prototype set through a key the check cannot decide
		o := p.fresh("o")
		p.emit("const %s = {};", o)
		target := p.route(o, "({})", p.c.IntN(3))
		k := p.value(p.bad(), "__proto__", "x", true)
		if p.c.IntN(2) == 0 {
			p.emit("(%s)[%s] = () => 0;", target, k)
		} else {
			p.ownProtoCopy(target, k)
		}
		p.emit("try { %s[String(await rmx.storage.get(\"key\"))](\"return 1\"); } catch {}", o)
	case 11: // a built-in's member replaced through where it was handed
		b := builtinStatics[p.c.IntN(len(builtinStatics))]
		own := "({ " + b.member + ": " + b.name + "." + b.member + " })"
		if p.c.IntN(2) == 0 {
			target := p.value(p.bad(), b.name, own, false)
			p.emit("(%s).%s = () => \"constructor\";", target, b.member)
		} else { // or the global itself, under a key given to the global object
			holder := p.value(p.bad(), "globalThis", "({})", false)
			k := p.value(p.bad(), b.name, "x", true)
			p.emit("(%s)[%s] = { %s: () => \"constructor\" };", holder, k, b.member)
		}
		p.emit("try { (() => 0)[%s.%s(1)](\"return 1\"); } catch {}", b.name, b.member)
	case 0, 1, 2: // a function's constructor, called
		f := p.functionValue()
		k := p.value(p.bad(), "constructor", p.pick("name", "length", "toString"), true)
		switch p.c.IntN(8) {
		case 7:
			p.primitiveCall(f, k)
		case 5:
			p.ownKeyCall(f, k)
		case 6:
			p.notFunctionCall(f, k)
		case 0:
			p.emit("try { %s[%s](\"return 1\"); } catch {}", f, k)
		case 1:
			p.emit("try { new (%s[%s])(\"return 1\"); } catch {}", f, k)
		case 2:
			p.emit("try { Reflect.apply(%s[%s], null, [\"return 1\"]); } catch {}", f, k)
		case 3:
			p.emit("try { %s[%s].call(null, \"return 1\"); } catch {}", f, k)
		default:
			c := p.fresh("c")
			p.emit("const %s = %s[%s];\ntry { %s(\"return 1\"); } catch {}", c, f, k, c)
		}
	case 3: // a timer
		var x string
		if p.bad() {
			x = p.route(p.str("rmx.log(1)"), "() => 0", p.c.IntN(4))
		} else {
			x = p.route(p.pick("() => rmx.log(1)", `rmx.log.bind(rmx, "done")`, "function () {}"), `"rmx.log(1)"`, p.c.IntN(4))
		}
		// setInterval is the same sink, and would run to the oracle's limit.
		p.emit(p.pick("setTimeout(%[1]s, 1);", "setTimeout.call(null, %[1]s, 1);", "Reflect.apply(setTimeout, null, [%[1]s, 1]);",
			"globalThis.setTimeout(%[1]s, 1);", "self[\"setTimeout\"](%[1]s, 1);", "setTimeout.bind(null, %[1]s)();", "setTimeout(...[%[1]s, 1]);",
			"const t = setTimeout;\nt(%[1]s, 1);", "[setTimeout][0](%[1]s, 1);"), x)
	case 4: // an element or an attribute on the page
		tag := p.value(p.bad(), p.pick("script", "iframe", "object"), p.pick("div", "span", "a"), true)
		name := p.value(p.bad(), p.pick("onclick", "onerror", "srcdoc"), p.pick("title", "class", "data-x"), true)
		switch p.c.IntN(3) {
		case 0:
			p.emit(p.pick("await dom.create(%s);", "await dom.create.call(dom, %s);", "await dom.create.bind(dom)(%s);", "await Reflect.apply(dom.create, dom, [%s]);"), tag)
		case 1:
			attrs := p.pick("({ ["+name+"]: \"x\" })", "Object.fromEntries([["+name+", \"x\"]])", "Object.assign({}, { ["+name+"]: \"x\" })", "({ ...{ ["+name+"]: \"x\" } })")
			attrs = p.route(attrs, "{}", p.c.IntN(3))
			p.emit("await dom.create(\"button\", %s);", attrs)
		default:
			h := p.fresh("h")
			p.emit("const %s = await dom.create(\"a\");", h)
			p.emit("await %s", p.pick(h+".setAttribute("+name+", \"x\");", h+".setAttribute.call("+h+", "+name+", \"x\");", "Reflect.apply("+h+".setAttribute, "+h+", ["+name+", \"x\"]);",
				h+".setAttribute.bind("+h+")("+name+", \"x\");", h+".setAttribute.bind("+h+", "+name+")(\"x\");", h+".setAttribute.apply("+h+", ["+name+", \"x\"]);",
				h+".setAttributeNS(null, "+name+", \"x\");", h+"[[\"setAttr\", \"ibute\"].join(\"\")]("+name+", \"x\");"))
		}
	case 5: // HTML or CSS for the page
		if p.c.IntN(2) == 0 {
			html := p.value(p.bad(), `<img src="/a.png" onerror="x">`, `<p class="x">hi</p>`, true)
			if p.c.IntN(2) == 0 {
				p.emit(p.pick("await dom.html(%[1]s);", "await dom[\"html\"](%[1]s);", "await dom.html(...[%[1]s]);", "const { html: w } = dom;\nawait w.call(dom, %[1]s);"), html)
			} else {
				h := p.fresh("h")
				p.emit("const %s = await dom.create(\"div\");", h)
				p.emit(p.pick("await %[1]s.setHTML(%[2]s);", "await %[1]s.insertHTML(\"beforeend\", %[2]s);", "await %[1]s.appendHTML(%[2]s);",
					"await dom.html.call(dom, %[2]s);", "await Reflect.apply(dom.html, dom, [%[2]s]);",
					"await %[1]s[[\"set\", \"HTML\"].join(\"\")](%[2]s);", "await %[1]s.prependHTML.bind(%[1]s)(%[2]s);"), h, html)
			}
		} else {
			css := p.value(p.bad(), "a { background: url(/x.png) }", "a { color: red }", true)
			if p.c.IntN(2) == 0 {
				p.emit(p.pick("await dom.addStyle(%s);", "await dom.addStyle.call(dom, %s);", "await dom.addStyle.bind(dom)(%s);"), css)
			} else {
				s := p.fresh("s")
				p.emit("const %s = await dom.addStyle(\"a { color: blue }\");", s)
				p.emit(p.pick("await %[1]s.replace(%[2]s);", "await %[1]s.replace.call(%[1]s, %[2]s);", "await %[1]s.replace.bind(%[1]s)(%[2]s);"), s, css)
			}
		}
	case 6: // an address
		u := p.value(p.bad(), "https://evil.example/x", "https://api.example.com/x", true)
		switch p.c.IntN(4) {
		case 3:
			l := p.fresh("l")
			p.emit("const %s = [%s];", l, u)
			p.emit(p.pick("await rmx.fetch.apply(rmx, %s);", "await Reflect.apply(rmx.fetch, rmx, %s);"), l)
		case 0:
			p.emit(p.pick("await rmx.fetch(%[1]s);", "await rmx.fetch.call(rmx, %[1]s);", "await rmx.fetch.bind(rmx)(%[1]s);", "await rmx.fetch(...[%[1]s]);",
				"await rmx[\"fetch\"](%[1]s);", "const { fetch: f } = rmx;\nawait f.call(rmx, %[1]s);", "await rmx.fetch(`${%[1]s}`);"), u)
		case 1:
			p.emit("await rmx.fetch(new URL(%s).href);", u)
		default:
			p.emit("await rmx.fetch(URL.parse(%s).href);", u)
		}
	case 7: // a credential at a sink
		s := p.value(p.bad(), generatedSecrets[p.c.IntN(len(generatedSecrets))], harmlessText[p.c.IntN(len(harmlessText))], true)
		p.emit(p.pick("rmx.log(%s);", "console.log(%s);", "try { throw new Error(%s); } catch {}", "new URLSearchParams({ q: %s });", "await rmx.fetch(\"https://api.example.com/x?q=\" + %s);"), s)
	case 8: // a global by name
		n := p.value(p.bad(), p.pick("document", "localStorage", "navigator"), p.pick("Math", "JSON", "Intl"), true)
		p.emit("try { rmx.log(typeof %s[%s].x); } catch {}", p.pick("globalThis", "self", "window"), n)
	case 9: // rmx as a value
		ns := p.route(p.pick("rmx.clipboard", "rmx"), "rmx.storage", p.c.IntN(3))
		if strings.HasSuffix(ns, "rmx") || !strings.Contains(ns, "clipboard") {
			p.emit("try { await (%s).clipboard.write(\"x\"); } catch {}", ns)
		} else {
			p.emit("try { await (%s).write(\"x\"); } catch {}", ns)
		}
	default: // location as a value
		l := p.route("location", "({ href: \"\" })", 1+p.c.IntN(3))
		if p.bad() {
			p.emit(p.pick("(%[1]s).hash = \"x\";", "(%[1]s).href = \"#x\";", "(%[1]s)[\"hash\"] = \"x\";", "Reflect.set(%[1]s, \"hash\", \"x\");",
				"Object.assign(%[1]s, { hash: \"x\" });", "(%[1]s).assign(\"#x\");", "(%[1]s).replace(\"#x\");"), l)
		} else {
			p.emit("rmx.log(String((%s).href));", l)
		}
	}
}

// isASCII reports a string of bytes below 0x80, which TextDecoder decodes
// one to one.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
