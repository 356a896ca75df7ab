package store

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the checks an approval must pass at
// activation, made in the same transaction that uses it up. Each is
// registered in the finding package's registry, which `explain`, SARIF and
// docs/rules.md read.
var (
	RuleUnknown = finding.Register(finding.Rule{
		ID: "approval/unknown", Title: "No such approval", Severity: finding.Error,
		Why: "Only an approval recorded by `remixlet approve` can activate files.",
		Fix: "Approve the files with `remixlet approve DIR --id ID` and use the token it prints.",
	})
	RuleUsed = finding.Register(finding.Rule{
		ID: "approval/used", Title: "The approval was already used", Severity: finding.Error,
		Why: "An approval is good for one activation attempt, so a token seen once cannot activate anything again.",
		Fix: "Approve the files again.",
	})
	RuleExpired = finding.Register(finding.Rule{
		ID: "approval/expired", Title: "The approval expired", Severity: finding.Error,
		Why: "An approval lasts ten minutes, so one left lying around cannot activate files later.",
		Fix: "Approve the files again and activate within ten minutes.",
	})
	RuleIssuedInFuture = finding.Register(finding.Rule{
		ID: "approval/issued-in-future", Title: "The approval was issued after the current time", Severity: finding.Error,
		Why: "The clock went backwards, so the approval's age cannot be known; it is not trusted.",
		Fix: "Fix the system clock, then approve the files again.",
	})
	RuleDigestMismatch = finding.Register(finding.Rule{
		ID: "approval/digest-mismatch", Title: "The files are not the ones approved", Severity: finding.Error,
		Why: "An approval is bound to the digest of the exact files; other files are not what was checked. The approval is used up.",
		Fix: "Approve the files as they are now, then activate them without changing them.",
	})
	RuleOtherRemixlet = finding.Register(finding.Rule{
		ID: "approval/other-remixlet", Title: "The approval is for another remixlet", Severity: finding.Error,
		Why: "An approval for one remixlet cannot change another.",
		Fix: "Approve the files for the remixlet you mean (--id).",
	})
	RulePermissionNotApproved = finding.Register(finding.Rule{
		ID: "approval/permission-not-approved", Title: "A permission beyond the approved ones and the running version's", Severity: finding.Error,
		Why: "Activation refuses any set of files whose permissions the person did not allow.",
		Fix: "Approve again, allowing the permission in the chat first, or remove it from manifest.json.",
	})
	RuleRunningChanged = finding.Register(finding.Rule{
		ID: "approval/running-changed", Title: "The running version changed since the approval", Severity: finding.Error,
		Why: "The decision was made against the version running then; against another one it could have been a dialog or a refusal.",
		Fix: "Approve the files again against the version running now.",
	})
)
