// Make table columns sortable by clicking their headers.
const table = await dom.waitFor("table.data");
const headers = await table.queryAll("th");
headers.forEach(async (th, column) => {
  await th.setAttribute("role", "button");
  let ascending = true;
  await th.on("click", async () => {
    const rows = await table.queryAll("tbody tr");
    const keyed = await Promise.all(rows.map(async (row) => {
      const cells = await row.queryAll("td");
      const text = cells[column] ? await cells[column].text() : "";
      const n = parseFloat(text.replace(/[^0-9.-]/g, ""));
      return { row, key: Number.isNaN(n) ? text : n };
    }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) * (ascending ? 1 : -1));
    ascending = !ascending;
    const body = await table.query("tbody");
    for (const { row } of keyed) await body.append(row);
  });
});
