// Remember the sort order a reader picks on a listing page.
const url = new URL(location.href);
const params = new URLSearchParams(url.search);
const sort = params.get("sort");
if (sort) {
  await rmx.storage.set("sort", sort);
} else {
  const preferred = await rmx.storage.get("sort");
  if (preferred) {
    params.set("sort", preferred);
    const link = await dom.create("a", { href: `${url.origin}${url.pathname}?${params}`, class: "rmx-sorted" });
    await link.setText(`Sorted by ${preferred}`);
    await (await dom.query(".listing-header")).append(link);
  }
}
