// Remind the reader to take a break every hour.
const settings = (await rmx.storage.get("break-settings")) || { every: 60, enabled: true };
if (settings.enabled) {
  await rmx.schedule.add({ name: "break", everyMinutes: settings.every, action: "notify", text: "Time for a short break" });
}
