package lint_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// capInput is one pathological remixlet with a file at (or just under) its
// stored-form cap: the shapes that once made a check quadratic, or that a
// check could make quadratic. The file named by main is the one whose bare
// parse the benchmark compares against.
type capInput struct {
	name  string
	main  string // "script.js", "style.css", "rules.json" or "manifest.json"
	files map[string]string
	// noBareParse marks a script nested too deep for esbuild's parser: the
	// bare parse would overflow the stack, and the lint refuses it after
	// the nesting guard alone.
	noBareParse bool
}

const (
	scriptCap   = 1 << 20
	styleCap    = 512 << 10
	rulesCap    = 8 << 20
	manifestCap = 64 << 10
	// margin keeps every generated file under its cap however the last
	// repeat falls.
	margin = 512
)

// capManifest asks for what the inputs use, so that the checks run to the
// end instead of stopping at a missing permission.
const capManifest = `{
  "name": "Cap-size input",
  "api": "1.0.2",
  "matches": ["https://news.example.com/*"],
  "permissions": [
    {"permission": "fetch:api.example.com", "reason": "Reads the list."},
    {"permission": "netrules", "reason": "Blocks trackers."},
    {"permission": "storage", "reason": "Keeps the list."}
  ]
}
`

// repeatTo returns head, then unit(i) for i = 0, 1, ... while the whole
// stays within size, then tail.
func repeatTo(size int, head string, unit func(i int) string, tail string) string {
	var b strings.Builder
	b.Grow(size)
	b.WriteString(head)
	for i := 0; ; i++ {
		u := unit(i)
		if b.Len()+len(u)+len(tail) > size-margin {
			break
		}
		b.WriteString(u)
	}
	b.WriteString(tail)
	return b.String()
}

func same(s string) func(int) string { return func(int) string { return s } }

// uncalledChain is js-uncalled-chain's script, size bytes at most: f(i+1)
// calls f(i), each writes a built-in's prototype, and the last is kept on
// a namespace object under a key nothing reads.
func uncalledChain(size int) string {
	var b strings.Builder
	b.WriteString("function f0() { String.prototype.x0 = 1; }\n")
	tail := func(n int) string {
		return fmt.Sprintf("const lib = { last: f%d, ok: () => 1 };\nrmx.log(lib.ok());\n", n)
	}
	n := 0
	for {
		u := fmt.Sprintf("function f%d() { f%d(); String.prototype.x%d = 1; }\n", n+1, n, n+1)
		if b.Len()+len(u)+len(tail(n+1)) > size-margin {
			break
		}
		b.WriteString(u)
		n++
	}
	b.WriteString(tail(n))
	return b.String()
}

// longText is n bytes of URL-safe text, the payload of a long address.
func longText(n int) string { return strings.Repeat("a0%20b-", n/7+1)[:n] }

