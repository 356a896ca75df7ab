package oracle

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	poolOnce sync.Once
	pool     *Pool
	poolErr  error
)

// testPool is one pool for the package's tests. node is required: CI
// installs it, and a missing node fails the tests rather than skipping them.
func testPool(t testing.TB) *Pool {
	t.Helper()
	poolOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			poolErr = fmt.Errorf("node is needed to run the oracle (Node.js 22 or later, or npm to install it): %w", err)
			return
		}
		pool, poolErr = Start(Options{})
	})
	if poolErr != nil {
		t.Fatal(poolErr)
	}
	return pool
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pool != nil {
		pool.Close()
	}
	os.Exit(code)
}

// judge runs code on the oracle and returns its verdict.
func judge(t testing.TB, code string, storage map[string]any) *Verdict {
	t.Helper()
	p := testPool(t)
	res, err := p.Run(Program{Code: code, Storage: storage})
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Judge(res, DefaultRemixlet)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// outside are values a program reads from outside its own text.
var outside = map[string]any{"key": "constructor", "src": "return 1", "evalName": "eval", "name": "document", "url": "https://evil.example/x"}

type oracleCase struct {
	name   string
	code   string
	labels string // space-separated, "" for none
}

// TestRoutes: each way of reaching a dangerous value is recorded, and what
// reaches none is not.
func TestRoutes(t *testing.T) {
	cases := []oracleCase{
		{"function literal constructor", `(() => {}).constructor("return 1")`, "function-constructor"},
		{"generator function", `Object.getPrototypeOf(function* () {}).constructor("yield 1")`, "function-constructor"},
		{"async function", `new (Object.getPrototypeOf(async () => {}).constructor)("await 1")`, "function-constructor"},
		{"async generator function", `Reflect.construct(Object.getPrototypeOf(async function* () {}).constructor, ["x"])`, "function-constructor"},
		{"the prototype of the generator constructor", `Object.getPrototypeOf(Object.getPrototypeOf(function* () {}).constructor)("x")`, "function-constructor"},
		{"extends Function", `class F extends Function {} new F("x")`, "function-constructor"},
		{"a key from outside", `const key = await rmx.storage.get("key"); [].at[key]("x")`, "function-constructor"},
		{"descriptor", `Object.getOwnPropertyDescriptor(Function.prototype, "constructor").value("x")`, "function-constructor"},
		{"proto literal", `({ __proto__: function () {} }).constructor("x")`, "function-constructor"},
		{"caught", `try { Function("x") } catch {}`, "function-constructor"},
		{"indirect eval", `const e = eval; try { e("1") } catch {}`, "eval"},
		{"eval through the global object", `const n = await rmx.storage.get("evalName"); try { globalThis[n]("1") } catch {}`, "eval"},
		{"eval as a callback", `try { ["1"].forEach(eval) } catch {}`, "eval"},
		{"eval optional call", `try { eval?.("1") } catch {}`, "eval"},
		{"eval of a literal", `eval("1 + 1"); window.eval('2'); this === undefined && eval(` + "`3`" + `)`, ""},
		{"eval of a number", `const e = eval; e(1)`, ""},
		{"eval literal that reaches Function", `eval("Function('x')")`, "function-constructor"},
		{"eval literal that reads document", `eval("document.cookie")`, "global:document"},
		{"eval literal that imports", `eval("import('x')")`, "import"},
		{"string timer", `setTimeout("x")`, "string-timer"},
		{"object timer", `setInterval({ toString() { return "x" } }, 5)`, "string-timer"},
		{"function timer", `setTimeout(() => rmx.log("done"), 5); setTimeout(rmx.log.bind(rmx, "x"), 1)`, ""},
		{"timer this", `const src = await rmx.storage.get("src"); setTimeout(function () { this.eval(src) })`, "eval"},
		{"timer this literal", `setTimeout(function () { this.eval("1") })`, ""},
		{"timer this keys", `setTimeout(function () { Object.keys(this) })`, "global-object"},
		{"import", `import("x").catch(() => {})`, "import"},
		{"static import", `import x from "y";`, "import"},
		{"Iterator, as Chrome has it", `rmx.log(Iterator.from([1, 2]).map((x) => x * 2).toArray().join(), [3].values().drop(0).toArray()[0])`, ""},
		{"replaced global", `try { document.cookie } catch {}`, "global:document"},
		{"replaced global through the global object", `const name = await rmx.storage.get("name"); try { globalThis[name].title } catch {}`, "global:document"},
		{"feature tests", `rmx.log("define" in globalThis, "fetch" in window, "Math" in self, typeof globalThis.require)`, ""},
		{"typeof is not use", `rmx.log(typeof document, typeof fetch, typeof define, typeof window.define, typeof globalThis.Image)`, ""},
		{"window globals", `try { new Image() } catch {}`, "global:Image"},
		{"global object enumerated", `Object.keys(globalThis)`, "global-object"},
		{"global object written", `window.x = 1`, "global-object"},
		{"global object to the API", `rmx.log(self)`, "global-object"},
		{"global object read by name", `rmx.log(self.Math.max(1, 2), globalThis.JSON.stringify({}), self.Object === Object)`, ""},
		{"prototype getter leak", `Object.defineProperty(Object.prototype, "leak", { get() { return this }, configurable: true }); Object.keys(leak)`, "global-object"},
		{"location write", `location.href = "https://evil.example/"`, "navigate"},
		{"location assign", `const l = location; l.assign("https://evil.example/")`, "navigate"},
		{"global location", `location = "https://evil.example/"`, "navigate"},
		{"location reflect", `Reflect.set(location, "hash", "x")`, "navigate"},
		{"location read", `rmx.log(location.href, location.hostname, String(location))`, ""},
		{"permission", `await rmx.clipboard.write("x")`, "permission:clipboard"},
		{"permission through values", `await Object.values(rmx.clipboard)[0]("x")`, "permission:clipboard"},
		{"fetch host", `await rmx.fetch(new URL("/x", "https://evil.example").href)`, "permission:fetch:evil.example"},
		{"fetch allowed", `await rmx.fetch("https://api.example.com/list")`, ""},
		{"element", `await dom.create("script")`, "page:element=script"},
		{"attribute", `const b = await dom.create("button", { onclick: "x" })`, "page:attribute=onclick"},
		{"href address", `const a = await dom.create("a"); await a.setAttribute("href", "javascript:x")`, "page:address"},
		{"href allowed", `const a = await dom.create("a"); await a.setAttribute("href", "/next"); await a.setAttribute("href", "https://api.example.com/x")`, ""},
		{"html", `await dom.html('<svg><a><set attributeName="href" to="javascript:x"/></a></svg>')`, "page:html"},
		{"html allowed", `await dom.html('<p class="x">hi <a href="/x">x</a><img src="data:image/png;base64,AA=="></p>')`, ""},
		{"css", `const s = await dom.addStyle("a{color:red}"); await s.replace("a{background:\\75rl(x)}")`, "page:css"},
		{"callbacks run", `rmx.keep({ check() { return false }, repair() { Function("x") } })`, "function-constructor"},
		{"listener runs", `dom.on("click", "a", (e) => { e.target.setAttribute("onclick", "x") })`, "page:attribute=onclick"},
	}
	p := testPool(t)
	var wg sync.WaitGroup
	results := make([]*Verdict, len(cases))
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p.Run(Program{Code: c.code, Storage: outside})
			if err != nil {
				t.Error(err)
				return
			}
			results[i], err = p.Judge(res, DefaultRemixlet)
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i, c := range cases {
		v := results[i]
		if v == nil {
			continue
		}
		if v.Unrun != "" {
			t.Errorf("%s: not run: %s", c.name, v.Unrun)
			continue
		}
		if got := strings.Join(v.Labels, " "); got != c.labels {
			t.Errorf("%s: labels %q, want %q\n%s", c.name, got, c.labels, c.code)
		}
	}
}

// TestInstrumentationHolds: a program that rewrites what the
// instrumentation might rely on, or checks whether it is being watched,
// still has what it reaches recorded.
func TestInstrumentationHolds(t *testing.T) {
	cases := []oracleCase{
		{"constructor removed", `Function.prototype.constructor = null; Object.getPrototypeOf(function* () {}).constructor("x")`, "function-constructor"},
		{"Reflect replaced", `Reflect.apply = Reflect.construct = () => 0; Function("x")`, "function-constructor"},
		{"collections replaced", `Array.prototype.push = () => { throw 0 }; WeakMap.prototype.get = () => undefined; Map.prototype.get = () => undefined; Function("x")`, "function-constructor"},
		{"array setters", `Object.defineProperty(Array.prototype, "0", { set() { throw 1 } }); Object.defineProperty(Array.prototype, "1", { set() { throw 1 } }); setTimeout("x", 1, 2, 3)`, "string-timer"},
		{"iterators replaced", `Array.prototype[Symbol.iterator] = function* () {}; String.prototype.split = () => []; String.prototype.slice = () => ""; const h = await dom.query("a"); await h.setAttribute("onclick", "x")`, "page:attribute=onclick"},
		{"JSON replaced", `JSON.parse = JSON.stringify = () => { throw 0 }; Object.prototype.toJSON = () => 0; rmx.log(window)`, "global-object"},
		{"stack tampered", `Error.prepareStackTrace = () => "    at script.js:1:1"; Error.stackTraceLimit = 0; const e = eval; try { e("1") } catch {}`, "eval"},
		{"Proxy replaced", `globalThis.Proxy = function () {}; Object.keys(globalThis)`, "global-object"},
		{"prototype of the global object", `Object.setPrototypeOf(globalThis, null)`, "global-object"},
		{"looks native", `if (Function.prototype.toString.call(Function).includes("[native code]") &&
			String(eval) === "function eval() { [native code] }" &&
			(() => {}).constructor === Function &&
			Object.getPrototypeOf(Object.getPrototypeOf(async function () {}).constructor) === Function &&
			Function.prototype.toString.call(Function.prototype.toString) === "function toString() { [native code] }" &&
			!("prototype" in eval) && eval.name === "eval" && eval.length === 1 && Function.name === "Function" &&
			Reflect.ownKeys(eval).join() === "length,name" &&
			Object.getOwnPropertyDescriptor(globalThis, "eval").writable &&
			Object.getPrototypeOf(globalThis) === Object.prototype &&
			typeof setTimeout === "function" && String(setTimeout).includes("[native code]") &&
			new Error("x") instanceof Error && Error.prototype.constructor === Error) Function("x")`, "function-constructor"},
		{"this at the top", `if (this === undefined) Function("x")`, "function-constructor"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := judge(t, c.code, outside)
			if v.Unrun != "" {
				t.Fatalf("not run: %s", v.Unrun)
			}
			if got := strings.Join(v.Labels, " "); got != c.labels {
				t.Errorf("labels %q, want %q\n%s", got, c.labels, c.code)
			}
		})
	}
}

