package cssguard

import (
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/manifest"
)

// FileName is the stylesheet's name in a stored remixlet.
const FileName = "style.css"

// Analyzer runs Check on style.css against the manifest. Its result is the
// *Result, or nil when the remixlet has no stylesheet.
var Analyzer = &analysis.Analyzer{
	Name:     "cssguard",
	Doc:      "checks style.css as Chrome reads it: every load it can make must be a full http(s) address on an allowed host; @import, image-set(), src(), data: and relative addresses, and loads keyed on an element's value are refused",
	File:     FileName,
	Requires: []*analysis.Analyzer{manifest.Analyzer},
	Run:      runAnalyzer,
}

func runAnalyzer(pass *analysis.Pass) (any, error) {
	src, ok := pass.Package.File(FileName)
	if !ok {
		return nil, nil // absent, or the loader refused its bytes and said why
	}
	m := pass.ResultOf(manifest.Analyzer).(*manifest.Manifest)
	res := Check(src, FileName, m, Stylesheet)
	for _, f := range res.Findings {
		pass.Report(f)
	}
	return res, nil
}
