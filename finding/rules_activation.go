package finding

// activationRules are the activation decision's (package activation) and
// the approval checks' (package store). Errors refuse; the decision's
// warnings mean a dialog asks the person before the version activates.
var activationRules = []Rule{
	// The decision: refuse.
	{
		ID: "approval/permission-not-allowed", Title: "A permission neither the running version has nor the chat allowed", Severity: Error,
		Why: "Permissions come only from the person: a card they allowed in the chat, or the version they already approved. Code the model wrote cannot grant itself one.",
		Fix: "Ask for the permission in the chat first and approve with --allowed PERMISSION, or remove it from manifest.json.",
	},
	// The decision: ask first.
	{
		ID: "approval/new-site", Title: "Runs on sites the running version does not", Severity: Warning,
		Why: "A wider reach takes the remixlet, and every permission it holds, to pages the person never approved it for.",
		Fix: "Confirm in the dialog, or keep the matches within the running version's.",
	},
	{
		ID: "approval/every-site", Title: "Runs on every site", Severity: Warning,
		Why: "A remixlet on every site sees every page the person visits, and its stylesheet may load from any host.",
		Fix: "Confirm in the dialog, or match only the sites the remixlet is for.",
	},
	{
		ID: "approval/beyond-chat-site", Title: "A new remixlet that runs beyond the chat's site", Severity: Warning,
		Why: "The person asked for a change on the site they were chatting on; anywhere else is a decision only they can make.",
		Fix: "Confirm in the dialog, or match only the chat's site.",
	},
	{
		ID: "approval/rules-changed", Title: "The network rules differ from the running version's", Severity: Warning,
		Why: "Network rules block, redirect or change what pages load, and the dialog does not list them: any change asks first.",
		Fix: "Confirm in the dialog; read rules.json in the history to see each rule.",
	},
	{
		ID: "approval/moved-to-chat-site", Title: "Moved onto just the chat's site, keeping its permissions", Severity: Warning,
		Why: "Permissions approved for other sites would now serve the site the chat is on, which may be the page that steered the model.",
		Fix: "Confirm in the dialog, or drop the permissions the chat's site does not need.",
	},
	// Approvals and activation.
	{
		ID: "approval/not-confirmed", Title: "The dialog was not confirmed", Severity: Error,
		Why: "A version that needs the dialog activates only after the person allows it.",
		Fix: "Read the dialog, then approve again with --yes (or answer y on a terminal).",
	},
	{
		ID: "approval/unknown", Title: "No such approval", Severity: Error,
		Why: "Only an approval recorded by `remixlet approve` can activate files.",
		Fix: "Approve the files with `remixlet approve DIR --id ID` and use the token it prints.",
	},
	{
		ID: "approval/used", Title: "The approval was already used", Severity: Error,
		Why: "An approval is good for one activation attempt, so a token seen once cannot activate anything again.",
		Fix: "Approve the files again.",
	},
	{
		ID: "approval/expired", Title: "The approval expired", Severity: Error,
		Why: "An approval lasts ten minutes, so one left lying around cannot activate files later.",
		Fix: "Approve the files again and activate within ten minutes.",
	},
	{
		ID: "approval/issued-in-future", Title: "The approval was issued after the current time", Severity: Error,
		Why: "The clock went backwards, so the approval's age cannot be known; it is not trusted.",
		Fix: "Fix the system clock, then approve the files again.",
	},
	{
		ID: "approval/digest-mismatch", Title: "The files are not the ones approved", Severity: Error,
		Why: "An approval is bound to the digest of the exact files; other files are not what was checked. The approval is used up.",
		Fix: "Approve the files as they are now, then activate them without changing them.",
	},
	{
		ID: "approval/other-remixlet", Title: "The approval is for another remixlet", Severity: Error,
		Why: "An approval for one remixlet cannot change another.",
		Fix: "Approve the files for the remixlet you mean (--id).",
	},
	{
		ID: "approval/permission-not-approved", Title: "A permission beyond the approved ones and the running version's", Severity: Error,
		Why: "Activation refuses any set of files whose permissions the person did not allow.",
		Fix: "Approve again, allowing the permission in the chat first, or remove it from manifest.json.",
	},
	{
		ID: "approval/running-changed", Title: "The running version changed since the approval", Severity: Error,
		Why: "The decision was made against the version running then; against another one it could have been a dialog or a refusal.",
		Fix: "Approve the files again against the version running now.",
	},
	{
		ID: "approval/refused", Title: "The files do not pass the checks", Severity: Error,
		Why: "Only files that pass every check can be approved or activated, and they are checked again at activation.",
		Fix: "Fix the findings `remixlet lint` lists, then approve again.",
	},
}
