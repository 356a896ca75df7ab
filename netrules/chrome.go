package netrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Resource types and request methods as Chrome names them
// (declarative_net_request.idl).
var (
	resourceTypes = []string{"main_frame", "sub_frame", "stylesheet", "script", "image", "font", "object",
		"xmlhttprequest", "ping", "csp_report", "media", "websocket", "webtransport", "webbundle", "other"}
	transformSchemes = []string{"http", "https", "ftp", "chrome-extension"} // kAllowedTransformSchemes
	requestMethods   = []string{"connect", "delete", "get", "head", "options", "patch", "post", "put", "other"}
)

// redirectForm is the destination Chrome uses: the first of url,
// extensionPath, transform and regexSubstitution that is set
// (ParseRedirect), or "" when none is.
func (rd *Redirect) form() string {
	switch {
	case rd == nil:
		return ""
	case rd.URL.Set:
		return "url"
	case rd.ExtensionPath.Set:
		return "extensionPath"
	case rd.Transform != nil:
		return "transform"
	case rd.RegexSubstitution.Set:
		return "regexSubstitution"
	}
	return ""
}

// chrome applies Chrome's checks to one rule, in the order
// IndexedRule::CreateIndexedRule makes them. The rule's shape already
// passed the schema (types, required keys, known enum values, non-empty
// lists, id and priority at least 1).
func (c *checker) chrome(r *Rule) {
	cond, act := &r.Condition, &r.Action

	// Unique ids (RulesetSource::IndexRules, before each rule is indexed).
	if r.ID.Set && r.ID.Fits && r.ID.V >= 1 {
		if first, dup := c.ids[r.ID.V]; dup {
			c.report(r, RuleRuleId, r.ID.Off, "the id %d is already used by the rule at line %d (Chrome: \"does not have a unique ID\"): give every rule its own id", r.ID.V, c.lines.Position(first.Off).Line)
		} else {
			c.ids[r.ID.V] = r
		}
	}
	// id and priority: the schema refused values below 1; Chrome also reads
	// 3.0 or 3e0 as a fraction, which is no integer to its parser.
	for _, n := range []struct {
		name string
		v    number
	}{{"id", r.ID}, {"priority", r.Priority}} {
		if n.v.Set && strings.ContainsAny(n.v.Raw, ".eE") {
			c.report(r, RuleWrongType, n.v.Off, "%s %s has a fraction or exponent, which Chrome does not read as an integer: write it as a plain integer", n.name, n.v.Raw)
		}
	}

	// The redirect (ParseRedirect): Chrome reads only the first form set.
	if act.Type.V == "redirect" {
		c.chromeRedirect(r)
	}

	// tabIds are for session rules only.
	for _, t := range []texts{cond.TabIDs, cond.ExcludedTabIDs} {
		if t.Set {
			c.report(r, RuleTabIds, t.Key, "Chrome accepts tabIds and excludedTabIds only in session rules, and a remixlet's rules are installed to last: remove them")
		}
	}

	if cond.URLFilter.Set && cond.RegexFilter.Set {
		c.report(r, RuleTwoFilters, cond.RegexFilter.Key, "a rule has urlFilter or regexFilter, not both (Chrome refuses both): keep one")
	}

	c.chromeRegex(r)

	if f := cond.URLFilter; f.Set {
		switch {
		case f.V == "":
			c.report(r, RuleUrlFilter, f.Off, "urlFilter is empty (Chrome refuses it): leave urlFilter out to match every URL, or write a pattern")
		case !isASCII(f.V):
			c.report(r, RuleUrlFilter, f.Off, "urlFilter has the non-ASCII character %s (Chrome refuses it): write hosts in punycode (xn--…) and percent-encode the rest as UTF-8", firstNonASCII(f.V))
		}
	}

	// Request methods and resource types both included and excluded.
	if both := intersect(cond.RequestMethods, cond.ExcludedRequestMethods); both != "" {
		c.report(r, RuleIncludeExclude, cond.ExcludedRequestMethods.Key, "the method %q is both in requestMethods and excludedRequestMethods (Chrome refuses it): name it in one list only", both)
	}
	if cond.ExcludedResourceTypes.Set && coversAll(cond.ExcludedResourceTypes.V, resourceTypes) {
		c.report(r, RuleIncludeExclude, cond.ExcludedResourceTypes.Key, "excludedResourceTypes excludes every resource type, so the rule applies to nothing (Chrome refuses it): remove the rule, or exclude fewer types")
	}
	if both := intersect(cond.ResourceTypes, cond.ExcludedResourceTypes); both != "" {
		c.report(r, RuleIncludeExclude, cond.ExcludedResourceTypes.Key, "the resource type %q is both in resourceTypes and excludedResourceTypes (Chrome refuses it): name it in one list only", both)
	}
	if act.Type.V == "allowAllRequests" {
		frames := cond.ResourceTypes.Set && !slices.ContainsFunc(cond.ResourceTypes.V, func(t string) bool { return t != "main_frame" && t != "sub_frame" })
		if !frames {
			at := act.Type.Off
			if cond.ResourceTypes.Set {
				at = cond.ResourceTypes.Off
			}
			c.report(r, RuleAllowAllRequestsTypes, at, "an allowAllRequests rule must list resourceTypes with only main_frame and sub_frame (Chrome refuses it otherwise); remixlets cannot use allowAllRequests at all: remove the rule")
		}
	}

	// Domains: the deprecated spellings, then ASCII.
	if cond.Domains.Set && cond.InitiatorDomains.Set {
		c.report(r, RuleDomains, cond.Domains.Key, "domains is the deprecated name of initiatorDomains and Chrome refuses both together: move its entries to initiatorDomains")
	}
	if cond.ExcludedDomains.Set && cond.ExcludedInitiatorDomains.Set {
		c.report(r, RuleDomains, cond.ExcludedDomains.Key, "excludedDomains is the deprecated name of excludedInitiatorDomains and Chrome refuses both together: move its entries to excludedInitiatorDomains")
	}
	for _, l := range cond.domainLists() {
		for i, d := range l.list.V {
			if !isASCII(d) {
				c.report(r, RuleDomains, l.list.Offs[i], "%s has %q, with the non-ASCII character %s (Chrome refuses it): write the host in punycode (xn--…)", l.name, d, firstNonASCII(d))
			}
		}
	}

	c.chromeResponseHeaderConditions(r)

	// "||*" (url_pattern_index cannot index a domain anchor followed by a
	// wildcard).
	if f := cond.URLFilter; f.Set && strings.HasPrefix(f.V, "||*") {
		c.report(r, RuleUrlFilter, f.Off, "urlFilter starts with \"||*\", which Chrome refuses: write %q instead", strings.TrimPrefix(f.V, "||"))
	}

	if act.Type.V == "modifyHeaders" {
		c.chromeModifyHeaders(r)
	}
}

