// A tiny state machine for a guided tour.
const steps = [
  { selector: "#search", text: "Search here" },
  { selector: "#filters", text: "Narrow the results" },
  { selector: "#saved", text: "Your saved items" },
];
const transitions = new Map([
  ["idle", new Map([["start", "running"]])],
  ["running", new Map([["next", "running"], ["finish", "done"], ["cancel", "idle"]])],
  ["done", new Map()],
]);
let state = "idle";
let index = 0;
function send(event) {
  const nextState = transitions.get(state)?.get(event);
  if (!nextState) return false;
  state = nextState;
  return true;
}
async function show() {
  const step = steps[index];
  const tip = await dom.create("div", { class: "rmx-tip", role: "status" });
  await tip.setText(step.text);
  await (await dom.query(step.selector))?.after(tip);
}
if (!(await rmx.storage.get("tour-done")) && send("start")) await show();
