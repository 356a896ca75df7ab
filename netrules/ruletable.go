package netrules

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	// The file as a whole.
	RuleSyntax = finding.Register(finding.Rule{
		ID: "netrules/syntax", Title: "rules.json is not strict JSON", Severity: finding.Error,
		Why: "Lenient readers accept comments, trailing commas and extra values differently; the rules decide what pages load, so every reader must see the same list.",
		Fix: "Write plain JSON: one list of rule objects, no comments, no trailing commas.",
	})
	RuleDuplicateKey = finding.Register(finding.Rule{
		ID: "netrules/duplicate-key", Title: "A key appears twice in one rule object", Severity: finding.Error,
		Why: "Chrome keeps the last of two equal keys, other readers the first, so a reviewer and the browser could see different rules.",
		Fix: "Keep exactly one of the keys.",
	})
	RuleTooDeep = finding.Register(finding.Rule{
		ID: "netrules/too-deep", Title: "JSON nested deeper than a rule can be", Severity: finding.Error,
		Why: "A rule is at most eight levels deep; deeper input only costs the checker time and stack.",
		Fix: "Write rules in the documented shape; see `remixlet schema rules`.",
	})
	RuleWrongType = finding.Register(finding.Rule{
		ID: "netrules/wrong-type", Title: "A value of the wrong JSON type, or a file that is not a list", Severity: finding.Error,
		Why: "Chrome refuses a rules file that is not a list and a rule whose values have the wrong type (a number written 1.0 is not an integer to Chrome).",
		Fix: "Write the value with the type `remixlet schema rules` gives; integers without a fraction or exponent.",
	})
	RuleMissingKey = finding.Register(finding.Rule{
		ID: "netrules/missing-key", Title: "A required key is missing", Severity: finding.Error,
		Why: "Chrome refuses a rule without id, condition and action (and an action without type, a header change without header and operation).",
		Fix: "Add the key; see `remixlet schema rules`.",
	})
	RuleUnknownValue = finding.Register(finding.Rule{
		ID: "netrules/unknown-value", Title: "A value Chrome does not know (action type, resource type, method, operation)", Severity: finding.Error,
		Why: "Chrome refuses a rule whose enumerated values it does not know.",
		Fix: "Use one of the values `remixlet schema rules` lists, spelled exactly (lower case, as in \"main_frame\").",
	})
	RuleUnknownKey = finding.Register(finding.Rule{
		ID: "netrules/unknown-key", Title: "A key declarativeNetRequest does not have", Severity: finding.Error,
		Why: "Chrome ignores keys it does not know, so a misspelt condition (\"urlFiltr\") silently makes a rule match every request; two readers disagreeing about a rule is a hazard.",
		Fix: "Remove the key or spell it as `remixlet schema rules` does.",
	})
	RuleMisplacedKey = finding.Register(finding.Rule{
		ID: "netrules/misplaced-key", Title: "A key that does not belong to the rule's action type", Severity: finding.Error,
		Why: "Chrome ignores a redirect on a block rule, or header changes on a redirect; a reader would believe the rule does something it does not.",
		Fix: "Remove the key, or change the action type to the one it belongs to.",
	})
	RuleRuleId = finding.Register(finding.Rule{
		ID: "netrules/rule-id", Title: "A rule id that is not a unique integer of at least 1", Severity: finding.Error,
		Why: "Chrome refuses a rule id below 1 and a ruleset with two rules of the same id; log lines and approvals name rules by id.",
		Fix: "Give every rule its own integer id from 1 to 2147483647.",
	})
	RulePriority = finding.Register(finding.Rule{
		ID: "netrules/priority", Title: "A priority below 1", Severity: finding.Error,
		Why: "Chrome refuses a priority below 1 (a missing priority means 1).",
		Fix: "Use an integer priority from 1 to 2147483647, or leave it out.",
	})
	RuleRedirect = finding.Register(finding.Rule{
		ID: "netrules/redirect", Title: "A redirect rule without a redirect Chrome accepts", Severity: finding.Error,
		Why: "Chrome refuses a redirect rule with no redirect, or one that sets none of url, extensionPath, transform and regexSubstitution, or an empty regexSubstitution.",
		Fix: "Give the redirect exactly one of url, transform or regexSubstitution.",
	})
	RuleRedirectUrl = finding.Register(finding.Rule{
		ID: "netrules/redirect-url", Title: "A redirect address Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses a redirect url it cannot parse, a javascript: url, and an extensionPath that does not start with '/'.",
		Fix: "Write a full https:// address on one of the remixlet's own sites.",
	})
	RuleTransform = finding.Register(finding.Rule{
		ID: "netrules/transform", Title: "A URL transform Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses a transform scheme other than http, https, ftp or chrome-extension, a port that is not a number up to 65535, a query not starting '?', a fragment not starting '#', and query together with queryTransform.",
		Fix: "Use scheme \"https\", a query starting '?', a fragment starting '#', and either query or queryTransform.",
	})
	RuleEmptyList = finding.Register(finding.Rule{
		ID: "netrules/empty-list", Title: "An empty list where Chrome requires a non-empty one", Severity: finding.Error,
		Why: "Chrome refuses empty domains, initiatorDomains, requestDomains, resourceTypes, requestMethods, tabIds and header lists: an empty list would read as \"none\" to one reader and \"all\" to another.",
		Fix: "List at least one value, or leave the key out.",
	})
	RuleTabIds = finding.Register(finding.Rule{
		ID: "netrules/tab-ids", Title: "tabIds or excludedTabIds in a stored rule", Severity: finding.Error,
		Why: "Chrome accepts tab ids only in session rules; a stored remixlet's rules are installed as lasting rules, and tab ids mean nothing across sessions.",
		Fix: "Remove tabIds and excludedTabIds.",
	})
	RuleTwoFilters = finding.Register(finding.Rule{
		ID: "netrules/two-filters", Title: "Both urlFilter and regexFilter", Severity: finding.Error,
		Why: "Chrome refuses a rule with both filters.",
		Fix: "Keep one of urlFilter and regexFilter.",
	})
	RuleRegex = finding.Register(finding.Rule{
		ID: "netrules/regex", Title: "A regexFilter or regexSubstitution Chrome refuses", Severity: finding.Error,
		Why: "Chrome compiles regexFilter with RE2 in Latin-1 mode and refuses an empty or non-ASCII pattern, an escape naming a code point above U+00FF (\\x{100}), one RE2 does not accept, a regexSubstitution without regexFilter, and a substitution whose \\N names a group the pattern does not have.",
		Fix: "Write an ASCII RE2 pattern (no lookaround, no backreferences); in regexSubstitution use \\0 to \\9 for groups the pattern has, \\\\ for a backslash.",
	})
	RuleRegexTooLarge = finding.Register(finding.Rule{
		ID: "netrules/regex-too-large", Title: "A regexFilter over Chrome's 2 KB compiled size", Severity: finding.Error,
		Why: "Chrome refuses a regexFilter whose RE2 program needs more than 2 KB; the estimate counts RE2's instructions the way its compiler emits them.",
		Fix: "Shorten the pattern: fewer alternatives and counted repeats, or split it into several rules, or use urlFilter.",
	})
	RuleUrlFilter = finding.Register(finding.Rule{
		ID: "netrules/url-filter", Title: "A urlFilter Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses an empty urlFilter, one with non-ASCII characters, and one starting \"||*\".",
		Fix: "Write an ASCII filter (hosts in punycode, other characters percent-encoded); instead of \"||*x\" write \"*x\".",
	})
	RuleUrlFilterGrammar = finding.Register(finding.Rule{
		ID: "netrules/url-filter-grammar", Title: "A '|' in a urlFilter that is not an anchor", Severity: finding.Error,
		Why: "'|' anchors only at the very start (\"|\", \"||\") or end of a urlFilter; anywhere else Chrome matches it as a literal character, which is almost never what was meant.",
		Fix: "Anchor with \"|\" or \"||\" at the start and \"|\" at the end only; match a literal '|' with regexFilter.",
	})
	RuleIncludeExclude = finding.Register(finding.Rule{
		ID: "netrules/include-exclude", Title: "A method or resource type both included and excluded, or every type excluded", Severity: finding.Error,
		Why: "Chrome refuses a rule that includes and excludes the same request method or resource type, and one that excludes every resource type.",
		Fix: "Name each method and resource type in one list only.",
	})
	RuleAllowAllRequestsTypes = finding.Register(finding.Rule{
		ID: "netrules/allow-all-requests-types", Title: "allowAllRequests without frame resource types", Severity: finding.Error,
		Why: "Chrome refuses an allowAllRequests rule unless resourceTypes lists only main_frame and sub_frame.",
		Fix: "Remixlets cannot use allowAllRequests at all; remove the rule.",
	})
	RuleDomains = finding.Register(finding.Rule{
		ID: "netrules/domains", Title: "Domain lists Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses a domain with non-ASCII characters, and the deprecated domains or excludedDomains together with initiatorDomains or excludedInitiatorDomains.",
		Fix: "Write hosts in punycode (xn--…), and use initiatorDomains and excludedInitiatorDomains only.",
	})
	RuleDomainHost = finding.Register(finding.Rule{
		ID: "netrules/domain-host", Title: "A domain that is not a host name", Severity: finding.Error,
		Why: "Chrome compares domains with hosts as written: \"*.example.com\", \"https://example.com\" or \"example.com.\" never match, so an exclusion silently excludes nothing; \"a..example\", a label over 63 characters, a name over 253 and a registrable label starting or ending with '-' (\"-a.com\") are no host a request can reach; \".example.com\" means its subdomains only.",
		Fix: "Write the bare host, e.g. \"example.com\" (it covers its subdomains too).",
	})
	RuleResponseHeaderCondition = finding.Register(finding.Rule{
		ID: "netrules/response-header-condition", Title: "A responseHeaders condition Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses empty response-header lists, header names that are not HTTP tokens, values with CR, LF or NUL, and a header both required and excluded by name, spelled the same (in two letter cases it is netrules/never-matches).",
		Fix: "Name each header once, as an HTTP token, with values on one line.",
	})
	RuleModifyHeaders = finding.Register(finding.Rule{
		ID: "netrules/modify-headers", Title: "A header change Chrome refuses", Severity: finding.Error,
		Why: "Chrome refuses modifyHeaders without a non-empty header list, header names that are not HTTP tokens, values with CR, LF or NUL, remove with a value, append or set without one, append to a request header outside its list, and request-header changes in a rule that matches on response headers.",
		Fix: "Give each header an HTTP-token name, a one-line value for set and append and none for remove; append to request headers only for Chrome's list (accept, cache-control, user-agent, …).",
	})
	RuleTooMany = finding.Register(finding.Rule{
		ID: "netrules/too-many", Title: "More rules than Chrome installs", Severity: finding.Error,
		Why: "Chrome installs at most 30,000 rules of an extension's dynamic rules, 5,000 of them redirect or modifyHeaders rules, and 1,000 regexFilter rules; over that the whole install fails.",
		Fix: "Keep the rules under the limits: merge rules with requestDomains lists, prefer urlFilter over regexFilter.",
	})
	RuleNeverMatches = finding.Register(finding.Rule{
		ID: "netrules/never-matches", Title: "A condition that can never match", Severity: finding.Error,
		Why: "Chrome installs some rules that no request can meet, and the rule then does nothing while it reads as if it did something: a response header both required (responseHeaders) and excluded by name (excludedResponseHeaders) in another letter case (HTTP header names ignore case; Chrome refuses only the same spelling twice); every requestDomains or initiatorDomains host excluded again by the matching excluded list (the exclusion wins); an excludedInitiatorDomains covering every site the remixlet runs on (its installed rules act only on its own pages' requests); every method excluded in a rule whose resource types leave out WebSocket connections.",
		Fix: "Remove the rule, or the part of the condition that excludes everything it names.",
	})
	RuleWebSocketOnly = finding.Register(finding.Rule{
		ID: "netrules/websocket-only", Title: "excludedRequestMethods that excludes every method", Severity: finding.Error,
		Why: "A rule whose excludedRequestMethods lists every method reads as matching nothing, yet Chrome still applies it to WebSocket connections, the only requests it gives no method (witnessed in headless Chromium 156).",
		Fix: "To act on WebSocket connections, write \"resourceTypes\": [\"websocket\"] and no method lists; otherwise remove the rule.",
	})
	// The Remixlet limits.
	RuleAction = finding.Register(finding.Rule{
		ID: "netrules/action", Title: "An allow or allowAllRequests rule", Severity: finding.Error,
		Why: "Allow rules override the blocks and header protections of every other rule, including other remixlets'.",
		Fix: "Use block, redirect, modifyHeaders or upgradeScheme; narrow the other rule's condition instead of allowing around it.",
	})
	RuleRedirectGet = finding.Register(finding.Rule{
		ID: "netrules/redirect-get", Title: "A redirect that can apply to requests other than GET", Severity: finding.Error,
		Why: "A redirected POST or PUT sends its body to the new address; only GET carries nothing. excludedRequestMethods does not exclude non-HTTP requests, so only requestMethods [\"get\"] limits a redirect.",
		Fix: "Add \"requestMethods\": [\"get\"] to the rule's condition.",
	})
	RuleRedirectAmbiguous = finding.Register(finding.Rule{
		ID: "netrules/redirect-ambiguous", Title: "A redirect with more than one of url, extensionPath, transform and regexSubstitution", Severity: finding.Error,
		Why: "Chrome silently uses the first one it knows and ignores the others, so a reader may check the wrong destination.",
		Fix: "Keep exactly one of url, transform and regexSubstitution.",
	})
	RuleRedirectDestination = finding.Register(finding.Rule{
		ID: "netrules/redirect-destination", Title: "A redirect that can leave the remixlet's own sites or https", Severity: finding.Error,
		Why: "A redirect sends the page's request, with its cookies, somewhere else; it must go to an https address on the remixlet's own sites (for a remixlet on every site, the same site as the hosts the rule names), provably from the rule's text alone. A host with a space (or %20) is no site's host: Chrome installs such a redirect, Remixlet refuses it.",
		Fix: "Redirect to a full https:// address on a host your matches cover, without user name, password or port; in a transform set scheme \"https\" and a literal host; start a regexSubstitution with https://HOST/ and anchor its regexFilter with ^.",
	})
	RuleRedirectHosts = finding.Register(finding.Rule{
		ID: "netrules/redirect-hosts", Title: "A redirect rule that does not name the hosts it acts on", Severity: finding.Error,
		Why: "Where a redirect may go depends on which hosts it redirects from; \"||own.example.com\" without ^ or / also matches own.example.com.evil.net, and a rule that names no host acts on every host.",
		Fix: "Name the hosts in requestDomains, or anchor urlFilter as \"||host^\" or \"|https://host/\".",
	})
	RuleSecurityHeader = finding.Register(finding.Rule{
		ID: "netrules/security-header", Title: "A rule that changes a security header", Severity: finding.Error,
		Why: "Security headers (content security policy, cookies, CORS, authorization, HSTS, frame options and the others docs/netrules.md lists) protect the user's accounts on the site; a page-customisation rule has no business changing them.",
		Fix: "Change only headers that are not on the list; to stop a request, block it instead.",
	})
	RuleInitiatorScope = finding.Register(finding.Rule{
		ID: "netrules/initiator-scope", Title: "initiatorDomains beyond the remixlet's own sites", Severity: finding.Error,
		Why: "A remixlet that runs on some sites may act only on requests its own pages make; the installed rules are scoped to those sites.",
		Fix: "List only hosts your matches cover in initiatorDomains, or leave it out (the installed form adds the remixlet's sites).",
	})
	RuleOwnRequests = finding.Register(finding.Rule{
		ID: "netrules/own-requests", Title: "A rule of an every-site remixlet on a host it fetches from or observes", Severity: finding.Error,
		Why: "No rule may act on a request Remixlet sends for the remixlet; rules of a remixlet that runs on every site are kept off its fetch: and network:observe: hosts.",
		Fix: "Remove the host from the rule, or drop the fetch: or network:observe: permission for it.",
	})
	RuleEmpty = finding.Register(finding.Rule{
		ID: "netrules/empty", Title: "rules.json holds no rules", Severity: finding.Warning,
		Why: "An empty rule list does nothing, yet the netrules permission it comes with lets a later version change what pages load without asking.",
		Fix: "Remove rules.json and the netrules permission, or add the rules they are for.",
	})
)
