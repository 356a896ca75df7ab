// The oracle's instrumentation, run in each program's fresh V8 context
// before any of the program's code. host.mjs compiles this file once and
// calls the function it evaluates to with the host's recorders and the
// configuration (as JSON), then runs the program.
//
// What keeps it sound against the program it instruments:
//   - Every dangerous intrinsic (eval, the four function constructors, the
//     global object) is replaced by a wrapper everywhere the language can
//     reach it, before the program runs; the real ones stay only in this
//     closure, so no program can call them past the wrapper, whatever it
//     rewrites afterwards.
//   - Everything below runs on functions captured here first (Reflect,
//     WeakMap, Promise): a program that rewrites Array.prototype,
//     Reflect.apply or WeakMap.prototype.get after this ran changes
//     nothing here. Loops use indices, never iterators, and no record is
//     built from the program's objects: the host reads arguments itself.
//   - Records go straight to the host (another realm, with frozen
//     intrinsics), as strings; a host error never reaches the program.
//   - Every function here is strict, so V8's structured stack frames give a
//     program neither these functions nor the real global object.
(function bootstrap(host, config, randomSeed) {
  "use strict";
  const realGlobal = globalThis;
  const {
    apply: ReflectApply, construct: ReflectConstruct, get: ReflectGet, set: ReflectSet, has: ReflectHas,
    ownKeys: ReflectOwnKeys, defineProperty: ReflectDefineProperty, getOwnPropertyDescriptor: ReflectGOPD,
    getPrototypeOf: ReflectGetPrototypeOf, deleteProperty: ReflectDeleteProperty,
  } = Reflect;
  const ObjectCreate = Object.create;
  const ObjectFreeze = Object.freeze;
  const OriginalProxy = Proxy;
  const OriginalWeakMap = WeakMap;
  const WeakMapGet = WeakMap.prototype.get;
  const WeakMapSet = WeakMap.prototype.set;
  const OriginalPromise = Promise;
  const PromiseResolve = Promise.resolve;
  const PromiseReject = Promise.reject;
  const PromiseThen = Promise.prototype.then;
  const JSONParse = JSON.parse;
  const OriginalString = String;
  const OriginalNumber = Number;
  const OriginalError = Error;
  const OriginalTypeError = TypeError;
  const OriginalRangeError = RangeError;
  const OriginalSyntaxError = SyntaxError;
  const ArrayIsArray = Array.isArray;
  const OriginalUint8Array = Uint8Array;
  const MathFloor = Math.floor;
  const FunctionToString = Function.prototype.toString;
  const realEval = realGlobal.eval;
  const realFunction = realGlobal.Function;
  const realGeneratorFunction = ReflectGetPrototypeOf(function* () {}).constructor;
  const realAsyncFunction = ReflectGetPrototypeOf(async function () {}).constructor;
  const realAsyncGeneratorFunction = ReflectGetPrototypeOf(async function* () {}).constructor;
  const ObjectPrototype = Object.prototype;

  // config is the host's object: read here, never handed on.
  const hostRecord = host.record;
  const hostCall = host.call;
  const hostEval = host.evalCall;
  const hostRunLiteral = host.runLiteral;
  const hostText = host.text;
  const hostWalkedSink = host.sink;

  const StringSlice = String.prototype.slice;
  const StringIndexOf = String.prototype.indexOf;
  const slice = (s, from, to) => ReflectApply(StringSlice, s, to === undefined ? [from] : [from, to]);
  // splitOn is String.prototype.split on captured functions, into an array
  // filled without the program's Array.prototype setters.
  const splitOn = (s, sep) => {
    const out = [];
    let start = 0;
    for (;;) {
      const i = ReflectApply(StringIndexOf, s, [sep, start]);
      if (i < 0) { append(out, slice(s, start)); return out; }
      append(out, slice(s, start, i));
      start = i + sep.length;
    }
  };
  const append = (list, v) => { ReflectDefineProperty(list, list.length, { value: v, writable: true, enumerable: true, configurable: true }); };
  const wm = () => new OriginalWeakMap();
  const wmGet = (m, k) => ReflectApply(WeakMapGet, m, [k]);
  const wmSet = (m, k, v) => { ReflectApply(WeakMapSet, m, [k, v]); };
  const dict = () => ObjectCreate(null);

  // record never throws into the program (a host error stays in the host).
  const record = (kind, a, b, c) => { try { hostRecord(kind, a, b, c); } catch {} };
  // sink hands values to the host, which reads them as the API would.
  const sink = (name, values) => { try { hostWalkedSink(name, values); } catch {} };

  // Our functions print as native code, as the browser's own do.
  const nativeNames = wm();
  const proxyTargets = wm();
  const native = (fn, name) => { wmSet(nativeNames, fn, name); return fn; };
  const fnToString = new OriginalProxy(FunctionToString, {
    apply(target, thisArg, args) {
      if (thisArg === fnToString) return "function toString() { [native code] }";
      const real = wmGet(proxyTargets, thisArg);
      if (real !== undefined) return ReflectApply(target, real, args);
      const name = wmGet(nativeNames, thisArg);
      if (name !== undefined) return "function " + name + "() { [native code] }";
      return ReflectApply(target, thisArg, args);
    },
  });
  ReflectDefineProperty(realFunction.prototype, "toString", { value: fnToString, writable: true, enumerable: false, configurable: true });
  const wrapped = (target, handler) => { const p = new OriginalProxy(target, handler); wmSet(proxyTargets, p, target); return p; };

  // The function constructors: every call or construction is recorded,
  // then handed to the real one, which refuses (code generation from
  // strings is disallowed in this process).
  let FunctionWrapper;
  const constructorWrapper = (real, name) => wrapped(real, {
    apply(target, thisArg, args) { record("function-constructor", name, "call"); return ReflectApply(target, thisArg, args); },
    construct(target, args, newTarget) { record("function-constructor", name, "construct"); return ReflectConstruct(target, args, newTarget); },
    getPrototypeOf(target) { const p = ReflectGetPrototypeOf(target); return p === realFunction ? FunctionWrapper : p; },
  });
  FunctionWrapper = constructorWrapper(realFunction, "Function");
  const constructorWrappers = [
    [realFunction, FunctionWrapper],
    [realGeneratorFunction, constructorWrapper(realGeneratorFunction, "GeneratorFunction")],
    [realAsyncFunction, constructorWrapper(realAsyncFunction, "AsyncFunction")],
    [realAsyncGeneratorFunction, constructorWrapper(realAsyncGeneratorFunction, "AsyncGeneratorFunction")],
  ];
  for (let i = 0; i < constructorWrappers.length; i++) {
    const [real, wrapper] = constructorWrappers[i];
    const d = ReflectGOPD(real.prototype, "constructor");
    ReflectDefineProperty(real.prototype, "constructor", { value: wrapper, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable });
  }

  // eval: the host reads the call site from the stack (its own realm's, out
  // of the program's reach) and says whether this is eval("…") written
  // literally; such a literal is run as strict global code, so what it
  // reaches is recorded too. Anything else goes to the real eval, which
  // refuses strings.
  let literalValue;
  const evalWrapper = wrapped(realEval, {
    apply(target, thisArg, args) {
      const code = args.length > 0 ? args[0] : undefined;
      if (typeof code !== "string") { record("eval", "nonstring"); return code; }
      let verdict = 0;
      try { verdict = hostEval(code); } catch {}
      if (verdict !== 1) return ReflectApply(target, undefined, [code]);
      let outcome = 3;
      try { outcome = hostRunLiteral(code); } catch {}
      if (outcome === 0) return literalValue;
      if (outcome === 1) throw new OriginalSyntaxError("the eval literal does not compile");
      if (outcome === 2) { const v = literalValue; literalValue = undefined; throw v; }
      throw new OriginalRangeError("Maximum call stack size exceeded");
    },
  });

  // Errors: each one's message is a place a credential must not go.
  const errorNames = ["Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "AggregateError"];
  const noteMessage = (e) => {
    try {
      const d = ReflectGOPD(e, "message");
      if (d !== undefined && typeof d.value === "string" && d.value !== "") sink("Error", [d.value]);
    } catch {}
    return e;
  };
  const errorWrappers = dict();
  for (let i = 0; i < errorNames.length; i++) {
    const real = realGlobal[errorNames[i]];
    const w = wrapped(real, {
      apply(target, thisArg, args) { return noteMessage(ReflectApply(target, thisArg, args)); },
      construct(target, args, newTarget) { return noteMessage(ReflectConstruct(target, args, newTarget)); },
    });
    ReflectDefineProperty(real.prototype, "constructor", { value: w, writable: true, enumerable: false, configurable: true });
    errorWrappers[errorNames[i]] = w;
  }

  // The global object. Every name the program can reach it by (globalThis,
  // window, self, frames, parent, top, a timer's this) gives this proxy;
  // the real global object is only ever the receiver of unqualified names,
  // and the prototype hook below hands accessors the proxy instead.
  // Reading names through it is what the closed world allows; enumerating,
  // writing, defining, deleting or re-prototyping it is recorded.
  // The browser's window names that are not the sandbox's: the host keeps
  // the list (the same for every context), computed once from the first.
  const hostIsOutside = host.isOutside;
  const isOutside = (key) => { try { return typeof key === "string" && hostIsOutside(key) === true; } catch { return false; } };
  const replaced = dict();
  for (let i = 0; i < config.replaced.length; i++) replaced[config.replaced[i][0]] = config.replaced[i][1];
  let G;
  const globalOp = (op, key) => { record("global-object", op, key === undefined ? undefined : typeof key === "string" ? key : "(symbol)"); };
  G = new OriginalProxy(realGlobal, {
    get(target, key) { return ReflectGet(target, key, G); },
    set(target, key, value) { globalOp("set", key); return ReflectSet(target, key, value, G); },
    defineProperty(target, key, desc) { globalOp("defineProperty", key); lazy(key); return ReflectDefineProperty(target, key, desc); },
    deleteProperty(target, key) { globalOp("deleteProperty", key); lazy(key); return ReflectDeleteProperty(target, key); },
    ownKeys(target) { globalOp("ownKeys"); materialize(); return ReflectOwnKeys(target); },
    getOwnPropertyDescriptor(target, key) { lazy(key); return ReflectGOPD(target, key); },
    setPrototypeOf() { globalOp("setPrototypeOf"); return false; },
    preventExtensions() { globalOp("preventExtensions"); return false; },
    getPrototypeOf() { return ObjectPrototype; },
    // Reflect.has on a V8 context's global object whose prototype is a
    // proxy answers true for any name, so own and inherited are asked apart.
    has(target, key) { return ReflectGOPD(target, key) !== undefined || lazy(key) || ReflectHas(ObjectPrototype, key) || isOutside(key); },
  });

  // A name of the browser's window that the sandbox does not offer: the
  // value exists (typeof works, as it does in the browser), and any use of
  // it is recorded. Names the sandbox replaces throw the supported API's name.
  const sentinels = dict();
  const sentinelOf = (name) => {
    if (sentinels[name] !== undefined) return sentinels[name];
    const use = (op) => {
      record("global", name, op);
      throw new OriginalTypeError(replaced[name] !== undefined ? name + " is not available in the sandbox: " + replaced[name] : name + " is not available in the sandbox");
    };
    const s = new OriginalProxy(function () {}, {
      get(t, k) { return use("get"); }, set() { return use("set"); }, has() { return use("has"); },
      apply() { return use("call"); }, construct() { return use("construct"); },
      ownKeys() { return use("ownKeys"); }, getOwnPropertyDescriptor() { return use("describe"); },
      defineProperty() { return use("define"); }, deleteProperty() { return use("delete"); },
      getPrototypeOf() { return use("getPrototypeOf"); }, setPrototypeOf() { return use("setPrototypeOf"); },
      isExtensible() { return use("isExtensible"); }, preventExtensions() { return use("preventExtensions"); },
    });
    sentinels[name] = s;
    return s;
  };
  // Names the global object lacks are looked up on its prototype: there
  // the browser's other globals are sentinels, and accessors a program
  // defined on Object.prototype get the proxy as this, never the real
  // global object.
  const globalPrototype = new OriginalProxy(ObjectPrototype, {
    get(target, key, receiver) {
      const r = receiver === realGlobal ? G : receiver;
      if (lazy(key)) return ReflectGet(realGlobal, key, r);
      if (ReflectHas(target, key)) return ReflectGet(target, key, r);
      if (isOutside(key)) return sentinelOf(key);
      return undefined;
    },
    set(target, key, value, receiver) {
      if (lazy(key)) return ReflectSet(realGlobal, key, value, receiver);
      if (receiver === realGlobal) { globalOp("set", key); return ReflectSet(target, key, value, G); }
      return ReflectSet(target, key, value, receiver);
    },
    has(target, key) { return lazy(key) || ReflectHas(target, key) || isOutside(key); },
  });

  // Timers run later, on a virtual clock, with this set to the global
  // object as a browser does; a timer given anything but a function turns it
  // into a string to compile it, which the sandbox's policy refuses.
  const timers = dict();
  let timerCount = 0;
  let now = 0;
  const makeTimer = (name, repeat) => native({
    [name](handler) {
      const extra = [];
      for (let i = 2; i < arguments.length; i++) append(extra, arguments[i]);
      const isFunction = typeof handler === "function";
      // As WebIDL converts them: the handler to a string first (the code
      // the browser would compile), then the delay.
      if (!isFunction) OriginalString(handler);
      let ms = OriginalNumber(arguments.length > 1 ? arguments[1] : 0);
      if (!(ms > 0)) ms = 0;
      timerCount++;
      if (!isFunction) {
        record("string-timer", name, typeof handler);
        return timerCount;
      }
      timers[timerCount] = { fn: handler, args: extra, due: now + ms, every: repeat ? (ms > 0 ? ms : 1) : 0, runs: 0 };
      return timerCount;
    },
  }[name], name);
  const clearTimer = (name) => native({ [name](id) { if (typeof id === "number") delete timers[id]; } }[name], name);

  // Callbacks the API calls later (rmx.keep's check and repair, listeners).
  const later = dict();
  let laterCount = 0;
  let laterNext = 0;
  const queueLater = (fn, thisArg, args) => { later[laterCount++] = { fn, thisArg, args }; };
  const reportUncaught = (e) => {
    try { hostWalkedSink("uncaught", [e]); } catch {}
  };

  const queueMicrotask = native({
    queueMicrotask(callback) {
      if (typeof callback !== "function") throw new OriginalTypeError("Failed to execute 'queueMicrotask': parameter 1 is not of type 'Function'.");
      ReflectApply(PromiseThen, ReflectApply(PromiseResolve, OriginalPromise, [undefined]), [() => {
        try { ReflectApply(callback, undefined, []); } catch (e) { reportUncaught(e); }
      }]);
    },
  }.queueMicrotask, "queueMicrotask");

  // The host APIs of the closed world, built the first time a program
  // names one of them (most never do, and a context is made per program).
  // Until then the names are found through the global object's prototype
  // hook, which builds them and defines them on the global object.
  const lazyNames = ["console", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "atob", "btoa", "DOMException", "structuredClone", "crypto", "AbortController", "AbortSignal"];
  const isLazy = dict();
  for (let i = 0; i < lazyNames.length; i++) isLazy[lazyNames[i]] = true;
  let hostAPIs = null;
  const materialize = () => {
    if (hostAPIs !== null) return;
    hostAPIs = buildHostAPIs();
    for (let i = 0; i < lazyNames.length; i++) define(lazyNames[i], hostAPIs[lazyNames[i]]);
  };
  const lazy = (key) => { if (hostAPIs === null && typeof key === "string" && isLazy[key] === true) { materialize(); return true; } return false; };
  // V8 gives every context a console of its own, an own property of the
  // global object that would answer before the hook and record nothing.
  for (let i = 0; i < lazyNames.length; i++) ReflectDeleteProperty(realGlobal, lazyNames[i]);
  const buildHostAPIs = () => {
    // console: the remixlet's log.
    const consoleObject = {};
    const consoleMethods = ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table", "group", "groupCollapsed", "groupEnd", "assert", "count", "countReset", "time", "timeLog", "timeEnd"];
    for (let i = 0; i < consoleMethods.length; i++) {
      const m = consoleMethods[i];
      consoleObject[m] = native({ [m](...values) { sink("console." + m, values); } }[m], m);
    }

    // Strings handed to the host: converted here as the browser would
    // (ToString, which may run the program's toString).
    const text = (v) => OriginalString(v);
    const hostString = (op, a, b) => { let r; try { r = hostText(op, a, b); } catch {} return r; };

    // URL and URLSearchParams: parsed by the host's WHATWG parser; every
    // string they are built from or given is a sink (credentials must not go
    // into an address).
    const urlHref = wm();
    const paramsOf = wm();
    const paramsOwner = wm();
    class URLSearchParams {
      constructor(init) {
        const pairs = [];
        if (init === undefined || init === null) {
          // nothing
        } else if (typeof init === "object" || typeof init === "function") {
          const iter = init[Symbol.iterator];
          if (iter !== undefined && iter !== null) {
            for (const pair of init) {
              const list = [];
              for (const item of pair) append(list, text(item));
              if (list.length !== 2) throw new OriginalTypeError("Failed to construct 'URLSearchParams': The provided value cannot be converted to a sequence.");
              append(pairs, list);
            }
          } else {
            const keys = ReflectOwnKeys(init);
            for (let i = 0; i < keys.length; i++) {
              const d = ReflectGOPD(init, keys[i]);
              if (d !== undefined && d.enumerable && typeof keys[i] === "string") append(pairs, [keys[i], text(init[keys[i]])]);
            }
          }
        } else {
          const parsed = JSONParse(hostString("parseQuery", text(init)) || "[]");
          for (let i = 0; i < parsed.length; i++) append(pairs, parsed[i]);
        }
        wmSet(paramsOf, this, pairs);
        sinkPairs("URLSearchParams", pairs);
      }
      append(name, value) { const p = wmGet(paramsOf, this); const pair = [text(name), text(value)]; append(p, pair); sinkPairs("URLSearchParams", [pair]); this.#update(); }
      set(name, value) {
        const p = wmGet(paramsOf, this); const k = text(name); const v = text(value);
        let found = false; const out = [];
        for (let i = 0; i < p.length; i++) {
          if (p[i][0] !== k) append(out, p[i]); else if (!found) { append(out, [k, v]); found = true; }
        }
        if (!found) append(out, [k, v]);
        wmSet(paramsOf, this, out); sinkPairs("URLSearchParams", [[k, v]]); this.#update();
      }
      delete(name) { const p = wmGet(paramsOf, this); const k = text(name); const out = []; for (let i = 0; i < p.length; i++) if (p[i][0] !== k) append(out, p[i]); wmSet(paramsOf, this, out); this.#update(); }
      get(name) { const p = wmGet(paramsOf, this); const k = text(name); for (let i = 0; i < p.length; i++) if (p[i][0] === k) return p[i][1]; return null; }
      getAll(name) { const p = wmGet(paramsOf, this); const k = text(name); const out = []; for (let i = 0; i < p.length; i++) if (p[i][0] === k) append(out, p[i][1]); return out; }
      has(name) { return this.get(name) !== null; }
      sort() { const p = wmGet(paramsOf, this); const out = []; for (let i = 0; i < p.length; i++) append(out, p[i]); for (let i = 1; i < out.length; i++) { const x = out[i]; let j = i - 1; while (j >= 0 && out[j][0] > x[0]) { out[j + 1] = out[j]; j--; } out[j + 1] = x; } wmSet(paramsOf, this, out); this.#update(); }
      forEach(callback, thisArg) { const p = wmGet(paramsOf, this); for (let i = 0; i < p.length; i++) ReflectApply(callback, thisArg, [p[i][1], p[i][0], this]); }
      get size() { return wmGet(paramsOf, this).length; }
      toString() { return hostString("serializeQuery", JSON_stringifyPairs(wmGet(paramsOf, this))); }
      *entries() { const p = wmGet(paramsOf, this); for (let i = 0; i < p.length; i++) yield [p[i][0], p[i][1]]; }
      *keys() { const p = wmGet(paramsOf, this); for (let i = 0; i < p.length; i++) yield p[i][0]; }
      *values() { const p = wmGet(paramsOf, this); for (let i = 0; i < p.length; i++) yield p[i][1]; }
      [Symbol.iterator]() { return this.entries(); }
      #update() { const owner = wmGet(paramsOwner, this); if (owner !== undefined) owner.search = this.toString(); }
    }
    const sinkPairs = (name, pairs) => {
      const flat = [];
      for (let i = 0; i < pairs.length; i++) { append(flat, pairs[i][0]); append(flat, pairs[i][1]); }
      sink(name, flat);
    };
    // JSON of string pairs without JSON.stringify, which reads toJSON from
    // the program's prototypes.
    const JSON_stringifyPairs = (pairs) => {
      const parts = [];
      for (let i = 0; i < pairs.length; i++) append(parts, hostString("quote", pairs[i][0]) + "," + hostString("quote", pairs[i][1]));
      let s = "[";
      for (let i = 0; i < parts.length; i++) s += (i > 0 ? ",[" : "[") + parts[i] + "]";
      return s + "]";
    };
    const urlParts = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
    class URL {
      constructor(url, base) {
        const s = text(url);
        const b = base === undefined ? undefined : text(base);
        sink("URL", b === undefined ? [s] : [s, b]);
        const href = hostString("parse", s, b);
        if (href === undefined) throw new OriginalTypeError("Failed to construct 'URL': Invalid URL");
        wmSet(urlHref, this, href);
      }
      static canParse(url, base) { return hostString("parse", text(url), base === undefined ? undefined : text(base)) !== undefined; }
      static parse(url, base) { try { return new URL(url, base); } catch { return null; } }
      static createObjectURL() { record("global", "URL.createObjectURL", "call"); throw new OriginalTypeError("URL.createObjectURL is not available in the sandbox"); }
      static revokeObjectURL() { record("global", "URL.revokeObjectURL", "call"); throw new OriginalTypeError("URL.revokeObjectURL is not available in the sandbox"); }
      get origin() { return hostString("part", wmGet(urlHref, this), "origin"); }
      get searchParams() {
        let p = wmGet(paramsOf, this);
        if (p === undefined) { p = new URLSearchParams(this.search); wmSet(paramsOwner, p, this); wmSet(paramsOf, this, p); }
        return p;
      }
      toString() { return wmGet(urlHref, this); }
      toJSON() { return wmGet(urlHref, this); }
    }
    for (let i = 0; i < urlParts.length; i++) {
      const part = urlParts[i];
      ReflectDefineProperty(URL.prototype, part, {
        get() { return hostString("part", wmGet(urlHref, this), part); },
        set(value) {
          const v = text(value);
          sink("URL", [v]);
          const href = hostString("setPart", wmGet(urlHref, this), part + "\u0000" + v);
          if (href !== undefined) wmSet(urlHref, this, href);
        },
        enumerable: true, configurable: true,
      });
    }

    class TextEncoder {
      get encoding() { return "utf-8"; }
      encode(input) {
        const bytes = hostString("utf8encode", input === undefined ? "" : text(input));
        const parts = bytes === "" ? [] : splitOn(bytes, ",");
        const out = new OriginalUint8Array(parts.length);
        for (let i = 0; i < parts.length; i++) out[i] = OriginalNumber(parts[i]);
        return out;
      }
    }
    class TextDecoder {
      constructor(label) { this.encodingLabel = label === undefined ? "utf-8" : text(label); }
      get encoding() { return "utf-8"; }
      decode(input) {
        if (input === undefined) return "";
        let s = "";
        const view = ArrayBufferIsView(input) ? input : new OriginalUint8Array(input);
        const bytes = new OriginalUint8Array(view.buffer, view.byteOffset, view.byteLength);
        for (let i = 0; i < bytes.length; i++) s += (i > 0 ? "," : "") + bytes[i];
        return hostString("utf8decode", s);
      }
    }
    const ArrayBufferIsView = ArrayBuffer.isView;

    const atob = native({ atob(data) { const r = hostString("atob", text(data)); if (r === undefined) throw new DOMException("The string to be decoded is not correctly encoded.", "InvalidCharacterError"); return r; } }.atob, "atob");
    const btoa = native({ btoa(data) { const r = hostString("btoa", text(data)); if (r === undefined) throw new DOMException("The string to be encoded contains characters outside of the Latin1 range.", "InvalidCharacterError"); return r; } }.btoa, "btoa");

    class DOMException extends OriginalError {
      constructor(message, name) { super(message === undefined ? "" : text(message)); this.exceptionName = name === undefined ? "Error" : text(name); }
      get name() { return this.exceptionName; }
    }

    // structuredClone: the kinds of value a remixlet copies; functions and
    // symbols cannot be cloned, as in the browser.
    const clone = (v, seen) => {
      if (v === null || (typeof v !== "object" && typeof v !== "function")) {
        if (typeof v === "symbol") throw new DOMException("Symbol could not be cloned.", "DataCloneError");
        return v;
      }
      if (typeof v === "function") throw new DOMException("function could not be cloned.", "DataCloneError");
      const prior = wmGet(seen, v);
      if (prior !== undefined) return prior;
      if (ArrayIsArray(v)) { const out = []; wmSet(seen, v, out); for (let i = 0; i < v.length; i++) append(out, clone(v[i], seen)); return out; }
      if (v instanceof Date) return new Date(v.getTime());
      if (v instanceof Map) { const out = new Map(); wmSet(seen, v, out); v.forEach((value, key) => out.set(clone(key, seen), clone(value, seen))); return out; }
      if (v instanceof Set) { const out = new Set(); wmSet(seen, v, out); v.forEach((value) => out.add(clone(value, seen))); return out; }
      const out = {};
      wmSet(seen, v, out);
      const keys = ReflectOwnKeys(v);
      for (let i = 0; i < keys.length; i++) {
        const d = ReflectGOPD(v, keys[i]);
        if (typeof keys[i] === "string" && d !== undefined && d.enumerable) out[keys[i]] = clone(v[keys[i]], seen);
      }
      return out;
    };
    const structuredClone = native({ structuredClone(value) { return clone(value, wm()); } }.structuredClone, "structuredClone");

    // crypto: the two members the closed world keeps, from a seeded generator.
    let seed = (randomSeed >>> 0) || 1;
    const random = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed; };
    const cryptoObject = {
      getRandomValues: native({ getRandomValues(array) { for (let i = 0; i < array.length; i++) array[i] = random() & 0xff; return array; } }.getRandomValues, "getRandomValues"),
      randomUUID: native({ randomUUID() { let s = ""; const hex = "0123456789abcdef"; for (let i = 0; i < 36; i++) s += i === 8 || i === 13 || i === 18 || i === 23 ? "-" : i === 14 ? "4" : hex[random() & 15]; return s; } }.randomUUID, "randomUUID"),
    };
    ReflectDefineProperty(cryptoObject, "subtle", { get: native({ subtle() { record("global", "crypto.subtle", "get"); return undefined; } }.subtle, "subtle"), enumerable: true, configurable: true });

    class AbortSignal {
      constructor() { this.aborted = false; this.reason = undefined; }
      throwIfAborted() { if (this.aborted) throw this.reason; }
      addEventListener() {}
      removeEventListener() {}
      static abort(reason) { const s = new AbortSignal(); s.aborted = true; s.reason = reason; return s; }
      static timeout() { return new AbortSignal(); }
    }
    class AbortController {
      constructor() { this.signal = new AbortSignal(); }
      abort(reason) { this.signal.aborted = true; this.signal.reason = reason === undefined ? new DOMException("signal is aborted without reason", "AbortError") : reason; }
    }

    const natives = [URL, URLSearchParams, TextEncoder, TextDecoder, DOMException, AbortController, AbortSignal];
    for (let i = 0; i < natives.length; i++) native(natives[i], natives[i].name);
    return { console: consoleObject, URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, DOMException, structuredClone, crypto: cryptoObject, AbortController, AbortSignal };
  };

  // location: the sandbox's read-only replacement. Every write is a
  // navigation the sandbox refuses, and is recorded.
  const pageURL = config.pageURL;
  const navigate = (how, value) => { try { hostWalkedSink("navigate", [how, value]); } catch {} };
  let locationObject = null;
  const buildLocation = () => {
    const locationObject = {};
    const locationParts = ["href", "protocol", "host", "hostname", "port", "pathname", "search", "hash"];
    for (let i = 0; i < locationParts.length; i++) {
      const part = locationParts[i];
      ReflectDefineProperty(locationObject, part, {
        get: native({ [part]() { return hostString("part", pageURL, part); } }[part], part),
        set: native({ [part](value) { navigate("location." + part, value); } }[part], part),
        enumerable: true, configurable: false,
      });
    }
    ReflectDefineProperty(locationObject, "origin", { get: native({ origin() { return hostString("part", pageURL, "origin"); } }.origin, "origin"), enumerable: true, configurable: false });
    const locationMethods = ["assign", "replace", "reload"];
    for (let i = 0; i < locationMethods.length; i++) {
      const m = locationMethods[i];
      ReflectDefineProperty(locationObject, m, { value: native({ [m](url) { navigate("location." + m, url); } }[m], m), enumerable: true, writable: false, configurable: false });
    }
    ReflectDefineProperty(locationObject, "toString", { value: native({ toString() { return pageURL; } }.toString, "toString"), enumerable: true, writable: false, configurable: false });

      return locationObject;
  };
  const theLocation = () => { if (locationObject === null) locationObject = buildLocation(); return locationObject; };

  // dom and rmx, from the API table: every member exists, records its call
  // with the host (which reads the arguments as the page agent would) and
  // returns a plausible value; callbacks are called later.
  const api = config.api;
  const handleIDs = wm();
  const handleMethods = [];
  const sheetMethods = [];
  const subscriptionMethods = [];
  const identities = wm();
  const resolved = (v) => ReflectApply(PromiseResolve, OriginalPromise, [v]);
  const makeObject = (id, tag, methods) => {
    const o = {};
    for (let i = 0; i < methods.length; i++) o[methods[i].name] = apiFunction(methods[i]);
    wmSet(handleIDs, o, id);
    return ObjectFreeze(o);
  };
  const value = (reply) => {
    const kind = reply[0];
    const rest = slice(reply, 2);
    switch (kind) {
      case "u": return undefined;
      case "s": return rest;
      case "b": return rest === "1";
      case "j": return rest === "" ? undefined : JSONParse(rest);
      case "h": { const parts = splitOn(rest, ":"); return makeObject(OriginalNumber(parts[0]), parts[1], handleMethods); }
      case "H": {
        const out = [];
        const items = splitOn(rest, ",");
        for (let i = 0; i < items.length; i++) { const parts = splitOn(items[i], ":"); append(out, makeObject(OriginalNumber(parts[0]), parts[1], handleMethods)); }
        return out;
      }
      case "S": return makeObject(OriginalNumber(rest), "sheet", sheetMethods);
      case "O": return makeObject(0, "subscription", subscriptionMethods);
      case "R": {
        const body = rest;
        return { ok: true, status: 200, statusText: "OK", url: body, headers: {}, text: () => resolved("{}"), json: () => resolved({}) };
      }
      case "r": return { x: 0, y: 0, width: 100, height: 20 };
    }
    return undefined;
  };
  // page reads the page: in flow mode the host hands back the text with a
  // marker that says which read it came from.
  const hostPage = host.page;
  const page = (source, text) => { let r = text; try { r = hostPage(source, text); } catch {} return r; };
  const fakeEvent = (target) => ({ type: "click", target, key: page("dom.Event", "a"), button: 0, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false });
  // What the API passes its callbacks.
  const callbackArgs = (path, self) => {
    switch (path) {
      case "dom.observe": return [[value("h:0:div")]];
      case "rmx.network.observe": return [{ url: "https://prices.example.com/p", method: "GET", status: 200, headers: { "content-type": "application/json" }, body: page("rmx.network.observe", '{"price": 3}'), truncated: false }];
      case "rmx.menu.add": return [];
      case "dom.on": return [fakeEvent(value("h:0:div"))];
    }
    return [fakeEvent(self)];
  };
  function apiFunction(member) {
    const name = member.name;
    const fn = {
      [name](...args) {
        const strs = member.strings;
        for (let i = 0; i < strs.length; i++) if (strs[i] < args.length && args[strs[i]] !== undefined) args[strs[i]] = OriginalString(args[strs[i]]);
        const reply = hostCall(member.path, args, wmGet(handleIDs, this));
        const cbs = member.callbacks;
        for (let i = 0; i < cbs.length; i++) {
          const cb = args[cbs[i]];
          if (typeof cb === "function") queueLater(cb, undefined, callbackArgs(member.path, this));
          else if (member.path === "rmx.keep" && cb !== null && typeof cb === "object") queueLater(null, cb, []);
        }
        const v = value(reply);
        return member.async ? resolved(v) : v;
      },
    }[name];
    return native(fn, name);
  }
  const namespaces = dict();
  const namespaceProxy = (path, target) => new OriginalProxy(target, {
    ownKeys(t) { record("api-value", path, "ownKeys"); return ReflectOwnKeys(t); },
    set(t, k) { record("api-value", path, "set"); return false; },
    defineProperty(t, k) { record("api-value", path, "defineProperty"); return false; },
    deleteProperty(t, k) { record("api-value", path, "deleteProperty"); return false; },
  });
  const pending = [];
  for (let i = 0; i < api.length; i++) {
    const m = api[i];
    if (m.kind === "namespace") { namespaces[m.path] = {}; pending[pending.length] = m; continue; }
    if (m.kind === "method") {
      const list = m.path.startsWith("dom.Handle#") ? handleMethods : m.path.startsWith("dom.Sheet#") ? sheetMethods : subscriptionMethods;
      list[list.length] = m;
      continue;
    }
    const parent = namespaces[m.parent];
    if (m.kind === "function") parent[m.name] = apiFunction(m);
    else parent[m.name] = m.value;
  }
  // Namespaces nest (rmx.storage in rmx): freeze and wrap the deepest first.
  for (let i = pending.length - 1; i >= 0; i--) {
    const m = pending[i];
    const p = namespaceProxy(m.path, ObjectFreeze(namespaces[m.path]));
    wmSet(identities, p, m.path);
    if (m.parent !== "") namespaces[m.parent][m.name] = p;
    else namespaces[m.path] = p;
  }

  // Install, in an order that leaves the real intrinsics unreachable.
  const define = (name, v) => ReflectDefineProperty(realGlobal, name, { value: v, writable: true, enumerable: false, configurable: true });
  define("eval", evalWrapper);
  define("Function", FunctionWrapper);
  for (let i = 0; i < errorNames.length; i++) define(errorNames[i], errorWrappers[errorNames[i]]);
  define("setTimeout", makeTimer("setTimeout", false));
  define("setInterval", makeTimer("setInterval", true));
  define("clearTimeout", clearTimer("clearTimeout"));
  define("clearInterval", clearTimer("clearInterval"));
  define("queueMicrotask", queueMicrotask);
  ReflectDeleteProperty(realGlobal, "WebAssembly");
  ReflectDefineProperty(realGlobal, "location", {
    get: native({ location() { return theLocation(); } }.location, "location"),
    set: native({ location(v) { navigate("location", v); } }.location, "location"),
    enumerable: true, configurable: false,
  });
  const globalNames = ["globalThis", "window", "self", "frames", "parent", "top"];
  for (let i = 0; i < globalNames.length; i++) define(globalNames[i], G);
  define("dom", namespaces.dom);
  define("rmx", namespaces.rmx);
  // The first context tells the host which window names the sandbox does
  // not define (asked before the prototype hook, which answers every name).
  if (host.outsideNeeded()) {
    let names = "";
    for (let i = 0; i < config.windowNames.length; i++) {
      const name = config.windowNames[i];
      if (!ReflectHas(realGlobal, name) && isLazy[name] !== true) names += (names === "" ? "" : " ") + name;
    }
    host.setOutside(names);
  }
  Object.setPrototypeOf(realGlobal, globalPrototype);

  wmSet(identities, G, "global");
  wmSet(identities, evalWrapper, "eval");
  for (let i = 0; i < constructorWrappers.length; i++) wmSet(identities, constructorWrappers[i][1], "Function");

  // What the host calls.
  return ObjectFreeze({
    // identify names the values a record must not copy: the global object,
    // dom, rmx and their namespaces, location, eval, the constructors.
    identify(v) { const id = wmGet(identities, v); return id === undefined ? "" : id; },
    // observe calls back with how a promise settled.
    observe(p, done) {
      ReflectApply(PromiseThen, ReflectApply(PromiseResolve, OriginalPromise, [p]), [() => done(true), (e) => { reportUncaught(e); done(false); }]);
    },
    setLiteral(v) { literalValue = v; },
    error(message) { return new OriginalTypeError(message); },
    // runNext runs the next timer or API callback; false when none is left.
    runNext() {
      let best = 0;
      const ids = ReflectOwnKeys(timers);
      for (let i = 0; i < ids.length; i++) {
        const t = timers[ids[i]];
        if (best === 0 || t.due < timers[best].due) best = ids[i];
      }
      if (best !== 0) {
        const t = timers[best];
        if (t.due > now) now = t.due;
        t.runs++;
        if (t.every > 0 && t.runs < 3) t.due = now + t.every; else delete timers[best];
        try { ReflectApply(t.fn, G, t.args); } catch (e) { reportUncaught(e); }
        return true;
      }
      if (laterNext < laterCount) {
        const task = later[laterNext];
        delete later[laterNext++];
        try {
          if (task.fn !== null) {
            ReflectApply(task.fn, task.thisArg, task.args);
          } else {
            const condition = task.thisArg;
            const check = condition.check;
            if (typeof check === "function") ReflectApply(check, condition, []);
            const repair = condition.repair;
            if (typeof repair === "function") ReflectApply(repair, condition, []);
          }
        } catch (e) {
          reportUncaught(e);
        }
        return true;
      }
      return false;
    },
    message(e) {
      try {
        if (e !== null && (typeof e === "object" || typeof e === "function")) {
          const d = ReflectGOPD(e, "message");
          if (d !== undefined && typeof d.value === "string") return d.value;
        }
      } catch {}
      return "";
    },
  });
})
