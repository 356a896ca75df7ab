// Share a filter setting through the page's hash.
function encode(obj) {
  return btoa(unescape(encodeURIComponent(JSON.stringify(obj))));
}
function decode(s) {
  try {
    return JSON.parse(decodeURIComponent(escape(atob(s))));
  } catch {
    return null;
  }
}
const fromHash = decode(new URL(location.href).hash.slice(1));
const filter = fromHash ?? (await rmx.storage.get("filter")) ?? { tags: [] };
rmx.log(`filter ${encode(filter)}`);
