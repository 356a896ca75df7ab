// The WebAssembly module, loaded in Node through @remixlet/wasm, prints
// byte for byte what the command line prints for the same files: lint,
// digest, the activation decision, the stylesheet check and the installed
// rules for every shipped example, every case a map can hold and every
// corpus case (calls.mjs, helpers.mjs); lint in every format; the version.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { runCall } from "./calls.mjs";
import { agree, calls, cli, expected, maskNonce, readFiles, remixlets, requireBuild, runCLI, wasmPackage } from "./helpers.mjs";

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

test("every call gives the command line's bytes: lint, digest, decide, css, netrules over every case, corpus case and example", { timeout: 900_000 }, async () => {
  assert.ok(work.labels.length > 400, `only ${work.labels.length} remixlets to compare`);
  const list = calls(work);
  const want = expected(work, list);
  const counts = {};
  const problems = [];
  let refused = 0;
  for (const [i, c] of list.entries()) {
    const got = await runCall(remixlet, c, (label) => readFiles(path.join(work.root, label)));
    const problem = agree(c, want[i], got);
    if (problem) problems.push(`remixlet ${c.cli.join(" ")}: ${problem}`);
    counts[c.fn] = (counts[c.fn] ?? 0) + 1;
    if (want[i].status === 1) refused++;
  }
  assert.equal(problems.length, 0, `${problems.length} calls differ; the first ones:\n${problems.slice(0, 5).join("\n\n")}`);
  for (const fn of ["lint", "digest", "decide", "css", "netrules"]) assert.ok(counts[fn] > 20, `only ${counts[fn]} ${fn} calls`);
  assert.ok(refused > 500, `only ${refused} refused answers among those compared`);
  console.log(`# ${list.length} calls compared (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}), ${refused} of them refused`);
});

