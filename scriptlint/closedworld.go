package scriptlint

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// The closed world: every global name script.js may use, as data. A name
// that is neither here nor declared by the script is refused
// (js/unknown-global, or js/replaced-global for the names the sandbox
// replaces with an error). The table is printed by `remixlet explain
// js/unknown-global` and generated into docs/script-lint.md.

// GlobalKind says where an allowed global comes from.
type GlobalKind string

const (
	KindECMAScript   GlobalKind = "ECMAScript"    // ECMA-262's global object properties
	KindIntl         GlobalKind = "ECMA-402"      // Intl
	KindSandbox      GlobalKind = "sandbox"       // dom, rmx
	KindHost         GlobalKind = "host API"      // the short list of safe web APIs
	KindGlobalObject GlobalKind = "global object" // names of the global object itself
	KindDangerous    GlobalKind = "dangerous"     // compiles strings: see the dangerous-value table
)

// Global is one name the script may use.
type Global struct {
	Name string
	Kind GlobalKind
	// Members, when set, are the only members that may be read from it
	// (crypto.getRandomValues); any other use of the name is refused.
	Members []string
	Reason  string
}

// Outside is a global the sandbox does not offer, with what to use instead.
type Outside struct {
	Name string
	// Replaced: the sandbox replaces it with an error naming the supported
	// API (js/replaced-global); otherwise it is simply absent
	// (js/unknown-global).
	Replaced   bool
	UseInstead string
}

const ecmaReason = "ECMAScript standard built-in: computes in memory, reaches nothing outside the sandbox"

// AllowedGlobals is the closed world. It and the tables built from it
// are made on first use, so a command that lints nothing does not pay
// for them at start-up.
var AllowedGlobals = sync.OnceValue(buildAllowed)

