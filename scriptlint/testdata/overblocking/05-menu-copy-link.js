// A menu entry that copies a clean link to the page.
function cleanLink(href) {
  const u = new URL(href);
  for (const p of [...u.searchParams.keys()]) {
    if (p.startsWith("utm_") || p === "fbclid" || p === "gclid") u.searchParams.delete(p);
  }
  u.hash = "";
  return u.toString();
}
rmx.menu.add({
  title: "Copy clean link",
  async run() {
    const here = location.href;
    await rmx.clipboard.write(cleanLink(here));
    rmx.notify("Clean link copied");
  },
});
