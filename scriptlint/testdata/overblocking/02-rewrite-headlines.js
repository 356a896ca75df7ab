// Replace clickbait words in headlines.
const replacements = new Map([
  ["SHOCKING", "notable"],
  ["You won't believe", "Here is"],
  ["!!!", "."],
]);
function calm(text) {
  let out = text;
  for (const [from, to] of replacements) out = out.split(from).join(to);
  return out;
}
rmx.keep({
  name: "calm headlines",
  async check() {
    const heads = await dom.queryAll("h2.headline");
    for (const h of heads) {
      const t = await h.text();
      if (calm(t) !== t) return false;
    }
    return true;
  },
  async repair() {
    for (const h of await dom.queryAll("h2.headline")) {
      await h.setText(calm(await h.text()));
    }
  },
});