func buildAllowed() []Global {
	var out []Global
	ecma := func(reason string, names ...string) {
		for _, n := range names {
			out = append(out, Global{Name: n, Kind: KindECMAScript, Reason: reason})
		}
	}
	// ECMA-262, 19.1 value properties, 19.2 function properties (less
	// eval), 19.3 constructor properties (less Function), 19.4 other
	// properties, and Annex B's escape/unescape.
	ecma("ECMAScript value property", "Infinity", "NaN", "undefined")
	ecma(ecmaReason, "isFinite", "isNaN", "parseFloat", "parseInt",
		"decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape",
		"AggregateError", "Array", "ArrayBuffer", "BigInt", "BigInt64Array", "BigUint64Array",
		"Boolean", "DataView", "Date", "Error", "EvalError", "FinalizationRegistry",
		"Float16Array", "Float32Array", "Float64Array", "Int8Array", "Int16Array", "Int32Array",
		"Iterator", "Map", "Number", "Object", "Promise", "Proxy", "RangeError", "ReferenceError",
		"RegExp", "Set", "SharedArrayBuffer", "String", "Symbol", "SyntaxError", "TypeError",
		"Uint8Array", "Uint8ClampedArray", "Uint16Array", "Uint32Array", "URIError",
		"WeakMap", "WeakRef", "WeakSet", "Atomics", "JSON", "Math", "Reflect")
	// Temporal (dates, times and durations) ships in the Chrome the
	// sandbox runs; testdata/builtin-names.mjs walked it there.
	ecma(ecmaReason, "Temporal")
	out = append(out,
		Global{Name: "globalThis", Kind: KindGlobalObject, Reason: "ECMAScript's name for the global object: only as globalThis.NAME of a name in this table"},
		Global{Name: "window", Kind: KindGlobalObject, Reason: "the sandbox's read-only window: only as window.NAME of a name in this table"},
		Global{Name: "self", Kind: KindGlobalObject, Reason: "the global object: only as self.NAME of a name in this table"},
		Global{Name: "frames", Kind: KindGlobalObject, Reason: "the global object: only as frames.NAME of a name in this table"},
		Global{Name: "parent", Kind: KindGlobalObject, Reason: "the frame's parent window: only as parent.NAME of a name in this table"},
		Global{Name: "top", Kind: KindGlobalObject, Reason: "the top window: only as top.NAME of a name in this table"},
		Global{Name: "eval", Kind: KindDangerous, Reason: "only called directly with a literal string (the code is in the file for anyone to read)"},
		Global{Name: "Function", Kind: KindDangerous, Reason: "named only to be refused: it compiles strings into code"},
		Global{Name: "setTimeout", Kind: KindDangerous, Reason: "timer: only called directly with a function as its first argument"},
		Global{Name: "setInterval", Kind: KindDangerous, Reason: "timer: only called directly with a function as its first argument"},
		Global{Name: "Intl", Kind: KindIntl, Reason: "ECMA-402 internationalisation: formats dates, numbers and lists in memory"},
		Global{Name: "dom", Kind: KindSandbox, Reason: "the page, through the page agent, which checks every call"},
		Global{Name: "rmx", Kind: KindSandbox, Reason: "extension services, each behind its permission"},
		Global{Name: "URL", Kind: KindHost, Members: []string{"canParse", "parse"}, Reason: "parses addresses in memory; createObjectURL is left out (blob: addresses start workers and the page agent refuses them)"},
		Global{Name: "URLSearchParams", Kind: KindHost, Reason: "parses and builds query strings in memory"},
		Global{Name: "TextEncoder", Kind: KindHost, Reason: "encodes text to UTF-8 bytes in memory"},
		Global{Name: "TextDecoder", Kind: KindHost, Reason: "decodes bytes to text in memory"},
		Global{Name: "structuredClone", Kind: KindHost, Reason: "deep-copies a value in memory"},
		Global{Name: "queueMicrotask", Kind: KindHost, Reason: "runs a function later in the same task; it accepts only functions"},
		Global{Name: "crypto", Kind: KindHost, Members: []string{"getRandomValues", "randomUUID"}, Reason: "random numbers and identifiers; nothing else of the Web Crypto API is needed by a remixlet"},
		Global{Name: "console", Kind: KindHost, Reason: "writes to the remixlet's log"},
		Global{Name: "clearTimeout", Kind: KindHost, Reason: "cancels a timer"},
		Global{Name: "clearInterval", Kind: KindHost, Reason: "cancels a timer"},
		Global{Name: "atob", Kind: KindHost, Reason: "decodes base64 in memory"},
		Global{Name: "btoa", Kind: KindHost, Reason: "encodes base64 in memory"},
		Global{Name: "AbortController", Kind: KindHost, Reason: "cancels work the script started; reaches nothing"},
		Global{Name: "AbortSignal", Kind: KindHost, Reason: "the other half of AbortController"},
		Global{Name: "DOMException", Kind: KindHost, Reason: "the error type host APIs throw, for instanceof tests"},
		Global{Name: "location", Kind: KindHost, Reason: "the sandbox's read-only location: read it; assigning, assign, replace and reload are refused"},
	)
	return out
}

