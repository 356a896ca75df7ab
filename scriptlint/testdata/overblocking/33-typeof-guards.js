// Defensive code that tests what it is given.
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return `list of ${value.length}`;
  if (typeof value === "object") return value.constructor === Object ? "record" : value.constructor.name;
  if (typeof value === "function") return "function";
  return typeof value;
}
const data = await rmx.storage.get("anything");
rmx.log(describe(data));
if (typeof structuredClone !== "function") rmx.log("old runtime");
if (data instanceof Map || Object.getPrototypeOf(data ?? {}) === Object.prototype) rmx.log("plain");
