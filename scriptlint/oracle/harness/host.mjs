// The oracle's host: runs programs as the remixlet sandbox would, one fresh
// V8 context each, with bootstrap.js's instrumentation installed before the
// program's first statement, and prints what each reached as JSON.
//
//   node --disallow-code-generation-from-strings --frozen-intrinsics \
//        --input-type=module -e "$(cat host.mjs)"
//
// Protocol, one JSON object a line. The first line in is
// {"bootstrap": SOURCE, "config": {...}}; then each request is
// {"id": N, "run": {"code": ..., "storage": {...}, "seed": N}} or
// {"id": N, "resolve": {"base": URL, "inputs": [...]}}, answered by
// {"id": N, "events": [...]} or {"id": N, "resolved": [...]} in order.
// {"bye": true} means the process has run enough programs that compile
// import() (node keeps those contexts alive) and exits: start another.
//
// The host realm's intrinsics are frozen (--frozen-intrinsics): nothing a
// program gets hold of can change how the host reads and records. Host
// functions the context calls never throw into it, and hand it primitives
// or values of its own realm only.
import vm from "node:vm";
import { types } from "node:util";
import { createInterface } from "node:readline";

const WRAP_PREFIX = '"use strict"; (function () { return (async () => {\n';
const WRAP_SUFFIX = "\n})(); }).call(undefined)";
const LEAKY_LIMIT = 150;

let bootstrapScript;
let config;
let leaky = 0;
// The browser's window names a fresh context does not define: the same for
// every context, so worked out from the first.
let outsideNames = null;
const stateOfScript = new WeakMap();

