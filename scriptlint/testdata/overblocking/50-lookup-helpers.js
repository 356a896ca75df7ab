// Read nested settings by path and copy plain options over defaults: the
// values read with keys from the page are only compared, tested and
// handed to the script's own helpers.
const DEFAULTS = { theme: "light", size: 14, labels: { done: "Done" } };
function get(object, path) {
  let value = object;
  for (const part of path.split(".")) {
    if (value == null) return undefined;
    value = value[part];
  }
  return value;
}
function isPlain(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
function describe(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}
function merge(target, source) {
  const out = {};
  for (const key of Object.keys(target)) {
    const own = Object.prototype.hasOwnProperty.call(source, key);
    out[key] = own && typeof source[key] === typeof target[key] ? String(source[key]) : String(target[key]);
  }
  return out;
}
const saved = (await rmx.storage.get("settings")) ?? {};
const path = (await dom.query("[data-setting]"))?.getAttribute("data-setting") ?? "theme";
const found = get(saved, path);
if (found !== undefined && !isPlain(found)) rmx.log(`setting ${path}: ${describe(found)}`);
rmx.log(merge(DEFAULTS, saved));
