// @remixlet/wasm for Node: reads remixlet.wasm from this package.
import { readFile } from "node:fs/promises";
import { create } from "./core.js";

export { RemixletError } from "./core.js";

const remixlet = create(async (importObject) => {
  const bytes = await readFile(new URL("./remixlet.wasm", import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, importObject);
  return instance;
});

export const { ready, lint, digest, decide, version, css, netrules, explain, policy, address, element, selector } = remixlet;
export default remixlet;