// OutsideGlobals are the well-known globals the sandbox does not offer,
// each with what to use instead. Any other unknown name gets a generic
// message.
var OutsideGlobals = []Outside{
	{"document", true, "the page's document is not in the sandbox: read and change the page through dom (dom.query, dom.queryAll, dom.create)"},
	{"fetch", true, "the sandbox has no network: use rmx.fetch with a fetch:HOST permission"},
	{"XMLHttpRequest", true, "the sandbox has no network: use rmx.fetch with a fetch:HOST permission"},
	{"WebSocket", true, "the sandbox has no network and there is no socket API: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe"},
	{"EventSource", true, "the sandbox has no network: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe"},
	{"WebTransport", false, "the sandbox has no network: use rmx.fetch with a fetch:HOST permission"},
	{"navigator", false, "navigator is not in the sandbox: send with rmx.fetch (fetch:HOST permission), copy with rmx.clipboard.write, read the language with Intl.DateTimeFormat().resolvedOptions().locale"},
	{"localStorage", true, "the page's storage is not reachable: keep data with rmx.storage (storage permission)"},
	{"sessionStorage", true, "the page's storage is not reachable: keep data with rmx.storage (storage permission)"},
	{"indexedDB", true, "the page's storage is not reachable: keep data with rmx.storage (storage permission)"},
	{"caches", true, "the page's storage is not reachable: keep data with rmx.storage (storage permission)"},
	{"cookieStore", false, "cookies are not reachable from a remixlet: keep data with rmx.storage (storage permission)"},
	{"open", true, "a remixlet cannot open windows: add a link with dom.create(\"a\", {href}) on an allowed address, or use rmx.schedule to open one of the remixlet's own pages"},
	{"alert", false, "a remixlet cannot show dialogs: show a message with rmx.notify (notifications permission) or on the page with dom"},
	{"confirm", false, "a remixlet cannot show dialogs: ask on the page with elements made by dom.create"},
	{"prompt", false, "a remixlet cannot show dialogs: ask on the page with elements made by dom.create"},
	{"RTCPeerConnection", true, "the runtime removes WebRTC: there is no peer-to-peer network from a remixlet"},
	{"webkitRTCPeerConnection", true, "the runtime removes WebRTC: there is no peer-to-peer network from a remixlet"},
	{"mozRTCPeerConnection", true, "the runtime removes WebRTC: there is no peer-to-peer network from a remixlet"},
	{"RTCDataChannel", true, "the runtime removes WebRTC: there is no peer-to-peer network from a remixlet"},
	{"Worker", false, "workers start code from an address, which nobody reviews: run the code in script.js itself"},
	{"SharedWorker", false, "workers start code from an address, which nobody reviews: run the code in script.js itself"},
	{"ServiceWorker", false, "workers start code from an address, which nobody reviews: run the code in script.js itself"},
	{"importScripts", false, "loads code from an address, which nobody reviews: bundle the code into script.js with `remixlet build`"},
	{"WebAssembly", false, "WebAssembly compiles bytes into code a person cannot read: write the logic in JavaScript in script.js"},
	{"Image", false, "the sandbox has no DOM: create an image on the page with dom.create(\"img\", {src}) on an allowed address"},
	{"Audio", false, "media elements load from addresses and the page agent refuses them: a remixlet cannot play media"},
	{"MediaSource", false, "media loads are outside the sandbox: a remixlet cannot play media"},
	{"MediaRecorder", false, "media capture is outside the sandbox"},
	{"AudioContext", false, "audio is outside the sandbox: a remixlet cannot play media"},
	{"webkitAudioContext", false, "audio is outside the sandbox: a remixlet cannot play media"},
	{"BroadcastChannel", false, "the sandbox talks only through dom and rmx: keep shared state with rmx.storage"},
	{"MessageChannel", false, "the sandbox talks only through dom and rmx: keep shared state with rmx.storage"},
	{"postMessage", false, "the sandbox talks only through dom and rmx: keep shared state with rmx.storage"},
	{"requestAnimationFrame", false, "the sandbox does not paint: schedule work with setTimeout(() => work(), ms)"},
	{"requestIdleCallback", false, "schedule work with setTimeout(() => work(), ms)"},
	{"MutationObserver", false, "the sandbox has no DOM: keep the page in shape with rmx.keep(condition), or wait for elements with dom.waitFor"},
	{"IntersectionObserver", false, "the sandbox has no DOM: keep the page in shape with rmx.keep(condition)"},
	{"ResizeObserver", false, "the sandbox has no DOM: keep the page in shape with rmx.keep(condition)"},
	{"getComputedStyle", false, "the sandbox has no DOM: read the page through dom"},
	{"matchMedia", false, "the sandbox has no DOM: style with media queries in style.css"},
	{"history", false, "a remixlet cannot navigate: add a link with dom.create(\"a\", {href}) for the user to click"},
	{"Notification", false, "show a message with rmx.notify (notifications permission)"},
	{"performance", false, "time with Date.now()"},
	{"Blob", false, "blobs become blob: addresses, which the page agent refuses: keep data as strings or in rmx.storage"},
	{"File", false, "files are outside the sandbox: keep data as strings or in rmx.storage"},
	{"FileReader", false, "files are outside the sandbox: keep data as strings or in rmx.storage"},
	{"DOMParser", false, "the sandbox has no DOM: hand HTML to the page with dom.html, or read text with dom"},
	{"Element", false, "the sandbox has no DOM: page elements are dom handles"},
	{"HTMLElement", false, "the sandbox has no DOM: page elements are dom handles"},
	{"Node", false, "the sandbox has no DOM: page elements are dom handles"},
	{"Request", false, "the sandbox has no network: use rmx.fetch with a fetch:HOST permission"},
	{"Response", false, "the sandbox has no network: use rmx.fetch with a fetch:HOST permission"},
	{"Headers", false, "pass headers to rmx.fetch as a plain object"},
	{"chrome", false, "there is no extension API in the sandbox: use rmx"},
	{"browser", false, "there is no extension API in the sandbox: use rmx"},
	{"module", false, "script.js is an ES module without CommonJS: bundle sources with `remixlet build`"},
	{"exports", false, "script.js is an ES module without CommonJS: bundle sources with `remixlet build`"},
	{"require", false, "script.js is an ES module without CommonJS: bundle sources with `remixlet build`"},
	{"define", false, "script.js is an ES module without AMD: bundle sources with `remixlet build`"},
	{"process", false, "script.js runs in a browser sandbox, not in Node.js"},
	{"global", false, "script.js runs in a browser sandbox: the global object is globalThis, and only its table names may be read"},
	{"Buffer", false, "script.js runs in a browser sandbox: use Uint8Array, TextEncoder and TextDecoder"},
}

