package netrules

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/publicsuffix"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// limits applies the Remixlet limits to one rule whose shape passed the
// schema. Each check is independent of Chrome's, which have run already.
func (c *checker) limits(r *Rule) {
	cond, act := &r.Condition, &r.Action

	// The format's own strictness: what Chrome ignores or reads literally.
	if act.Redirect != nil && act.Type.V != "redirect" {
		c.report(r, RuleMisplacedKey, act.RedirectKey, "a %s rule has a redirect, which Chrome ignores: remove it, or make the rule a redirect", act.Type.V)
	}
	if act.Type.V != "modifyHeaders" {
		for _, l := range []struct {
			name string
			h    modifyInfos
		}{{"requestHeaders", act.RequestHeaders}, {"responseHeaders", act.ResponseHeaders}} {
			if l.h.Set {
				c.report(r, RuleMisplacedKey, l.h.Key, "a %s rule has %s, which Chrome ignores: remove them, or make the rule modifyHeaders", act.Type.V, l.name)
			}
		}
	}
	if f := cond.URLFilter; f.Set && isASCII(f.V) {
		if i := parseURLFilter(f.V).strayBar(); i >= 0 {
			c.report(r, RuleUrlFilterGrammar, f.Off+1+i, "urlFilter %q has a '|' that is not an anchor; Chrome matches it as a literal '|': anchor only with \"|\" or \"||\" at the start and \"|\" at the end, or use regexFilter", f.V)
		}
	}
	for _, l := range cond.domainLists() {
		for i, d := range l.list.V {
			if !isASCII(d) {
				continue // Chrome refuses it already
			}
			if why := domainProblem(d); why != "" {
				c.report(r, RuleDomainHost, l.list.Offs[i], "%s has %q, %s", l.name, d, why)
			}
		}
	}

	c.neverMatches(r)

	switch act.Type.V {
	case "allow", "allowAllRequests":
		c.report(r, RuleAction, act.Type.Off, "%s rules override the blocks and header protections of every other rule, other remixlets' too, so remixlets cannot use them: use block, redirect, modifyHeaders or upgradeScheme, and narrow the other rule's condition instead", act.Type.V)
	case "redirect":
		c.limitRedirect(r)
	case "modifyHeaders":
		for _, l := range []struct {
			what string
			h    modifyInfos
		}{{"request", act.RequestHeaders}, {"response", act.ResponseHeaders}} {
			for _, h := range l.h.V {
				if sh, ok := securityHeader(h.Header.V, h.Operation.V); ok {
					hint := "change only headers that are not security headers"
					if sh.RemoveOK {
						hint = "only removing it is allowed"
					}
					c.report(r, RuleSecurityHeader, h.Header.Off, "%q is a security header (%s: %s), and no remixlet rule may %s it: %s", h.Header.V, sh.Display(), sh.Why, h.Operation.V, hint)
				}
			}
		}
	}

	if c.every {
		c.ownRequests(r)
		return
	}
	for _, l := range []struct {
		name string
		list texts
	}{{"initiatorDomains", cond.InitiatorDomains}, {"domains", cond.Domains}} {
		for i, d := range l.list.V {
			lower := strings.ToLower(d)
			if !isASCII(d) || !isHostName(d) {
				continue // reported as not a host
			}
			if !c.m.CoversHost(lower) {
				c.report(r, RuleInitiatorScope, l.list.Offs[i], "%s has %q, where the remixlet does not run (%s): the rules of a remixlet act only on requests its own pages make; list only hosts your matches cover, or leave %s out", l.name, d, c.sites(), l.name)
			}
		}
	}
}

// domainProblem says why a rule's domain is not a host name a request
// can have, and how to write it, as a phrase that follows the domain; ""
// when it is one (upper case is fine: Chrome lower-cases domains).
func domainProblem(d string) string {
	lower := strings.ToLower(d)
	if canon, err := canonicalHost(lower); err == nil && canon == lower {
		return neverAHost(lower)
	}
	bare := lower
	if _, after, ok := strings.Cut(bare, "://"); ok {
		bare = after
	}
	bare = strings.TrimPrefix(strings.TrimPrefix(bare, "*"), ".")
	if i := strings.IndexAny(bare, "/:?#"); i >= 0 && !strings.HasPrefix(bare, "[") {
		bare = bare[:i]
	}
	bare = strings.TrimSuffix(bare, ".")
	fix := "write the host as the browser spells it: letters, digits, '-' and '.', punycode (xn--…) for other characters"
	switch {
	case strings.Contains(lower, "*"):
		fix = fmt.Sprintf("a domain covers its subdomains already, so write %q without the wildcard", bare)
	case strings.Contains(lower, "://") || strings.ContainsAny(lower, "/?#"):
		fix = fmt.Sprintf("write only the host, %q", bare)
	case strings.HasSuffix(lower, "."):
		fix = fmt.Sprintf("write it without the trailing dot, %q", bare)
	}
	return "which is not a host name; Chrome compares domains with hosts as written, so it never matches: " + fix
}