// domainList is one of a condition's domain lists, with its JSON name.
type domainList struct {
	name string
	list texts
}

func (cond *Condition) domainLists() []domainList {
	return []domainList{
		{"domains", cond.Domains}, {"initiatorDomains", cond.InitiatorDomains},
		{"excludedDomains", cond.ExcludedDomains}, {"excludedInitiatorDomains", cond.ExcludedInitiatorDomains},
		{"requestDomains", cond.RequestDomains}, {"excludedRequestDomains", cond.ExcludedRequestDomains},
	}
}

func (c *checker) chromeRedirect(r *Rule) {
	rd := r.Action.Redirect
	switch rd.form() {
	case "":
		if rd == nil {
			c.report(r, RuleRedirect, r.Action.Type.Off, "a redirect rule needs a redirect (Chrome refuses it without one): add \"redirect\": {\"url\": \"https://…\"}")
			return
		}
		c.report(r, RuleRedirect, rd.Off, "the redirect sets none of url, transform and regexSubstitution (Chrome refuses it): give it exactly one")
	case "url":
		u, err := r.redirectURL()
		switch {
		case err != nil && spaceInHost(rd.URL.V):
			// Chrome accepts it (as %20); the limits refuse it.
		case err != nil:
			c.report(r, RuleRedirectUrl, rd.URL.Off, "redirect url %q is not a valid absolute URL (Chrome refuses it: \"does not provide a valid URL for action.redirect.url key\"): write a full https:// address", rd.URL.V)
		case u.Scheme == "javascript":
			c.report(r, RuleRedirectUrl, rd.URL.Off, "redirect url is a javascript: URL, which Chrome refuses: redirect to an https:// address")
		}
	case "extensionPath":
		if !strings.HasPrefix(rd.ExtensionPath.V, "/") {
			c.report(r, RuleRedirectUrl, rd.ExtensionPath.Off, "extensionPath %q does not start with '/' (Chrome refuses it); remixlets cannot redirect to extension pages at all: redirect to an https:// address on your own site", rd.ExtensionPath.V)
		}
	case "transform":
		t := rd.Transform
		if t.Scheme.Set && !slices.Contains(transformSchemes, t.Scheme.V) {
			c.report(r, RuleTransform, t.Scheme.Off, "transform scheme %q is not one Chrome allows (http, https, ftp, chrome-extension); a remixlet's redirect uses \"https\"", t.Scheme.V)
		}
		if t.Port.Set && !validPort(t.Port.V) {
			c.report(r, RuleTransform, t.Port.Off, "transform port %q is not a port number from 0 to 65535 (Chrome refuses it)", t.Port.V)
		}
		if t.Query.Set && t.Query.V != "" && !strings.HasPrefix(t.Query.V, "?") {
			c.report(r, RuleTransform, t.Query.Off, "transform query %q does not start with '?' (Chrome refuses it): write %q", t.Query.V, "?"+t.Query.V)
		}
		if t.Fragment.Set && t.Fragment.V != "" && !strings.HasPrefix(t.Fragment.V, "#") {
			c.report(r, RuleTransform, t.Fragment.Off, "transform fragment %q does not start with '#' (Chrome refuses it): write %q", t.Fragment.V, "#"+t.Fragment.V)
		}
		if t.Query.Set && t.QueryTransform != nil {
			c.report(r, RuleTransform, t.QueryTransKey, "a transform has query or queryTransform, not both (Chrome refuses both): keep one")
		}
	case "regexSubstitution":
		if rd.RegexSubstitution.V == "" {
			c.report(r, RuleRedirect, rd.RegexSubstitution.Off, "regexSubstitution is empty (Chrome refuses it): write the address to redirect to, e.g. \"https://own.example.com/\\\\1\"")
		}
	}
}

