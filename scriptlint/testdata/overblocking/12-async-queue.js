// Process page items a few at a time.
async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
const cards = await dom.queryAll(".card");
const titles = await mapLimit(cards, 4, async (card) => (await card.text()).slice(0, 80));
rmx.log(`read ${titles.length} cards`);
