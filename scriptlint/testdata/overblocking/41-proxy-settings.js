// Settings object that saves itself when changed.
const stored = (await rmx.storage.get("prefs")) ?? { size: "m", autoplay: false };
const prefs = new Proxy(stored, {
  set(target, prop, value) {
    target[prop] = value;
    rmx.storage.set("prefs", target);
    return true;
  },
});
prefs.size = "l";
prefs.autoplay = false;
rmx.log(JSON.stringify(prefs));
