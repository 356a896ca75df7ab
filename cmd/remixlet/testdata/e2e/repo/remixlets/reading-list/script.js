// Show the saved list in a side box.
const box = await dom.query("#sidebar");
const saved = (await rmx.storage.get("saved")) ?? [];
// remixlet-ignore-next-line js/dynamic-html -- the list holds titles we escaped when saving them
box.innerHTML = renderList(saved);
box.insertAdjacentHTML("beforeend", footerHTML);
// remixlet-ignore-next-line js/dynamic-html -- nothing left to silence here
const count = saved.length;
// remixlet-ignore-next-line js/dynamic-html
box.innerHTML = renderCount(count);

function renderList(items) {
  return `<ul>${items.map((title) => `<li>${title}</li>`).join("")}</ul>`;
}
function renderCount(n) {
  return `<p>${n} saved</p>`;
}
var footerHTML;
