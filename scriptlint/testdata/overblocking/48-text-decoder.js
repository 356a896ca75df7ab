// Decode a base64 data attribute holding UTF-8 text.
const decoder = new TextDecoder("utf-8");
for (const el of await dom.queryAll("[data-b64]")) {
  const b64 = (await el.getAttribute("data-b64")) ?? "";
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  await el.setText(decoder.decode(bytes));
}
