// The API of @remixlet/wasm, shared by the Node and browser entry points:
// they differ only in how they fetch remixlet.wasm.
import "./wasm_exec.js"; // Go's loader for js/wasm programs: defines globalThis.Go

/** A call that did not produce its output: exitCode 1 when the files are
 * refused (findings says why), 2 when the call could not run. */
export class RemixletError extends Error {
  constructor(failure) {
    super(failure.message);
    this.name = "RemixletError";
    this.exitCode = failure.exitCode;
    this.findings = failure.findings;
  }
}

const utf8 = new TextEncoder();
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// encode turns a file's text into bytes. A string with a lone surrogate
// has no UTF-8 form; TextEncoder would silently replace it with U+FFFD, so
// the bytes checked would not be the text saved. It is encoded as WTF-8
// instead (the surrogate's own three bytes), which the checker refuses as
// invalid UTF-8 at that position, as it refuses such bytes in a file.
function encode(text) {
  if (!loneSurrogate.test(text)) return utf8.encode(text);
  const out = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return new Uint8Array(out);
}

// pairs turns {name: text or bytes} (an object or a Map) into the
// [name, Uint8Array] pairs the Go side reads.
function pairs(files, what) {
  if (files === null || typeof files !== "object") {
    throw new TypeError(`remixlet: ${what} must be an object of file name → text or Uint8Array`);
  }
  const entries = files instanceof Map ? [...files.entries()] : Object.entries(files);
  return entries.map(([name, value]) => {
    if (typeof name !== "string") throw new TypeError(`remixlet: ${what} must be named by strings`);
    return [name, bytes(value, `${what}[${JSON.stringify(name)}]`)];
  });
}

// bytes turns a file's text or bytes into a Uint8Array.
function bytes(value, what) {
  if (typeof value === "string") return encode(value);
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new TypeError(`remixlet: ${what} must be a string or a Uint8Array`);
}

function text(value, what) {
  if (typeof value !== "string") throw new TypeError(`remixlet: ${what} must be a string`);
  return value;
}

// json turns a call's options (or an element) into the JSON text the Go side
// reads; it says what is wrong in plain words when they cannot be sent.
function json(value, what) {
  if (value === undefined || value === null) return "";
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`remixlet: ${what} must be an object`);
  }
  try {
    return JSON.stringify(value);
  } catch {
    throw new TypeError(`remixlet: ${what} must hold only strings, numbers, true or false, lists and objects (no cycles, no BigInt)`);
  }
}

function unwrap(result) {
  if (result.failure !== undefined) throw new RemixletError(JSON.parse(result.failure));
  return result.output;
}

/** create returns the API over a module that instantiate(importObject)
 * resolves to a WebAssembly.Instance of remixlet.wasm. The module starts
 * on the first call (or ready()) and serves every later one. */
export function create(instantiate) {
  let started;
  function start() {
    started ??= (async () => {
      const go = new globalThis.Go();
      // The Go program hands its functions to this callback; the name only
      // has to be unique on this page.
      const callback = `__remixletRegister${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
      const registered = new Promise((resolve) => {
        globalThis[callback] = resolve;
      });
      go.argv = ["remixlet-wasm", callback];
      try {
        const instance = await instantiate(go.importObject);
        const exited = go.run(instance).then(() => {
          throw new Error("remixlet: the WebAssembly module exited before it started");
        });
        return await Promise.race([registered, exited]);
      } finally {
        delete globalThis[callback];
      }
    })();
    return started;
  }
  return {
    /** Start the module now, rather than on the first call. */
    async ready() {
      await start();
    },
    /** What `remixlet lint --format FORMAT DIR` prints for these files
     * (options: {dir = ".", format = "json"}); a refused remixlet is output
     * with its findings, not an error. */
    async lint(files, options = {}) {
      const api = await start();
      return unwrap(api.lint(pairs(files, "files"), json(options, "options")));
    },
    /** The h1: digest an approval binds to, as `remixlet digest` prints it. */
    async digest(files) {
      const api = await start();
      return unwrap(api.digest(pairs(files, "files")));
    },
    /** What `remixlet diff --format json` prints: running is null for a new
     * remixlet; options: {chatSite, allowed, runningLabel, newLabel}. */
    async decide(running, next, options = {}) {
      const api = await start();
      const old = running === null || running === undefined ? null : pairs(running, "running");
      return unwrap(api.decide(old, pairs(next, "next"), json(options, "options")));
    },
    /** What `remixlet version --format json` prints, for this build. */
    async version() {
      const api = await start();
      return unwrap(api.version());
    },
    /** What `remixlet css FILE --manifest MANIFEST [--script] [--sanitize OUT]
     * --format json` prints: every load and its verdict, and, sanitized, the
     * sheet to insert. manifest is null for none; options: {file, manifestFile,
     * script, sanitize}. */
    async css(sheet, manifest, options = {}) {
      const api = await start();
      const m = manifest === null || manifest === undefined ? null : bytes(manifest, "manifest");
      return unwrap(api.css(bytes(sheet, "sheet"), m, json(options, "options")));
    },
    /** What `remixlet netrules --format json --extension-id ID DIR` prints:
     * the installed rules, and the rules left out with why; options: {dir,
     * extensionId}. */
    async netrules(files, options = {}) {
      const api = await start();
      return unwrap(api.netrules(pairs(files, "files"), json(options, "options")));
    },
    /** What `remixlet explain RULE` prints. */
    async explain(rule) {
      const api = await start();
      return unwrap(api.explain(text(rule, "rule")));
    },
    /** The page policy's table, as JSON text. */
    async policy() {
      const api = await start();
      return unwrap(api.policy());
    },
    /** The page agent's address rule on an href or src: options: {page: {url,
     * base, loads}, image}. */
    async address(address, manifest, options = {}) {
      const api = await start();
      return unwrap(api.address(text(address, "address"), bytes(manifest, "manifest"), json(options, "options")));
    },
    /** What the page agent does with an element ({tag, namespace, attributes:
     * [{name, value}], passwordField}) on a page: options: {page}. */
    async element(element, manifest, options = {}) {
      const api = await start();
      return unwrap(api.element(json(element, "element") || "{}", bytes(manifest, "manifest"), json(options, "options")));
    },
    /** The selector rule: options: {passwordField} (the page has one). */
    async selector(selector, options = {}) {
      const api = await start();
      return unwrap(api.selector(text(selector, "selector"), json(options, "options")));
    },
  };
}
