// Export visible table rows as CSV to the clipboard.
const COLUMNS = ["name", "email", "role"];
const rows = [];
for (const tr of await dom.queryAll("table.members tbody tr")) {
  const cells = await Promise.all((await tr.queryAll("td")).map((td) => td.text()));
  rows.push(cells.slice(0, COLUMNS.length));
}
const quote = (s) => `"${String(s).replaceAll('"', '""')}"`;
const csv = [COLUMNS.join(","), ...rows.map((cells) => cells.map(quote).join(","))].join("\n");
rmx.menu.add({ title: "Copy members as CSV", run: () => rmx.clipboard.write(csv) });