// validPort is Chrome's IsValidPort for a transform: empty, or a number
// base::StringToUint reads (digits, an optional '+') up to 65535.
func validPort(p string) bool {
	if p == "" {
		return true
	}
	digits := strings.TrimPrefix(p, "+")
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return false
	}
	n, err := strconv.ParseUint(digits, 10, 32)
	return err == nil && n <= 65535
}

// chromeRegex is ValidateRegex: the filter against RE2 with Chrome's
// options, and the substitution Chrome would use against the filter.
func (c *checker) chromeRegex(r *Rule) {
	cond := &r.Condition
	var sub *text
	if rd := r.Action.Redirect; r.Action.Type.V == "redirect" && rd.form() == "regexSubstitution" {
		sub = &rd.RegexSubstitution
	}
	f := cond.RegexFilter
	if !f.Set {
		if sub != nil {
			c.report(r, RuleRegex, sub.Off, "regexSubstitution needs a regexFilter whose groups it fills in (Chrome refuses it without one): add a regexFilter, or redirect with url")
		}
		return
	}
	if f.V == "" {
		c.report(r, RuleRegex, f.Off, "regexFilter is empty (Chrome refuses it): write a pattern, or leave regexFilter out to match every URL")
		return
	}
	if !isASCII(f.V) {
		c.report(r, RuleRegex, f.Off, "regexFilter has the non-ASCII character %s (Chrome refuses it): match the URL as Chrome sees it, with punycode hosts and percent-encoded UTF-8", firstNonASCII(f.V))
		return
	}
	if esc, cp := aboveLatin1(f.V); esc != "" {
		c.report(r, RuleRegex, f.Off, "regexFilter has %s, the code point U+%04X, above U+00FF: Chrome compiles regexFilter in Latin-1, where RE2 refuses it (Chrome: \"specifies an incorrect value for the \\\"regexFilter\\\" key\"): match the URL as Chrome sees it, with the character's UTF-8 bytes percent-encoded (%s)", esc, cp, percentUTF8(cp))
		return
	}
	re, err := r.regex()
	if err != nil {
		c.report(r, RuleRegex, f.Off, "regexFilter is not a pattern RE2 accepts (%v), so Chrome refuses it: RE2 has no lookaround or backreferences", err)
		return
	}
	if n := regexSize(re, sub != nil); n > RegexBudget {
		c.report(r, RuleRegexTooLarge, f.Off, "regexFilter compiles to about %d RE2 instructions, over the %d that fit in Chrome's 2 KB (Chrome refuses it): shorten it, split it into several rules, or use urlFilter", n, RegexBudget)
	}
	if sub != nil {
		if err := checkRewrite(sub.V, re.MaxCap()); err != nil {
			c.report(r, RuleRegex, sub.Off, "regexSubstitution: %v (Chrome refuses it)", err)
		}
	}
}

