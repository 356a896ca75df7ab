// Strip tracking parameters from every link on the page.
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_eid|ref_src)$/i;
rmx.keep({
  name: "links without tracking",
  async check() {
    for (const a of await dom.queryAll("a[href*='utm_'], a[href*='fbclid']")) return false;
    return true;
  },
  async repair() {
    for (const a of await dom.queryAll("a[href]")) {
      const href = await a.getAttribute("href");
      if (!URL.canParse(href, location.href)) continue;
      const u = new URL(href, location.href);
      let changed = false;
      for (const key of [...u.searchParams.keys()]) {
        if (TRACKING.test(key)) {
          u.searchParams.delete(key);
          changed = true;
        }
      }
      if (changed) await a.setAttribute("href", u.href);
    }
  },
});
