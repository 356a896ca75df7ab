// Translate status codes into words with a lookup table.
const STATUS = {
  open: "Open",
  closed: "Closed",
  pending: "Waiting for reply",
  spam: "Marked as spam",
};
const ICONS = { open: "●", closed: "○", pending: "◐", spam: "✕" };
for (const badge of await dom.queryAll(".status-badge")) {
  const code = (await badge.getAttribute("data-status")) ?? "";
  const label = STATUS[code] ?? code;
  const icon = ICONS[code] || "";
  await badge.setText(`${icon} ${label}`.trim());
}
