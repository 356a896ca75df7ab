// Undo history for edits the remixlet makes.
const history = [];
function snapshot(state) {
  history.push(structuredClone(state));
  if (history.length > 20) history.shift();
}
const state = { hidden: [], notes: {} };
snapshot(state);
state.hidden.push("sidebar");
snapshot(state);
rmx.menu.add({
  title: "Undo last change",
  async run() {
    const last = history.pop();
    if (!last) return;
    for (const sel of last.hidden) await (await dom.query(`#${sel}`))?.removeAttribute("hidden");
    rmx.log(`undone, ${history.length} left`);
  },
});
