// Group listings by category and show the counts.
const listings = await dom.queryAll(".listing");
const byCategory = {};
for (const l of listings) {
  const cat = (await l.getAttribute("data-category")) || "other";
  (byCategory[cat] ??= []).push(l);
}
const counts = Object.fromEntries(Object.entries(byCategory).map(([cat, items]) => [cat, items.length]));
const total = Object.values(counts).reduce((a, b) => a + b, 0);
const summary = await dom.create("p", { class: "rmx-summary" });
await summary.setText(Object.keys(counts).sort().map((c) => `${c}: ${counts[c]}`).join(", ") + ` (total ${total})`);
await (await dom.query(".listings")).before(summary);