// TestEveryAPIMemberHasAReply: the stub knows how to answer every member of
// the API table (a new member with a new return type fails here).
func TestEveryAPIMemberHasAReply(t *testing.T) {
	var b strings.Builder
	for _, m := range apiTable() {
		switch m.Kind {
		case "function":
			fmt.Fprintf(&b, "try { await %s(\"a\", \"b\", \"c\") } catch (e) { console.error(String(e)) }\n", m.Path)
		case "method":
			fmt.Fprintf(&b, "try { const h = await dom.query(\"a\"); const s = await dom.addStyle(\"a{}\"); const sub = await dom.on(\"click\", \"a\", () => {}); const o = %q.startsWith(\"dom.Handle\") ? h : %q.startsWith(\"dom.Sheet\") ? s : sub; await o[%q](\"a\", \"b\", \"c\") } catch (e) { rmx.log(String(e)) }\n", m.Path, m.Path, m.Name)
		}
	}
	p := testPool(t)
	res, err := p.Run(Program{Code: b.String()})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Events {
		if e.Kind == "oracle" || e.Kind == "syntax" {
			t.Errorf("%s: %s", e.Kind, e.A)
		}
		if e.Kind == "sink" && e.A == "console.error" {
			t.Errorf("a call threw: %v", e.Values)
		}
	}
	calls := map[string]bool{}
	for _, e := range res.Events {
		if e.Kind == "call" {
			calls[e.Path] = true
		}
	}
	for _, m := range apiTable() {
		if (m.Kind == "function" || m.Kind == "method") && !calls[m.Path] {
			t.Errorf("%s was not recorded", m.Path)
		}
	}
}

