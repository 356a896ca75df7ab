package cssguard

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	RuleRemoteLoad = finding.Register(finding.Rule{
		ID: "css/remote-load", Title: "A stylesheet load from a host the remixlet may not reach", Severity: finding.Error,
		Why: "The extension inserts style.css into the page, so every url() in it is a request the page makes; a host neither the matches cover nor a fetch: permission names was never approved.",
		Fix: "Load the file from a host your matches cover, or add a fetch: permission for its host and ask the user.",
	})
	RuleRelativeUrl = finding.Register(finding.Rule{
		ID: "css/relative-url", Title: "A relative or scheme-relative address in a stylesheet", Severity: finding.Error,
		Why: "A relative address resolves against the page, which the remixlet does not control, so the host it reaches cannot be checked.",
		Fix: "Write the full https:// address on a host your matches cover.",
	})
	RuleScheme = finding.Register(finding.Rule{
		ID: "css/scheme", Title: "A stylesheet address that is not http or https (data:, blob:, javascript:)", Severity: finding.Error,
		Why: "Only http and https addresses go through the host check; data: and other schemes carry content or behaviour the check cannot see.",
		Fix: "Use a full https:// address on an allowed host; put small images in the page with an img element instead of a data: address.",
	})
	RuleUserinfo = finding.Register(finding.Rule{
		ID: "css/userinfo", Title: "A stylesheet address with a user name or password", Severity: finding.Error,
		Why: "An address like https://trusted.example@evil.example/ reads as one host and loads from another.",
		Fix: "Remove the part before @; write the real host.",
	})
	RuleInvalidUrl = finding.Register(finding.Rule{
		ID: "css/invalid-url", Title: "A stylesheet address the browser cannot parse", Severity: finding.Error,
		Why: "An address that does not parse has no host the check can prove; readers that repair it differently could load from different places.",
		Fix: "Write a valid full https:// address on an allowed host.",
	})
	RuleImport = finding.Register(finding.Rule{
		ID: "css/import", Title: "@import in a stylesheet", Severity: finding.Error,
		Why: "@import pulls in a stylesheet nobody checked, with loads of its own.",
		Fix: "Put the rules in style.css.",
	})
	RuleNamespace = finding.Register(finding.Rule{
		ID: "css/namespace", Title: "@namespace in a stylesheet", Severity: finding.Error,
		Why: "@namespace takes an address; no remixlet needs it, and every address in a stylesheet is refused unless proven.",
		Fix: "Remove it; select elements without a namespace prefix.",
	})
	RuleImageSet = finding.Register(finding.Rule{
		ID: "css/image-set", Title: "image-set() in a stylesheet", Severity: finding.Error,
		Why: "image-set() lets the browser choose among addresses by screen and format, so which one loads cannot be proven.",
		Fix: "Use one url() with a full https:// address on an allowed host.",
	})
	RuleSrcFunction = finding.Register(finding.Rule{
		ID: "css/src-function", Title: "src() in a stylesheet", Severity: finding.Error,
		Why: "src() takes an address that can be built from custom properties at run time, which no save-time check can prove.",
		Fix: "Use url() with a full https:// address on an allowed host.",
	})
	RuleBadUrl = finding.Register(finding.Rule{
		ID: "css/bad-url", Title: "A malformed url(…) (bad-url token)", Severity: finding.Error,
		Why: "Chrome drops a malformed url and skips to the next parenthesis; what it skips differs between readers, which is how loads are hidden.",
		Fix: "Quote the address: url(\"https://…\").",
	})
	RuleBadString = finding.Register(finding.Rule{
		ID: "css/bad-string", Title: "A string broken by a line break (bad-string token)", Severity: finding.Error,
		Why: "Chrome ends the string at the line break and reads what follows as CSS; readers disagree on that recovery, which is how loads are hidden.",
		Fix: "Close the quote on the same line, or escape the line break with a backslash.",
	})
	RuleValueSelector = finding.Register(finding.Rule{
		ID: "css/value-selector", Title: "A rule that tests an element's value and loads an address", Severity: finding.Error,
		Why: "A rule such as input[value^=\"a\"] { background: url(…) } tells the host what was typed, one character at a time; whatever the host, the page's data leaves through the request.",
		Fix: "Remove the load from the rule, or select on something other than the value attribute.",
	})
	RuleValueInfluence = finding.Register(finding.Rule{
		ID: "css/value-influence", Title: "A rule that tests an element's value changes what another rule loads", Severity: finding.Error,
		Why: "A rule such as input[value^=\"a\"] ~ div { display: none } or { --x: 1 } loads nothing itself, yet decides whether another rule's url() is fetched: display, sizes, fonts, generated content, animations, custom properties read by var(), style() or if(), and stacking contexts (opacity, isolation, z-index: what the pointer is over, and so a :hover load) all can. In a sheet that loads anything, the request then tells its host what was typed.",
		Fix: "In a rule that tests value, set only paint (colours, shadows, outlines, text decoration, column rules, how a background is painted), and use no style() or if() in the sheet; or select on something other than the value attribute.",
	})
	RuleScriptLoad = finding.Register(finding.Rule{
		ID: "css/script-load", Title: "A load in CSS a script writes (dom.addStyle, inline style)", Severity: finding.Error,
		Why: "The page agent refuses CSS from a script that contains url(, @import or their relatives; a script must not make the page load anything through CSS.",
		Fix: "Use dom.addStyle without url(); load images through an img element on an allowed host.",
	})
	RuleAmbiguousLoad = finding.Register(finding.Rule{
		ID: "css/ambiguous-load", Title: "A load another CSS reader sees where Chrome sees none", Severity: finding.Error,
		Why: "The guard reads the sheet twice, as Chrome does and with an independent lexer; where they disagree about a refused load, the sheet is written to confuse readers, and the guard fails closed.",
		Fix: "Rewrite the text so it is plainly not a load: remove the stray quote, comment marker or escape around it.",
	})
	RuleTooDeep = finding.Register(finding.Rule{
		ID: "css/too-deep", Title: "Blocks, brackets or functions nested more than 256 deep", Severity: finding.Error,
		Why: "No stylesheet needs that depth; refusing it keeps the check fast and bounded on hostile input.",
		Fix: "Flatten the rules.",
	})
	RuleConditionalAttribute = finding.Register(finding.Rule{
		ID: "css/conditional-attribute", Title: "A load in a rule that tests an attribute's value", Severity: finding.Warning,
		Why: "A rule like a[href^=\"https://bank\"] { background: url(…) } tells an allowed host something about the page each time it matches.",
		Fix: "Load unconditionally, or make sure the attribute holds nothing private.",
	})
	RuleConditionalState = finding.Register(finding.Rule{
		ID: "css/conditional-state", Title: "A load in a rule keyed on what the user does (:hover, :checked, :focus…)", Severity: finding.Warning,
		Why: "A load that fires on :checked, :focus or :autofill tells an allowed host what the user did on the page, and when.",
		Fix: "Load the image in a rule without the user-state pseudo-class, and switch its visibility instead.",
	})
	RuleConditionalFont = finding.Register(finding.Rule{
		ID: "css/conditional-font", Title: "A remote font limited to a unicode-range", Severity: finding.Warning,
		Why: "A font face loads only when the page uses one of its characters, so split faces tell an allowed host which characters the page shows.",
		Fix: "Drop unicode-range, or use one font file for every character.",
	})
	RuleConditionalFunction = finding.Register(finding.Rule{
		ID: "css/conditional-function", Title: "A load next to attr(), if() or style()", Severity: finding.Warning,
		Why: "attr(), if() and style queries let page content decide whether, or which, address loads.",
		Fix: "Load unconditionally, outside the attr(), if() or style() condition.",
	})
)
