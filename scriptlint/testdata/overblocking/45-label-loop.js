// Find the first table with a header that mentions a price.
let priceTable = null;
outer: for (const table of await dom.queryAll("table")) {
  for (const th of await table.queryAll("th")) {
    if (/price|cost/i.test(await th.text())) {
      priceTable = table;
      break outer;
    }
  }
}
if (priceTable) await priceTable.addClass("rmx-prices");
