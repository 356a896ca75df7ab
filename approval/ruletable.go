package approval

import "github.com/remixlet/remixlet/finding"

// The rule this package reports. The decision's rules are in packages
// decision and activation; the checks an approval passes at activation are
// in package store. Each is registered in the finding package's registry,
// which `explain`, SARIF and docs/rules.md read.
var RuleNotConfirmed = finding.Register(finding.Rule{
	ID: "approval/not-confirmed", Title: "The dialog was not confirmed", Severity: finding.Error,
	Why: "A version that needs the dialog activates only after the person allows it.",
	Fix: "Read the dialog, then approve again with --yes (or answer y on a terminal).",
})