function out(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

const cut = (s) => (s.length > 100000 ? s.slice(0, 100000) : s);

// walk copies a value of the program's as the page agent reads one it is
// handed (own enumerable properties, getters run), into plain JSON of this
// realm. The API's own values are named, not copied.
function walk(st, v, depth) {
  switch (typeof v) {
    case "string": return cut(v);
    case "number": return Number.isFinite(v) ? v : { $: String(v) };
    case "boolean": return v;
    case "undefined": return { $: "undefined" };
    case "bigint": return { $: "bigint", v: String(v) };
    case "symbol": return { $: "symbol" };
  }
  if (v === null) return null;
  const id = st.internals.identify(v);
  if (id !== "") return { $: id };
  if (typeof v === "function") return { $: "function" };
  if (depth > 6 || st.budget-- <= 0) return { $: "deep" };
  try {
    if (types.isProxy(v)) {
      // The program's own proxy: read it as any object (its traps run).
    }
    if (Array.isArray(v)) {
      const n = Math.min(Number(Reflect.get(v, "length")) >>> 0, 200);
      const a = [];
      for (let i = 0; i < n; i++) a.push(walk(st, Reflect.get(v, i), depth + 1));
      return a;
    }
    if (types.isMap(v)) {
      const entries = [];
      Map.prototype.forEach.call(v, (value, key) => { if (entries.length < 200) entries.push([walk(st, key, depth + 1), walk(st, value, depth + 1)]); });
      return { $: "Map", entries };
    }
    if (types.isSet(v)) {
      const values = [];
      Set.prototype.forEach.call(v, (value) => { if (values.length < 200) values.push(walk(st, value, depth + 1)); });
      return { $: "Set", values };
    }
    const o = Object.create(null);
    const keys = Reflect.ownKeys(v);
    let n = 0;
    for (const k of keys) {
      if (typeof k !== "string" || n++ > 200) continue;
      const d = Reflect.getOwnPropertyDescriptor(v, k);
      if (d === undefined || (!d.enumerable && k !== "message")) continue;
      Object.defineProperty(o, k, { value: walk(st, Reflect.get(v, k), depth + 1), enumerable: true });
    }
    return o;
  } catch {
    return { $: "unreadable" };
  }
}

// The return values of the API, by the table's return type. Strings for
// the ones that read text, handles for elements.
const stringReplies = {
  "dom.selection": "selected text",
  "dom.Handle#text": "some text",
  "dom.Handle#html": "<b>some text</b>",
  "dom.Handle#getAttribute": "value",
  "dom.Handle#value": "typed value",
  "rmx.menu.add": "menu-1",
  "rmx.schedule.notify": "schedule-1",
  "rmx.schedule.openTab": "schedule-2",
  "rmx.schedule.message": "schedule-3",
};

// Flow mode: every read of the page returns its text after a marker, digits
// that survive case changes, trimming, slicing from the start,
// concatenation, JSON and percent-encoding; a sink that leaves the page and
// holds a marker is a flow from that read.
const pageReads = new Set(["dom.Handle#text", "dom.Handle#html", "dom.Handle#getAttribute", "dom.Handle#value", "dom.selection"]);

function pageText(st, source, text) {
  if (!st.flows) return text;
  const marker = "39" + String(100000 + st.markers.size) + "17";
  st.markers.set(marker, source);
  return marker + text;
}

// flowSink names the sink a call is, in flow mode, or "".
function flowSink(path, walked) {
  switch (path) {
    case "rmx.fetch": case "rmx.schedule.openTab": case "rmx.clipboard.write": case "rmx.notify":
    case "rmx.schedule.notify": case "rmx.schedule.message":
      return path;
    case "dom.Handle#setAttribute": case "dom.Handle#setAttributeNS": {
      const name = String(walked[path.endsWith("NS") ? 1 : 0]).toLowerCase();
      return name === "src" || name === "href" || name.endsWith(":href") ? path + " " + name : "";
    }
    case "dom.create":
      return "dom.create";
  }
  return "";
}

function flows(st, path, walked) {
  const sink = flowSink(path, walked);
  if (sink === "") return;
  let values = walked;
  if (path === "dom.create") {
    // Only the addresses an element loads or links to leave the page.
    const attrs = walked[1];
    values = [];
    if (attrs !== null && typeof attrs === "object") {
      for (const k of Object.keys(attrs)) if (/^(src|href|xlink:href)$/i.test(k)) values.push(attrs[k]);
    }
  }
  const text = JSON.stringify(values);
  for (const [marker, source] of st.markers) {
    if (text.includes(marker)) st.events.push({ k: "flow", a: source, b: sink });
  }
}

function newHandle(st, tag) {
  st.handles.push(tag);
  return st.handles.length + ":" + tag;
}

function selectorTag(sel) {
  const m = typeof sel === "string" ? /^\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(sel) : null;
  return m ? m[1].toLowerCase() : "div";
}

function reply(st, member, args, self) {
  const selfTag = self > 0 ? st.handles[self - 1] : "";
  switch (member.returns) {
    case "void":
    case "Promise<void>":
      return "u";
    case "Promise<boolean>":
      return "b:1";
    case "Promise<dom.Handle | null>":
    case "Promise<dom.Handle>": {
      let tag = "div";
      if (member.path === "dom.create") tag = typeof args[0] === "string" ? args[0].toLowerCase() : "div";
      else if (member.path === "dom.Handle#clone") tag = selfTag || "div";
      else if (member.path !== "dom.Handle#parent") tag = selectorTag(args[0]);
      return "h:" + newHandle(st, tag);
    }
    case "Promise<dom.Handle[]>": {
      const tag = member.path === "dom.Handle#children" ? "div" : selectorTag(args[0]);
      return "H:" + newHandle(st, tag) + "," + newHandle(st, tag);
    }
    case "Promise<string | null>":
    case "Promise<string>":
      if (member.path === "dom.Handle#tag") return "s:" + (selfTag || "div");
      if (pageReads.has(member.path)) return "s:" + pageText(st, member.path, stringReplies[member.path]);
      return "s:" + (stringReplies[member.path] ?? "text");
    case "Promise<rmx.Subscription>":
      return "O:";
    case "Promise<dom.Sheet>":
      st.handles.push("sheet");
      return "S:" + st.handles.length;
    case "Promise<rmx.Json | undefined>": {
      const key = String(args[0]);
      return Object.hasOwn(st.storage, key) ? "j:" + JSON.stringify(st.storage[key]) : "j:";
    }
    case "Promise<string[]>":
      return "j:" + JSON.stringify(Object.keys(st.storage));
    case "Promise<rmx.Json[]>":
    case "Promise<rmx.Scheduled[]>":
      return "j:[]";
    case "Promise<rmx.FetchResponse>":
      return "R:" + (typeof args[0] === "string" ? args[0] : "");
    case "Promise<dom.Rect>":
      return "r:";
  }
  st.events.push({ k: "oracle", a: "no reply for the return type " + member.returns + " of " + member.path });
  return "u";
}

// A string literal's value, read as the language reads it, or undefined.
function readStringLiteral(src, i) {
  const q = src[i];
  if (q !== '"' && q !== "'" && q !== "`") return undefined;
  let s = "";
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === q) return { value: s, end: j + 1 };
    if (q === "`" && c === "$" && src[j + 1] === "{") return undefined;
    if (c === "\\") {
      const n = src[++j];
      const simple = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", 0: "\0" };
      if (n === "x") { s += String.fromCharCode(parseInt(src.slice(j + 1, j + 3), 16)); j += 2; continue; }
      if (n === "u") {
        if (src[j + 1] === "{") { const e = src.indexOf("}", j); s += String.fromCodePoint(parseInt(src.slice(j + 2, e), 16)); j = e; continue; }
        s += String.fromCharCode(parseInt(src.slice(j + 1, j + 5), 16)); j += 4; continue;
      }
      if (n === "\r" && src[j + 1] === "\n") { j++; continue; }
      if (n === "\n" || n === "\r" || n === "\u2028" || n === "\u2029") continue;
      if (n in simple && !(n === "0" && /[0-9]/.test(src[j + 1] ?? ""))) { s += simple[n]; continue; }
      s += n;
      continue;
    }
    if (q !== "`" && (c === "\n" || c === "\r")) return undefined;
    s += c;
  }
  return undefined;
}

