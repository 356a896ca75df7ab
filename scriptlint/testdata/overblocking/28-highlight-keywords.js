// Highlight the reader's keywords in article text.
const keywords = (await rmx.storage.get("keywords")) ?? ["climate", "election"];
const escaped = keywords.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
const pattern = new RegExp(`\\b(${escaped.join("|")})\\b`, "gi");
for (const p of await dom.queryAll("article p")) {
  const text = await p.text();
  if (!pattern.test(text)) continue;
  pattern.lastIndex = 0;
  const parts = text.split(pattern);
  await p.setText("");
  for (const [i, part] of parts.entries()) {
    const el = await dom.create(i % 2 ? "mark" : "span");
    await el.setText(part);
    await p.append(el);
  }
}
