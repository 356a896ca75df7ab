// Settings kept as JSON, with defaults and a version.
const DEFAULTS = Object.freeze({ version: 2, fontSize: 18, hideAds: true, width: 720 });
function migrate(raw) {
  let s = { ...DEFAULTS };
  try {
    s = { ...DEFAULTS, ...JSON.parse(raw ?? "{}") };
  } catch (err) {
    rmx.log(`bad settings: ${err.message}`);
  }
  if (s.version < 2) s.width = 720;
  return { ...s, version: DEFAULTS.version };
}
const settings = migrate(await rmx.storage.get("settings-json"));
await rmx.storage.set("settings-json", JSON.stringify(settings));
dom.addStyle(`.article-body { font-size: ${settings.fontSize}px; max-width: ${settings.width}px; }`);
