// Build a notice with dom.html from a fixed template.
const user = (await rmx.storage.get("name")) ?? "reader";
const notice = await dom.create("div", { class: "rmx-notice" });
await notice.setText(`Welcome back, ${user}.`);
const close = await dom.create("button", { type: "button" });
await close.setText("Dismiss");
await close.on("click", () => notice.remove());
await notice.append(close);
await (await dom.query("body")).prepend(notice);
await dom.html("<p class=\"rmx-hint\">Press <kbd>j</kbd> and <kbd>k</kbd> to move between stories.</p>");
