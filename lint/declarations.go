package lint

import (
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/scriptlint"
)

// Declarations is remixlet.d.ts, the TypeScript declarations `remixlet
// types` prints and `remixlet init` writes: the API table's dom and rmx,
// the sandbox's host globals, and every global the script lint refuses by
// name (scriptlint.OutsideGlobals) declared as a type error that says what
// to use instead, in the lint's own words. So the editor refuses what the
// lint refuses.
func Declarations() string {
	outside := make([]sandboxapi.Outside, len(scriptlint.OutsideGlobals))
	for i, o := range scriptlint.OutsideGlobals {
		outside[i] = sandboxapi.Outside{Name: o.Name, UseInstead: o.UseInstead}
	}
	return sandboxapi.Declarations(outside)
}
