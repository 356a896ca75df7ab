// A paged collection with its own iterator.
class Paged {
  constructor(items, size) {
    this.items = items;
    this.size = size;
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.items.length; i += this.size) yield this.items.slice(i, i + this.size);
  }
  get pages() {
    return Math.ceil(this.items.length / this.size);
  }
}
const names = await Promise.all((await dom.queryAll(".member .name")).map((n) => n.text()));
const paged = new Paged(names, 10);
let page = 0;
for (const chunk of paged) {
  page++;
  rmx.log(`page ${page}/${paged.pages}: ${chunk.join(", ")}`);
}
