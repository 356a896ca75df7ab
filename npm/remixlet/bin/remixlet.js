#!/usr/bin/env node
// The remixlet launcher: runs the binary of the optional dependency that
// matches this computer (@remixlet/linux-x64, ...), with the same arguments
// and standard streams, and ends as the binary ended: the same exit status,
// or killed by the same signal.
"use strict";

const { spawn } = require("node:child_process");
const path = require("node:path");
const platforms = require("../platforms.json"); // "linux x64" → "@remixlet/linux-x64"
const { version } = require("../package.json");

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
    `the binary for this computer is in the package ${pkg}, which is not installed ` +
      "(npm leaves an optional dependency out when asked to, or when the lock file was written on another kind of computer): " +
      `install it with: npm install ${pkg}@${version}`,
  );
}
const bin = path.join(dir, "bin", process.platform === "win32" ? "remixlet.exe" : "remixlet");

// Signals. Ctrl-C in a terminal sends SIGINT to every process of the
// foreground group, the binary too, which decides what it means (build
// --watch stops and exits 0): the launcher must not die of it first, so it
// listens and waits. A signal sent to the launcher alone (kill PID, a
// process manager's SIGTERM) is passed on to the binary. SIGINT, SIGQUIT
// and SIGHUP on a terminal come from the terminal, which already sent them
// to the binary; they are not sent twice.
const fromTerminal = new Set(["SIGINT", "SIGQUIT", "SIGHUP"]);
const signals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGBREAK"].filter(
  (s) => process.platform !== "win32" || s === "SIGINT" || s === "SIGBREAK",
);
// The handlers are in place before the binary starts: a signal that comes
// as soon as it runs must reach it, not kill the launcher and leave it
// behind. One that comes before it is spawned is passed on once it is.
let child;
const early = [];
const handlers = new Map();
for (const s of signals) {
  const handler = () => {
    if (fromTerminal.has(s) && process.stdin.isTTY) return;
    if (!child) {
      early.push(s);
      return;
    }
    try {
      child.kill(s);
    } catch {
      // the binary has ended already
    }
  };
  handlers.set(s, handler);
  process.on(s, handler);
}
child = spawn(bin, process.argv.slice(2), { stdio: "inherit", windowsHide: true });
for (const s of early) child.kill(s);
child.on("error", (err) => fail(`cannot run ${bin}: ${err.message}`));
child.on("exit", (code, signal) => {
  for (const [s, handler] of handlers) process.removeListener(s, handler);
  if (signal) {
    // Killed by a signal: end the same way, so the shell sees it.
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 2);
});
