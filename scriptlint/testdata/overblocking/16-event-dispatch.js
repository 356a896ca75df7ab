// Keyboard shortcuts dispatched through a table of handlers.
const actions = {
  next: async () => (await dom.query("a[rel=next]"))?.click(),
  prev: async () => (await dom.query("a[rel=prev]"))?.click(),
  top: async () => (await dom.query("body")).scrollIntoView(),
};
const keys = new Map([["j", "next"], ["k", "prev"], ["g", "top"]]);
await dom.on("keydown", async (event) => {
  const action = keys.get(event.key);
  if (action && !event.ctrlKey) await actions[action]();
});
