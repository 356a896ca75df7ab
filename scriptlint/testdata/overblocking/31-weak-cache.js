// Cache computed summaries per element handle.
const cache = new WeakMap();
const seen = new WeakSet();
async function summary(handle) {
  if (cache.has(handle)) return cache.get(handle);
  const text = await handle.text();
  const value = text.length > 140 ? `${text.slice(0, 137)}…` : text;
  cache.set(handle, value);
  return value;
}
for (const card of await dom.queryAll(".card")) {
  if (seen.has(card)) continue;
  seen.add(card);
  await card.setAttribute("title", await summary(card));
}
