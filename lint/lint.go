// Package lint runs every check on a stored remixlet. Analyzers lists them
// in the order their findings matter to a reader: the package's files and
// manifest first, then the code, the stylesheet and the network rules
// (findings are sorted by place anyway).
package lint

import (
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
	"github.com/remixlet/remixlet/scriptlint"
)

// Analyzers are the checks `remixlet lint` runs.
var Analyzers = []*analysis.Analyzer{
	manifest.Analyzer,
	cssguard.Analyzer, // before the script analyzer, which reads its loads for fetch: hosts
	scriptlint.Analyzer,
	netrules.Analyzer,
}

// Dir checks one stored remixlet folder with every analyzer.
func Dir(dir string) *analysis.Result { return analysis.Run(dir, Analyzers) }
