// Read the prices the page loads, and show the lowest.
let lowest = Infinity;
await rmx.network.observe("prices.example.com", async (response) => {
  const data = await response.json();
  for (const offer of data.offers ?? []) lowest = Math.min(lowest, Number(offer.price));
  const badge = (await dom.query(".rmx-lowest")) ?? (await dom.create("span", { class: "rmx-lowest" }));
  await badge.setText(Number.isFinite(lowest) ? `Lowest: ${lowest.toFixed(2)}` : "");
});
