// Remind the reader to take a break every hour.
const settings = (await rmx.storage.get("break-settings")) || { every: 60, enabled: true };
if (settings.enabled) {
  await rmx.schedule.notify({ everyMinutes: settings.every }, "Time for a short break");
}
