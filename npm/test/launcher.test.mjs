// The npm launcher (npm/remixlet/bin/remixlet.js) ends exactly as the
// binary it runs ends: the same exit status, killed by the same signal,
// and Ctrl-C (SIGINT to the whole process group) reaches the binary, which
// decides what it means, instead of killing the launcher first. The binary
// here is a small shell script standing in for remixlet, installed in the
// layout npm gives the platform package; no release build is needed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { repo } from "./helpers.mjs";

const unix = process.platform !== "win32";

// install lays out node_modules/remixlet and, unless omitted, the
// platform package holding `binary` (a shell script) as bin/remixlet.
function install(binary) {
  const root = mkdtempSync(path.join(tmpdir(), "remixlet-launcher-"));
  const pkg = path.join(root, "node_modules", "remixlet");
  mkdirSync(path.join(pkg, "bin"), { recursive: true });
  copyFileSync(path.join(repo, "npm", "remixlet", "bin", "remixlet.js"), path.join(pkg, "bin", "remixlet.js"));
  writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "remixlet", version: "1.2.3" }));
  writeFileSync(path.join(pkg, "platforms.json"), JSON.stringify({ [`${process.platform} ${process.arch}`]: "@remixlet/fake-platform" }));
  if (binary !== undefined) {
    const plat = path.join(root, "node_modules", "@remixlet", "fake-platform");
    mkdirSync(path.join(plat, "bin"), { recursive: true });
    writeFileSync(path.join(plat, "package.json"), JSON.stringify({ name: "@remixlet/fake-platform", version: "1.2.3" }));
    writeFileSync(path.join(plat, "bin", "remixlet"), `#!/bin/sh\n${binary}\n`);
    chmodSync(path.join(plat, "bin", "remixlet"), 0o755);
  }
  return { root, launcher: path.join(pkg, "bin", "remixlet.js") };
}

// start runs the launcher as the leader of a process group of its own, as
// a shell runs a foreground job, and resolves with how it ended.
function start(where, args = [], { onStarted } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [where.launcher, ...args], { cwd: where.root, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
      if (onStarted && stdout.includes("ready")) {
        const go = onStarted;
        onStarted = undefined;
        go(child);
      }
    });
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    // Bounded: a launcher that loses its binary must not hang the suite;
    // the whole group (launcher and binary) goes.
    const limit = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      reject(new Error(`the launcher did not end within 10 s (stdout: ${stdout})`));
    }, 10_000);
    child.on("exit", (code, signal) => {
      clearTimeout(limit);
      // Whatever the launcher did, leave no binary behind.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test("the exit status is the binary's, and the arguments reach it", { skip: !unix && "a shell script stands in for the binary" }, async () => {
  for (const status of [0, 1, 2, 3]) {
    const where = install(`echo "args: $*"; exit ${status}`);
    const got = await start(where, ["lint", "--format", "json", "a b"]);
    assert.equal(got.code, status, got.stderr);
    assert.equal(got.signal, null);
    assert.match(got.stdout, /args: lint --format json a b/);
  }
});

test("Ctrl-C: the binary handles SIGINT and exits 0, and so does the launcher", { skip: !unix && "process groups" }, async () => {
  const where = install(`trap 'echo stopping; exit 0' INT; echo ready; while :; do sleep 0.05; done`);
  const got = await start(where, [], { onStarted: (child) => process.kill(-child.pid, "SIGINT") });
  assert.deepEqual({ code: got.code, signal: got.signal }, { code: 0, signal: null }, got.stderr);
  assert.match(got.stdout, /stopping/);
});

test("a binary killed by a signal: the launcher is killed by the same signal", { skip: !unix && "signals" }, async () => {
  const where = install(`echo ready; while :; do sleep 0.05; done`);
  const got = await start(where, [], { onStarted: (child) => process.kill(-child.pid, "SIGINT") });
  assert.deepEqual({ code: got.code, signal: got.signal }, { code: null, signal: "SIGINT" });
  const term = install(`kill -TERM $$`);
  const killed = await start(term);
  assert.deepEqual({ code: killed.code, signal: killed.signal }, { code: null, signal: "SIGTERM" });
});

test("SIGTERM sent to the launcher alone is passed on to the binary", { skip: !unix && "signals" }, async () => {
  const where = install(`trap 'echo got TERM; exit 0' TERM; echo ready; while :; do sleep 0.05; done`);
  const got = await start(where, [], { onStarted: (child) => child.kill("SIGTERM") });
  assert.deepEqual({ code: got.code, signal: got.signal }, { code: 0, signal: null }, got.stderr);
  assert.match(got.stdout, /got TERM/);
});

test("no binary installed: the message names the package to install, and no flag", async () => {
  const where = install(undefined);
  const got = await start(where, ["lint"]);
  assert.equal(got.code, 2);
  assert.match(got.stderr, /is in the package @remixlet\/fake-platform, which is not installed/);
  assert.match(got.stderr, /npm install @remixlet\/fake-platform@1\.2\.3/);
  assert.doesNotMatch(got.stderr, /--/, "names no flag the user did not use");
});
