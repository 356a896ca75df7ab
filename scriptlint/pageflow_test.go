package scriptlint_test

import (
	"os/exec"
	"slices"
	"testing"

	"github.com/remixlet/remixlet/scriptlint"
	"github.com/remixlet/remixlet/scriptlint/oracle"
)

// flowCase is one script of the flow corpus: flow says whether page data
// reaches a sink that leaves the page when it runs (the oracle checks
// that the corpus says so).
type flowCase struct {
	name string
	code string
	flow bool
}

const h = `const h = await dom.query("input");` + "\n"

var flowCorpus = []flowCase{
	// Flows.
	{"text to a fetch address", h + `await rmx.fetch("https://api.example.com/?q=" + await h.text());`, true},
	{"value to a fetch body", h + `await rmx.fetch("https://api.example.com/", {method: "POST", body: await h.value()});`, true},
	{"attribute to a header", h + `await rmx.fetch("https://api.example.com/", {headers: {"x-id": await h.getAttribute("data-id")}});`, true},
	{"html to the clipboard", h + `await rmx.clipboard.write(await h.html());`, true},
	{"selection to a notification", `await rmx.notify(await dom.selection());`, true},
	{"selection to a later tab", `await rmx.schedule.openTab({after: 60000}, "https://news.example.com/s?q=" + await dom.selection());`, true},
	{"text to a scheduled message", h + `await rmx.schedule.message({after: 60000}, {t: await h.text()});`, true},
	{"text to a later notification", h + `await rmx.schedule.notify({after: 60000}, await h.text());`, true},
	{"through a const", h + `const t = await h.text(); await rmx.notify(t);`, true},
	{"through a let assigned later", h + `let t = ""; t = await h.text(); await rmx.notify(t);`, true},
	{"through +=", h + `let q = "https://api.example.com/?q="; q += await h.text(); await rmx.fetch(q);`, true},
	{"through a template", h + "const t = await h.text(); await rmx.fetch(`https://api.example.com/?q=${t}`);", true},
	{"through trim and case", h + `const t = (await h.text()).trim().toLowerCase(); await rmx.notify(t);`, true},
	{"through slice", h + `const t = (await h.value()).slice(0, 10); await rmx.clipboard.write(t);`, true},
	{"through encodeURIComponent", h + `await rmx.fetch("https://api.example.com/?q=" + encodeURIComponent(await h.text()));`, true},
	{"through JSON.stringify", h + `await rmx.fetch("https://api.example.com/", {method: "POST", body: JSON.stringify({v: await h.value()})});`, true},
	{"through an object member", h + `const o = {v: await h.text()}; await rmx.notify(o.v);`, true},
	{"through an array item", h + `const a = [await h.text()]; await rmx.notify(a[0]);`, true},
	{"through a member write", h + `const o = {}; o.v = await h.text(); await rmx.notify(o.v);`, true},
	{"through a join", h + `const parts = ["q", await h.text()]; await rmx.fetch("https://api.example.com/?" + parts.join("="));`, true},
	{"through a function argument", h + `async function send(x) { await rmx.notify(x); } await send(await h.text());`, true},
	{"through an arrow argument", h + `const send = async (x) => rmx.clipboard.write(x); await send(await h.value());`, true},
	{"through a return", h + `async function read() { return await h.text(); } await rmx.notify(await read());`, true},
	{"through a helper that wraps", h + `function wrap(s) { return "[" + s + "]"; } await rmx.notify(wrap(await h.text()));`, true},
	{"through a conditional", h + `const t = await h.text(); await rmx.notify(t.length > 3 ? t : "short");`, true},
	{"through ||", h + `const t = await h.getAttribute("title"); await rmx.notify(t || "none");`, true},
	{"through a then callback", h + `await h.text().then((t) => rmx.notify(t));`, true},
	{"through map", h + `const all = await dom.queryAll("p"); const texts = await Promise.all(all.map((p) => p.text())); await rmx.notify(texts.join(","));`, true},
	{"through forEach", h + `const list = [await h.text()]; list.forEach((t) => rmx.notify(t));`, true},
	{"a listener's event", `dom.on("keydown", "input", (e) => rmx.notify(e.key));`, true},
	{"a handle listener's key", h + `await h.on("keydown", (e) => rmx.clipboard.write(e.key));`, true},
	{"an observed response", `rmx.network.observe("prices.example.com", (r) => rmx.clipboard.write(r.body));`, true},
	{"an observed response through a function", `function keep(r) { return r.body.slice(0, 40); } rmx.network.observe("prices.example.com", (r) => rmx.notify(keep(r)));`, true},
	{"to an image address", `const img = await dom.create("img", {src: "https://api.example.com/p.png?" + await dom.selection()});`, true},
	{"to a link address", h + `const a = await dom.create("a", {href: "/s?q=" + await h.text()});`, true},
	{"to setAttribute src", h + `const img = await dom.create("img"); await img.setAttribute("src", "https://api.example.com/p.png?" + await h.value());`, true},
	{"to setAttribute href", h + `const a = await dom.create("a"); await a.setAttribute("href", "/s?q=" + await h.text());`, true},
	{"through new URL", h + `const u = new URL("https://api.example.com/"); u.search = await h.text(); await rmx.fetch(String(u));`, true},
	{"through URLSearchParams", h + `const p = new URLSearchParams({q: await h.value()}); await rmx.fetch("https://api.example.com/?" + p);`, true},
	{"through a loop accumulator", `const all = await dom.queryAll("p"); let s = ""; for (const p of all) { s += await p.text(); } await rmx.notify(s);`, true},
	{"through a spread", h + `const o = {...{v: await h.text()}}; await rmx.notify(o.v);`, true},
	{"through fetch options built apart", h + `const opts = {method: "POST", body: await h.text()}; await rmx.fetch("https://api.example.com/", opts);`, true},
	{"through call", h + `await rmx.notify.call(null, await h.text());`, true},

	// Look-alikes: no page data leaves the page.
	{"text stays on the page", h + `await h.setText((await h.text()).toUpperCase());`, false},
	{"a literal fetch", h + `await rmx.fetch("https://api.example.com/list");`, false},
	{"storage to a fetch", `const id = await rmx.storage.get("id"); await rmx.fetch("https://api.example.com/?id=" + id);`, false},
	{"text to storage", h + `await rmx.storage.set("last", await h.text());`, false},
	{"text to the log", h + `rmx.log(await h.text());`, false},
	{"a count only", `const all = await dom.queryAll("p"); await rmx.notify("found " + all.length);`, false},
	{"a comparison only", h + `const t = await h.text(); await rmx.notify(t === "sale" ? "on sale" : "not");`, false},
	{"a typeof only", h + `const t = await h.text(); await rmx.notify(typeof t);`, false},
	{"the tag only", h + `await rmx.notify(await h.tag());`, false},
	{"a class test only", h + `await rmx.notify((await h.hasClass("x")) ? "x" : "y");`, false},
	{"fixed text to the clipboard", `await rmx.clipboard.write("hello");`, false},
	{"rmx.version to a fetch", `await rmx.fetch("https://api.example.com/?v=" + rmx.version);`, false},
	{"a fetch response to a notification", `const r = await rmx.fetch("https://api.example.com/n"); await rmx.notify(await r.text());`, false},
	{"text into another element", h + `const p = await dom.create("p"); await p.setText(await h.text()); await h.after(p);`, false},
	{"a literal image", `await dom.create("img", {src: "https://news.example.com/a.png", alt: "x"});`, false},
	{"page text as alt", h + `await dom.create("img", {src: "https://news.example.com/a.png", alt: await h.text()});`, false},
	{"page text as a title attribute", h + `const i = await dom.create("img"); await i.setAttribute("title", await h.text());`, false},
	{"a separate variable", h + `const t = await h.text(); const q = "fixed"; rmx.log(t); await rmx.fetch("https://api.example.com/?q=" + q);`, false},
	{"the event's type compared", `dom.on("click", "button", (e) => { if (e.type === "click") rmx.notify("clicked"); });`, false},
	{"an observed status compared", `rmx.network.observe("prices.example.com", (r) => { if (r.status === 200) rmx.notify("ok"); });`, false},
	{"a function not given page data", h + `async function send(x) { await rmx.notify(x); } rmx.log(await h.text()); await send("fixed");`, false},
	{"the menu", h + `await rmx.menu.add("Copy title", () => rmx.log("chosen"));`, false},
	{"the selection to the log", `rmx.log(await dom.selection());`, false},
	{"a handle listener's type", h + `await h.on("click", (e) => rmx.clipboard.write(e.type));`, false},
	{"the value length", h + `const v = await h.value(); await rmx.notify("typed " + v.length + " characters");`, false},
}

