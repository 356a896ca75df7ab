// Hide duplicate stories that appear in several sections.
const seen = new Set();
rmx.keep({
  name: "no duplicate stories",
  async check() {
    const ids = await Promise.all((await dom.queryAll(".story:not([hidden])")).map((s) => s.getAttribute("data-id")));
    return new Set(ids).size === ids.length;
  },
  async repair() {
    seen.clear();
    for (const s of await dom.queryAll(".story")) {
      const id = await s.getAttribute("data-id");
      if (seen.has(id)) await s.setAttribute("hidden", "");
      else seen.add(id);
    }
  },
});
