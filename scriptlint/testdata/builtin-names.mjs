// Prints, one a line and sorted, every property name an object of the
// engine's built-ins can have: the own names of each allowed global given
// on standard input (a JSON array), of everything reachable from them
// through data properties and prototypes, and of the objects built-ins
// make (match results, iterator results, errors, arguments, template
// objects, settled promises, ...). TestBuiltinNamesCoverTheEngine runs it.
import { readFileSync } from "node:fs";

const globals = JSON.parse(readFileSync(0, "utf8"));
const names = new Set();
const seen = new Set();

function walk(v, depth) {
  if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v) || depth > 6) return;
  seen.add(v);
  for (let o = v; o !== null; o = Object.getPrototypeOf(o)) {
    for (const k of Object.getOwnPropertyNames(o)) {
      names.add(k);
      let d;
      try { d = Object.getOwnPropertyDescriptor(o, k); } catch { continue; }
      if (d && "value" in d) walk(d.value, depth + 1);
    }
    walk(o, depth + 1);
  }
}

for (const g of globals) {
  let v;
  try { v = globalThis[g]; } catch { continue; }
  walk(v, 0);
  if (typeof v === "function" && v.prototype) walk(v.prototype, 0);
}

// Objects built-ins make, whose own members the walk above cannot see.
const made = [
  () => /(?<g>a)/d.exec("a"), () => "a".match(/a/), () => [..."ab".matchAll(/a/g)][0],
  () => [1][Symbol.iterator]().next(), () => new Map().entries(), () => new Set().values(), () => "x"[Symbol.iterator](),
  () => new Error("x", { cause: 1 }), () => new AggregateError([]), () => new TypeError("x"),
  () => (function () { return arguments; })(1), () => ((s) => s)`a`, () => function f() {}, () => () => {},
  () => async () => {}, () => function* () {}, () => async function* () {}, () => class {}, () => /a/g, () => [],
  () => new String("a"), () => new Date(0), () => Promise.withResolvers(),
  () => new Intl.Segmenter().segment("a b")[Symbol.iterator]().next().value,
  () => new Intl.NumberFormat().formatToParts(1)[0], () => new TextEncoder().encodeInto("a", new Uint8Array(4)),
  () => Object.getOwnPropertyDescriptor({ a: 1 }, "a"), () => Object.getOwnPropertyDescriptor({ get a() { return 1; } }, "a"),
  () => new WeakRef({}), () => new URL("https://example.com/?a=1"), () => new URLSearchParams("a=1"),
  () => Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0),
  () => Temporal.Now.instant(), () => Temporal.Now.zonedDateTimeISO(), () => Temporal.Duration.from({ hours: 1 }),
  () => Temporal.PlainDate.from("2020-01-01").toPlainYearMonth(), () => Temporal.PlainDate.from("2020-01-01").toPlainMonthDay(),
];
for (const make of made) { try { walk(make(), 0); } catch { /* not in this engine */ } }
await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error("x"))]).then((r) => r.forEach((x) => walk(x, 0)));
for (const n of ["callee", "caller", "arguments", "stack", "lastIndex", "raw", "groups", "indices", "input", "index",
  "value", "done", "status", "reason", "errors", "cause", "segment", "isWordLike", "read", "written", "promise",
  "resolve", "reject", "async", "writable", "enumerable", "configurable", "get", "set", "type"]) names.add(n);
console.log([...names].sort().join("\n"));