// The corpus runs on the oracle in flow mode: every flow it sees is
// reported, and at least 90% of the scripts it sees none in report none.
func TestPageFlowsAgainstTheOracle(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed to run the oracle (install Node.js 20 or later; CI does)")
	}
	pool, err := oracle.Start(oracle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if len(flowCorpus) < 60 {
		t.Fatalf("the corpus has %d cases, fewer than 60", len(flowCorpus))
	}
	var nonFlows, quiet, flows, found int
	for _, c := range flowCorpus {
		res, err := pool.Run(oracle.Program{Code: c.code, Flows: true})
		if err != nil || res.Timeout {
			t.Fatalf("%s: the oracle could not run it: %v", c.name, err)
		}
		for _, e := range res.Events {
			if e.Kind == "syntax" || e.Kind == "oracle" {
				t.Errorf("%s: %s %s", c.name, e.Kind, e.A)
			}
		}
		seen := res.Flows()
		if (len(seen) > 0) != c.flow {
			t.Errorf("%s: the corpus says flow=%v, the oracle saw %v", c.name, c.flow, seen)
		}
		got, ok := scriptlint.PageFlows([]byte(c.code))
		if !ok {
			t.Errorf("%s: the script could not be read", c.name)
			continue
		}
		if len(seen) == 0 {
			nonFlows++
			if len(got) == 0 {
				quiet++
			} else {
				t.Logf("%s: reported %v, which the oracle does not see", c.name, got)
			}
			continue
		}
		for _, f := range seen {
			flows++
			if slices.ContainsFunc(got, func(g scriptlint.PageFlow) bool { return g.Source == f.Source && g.Sink == f.Sink }) {
				found++
			} else {
				t.Errorf("%s: the oracle sees %s reach %s, not reported (reported %v)", c.name, f.Source, f.Sink, got)
			}
		}
	}
	t.Logf("flows the oracle sees: %d, reported %d; scripts without one: %d, %d of them quiet", flows, found, nonFlows, quiet)
	if nonFlows == 0 || quiet*10 < nonFlows*9 {
		t.Errorf("%d of %d scripts without a flow report none: under 90%%", quiet, nonFlows)
	}
}

// A flow's path runs from the read to the sink's argument.
func TestPageFlowPath(t *testing.T) {
	code := h + `const t = await h.text();
const q = "https://api.example.com/?q=" + t;
await rmx.fetch(q);`
	got, ok := scriptlint.PageFlows([]byte(code))
	if !ok || len(got) != 1 {
		t.Fatalf("PageFlows = %v, %v", got, ok)
	}
	f := got[0]
	if f.Source != "dom.Handle#text" || f.Sink != "rmx.fetch" {
		t.Errorf("flow %+v", f)
	}
	var steps []string
	for _, off := range f.Path {
		end := off + 1
		for end < len(code) && code[end] != ')' && code[end] != ';' && code[end] != '\n' {
			end++
		}
		steps = append(steps, code[off:end])
	}
	want := []string{"h.text(", "t", "q"}
	if len(steps) < 3 || steps[0] != want[0] || steps[len(steps)-1] != want[2] {
		t.Errorf("path %q, want from %q to %q", steps, want[0], want[2])
	}
}
