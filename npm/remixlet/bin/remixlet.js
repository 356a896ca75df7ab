#!/usr/bin/env node
// The remixlet launcher: runs the binary of the optional dependency that
// matches this computer (@remixlet/linux-x64, ...), with the same arguments,
// standard streams and exit status.
"use strict";

const { spawnSync } = require("node:child_process");
const path = require("node:path");
const platforms = require("../platforms.json"); // "linux x64" → "@remixlet/linux-x64"

function fail(message) {
  process.stderr.write(`remixlet: ${message}\n`);
  process.exit(2);
}

const key = `${process.platform} ${process.arch}`;
const pkg = platforms[key];
if (!pkg) {
  fail(
    `there is no remixlet build for ${process.platform}/${process.arch} (builds: ${Object.keys(platforms).join(", ")}); ` +
      "build it from source (docs/install.md) or use @remixlet/wasm",
  );
}
let dir;
try {
  dir = path.dirname(require.resolve(`${pkg}/package.json`));
} catch {
  fail(
    `${pkg}, which holds the binary for this computer, is not installed: ` +
      "install remixlet again without --omit=optional or --no-optional",
  );
}
const bin = path.join(dir, "bin", process.platform === "win32" ? "remixlet.exe" : "remixlet");
const run = spawnSync(bin, process.argv.slice(2), { stdio: "inherit", windowsHide: true });
if (run.error) fail(`cannot run ${bin}: ${run.error.message}`);
if (run.signal) process.kill(process.pid, run.signal);
process.exit(run.status ?? 2);
