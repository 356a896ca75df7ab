// Runs in headless Chromium: loads @remixlet/wasm the way an extension page
// does (browser.js, remixlet.wasm fetched beside it), lints every remixlet
// the test serves, and posts the outputs back for comparison.
import * as remixlet from "/wasm/browser.js";
import { runCall } from "/calls.mjs";

function bytes(base64) {
  const raw = atob(base64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function post(path, body) {
  await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

try {
  const { cases, calls } = await (await fetch("/cases.json")).json();
  const t0 = performance.now();
  await remixlet.ready();
  const started = performance.now() - t0;
  const outputs = [];
  const timings = [];
  for (const c of cases) {
    const files = {};
    for (const [name, data] of Object.entries(c.files)) files[name] = bytes(data);
    const t = performance.now();
    const output = {
      label: c.label,
      json: await remixlet.lint(files, { dir: c.label }),
      agent: await remixlet.lint(files, { dir: c.label, format: "agent" }),
    };
    timings.push(performance.now() - t);
    try {
      output.digest = await remixlet.digest(files);
    } catch (err) {
      output.digestError = err.exitCode;
    }
    outputs.push(output);
  }
  const byLabel = new Map(cases.map((c) => [c.label, Object.fromEntries(Object.entries(c.files).map(([n, d]) => [n, bytes(d)]))]));
  const answers = [];
  for (const call of calls) answers.push(await runCall(remixlet, call, (label) => byLabel.get(label)));
  await post("/results", { outputs, answers, started, firstLint: timings[0], userAgent: navigator.userAgent });
} catch (err) {
  await post("/error", { message: String(err?.stack ?? err) });
}
