// Batch attribute changes and apply them once per turn.
const pending = new Map();
let scheduled = false;
function setLater(handle, name, value) {
  pending.set(handle, [name, value]);
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(async () => {
      scheduled = false;
      const batch = [...pending];
      pending.clear();
      for (const [h, [n, v]] of batch) await h.setAttribute(n, v);
    });
  }
}
for (const img of await dom.queryAll("img:not([loading])")) setLater(img, "loading", "lazy");