func (c *checker) chromeResponseHeaderConditions(r *Rule) {
	cond := &r.Condition
	names := map[string]string{} // lower-case name → as first required
	exact := map[string]bool{}   // required names as written
	for _, list := range []struct {
		name string
		h    headerInfos
	}{{"responseHeaders", cond.ResponseHeaders}, {"excludedResponseHeaders", cond.ExcludedResponseHeaders}} {
		for _, h := range list.h.V {
			if !isToken(h.Header.V) {
				c.report(r, RuleResponseHeaderCondition, h.Header.Off, "%s names %q, which is not an HTTP header name (Chrome refuses it): use letters, digits and -", list.name, h.Header.V)
			}
			for _, vs := range []texts{h.Values, h.ExcludedValues} {
				for i, v := range vs.V {
					if bad := badValueChar(v); bad != "" {
						c.report(r, RuleResponseHeaderCondition, vs.Offs[i], "the header value pattern %q has a %s (Chrome refuses it): write it on one line", v, bad)
					}
				}
			}
			// Chrome compares the names as written; HTTP compares them
			// ignoring case.
			lower := strings.ToLower(h.Header.V)
			if list.name == "responseHeaders" {
				if _, seen := names[lower]; !seen {
					names[lower] = h.Header.V
				}
				exact[h.Header.V] = true
				continue
			}
			if h.Values.Set || h.ExcludedValues.Set {
				continue
			}
			switch required, ok := names[lower]; {
			case exact[h.Header.V]:
				c.report(r, RuleResponseHeaderCondition, h.Header.Off, "the header %q is both required (responseHeaders) and excluded by name (excludedResponseHeaders), so the rule never matches (Chrome refuses it: \"includes and excludes the same response header\"): keep one", h.Header.V)
			case ok:
				c.report(r, RuleNeverMatches, h.Header.Off, "excludedResponseHeaders names %q, which responseHeaders requires as %q: header names ignore case, so the rule can never match (Chrome accepts the two spellings, and the rule then does nothing): name the header in one list only", h.Header.V, required)
			}
		}
	}
}

