// Show dates in the reader's own format and time zone.
const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const rel = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
function relative(date) {
  const minutes = Math.round((date.getTime() - Date.now()) / 60000);
  if (Math.abs(minutes) < 60) return rel.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rel.format(hours, "hour");
  return rel.format(Math.round(hours / 24), "day");
}
for (const el of await dom.queryAll("time[datetime]")) {
  const when = new Date(await el.getAttribute("datetime"));
  if (Number.isNaN(when.getTime())) continue;
  await el.setText(`${fmt.format(when)} (${relative(when)})`);
}
