// A small library bundled the old way, with a UMD header, and code that
// can never run in the sandbox: none of it is judged.
const lib = (function (root, factory) {
  if (typeof define === "function" && define.amd) {
    define([], factory);
  } else if (typeof module === "object" && module.exports) {
    module.exports = factory();
  } else {
    return factory();
  }
})(undefined, function () {
  const isNode = typeof process !== "undefined" && process.versions != null;
  if (isNode) {
    require("fs");
  }
  return { slug: (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-") };
});

const DEBUG = false;
if (DEBUG) {
  setTimeout("rmx.log('debug')", 1);
}
const log = (m) => rmx.log(m);
log || setTimeout("x");
while (false) {
  Function("x");
}
switch ("wide") {
  case "narrow":
    localStorage.setItem("k", "v");
    break;
  default:
    dom.addStyle("article { max-width: 60rem }");
}
rmx.log(lib.slug("Hello World"));
