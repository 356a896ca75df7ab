// The npm packages as people install them: `npm pack` each one, install
// the tarballs into a scratch project with no registry at all (--offline,
// and a registry address nothing listens on), then `npx remixlet lint` a
// shipped example and a refused remixlet, and import @remixlet/wasm.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { before, test } from "node:test";
import { dist, npmPlatform, repo, requireBuild } from "./helpers.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
let scratch;
let env;

function run(command, args, cwd) {
  const out = spawnSync(command, args, { cwd, env, encoding: "utf8", shell: process.platform === "win32" });
  if (out.error) throw out.error;
  return out;
}

before(() => {
  requireBuild();
  const tmp = mkdtempSync(path.join(tmpdir(), "remixlet-npm-"));
  // A fresh cache and no registry: nothing can come from the network.
  env = {
    ...process.env,
    npm_config_cache: path.join(tmp, "cache"),
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
  const tarballs = path.join(tmp, "tarballs");
  mkdirSync(tarballs);
  for (const pkg of ["remixlet", npmPlatform, "wasm"]) {
    const pack = run(npm, ["pack", path.join(dist, "npm", pkg), "--pack-destination", tarballs], tmp);
    assert.equal(pack.status, 0, `npm pack ${pkg}:\n${pack.stderr}`);
  }
  scratch = path.join(tmp, "project");
  mkdirSync(scratch);
  writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  const files = readdirSync(tarballs).map((f) => path.join(tarballs, f));
  assert.equal(files.length, 3, `tarballs: ${files}`);
  const install = run(npm, ["install", "--offline", ...files], scratch);
  assert.equal(install.status, 0, `npm install --offline:\n${install.stdout}\n${install.stderr}`);
});

test("the launcher lists every platform, and the platform package carries an executable binary", () => {
  const launcher = JSON.parse(readFileSync(path.join(scratch, "node_modules", "remixlet", "package.json"), "utf8"));
  assert.deepEqual(Object.keys(launcher.optionalDependencies).sort(), [
    "@remixlet/darwin-arm64", "@remixlet/darwin-x64", "@remixlet/linux-arm64",
    "@remixlet/linux-x64", "@remixlet/win32-arm64", "@remixlet/win32-x64",
  ]);
  for (const version of Object.values(launcher.optionalDependencies)) assert.equal(version, launcher.version);
  const installed = readdirSync(path.join(scratch, "node_modules", "@remixlet")).sort();
  assert.deepEqual(installed, [npmPlatform, "wasm"].sort(), "npm installs only this computer's binary");
});

test("npx remixlet lint passes a shipped example and refuses a bad one, with lint's exit status", () => {
  const example = path.join(repo, "testdata", "examples", "hide-promoted");
  const ok = run(npx, ["--offline", "remixlet", "lint", example], scratch);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /1 remixlet checked: 0 errors, 0 warnings/);

  const bad = path.join(scratch, "bad");
  mkdirSync(bad);
  writeFileSync(path.join(bad, "manifest.json"), '{"name": "x"}');
  const refused = run(npx, ["--offline", "remixlet", "lint", "--format", "json", bad], scratch);
  assert.equal(refused.status, 1, refused.stderr);
  assert.equal(JSON.parse(refused.stdout).remixlets[0].refused, true);

  const usage = run(npx, ["--offline", "remixlet", "lint", "--no-such-flag"], scratch);
  assert.equal(usage.status, 2);
  const version = run(npx, ["--offline", "remixlet", "version"], scratch);
  assert.equal(version.status, 0);
  assert.match(version.stdout, new RegExp(`^remixlet v${JSON.parse(readFileSync(path.join(scratch, "node_modules", "remixlet", "package.json"), "utf8")).version} `));
});

test("import @remixlet/wasm from the scratch project (Node picks node.js)", () => {
  const script = `
    import { readFileSync } from "node:fs";
    import * as remixlet from "@remixlet/wasm";
    const dir = ${JSON.stringify(path.join(repo, "testdata", "examples", "hide-promoted"))};
    const files = { "manifest.json": readFileSync(dir + "/manifest.json", "utf8"), "script.js": readFileSync(dir + "/script.js", "utf8") };
    const report = JSON.parse(await remixlet.lint(files, { dir: "hide-promoted" }));
    console.log(JSON.stringify({ refused: report.remixlets[0].refused, digest: await remixlet.digest(files) }));
  `;
  writeFileSync(path.join(scratch, "check.js"), script);
  const out = run(process.execPath, ["check.js"], scratch);
  assert.equal(out.status, 0, out.stderr);
  const got = JSON.parse(out.stdout);
  assert.equal(got.refused, false);
  assert.match(got.digest, /^h1:[A-Za-z0-9+/]{43}=$/);
});