// literalEvalAt: the source at line:col is eval("…"), called by its name
// (or as globalThis.eval, window.eval, self.eval, this.eval), whose
// literal's value is code.
function literalEvalAt(src, line, col, code) {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const n = src.indexOf("\n", off);
    if (n < 0) return false;
    off = n + 1;
  }
  off += col - 1;
  if (!src.startsWith("eval", off)) return false;
  let b = off - 1;
  while (b >= 0 && /\s/.test(src[b])) b--;
  if (b >= 0 && /[\w$]/.test(src[b])) return false;
  if (b >= 0 && src[b] === ".") {
    let e = b - 1;
    while (e >= 0 && /\s/.test(src[e])) e--;
    let s = e;
    while (s >= 0 && /[\w$]/.test(src[s])) s--;
    const word = src.slice(s + 1, e + 1);
    if (!["globalThis", "window", "self", "frames", "parent", "top", "this"].includes(word)) return false;
    let p = s;
    while (p >= 0 && /\s/.test(src[p])) p--;
    if (p >= 0 && (src[p] === "." || /[\w$]/.test(src[p]))) return false;
  }
  const m = /^eval\s*\(\s*/.exec(src.slice(off, off + 64));
  if (!m) return false;
  const lit = readStringLiteral(src, off + m[0].length);
  if (lit === undefined || lit.value !== code) return false;
  return /^\s*,?\s*\)/.test(src.slice(lit.end, lit.end + 64));
}

function callSite(fn) {
  const holder = {};
  Error.captureStackTrace(holder, fn);
  const lines = String(holder.stack).split("\n").slice(1);
  // lines[0] is the wrapper's trap in bootstrap.js; lines[1] its caller.
  const frame = lines[1] ?? "";
  const m = /\(?([^\s()]+):(\d+):(\d+)\)?$/.exec(frame.trim());
  return m ? { file: m[1], line: Number(m[2]), col: Number(m[3]), frame: frame.trim() } : { file: "", line: 0, col: 0, frame: frame.trim() };
}

