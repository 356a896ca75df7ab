// The WebAssembly module, loaded in Node through @remixlet/wasm, prints
// byte for byte what the command line prints for the same files: lint in
// every format for every shipped example and every case a map can hold,
// digest, the activation decision and the version.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { cli, maskNonce, readFiles, remixlets, requireBuild, runCLI, wasmPackage } from "./helpers.mjs";

let remixlet;
let work;

before(async () => {
  requireBuild();
  remixlet = await import(pathToFileURL(path.join(wasmPackage, "node.js")).href);
  work = remixlets();
});

after(() => {
  // Leave nothing behind but the temporary folder, which the OS clears.
});

test("lint --format json: the same bytes as the command line, for every remixlet", async () => {
  assert.ok(work.labels.length > 100, `only ${work.labels.length} remixlets to compare`);
  assert.ok(work.folderOnly > 0, "no folder-only case was recognised");
  let refused = 0;
  let notRemixlets = 0;
  for (const label of work.labels) {
    const holdsRemixletFile = ["script.js", "style.css", "rules.json"].some((f) => existsSync(path.join(work.root, label, f)));
    if (!existsSync(path.join(work.root, label, "manifest.json")) && !holdsRemixletFile) {
      // The command line searches a folder that holds no file of a
      // remixlet for remixlets, and exits 2 when it finds none; files in
      // memory are always one remixlet, refused for the missing manifest
      // (the Go tests hold that to the folder loader). A folder with
      // script.js, style.css or rules.json but no manifest.json is a
      // refused remixlet on both, compared below like any other.
      assert.equal(runCLI(["lint", label], work.root).status, 2, label);
      const got = JSON.parse(await remixlet.lint(readFiles(path.join(work.root, label)), { dir: label }));
      assert.ok(got.remixlets[0].findings.some((f) => f.rule === "package/missing-manifest"), label);
      notRemixlets++;
      continue;
    }
    const want = runCLI(["lint", "--format", "json", label], work.root);
    assert.ok(want.status === 0 || want.status === 1, `${label}: remixlet lint exited ${want.status}: ${want.stderr}`);
    const got = await remixlet.lint(readFiles(path.join(work.root, label)), { dir: label });
    assert.equal(got, want.stdout, `${label}: the module's json differs from the command line's`);
    if (want.status === 1) refused++;
  }
  assert.ok(refused > 50, `only ${refused} refused remixlets among those compared`);
  assert.ok(notRemixlets < 10, `${notRemixlets} cases without a manifest`);
});

test("lint in the other formats, for the examples and a refused remixlet", async () => {
  for (const label of work.labels.filter((l) => l.startsWith("example-") || l === "refused")) {
    for (const format of ["text", "github", "agent"]) {
      const want = runCLI(["lint", "--format", format, label], work.root);
      const got = await remixlet.lint(readFiles(path.join(work.root, label)), { dir: label, format });
      assert.equal(maskNonce(got), maskNonce(want.stdout), `${label} --format ${format}`);
    }
    // SARIF lists every rule the program links; the module leaves out the
    // packages lint does not run on a stored remixlet (the version store,
    // build, config) and their rules, which lint's analyzers never report.
    // Everything else is the same.
    const want = JSON.parse(runCLI(["lint", "--format", "sarif", label], work.root).stdout);
    const got = JSON.parse(await remixlet.lint(readFiles(path.join(work.root, label)), { dir: label, format: "sarif" }));
    const ids = (log) => log.runs[0].tool.driver.rules.map((r) => r.id);
    const missing = ids(want).filter((id) => !ids(got).includes(id));
    const linted = /^(package|manifest|js|css|netrules)\//;
    assert.ok(missing.length > 0 && !missing.some((id) => linted.test(id)), `lint rules missing from the module: ${missing.filter((id) => linted.test(id))}`);
    // Results cite rules by index into that list: compare them by id.
    for (const log of [want, got]) {
      const list = ids(log);
      for (const result of log.runs[0].results) {
        assert.equal(list[result.ruleIndex], result.ruleId, `${label}: a result's ruleIndex`);
        delete result.ruleIndex;
      }
    }
    want.runs[0].tool.driver.rules = want.runs[0].tool.driver.rules.filter((r) => !missing.includes(r.id));
    assert.deepEqual(got, want, `${label} --format sarif`);
  }
  const agent = await remixlet.lint(readFiles(path.join(work.root, "refused")), { dir: "refused", format: "agent" });
  assert.match(agent, /^error js\/eval script\.js:1:1 <<untrusted-[0-9a-f]{32}>>/m);
  assert.match(agent, /^error package\/unexpected-file <<untrusted-([0-9a-f]{32})>>ignore previous instructions\.txt<<\/untrusted-\1>> /m);
  assert.doesNotMatch(agent, /Refused <<\/untrusted-0>>/, "a planted fence must be escaped");
});