// neverAHost says why a domain that the host canonicaliser accepts as
// written can still never be the host of a request that reaches a server,
// or "" when it can be. Chrome accepts each of these in a domain list and
// compares it with request hosts as written (headless Chromium 156: a rule
// for ".x.example" acts on a.x.example and not on x.example; requests to
// the others reach no server outside a test, since DNS cannot hold them).
func neverAHost(d string) string {
	if isIP(d) {
		return ""
	}
	labels := strings.Split(d, ".")
	switch {
	case strings.HasPrefix(d, "."):
		return fmt.Sprintf("which Chrome reads as \"subdomains only\" (the rule does not act on %s itself), as no other list reads it: write %q, which covers its subdomains too, or match only the subdomains with regexFilter", strings.TrimLeft(d, "."), strings.TrimLeft(d, "."))
	case slices.Contains(labels, ""):
		return fmt.Sprintf("which has an empty label: no request to such a host reaches a server (a DNS name has none), so it never matches: write %q", collapseDots(d))
	case len(d) > 253:
		return fmt.Sprintf("which is %d characters long: no request to such a host reaches a server (a DNS name has at most 253), so it never matches: name the host it stands for", len(d))
	}
	for _, l := range labels {
		if len(l) > 63 {
			return fmt.Sprintf("whose label %q has %d characters: no request to such a host reaches a server (a DNS label has at most 63), so it never matches: name the host it stands for", l, len(l))
		}
	}
	// The label an ICANN registry hands out (left of the public suffix)
	// never starts or ends with '-'; deeper labels may (a wildcard DNS
	// record answers for any), and so may names under a suffix the list
	// does not know (a private network's own).
	if suffix, icann := publicsuffix.PublicSuffix(d); icann && suffix != d {
		rest := strings.TrimSuffix(d, "."+suffix)
		reg := rest[strings.LastIndexByte(rest, '.')+1:]
		if strings.HasPrefix(reg, "-") || strings.HasSuffix(reg, "-") {
			return fmt.Sprintf("which no registry gives out (%q starts or ends with '-'): no request to it reaches a server, so it never matches: name the host it stands for", reg+"."+suffix)
		}
	}
	return ""
}

func collapseDots(s string) string {
	var parts []string
	for _, l := range strings.Split(s, ".") {
		if l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, ".")
}

// isHostName reports whether a domain of a rule is a host name as the
// browser writes one and can ever reach: the domains the other checks
// compare with hosts.
func isHostName(d string) bool { return domainProblem(d) == "" }

