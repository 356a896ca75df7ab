// Package scriptlint is the script analyzer: it checks script.js on
// esbuild's AST, through the bridge module in internal/esbuildbridge (esbuild keeps its parser internal; a module whose
// path lies under github.com/evanw/esbuild/ may import it). It refuses code
// that tries what the sandbox blocks, so that the code a person reads is
// the code that runs: remote code, eval and its kin, script elements, HTML
// and addresses the page agent would refuse, the globals the sandbox
// replaces, services used without their permission, and hard-coded
// credentials. The sandbox's policy, not this check, is the boundary.
//
// Design choices where the issue is silent:
//
//   - Parsing. script.js is parsed as a module, as the sandbox loads it, and
//     any error esbuild logs refuses the file (js/syntax, at most ten
//     reported one by one), including those it logs while carrying on
//     (with, <!--, var eval, legacy octal). An esbuild panic is reported as
//     package/not-analysed, and so is a node kind the walk has no case for.
//   - Depth. esbuild recurses without limit and a stack overflow kills the
//     process, so esb.ScanNesting (which reads with esbuild's own lexer and
//     does not recurse) refuses anything nested more than esb.MaxNesting
//     (1000) deep before parsing (js/too-deep). Real libraries stay under
//     150. A megabyte of each of 33 nesting kinds is refused in tests.
//   - Values. Two walks: the first records what every binding may hold
//     (initialisers, assignments, destructuring), the second checks.
//     resolve follows aliases flow-insensitively (a binding assigned eval
//     anywhere may be eval), global objects (window, self, globalThis,
//     frames, top, parent; this only for eval, Function, timers and
//     workers, since in a module this is the global object only when a
//     function is called on it), commas, conditionals, literals, bind,
//     call/apply, Reflect.apply/construct/get, property descriptors and
//     constructor chains. fold evaluates strings the text decides
//     (concatenation, templates, consts, String.fromCharCode, atob,
//     decodeURIComponent, case changes, split/reverse/join, slice, replace,
//     repeat, String.raw); esbuild's own folding ("ev" + "al") comes first.
//   - eval of a string literal (or a constant the text decides) is allowed,
//     as the seed says: that code is in the file for anyone to read. eval or
//     a function constructor handed on (stored in a literal, passed as an
//     argument) is refused: the check cannot follow it to its call.
//   - Imports: every static import, re-export and import() is refused, the
//     remote literal (the seed's check) and anything else alike: the stored
//     form has no modules. Workers and importScripts are refused for a
//     remote or non-literal address; a data: or blob: worker runs code from
//     the file itself.
//   - The dom API the check knows, by method name on any receiver (values
//     are untyped): dom.create(tag, attrs), dom.html(html), dom.addStyle(css),
//     dom.query/queryAll/waitFor/closest/matches(selector); handles'
//     setAttribute(NS), setHTML, insertHTML(position, html), appendHTML,
//     prependHTML; and the DOM's own createElement(NS), innerHTML,
//     outerHTML, insertAdjacentHTML, setHTMLUnsafe, createContextualFragment,
//     document.write, querySelector(All), style.cssText, style.X,
//     style.setProperty and Object.assign onto an element or its style.
//   - HTML is read with golang.org/x/net/html's tokenizer (the HTML
//     standard's, as browsers read it), so case, entities and odd spacing
//     hide nothing. In HTML, only remote addresses are judged: a relative
//     one resolves on the page's own origin, which the page agent allows.
//     For element properties set by assignment (x.src = …), only values
//     that are addresses are judged, since the receiver may be any object.
//   - CSS the code writes (dom.addStyle, inline styles, style attributes in
//     HTML) goes through cssguard.Check in Script mode: no url( at all.
//   - Replaced globals are refused when referenced unbound (a local binding
//     of the same name is fine); typeof X is a feature test and is allowed.
//     location is refused only when assigned or navigated (assign,
//     replace): reading it is fine.
//   - Permissions: using an rmx service is a use of its permission (a
//     reference is enough, not only a call). A fetch: host is used by a
//     literal rmx.fetch address on it, an element address on it, a
//     stylesheet load from it (the stylesheet guard's loads), or any
//     rmx.fetch whose host cannot be read; rmx passed where the check
//     cannot follow it (an argument, a literal, rmx[x]) marks every
//     permission used. netrules is the manifest analyzer's to judge.
//   - Secrets are found by internal/secrets (see its package doc for the
//     detector and its measured rates). A string under a credential name
//     (const apiKey = "…") is judged as a labelled value. Credentials in
//     URLs, rmx.log, console and Error messages are refused by name
//     (token, apiKey, password, …) or by value. The outputs never print a
//     credential: the rule is marked Sensitive and the text output masks
//     its span in the source lines it shows.
//   - Legacy remixlets (api before 1.0.2) get no leniency here: the sandbox
//     has always blocked what these rules refuse, so nothing that ran before
//     1.0.2 stops running because of them.
//   - Not caught, by design (the evasion corpus in evasion_test.go lists
//     each with its reason): values computed at run time, values stored in
//     collections or assigned into objects by computed keys. The issue's
//     target is the seed's literal checks plus the spellings of eval; code
//     the check cannot read is warned about (js/dynamic-global,
//     js/dynamic-html) and blocked by the sandbox.
package scriptlint
