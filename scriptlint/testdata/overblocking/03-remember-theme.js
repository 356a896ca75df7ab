// Remember the reader's theme choice.
const KEY = "theme";
const themes = { light: "rmx-light", dark: "rmx-dark", sepia: "rmx-sepia" };
const saved = (await rmx.storage.get(KEY)) ?? "light";
const body = await dom.query("body");
await body.addClass(themes[saved] ?? themes.light);
const picker = await dom.create("select", { "aria-label": "Theme" });
for (const name of Object.keys(themes)) {
  const option = await dom.create("option", { value: name });
  await option.setText(name[0].toUpperCase() + name.slice(1));
  await picker.append(option);
}
await picker.on("change", async (event) => {
  const choice = event.value;
  for (const cls of Object.values(themes)) await body.removeClass(cls);
  await body.addClass(themes[choice]);
  await rmx.storage.set(KEY, choice);
});
await (await dom.query("header")).append(picker);