func (c *checker) chromeModifyHeaders(r *Rule) {
	act, cond := &r.Action, &r.Condition
	if !act.RequestHeaders.Set && !act.ResponseHeaders.Set {
		c.report(r, RuleModifyHeaders, act.Type.Off, "a modifyHeaders rule needs requestHeaders or responseHeaders (Chrome refuses it without): list the headers to change")
		return
	}
	if act.RequestHeaders.Set && (cond.ResponseHeaders.Set || cond.ExcludedResponseHeaders.Set) {
		c.report(r, RuleModifyHeaders, act.RequestHeaders.Key, "a rule that matches on response headers comes too late to change request headers (Chrome refuses it): move the request-header change to a rule without responseHeaders")
	}
	for _, list := range []struct {
		request bool
		h       modifyInfos
	}{{true, act.RequestHeaders}, {false, act.ResponseHeaders}} {
		for _, h := range list.h.V {
			name, op := h.Header.V, h.Operation.V
			if !isToken(name) {
				c.report(r, RuleModifyHeaders, h.Header.Off, "%q is not an HTTP header name (Chrome refuses it): use letters, digits and - only", name)
				continue
			}
			if list.request && op == "append" && !requestAppendAllowed[strings.ToLower(name)] {
				c.report(r, RuleModifyHeaders, h.Operation.Off, "Chrome appends only to request headers that take a list (accept, accept-language, cache-control, user-agent, …), not to %q: use \"set\"", name)
			}
			switch {
			case h.Value.Set && badValueChar(h.Value.V) != "":
				c.report(r, RuleModifyHeaders, h.Value.Off, "the value for %q has a %s (Chrome refuses CR, LF and NUL in a header value; a line break would start a header of its own): write the value on one line", name, badValueChar(h.Value.V))
			case h.Value.Set && op == "remove":
				c.report(r, RuleModifyHeaders, h.Value.Off, "removing %q takes no value (Chrome refuses one): drop \"value\", or use \"set\"", name)
			case !h.Value.Set && (op == "append" || op == "set"):
				c.report(r, RuleModifyHeaders, h.Operation.Off, "%s of %q needs a value (Chrome refuses it without one): add \"value\"", op, name)
			}
		}
	}
}

// intersect returns a value in both lists, or "".
func intersect(a, b texts) string {
	for _, x := range a.V {
		if slices.Contains(b.V, x) {
			return x
		}
	}
	return ""
}

func coversAll(have, all []string) bool {
	for _, x := range all {
		if !slices.Contains(have, x) {
			return false
		}
	}
	return true
}

// counts applies Chrome's rule-count limits for an extension's dynamic
// rules, at the first rule over each limit.
func (c *checker) counts(rules []*Rule) {
	total, unsafe, regexes := 0, 0, 0
	for _, r := range rules {
		total++
		if total == MaxRules+1 {
			c.fileIssue(RuleTooMany, r.Off, "%s is rule number %d, over Chrome's limit of %d rules (the whole install would fail): remove rules, or merge them with requestDomains lists", r.Name(), total, MaxRules)
		}
		if t := r.Action.Type.V; t == "redirect" || t == "modifyHeaders" {
			unsafe++
			if unsafe == MaxUnsafeRules+1 {
				c.fileIssue(RuleTooMany, r.Off, "%s is redirect or modifyHeaders rule number %d, over Chrome's limit of %d such rules: remove some", r.Name(), unsafe, MaxUnsafeRules)
			}
		}
		if r.Condition.RegexFilter.Set {
			regexes++
			if regexes == MaxRegexRules+1 {
				c.fileIssue(RuleTooMany, r.Off, "%s is regexFilter rule number %d, over Chrome's limit of %d: use urlFilter where you can", r.Name(), regexes, MaxRegexRules)
			}
		}
	}
}

var _ = fmt.Sprint
