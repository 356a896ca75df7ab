// A small clock in the corner, updated every second.
const clock = await dom.create("div", { class: "rmx-clock" });
await (await dom.query("body")).append(clock);
const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
async function tick() {
  await clock.setText(time.format(new Date()));
}
await tick();
const id = setInterval(tick, 1000);
rmx.keep({ name: "clock present", async check() { return (await dom.queryAll(".rmx-clock")).length > 0 }, async repair() { clearInterval(id) } });