var (
	allowedByName = sync.OnceValue(func() map[string]*Global {
		m := map[string]*Global{}
		all := AllowedGlobals()
		for i := range all {
			m[all[i].Name] = &all[i]
		}
		return m
	})
	outsideByName = sync.OnceValue(func() map[string]*Outside {
		m := map[string]*Outside{}
		for i := range OutsideGlobals {
			m[OutsideGlobals[i].Name] = &OutsideGlobals[i]
		}
		return m
	})
)

// isGlobalObjectName reports the names of the global object from inside
// it (the table's KindGlobalObject rows; a switch, since it is asked for
// every member read).
func isGlobalObjectName(name string) bool {
	switch name {
	case "globalThis", "window", "self", "frames", "parent", "top":
		return true
	}
	return false
}

// isDangerous reports the names of the dangerous values in the table,
// first by length and first letter, which rule out most names without a
// map lookup.
func isDangerous(name string) bool {
	f := dangerousFilter()
	if len(name) < f.shortest || len(name) > f.longest || !f.first[name[0]] {
		return false
	}
	g := allowedByName()[name]
	return g != nil && g.Kind == KindDangerous
}

// dangerousFilter is the shortest and longest dangerous names, and their
// first letters.
var dangerousFilter = sync.OnceValue(func() (f struct {
	shortest, longest int
	first             [256]bool
}) {
	f.shortest = 1 << 30
	for _, g := range AllowedGlobals() {
		if g.Kind == KindDangerous {
			f.shortest, f.longest = min(f.shortest, len(g.Name)), max(f.longest, len(g.Name))
			f.first[g.Name[0]] = true
		}
	}
	return f
})

// unknownGlobalAdvice is what to say about a name outside the closed world.
func unknownGlobalAdvice(name string) string {
	if o := outsideByName()[name]; o != nil {
		return o.UseInstead
	}
	msg := "it is not in the sandbox's closed world of globals (ECMAScript's built-ins, dom, rmx and a short list of host APIs; `remixlet explain js/unknown-global` lists them): declare it if it is your own variable"
	if s := nearestGlobal(name); s != "" {
		msg = fmt.Sprintf("did you mean %s? %s", s, msg)
	}
	return msg
}

