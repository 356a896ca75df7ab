// Toggle a compact layout from the menu.
let compact = (await rmx.storage.get("compact")) === true;
const CSS = `
  .story { padding: 4px 8px !important; }
  .story .summary { display: none; }
`;
let sheet = compact ? await dom.addStyle(CSS) : null;
rmx.menu.add({
  title: "Toggle compact layout",
  async run() {
    compact = !compact;
    if (compact) sheet = await dom.addStyle(CSS);
    else await sheet?.remove();
    await rmx.storage.set("compact", compact);
  },
});
