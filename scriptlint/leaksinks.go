package scriptlint

import (
	"slices"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/secrets"
)

// The leak sinks beyond the log and errors' constructors (check.go):
// every console method that prints its arguments, the URL and
// URLSearchParams constructors, a query string's set and append, a URL's
// search, hash and href written, and an error's message assigned. A
// credential there reaches a log, an address or an error report.

// consoleLeaks are the console methods check.go does not check that
// print their arguments.
var consoleLeaks = []string{"console.dir", "console.dirxml", "console.table", "console.group", "console.groupCollapsed", "console.assert", "console.timeLog"}

// checkLeakSinks looks for a credential handed to one of the sinks above
// through a call (paths as callees resolves them); byTarget is what
// leakTarget says of the call's target, the same for every callee.
func (sp *scriptPass) checkLeakSinks(paths []string, args []esb.Expr, byTarget string) {
	where := byTarget
	if where == "" && pathsStartWith(paths, "cU") {
		switch {
		case has(paths, consoleLeaks...):
			where = "a log line"
		case has(paths, "URL", "URLSearchParams"):
			where = "an address"
		}
	}
	if where == "" {
		return
	}
	for _, a := range args {
		sp.checkLeak(a, where)
	}
}

// leakTarget is the sink a call of target is, judged from the target
// alone: URL or URLSearchParams (named directly, or through paths, what
// the target resolves to), or a query string's set or append.
func (sp *scriptPass) leakTarget(target esb.Expr, direct string, paths []string) string {
	if direct == "URL" || direct == "URLSearchParams" || has(paths, "URL", "URLSearchParams") {
		return "an address"
	}
	if dot, ok := target.Data.(*esb.EDot); ok && (dot.Name == "set" || dot.Name == "append") && sp.isQuery(dot.Target) {
		return "an address"
	}
	return ""
}

// isQuery reports whether e is a query string: a URL's searchParams, or
// a binding made by new URLSearchParams.
func (sp *scriptPass) isQuery(e esb.Expr) bool {
	switch x := e.Data.(type) {
	case *esb.EDot:
		return x.Name == "searchParams"
	case *esb.EIdentifier:
		src, ok := sp.soleSource(x.Ref)
		if n, isNew := src.Data.(*esb.ENew); ok && isNew {
			return sp.names(n.Target, "URLSearchParams")
		}
	}
	return false
}

// checkLeakAssign looks for a credential written to an error's message,
// or to the search, hash or address of a URL the script made.
func (sp *scriptPass) checkLeakAssign(x *esb.EBinary) {
	dot, ok := x.Left.Data.(*esb.EDot)
	if !ok {
		return
	}
	switch dot.Name {
	case "message":
		sp.checkLeak(x.Right, "an error message")
	case "search", "hash", "href":
		if id, ok := dot.Target.Data.(*esb.EIdentifier); ok {
			if src, ok := sp.soleSource(id.Ref); ok {
				if n, isNew := src.Data.(*esb.ENew); isNew && sp.names(n.Target, "URL") {
					sp.checkLeak(x.Right, "an address")
				}
			}
		}
	}
}

// leakMessage says where a credential went and what to do instead.
func leakMessage(what, where string) string {
	if where == "an address" {
		return what + " is put into an address, where servers, logs and history keep it: never put a credential in a URL; rmx.fetch signs requests as the user"
	}
	return what + " is put into " + where + ", which is stored and shown: leave credentials out of logs and errors"
}

// holdsNoCredential reports whether a binding whose name says credential
// holds only known values that could not be one (const token =
// "YYYY-MM-DD", or each element of a literal list it loops over): the
// name alone does not make a date format a leak.
func (sp *scriptPass) holdsNoCredential(ref esb.Ref, name string) bool {
	e := esb.Expr{Data: &esb.EIdentifier{Ref: ref}}
	vals := []strVal{sp.fold(e)}
	if !vals[0].known {
		var ok bool
		if vals, ok = sp.mayHoldStrings(e); !ok || len(vals) == 0 {
			return false
		}
	}
	for _, v := range vals {
		if !v.known || !v.isStr {
			return false
		}
		if _, credential := secrets.Labelled(name, v.s); credential || len(secrets.Scan(v.s)) > 0 {
			return false
		}
	}
	return true
}

// soleSource is the one value a binding holds, when it is written once
// and nothing else may change it (the conditions fold reads a binding
// under).
func (sp *scriptPass) soleSource(ref esb.Ref) (esb.Expr, bool) {
	_, info := sp.lookup(ref)
	if info == nil || info.folding || info.updated || info.anyWrite || len(info.sources) != 1 || info.sources[0].bad || info.sources[0].elems || len(info.sources[0].keys) != 0 {
		return esb.Expr{}, false
	}
	return info.sources[0].expr, true
}

// names reports whether e is the global name, written directly or
// reached by a path the lint resolves.
func (sp *scriptPass) names(e esb.Expr, name string) bool {
	if direct, _ := sp.directGlobal(e); direct == name {
		return true
	}
	return slices.Contains(sp.resolve(e), name)
}
