package bundle

import (
	"fmt"
	"strings"

	"github.com/remixlet/remixlet/finding"
)

// The rules the build reports about a source folder: the check and its
// documentation together, registered in the finding package's registry
// (`remixlet explain`, SARIF and the docs read it). Everything the lint
// finds in the built files keeps the lint's own rules, pointed at the
// source.
var (
	RuleEntry = finding.Register(finding.Rule{
		ID: "build/entry", Title: "The source folder's entry points are missing, doubled or misplaced", Severity: finding.Error,
		Why: "The build starts from fixed names (src/main.ts or src/main.js for the script, style.css for the stylesheet), so that the same folder always builds the same way; a file under another name would be left out without a word.",
		Fix: "Name the script's entry src/main.ts (or src/main.js, not both) and the stylesheet's style.css, at the top of the source folder.",
	})
	RuleSyntax = finding.Register(finding.Rule{
		ID: "build/syntax", Title: "A source file the bundler cannot parse, or an import of a name a module does not export", Severity: finding.Error,
		Why: "A TypeScript, JavaScript, JSON or CSS file that does not parse cannot be bundled, and a bundle built around the error would not be the code the person wrote.",
		Fix: "Fix the error at the position given, then build again.",
	})
	RuleRemoteImport = finding.Register(finding.Rule{
		ID: "build/remote-import", Title: "An import of an address on the network", Severity: finding.Error,
		Why: "The stored form is one script and one stylesheet with nothing to fetch: code or CSS from an address is code nobody reviewed, which can change after approval, and the sandbox blocks it.",
		Fix: "Download the module or stylesheet into the source folder, read it, and import it by a relative path.",
	})
	RuleBareImport = finding.Register(finding.Rule{
		ID: "build/bare-import", Title: "A package that is not installed in the source folder", Severity: finding.Error,
		Why: "A bare import (lodash, preact) is bundled only from the source folder's own node_modules, so that the build reads nothing outside the folder and gives the same output on every machine.",
		Fix: "Install the package into the source folder (npm install, with a lock file), or write the code without it.",
	})
	RuleNodeBuiltin = finding.Register(finding.Rule{
		ID: "build/node-builtin", Title: "An import of a Node.js built-in module", Severity: finding.Error,
		Why: "A remixlet runs in a browser sandbox, not in Node.js: fs, path, http and the other built-ins do not exist there.",
		Fix: "Use standard JavaScript and the dom and rmx APIs; for a module with a browser version (events, buffer), install that package into the source folder.",
	})
	RuleOutsideSource = finding.Register(finding.Rule{
		ID: "build/outside-source", Title: "An import that reaches outside the source folder", Severity: finding.Error,
		Why: "A file outside the source folder (through .. or an absolute path) is not part of what is reviewed and versioned with the remixlet, and differs from machine to machine.",
		Fix: "Copy the file into the source folder and import it by a relative path inside it.",
	})
	RuleLink = finding.Register(finding.Rule{
		ID: "build/link", Title: "A source file reached through a symbolic link", Severity: finding.Error,
		Why: "A link can point anywhere, outside the folder or at a file that changes, so the build does not follow one.",
		Fix: "Replace the link with a copy of the file it points to.",
	})
	RuleMissingImport = finding.Register(finding.Rule{
		ID: "build/missing-import", Title: "An import of a local file that does not exist", Severity: finding.Error,
		Why: "The bundle cannot include a module that is not there. Names are matched exactly, case included, so that a folder that builds on one machine builds on every machine.",
		Fix: "Fix the path, or create the file; write names with the case they have on disk.",
	})
	RuleUnsupportedImport = finding.Register(finding.Rule{
		ID: "build/unsupported-import", Title: "An import of a kind of file the stored form cannot hold", Severity: finding.Error,
		Why: "The stored form is one script and one stylesheet: the script may import TypeScript, JavaScript and JSON; the stylesheet may @import CSS. Images, JSX, data: modules and stylesheets imported from the script have no place in it.",
		Fix: "Import scripts and JSON from the script, and stylesheets with @import from style.css; put images on a host the remixlet may load from.",
	})
	RuleImportCycle = finding.Register(finding.Rule{
		ID: "build/import-cycle", Title: "Modules that import each other in a circle", Severity: finding.Error,
		Why: "In a cycle one module runs before a module it imports has set its values, so the bundle behaves differently from how each file reads; the build refuses it rather than guess.",
		Fix: "Move what both modules need into a third module that imports neither.",
	})
	RuleTooDeep = finding.Register(finding.Rule{
		ID: "build/too-deep", Title: "A source file nested too deeply to bundle", Severity: finding.Error,
		Why: "The bundler recurses once per nesting level with no limit, and input nested hundreds of thousands of levels deep would crash it; the build refuses such a file before bundling. Real code stays far below the limit.",
		Fix: "Flatten the code: split long chains and deeply nested expressions, blocks or data into named steps.",
	})
	RuleTooLarge = finding.Register(finding.Rule{
		ID: "build/too-large", Title: "A built file, or a source file, over its size cap", Severity: finding.Error,
		Why: "The stored form caps script.js at 1 MiB and style.css at 512 KiB so that every check stays bounded; a source file over 16 MiB is refused before it is read.",
		Fix: "Import less: leave out unused modules and large data, or load the data at run time with rmx.fetch and a fetch: permission.",
	})
)

// RulesMarkdown renders the build's rules as docs/build.md shows them.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| rule | what it refuses | do instead |\n| --- | --- | --- |\n")
	for _, r := range finding.Rules() {
		if strings.HasPrefix(r.ID, "build/") {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, strings.ReplaceAll(r.Title, "|", `\|`), strings.ReplaceAll(r.Fix, "|", `\|`))
		}
	}
	return b.String()
}
