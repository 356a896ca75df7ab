// Wait for either of two layouts to appear.
const found = await Promise.race([
  dom.waitFor(".layout-a .content"),
  dom.waitFor(".layout-b main"),
  new Promise((resolve) => setTimeout(() => resolve(null), 10000)),
]);
if (!found) {
  rmx.log("neither layout appeared");
} else {
  await found.addClass("rmx-focus");
}
const results = await Promise.allSettled([rmx.storage.get("a"), rmx.storage.get("b")]);
rmx.log(results.map((r) => r.status).join(","));
