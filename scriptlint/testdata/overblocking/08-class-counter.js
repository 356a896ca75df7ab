// Count how many comments each author left on the page.
class Tally {
  #counts = new Map();
  add(name) {
    this.#counts.set(name, (this.#counts.get(name) ?? 0) + 1);
    return this;
  }
  top(n) {
    return [...this.#counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
  get size() {
    return this.#counts.size;
  }
  static from(names) {
    const t = new Tally();
    for (const name of names) t.add(name);
    return t;
  }
}
const authors = await Promise.all((await dom.queryAll(".comment .author")).map((a) => a.text()));
const tally = Tally.from(authors);
const box = await dom.create("aside", { class: "rmx-tally" });
await box.setText(tally.top(3).map(([name, n]) => `${name}: ${n}`).join(" · "));
await (await dom.query("#comments")).prepend(box);
rmx.log(`counted ${tally.size} authors`);