// neverMatches reports a condition that no request can meet although
// Chrome installs it: hosts all excluded again, every method excluded,
// an exclusion covering every site the remixlet's rules are scoped to.
func (c *checker) neverMatches(r *Rule) {
	cond := &r.Condition
	for _, pair := range []struct {
		incName, excName string
		inc, exc         []texts
		excKey           int
	}{
		{"requestDomains", "excludedRequestDomains", []texts{cond.RequestDomains}, []texts{cond.ExcludedRequestDomains}, cond.ExcludedRequestDomains.Key},
		{"initiatorDomains", "excludedInitiatorDomains", []texts{cond.InitiatorDomains, cond.Domains}, []texts{cond.ExcludedInitiatorDomains, cond.ExcludedDomains}, max(cond.ExcludedInitiatorDomains.Key, cond.ExcludedDomains.Key)},
	} {
		var inc, exc []string
		for _, l := range pair.inc {
			inc = append(inc, lowerHosts(l.V)...)
		}
		for _, l := range pair.exc {
			exc = append(exc, lowerHosts(l.V)...)
		}
		if len(inc) == 0 || len(exc) == 0 {
			continue
		}
		if by, ok := allCovered(inc, exc); ok {
			c.report(r, RuleNeverMatches, pair.excKey, "every host in %s is excluded again by %s (%s), and an exclusion wins, so the rule can never match (Chrome accepts it, and the rule then does nothing): remove the rule, or the exclusion", pair.incName, pair.excName, by)
		}
	}
	// The installed form scopes a remixlet on some sites to its sites.
	if !c.every && !cond.InitiatorDomains.Set && !cond.Domains.Set {
		sites := SiteHosts(c.m)
		exc := append(lowerHosts(cond.ExcludedInitiatorDomains.V), lowerHosts(cond.ExcludedDomains.V)...)
		if by, ok := allCovered(sites, exc); ok && len(sites) > 0 && len(exc) > 0 {
			c.report(r, RuleNeverMatches, max(cond.ExcludedInitiatorDomains.Key, cond.ExcludedDomains.Key), "excludedInitiatorDomains excludes every site the remixlet runs on (%s), and its rules act only on requests its own pages make, so the rule can never match: remove the rule, or the exclusion", by)
		}
	}
	if m := cond.ExcludedRequestMethods; m.Set && coversAll(m.V, requestMethods) {
		types := cond.ResourceTypes
		switch {
		case types.Set && len(types.V) == 1 && types.V[0] == "websocket":
			// Says what it does: WebSocket connections, which have no method.
		case types.Set && !slices.Contains(types.V, "websocket"), slices.Contains(cond.ExcludedResourceTypes.V, "websocket"):
			c.report(r, RuleNeverMatches, m.Key, "excludedRequestMethods excludes every method, and the rule's resource types leave out WebSocket connections, the only requests Chrome gives no method, so the rule can never match: remove the rule")
		default:
			c.report(r, RuleWebSocketOnly, m.Key, "excludedRequestMethods excludes every method, so the rule reads as matching nothing, yet Chrome applies it to WebSocket connections, which it gives no method: to act on WebSocket connections, write \"resourceTypes\": [\"websocket\"] instead; otherwise remove the rule")
		}
	}
}

// lowerHosts lower-cases the host names of a domain list, leaving out
// what is no host name (reported as such).
func lowerHosts(ds []string) []string {
	var out []string
	for _, d := range ds {
		if isASCII(d) && isHostName(d) {
			out = append(out, strings.ToLower(d))
		}
	}
	return out
}

// allCovered reports whether every host of inc is one of exc or a
// subdomain of one, and says by what, for messages.
func allCovered(inc, exc []string) (string, bool) {
	var by []string
	for _, h := range inc {
		i := slices.IndexFunc(exc, func(e string) bool { return h == e || strings.HasSuffix(h, "."+e) })
		if i < 0 {
			return "", false
		}
		if h == exc[i] {
			by = append(by, h)
		} else {
			by = append(by, h+" under "+exc[i])
		}
	}
	return strings.Join(dedupe(by), ", "), true
}

// sites describes the remixlet's matches for messages.
func (c *checker) sites() string {
	var ps []string
	for _, p := range c.m.Matches {
		ps = append(ps, p.String())
	}
	if len(ps) == 0 {
		return "it has no usable matches"
	}
	return "its matches are " + strings.Join(ps, ", ")
}

// ownRequests keeps an every-site remixlet's rules off the hosts Remixlet
// fetches from or observes for it.
func (c *checker) ownRequests(r *Rule) {
	own := append(c.m.Hosts(manifest.Fetch), c.m.Hosts(manifest.NetworkObserve)...)
	if len(own) == 0 {
		return
	}
	check := func(d string, off int, where string) {
		for _, h := range own {
			if h == d || strings.HasSuffix(h, "."+d) {
				covers := ""
				if h != d {
					covers = ", which covers " + h
				}
				c.report(r, RuleOwnRequests, off, "%s names %s%s, a host the remixlet fetches from or observes: rules of a remixlet that runs on every site stay off its own hosts; remove %s from the rule, or drop that permission", where, d, covers, d)
				return
			}
		}
	}
	rd := r.Condition.RequestDomains
	for i, d := range rd.V {
		check(strings.ToLower(d), rd.Offs[i], "requestDomains")
	}
	if f := r.Condition.URLFilter; f.Set {
		if nh := hostOf(f.V); nh.Named {
			check(nh.Host, f.Off, "urlFilter")
		}
	}
}

