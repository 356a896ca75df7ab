// @remixlet/wasm in a real browser: headless Chromium (Debian's chromium;
// .ci/run installs it) loads the module from a page served over HTTP, lints
// the shipped examples, every case a map can hold and a refused remixlet,
// and must print what the command line prints, byte for byte.
// Set REMIXLET_SKIP_BROWSER=1 to skip on a machine without Chromium; CI
// never sets it, and without it a missing browser fails the test.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { agree, calls, expected, maskNonce, readFiles, remixlets, requireBuild, runCLI, wasmPackage } from "./helpers.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const skip = process.env.REMIXLET_SKIP_BROWSER === "1" ? "REMIXLET_SKIP_BROWSER=1" : false;

function findChromium() {
  for (const name of [process.env.CHROMIUM, "chromium", "chromium-browser", "google-chrome"]) {
    if (name && spawnSync(name, ["--version"], { encoding: "utf8" }).status === 0) return name;
  }
  throw new Error("no Chromium found: install Debian's chromium (apt-get install -y chromium), set CHROMIUM, or set REMIXLET_SKIP_BROWSER=1 to skip this test");
}

const types = { ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };

test("headless Chromium gives the module's answers exactly as the command line does", { skip, timeout: 1_200_000 }, async () => {
  requireBuild();
  const chromium = findChromium();
  const work = remixlets();
  const cases = work.labels.map((label) => ({
    label,
    files: Object.fromEntries(Object.entries(readFiles(path.join(work.root, label))).map(([n, b]) => [n, Buffer.from(b).toString("base64")])),
  }));
  const list = calls(work);
  const want = expected(work, list);

  let settle;
  const outcome = new Promise((resolve) => (settle = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (req.method === "POST") {
      // Bytes first, text once: a character split between two chunks
      // must not be decoded as two halves.
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        res.end("ok");
        settle({ path: url.pathname, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      });
      return;
    }
    let file;
    if (url.pathname === "/cases.json") {
      res.writeHead(200, { "content-type": types[".json"] });
      res.end(JSON.stringify({ cases, calls: list.map(({ cli, ...c }) => c) }));
      return;
    } else if (url.pathname === "/calls.mjs") {
      file = path.join(here, "calls.mjs");
    } else if (url.pathname.startsWith("/wasm/")) {
      file = path.join(wasmPackage, path.basename(url.pathname));
    } else {
      file = path.join(here, "browser", path.basename(url.pathname === "/" ? "index.html" : url.pathname));
    }
    try {
      const data = readFileSync(file);
      res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
      res.end(data);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const profile = mkdtempSync(path.join(tmpdir(), "remixlet-chromium-"));
  const browser = spawn(
    chromium,
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
      "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--disable-breakpad",
      "--disable-crash-reporter", `--user-data-dir=${profile}`,
      `http://127.0.0.1:${server.address().port}/index.html`,
    ],
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  let stderr = "";
  browser.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => browser.on("exit", (code) => resolve({ path: "exit", body: { code } })));
  const timer = setTimeout(() => settle({ path: "timeout" }), 1_000_000);
  let result;
  try {
    result = await Promise.race([outcome, exited]);
  } finally {
    clearTimeout(timer);
    try {
      process.kill(-browser.pid, "SIGKILL"); // the browser and the helpers it started
    } catch {}
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  assert.equal(result.path, "/results", `the page did not report results: ${JSON.stringify(result)}\nchromium: ${stderr}`);
  const { outputs, answers, started, firstLint, userAgent } = result.body;
  assert.equal(outputs.length, cases.length);
  let compared = 0;
  for (const out of outputs) {
    if (existsSync(path.join(work.root, out.label, "manifest.json"))) {
      // (A folder without one is no remixlet to the command line, which
      // searches it for remixlets instead; wasm.test.mjs covers those.)
      assert.equal(out.json, runCLI(["lint", "--format", "json", out.label], work.root).stdout, `${out.label}: json`);
      assert.equal(maskNonce(out.agent), maskNonce(runCLI(["lint", "--format", "agent", out.label], work.root).stdout), `${out.label}: agent`);
      compared++;
    }
    const digest = runCLI(["digest", out.label], work.root);
    if (digest.status === 0) assert.equal(out.digest + "\n", digest.stdout, `${out.label}: digest`);
    else assert.equal(out.digestError, digest.status, `${out.label}: digest refused`);
  }
  assert.ok(compared > 100, `only ${compared} remixlets compared`);
  assert.equal(answers.length, list.length);
  const problems = [];
  for (const [i, c] of list.entries()) {
    const problem = agree(c, want[i], answers[i]);
    if (problem) problems.push(`remixlet ${c.cli.join(" ")}: ${problem}`);
  }
  assert.equal(problems.length, 0, `${problems.length} calls differ in Chromium; the first ones:\n${problems.slice(0, 5).join("\n\n")}`);
  console.log(`# ${userAgent}: module started in ${started.toFixed(0)} ms, first lint ${firstLint.toFixed(0)} ms; ${compared} remixlets and ${list.length} calls compared`);
});