function textOp(op, a, b) {
  switch (op) {
    case "parse": {
      try { return new URL(a, b).href; } catch { return undefined; }
    }
    case "part": {
      try {
        const u = new URL(a);
        return b === "origin" ? u.origin : u[b];
      } catch { return ""; }
    }
    case "setPart": {
      const i = b.indexOf("\u0000");
      try { const u = new URL(a); u[b.slice(0, i)] = b.slice(i + 1); return u.href; } catch { return undefined; }
    }
    case "parseQuery":
      return JSON.stringify([...new URLSearchParams(a)]);
    case "serializeQuery":
      return new URLSearchParams(JSON.parse(a)).toString();
    case "quote":
      return JSON.stringify(a);
    case "utf8encode":
      return [...Buffer.from(a, "utf8")].join(",");
    case "utf8decode":
      return a === "" ? "" : new TextDecoder().decode(Uint8Array.from(a.split(",").map(Number)));
    case "atob": {
      const s = a.replace(/[\t\n\f\r ]/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 === 1) return undefined;
      return Buffer.from(s, "base64").toString("latin1");
    }
    case "btoa":
      return /^[\u0000-\u00ff]*$/.test(a) ? Buffer.from(a, "latin1").toString("base64") : undefined;
  }
  return undefined;
}

function hostFunctions(st) {
  const guard = (fn, fallback) => function (...args) {
    try { return fn(...args); } catch (e) { st.events.push({ k: "oracle", a: "host error: " + (e && e.message) }); return fallback; }
  };
  // evalEntry is what the context calls: the stack above it starts at the
  // eval wrapper's trap, and the frame below that is the call site.
  let evalEntry;
  const evalJudge = guard((code) => {
    const site = callSite(evalEntry);
    const src = st.sources.get(site.file);
    const literal = src !== undefined && literalEvalAt(src, site.line, site.col, code);
    st.events.push({ k: "eval", a: "string", literal, site: site.file + ":" + site.line + ":" + site.col });
    return literal ? 1 : 0;
  }, 0);
  evalEntry = function evalEntry(code) { return evalJudge(code); };
  return {
    record: guard((kind, a, b, c) => {
      const ev = { k: String(kind) };
      if (a !== undefined) ev.a = String(a);
      if (b !== undefined) ev.b = String(b);
      if (c !== undefined) ev.c = String(c);
      st.events.push(ev);
    }),
    call: guard((path, args, handle) => {
      const member = config.apiByPath[path];
      st.budget = 5000;
      const walked = [];
      for (let i = 0; i < args.length; i++) walked.push(walk(st, args[i], 0));
      const ev = { k: "call", path, args: walked };
      if (typeof handle === "number" && handle > 0) { ev.handle = handle; ev.tag = st.handles[handle - 1]; }
      st.events.push(ev);
      if (st.flows) flows(st, path, walked);
      if (path === "rmx.storage.set" && typeof walked[0] === "string") st.storage[walked[0]] = walked[1];
      if (path === "rmx.storage.remove" && typeof walked[0] === "string") delete st.storage[walked[0]];
      return reply(st, member, walked, ev.handle ?? 0);
    }, "u"),
    evalCall: evalEntry,
    runLiteral: guard((code) => {
      const file = "eval-" + ++st.literals + ".js";
      st.sources.set(file, code);
      let script;
      try {
        new vm.Script(code, { filename: file });
        const usesThis = code.includes("this");
        const source = usesThis ? '"use strict"; (function () {\n' + code + "\n}).call(undefined)" : '"use strict";' + code;
        script = new vm.Script(source, usesThis ? { filename: file, lineOffset: -1 } : { filename: file, columnOffset: -13, ...importOption(st, code) });
        if (usesThis) st.events.push({ k: "limit", a: "an eval literal that uses this runs as a function body: eval returns undefined" });
        stateOfScript.set(script, st);
      } catch {
        return 1;
      }
      try {
        st.internals.setLiteral(script.runInContext(st.ctx));
        return 0;
      } catch (e) {
        if (e instanceof Error) return 3; // this realm's: a stack overflow in the host's frames
        st.internals.setLiteral(e);
        return 2;
      }
    }, 3),
    text: guard((op, a, b) => textOp(op, a, b)),
    page: guard((source, text) => pageText(st, String(source), String(text)), ""),
    isOutside: (name) => outsideNames !== null && outsideNames.has(name),
    outsideNeeded: () => outsideNames === null,
    setOutside: guard((names) => {
      outsideNames = new Set(config.replaced.map((r) => r[0]));
      for (const name of String(names).split(" ")) if (name !== "") outsideNames.add(name);
    }),
    sink: guard((name, values) => {
      st.budget = 5000;
      if (name === "navigate") {
        st.events.push({ k: "navigate", a: String(values[0]), values: [walk(st, values[1], 0)] });
        return;
      }
      const walked = [];
      for (let i = 0; i < values.length; i++) walked.push(walk(st, values[i], 0));
      if (name === "uncaught") walked.push(st.internals.message(values[0]));
      st.events.push({ k: "sink", a: name, values: walked });
    }),
  };
}

