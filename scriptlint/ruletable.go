package scriptlint

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	RuleSyntax = finding.Register(finding.Rule{
		ID: "js/syntax", Title: "script.js is not a valid ECMAScript module", Severity: finding.Error,
		Why: "The sandbox loads script.js as a module (strict mode, top-level await, no HTML comments, no with, no legacy octal); a file the browser would not run, or would run differently, cannot be checked.",
		Fix: "Fix the syntax error; write modern module code (let/const, no with, no <!-- comments).",
	})
	RuleTooDeep = finding.Register(finding.Rule{
		ID: "js/too-deep", Title: "Code nested too deeply to analyse", Severity: finding.Error,
		Why: "The parser recurses once per nesting level; input nested thousands of levels deep would exhaust the checker's stack, so it is refused before parsing. Real code stays far below the limit.",
		Fix: "Flatten the code: split long chains and deeply nested expressions into named steps.",
	})
	RuleRemoteCode = finding.Register(finding.Rule{
		ID: "js/remote-code", Title: "Loading code: import, import(), workers from an address, streaming WebAssembly", Severity: finding.Error,
		Why: "The stored form has no modules to import and the sandbox blocks remote scripts; code loaded at run time is code nobody read or approved.",
		Fix: "Bundle the code into script.js with `remixlet build`; the sandbox starts no workers, so run the code in script.js itself.",
	})
	RuleEval = finding.Register(finding.Rule{
		ID: "js/eval", Title: "eval of anything but a string literal, or eval used as a value", Severity: finding.Error,
		Why: "eval runs a string as code, so the code that runs is not the code a person reads; the sandbox's policy blocks it. eval stored, passed or returned can be called later with anything.",
		Fix: "Write the code itself instead of building it as a string; parse data with JSON.parse.",
	})
	RuleFunctionConstructor = finding.Register(finding.Rule{
		ID: "js/function-constructor", Title: "The Function constructor (and its async and generator kin)", Severity: finding.Error,
		Why: "Function(…) compiles a string into code, like eval; the sandbox's policy blocks it, and constructor chains such as [].constructor.constructor reach it without naming it.",
		Fix: "Write the function directly (an arrow function or a function declaration).",
	})
	RuleStringTimer = finding.Register(finding.Rule{
		ID: "js/string-timer", Title: "setTimeout or setInterval with anything but a function", Severity: finding.Error,
		Why: "A timer given anything but a function turns it into a string and evaluates it as code, like eval (an object whose toString returns code included); a timer handed on or stored can be given a string later; in a timer's function, this is the global object.",
		Fix: "Pass a function: setTimeout(() => work(), 1000).",
	})
	RuleScriptElement = finding.Register(finding.Rule{
		ID: "js/script-element", Title: "Creating a script element", Severity: finding.Error,
		Why: "A script element loads or runs code outside the reviewed file; the page agent refuses it and the sandbox has no DOM to run it in.",
		Fix: "Put the code in script.js; change the page through dom.",
	})
	RuleUnsafeHtml = finding.Register(finding.Rule{
		ID: "js/unsafe-html", Title: "HTML handed to the page that runs or loads something", Severity: finding.Error,
		Why: "HTML with a script element, an on* handler, a javascript: address or a load from another host runs code or sends data out; the page agent strips it, and code that relies on it is code that does not do what it says.",
		Fix: "Build elements with dom.create and set text with Handle.setText(); load images only from hosts the address rule allows.",
	})
	RuleDynamicHtml = finding.Register(finding.Rule{
		ID: "js/dynamic-html", Title: "HTML built at run time handed to the page", Severity: finding.Warning,
		Why: "The check can only read literal HTML; HTML assembled from values it cannot see may contain handlers or loads the page agent will strip.",
		Fix: "Build elements with dom.create and set text with Handle.setText() instead of assembling HTML strings.",
	})
	RuleRemoteSrc = finding.Register(finding.Rule{
		ID: "js/remote-src", Title: "An element address the address rule does not allow", Severity: finding.Error,
		Why: "Setting src, href, srcset, poster, action, formaction or data to an address makes the page load it, which can carry data to that host; only the remixlet's own sites and fetch: hosts are allowed.",
		Fix: "Use an https:// address on a site your matches cover or a path on the page's own site (/next), or add a fetch: permission for the host and ask the user; a data: image only for an img src.",
	})
	RuleReplacedGlobal = finding.Register(finding.Rule{
		ID: "js/replaced-global", Title: "A browser global the sandbox replaces with an error", Severity: finding.Error,
		Why: "The sandbox has no DOM, no network and no storage of the page: document, fetch, XMLHttpRequest, WebSocket, localStorage and kin throw there, and location is read-only.",
		Fix: "Use the supported API the message names: dom.* for the page, rmx.fetch with a fetch: permission, rmx.storage with the storage permission.",
	})
	RuleDynamicGlobal = finding.Register(finding.Rule{
		ID: "js/dynamic-global", Title: "A global object, dom or rmx read with a key the check cannot decide", Severity: finding.Error,
		Why: "window[x] or globalThis[atob(…)] can reach eval, Function or any global outside the sandbox's closed world under a name the check never sees; rmx[x] hides which permission is used.",
		Fix: "Name the property you mean (Math.max, rmx.storage), or keep your own lookup table (a Map or an object literal).",
	})
	RuleUnknownGlobal = finding.Register(finding.Rule{
		ID: "js/unknown-global", Title: "A global outside the sandbox's closed world", Severity: finding.Error,
		Why: "The sandbox offers ECMAScript's built-ins, dom, rmx and a short written list of host APIs, nothing else; a name outside that list is either missing at run time or something the sandbox keeps out (workers, WebAssembly, media and transport constructors), so the code a person reads would not be the code that runs.",
		Fix: "Use what the message names instead; declare the name if it is your own variable. `remixlet explain js/unknown-global` prints the closed world.",
	})
	RuleUnknownAPI = finding.Register(finding.Rule{
		ID: "js/unknown-api", Title: "A dom or rmx member the API does not have", Severity: finding.Error,
		Why: "dom and rmx are the whole API a remixlet has; a member that does not exist is a mistake that fails at run time, or a guess at an API the sandbox never offers.",
		Fix: "Use the member the message suggests; `remixlet types` and docs/api.md list the API.",
	})
	RuleGlobalObject = finding.Register(finding.Rule{
		ID: "js/global-object", Title: "The global object used other than to read a named global", Severity: finding.Error,
		Why: "globalThis, window, self, frames, parent and top reach every global, eval included; passed, stored, spread, wrapped in a Proxy or destructured with a key the check cannot read, they let code reach what the check never sees.",
		Fix: "Read the global you mean by name (Math, or window.Math); never hand the global object around.",
	})
	RuleConstructorRead = finding.Register(finding.Rule{
		ID: "js/constructor-read", Title: "Reading constructor or a prototype where the result can be called or escape", Severity: finding.Error,
		Why: "The constructor of any function is Function, and of an async or generator function its string-compiling kin: x.constructor, x.__proto__, Object.getPrototypeOf(f) or x[key] with a key that may be \"constructor\" reach code compilation without naming it.",
		Fix: "Compare it (x.constructor === Object), read its name (x.constructor.name) or its members, or keep it in a local name that is only compared; use a Map or an object literal for lookups by key.",
	})
	RuleIntrinsicWrite = finding.Register(finding.Rule{
		ID: "js/intrinsic-write", Title: "Changing a built-in, or giving an object a function as its prototype", Severity: finding.Error,
		Why: "The sandbox runs a current Chrome, so no built-in needs a polyfill. A getter, toString, valueOf, Symbol.iterator or any method written onto Object.prototype, Array.prototype, String.prototype or another built-in runs the script's code inside innocent reads, loops, spreads and comparisons, which is how a dangerous value reaches code that looks harmless; an object whose prototype is a function inherits its constructor, Function, which compiles strings. The check relies on the built-ins being as the specification says.",
		Fix: "Write helpers as functions of your own (const last = a => a[a.length - 1]) and leave the built-ins as they are; give objects an ordinary object as prototype (a class, or Object.create(null)).",
	})
	RuleBuiltinValue = finding.Register(finding.Rule{
		ID: "js/builtin-value", Title: "A built-in object handed on as a value", Severity: finding.Error,
		Why: "The check relies on the built-ins being as the specification says, and sees a change to one where the built-in is named or held in a local name (js/intrinsic-write). Stored in an object or an array, passed to code the check does not follow (a promise, push, call's this), returned from a function that is handed on, or spread, Math, JSON, a constructor such as String, or a prototype such as Array.prototype can be changed where the check cannot see it, and an innocent Math.max(…) or \"x\".at(…) then runs the script's code.",
		Fix: "Name the built-in where you use it (Math.max(a, b)), keep it in a local name, or pass a helper the one function it needs as an arrow (x => Math.round(x)).",
	})
	RuleAPIValue = finding.Register(finding.Rule{
		ID: "js/api-value", Title: "rmx, dom, location or a sink function handed on as a value", Severity: finding.Error,
		Why: "Permissions, the page checks and navigation are judged where a member of rmx, dom or location is named, and what a sink is given (dom.html, dom.create, dom.addStyle, rmx.fetch, rmx.schedule.openTab, a handle's setHTML or setAttribute) where it is called. Stored in an object or an array, passed to a helper, Object.values, Object.assign or Reflect, or returned, the object reaches every service and every page method without the check seeing which, and a sink function is called where the check cannot name it: a service used without its permission, a navigation, a handler put on the page or a fetch to another host would pass.",
		Fix: "Name the member where you use it: rmx.storage.get(…), dom.query(…), location.href; call a sink where you name it (dom.html(…), or through call, apply, bind or Reflect.apply) and pass a helper the value it needs (the address, the text), or a function that is no sink (rmx.storage.get), not the whole object.",
	})
	RuleRefusedElement = finding.Register(finding.Rule{
		ID: "js/refused-element", Title: "Creating an element the page agent refuses", Severity: finding.Error,
		Why: "The page agent creates only elements from a fixed list (layout, text, form-control, image and simple SVG); every other (form, frame, iframe, script, style, link, meta, object, embed, video, audio, base, template, noscript, SVG animations, custom elements, …) loads, submits or runs something, or changes the page after the check.",
		Fix: "Use layout, text, form-control, image or simple SVG elements; put styles in style.css or dom.addStyle.",
	})
	RuleRefusedAttribute = finding.Register(finding.Rule{
		ID: "js/refused-attribute", Title: "Setting an attribute the page agent refuses", Severity: finding.Error,
		Why: "on* handlers, style, srcdoc, action, formaction, src outside an image, srcset, ping, background and the other attributes that load or run something are refused by the page agent, as are SVG attributes that retarget an animation; href on a link and src on an image pass the address rule instead.",
		Fix: "Listen with the dom event API instead of on* attributes; style through dom.addStyle; set src only on an img, to an allowed address.",
	})
	RuleValueSelector = finding.Register(finding.Rule{
		ID: "js/value-selector", Title: "A selector that tests an input's value", Severity: finding.Warning,
		Why: "A selector such as [value^=\"a\"] reads a field a character at a time; the page agent refuses it while the page has a password field.",
		Fix: "Select the field by name, id or type and read its value through dom instead.",
	})
	RuleUnmarkedClass = finding.Register(finding.Rule{
		ID: "js/unmarked-class", Title: "A class without the remixlet's mark added to one of the page's own elements", Severity: finding.Error,
		Why: "Every class a remixlet adds to the page's own elements starts with its mark (dom.mark), so that each mark on a page names the remixlet that wrote it; the page agent refuses any other.",
		Fix: "Start the class with the mark: addClass(`${dom.mark}-hidden`), and style it with dom.addStyle(`.${dom.mark}-hidden { … }`).",
	})
	RuleForeignTab = finding.Register(finding.Rule{
		ID: "js/foreign-tab", Title: "rmx.schedule.openTab to a page that is not the remixlet's own", Severity: finding.Error,
		Why: "A schedule runs no remixlet code; the worker opens or focuses only pages the remixlet's matches cover, so a later tab cannot take the user somewhere the approval never named.",
		Fix: "Open one of the pages manifest.json's matches cover.",
	})
	RuleNewerAPI = finding.Register(finding.Rule{
		ID: "js/newer-api", Title: "A dom or rmx member newer than the manifest's api stamp", Severity: finding.Error,
		Why: "The api stamp says which release of the API the remixlet was written for; a member added later is missing there, and the stored code would call what that release does not have.",
		Fix: "Set \"api\" in manifest.json to the release that added the member (docs/api.md lists each member's release), or do without it.",
	})
	RulePlainHTTPFetch = finding.Register(finding.Rule{
		ID: "js/plain-http-fetch", Title: "rmx.fetch to an http:// address", Severity: finding.Warning,
		Why: "rmx.fetch sends requests signed in as the user; over http:// the request and the answer travel unencrypted, and anyone on the network between can read or change them.",
		Fix: "Use the https:// address of the same service.",
	})
	RuleFetchHost = finding.Register(finding.Rule{
		ID: "js/fetch-host", Title: "rmx.fetch to a host no fetch: permission names", Severity: finding.Error,
		Why: "rmx.fetch sends requests signed in as the user, only to hosts the user approved one by one.",
		Fix: "Add {\"permission\": \"fetch:HOST\", \"reason\": \"…\"} for that host and ask the user, or fetch from a host already approved.",
	})
	RuleUnreadableSink = finding.Register(finding.Rule{
		ID: "js/unreadable-sink", Title: "A tag, attribute name, address, HTML or CSS the check cannot read, given to the page or a service", Severity: finding.Error,
		Why: "The page agent and the worker refuse elements, attributes, loads and hosts when the code runs; the lint refuses at save time what is sure to be refused, and it can only do that for what it can read. An argument it cannot read could be any of the refused values, and the code a person approves would not say which host it talks to or what it puts on the page.",
		Fix: "Write the tag, the attribute name, the address's host, the HTML or the CSS in the code: as literals, constants, templates with only the changing part computed (`https://api.example.com/items/${id}`), or a choice among literals (cond ? \"h2\" : \"h3\"). Values of attributes that are not addresses (class, title, data-*, aria-*) may be anything.",
	})
	RuleMissingPermission = finding.Register(finding.Rule{
		ID: "js/missing-permission", Title: "An rmx service used without its permission", Severity: finding.Error,
		Why: "The background worker refuses every privileged call the manifest does not declare; code that needs a permission must ask for it where the user can see it.",
		Fix: "Add the permission the message names to manifest.json with a reason, and ask the user.",
	})
	RulePageDataFlow = finding.Register(finding.Rule{
		ID: "js/page-data-flow", Title: "Page data that leaves the page", Severity: finding.Warning,
		Why: "What a page shows (its text, attribute values, what you type, your selection, its network responses) can be private; sent in a request, a later tab, the clipboard, a notification, or an image or link address, it leaves the page. The permissions allow the sink, not what is sent: a person approving the remixlet should know. A config can raise it to an error.",
		Fix: "Send only what the remixlet needs, and say so in the fetch: permission's reason; if nothing from the page should leave it, build the request from fixed text or storage.",
	})
	RuleUnusedPermission = finding.Register(finding.Rule{
		ID: "js/unused-permission", Title: "A permission the code never uses", Severity: finding.Warning,
		Why: "Least privilege: a permission nothing uses still widens what a fooled agent, or a later version, can do without asking.",
		Fix: "Remove the permission from manifest.json.",
	})
	RuleSecret = finding.Register(finding.Rule{
		ID: "js/secret", Title: "A hard-coded credential", Severity: finding.Error,
		Why:       "A key or token in script.js is stored, shown in History and readable by anyone who sees the code; the extension keeps credentials out of remixlets.",
		Fix:       "Remove the credential; call the service through rmx.fetch with a fetch: permission, which signs in as the user.",
		Sensitive: true,
	})
	RuleSecretLeak = finding.Register(finding.Rule{
		ID: "js/secret-leak", Title: "A credential put into a URL, a log line or an error message", Severity: finding.Error,
		Why: "URLs, logs and error messages are stored and shown in places a credential must never reach.",
		Fix: "Keep credentials out of addresses, rmx.log and Error messages; let rmx.fetch sign the request.",
	})
	RuleInvisibleCharacter = finding.Register(finding.Rule{
		ID: "js/invisible-character", Title: "A character that reorders the code or shows as nothing", Severity: finding.Error,
		Why: "Characters that change the direction of text, and invisible ones (zero-width spaces and joiners, fillers, separators), make code read differently from how it runs (\"Trojan Source\"); the code a person reads in History must be the code that runs.",
		Fix: "Remove the character; where a string needs it, write it as an escape (\\u200B) so that it can be seen.",
	})
	RuleUnreadableCode = finding.Register(finding.Rule{
		ID: "js/unreadable-code", Title: "Stored code that is minified or obfuscated beyond reading", Severity: finding.Warning,
		Why: "The person who approves a remixlet reads its code in History; code squeezed onto long lines, or text and names written in escapes, hides what it does even when every check passes.",
		Fix: "Store the code readable: keep the source formatted (remixlet build keeps line breaks and names, even with --minify), and write text and names as they read instead of in \\x and \\u escapes.",
	})
)
