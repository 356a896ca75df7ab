// A small model with computed properties.
class Budget {
  #spent = 0;
  constructor(limit) {
    this.limit = limit;
  }
  get remaining() {
    return Math.max(0, this.limit - this.#spent);
  }
  set spent(value) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError("spent must be a positive number");
    this.#spent = value;
  }
  toString() {
    return `${this.remaining} of ${this.limit} left`;
  }
}
const total = (await Promise.all((await dom.queryAll(".expense .amount")).map(async (a) => Number(await a.text())))).reduce((a, b) => a + b, 0);
const budget = new Budget((await rmx.storage.get("limit")) ?? 500);
budget.spent = total;
await (await dom.query(".budget")).setText(String(budget));