// randomText is n bytes drawn from alphabet with a fixed seed: the same
// input every run.
func randomText(r *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

func script(name, src string) capInput {
	return capInput{name: name, main: "script.js", files: map[string]string{"manifest.json": capManifest, "script.js": src}}
}

func tooDeep(c capInput) capInput {
	c.noBareParse = true
	return c
}

func style(name, src string) capInput {
	return capInput{name: name, main: "style.css", files: map[string]string{"manifest.json": capManifest, "style.css": src}}
}

func rules(name, src string) capInput {
	return capInput{name: name, main: "rules.json", files: map[string]string{"manifest.json": capManifest, "rules.json": src}}
}

// capInputs builds every input. Each is deterministic.
func capInputs() []capInput {
	r := rand.New(rand.NewPCG(23, 1))
	payload := func(capSize, overhead int) string { return longText(capSize - overhead - margin) }
	var in []capInput

	// Long data: addresses in every place an address goes.
	in = append(in,
		script("js-fetch-data-url", `await rmx.fetch("data:text/plain,`+payload(scriptCap, 64)+`");`+"\n"),
		script("js-fetch-long-fragment", `await rmx.fetch("https://api.example.com/list#`+payload(scriptCap, 64)+`");`+"\n"),
		script("js-fetch-long-path", `await rmx.fetch("https://api.example.com/`+strings.Repeat("a/../b/./", (scriptCap-64-margin)/9)+`");`+"\n"),
		script("js-fetch-long-query", `await rmx.fetch("https://api.example.com/list?`+strings.Repeat("k=v&", (scriptCap-64-margin)/4)+`");`+"\n"),
		script("js-create-attr-data-url", `await dom.create("img", { src: "data:image/png;base64,`+randomText(r, scriptCap-96-margin, base64Alphabet)+`" });`+"\n"),
		script("js-html-data-url", `await dom.html('<img src="data:image/svg+xml,`+payload(scriptCap, 64)+`">');`+"\n"),
		script("js-html-many-elements", repeatTo(scriptCap, "await dom.html('", func(i int) string {
			return fmt.Sprintf(`<a href="https://news.example.com/p%d" title="t%d"><img src="https://news.example.com/i%d.png"></a>`, i, i, i)
		}, "');\n")),
		script("js-addstyle-data-url", "await dom.addStyle(`a{background:url(\"data:image/svg+xml,"+payload(scriptCap, 80)+"\")}`);\n"),
	)

	// The script's shapes: long chains, deep but legal nesting, many
	// small things, long strings.
	in = append(in,
		script("js-member-chains", repeatTo(scriptCap, "const o = {};\n", func(i int) string {
			return fmt.Sprintf("const m%d = o%s;\n", i, strings.Repeat("?.a", 300))
		}, "")),
		script("js-call-chains", repeatTo(scriptCap, "function f(x) { return x; }\n", func(i int) string {
			return fmt.Sprintf("const p%d = Promise.resolve(%d)%s;\n", i, i, strings.Repeat(".then(f)", 120))
		}, "")),
		script("js-plus-chains", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("const s%d = \"a\"%s;\n", i, strings.Repeat(` + "b"`, 300))
		}, "")),
		tooDeep(script("js-too-deep-chain", repeatTo(scriptCap, "const v = rmx", same(".a"), ";\n"))),
		script("js-deep-nesting", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("const n%d = %s0%s;\n", i, strings.Repeat("[", 900), strings.Repeat("]", 900))
		}, "")),
		script("js-deep-functions", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("const g%d = %s%d%s;\n", i, strings.Repeat("() => ", 300), i, "")
		}, "")),
		script("js-many-functions", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("function f%d(a, b) { return a + b * %d; }\n", i, i)
		}, "")),
		// Functions called only by name, each calling the one before it
		// and the first with what it was given, the first calling the
		// second: cycles of every parameter and result through the whole
		// file (reach.go follows values across calls).
		script("js-call-cycle", repeatTo(scriptCap, "function f0(a, b) { return f1(b, a) || f0(a[b], b); }\n", func(i int) string {
			return fmt.Sprintf("function f%d(a, b) { return f%d(a[b], b) ?? f0(b, a); }\n", i+1, i)
		}, "rmx.log(f0({}, \"k\"));\n")),
		// A chain of functions each called only by the one before it, the
		// first kept on a namespace object under a key nothing reads:
		// whether each body runs is asked along the whole chain
		// (uncalled.go).
		script("js-uncalled-chain", uncalledChain(scriptCap)),
		// The folder runs regular expressions and replacement patterns on
		// known text: one literal near the cap replaced match by match, and
		// thousands of replaces whose patterns repeat the text ($`, $').
		script("js-regexp-replace-long", "rmx.log(\""+strings.Repeat("ab", scriptCap/2-40)+"\".replace(/a/g, \"\"));\n"),
		// Each call folds to a text as long as the folder keeps (64 KiB):
		// the folding work is that bound times the calls.
		script("js-repeat-folds", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("const t%d = \"ab\".repeat(30000).concat(\"x\");\n", i)
		}, "")),
		script("js-replacement-patterns", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("const r%d = \"%s\".replace(/(b)/g, \"$`$'$1\").replaceAll(\"a\", \"$&$'\");\n", i, strings.Repeat("ab", 100))
		}, "")),
		// Reads with computed keys under hundreds of nested tests that
		// prove the key own or the value no function: each read looks at
		// every region around it (deadcode.go keeps what each proves).
		script("js-nested-guards", repeatTo(scriptCap, "const key = String(Math.random());\n", func(i int) string {
			return fmt.Sprintf("export function g%d(o) { %s}\n", i,
				strings.Repeat(`if (typeof o === "object" && Object.hasOwn(o, key)) { rmx.log([o[key]]); `, 300)+strings.Repeat("} ", 300))
		}, "")),
		// One function of thousands of tests each followed by a return,
		// every one guarding the rest of the body, and a read with a
		// computed key after each (walk.go bounds the regions a list
		// opens).
		script("js-early-exits", repeatTo(scriptCap, "const key = String(Math.random());\nexport function g(o, p) {\n", func(i int) string {
			return fmt.Sprintf("  if (!Object.hasOwn(o, key) || p === %d) return; rmx.log([o[key]], [o[p]]);\n", i)
		}, "}\n")),
		// Thousands of for-in loops taking one var key over a parameter
		// written after each (ownkeys.go bounds the loops and writes it
		// compares for a read).
		script("js-loop-writes", repeatTo(scriptCap, "export function f(o, p) {\n  var k; const r = [];\n", func(i int) string {
			return "  for (k in o) r.push(o[k]);\n  o = p;\n"
		}, "  return r;\n}\n")),
		// A constructor with thousands of returns, and thousands of names
		// given a new of it and read with a key the check cannot decide
		// (instances.go solves what the body returns once, not per new).
		script("js-constructor-news", repeatTo(scriptCap/2, "const k = String(Date.now());\nfunction F(a) {\n", func(i int) string {
			return fmt.Sprintf("  if (a === %d) return { v: %d };\n", i, i)
		}, "  this.a = a;\n}\n")+repeatTo(scriptCap/2, "", func(i int) string {
			return fmt.Sprintf("const x%d = new F(%d); rmx.log([x%d[k]]);\n", i, i, i)
		}, "")),
		// A name like token given the pieces of long texts split by a
		// regular expression, from thousands of calls (sinkvalues.go
		// bounds the pieces one read lists).
		script("js-split-pieces", repeatTo(scriptCap, "function show(s) { s.split(/ /).forEach((token) => rmx.log(token)); for (const token of s.split(/,/)) rmx.log(token); }\n", func(i int) string {
			return fmt.Sprintf("show(%q);\n", strings.Repeat(fmt.Sprintf("w%d ", i%10), 21))
		}, "")),
		// A cycle of thousands of names, and thousands of names each given
		// one of them and Math and handed on (intrinsics.go keeps the no
		// of a whole cycle once one search has been through it).
		script("js-builtin-aliases", repeatTo(scriptCap/2, "let z0 = 0;\n", func(i int) string {
			return fmt.Sprintf("let z%d = z%d;\n", i+1, i)
		}, "z0 = z1000;\n")+repeatTo(scriptCap/2, "", func(i int) string {
			return fmt.Sprintf("let y%d = z%d; y%d = Math; rmx.log([y%d]);\n", i, i%1000, i, i)
		}, "")),
		script("js-string-array", repeatTo(scriptCap, "export const words = [\n", func(i int) string {
			return fmt.Sprintf("  \"word number %d of the list\",\n", i)
		}, "];\n")),
		script("js-many-regexes", repeatTo(scriptCap, "export const res = [\n", func(i int) string {
			return fmt.Sprintf("  /^(a|b)+c%d[x-z]*$/giu,\n", i)
		}, "];\n")),
		script("js-random-strings", repeatTo(scriptCap, "export const ids = [\n", func(i int) string {
			return `  "` + randomText(r, 40, base64Alphabet[:62]) + `",` + "\n"
		}, "];\n")),
		script("js-templates", repeatTo(scriptCap, "const a = 1;\nexport const t = [\n", func(i int) string {
			return "  `x${a}y${a + 1}z${`in${a}`}`,\n"
		}, "];\n")),
		script("js-url-flood", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("await rmx.fetch(\"https://api.example.com/p/%d?q=%d#f\");\n", i, i)
		}, "")),
		script("js-escapes", `export const s = "`+strings.Repeat(`\u0041\x42\n`, (scriptCap-64-margin)/12)+`";`+"\n"),
		script("js-one-line-findings", repeatTo(scriptCap, "", func(i int) string {
			return fmt.Sprintf("rmx.log(document.title%d);", i%10)
		}, "\n")),
		script("js-long-identifier", "export const "+strings.Repeat("a", scriptCap-64-margin)+" = 1;\n"),
		script("js-long-comment", "/* "+payload(scriptCap, 16)+" */\n"),
	)

	// The stylesheet.
	svg := func(n int) string { return "data:image/svg+xml," + strings.Repeat("%3Csvg%3E%3C/svg%3E", n/19+1)[:n] }
	in = append(in,
		style("css-svg-data-url", `a{background:url("`+svg(styleCap-64-margin)+`")}`+"\n"),
		style("css-image-set", repeatTo(styleCap, "a{background-image:image-set(", func(i int) string {
			return fmt.Sprintf(`url("data:image/png;base64,%s") %dx,`, randomText(r, 200, base64Alphabet), i+1)
		}, `url("data:image/png;base64,AAAA") 999x)}`+"\n")),
		style("css-font-face-one", `@font-face{font-family:f;src:url(data:font/woff2;base64,`+randomText(r, styleCap-96-margin, base64Alphabet)+`) format("woff2")}`+"\n"),
		style("css-font-face-many", repeatTo(styleCap, "", func(i int) string {
			return fmt.Sprintf("@font-face{font-family:f%d;src:url(data:font/woff2;base64,%s) format(\"woff2\"),local(f%d)}\n", i, randomText(r, 64, base64Alphabet), i)
		}, "")),
		style("css-url-fragment", `a{mask:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E#`+payload(styleCap, 64)+`")}`+"\n"),
		style("css-url-flood", repeatTo(styleCap, "", func(i int) string {
			return fmt.Sprintf("a%d{background:url(data:image/gif;base64,R0lGOD%d)}", i, i)
		}, "\n")),
		style("css-long-selector", repeatTo(styleCap, "", same(".a > b ~ c + d "), "{color:red}\n")),
		style("css-selector-list", repeatTo(styleCap, "", func(i int) string { return fmt.Sprintf(".c%d,", i) }, ".z{color:red}\n")),
		style("css-has-chain", repeatTo(styleCap, "a", same(":has(> b:not(.c))"), "{color:red}\n")),
		style("css-has-nested", repeatTo(styleCap, "", func(int) string {
			return strings.Repeat(":is(", 30) + "a" + strings.Repeat(")", 30) + "{color:red}\n"
		}, "")),
		style("css-escapes", repeatTo(styleCap, ".", same(`\41 \0042 \e9`), "{content:\"\\41\"}\n")),
		style("css-string-escapes", `a::before{content:"`+strings.Repeat(`\22\\\a`, (styleCap-64-margin)/7)+`"}`+"\n"),
		style("css-nesting", repeatTo(styleCap, "", func(int) string {
			return strings.Repeat(".a{", 60) + "color:red" + strings.Repeat("}", 60) + "\n"
		}, "")),
		style("css-vars", repeatTo(styleCap, ":root{", func(i int) string {
			return fmt.Sprintf("--v%d:var(--v%d, calc(1px + %dpx));", i, i+1, i)
		}, "}\na{width:var(--v0)}\n")),
		style("css-many-rules", repeatTo(styleCap, "", func(i int) string {
			return fmt.Sprintf(".r%d{color:#%06x;margin:%dpx}\n", i, i, i%40)
		}, "")),
	)

	// The network rules and the manifest.
	in = append(in,
		rules("rules-redirect-data-url", `[{"id":1,"condition":{"urlFilter":"|https://news.example.com/a","resourceTypes":["image"]},"action":{"type":"redirect","redirect":{"url":"data:image/png;base64,`+randomText(r, rulesCap-256-margin, base64Alphabet)+`"}}}]`+"\n"),
		rules("rules-redirect-long-fragment", `[{"id":1,"condition":{"urlFilter":"|https://news.example.com/a","resourceTypes":["main_frame"]},"action":{"type":"redirect","redirect":{"url":"https://news.example.com/b#`+payload(rulesCap, 256)+`"}}}]`+"\n"),
		rules("rules-at-cap", repeatTo(rulesCap, "[\n", func(i int) string {
			return fmt.Sprintf(`{"id":%d,"condition":{"urlFilter":"||t%d.example.net/%s^","resourceTypes":["script","image"]},"action":{"type":"block"}},`+"\n", i+1, i, strings.Repeat("x", 200))
		}, `{"id":999999,"condition":{"urlFilter":"||last.example.net^"},"action":{"type":"block"}}]`+"\n")),
		rules("rules-long-filter", `[{"id":1,"condition":{"urlFilter":"||news.example.com/`+strings.Repeat("a*b^", (rulesCap-256-margin)/4)+`"},"action":{"type":"block"}}]`+"\n"),
		capInput{name: "manifest-at-cap", main: "manifest.json", files: map[string]string{"manifest.json": repeatTo(manifestCap,
			`{"name":"Cap-size manifest","api":"1.0.2","description":"`+strings.Repeat("words ", 300)+`","matches":[`,
			func(i int) string { return fmt.Sprintf(`"https://s%d.news.example.com/*",`, i) },
			`"https://news.example.com/*"],"permissions":[{"permission":"storage","reason":"Keeps the list."}]}`+"\n")}},
	)
	return in
}
