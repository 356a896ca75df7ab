// Show large ids in a readable grouping.
const group = (n) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, " ");
for (const el of await dom.queryAll("[data-snowflake]")) {
  const raw = await el.getAttribute("data-snowflake");
  if (!/^\d+$/.test(raw ?? "")) continue;
  const id = BigInt(raw);
  const ms = Number((id >> 22n) + 1420070400000n);
  await el.setAttribute("title", `${group(id)} · ${new Date(ms).toISOString()}`);
}