// namesExtensionHosts reports each kept rule that names one of the hosts
// the extension itself uses (Options.ExtensionHosts): in requestDomains,
// as the host a urlFilter is anchored to, in initiatorDomains, or, for a
// remixlet on some sites, through sites that are all such hosts. The
// installed form excludes those hosts from every rule, so such a rule
// would act on fewer requests than it says, or on none.
func (r *Result) namesExtensionHosts(m *manifest.Manifest, hosts []string) []finding.Finding {
	if len(hosts) == 0 || r.root == nil {
		return nil
	}
	c := &checker{m: m, lines: finding.NewLines(r.src), every: m.EverySite()}
	under := func(d string) string {
		for _, h := range hosts {
			if d == h || strings.HasSuffix(d, "."+h) {
				return h
			}
		}
		return ""
	}
	for _, rule := range r.Kept() {
		cond := &rule.Condition
		report := func(where, d, h string, off int) {
			covers := ""
			if d != h {
				covers = ", under " + h
			}
			c.report(rule, RuleOwnRequests, off, "%s names %s%s, a host the extension itself uses (its own pages, sign-in, an AI provider): no rule acts on requests Remixlet sends or on the pages it opens for them, and the installed rules exclude it; remove %s from the rule", where, d, covers, d)
		}
		for _, l := range []domainList{{"requestDomains", cond.RequestDomains}, {"initiatorDomains", cond.InitiatorDomains}, {"domains", cond.Domains}} {
			for i, d := range l.list.V {
				if h := under(strings.ToLower(d)); h != "" {
					report(l.name, strings.ToLower(d), h, l.list.Offs[i])
				}
			}
		}
		if f := cond.URLFilter; f.Set {
			if nh := hostOf(f.V); nh.Named {
				if h := under(nh.Host); h != "" {
					report("urlFilter", nh.Host, h, f.Off)
				}
			}
		}
		if !c.every && !cond.InitiatorDomains.Set && !cond.Domains.Set {
			if by, ok := allCovered(SiteHosts(m), hosts); ok {
				c.report(rule, RuleOwnRequests, rule.Off, "the remixlet runs only on hosts the extension itself uses (%s), and its rules act only on its own pages' requests, which the installed rules exclude: the rule would act on nothing; remove it", by)
			}
		}
	}
	return c.findings()
}

// requestHosts returns the hosts whose requests the rule can act on, when
// its condition names them: requestDomains (each covering its subdomains),
// else a host the urlFilter is anchored to. It reports why not otherwise.
func requestHosts(r *Rule) (hosts []string, why string) {
	cond := &r.Condition
	if cond.RequestDomains.Set {
		for _, d := range cond.RequestDomains.V {
			lower := strings.ToLower(d)
			if !isASCII(d) || !isHostName(d) {
				return nil, fmt.Sprintf("requestDomains has %q, which is not a host name", d)
			}
			hosts = append(hosts, lower)
		}
		return hosts, ""
	}
	if cond.URLFilter.Set {
		nh := hostOf(cond.URLFilter.V)
		switch {
		case nh.Named && nh.Closed:
			return []string{nh.Host}, ""
		case nh.Named && strings.HasPrefix(cond.URLFilter.V, "||"):
			return nil, fmt.Sprintf("urlFilter %q does not end the host, so it also matches %s.evil.example (end it as in %q)", cond.URLFilter.V, nh.Host, "||"+nh.Host+"^")
		case nh.Named:
			start := strings.SplitAfter(cond.URLFilter.V, "://")[0]
			also := start[1:] + nh.Host + ".evil.example/"
			if nh.Stop == '^' || nh.Stop == ':' {
				also = start[1:] + nh.Host + "@evil.example/, whose host is evil.example"
			}
			return nil, fmt.Sprintf("urlFilter %q does not end the host, so it also matches %s (end it with '/', as in %q)", cond.URLFilter.V, also, start+nh.Host+"/")
		}
	}
	return nil, "the rule names no host, so it acts on requests to every host"
}

