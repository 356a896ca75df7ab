// Give each highlight a random id the reader can link to.
const buf = new Uint32Array(1);
for (const mark of await dom.queryAll("mark:not([id])")) {
  crypto.getRandomValues(buf);
  await mark.setAttribute("id", `rmx-${buf[0].toString(36)}`);
}
const session = crypto.randomUUID();
rmx.log(`session ${session}`);
