package finding

// packageRules are the loader's: what a stored remixlet folder may hold.
var packageRules = []Rule{
	{
		ID: "package/missing-manifest", Title: "The folder has no manifest.json", Severity: Error,
		Why: "Without a manifest nothing says where the remixlet runs or what it may use, so nothing can be checked or approved.",
		Fix: "Add a manifest.json with name, api, matches and permissions.",
	},
	{
		ID: "package/unexpected-file", Title: "A file the stored form does not have", Severity: Error,
		Why: "The stored form holds exactly manifest.json, script.js, style.css and rules.json; any other file would be approved and stored without being checked.",
		Fix: "Remove the file, or bundle it into script.js or style.css with `remixlet build`.",
	},
	{
		ID: "package/folder", Title: "A folder inside the remixlet", Severity: Error,
		Why: "The stored form is flat; files in a subfolder would be stored without being checked.",
		Fix: "Remove the folder; bundle sources with `remixlet build`.",
	},
	{
		ID: "package/link", Title: "A symbolic or hard link", Severity: Error,
		Why: "A link lets the checked name and the stored bytes differ, or reach a file outside the folder that can change after approval.",
		Fix: "Replace the link with a copy of the file.",
	},
	{
		ID: "package/not-regular", Title: "Not a regular file (device, pipe, socket)", Severity: Error,
		Why: "Reading a pipe or device can block or return different bytes each time; only regular files can be checked and hashed.",
		Fix: "Replace it with a regular file.",
	},
	{
		ID: "package/case-collision", Title: "File names that differ only in case", Severity: Error,
		Why: "On a case-insensitive disk the two names are one file, so the file checked may not be the file stored.",
		Fix: "Keep one file, named exactly as the format spells it (all lower case).",
	},
	{
		ID: "package/too-large", Title: "A file over its size cap", Severity: Error,
		Why: "Caps keep checking fast and bounded, and no remixlet needs more (manifest 64 KiB, script 1 MiB, style 512 KiB, rules 8 MiB).",
		Fix: "Make the file smaller: drop unused code, rules or styles.",
	},
	{
		ID: "package/invalid-utf8", Title: "A file that is not valid UTF-8", Severity: Error,
		Why: "Readers repair invalid bytes differently, so the text the checker reads may not be the text the browser runs.",
		Fix: "Save the file as UTF-8.",
	},
	{
		ID: "package/bom", Title: "A byte-order mark at the start of a JSON file", Severity: Error,
		Why: "JSON forbids a byte-order mark; some readers skip it and some refuse the file, and two readers disagreeing is a hazard.",
		Fix: "Save the file as UTF-8 without a byte-order mark.",
	},
	{
		ID: "package/rules-without-netrules", Title: "rules.json without the netrules permission", Severity: Error,
		Why: "Network rules change what pages load; they are installed only when the user approved the netrules permission.",
		Fix: "Add {\"permission\": \"netrules\", \"reason\": \"…\"} to the manifest and ask the user, or remove rules.json.",
	},
	{
		ID: "package/netrules-without-rules", Title: "The netrules permission without rules.json", Severity: Warning,
		Why: "A permission nothing uses still widens what a later version may do without asking.",
		Fix: "Remove the netrules permission, or add the rules.json it is for.",
	},
	{
		ID: "package/not-analysed", Title: "A file that could not be checked", Severity: Error,
		Why: "A file the checker could not read or understand is refused, never waved through.",
		Fix: "Fix the errors reported before it (usually in manifest.json), then lint again.",
	},
}