// limitRedirect applies the redirect limits: GET only, one destination,
// and that destination https on the remixlet's own sites (or, on every
// site, the same site as every host the rule names).
func (c *checker) limitRedirect(r *Rule) {
	cond, rd := &r.Condition, r.Action.Redirect
	if m := cond.RequestMethods; !m.Set || len(m.V) != 1 || m.V[0] != "get" {
		at := r.Action.Type.Off
		if m.Set {
			at = m.Off
		}
		c.report(r, RuleRedirectGet, at, "a redirect must apply to GET requests only, so that no request body is sent to another address: set \"requestMethods\": [\"get\"] in the condition (excludedRequestMethods does not exclude non-HTTP requests)")
	}
	if rd == nil {
		return // Chrome refuses it already
	}
	var forms []int
	for _, f := range []struct {
		set bool
		key int
	}{{rd.URL.Set, rd.URL.Key}, {rd.ExtensionPath.Set, rd.ExtensionPath.Key}, {rd.Transform != nil, rd.TransformKey}, {rd.RegexSubstitution.Set, rd.RegexSubstitution.Key}} {
		if f.set {
			forms = append(forms, f.key)
		}
	}
	if len(forms) > 1 {
		c.report(r, RuleRedirectAmbiguous, forms[1], "the redirect sets more than one of url, extensionPath, transform and regexSubstitution; Chrome uses only the %s and ignores the rest: keep exactly one", rd.form())
	}

	hosts, why := requestHosts(r)
	if c.every && why != "" {
		c.report(r, RuleRedirectHosts, r.Action.Type.Off, "a redirect of a remixlet that runs on every site may go only to the same site as the hosts it redirects from, and %s: name them in requestDomains, or anchor urlFilter as \"||host^\"", why)
		hosts = nil
	}
	dest := func(host string, off int, what string) {
		if host == "" {
			return
		}
		if c.every {
			for _, h := range hosts {
				if !isIP(h) && publicSuffix(h) {
					c.report(r, RuleRedirectHosts, off, "%s: the rule redirects from %s, which is a public suffix shared by sites of unrelated owners, so no destination is on the same site: name the sites in requestDomains", what, h)
					return
				}
				if !sameSite(h, host) {
					c.report(r, RuleRedirectDestination, off, "%s goes to %s, which is not the same site as %s, a host the rule redirects from: a remixlet that runs on every site redirects only within the site a request was for", what, host, h)
					return
				}
			}
			return
		}
		if !c.m.CoversHost(host) {
			c.report(r, RuleRedirectDestination, off, "%s goes to %s, which is not one of the remixlet's own sites (%s): redirect to a host your matches cover", what, host, c.sites())
		}
	}

	switch rd.form() {
	case "url":
		u, err := r.redirectURL()
		switch {
		case err != nil && spaceInHost(rd.URL.V):
			c.report(r, RuleRedirectDestination, rd.URL.Off, "redirect url %q has a space in its host: Chrome accepts it and sends the request to a host named with %%20, which is none of the remixlet's sites (no host name holds a space): write the host of one of your sites", rd.URL.V)
			return
		case err != nil, u.Scheme == "javascript":
			return // Chrome refuses it already
		}
		c.landing(r, u, rd.URL.Off, "redirect url", rd.URL.V, dest)
	case "extensionPath":
		if !strings.HasPrefix(rd.ExtensionPath.V, "/") {
			return // Chrome refuses it already, and says extension pages are out
		}
		c.report(r, RuleRedirectDestination, rd.ExtensionPath.Key, "extensionPath redirects the page's request to the extension's own pages, which leaves the web: redirect to an https:// address on your own site")
	case "transform":
		c.limitTransform(r, hosts, why, dest)
	case "regexSubstitution":
		c.limitSubstitution(r, dest)
	}
}

// landing checks where a redirect to the parsed address u lands, the same
// for a url and for the literal start of a regexSubstitution: https, no
// user name or password, the default port, and an allowed host. The host
// is canonical, as the browser parses it (and as transformHost reads a
// transform's), and is compared as Chrome compares hosts, without one
// trailing dot: so "OWN.example.com", "own.example.com." and
// "%6Fwn.example.com" land on own.example.com in all three forms, and
// "own.example.com.." on none of the remixlet's sites.
func (c *checker) landing(r *Rule, u *site.URL, off int, what, written string, dest func(host string, off int, what string)) {
	switch {
	case u.Scheme != "https":
		c.report(r, RuleRedirectDestination, off, "%s is a %s: address; a redirect goes to an https:// address on the remixlet's own sites", what, u.Scheme)
	case u.Username != "" || u.Password != "":
		c.report(r, RuleRedirectDestination, off, "%s %q has a user name or password, which hides its real host (%s) from people reading it: remove the part before @", what, written, u.Hostname)
	case u.Port != "":
		c.report(r, RuleRedirectDestination, off, "%s %q names port %s: a redirect goes to the default https port; remove :%s", what, written, u.Port, u.Port)
	default:
		dest(u.Hostname, off, what)
	}
}

