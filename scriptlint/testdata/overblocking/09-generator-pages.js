// Walk pagination links with a generator and list them in a sidebar.
function* pageNumbers(first, last) {
  for (let n = first; n <= last; n++) yield n;
}
const lastLink = await dom.query(".pagination a:last-of-type");
const last = Number(await lastLink?.text()) || 1;
const list = await dom.create("ol", { class: "rmx-pages" });
for (const n of pageNumbers(1, Math.min(last, 20))) {
  const item = await dom.create("li");
  const link = await dom.create("a", { href: `https://news.example.com/page/${n}` });
  await link.setText(`Page ${n}`);
  await item.append(link);
  await list.append(item);
}
await (await dom.query("aside")).append(list);
