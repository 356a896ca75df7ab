package netrules

import (
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/manifest"
)

// Analyzer checks rules.json against the manifest: Chrome's validation and
// the Remixlet limits. It checks the file even without the netrules
// permission (the manifest analyzer refuses that combination), so that
// every problem shows at once. Its result is the *Result when nothing is
// refused, else nil.
var Analyzer = &analysis.Analyzer{
	Name:     "netrules",
	Doc:      "checks rules.json: Chrome's declarativeNetRequest validation, then the Remixlet limits (no allow rules, GET-only redirects to the remixlet's own https sites, no security headers)",
	File:     FileName,
	Requires: []*analysis.Analyzer{manifest.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	src, ok := pass.Package.File(FileName)
	if !ok {
		return nil, nil // absent, or the loader reported why
	}
	m := pass.ResultOf(manifest.Analyzer).(*manifest.Manifest)
	res := Check(src, m)
	for _, f := range res.Findings {
		pass.Report(f)
	}
	if res.Refused() {
		return nil, nil
	}
	return res, nil
}
