package analysis

import "github.com/remixlet/remixlet/finding"

// The rules this package reports: the check and its documentation together.
// Each is registered in the finding package's registry, which `explain`,
// SARIF and docs/rules.md read.
var (
	RuleMissingManifest = finding.Register(finding.Rule{
		ID: "package/missing-manifest", Title: "The folder has no manifest.json", Severity: finding.Error,
		Why: "Without a manifest nothing says where the remixlet runs or what it may use, so nothing can be checked or approved.",
		Fix: "Add a manifest.json with name, api, matches and permissions.",
	})
	RuleUnexpectedFile = finding.Register(finding.Rule{
		ID: "package/unexpected-file", Title: "A file the stored form does not have", Severity: finding.Error,
		Why: "The stored form holds exactly manifest.json, script.js, style.css and rules.json; any other file would be approved and stored without being checked.",
		Fix: "Remove the file, or bundle it into script.js or style.css with `remixlet build`.",
	})
	RuleFolder = finding.Register(finding.Rule{
		ID: "package/folder", Title: "A folder inside the remixlet", Severity: finding.Error,
		Why: "The stored form is flat; files in a subfolder would be stored without being checked.",
		Fix: "Remove the folder; bundle sources with `remixlet build`.",
	})
	RuleLink = finding.Register(finding.Rule{
		ID: "package/link", Title: "A symbolic or hard link", Severity: finding.Error,
		Why: "A link lets the checked name and the stored bytes differ, or reach a file outside the folder that can change after approval.",
		Fix: "Replace the link with a copy of the file.",
	})
	RuleNotRegular = finding.Register(finding.Rule{
		ID: "package/not-regular", Title: "Not a regular file (device, pipe, socket)", Severity: finding.Error,
		Why: "Reading a pipe or device can block or return different bytes each time; only regular files can be checked and hashed.",
		Fix: "Replace it with a regular file.",
	})
	RuleCaseCollision = finding.Register(finding.Rule{
		ID: "package/case-collision", Title: "File names that differ only in case", Severity: finding.Error,
		Why: "On a case-insensitive disk the two names are one file, so the file checked may not be the file stored.",
		Fix: "Keep one file, named exactly as the format spells it (all lower case).",
	})
	RuleTooLarge = finding.Register(finding.Rule{
		ID: "package/too-large", Title: "A file over its size cap", Severity: finding.Error,
		Why: "Caps keep checking fast and bounded, and no remixlet needs more (manifest 64 KiB, script 1 MiB, style 512 KiB, rules 8 MiB).",
		Fix: "Make the file smaller: drop unused code, rules or styles.",
	})
	RuleInvalidUtf8 = finding.Register(finding.Rule{
		ID: "package/invalid-utf8", Title: "A file that is not valid UTF-8", Severity: finding.Error,
		Why: "Readers repair invalid bytes differently, so the text the checker reads may not be the text the browser runs.",
		Fix: "Save the file as UTF-8.",
	})
	RuleBom = finding.Register(finding.Rule{
		ID: "package/bom", Title: "A byte-order mark at the start of a JSON file", Severity: finding.Error,
		Why: "JSON forbids a byte-order mark; some readers skip it and some refuse the file, and two readers disagreeing is a hazard.",
		Fix: "Save the file as UTF-8 without a byte-order mark.",
	})
	RuleNotAnalysed = finding.Register(finding.Rule{
		ID: "package/not-analysed", Title: "A file that could not be checked", Severity: finding.Error,
		Why: "A file the checker could not read or understand is refused, never waved through.",
		Fix: "Fix the errors reported before it (usually in manifest.json), then lint again.",
	})
)
