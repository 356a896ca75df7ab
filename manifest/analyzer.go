package manifest

import (
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// Analyzer checks manifest.json and what the manifest says about the rest
// of the package. Its result is the *Manifest, or nil when the manifest
// could not be read safely; the other analyzers require it.
var Analyzer = &analysis.Analyzer{
	Name: "manifest",
	Doc:  "checks manifest.json: strict JSON, the schema, the API window, match patterns, permissions and their hosts",
	File: FileName,
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	src, ok := pass.Package.File(FileName)
	if !ok {
		return nil, nil // the loader reported why
	}
	m, findings := Parse(src)
	for _, f := range findings {
		pass.Report(f)
	}
	if m == nil {
		return nil, nil
	}
	hasRules := pass.Package.Has("rules.json")
	netrules, declared := m.Permission(NetRules)
	switch {
	case hasRules && !declared:
		pass.Report(finding.New(RuleRulesWithoutNetrules, "rules.json", finding.Position{},
			"rules.json is installed only with the netrules permission: add {\"permission\": \"netrules\", \"reason\": \"…\"} and ask the user, or remove rules.json"))
	case !hasRules && declared:
		pass.Report(finding.New(RuleNetrulesWithoutRules, FileName, netrules.Pos,
			"the netrules permission is declared but there is no rules.json: remove the permission, or add the rules it is for"))
	}
	return m, nil
}
