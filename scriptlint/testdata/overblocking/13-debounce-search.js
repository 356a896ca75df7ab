// Filter a long list as the reader types, debounced.
function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
const input = await dom.create("input", { type: "search", placeholder: "Filter…" });
const rows = await dom.queryAll("table.listing tbody tr");
const texts = await Promise.all(rows.map((r) => r.text()));
const apply = debounce(async (query) => {
  const q = query.toLowerCase();
  for (let i = 0; i < rows.length; i++) {
    if (texts[i].toLowerCase().includes(q)) await rows[i].removeAttribute("hidden");
    else await rows[i].setAttribute("hidden", "");
  }
}, 200);
await input.on("input", (event) => apply(event.value));
await (await dom.query("table.listing")).before(input);
