// Mark stories the reader saved in their reading list.
const res = await rmx.fetch("https://api.example.com/v1/saved?limit=200");
const { items = [] } = await res.json();
const saved = new Set(items.map((item) => item.url));
rmx.keep({
  name: "saved stories marked",
  async check() {
    const links = await dom.queryAll("a.story-link:not([data-rmx-saved])");
    for (const link of links) {
      if (saved.has(await link.getAttribute("href"))) return false;
    }
    return true;
  },
  async repair() {
    for (const link of await dom.queryAll("a.story-link")) {
      if (saved.has(await link.getAttribute("href"))) await link.setAttribute("data-rmx-saved", "yes");
    }
  },
});