// The module's size is what every extension downloads and compiles before
// its first check; the budget holds what was gained (docs/wasm.md).
test("the module stays within its size budget", () => {
  const budget = 13_500_000;
  const size = statSync(path.join(wasmPackage, "remixlet.wasm")).size;
  assert.ok(size <= budget, `remixlet.wasm is ${size} bytes, over its budget of ${budget}: go run ./tools/wasmsize lists what each package adds`);
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

// Errors from the module are plain words a person can act on: never the Go
// decoder's or runtime's.
const goWords = /\bjson: |cannot unmarshal|runtime error|goroutine|panic:|reflect\.|<nil>/;

async function rejectsPlainly(promise, pattern, exitCode) {
  await assert.rejects(promise, (err) => {
    assert.match(err.message, pattern);
    assert.doesNotMatch(err.message, goWords);
    if (exitCode !== undefined) assert.equal(err.exitCode, exitCode, err.message);
    return true;
  });
}

test("hostile input: wrong types, unknown and __proto__ keys, huge strings, all answered in plain words", { timeout: 300_000 }, async () => {
  const manifest = readFileSync(path.join(work.root, "example-hide-promoted", "manifest.json"), "utf8");
  const page = { url: "https://news.example.com/" };
  // Wrong types, caught before the module.
  for (const [call, pattern] of [
    [() => remixlet.css(42), /sheet must be a string or a Uint8Array/],
    [() => remixlet.css("a{}", 7), /manifest must be a string or a Uint8Array/],
    [() => remixlet.css("a{}", null, "script"), /options must be an object/],
    [() => remixlet.css("a{}", null, [true]), /options must be an object/],
    [() => remixlet.css("a{}", null, { file: 1n }), /options must hold only strings/],
    [() => remixlet.netrules(null), /files must be an object/],
    [() => remixlet.explain(3), /rule must be a string/],
    [() => remixlet.address({ href: "x" }, manifest, { page }), /address must be a string/],
    [() => remixlet.address("https://x/", undefined, { page }), /manifest must be a string or a Uint8Array/],
    [() => remixlet.element("img", manifest, { page }), /element must be an object/],
    [() => remixlet.selector(null), /selector must be a string/],
    [() => remixlet.lint(new Map([[1, "x"]])), /files must be named by strings/],
  ]) {
    await assert.rejects(call(), (err) => err instanceof TypeError && pattern.test(err.message) && !goWords.test(err.message));
  }
  // Wrong kinds inside options and elements, answered by the module.
  await rejectsPlainly(remixlet.css("a{}", null, { script: "yes" }), /^options\.script must be true or false, not a string$/, 2);
  await rejectsPlainly(remixlet.netrules({}, { extensionId: 5 }), /^options\.extensionId must be a string, not a number$/, 2);
  await rejectsPlainly(remixlet.decide(null, { "manifest.json": manifest }, { allowed: "storage" }), /^options\.allowed must be a list, not a string$/, 2);
  await rejectsPlainly(remixlet.decide(null, { "manifest.json": manifest }, { allowed: [1] }), /^options\.allowed\[0\] must be a string, not a number$/, 2);
  await rejectsPlainly(remixlet.address("https://x/", manifest, { page: { url: 1 } }), /^options\.page\.url must be a string, not a number$/, 2);
  await rejectsPlainly(remixlet.address("https://x/", manifest, { page: "x" }), /^options\.page must be an object, not a string$/, 2);
  await rejectsPlainly(remixlet.element({ tag: 3 }, manifest, { page }), /^element\.tag must be a string, not a number$/, 2);
  await rejectsPlainly(remixlet.element({ tag: "img", attributes: [{ name: "src", value: 1 }] }, manifest, { page }), /^element\.attributes\[0\]\.value must be a string, not a number$/, 2);
  await rejectsPlainly(remixlet.element({ tag: "img", attributes: { name: "src" } }, manifest, { page }), /^element\.attributes must be a list, not an object$/, 2);
  await rejectsPlainly(remixlet.element({}, manifest, { page }), /element\.tag is empty/, 2);
  await rejectsPlainly(remixlet.address("https://x/", "{", { page }), /manifest\.json has errors, so no host can be checked/, 2);
  await rejectsPlainly(remixlet.explain("js/nope"), /^no rule "js\/nope"/, 2);
  // Unknown keys, __proto__ among them, are refused by name.
  await rejectsPlainly(remixlet.lint({}, { formatt: "json" }), /^options has no option "formatt": use dir, format$/, 2);
  await rejectsPlainly(remixlet.css("a{}", null, JSON.parse('{"__proto__": {"script": true}}')), /^options has no option "__proto__": use file, manifestFile, script, sanitize$/, 2);
  await rejectsPlainly(remixlet.element(JSON.parse('{"tag": "img", "__proto__": {"passwordField": true}}'), manifest, { page }), /^element has no option "__proto__"/, 2);
  // A file named __proto__ is a file the stored form does not have, as in a folder.
  const proto = JSON.parse(await remixlet.lint(JSON.parse(`{"manifest.json": ${JSON.stringify(manifest)}, "__proto__": "x"}`)));
  assert.ok(proto.remixlets[0].findings.some((f) => f.rule === "package/unexpected-file" && f.file === "__proto__"), JSON.stringify(proto));
  // Huge strings: refused by the caps, or answered, never a hang or a crash.
  const huge = "a".repeat(20 << 20);
  const sheet = JSON.parse(await remixlet.css(huge, manifest));
  assert.ok(sheet.refused && sheet.findings[0].rule === "package/too-large", JSON.stringify(sheet.findings));
  assert.equal(JSON.parse(await remixlet.selector("[".repeat(5 << 20) + "value]", { passwordField: true })).refused, true);
  assert.equal(JSON.parse(await remixlet.address("https://news.example.com/" + "a".repeat(5 << 20), manifest, { page })).allowed, true);
  const many = Array.from({ length: 100000 }, (_, i) => ({ name: `data-x${i}`, value: "v" }));
  assert.equal(JSON.parse(await remixlet.element({ tag: "div", attributes: many }, manifest, { page })).attributes.length, 100000);
  // After all that, the module still answers.
  assert.match(await remixlet.digest({ "manifest.json": manifest }), /^h1:/);
});

test("the page agent's calls read the page policy's table", async () => {
  const manifest = readFileSync(path.join(work.root, "example-hide-promoted", "manifest.json"), "utf8");
  const page = { url: "https://shop.example.net/list", loads: ["https://cdn.example.org/a.png"] };
  const table = JSON.parse(await remixlet.policy());
  assert.ok(table.allowed.length >= 5 && table.refused.length > 5 && table.attributes.length > 20 && table.passwordFieldFixed.length === 5, "the table is there");
  const judge = async (element) => JSON.parse(await remixlet.element(element, manifest, { page }));
  // Every row of the table is the verdict element() gives.
  for (const row of table.allowed) {
    for (const tag of row.tags) {
      const j = await judge({ tag, namespace: row.namespace });
      assert.ok(j.element.allowed && j.element.kind === row.kind && !j.refused, `${tag}: ${JSON.stringify(j)}`);
    }
  }
  for (const row of table.refused) {
    for (const tag of row.tags ?? ["x-widget"]) {
      const j = await judge({ tag, namespace: row.namespace });
      assert.ok(!j.element.allowed && j.element.reason === row.reason && j.refused, `${tag}: ${JSON.stringify(j)}`);
    }
  }
  for (const row of table.attributes) {
    const tag = row.tags?.[0] ?? (row.namespace === "http://www.w3.org/2000/svg" ? "rect" : "div");
    const name = row.prefix ? row.name + "click" : row.name;
    const value = row.verdict === "check-fragment" ? "url(https://evil.example/x.svg#g)" : "https://evil.example/x";
    const j = await judge({ tag, attributes: [{ name, value }] });
    const a = j.attributes[0];
    if (j.attributes[0].rule !== row.verdict) continue; // an earlier row decides for this element
    assert.equal(a.reason, row.reason, `${name} on ${tag}`);
    assert.equal(a.allowed, false, `${name} on ${tag}: ${JSON.stringify(a)}`);
  }
  // The checked ones: the element gets the resolved address.
  const img = await judge({ tag: "img", attributes: [{ name: "src", value: "/logo.png" }, { name: "alt", value: "Logo" }] });
  assert.deepEqual(img.attributes.map((a) => [a.name, a.allowed, a.value]), [["src", true, "https://shop.example.net/logo.png"], ["alt", true, "Logo"]]);
  const pw = await judge({ tag: "input", attributes: [{ name: "type", value: "text" }], passwordField: true });
  assert.ok(pw.refused && pw.attributes[0].rule === "password-field");
  // The address rule.
  const address = async (a, image = false, p = page) => JSON.parse(await remixlet.address(a, manifest, { page: p, image }));
  assert.equal((await address("https://news.example.com/x")).because, "site");
  assert.equal((await address("/x")).because, "page-origin");
  assert.equal((await address("https://cdn.example.org/a.png", true)).because, "page-load");
  assert.equal((await address("https://cdn.example.org/b.png", true)).allowed, false);
  assert.equal((await address("data:image/png;base64,AAAA", true)).because, "data-image");
  assert.equal((await address("data:image/png;base64,AAAA")).allowed, false);
  assert.equal((await address("javascript:alert(1)")).allowed, false);
  assert.equal((await address("blob:https://news.example.com/1", true)).allowed, false);
  assert.equal((await address("x.png", true, { url: "https://news.example.com/a/b", base: "https://evil.example/" })).resolved, "https://evil.example/x.png");
  // The selector rule.
  assert.equal(JSON.parse(await remixlet.selector('input[value^="a"]', { passwordField: true })).refused, true);
  assert.equal(JSON.parse(await remixlet.selector('input[value^="a"]')).refused, false);
  assert.equal(JSON.parse(await remixlet.selector("input[name=q]", { passwordField: true })).testsValue, false);
});

test("explain: the command line's text for every rule the module knows", async () => {
  const version = JSON.parse(await remixlet.version());
  let n = 0;
  for (const line of runCLI(["explain"]).stdout.split("\n")) {
    const id = line.trim().split(/\s+/)[0];
    if (!id) continue;
    const want = runCLI(["explain", id]);
    try {
      assert.equal(await remixlet.explain(id), want.stdout, id);
      n++;
    } catch (err) {
      // The rules of the store, build and config are not linked into the
      // module (version() counts them out).
      assert.ok(err.name === "RemixletError" && /^(approval|store|build|config)\//.test(id), `${id}: ${err.message}`);
    }
  }
  assert.equal(n, version.rules.count, "every rule the module links is explained as the command line explains it");
  const want = runCLI(["explain", "js/evl"]);
  await rejectsPlainly(remixlet.explain("js/evl"), new RegExp(`^${want.stderr.replace(/^remixlet: /, "").trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), 2);
});
