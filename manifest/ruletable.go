package manifest

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	RuleSyntax = finding.Register(finding.Rule{
		ID: "manifest/syntax", Title: "manifest.json is not strict JSON", Severity: finding.Error,
		Why: "Lenient readers accept comments, trailing commas and extra values differently; the manifest is the approval record, so every reader must see the same thing.",
		Fix: "Write plain JSON: no comments, no trailing commas, one object.",
	})
	RuleDuplicateKey = finding.Register(finding.Rule{
		ID: "manifest/duplicate-key", Title: "A key appears twice in one object", Severity: finding.Error,
		Why: "JSON readers disagree on which of two equal keys wins, so a reviewer and the browser could see different permissions or sites.",
		Fix: "Keep exactly one of the keys.",
	})
	RuleTooDeep = finding.Register(finding.Rule{
		ID: "manifest/too-deep", Title: "JSON nested deeper than the format allows", Severity: finding.Error,
		Why: "The manifest is at most three levels deep; deeper input only costs the checker time and stack.",
		Fix: "Write the manifest in the documented shape.",
	})
	RuleUnknownKey = finding.Register(finding.Rule{
		ID: "manifest/unknown-key", Title: "A key the manifest format does not have", Severity: finding.Error,
		Why: "A key no reader checks could mean something to a later reader; refusing it keeps the approved record exactly what was checked.",
		Fix: "Remove the key; see `remixlet schema manifest` for the keys that exist.",
	})
	RuleMissingKey = finding.Register(finding.Rule{
		ID: "manifest/missing-key", Title: "A required key is missing", Severity: finding.Error,
		Why: "Name, api and matches (and a reason for each permission) are what the user approves; none may be left out.",
		Fix: "Add the key; see `remixlet schema manifest`.",
	})
	RuleWrongType = finding.Register(finding.Rule{
		ID: "manifest/wrong-type", Title: "A value of the wrong JSON type", Severity: finding.Error,
		Why: "A number where a string belongs, or an object where a list belongs, is read differently by different tools.",
		Fix: "Write the value with the type `remixlet schema manifest` gives.",
	})
	RuleName = finding.Register(finding.Rule{
		ID: "manifest/name", Title: "A name that is empty, too long or has control characters", Severity: finding.Error,
		Why: "The name is shown in the dialog and the manager; control, direction-changing and invisible characters could make it read as something else.",
		Fix: "Use 1 to 64 printable characters.",
	})
	RuleDescription = finding.Register(finding.Rule{
		ID: "manifest/description", Title: "A description that is too long or has control characters", Severity: finding.Error,
		Why: "The description is shown to the user; it must be plain text of a readable size, without characters that reorder the text around them or show as nothing.",
		Fix: "Use at most 2000 characters; line breaks and tabs are fine, other control characters are not.",
	})
	RuleApiFormat = finding.Register(finding.Rule{
		ID: "manifest/api-format", Title: "api is not a MAJOR.MINOR.PATCH version", Severity: finding.Error,
		Why: "The api stamp says which runtime contract the files were written for; a stamp that cannot be compared cannot be honoured.",
		Fix: "Write the release the remixlet was saved against, e.g. \"1.0.2\".",
	})
	RuleApiUnsupported = finding.Register(finding.Rule{
		ID: "manifest/api-unsupported", Title: "api is older than the oldest supported release", Severity: finding.Error,
		Why: "The extension does not run API versions it no longer supports.",
		Fix: "Re-save the remixlet against the current API (1.0.2).",
	})
	RuleApiNewer = finding.Register(finding.Rule{
		ID: "manifest/api-newer", Title: "api is newer than this toolchain knows", Severity: finding.Error,
		Why: "The toolchain cannot check rules it does not know; it refuses rather than guess.",
		Fix: "Update remixlet, or save against an API this toolchain knows (up to 1.0.2).",
	})
	RuleLegacyApi = finding.Register(finding.Rule{
		ID: "manifest/legacy-api", Title: "Saved before API 1.0.2: legacy rules apply", Severity: finding.Warning,
		Why: "Before 1.0.2 stylesheet loads and network rules were not checked at save time; the offending parts are left out when installed.",
		Fix: "Re-save against API 1.0.2 after fixing the warnings, so nothing is left out silently.",
	})
	RuleNoMatches = finding.Register(finding.Rule{
		ID: "manifest/no-matches", Title: "matches is empty", Severity: finding.Error,
		Why: "A remixlet must say where it runs.",
		Fix: "List at least one match pattern, e.g. \"https://news.example.com/*\".",
	})
	RuleMatchPattern = finding.Register(finding.Rule{
		ID: "manifest/match-pattern", Title: "A match pattern Chrome would not accept, or not for a web page", Severity: finding.Error,
		Why: "Where a remixlet runs is decided by Chrome's reading of the pattern; a pattern it reads differently, or one outside http and https, is refused.",
		Fix: "Write scheme://host/path, e.g. \"https://*.example.com/*\".",
	})
	RuleDuplicateMatch = finding.Register(finding.Rule{
		ID: "manifest/duplicate-match", Title: "The same match pattern twice", Severity: finding.Warning,
		Why: "A repeated pattern adds nothing and hides what the list really covers.",
		Fix: "Remove the repeat.",
	})
	RulePublicSuffixWildcard = finding.Register(finding.Rule{
		ID: "manifest/public-suffix-wildcard", Title: "A wildcard over a public suffix (*.com, *.github.io)", Severity: finding.Warning,
		Why: "Such a pattern reaches sites of unrelated owners; it is treated as running on every site.",
		Fix: "Name the site (\"https://*.example.co.uk/*\"), or use <all_urls> if every site is meant.",
	})
	RuleUnknownPermission = finding.Register(finding.Rule{
		ID: "manifest/unknown-permission", Title: "A permission the format does not have", Severity: finding.Error,
		Why: "Only the listed permissions exist; there is none that reaches every host.",
		Fix: "Use storage, clipboard, notifications, menu, schedule, netrules, fetch:HOST or network:observe:HOST.",
	})
	RulePermissionHost = finding.Register(finding.Rule{
		ID: "manifest/permission-host", Title: "A fetch: or network:observe: host that is not one canonical host", Severity: finding.Error,
		Why: "Each network permission names exactly one host as the browser spells it, so the user approves exactly what is used.",
		Fix: "Write one host in lower case (punycode for IDN), with no scheme, port, path, wildcard or trailing dot: fetch:api.example.com.",
	})
	RuleDuplicatePermission = finding.Register(finding.Rule{
		ID: "manifest/duplicate-permission", Title: "A permission listed twice", Severity: finding.Error,
		Why: "Two entries with different reasons make the approval record ambiguous.",
		Fix: "Keep one entry per permission.",
	})
	RuleReason = finding.Register(finding.Rule{
		ID: "manifest/reason", Title: "A permission without a real reason", Severity: finding.Error,
		Why: "Every permission carries a reason, at most 500 characters, so the record says why it was asked for; the restore confirmation shows it, so it may not hold characters that reorder the text or show as nothing.",
		Fix: "Write one or two sentences of plain text on what the permission is for.",
	})
	RulePrivateHost = finding.Register(finding.Rule{
		ID: "manifest/private-host", Title: "A network permission for a private or local host", Severity: finding.Warning,
		Why: "Requests go out signed in as the user; a local or private-network host (a router, a dev server) is rarely what a site customisation should reach.",
		Fix: "Use the public host the data lives on, or make sure the user means this host.",
	})
	// The package rules that depend on the manifest: rules.json and the
	// netrules permission go together.
	RuleRulesWithoutNetrules = finding.Register(finding.Rule{
		ID: "package/rules-without-netrules", Title: "rules.json without the netrules permission", Severity: finding.Error,
		Why: "Network rules change what pages load; they are installed only when the user approved the netrules permission.",
		Fix: "Add {\"permission\": \"netrules\", \"reason\": \"…\"} to the manifest and ask the user, or remove rules.json.",
	})
	RuleNetrulesWithoutRules = finding.Register(finding.Rule{
		ID: "package/netrules-without-rules", Title: "The netrules permission without rules.json", Severity: finding.Warning,
		Why: "A permission nothing uses still widens what a later version may do without asking.",
		Fix: "Remove the netrules permission, or add the rules.json it is for.",
	})
)
