// @remixlet/wasm for browsers and extensions: fetches remixlet.wasm from
// beside this file, or from the URL given to setWasmURL before the first
// call (an extension passes chrome.runtime.getURL("remixlet.wasm")).
import { create } from "./core.js";

export { RemixletError } from "./core.js";

let wasmURL = new URL("./remixlet.wasm", import.meta.url);

/** Where to fetch remixlet.wasm from; call it before the first call. */
export function setWasmURL(url) {
  wasmURL = new URL(url, globalThis.location?.href);
}

const remixlet = create(async (importObject) => {
  const response = await fetch(wasmURL);
  if (!response.ok) throw new Error(`remixlet: cannot load ${wasmURL}: HTTP ${response.status}`);
  const type = response.headers.get("content-type") ?? "";
  const { instance } = type.startsWith("application/wasm")
    ? await WebAssembly.instantiateStreaming(response, importObject)
    : await WebAssembly.instantiate(await response.arrayBuffer(), importObject);
  return instance;
});

export const { ready, lint, digest, decide, version, css, netrules, explain, policy, address, element, selector } = remixlet;
export default remixlet;