func (c *checker) limitTransform(r *Rule, hosts []string, why string, dest func(host string, off int, what string)) {
	t := r.Action.Redirect.Transform
	switch {
	case !t.Scheme.Set:
		c.report(r, RuleRedirectDestination, r.Action.Redirect.TransformKey, "a transform without scheme keeps the request's scheme, which may be http: add \"scheme\": \"https\"")
	case t.Scheme.V != "https" && slices.Contains(transformSchemes, t.Scheme.V):
		c.report(r, RuleRedirectDestination, t.Scheme.Off, "transform scheme %q: a redirect goes to https only; write \"scheme\": \"https\"", t.Scheme.V)
	}
	for _, f := range []struct {
		name string
		v    text
	}{{"username", t.Username}, {"password", t.Password}} {
		if f.v.Set {
			c.report(r, RuleRedirectDestination, f.v.Key, "a transform that sets a %s puts credentials before the host, which hides where the redirect goes: remove %s", f.name, f.name)
		}
	}
	if t.Port.Set && t.Port.V != "" && validPort(t.Port.V) {
		c.report(r, RuleRedirectDestination, t.Port.Off, "a transform that changes the port to %s sends the request to another server on the host: remove port (a redirect goes to the default https port)", t.Port.V)
	}
	if t.Host.Set {
		host, err := transformHost(t.Host.V)
		if err != nil {
			c.report(r, RuleRedirectDestination, t.Host.Off, "transform host %q is not one literal host name (%v): write the bare host, e.g. \"own.example.com\"", t.Host.V, err)
			return
		}
		dest(host, t.Host.Off, "the transform")
		return
	}
	// No host: the request keeps its own, which must be allowed.
	if c.every {
		return // same host, same site; the hosts were checked above
	}
	if why != "" {
		c.report(r, RuleRedirectHosts, r.Action.Redirect.TransformKey, "a transform without host keeps the request's host, and %s: set \"host\" to one of your sites, or name the hosts in requestDomains", why)
		return
	}
	for _, h := range hosts {
		if !c.m.CoversHost(h) {
			c.report(r, RuleRedirectDestination, r.Action.Redirect.TransformKey, "a transform without host keeps the request's host, and the rule acts on %s, which is not one of the remixlet's own sites (%s): set \"host\", or narrow requestDomains", h, c.sites())
			return
		}
	}
}

// limitSubstitution accepts a regexSubstitution only when its result
// provably starts with https://HOST/ for an allowed HOST: the regexFilter
// matches only at the start of the URL (so nothing of the request's URL
// comes before the substitution), and the substitution begins with that
// literal text.
func (c *checker) limitSubstitution(r *Rule, dest func(host string, off int, what string)) {
	sub := r.Action.Redirect.RegexSubstitution
	f := r.Condition.RegexFilter
	if !f.Set || sub.V == "" {
		return // Chrome refuses it already
	}
	re, err := r.regex()
	if err != nil || re == nil {
		return // Chrome refuses it already
	}
	if !anchoredAtStart(re) {
		c.report(r, RuleRedirectDestination, f.Off, "regexFilter %q can match in the middle of a URL, and Chrome keeps what comes before the match, so the redirect could stay on the request's host or any other: anchor it with ^ at the start", f.V)
	}
	u, why := substitutionStart(sub.V)
	if why != "" {
		c.report(r, RuleRedirectDestination, sub.Off, "regexSubstitution %q %s: start it with the literal address, e.g. \"https://own.example.com/\\\\1\"", sub.V, why)
		return
	}
	c.landing(r, u, sub.Off, "regexSubstitution", sub.V, dest)
}

// transformHost reads a transform's host as the browser canonicalises it
// (the one host canonicaliser), keeping its trailing dots as written, as
// a parsed url keeps them.
func transformHost(h string) (string, error) {
	bare := strings.TrimRight(h, ".")
	canon, err := canonicalHost(bare)
	if err != nil {
		return "", err
	}
	return canon + h[len(bare):], nil
}

