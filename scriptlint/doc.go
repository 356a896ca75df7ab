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
//     (1000) deep before parsing (js/too-deep). The lint asks
//     esb.GuardNesting, which gives the scan's answer and first tries a
//     cheaper count that bounds the scan's from above. Left-associative operator
//     chains count one level per precedence level, as the parser and the
//     walk really recurse on them, so a 1,000-term sum passes. Real
//     libraries stay under 150. A megabyte of each of 36 nesting kinds is
//     refused in tests.
//   - The closed world (closedworld.go, flow.go). Every global name is
//     looked up in a table, as data: ECMAScript's built-ins, Intl, dom,
//     rmx and a short list of host APIs, each with a reason. Any other
//     global is refused (js/unknown-global, or js/replaced-global for the
//     names the sandbox replaces), with what to use instead. typeof X is a
//     feature test and always allowed. The global object's names may only
//     be the object of a member read naming an allowed global
//     (js/global-object, js/dynamic-global). `remixlet explain
//     js/unknown-global` and docs/script-lint.md print the table.
//   - Dangerous values may not flow. The walk visits every expression with
//     its use (called, constructed, compared, stored, read from, assigned).
//     eval, Function and the timers may appear only as the callee of a
//     direct call (through window.NAME, or this.NAME, which in a timer's
//     function is the global object); every other occurrence is refused
//     where it is, so aliases never need following. eval needs an argument
//     the folder reads; Function is never allowed; a timer needs a
//     provable function that does not use this. constructor and __proto__
//     reads, unknown keys on values that may be functions (values the
//     check sees are plain data are not), their destructuring, and the
//     reflective walks are refused where the result can be called or
//     escape (js/constructor-read). Whether a value may be a function, a
//     number or plain data is answered by the abstract values (domain.go,
//     transfer.go, bindings.go): every binding holds the union of every
//     write to it in the module, and what the analysis does not model
//     holds anything. The built-ins are frozen for it: js/intrinsic-write
//     refuses every change to them and every prototype set to a function
//     (intrinsics.go). Each group of checks is a Defence; the
//     evasion corpus names, per form, the one that catches it, and the
//     ablation test turns each off in turn.
//   - Values, in one walk. The walk records what every binding may hold
//     (initialisers, assignments, destructuring, member writes, which
//     functions read this) and, in its own order, the sites the checks
//     look at (sites.go): an expression with its use, a pattern with its
//     source, a run of +. A binding may be given a value anywhere in the
//     file, so the checks run over the sites once the walk is done, every
//     binding's values known and each binding resolved once (what it may
//     hold, may reach, or is, is kept per symbol); findings come out in
//     walk order, which the cap per rule relies on. resolve follows
//     aliases of rmx, dom and the built-ins flow-insensitively (for
//     permissions and the page checks); fold evaluates strings the text
//     decides
//     (concatenation, templates, consts, String.fromCharCode, atob,
//     decodeURIComponent, case changes, split/reverse/join/concat, slice,
//     replace, repeat, String.raw); esbuild's own folding ("ev" + "al")
//     comes first.
//   - eval of a string literal (or a constant the text decides) is allowed,
//     as the seed says: that code is in the file for anyone to read. The
//     literal is linted as code with every check (evalcode.go), its
//     findings reported at the eval call; the module's bindings are in
//     scope there, and a direct eval makes every binding hold anything.
//   - Imports: every static import, re-export and import() is refused, the
//     remote literal (the seed's check) and anything else alike: the stored
//     form has no modules. Workers and importScripts are refused for a
//     remote or non-literal address (Worker and kin are outside the closed
//     world in any case: the sandbox starts no workers, and js/remote-code's
//     advice says to run the code in script.js itself).
//   - The dom API the check knows, by method name on any receiver (values
//     are untyped): dom.create(tag, attrs), dom.html(html), dom.addStyle(css),
//     dom.query/queryAll/waitFor/closest/matches(selector); handles'
//     setAttribute(NS), setHTML, insertHTML(position, html), appendHTML,
//     prependHTML; and the DOM's own createElement(NS), innerHTML,
//     outerHTML, insertAdjacentHTML, setHTMLUnsafe, createContextualFragment,
//     document.write, querySelector(All), style.cssText, style.X,
//     style.setProperty and Object.assign onto an element or its style.
//   - The API's sinks fail closed (sinkclosed.go, sinkvalues.go): a tag,
//     an attribute name or attributes object, an element address, an
//     rmx.fetch or openTab host, HTML or CSS is judged on every value it
//     may hold (each write of a binding, both arms of a choice, members of
//     constant objects, elements of arrays, Maps and Sets and what push or
//     set put in, a helper's calls, a callback's array), and one it cannot
//     read is refused (js/unreadable-sink) with what to write instead.
//   - HTML is read with golang.org/x/net/html's tokenizer (the HTML
//     standard's, as browsers read it), so case, entities and odd spacing
//     hide nothing. In HTML, only remote addresses are judged: a relative
//     one resolves on the page's own origin, which the page agent allows.
//     For element properties set by assignment (x.src = …), only values
//     that are addresses are judged, since the receiver may be any object.
//   - CSS the code writes (dom.addStyle, inline styles, style attributes in
//     HTML) goes through cssguard.Check in Script mode: no url( at all.
//   - location is allowed (the sandbox's read-only replacement) and refused
//     when assigned or navigated (assign, replace). rmx, dom and location
//     are used only through members named where they are used: handed on
//     as values they are refused (js/api-value), except as the receiver of
//     their own member (rmx.log.bind(rmx, …)).
//   - Permissions: using an rmx service is a use of its permission (a
//     reference is enough, not only a call). A fetch: host is used by a
//     literal rmx.fetch address on it, an element address on it, a
//     stylesheet load from it (the stylesheet guard's loads), or any
//     rmx.fetch whose host cannot be read; rmx handed on (refused) or read
//     with a key the check cannot decide marks every permission used.
//     netrules is the manifest analyzer's to judge.
//   - Secrets are found by internal/secrets (see its package doc for the
//     detector and its measured rates), in string literals, in strings the
//     folder assembles from parts (joins, concat, templates, String.raw,
//     fromCharCode, + of constants, map and reduce callbacks over literal
//     arrays, Object.values, flat, toReversed, concat.apply, hex, percent,
//     base64 and byte decodings: secretfold.go), and in comments (vendor formats and
//     labelled values only: the entropy gate flags prose there). A string
//     under a credential name (const apiKey = "…") is judged as a labelled
//     value. Credentials in URLs, rmx.log, console and Error messages are
//     refused by name or by value. The outputs never print a credential:
//     the rule is marked Sensitive and the text output masks its span.
//   - Page data that leaves the page (pageflow.go): a read of the page
//     followed through bindings, string operations, members, calls and
//     returns to a sink that leaves it is js/page-data-flow, a warning, at
//     the sink with its path. PageFlows and Uses (uses.go) give what the
//     walk found to the capability summary.
//   - js/unused-permission says nothing when the loader refused script.js
//     (too large, not UTF-8, a link): a script not read says nothing about
//     what it uses.
//   - Findings of one rule are capped at 100 per file, with one more saying
//     how many were left out (minified libraries hold thousands).
//   - Legacy remixlets (api before 1.0.2) get no leniency here: the sandbox
//     has always blocked what these rules refuse, so nothing that ran before
//     1.0.2 stops running because of them.
//   - Not caught, by design (evasion_test.go lists each with its reason):
//     eval of a harmless string literal, and addresses computed at run time (the
//     page agent checks them when they are set). The sandbox's policy, not
//     this check, is the boundary.
//
// The files, by phase:
//
//   - the pass: script.go (guard, parse, walk, checks, report), ruletable.go
//     (the rules, as data);
//   - the walk and its sites: walk.go (one walk over the AST, recording
//     writes and sites), sites.go (the sites, and the checks run over them);
//   - bindings and values: values.go (what each symbol may hold, resolve,
//     fold), bindings.go (the writes the walk records beyond those, and
//     parameters overwritten on entry), fields.go
//     (members by name), methods.go (methods given their parameters by
//     the calls of their name), instances.go (the script's own constructors),
//     ownkeys.go (keys a value's own members are read by);
//   - the abstract domain: domain.go;
//   - the transfer functions: transfer.go (kinds of every expression, what
//     the built-ins' methods return, the solver), reach.go (reached values through names, parameters and
//     results), deadcode.go and uncalled.go (code that never runs);
//   - the checks: check.go (each site's checks), flow.go (the closed world,
//     members and dangerous values), closedworld.go (its table),
//     intrinsics.go (the frozen built-ins), evalcode.go (eval's literal),
//     bundlerhelpers.go (esbuild's verified helpers), invisible.go,
//     unreadable.go and scriptscheme.go (the text itself);
//   - sinks: sinks.go, sinkvalues.go, sinkclosed.go, html.go, pagechecks.go,
//     pageflow.go (page data that leaves the page), uses.go (what the
//     capability summary reads);
//   - secrets: secretfold.go (secrets put together at run time),
//     leaksinks.go (where a credential may not go).
package scriptlint
