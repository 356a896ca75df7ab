// Runs every form of the evasion corpus in node and checks that it really
// does what its label says:
//
//   node --disallow-code-generation-from-strings verify.mjs preamble.js corpus.txt
//
// Each form runs in its own V8 context with code generation from strings
// disallowed (so eval, Function and their kin throw an EvalError when
// reached), with stand-ins for dom and rmx, and with a recording stand-in
// for every global outside the sandbox. Timers behave as a browser's do:
// a function is called later with this set to the global object; anything
// else is turned into a string to be compiled, which counts as reaching
// code generation. Prints one line per failure and "N verified, M failed".
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [preamblePath, corpusPath] = process.argv.slice(2);
const preamble = readFileSync(preamblePath, "utf8");
const cases = [];
let lineNo = 0;
for (const line of readFileSync(corpusPath, "utf8").split("\n")) {
  lineNo++;
  if (line.startsWith("=== ")) {
    const [defence, effect] = line.slice(4).trim().split(/\s+/);
    cases.push({ defence, effect, code: "", line: lineNo });
  } else if (cases.length && !(line.startsWith("#") && !line.startsWith("#!"))) {
    cases[cases.length - 1].code += line + "\n";
  }
}

// Globals outside the sandbox that the corpus reaches.
const outside = [
  "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "WebTransport", "navigator", "document",
  "localStorage", "sessionStorage", "indexedDB", "caches", "open", "alert", "Worker", "SharedWorker",
  "ServiceWorker", "importScripts", "WebAssembly", "Image", "Audio", "MediaSource", "MediaRecorder",
  "AudioContext", "BroadcastChannel", "postMessage", "requestAnimationFrame", "RTCPeerConnection",
  "Notification", "Blob",
];

// Values the preamble reads from outside the file.
const stored = {
  src: "globalThis.__compiled = true", url: "https://evil.example/x", key: "constructor",
  name: "Worker", svc: "clipboard", text: "some text",
};

async function run(c) {
  const effects = new Set();
  const rmxCalls = [];
  const timers = [];
  const sandbox = {};
  const context = vm.createContext(sandbox, { codeGeneration: { strings: false, wasm: false } });
  const global = vm.runInContext("globalThis", context);

  const sentinel = (name) => {
    const target = function () {};
    return new Proxy(target, {
      get(_, prop) {
        if (prop === Symbol.toPrimitive) return () => name;
        if (prop === "then") return undefined;
        return sentinel(name + "." + String(prop));
      },
      apply() { effects.add("global:" + name.split(".")[0]); return sentinel(name + "()"); },
      construct() { effects.add("global:" + name.split(".")[0]); return sentinel("new " + name); },
    });
  };
  for (const name of outside) {
    Object.defineProperty(global, name, {
      enumerable: true, configurable: true,
      get() { effects.add("global:" + name); return sentinel(name); },
    });
  }
  for (const alias of ["window", "self", "frames", "top", "parent"]) {
    Object.defineProperty(global, alias, { enumerable: false, configurable: true, value: global });
  }
  const crypto = { getRandomValues: (a) => a, randomUUID: () => "00000000-0000-4000-8000-000000000000" };
  Object.defineProperty(crypto, "subtle", { get() { effects.add("global:crypto.subtle"); return sentinel("crypto.subtle"); } });
  global.crypto = crypto;
  const URLInContext = vm.runInContext("(class URL { constructor(u) { this.href = String(u) } })", context);
  URLInContext.createObjectURL = () => { effects.add("global:URL.createObjectURL"); return "blob:x"; };
  global.URL = URLInContext;
  global.console = { log() {}, info() {}, warn() {}, error() {} };
  global.queueMicrotask = (f) => { timers.push(() => f()); };
  const timer = (fn, ms, ...args) => {
    if (typeof fn === "function") {
      timers.push(() => fn.apply(global, args));
    } else {
      String(fn); // a browser compiles the string form
      effects.add("codegen");
    }
    return timers.length;
  };
  global.setTimeout = timer;
  global.setInterval = timer;
  global.clearTimeout = () => {};
  global.clearInterval = () => {};

  const stub = (path) => new Proxy(function () {}, {
    get(_, prop) {
      if (prop === "then") return undefined;
      if (path === "rmx" || path === "dom") effects.add(path + ":" + String(prop));
      return stub(path + "." + String(prop));
    },
    apply(_, __, args) {
      rmxCalls.push({ path, args });
      if (path === "rmx.storage.get") return Promise.resolve(stored[args[0]]);
      return Promise.resolve(stub(path + "()"));
    },
  });
  global.rmx = stub("rmx");
  global.dom = stub("dom");

  const body = preamble + c.code;
  const wrapped = `(async function () { "use strict";\n${body}\n}).call(undefined)`;
  const isCodegen = (e) => e && (e.name === "EvalError" || /Code generation from strings disallowed/.test(String(e && e.message)));
  const note = (e) => { if (isCodegen(e)) effects.add("codegen"); };
  try {
    await vm.runInContext(wrapped, context, { timeout: 2000 });
  } catch (e) {
    note(e);
  }
  for (let i = 0; i < timers.length && i < 100; i++) {
    try { await timers[i](); } catch (e) { note(e); }
  }
  await new Promise((r) => setImmediate(r));
  return { effects, rmxCalls };
}

function stripComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
}

let verified = 0, failed = 0;
process.on("unhandledRejection", () => {});
for (const c of cases) {
  const { effects, rmxCalls } = await run(c);
  let ok;
  if (c.effect.startsWith("secret=")) {
    const want = c.effect.slice(7);
    ok = rmxCalls.some((call) => call.args.some((a) => a === want));
  } else if (c.effect.startsWith("comment=")) {
    const want = c.effect.slice(8);
    ok = c.code.includes(want) && !stripComments(c.code).includes(want);
  } else {
    ok = effects.has(c.effect);
  }
  if (ok) {
    verified++;
  } else {
    failed++;
    console.log(`corpus.txt:${c.line}: labelled ${c.effect}, but running it gave ${[...effects].join(", ") || "nothing"}\n${c.code}`);
  }
}
console.log(`${verified} verified, ${failed} failed`);
