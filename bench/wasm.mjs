#!/usr/bin/env node
// The WebAssembly module's size and speed, for docs/wasm.md: its size raw
// and gzipped; the time from nothing to a started module; the first lint
// after start (what a person waits for on the first save); and the steady
// lint time per shipped example, as a ratio to the native Go code linting
// the same example in process (lint's BenchmarkLintExample). The engine
// compiles the module in tiers (a fast baseline first, optimised code for
// hot functions later), so lints get faster over the first few hundred
// calls: the script reports the first ten and the steady state apart.
//
// Usage: go run ./tools/release -version v0.0.0-bench -platforms linux/amd64
//        node bench/wasm.mjs [dist]   (default dist; N=50 lints per example)
//        START_ONLY=1 node bench/wasm.mjs [dist]   (size, start and first lint only:
//        one process per start, to run several times, interleaved with another build)
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dist = path.resolve(process.argv[2] ?? path.join(repo, "dist"));
const n = Number(process.env.N ?? 50);
const wasm = readFileSync(path.join(dist, "npm", "wasm", "remixlet.wasm"));
const mib = (b) => `${(b / (1 << 20)).toFixed(1)} MiB`;
console.log(`size: ${mib(wasm.length)} raw, ${mib(gzipSync(wasm, { level: 9 }).length)} gzip -9`);

const examples = ["hide-promoted", "reading-mode", "block-trackers"];
const files = (name) => {
  const dir = path.join(repo, "testdata", "examples", name);
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
};

// CPU time of the whole process (every thread: the engine compiles and
// optimises on threads of its own) beside the wall time, which on a busy
// machine is mostly waiting for a core.
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const c0 = cpu();
const t0 = performance.now();
const remixlet = await import(pathToFileURL(path.join(dist, "npm", "wasm", "node.js")).href);
await remixlet.ready();
const t1 = performance.now();
const c1 = cpu();
await remixlet.lint(files("hide-promoted"));
const t2 = performance.now();
const c2 = cpu();
console.log(`start: ${(t1 - t0).toFixed(0)} ms (${(c1 - c0).toFixed(0)} ms CPU); first lint (hide-promoted) after start: ${(t2 - t1).toFixed(0)} ms (${(c2 - c1).toFixed(0)} ms CPU)`);
if (process.env.START_ONLY) process.exit(0);

const mean = async (f, count) => {
  const start = performance.now();
  for (let i = 0; i < count; i++) await remixlet.lint(f);
  return (performance.now() - start) / count;
};
console.log(`next 10 lints (hide-promoted): ${(await mean(files("hide-promoted"), 10)).toFixed(2)} ms each`);
for (let i = 0; i < 300; i++) await remixlet.lint(files(examples[i % examples.length])); // tier-up

// Native: ns/op of BenchmarkLintExample/NAME.
const bench = execFileSync("go", ["test", "-run", "^$", "-bench", "BenchmarkLintExample", "-benchtime", `${n}x`, "./lint"], { cwd: repo, encoding: "utf8" });
for (const name of examples) {
  const wasmMs = await mean(files(name), n);
  const m = new RegExp(`BenchmarkLintExample/${name}\\S*\\s+\\d+\\s+([\\d.]+) ns/op`).exec(bench);
  const nativeMs = m ? Number(m[1]) / 1e6 : NaN;
  console.log(`${name}, steady: ${wasmMs.toFixed(2)} ms per lint in wasm, ${nativeMs.toFixed(2)} ms native: ${(wasmMs / nativeMs).toFixed(1)}× native`);
}