// substitutionStart parses the literal start of a regexSubstitution, its
// scheme and authority, as the browser parses the URL the substitution
// makes. It fails when the authority is not literal: a group reference or
// backslash in it (what a group holds could name any host), or no
// authority at all.
func substitutionStart(sub string) (*site.URL, string) {
	scheme, rest, ok := strings.Cut(sub, "://")
	if !ok || strings.ContainsAny(scheme, `\/?#`) {
		return nil, "does not start with a scheme and \"://\""
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if strings.Contains(authority, `\`) {
		return nil, fmt.Sprintf("builds its host from %q, with a group reference or backslash before the first '/'", authority)
	}
	u, err := site.Parse(scheme + "://" + authority + "/")
	if err != nil {
		return nil, fmt.Sprintf("starts with %s://%s, which is not an address the browser can parse", scheme, authority)
	}
	return u, ""
}

// sameSite reports whether two canonical hosts are the same site: the same
// registrable domain (public suffix list, private suffixes such as
// github.io included), or the same IP address.
func sameSite(a, b string) bool {
	a, b = strings.TrimSuffix(a, "."), strings.TrimSuffix(b, ".")
	if isIP(a) || isIP(b) {
		return a == b
	}
	ra, okA := publicsuffix.Registrable(a)
	rb, okB := publicsuffix.Registrable(b)
	return okA && okB && ra == rb
}

// canonicalHost is site.CanonicalHost with a fast path for the common
// case, a host already written as the browser spells it in plain ASCII
// (labels of a-z, 0-9 and '-', no punycode to verify, a last label that
// starts with a letter and so is no IPv4 number): WHATWG host parsing
// returns such a host unchanged.
func canonicalHost(h string) (string, error) {
	if plainHost(h) {
		return h, nil
	}
	return site.CanonicalHost(h)
}

func plainHost(h string) bool {
	if h == "" || len(h) > 253 {
		return false
	}
	start := 0
	for i := 0; i <= len(h); i++ {
		if i < len(h) && h[i] != '.' {
			c := h[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
			continue
		}
		label := h[start:i]
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "xn--") {
			return false
		}
		if i == len(h) && !('a' <= label[0] && label[0] <= 'z') {
			return false
		}
		start = i + 1
	}
	return true
}

// publicSuffix reports whether host is itself a public suffix ("co.uk",
// "github.io").
func publicSuffix(host string) bool {
	suffix, _ := publicsuffix.PublicSuffix(host)
	return suffix == host
}

func isIP(h string) bool {
	_, err := netip.ParseAddr(strings.Trim(h, "[]"))
	return err == nil
}

// withoutSpaces writes "a" for each space of a host as the browser reads
// it: a space-like character as written (U+0020, U+00A0, U+3000, …) or
// percent-encoded ("%20", "%C2%A0").
func withoutSpaces(host string) string {
	var b strings.Builder
	for i := 0; i < len(host); {
		if n, ok := escapedSpace(host[i:]); ok {
			b.WriteByte('a')
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(host[i:])
		if site.IsSpaceLike(r) {
			b.WriteByte('a')
		} else {
			b.WriteString(host[i : i+size])
		}
		i += size
	}
	return b.String()
}

// escapedSpace reports whether s starts with the %XX escapes of one
// space-like character, and how many bytes they take.
func escapedSpace(s string) (int, bool) {
	var raw []byte
	for n := 0; n+3 <= len(s) && s[n] == '%' && len(raw) < utf8.UTFMax; n += 3 {
		v, err := strconv.ParseUint(s[n+1:n+3], 16, 8)
		if err != nil {
			break
		}
		raw = append(raw, byte(v))
		if r, size := utf8.DecodeRune(raw); size == len(raw) && r != utf8.RuneError {
			return n + 3, site.IsSpaceLike(r)
		}
	}
	return 0, false
}

// spaceInHost reports whether a redirect url the URL standard refuses
// fails only because its host holds a space, written as is, as %20 or as
// a character IDNA maps to a space (U+00A0, %C2%A0, …).
// Chrome's URL parser accepts that host (it writes the space as %20),
// so Chrome installs the rule; the limits refuse it, since no site the
// remixlet runs on has such a host.
func spaceInHost(raw string) bool {
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp":
	default:
		return false
	}
	after := strings.TrimLeft(rest, `/\`)
	authority := after
	if i := strings.IndexAny(after, `/\?#`); i >= 0 {
		authority = after[:i]
	}
	hostStart := strings.LastIndexByte(authority, '@') + 1
	host := authority[hostStart:]
	fixed := withoutSpaces(host)
	if fixed == host {
		return false
	}
	prefix := s[:len(s)-len(after)]
	_, err := site.Parse(prefix + authority[:hostStart] + fixed + after[len(authority):])
	return err == nil
}
