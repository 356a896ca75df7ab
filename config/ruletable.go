package config

import "github.com/remixlet/remixlet/finding"

// The rules of remixlet.config.json, of the policy it sets, and of inline
// suppressions.
var (
	RuleSyntax = finding.Register(finding.Rule{
		ID: "config/syntax", Title: "remixlet.config.json is not strict JSON", Severity: finding.Error,
		Why: "A policy that readers could read differently is no policy; the config is read as strictly as the manifest.",
		Fix: "Write plain JSON: no comments, no trailing commas, one object, each key once.",
	})
	RuleInvalid = finding.Register(finding.Rule{
		ID: "config/invalid", Title: "A config entry the format does not have, or of the wrong type", Severity: finding.Error,
		Why: "An entry nobody reads would look like policy while enforcing nothing.",
		Fix: "Write the entry as `remixlet schema config` describes it.",
	})
	RuleWidens = finding.Register(finding.Rule{
		ID: "config/widens", Title: "A config entry that would lower an error or turn a check off", Severity: finding.Error,
		Why: "A config can only tighten the checks (the ceiling principle): the errors are what keeps a remixlet from reaching what it must not, and a file in a repository cannot vouch for that.",
		Fix: "Remove the entry. Fix what the check reports instead; a warning can be suppressed inline with a reason, or recorded in a baseline.",
	})
	RuleUnknownRule = finding.Register(finding.Rule{
		ID: "config/unknown-rule", Title: "A config or suppression names a rule that does not exist", Severity: finding.Error,
		Why: "An entry for a rule that does not exist raises or silences nothing, and a typo would go unnoticed.",
		Fix: "Use an id `remixlet explain` lists.",
	})
	RuleDeniedPermission = finding.Register(finding.Rule{
		ID: "config/denied-permission", Title: "A permission the repository's policy never allows", Severity: finding.Error,
		Why: "The team decided that no remixlet here may ask for it.",
		Fix: "Remove the permission and do without it, or ask the people who own the policy.",
	})
	RuleDeniedHost = finding.Register(finding.Rule{
		ID: "config/denied-host", Title: "A host the repository's policy never allows, in matches, a permission or a stylesheet load", Severity: finding.Error,
		Why: "The team decided that no remixlet here may run on, send to or load from that host.",
		Fix: "Remove the pattern, permission or load that reaches the host.",
	})
	RuleEverySite = finding.Register(finding.Rule{
		ID: "config/every-site", Title: "A remixlet that runs on every site, where the policy allows only named sites", Severity: finding.Error,
		Why: "The policy sets maxReach to named-sites: every remixlet must say which sites it runs on.",
		Fix: "List the sites in matches (\"https://news.example.com/*\").",
	})
	RuleDescriptionRequired = finding.Register(finding.Rule{
		ID: "config/description-required", Title: "A manifest without a description, where the policy requires one", Severity: finding.Error,
		Why: "The policy sets requireDescription: reviewers read what a remixlet is for before they read its code.",
		Fix: "Add a \"description\" that says in a sentence what the remixlet does.",
	})
	RuleBadSuppression = finding.Register(finding.Rule{
		ID: "config/bad-suppression", Title: "A suppression comment without a rule or a reason", Severity: finding.Error,
		Why: "A suppression says which warning it silences and why, so a reviewer can judge it; one without both is refused and silences nothing.",
		Fix: "Write `// remixlet-ignore-next-line RULE -- reason` (in style.css: `/* remixlet-ignore-next-line RULE -- reason */`).",
	})
	RuleSuppressedError = finding.Register(finding.Rule{
		ID: "config/suppressed-error", Title: "A suppression aimed at an error", Severity: finding.Error,
		Why: "Only warnings can be suppressed: an error is what keeps a remixlet from doing what it must not, and a comment in the checked file cannot vouch for that.",
		Fix: "Remove the comment and fix what the error reports.",
	})
	RuleUnusedSuppression = finding.Register(finding.Rule{
		ID: "config/unused-suppression", Title: "A suppression that suppresses nothing", Severity: finding.Warning,
		Why: "A suppression left behind after its warning went away would silently hide the next warning on that line.",
		Fix: "Remove the comment.",
	})
)
