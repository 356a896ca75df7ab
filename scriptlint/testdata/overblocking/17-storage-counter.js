// Count visits per section of the site.
const counts = (await rmx.storage.get("visits")) ?? {};
const section = new URL(location.href).pathname.split("/")[1] || "home";
counts[section] = (counts[section] || 0) + 1;
await rmx.storage.set("visits", counts);
const top = Object.entries(counts).sort(([, a], [, b]) => b - a)[0];
rmx.log(`most visited: ${top[0]} (${top[1]})`);