function importOption(st, code) {
  if (!code.includes("import")) return {};
  leaky++;
  return {
    importModuleDynamically(specifier, script) {
      const s = stateOfScript.get(script) ?? st;
      s.events.push({ k: "import", a: String(specifier), b: "dynamic" });
      throw s.internals.error("import() is refused in the sandbox");
    },
  };
}

const immediate = () => new Promise((r) => setImmediate(r));

async function run(req) {
  const st = {
    events: [], handles: [], storage: Object.assign(Object.create(null), req.storage ?? {}),
    sources: new Map(), literals: 0, budget: 5000, ctx: null, internals: null,
    flows: req.flows === true, markers: new Map(),
  };
  st.ctx = vm.createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false } });
  const boot = bootstrapScript.runInContext(st.ctx);
  st.internals = boot(hostFunctions(st), config, req.seed ?? 1);
  st.sources.set("script.js", req.code);
  let script;
  try {
    script = new vm.Script(WRAP_PREFIX + req.code + WRAP_SUFFIX, { filename: "script.js", lineOffset: -1, ...importOption(st, req.code) });
    stateOfScript.set(script, st);
  } catch (e) {
    const message = String(e && e.message);
    if (/Cannot use import statement|import declarations may only appear/.test(message)) st.events.push({ k: "import", a: "", b: "static" });
    else st.events.push({ k: "syntax", a: message });
    return st.events;
  }
  let promise;
  try {
    promise = script.runInContext(st.ctx);
  } catch (e) {
    st.events.push({ k: "sink", a: "uncaught", values: [st.internals.message(e)] });
  }
  if (promise !== undefined) st.internals.observe(promise, () => {});
  // Drain: microtasks, then timers and the API's callbacks one at a time on
  // the virtual clock, until nothing is left.
  let steps = 0;
  for (;;) {
    await immediate();
    if (!st.internals.runNext()) {
      await immediate();
      if (!st.internals.runNext()) break;
    }
    if (++steps >= 300) { st.events.push({ k: "limit", a: "300 timers and callbacks run; the rest were not" }); break; }
  }
  return st.events;
}

function resolve(req) {
  return req.inputs.map((s) => {
    try {
      const u = new URL(s, req.base);
      return { href: u.href, protocol: u.protocol, hostname: u.hostname };
    } catch {
      return null;
    }
  });
}

process.on("unhandledRejection", () => {});
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line === "") continue;
  const msg = JSON.parse(line);
  if (msg.bootstrap !== undefined) {
    config = msg.config;
    config.apiByPath = Object.create(null);
    for (const m of config.api) config.apiByPath[m.path] = m;
    bootstrapScript = new vm.Script(msg.bootstrap, { filename: "oracle-bootstrap.js" });
    out({ ready: true });
    continue;
  }
  if (msg.resolve !== undefined) {
    out({ id: msg.id, resolved: resolve(msg.resolve) });
    continue;
  }
  let events;
  try {
    events = await run(msg.run);
  } catch (e) {
    events = [{ k: "oracle", a: "the host failed: " + (e && e.stack) }];
  }
  out({ id: msg.id, events });
  if (leaky >= LEAKY_LIMIT) {
    out({ bye: true });
    process.exit(0);
  }
}
