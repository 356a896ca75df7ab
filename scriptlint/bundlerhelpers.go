package scriptlint

// esbuild's CommonJS interop and namespace helpers, exactly as `remixlet build` emits them
// at the top of a bundle that includes a CommonJS module. They copy a
// module's properties by keys they cannot name and walk its prototype, so
// the constructor-read checks would refuse every bundle of a CommonJS
// package; their inputs are what the checks guard instead (a prototype or
// a function's constructor cannot reach them without a refused read at the
// call site). Only a top-level var whose text is exactly one of these is
// exempt from those checks, nothing else. build's annotated cases fail when
// esbuild prints them differently.
var bundlerHelpers = map[string]string{
	// esbuild wraps ES modules in __esm when it cannot hoist them (a module
	// that calls eval directly): the wrapper runs each module once.
	"__esm": `__esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};`,
	"__commonJS": `__commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};`,
	// A CommonJS module's require of a name the bundle does not hold: the
	// Proxy hands on the members of the function it wraps, which throws;
	// require is not in the sandbox, so the first branch is never taken.
	"__require": `__require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});`,
	// An ES module's namespace object (import * as ns, or a CommonJS
	// importer of an ES module): each export a getter returning the
	// binding (noteExportCall reads what each returns).
	"__export": `__export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};`,
	"__copyProps": `__copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};`,
	"__toESM": `__toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));`,
}
