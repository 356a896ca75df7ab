package netrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/remixlet/remixlet/manifest"
)

// The rules in words: what each installed rule does, said for a person who
// decides whether to approve it. The sentences are the toolchain's own; only
// the values a rule names (hosts, addresses, header names and values,
// patterns) come from rules.json, and they are quoted as data. Words are made
// from the installed form, so they describe what Chrome is given, scoping
// included, not what rules.json says before it.

// RuleWords is one installed rule in words.
type RuleWords struct {
	ID    int64  `json:"id"`
	Words string `json:"words"`
}

// Words describes every rule the remixlet installs, in the order of
// rules.json. A refused result has no words (fix the errors first); a
// legacy remixlet's left-out rules are not described, since they are not
// installed.
func (r *Result) Words(m *manifest.Manifest) []RuleWords {
	if r.Refused() || !m.Has(manifest.NetRules) {
		return nil
	}
	rules, err := r.scoped(m, Options{})
	if err != nil {
		return nil
	}
	out := make([]RuleWords, 0, len(rules))
	for _, ir := range rules {
		out = append(out, RuleWords{ID: ir.ID, Words: ir.words(m.EverySite())})
	}
	return out
}

func (ir *installedRule) words(everySite bool) string {
	c, a := &ir.Condition, &ir.Action
	var b strings.Builder
	what := c.requests()
	if where := c.target(); where != "" {
		what += " " + where
	}
	switch a.Type {
	case "block":
		b.WriteString("Blocks " + what)
	case "upgradeScheme":
		b.WriteString("Upgrades " + what + " to https")
	case "redirect":
		b.WriteString("Redirects " + what + " " + a.Redirect.destination())
	case "modifyHeaders":
		b.WriteString("Changes the headers of " + what)
	default:
		fmt.Fprintf(&b, "Applies %q to %s", a.Type, what)
	}
	b.WriteString(", " + c.initiators(everySite))
	if h := c.responseHeaderCondition(); h != "" {
		b.WriteString(", " + h)
	}
	if a.Type == "modifyHeaders" {
		b.WriteString(": " + headerChanges(a.RequestHeaders, a.ResponseHeaders))
	}
	if ir.Priority > 1 {
		fmt.Fprintf(&b, ", at priority %d", ir.Priority)
	}
	return b.String()
}

// requests names what a rule acts on: methods and resource kinds.
func (c *installedCondition) requests() string {
	var b strings.Builder
	if len(c.RequestMethods) > 0 {
		b.WriteString(orList(upperAll(c.RequestMethods)) + " ")
	}
	switch {
	case len(c.ResourceTypes) > 0:
		b.WriteString("requests for " + orList(resourceWords(c.ResourceTypes)))
	default:
		b.WriteString("requests")
	}
	var except []string
	if len(c.ExcludedRequestMethods) > 0 {
		except = append(except, orList(upperAll(c.ExcludedRequestMethods))+" requests")
	}
	if len(c.ExcludedResourceTypes) > 0 {
		except = append(except, orList(resourceWords(c.ExcludedResourceTypes)))
	}
	if len(except) > 0 {
		b.WriteString(" (except " + strings.Join(except, " and ") + ")")
	}
	return b.String()
}

// target says which addresses the rule matches.
func (c *installedCondition) target() string {
	var parts []string
	if len(c.RequestDomains) > 0 {
		parts = append(parts, "to "+orList(c.RequestDomains)+" (and subdomains)")
	}
	if c.URLFilter != nil {
		parts = append(parts, urlFilterWords(*c.URLFilter, c.IsURLFilterCaseSensitive))
	}
	if c.RegexFilter != nil {
		parts = append(parts, "whose address matches the regular expression /"+*c.RegexFilter+"/")
	}
	switch c.DomainType {
	case "firstParty":
		parts = append(parts, "to the page's own site")
	case "thirdParty":
		parts = append(parts, "to sites other than the page's")
	}
	if len(c.ExcludedRequestDomains) > 0 {
		parts = append(parts, "except to "+orList(c.ExcludedRequestDomains))
	}
	return strings.Join(parts, ", ")
}

// urlFilterWords reads the common urlFilter anchors; anything else is
// quoted as the pattern it is.
func urlFilterWords(f string, caseSensitive *bool) string {
	p := parseURLFilter(f)
	body, domainAnchor, leftAnchor := p.pattern, p.left == 2, p.left == 1
	exact := !strings.ContainsAny(body, "*^|")
	var w string
	switch {
	case f == "" || f == "*":
		return "to any address"
	case domainAnchor && strings.HasSuffix(body, "^") && !strings.ContainsAny(strings.TrimSuffix(body, "^"), "*^/|"):
		w = fmt.Sprintf("to %s (and subdomains)", strings.TrimSuffix(body, "^"))
	case domainAnchor && exact && strings.Contains(body, "/"):
		host, path := body[:strings.Index(body, "/")], body[strings.Index(body, "/"):]
		w = fmt.Sprintf("to %s (and subdomains) whose path starts with %s", host, path)
	case leftAnchor && p.right && exact:
		w = "to exactly " + body
	case leftAnchor && exact:
		w = "whose address starts with " + body
	default:
		w = fmt.Sprintf("whose address matches the pattern %q", f)
	}
	if caseSensitive != nil && !*caseSensitive {
		w += " (in any case)"
	}
	return w
}

