// Collapse long comment threads behind a toggle.
const LIMIT = 5;
for (const thread of await dom.queryAll(".thread")) {
  const replies = await thread.queryAll(".reply");
  if (replies.length <= LIMIT) continue;
  const extra = replies.slice(LIMIT);
  for (const r of extra) await r.setAttribute("hidden", "");
  const toggle = await dom.create("button", { type: "button", class: "rmx-toggle" });
  await toggle.setText(`Show ${extra.length} more`);
  let open = false;
  await toggle.on("click", async () => {
    open = !open;
    for (const r of extra) open ? await r.removeAttribute("hidden") : await r.setAttribute("hidden", "");
    await toggle.setText(open ? "Show fewer" : `Show ${extra.length} more`);
  });
  await thread.append(toggle);
}