// unknownGlobalAdvice is unknownGlobalAdvice once per name and file.
func (sp *scriptPass) unknownGlobalAdvice(name string) string {
	if a, ok := sp.advice[name]; ok {
		return a
	}
	if sp.advice == nil {
		sp.advice = map[string]string{}
	}
	a := unknownGlobalAdvice(name)
	sp.advice[name] = a
	return a
}

// nearestGlobal is an allowed global within two edits of name (a typo), or "".
func nearestGlobal(name string) string {
	best, bestD := "", 3
	lower := strings.ToLower(name)
	for _, g := range suggestable() {
		if g.lower == lower {
			return g.name
		}
		if len(name) < 4 {
			continue
		}
		if d := editDistance(lower, g.lower, bestD); d < bestD {
			best, bestD = g.name, d
		}
	}
	return best
}

// suggestable are the allowed globals "did you mean" may name (not the
// dangerous ones, not the global object), with their names in lower case.
var suggestable = sync.OnceValue(func() (out []struct{ name, lower string }) {
	for _, g := range AllowedGlobals() {
		if g.Kind != KindDangerous && g.Kind != KindGlobalObject {
			out = append(out, struct{ name, lower string }{g.Name, strings.ToLower(g.Name)})
		}
	}
	return out
})

// editDistance is the Levenshtein distance of a and b, or limit when it is
// at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
			rowMin = min(rowMin, c)
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// DangerousValue is a value that compiles strings into code, or reaches
// one that does: where it may appear, and the rule that refuses the rest.
type DangerousValue struct {
	Name    string
	Allowed string // the one use that is allowed
	Rule    string
	Why     string
}

// DangerousValues is the dangerous-value table: each may appear only as
// described in Allowed; every other occurrence (stored, returned, passed,
// spread, aliased, a class field, a default value, a super class) is
// refused.
// reachedAllowed is where a reached value (reach.go) may go.
const reachedAllowed = "compared, tested, read for a member other than call, apply and bind, kept in a local name, passed to a plain parameter of a function called by its name, returned from a function only called by its name (each judged again there), or given to Object.keys or Object.getPrototypeOf"

var DangerousValues = []DangerousValue{
	{"eval", "the callee of a direct call whose one argument is a string literal written in the call (its code is linted as code)", "js/eval", "runs a string as code"},
	{"Function", "nowhere but Function.prototype, a reached value like those below: every call and every other occurrence is refused", "js/function-constructor", "compiles a string into a function"},
	{"AsyncFunction, GeneratorFunction, AsyncGeneratorFunction", "nowhere: they are reached only through constructor, which is refused", "js/function-constructor", "compile strings into functions"},
	{"setTimeout, setInterval", "the callee of a direct call whose first argument is provably a function (a function or arrow expression, a binding holding only functions, a parameter of a function called only by its name that every call gives one, an element of a constant array of them that nothing else reads, x.bind(…) when no member named bind may hold a function of the script's) that does not use this", "js/string-timer", "a timer given anything else turns it into a string and runs it as code; in a timer's function, this is the global object"},
	{"x.constructor, x[\"constructor\"], x.__proto__", reachedAllowed + "; x.constructor anywhere when x cannot be a function, or inside a test that proves it an instance of a built-in class other than Object and Function (if (x instanceof Date))", "js/constructor-read", "the constructor of any function is Function"},
	{"x[key] with a key the lint cannot read, on a value that may be a function", reachedAllowed, "js/constructor-read", "the key may be \"constructor\""},
	{"Object.getPrototypeOf(x), Reflect.getPrototypeOf(x), Reflect.get", reachedAllowed, "js/constructor-read", "they walk to a function's prototype, whose constructor is Function"},
	{"Object.getOwnPropertyDescriptor(s), Reflect.getOwnPropertyDescriptor", "compared or tested, unless the key is known and harmless", "js/constructor-read", "a descriptor holds the constructor as a value"},
	{"globalThis, window, self, frames, parent, top", "the object of a member read whose key is a known name in the closed world (window.Math); kept in a name, passed to a function called by its name or returned from one it is followed, and what holds it may be read for the sandbox's plain globals (root.Math)", "js/global-object", "the global object reaches every global, including eval"},
}

