// The calls the differential tests make through @remixlet/wasm, shared by
// Node (wasm.test.mjs) and the page headless Chromium loads
// (browser/page.mjs): each call names the module's function and its
// arguments; files are looked up by label. The result is what the command
// line gives: its output, or its exit status and message.
export async function runCall(remixlet, call, filesOf) {
  try {
    let output;
    switch (call.fn) {
      case "lint":
        output = await remixlet.lint(filesOf(call.label), call.options);
        break;
      case "digest":
        output = (await remixlet.digest(filesOf(call.label))) + "\n";
        break;
      case "decide":
        output = await remixlet.decide(call.running ? filesOf(call.running) : null, filesOf(call.label), call.options);
        break;
      case "css": {
        const files = filesOf(call.label);
        output = await remixlet.css(files["style.css"], files["manifest.json"] ?? null, call.options);
        break;
      }
      case "netrules":
        output = await remixlet.netrules(filesOf(call.label), call.options);
        break;
      default:
        throw new Error(`no call ${call.fn}`);
    }
    return { status: 0, output };
  } catch (err) {
    if (err?.name !== "RemixletError") return { status: -1, message: String(err?.stack ?? err) };
    return { status: err.exitCode, message: err.message };
  }
}
