package decision

import "github.com/remixlet/remixlet/finding"

// The rule this package reports. The decision's own rules are in package
// activation; those of the flow over the store are in packages approval
// and store. The id keeps the approval/ family it has always had: ids are
// stable.
var RuleRefused = finding.Register(finding.Rule{
	ID: "approval/refused", Title: "The files do not pass the checks", Severity: finding.Error,
	Why: "Only files that pass every check can be approved or activated, and they are checked again at activation.",
	Fix: "Fix the findings `remixlet lint` lists, then approve again.",
})