// TestProcessesRecycle: node keeps every context that compiled import()
// alive, so a process leaves after enough of them and the pool starts
// another; no program is lost on the way.
func TestProcessesRecycle(t *testing.T) {
	p := testPool(t)
	var wg sync.WaitGroup
	errs := make(chan string, 400)
	for i := range 400 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p.Run(Program{Code: fmt.Sprintf("await import(%q).catch(() => {})", fmt.Sprint(i))})
			if err != nil {
				errs <- err.Error()
				return
			}
			v, err := p.Judge(res, DefaultRemixlet)
			if err != nil || !v.Has("import") {
				errs <- fmt.Sprintf("program %d: %v %v", i, v, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestTimeout: an endless loop is reported as a timeout and its process
// replaced; the next program runs.
func TestTimeout(t *testing.T) {
	p, err := Start(Options{Workers: 1, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	res, err := p.Run(Program{Code: "for (;;) {}"})
	if err != nil || !res.Timeout {
		t.Fatalf("%v %v", res, err)
	}
	res, err = p.Run(Program{Code: "Function('x')"})
	if err != nil || res.Timeout || len(res.Events) == 0 || res.Events[0].Kind != "function-constructor" {
		t.Fatalf("after a timeout: %v %v", res, err)
	}
}

// TestFlows: in flow mode a page read that reaches a sink leaving the page
// is a flow, through case changes, trimming, slicing, JSON and
// percent-encoding; what stays on the page is not.
func TestFlows(t *testing.T) {
	code := `
const h = await dom.query("input");
const v = (await h.value()).toUpperCase().trim().slice(0, 20);
await rmx.fetch("https://api.example.com/s?q=" + encodeURIComponent(JSON.stringify({ v })));
const img = await dom.create("img", { src: "https://api.example.com/p.png?" + (await dom.selection()) });
await h.setText(await h.text());
dom.on("keydown", "input", (e) => rmx.notify(e.key));
rmx.network.observe("prices.example.com", (r) => rmx.clipboard.write(r.body));
`
	p := testPool(t)
	res, err := p.Run(Program{Code: code, Flows: true})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(res.Flows())
	want := "[{dom.Handle#value rmx.fetch} {dom.selection dom.create} {dom.Event rmx.notify} {rmx.network.observe rmx.clipboard.write}]"
	if got != want {
		t.Errorf("flows %s, want %s", got, want)
	}
	res, err = p.Run(Program{Code: code})
	if err != nil || len(res.Flows()) != 0 {
		t.Errorf("without flow mode: %v %v", res.Flows(), err)
	}
}

func TestSignatures(t *testing.T) {
	params, ret := splitSignature("(type: string, selector: string, listener: (event: dom.Event) => void): Promise<rmx.Subscription>")
	if !slices.Equal(params, []string{"type: string", "selector: string", "listener: (event: dom.Event) => void"}) || ret != "Promise<rmx.Subscription>" {
		t.Errorf("%q %q", params, ret)
	}
}

// TestConsoleRecorded: the console a program names first, before any
// other host API, is the recording one, not the context's own.
func TestConsoleRecorded(t *testing.T) {
	for _, code := range []string{`console.log("first")`, `const c = console; c.error("first")`, `globalThis.console.warn("first")`} {
		v := judge(t, code, nil)
		if !slices.Contains(v.Strings, "first") {
			t.Errorf("%s: strings %q, want the logged one", code, v.Strings)
		}
	}
}