// initiators says which pages' requests the rule acts on. Every installed
// rule of a remixlet that runs on some sites has initiatorDomains (the
// installed form adds them).
func (c *installedCondition) initiators(everySite bool) string {
	var s string
	switch {
	case len(c.InitiatorDomains) > 0:
		s = "made by pages on " + orList(c.InitiatorDomains) + " (and subdomains)"
	case everySite:
		s = "made by any page"
	default:
		s = "made by any page"
	}
	// The extension's own id is added to every rule's exclusions; it is
	// not a page and is not worth a word.
	var excluded []string
	for _, d := range c.ExcludedInitiatorDomains {
		if !validExtensionID(d) {
			excluded = append(excluded, d)
		}
	}
	if len(excluded) > 0 {
		s += " (not by pages on " + orList(excluded) + ")"
	}
	return s
}

func (c *installedCondition) responseHeaderCondition() string {
	var parts []string
	for _, h := range c.ResponseHeaders {
		parts = append(parts, "when the response has "+h.words())
	}
	for _, h := range c.ExcludedResponseHeaders {
		parts = append(parts, "unless the response has "+h.words())
	}
	return strings.Join(parts, ", ")
}

func (h installedHeaderInfo) words() string {
	s := "the header " + h.Header
	if h.Values != nil {
		s += " with a value like " + orList(quoteAll(*h.Values))
	}
	if h.ExcludedValues != nil {
		s += " but not like " + orList(quoteAll(*h.ExcludedValues))
	}
	return s
}

// headerChanges says what a modifyHeaders rule does, request headers first.
func headerChanges(req, resp []installedModify) string {
	var parts []string
	for _, l := range []struct {
		side string
		mods []installedModify
	}{{"request", req}, {"response", resp}} {
		for _, m := range l.mods {
			switch m.Operation {
			case "remove":
				parts = append(parts, fmt.Sprintf("removes the %s header %s", l.side, m.Header))
			case "set":
				parts = append(parts, fmt.Sprintf("sets the %s header %s to %q", l.side, m.Header, deref(m.Value)))
			case "append":
				parts = append(parts, fmt.Sprintf("appends %q to the %s header %s", deref(m.Value), l.side, m.Header))
			default:
				parts = append(parts, fmt.Sprintf("changes the %s header %s (%s)", l.side, m.Header, m.Operation))
			}
		}
	}
	if len(parts) == 0 {
		return "no header"
	}
	return andList(parts)
}

// destination says where a redirect sends the request.
func (rd *installedRedirect) destination() string {
	switch {
	case rd.URL != "":
		return "to " + rd.URL
	case rd.Transform != nil:
		return "to the same address " + rd.Transform.words()
	case rd.RegexSubstitution != "":
		return "to " + rd.RegexSubstitution + " (each \\N there is what the regular expression's group N matched)"
	}
	return "to an address the rule does not say"
}

func (t *installedTransform) words() string {
	var parts []string
	if t.Scheme != "" {
		parts = append(parts, "on "+t.Scheme)
	}
	if t.Host != "" {
		parts = append(parts, "with the host "+t.Host)
	}
	if t.Port != nil {
		if *t.Port == "" {
			parts = append(parts, "with the default port")
		} else {
			parts = append(parts, "with the port "+*t.Port)
		}
	}
	if t.Path != nil {
		parts = append(parts, fmt.Sprintf("with the path %q", *t.Path))
	}
	if t.Query != nil {
		if *t.Query == "" {
			parts = append(parts, "with no query")
		} else {
			parts = append(parts, fmt.Sprintf("with the query %q", *t.Query))
		}
	}
	if q := t.QueryTransform; q != nil {
		if q.RemoveParams != nil && len(*q.RemoveParams) > 0 {
			parts = append(parts, "without the query parameters "+andList(*q.RemoveParams))
		}
		if q.AddOrReplaceParams != nil {
			for _, kv := range *q.AddOrReplaceParams {
				if kv.ReplaceOnly != nil && *kv.ReplaceOnly {
					parts = append(parts, fmt.Sprintf("with %s replaced by %q where present", kv.Key, kv.Value))
				} else {
					parts = append(parts, fmt.Sprintf("with %s set to %q", kv.Key, kv.Value))
				}
			}
		}
	}
	if t.Fragment != nil {
		if *t.Fragment == "" {
			parts = append(parts, "with no fragment")
		} else {
			parts = append(parts, fmt.Sprintf("with the fragment %q", *t.Fragment))
		}
	}
	if len(parts) == 0 {
		return "unchanged"
	}
	return andList(parts)
}

// resourceWords names resource types as a person knows them.
func resourceWords(types []string) []string {
	out := make([]string, 0, len(types))
	for _, t := range types {
		if i := slices.Index(resourceTypeNames, t); i >= 0 && i%2 == 0 {
			out = append(out, resourceTypeNames[i+1])
		} else {
			out = append(out, strconv.Quote(t))
		}
	}
	return out
}

// resourceTypeNames pairs each resource type with the words for it.
var resourceTypeNames = []string{
	"main_frame", "pages", "sub_frame", "frames", "stylesheet", "stylesheets", "script", "scripts",
	"image", "images", "font", "fonts", "object", "plug-in content", "xmlhttprequest", "data (fetch and XMLHttpRequest)",
	"ping", "pings and beacons", "csp_report", "security policy reports", "media", "audio and video",
	"websocket", "WebSockets", "webtransport", "WebTransport", "webbundle", "web bundles", "other", "other resources",
}

func upperAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strings.ToUpper(x)
	}
	return out
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Quote(x)
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func orList(xs []string) string  { return joinList(xs, "or") }
func andList(xs []string) string { return joinList(xs, "and") }

func joinList(xs []string, last string) string {
	xs = slices.Clone(xs)
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " " + last + " " + xs[1]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + last + " " + xs[len(xs)-1]
}
