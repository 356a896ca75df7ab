// Keep promoted posts hidden while the feed redraws itself.
const PROMOTED = "article[data-promoted='true']";
rmx.keep({
  name: "promoted posts stay hidden",
  async check() {
    const visible = await dom.queryAll(`${PROMOTED}:not([hidden])`);
    return visible.length === 0;
  },
  async repair() {
    for (const post of await dom.queryAll(PROMOTED)) {
      await post.setAttribute("hidden", "");
    }
  },
});
