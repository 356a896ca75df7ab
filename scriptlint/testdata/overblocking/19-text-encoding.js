// Fingerprint the article text to notice edits between visits.
const text = await (await dom.query("article")).text();
const bytes = new TextEncoder().encode(text);
let hash = 2166136261;
for (const b of bytes) {
  hash ^= b;
  hash = Math.imul(hash, 16777619) >>> 0;
}
const id = hash.toString(16).padStart(8, "0");
const before = await rmx.storage.get("article-hash");
if (before && before !== id) rmx.notify("This article changed since your last visit");
await rmx.storage.set("article-hash", id);
