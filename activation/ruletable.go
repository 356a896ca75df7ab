package activation

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	// The decision: refuse.
	RulePermissionNotAllowed = finding.Register(finding.Rule{
		ID: "approval/permission-not-allowed", Title: "A permission neither the running version has nor the chat allowed", Severity: finding.Error,
		Why: "Permissions come only from the person: a card they allowed in the chat, or the version they already approved. Code the model wrote cannot grant itself one.",
		Fix: "Ask for the permission in the chat first and approve with --allowed PERMISSION, or remove it from manifest.json.",
	})
	// The decision: ask first.
	RuleNewSite = finding.Register(finding.Rule{
		ID: "approval/new-site", Title: "Runs on sites the running version does not", Severity: finding.Warning,
		Why: "A wider reach takes the remixlet, and every permission it holds, to pages the person never approved it for.",
		Fix: "Confirm in the dialog, or keep the matches within the running version's.",
	})
	RuleEverySite = finding.Register(finding.Rule{
		ID: "approval/every-site", Title: "Runs on every site", Severity: finding.Warning,
		Why: "A remixlet on every site sees every page the person visits, and its stylesheet may load from any host.",
		Fix: "Confirm in the dialog, or match only the sites the remixlet is for.",
	})
	RuleBeyondChatSite = finding.Register(finding.Rule{
		ID: "approval/beyond-chat-site", Title: "A new remixlet that runs beyond the chat's site", Severity: finding.Warning,
		Why: "The person asked for a change on the site they were chatting on; anywhere else is a decision only they can make.",
		Fix: "Confirm in the dialog, or match only the chat's site.",
	})
	RuleRulesChanged = finding.Register(finding.Rule{
		ID: "approval/rules-changed", Title: "The network rules differ from the running version's", Severity: finding.Warning,
		Why: "Network rules block, redirect or change what pages load, and the dialog does not list them: any change asks first.",
		Fix: "Confirm in the dialog; read rules.json in the history to see each rule.",
	})
	RuleMovedToChatSite = finding.Register(finding.Rule{
		ID: "approval/moved-to-chat-site", Title: "Moved onto just the chat's site, keeping its permissions", Severity: finding.Warning,
		Why: "Permissions approved for other sites would now serve the site the chat is on, which may be the page that steered the model.",
		Fix: "Confirm in the dialog, or drop the permissions the chat's site does not need.",
	})
	// Approvals and activation.
)
