package scriptlint

import (
	"fmt"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"
	"github.com/remixlet/remixlet/sandboxapi"
)

// The checks of this file are the page agent's and the worker's own
// run-time refusals, made at save time where the text is literal: a call
// that is sure to be refused later is refused now, with what to write
// instead. Where the text is not literal the run-time check stays the only
// one (docs/script-lint.md, "Checks on literal text").

// checkAPISince refuses a member of the API newer than the manifest's api
// stamp: the release the remixlet says it was written for does not have
// it, and the stored code would call what is not there.
func (sp *scriptPass) checkAPISince(p string, off int) {
	if sp.m == nil {
		return
	}
	m, _, ok := sandboxapi.Resolve(p)
	if !ok || m.AvailableIn(sp.m.API) {
		return
	}
	sp.report(RuleNewerAPI, off, "%s is new in API %s, but manifest.json says \"api\": %q: set \"api\" to %q (docs/api.md lists what each release adds), or do without %s",
		m.Path, m.Since, sp.m.API.String(), m.Since.String(), m.Name())
}

// checkPlainHTTP warns of an rmx.fetch address that is http://.
func (sp *scriptPass) checkPlainHTTP(scheme, host string, off int) {
	if scheme == "http" {
		sp.report(RulePlainHTTPFetch, off, "rmx.fetch to http://%s sends the request, signed in as the user, unencrypted: anyone on the network can read or change it; use the https:// address", host)
	}
}

// checkOpenTab refuses rmx.schedule.openTab to a page the manifest's
// matches do not cover: the worker opens only the remixlet's own pages.
func (sp *scriptPass) checkOpenTab(args []esb.Expr) {
	if sp.m == nil || len(args) < 2 {
		return
	}
	a := args[1]
	vals, ok := sp.fetchAddresses(a)
	if !ok {
		sp.report(RuleUnreadableSink, int(a.Loc.Start), unreadableTab, "rmx.schedule.openTab")
		return
	}
	for _, v := range vals {
		sp.checkTabAddress(a, v)
	}
}

// checkTabAddress judges one address openTab may be given.
func (sp *scriptPass) checkTabAddress(a esb.Expr, v strVal) {
	if v.known {
		for _, p := range sp.m.Matches {
			if p.MatchesURL(v.s) {
				return
			}
		}
		sp.report(RuleForeignTab, int(a.Loc.Start), "rmx.schedule.openTab(…, %q) opens only this remixlet's own pages, and manifest.json's \"matches\" cover no such page: open one of the pages the matches cover", v.s)
		return
	}
	// Only the start is known: judge the host when it is whole.
	_, host, ok := urlHost(v)
	switch {
	case !ok:
		sp.report(RuleUnreadableSink, int(a.Loc.Start), unreadableTab, "rmx.schedule.openTab")
	case !sp.m.CoversHost(host):
		sp.report(RuleForeignTab, int(a.Loc.Start), "rmx.schedule.openTab opens only this remixlet's own pages, and manifest.json's \"matches\" cover no page on %s: open one of the pages the matches cover", host)
	}
}

// checkMarkedClasses refuses addClass on one of the page's own elements
// with a class that cannot start with the remixlet's mark: a literal
// start. A name that starts with something unknown (${dom.mark}-…) passes.
func (sp *scriptPass) checkMarkedClasses(receiver esb.Expr, args []esb.Expr) {
	if !sp.pageElement(receiver, 0) {
		return
	}
	for _, a := range args {
		v := sp.fold(a)
		if !v.known && !v.isStr || strings.HasPrefix(v.s, unknownMark) || v.s == "" {
			continue
		}
		literal, _, _ := strings.Cut(v.s, unknownMark)
		sp.report(RuleUnmarkedClass, int(a.Loc.Start), "%s: a class added to one of the page's own elements must start with this remixlet's mark, and the page agent refuses this one: write `${dom.mark}-%s` (and style it with dom.addStyle(`.${dom.mark}-%s { … }`))",
			quoteStart(literal, v.known), literal, literal)
	}
}

func quoteStart(s string, whole bool) string {
	if whole {
		return fmt.Sprintf("addClass(%q)", s)
	}
	return fmt.Sprintf("addClass(%q)", s+"…")
}

// pageElementSources are the calls whose result is one of the page's own
// elements; pageElementLists, those whose result is a list of them.
var (
	pageElementSources = []string{"dom.query", "dom.waitFor", "dom.closest"}
	pageElementLists   = []string{"dom.queryAll", "dom.marked"}
)

// pageElement reports whether e is known to be one of the page's own
// elements: the result of dom.query, dom.waitFor or dom.closest, awaited
// or not, a constant bound to one, or the variable of a for-of loop over
// dom.queryAll or dom.marked. Anything else (an element the remixlet made
// with dom.create needs no mark) is not judged.
func (sp *scriptPass) pageElement(e esb.Expr, depth int) bool {
	if depth > maxResolveDepth {
		return false
	}
	switch x := e.Data.(type) {
	case *esb.EAwait:
		return sp.pageElement(x.Value, depth+1)
	case *esb.ECall:
		return has(sp.resolve(x.Target), pageElementSources...)
	case *esb.EIdentifier:
		_, info := sp.lookup(x.Ref)
		if info == nil {
			return false
		}
		if info.pageElement {
			return true
		}
		if !info.konst || len(info.sources) != 1 {
			return false
		}
		src := info.sources[0]
		return !src.bad && len(src.keys) == 0 && sp.pageElement(src.expr, depth+1)
	}
	return false
}

// notePageElementLoop marks the variable of for (const h of await
// dom.queryAll(…)) as one of the page's own elements.
func (sp *scriptPass) notePageElementLoop(init esb.Stmt, value esb.Expr) {
	local, ok := init.Data.(*esb.SLocal)
	if !ok || len(local.Decls) != 1 || local.Kind != esb.LocalConst {
		return
	}
	id, ok := local.Decls[0].Binding.Data.(*esb.BIdentifier)
	if !ok {
		return
	}
	if aw, ok := value.Data.(*esb.EAwait); ok {
		value = aw.Value
	}
	call, ok := value.Data.(*esb.ECall)
	if !ok || !has(sp.resolve(call.Target), pageElementLists...) {
		return
	}
	if _, info := sp.lookup(id.Ref); info != nil {
		info.pageElement = true
	}
}