// globalGroups joins consecutive table rows that share kind, members and
// reason, so the ECMAScript built-ins print as one row.
func globalGroups() [][]Global {
	var groups [][]Global
	for _, g := range AllowedGlobals() {
		if n := len(groups); n > 0 {
			last := groups[n-1][0]
			if last.Kind == g.Kind && last.Reason == g.Reason && len(last.Members) == 0 && len(g.Members) == 0 {
				groups[n-1] = append(groups[n-1], g)
				continue
			}
		}
		groups = append(groups, []Global{g})
	}
	return groups
}

// GlobalsTable renders the closed world as a Markdown table (for the docs)
// or as text (for explain).
func GlobalsTable(markdown bool) string {
	var b strings.Builder
	if markdown {
		b.WriteString("| globals | kind | members | why they are in the sandbox |\n| --- | --- | --- | --- |\n")
	}
	for _, group := range globalGroups() {
		var names []string
		for _, g := range group {
			names = append(names, g.Name)
		}
		g := group[0]
		members := "all"
		if len(g.Members) > 0 {
			members = strings.Join(g.Members, ", ")
		}
		if markdown {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", strings.Join(names, "`, `"), g.Kind, members, g.Reason)
			continue
		}
		what := g.Reason
		if len(g.Members) > 0 {
			what = "only " + memberList(g.Name, g.Members) + ": " + what
		}
		fmt.Fprintf(&b, "  %s (%s): %s\n", wrap(strings.Join(names, ", "), 70, "    "), g.Kind, what)
	}
	return b.String()
}

// wrap breaks a comma-separated list into lines of about width characters.
func wrap(s string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Split(s, ", ") {
		if i > 0 {
			b.WriteString(",")
			if line+len(word) > width {
				b.WriteString("\n" + indent)
				line = 0
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString(word)
		line += len(word) + 2
	}
	return b.String()
}

// OutsideTable renders the well-known globals outside the closed world
// with what to use instead.
func OutsideTable(markdown bool) string {
	var b strings.Builder
	if markdown {
		b.WriteString("| global | rule | use instead |\n| --- | --- | --- |\n")
	}
	rows := append([]Outside(nil), OutsideGlobals...)
	sort.SliceStable(rows, func(i, j int) bool { return strings.ToLower(rows[i].Name) < strings.ToLower(rows[j].Name) })
	for _, o := range rows {
		rule := RuleUnknownGlobal.ID
		if o.Replaced {
			rule = RuleReplacedGlobal.ID
		}
		if markdown {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", o.Name, rule, o.UseInstead)
		} else {
			fmt.Fprintf(&b, "  %-24s %s\n", o.Name, o.UseInstead)
		}
	}
	return b.String()
}

// DangerousTable renders the dangerous-value table.
func DangerousTable(markdown bool) string {
	var b strings.Builder
	if markdown {
		b.WriteString("| value | allowed only as | rule | why |\n| --- | --- | --- | --- |\n")
	}
	for _, d := range DangerousValues {
		if markdown {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", d.Name, d.Allowed, d.Rule, d.Why)
		} else {
			fmt.Fprintf(&b, "  %s\n    allowed only as: %s\n    otherwise: %s (%s)\n", d.Name, d.Allowed, d.Rule, d.Why)
		}
	}
	return b.String()
}

// ExplainTables returns the tables `remixlet explain RULE` prints after
// the rule itself, or "" for a rule without one.
func ExplainTables(ruleID string) string {
	switch ruleID {
	case RuleUnknownGlobal.ID, RuleReplacedGlobal.ID, RuleGlobalObject.ID, RuleDynamicGlobal.ID:
		return "The closed world: the globals script.js may use\n\n" + GlobalsTable(false) +
			"\nGlobals outside it, and what to use instead\n\n" + OutsideTable(false)
	case RuleEval.ID, RuleFunctionConstructor.ID, RuleStringTimer.ID, RuleConstructorRead.ID:
		return "Dangerous values: where each may appear\n\n" + DangerousTable(false)
	}
	return ""
}
