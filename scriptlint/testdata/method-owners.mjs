// Prints, for each method name given on standard input (a JSON array), the
// built-in objects that hold a function under that name, one "name owner"
// line each: the own members of each allowed global (the second array of
// the input), of everything reachable from them through data properties
// and prototypes, and of the prototypes of the objects built-ins make.
// TestStringOnlyMethodsAreStrings runs it.
import { readFileSync } from "node:fs";

const [methods, globals] = JSON.parse(readFileSync(0, "utf8"));
const wanted = new Set(methods);
const seen = new Set();
const lines = new Set();

function walk(v, path, depth) {
  if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v) || depth > 6) return;
  seen.add(v);
  let p = path;
  for (let o = v; o !== null; o = Object.getPrototypeOf(o), p += ".__proto__") {
    for (const k of Object.getOwnPropertyNames(o)) {
      let d;
      try { d = Object.getOwnPropertyDescriptor(o, k); } catch { continue; }
      if (!d || !("value" in d)) continue;
      if (wanted.has(k) && typeof d.value === "function") lines.add(k + " " + p);
      walk(d.value, p + "." + k, depth + 1);
    }
    walk(o, p, depth + 1);
  }
}

for (const g of globals) {
  let v;
  try { v = globalThis[g]; } catch { continue; }
  walk(v, g, 0);
}
const made = {
  "regexp result": () => /(?<g>a)/d.exec("a"), "iterator": () => [1][Symbol.iterator](), "map iterator": () => new Map().entries(),
  "string iterator": () => "x"[Symbol.iterator](), "arguments": () => (function () { return arguments; })(1),
  "generator": () => (function* () {})(), "async generator": () => (async function* () {})(),
  "segments": () => new Intl.Segmenter().segment("a b"), "url": () => new URL("https://example.com/?a=1"),
  "url search params": () => new URLSearchParams("a=1"), "promise": () => Promise.resolve(1),
};
for (const [name, make] of Object.entries(made)) { try { walk(make(), name, 0); } catch { /* not in this engine */ } }
console.log([...lines].sort().join("\n"));