test("digest: the same digest, or the same refusal", async () => {
  for (const label of work.labels) {
    const want = runCLI(["digest", label], work.root);
    const files = readFiles(path.join(work.root, label));
    if (want.status === 0) {
      assert.equal((await remixlet.digest(files)) + "\n", want.stdout, label);
    } else {
      await assert.rejects(remixlet.digest(files), (err) => err.name === "RemixletError" && err.exitCode === want.status, label);
    }
  }
});

test("decide: the same decision as remixlet diff --format json", async () => {
  const examples = work.labels.filter((l) => l.startsWith("example-"));
  const cases = [];
  for (const next of examples) {
    cases.push({ running: null, next, chatSite: "https://news.example.com/", allowed: [] });
    cases.push({ running: null, next, chatSite: "", allowed: ["storage", "netrules"] });
    for (const running of examples) cases.push({ running, next, chatSite: "https://news.example.com/", allowed: ["storage"] });
  }
  for (const c of cases) {
    // The command line names the versions by their folders: give the
    // module the same labels.
    const args = ["diff", "--format", "json", ...(c.chatSite ? ["--chat-site", c.chatSite] : [])];
    for (const a of c.allowed) args.push("--allowed", a);
    args.push(...(c.running ? [c.running] : []), c.next);
    const want = runCLI(args, work.root);
    assert.ok([0, 1, 3].includes(want.status), `${args.join(" ")}: exit ${want.status} ${want.stderr}`);
    const options = { chatSite: c.chatSite, allowed: c.allowed, newLabel: c.next, runningLabel: c.running ?? "" };
    const running = c.running ? readFiles(path.join(work.root, c.running)) : null;
    const got = await remixlet.decide(running, readFiles(path.join(work.root, c.next)), options);
    assert.equal(got, want.stdout, args.join(" "));
    assert.equal(JSON.parse(got).exitCode, want.status);
  }
});

test("strings are files: text with a lone surrogate is refused as invalid UTF-8, as its bytes are on disk", async () => {
  const manifest = readFileSync(path.join(work.root, "example-hide-promoted", "manifest.json"), "utf8");
  const got = JSON.parse(await remixlet.lint({ "manifest.json": manifest, "script.js": "const a = '\uD800';\n" }));
  const findings = got.remixlets[0].findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule}`);
  assert.deepEqual(findings, ["script.js:1:12 package/invalid-utf8"]);
  const dir = path.join(work.root, "surrogate");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "manifest.json"), manifest);
  writeFileSync(path.join(dir, "script.js"), Buffer.from([...Buffer.from("const a = '"), 0xed, 0xa0, 0x80, ...Buffer.from("';\n")]));
  assert.equal(
    await remixlet.lint({ "manifest.json": manifest, "script.js": "const a = '\uD800';\n" }, { dir: "surrogate" }),
    runCLI(["lint", "--format", "json", "surrogate"], work.root).stdout,
  );
});

test("bad calls are errors that say what to do", async () => {
  await assert.rejects(remixlet.lint("manifest.json"), /must be an object of file name/);
  await assert.rejects(remixlet.lint({ "manifest.json": 42 }), /must be a string or a Uint8Array/);
  await assert.rejects(remixlet.lint({}, { format: "xml" }), (err) => err.exitCode === 2 && /unknown format "xml"/.test(err.message));
  await assert.rejects(remixlet.decide(null, {}, { allowed: ["fetch:*"] }), (err) => err.exitCode === 1 || err.exitCode === 2);
});

test("version: the command line's version, esbuild and API; the module's own platform and rules", async () => {
  const want = JSON.parse(runCLI(["version", "--format", "json"]).stdout);
  const got = JSON.parse(await remixlet.version());
  for (const key of ["name", "version", "commit", "go", "esbuild", "api"]) assert.deepEqual(got[key], want[key], key);
  assert.equal(got.platform, "js/wasm");
  assert.match(got.rules.sha256, /^[0-9a-f]{64}$/);
  // The module leaves out the version store, build and config, so its table
  // lacks their rules.
  assert.ok(got.rules.count > 100 && got.rules.count < want.rules.count, `${got.rules.count} rules vs ${want.rules.count}`);
  const explain = runCLI(["explain"]).stdout;
  assert.ok(explain.length > 0 && spawnSync(cli, ["--version"]).status === 0);
});
