// Package netrules checks a remixlet's rules.json, Chrome declarativeNetRequest
// rules, and turns it into the form the extension installs.
//
// Check runs three layers over every rule:
//
//  1. The format: strict JSON (internal/strictjson), then the JSON Schema
//     `remixlet schema rules` prints (internal/schema), with every unknown key
//     refused, since Chrome ignores keys it does not know and a misspelt
//     condition would silently match every request.
//  2. Chrome's own validation, in the order Chromium's
//     extensions/browser/api/declarative_net_request/indexed_rule.cc checks a
//     rule (CreateIndexedRule), then the ruleset checks of ruleset_source.cc
//     (unique ids) and the rule-count limits. A rule Chrome would refuse is
//     refused here with the same meaning; unlike Chrome, which stops at a
//     rule's first problem, every problem is reported.
//  3. The Remixlet limits (see docs/netrules.md): no allow rules, redirects for GET
//     only and only to https addresses on the remixlet's own sites, no
//     security headers, initiatorDomains within the remixlet's sites, and no
//     rule on the hosts an every-site remixlet fetches from or observes.
//
// A remixlet saved before API 1.0.2 gets a rule that breaks a Remixlet limit
// as a warning, and that rule is left out of the installed form; a rule
// Chrome itself would refuse stays an error (ChromeRefusal tells which rule
// ids are which). The format's own strictness (unknown keys, keys that do not
// belong to the action, a '|' inside a urlFilter, a domain that is not a
// host) counts as a limit, since Chrome accepts those rules.
//
// Install returns the installed form, one rule per line: the rules that are
// kept, normalised (lower-case header names and domains, deprecated keys
// renamed, explicit priority, the redirect url as parsed) and scoped; it
// refuses a manifest without the netrules permission:
//
//   - a remixlet that runs on some sites gets initiatorDomains from the hosts
//     of its matches, so its rules act only on requests its own pages make
//     (Chrome's initiatorDomains also cover subdomains, and know no scheme,
//     port or path, so the scope is the sites' hosts);
//   - a remixlet that runs on every site gets excludedInitiatorDomains with
//     the extension's id (Options.ExtensionID, required then), so its rules
//     never act on a request the extension itself sends (sign-in, the AI
//     provider, rmx.fetch), and excludedRequestDomains with its fetch: and
//     network:observe: hosts; a rule that names one of those hosts itself is
//     refused (netrules/own-requests);
//   - every rule excludes the hosts the extension itself uses
//     (Options.ExtensionHosts, and ID.chromiumapp.org), as request domains
//     and as initiators: requests the extension starts without an
//     initiator (a sign-in window, a tab it opens) are out of reach too.
//
// Design choices where the issue is silent:
//   - Redirect destinations allow the default https port only.
//   - Chrome's limits are those of an extension's dynamic rules, which is how
//     an extension installs rules it did not ship: 30,000 rules, 5,000 of
//     them redirect or modifyHeaders ("unsafe") rules, 1,000 regexFilter
//     rules. They bound one remixlet; the extension must still fit all
//     remixlets together.
//   - Chrome's 2 KB regex limit is approximated by counting the instructions
//     RE2 would compile (see regexSize), with RE2's budget for 2 KB.
//   - A rule whose shape breaks the schema (a wrong type, a missing key, an
//     unknown value) is refused and not checked further; unknown keys and
//     empty lists do not stop the other checks.
//   - Rule ids are kept: log lines and the sanitized file name rules by them.
//     An extension installing several remixlets' rules renumbers them.
//   - Rule priority, as in the sister systems' deny-before-allow order: a
//     Chrome refusal outranks a Remixlet limit, so a legacy rule with both
//     stays an error; for security headers an exact entry outranks a family,
//     and the one exception (removing referer) is an entry's own flag.
//   - Destination checks, as theirs: a redirect is judged by where it lands
//     (scheme, host, port, user info), never by how it is spelt; javascript:,
//     data: and every other non-https destination is refused; the host is
//     read one way for url, transform and regexSubstitution (canonical, one
//     trailing dot dropped when compared, as Chrome compares hosts).
//   - The manifest is required; Check with a nil one checks against a
//     remixlet with no sites, so every limit that needs one fails closed.
package netrules

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/schema"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
)

// FileName is the rules file's name in a stored remixlet.
const FileName = "rules.json"

// maxDepth bounds nesting: the deepest rule (a query parameter inside a
// transform) is eight levels deep.
const maxDepth = 10

// Chrome's limits on one extension's dynamic rules
// (api::declarative_net_request constants).
const (
	MaxRules       = 30000 // MAX_NUMBER_OF_DYNAMIC_RULES, also GUARANTEED_MINIMUM_STATIC_RULES
	MaxUnsafeRules = 5000  // MAX_NUMBER_OF_UNSAFE_DYNAMIC_RULES: redirect and modifyHeaders
	MaxRegexRules  = 1000  // MAX_NUMBER_OF_REGEX_RULES
)

//go:embed rules.schema.json
var schemaJSON []byte

// SchemaJSON returns the JSON Schema (draft 2020-12) of rules.json.
func SchemaJSON() []byte { return slices.Clone(schemaJSON) }

var compiled = sync.OnceValue(func() *schema.Schema {
	return schema.MustCompile("https://raw.githubusercontent.com/remixlet/remixlet/main/netrules/rules.schema.json", schemaJSON)
})

// chromeRefusals are the rule ids whose findings Chrome would refuse as
// well (or that concern the whole file): they stay errors for a legacy
// remixlet. Every other netrules/ id is a Remixlet limit.
var chromeRefusals = ruleSet(
	RuleSyntax, RuleDuplicateKey, RuleTooDeep, RuleWrongType, RuleMissingKey, RuleUnknownValue,
	RuleRuleId, RulePriority, RuleRedirect, RuleRedirectUrl, RuleTransform, RuleEmptyList,
	RuleTabIds, RuleTwoFilters, RuleRegex, RuleRegexTooLarge, RuleUrlFilter, RuleIncludeExclude,
	RuleAllowAllRequestsTypes, RuleDomains, RuleResponseHeaderCondition, RuleModifyHeaders, RuleTooMany,
)

// ruleSet is the set of the rules' ids (a loop, where a map literal of
// them is built by generated code: docs/wasm.md).
func ruleSet(rules ...*finding.Rule) map[string]bool {
	set := make(map[string]bool, len(rules))
	for _, r := range rules {
		set[r.ID] = true
	}
	return set
}

// ChromeRefusal reports whether a finding of rule id is one Chrome would
// refuse too (or concerns the whole file), so that it stays an error for a
// remixlet saved before API 1.0.2.
func ChromeRefusal(id string) bool { return chromeRefusals[id] }

// LeftOut is a rule of a legacy remixlet that breaks a Remixlet limit: it
// is left out when installed.
type LeftOut struct {
	Rule    *Rule
	Reasons []finding.Finding // the warnings that say why
}

// Result is what Check found.
type Result struct {
	Rules    []*Rule // every rule in file order; nil when the file is not a list
	Findings []finding.Finding
	LeftOut  []LeftOut // legacy remixlets only
	src      []byte
	root     *strictjson.Value
	left     map[int]bool
}

// Refused reports whether some finding is an error.
func (r *Result) Refused() bool { return finding.HasErrors(r.Findings) }

// Kept returns the rules that are installed: every rule but those left out.
func (r *Result) Kept() []*Rule {
	var out []*Rule
	for _, rule := range r.Rules {
		if !r.left[rule.Index] {
			out = append(out, rule)
		}
	}
	return out
}

// checker holds one run of Check.
type checker struct {
	m      *manifest.Manifest
	lines  *finding.Lines
	issues []issue
	ids    map[int64]*Rule
	root   *strictjson.Value
	every  bool // the remixlet runs on every site
}

// issue is a finding and the rule it belongs to (-1: the file).
type issue struct {
	f    finding.Finding
	rule int
}

// Check parses and checks rules.json's bytes against the remixlet's
// manifest. Findings name the file FileName and, for a rule, its id.
func Check(src []byte, m *manifest.Manifest) *Result {
	if m == nil {
		m = &manifest.Manifest{} // no sites: every limit that needs one fails closed
	}
	c := &checker{m: m, lines: finding.NewLines(src), ids: map[int64]*Rule{}, every: m.EverySite()}
	res := &Result{src: src, left: map[int]bool{}}
	root, err := strictjson.Parse(src, maxDepth)
	if err != nil {
		e := err.(*strictjson.Error)
		rule := RuleSyntax
		switch {
		case e.Duplicate:
			rule = RuleDuplicateKey
		case strings.HasPrefix(e.Msg, "nested more than"):
			rule = RuleTooDeep
		}
		c.fileIssue(rule, e.Offset, "%s", e.Msg)
		res.Findings = c.findings()
		return res
	}
	res.root = root
	c.root = root
	broken := map[int]bool{} // rules whose shape the schema refused
	if !shapeOK(root) {
		for _, v := range compiled().Validate(root) {
			c.schemaIssue(v, broken)
		}
	}
	if root.Kind != strictjson.Array {
		res.Findings = c.findings()
		return res
	}
	if len(root.Items) == 0 {
		c.fileIssue(RuleEmpty, root.Offset, "rules.json holds no rules: remove it and the netrules permission, or add the rules they are for")
	}
	for i, item := range root.Items {
		if item.Kind != strictjson.Object {
			continue
		}
		rule := decodeRule(i, item)
		res.Rules = append(res.Rules, rule)
		if broken[i] {
			continue
		}
		c.chrome(rule)
		c.limits(rule)
	}
	c.counts(res.Rules)

	// A Chrome refusal outranks a limit: a legacy rule with any Chrome
	// refusal stays an error; one with only limit findings is left out.
	legacy := m != nil && m.Legacy()
	refusedByChrome := map[int]bool{}
	for _, is := range c.issues {
		if is.rule >= 0 && chromeRefusals[is.f.Rule] {
			refusedByChrome[is.rule] = true
		}
	}
	byRule := map[int][]finding.Finding{}
	for i, is := range c.issues {
		if legacy && is.rule >= 0 && !chromeRefusals[is.f.Rule] && !refusedByChrome[is.rule] {
			c.issues[i].f = is.f.AsWarning("saved before API 1.0.2: this rule is left out when installed")
			res.left[is.rule] = true
			byRule[is.rule] = append(byRule[is.rule], c.issues[i].f)
		}
	}
	for _, rule := range res.Rules {
		if res.left[rule.Index] {
			res.LeftOut = append(res.LeftOut, LeftOut{Rule: rule, Reasons: byRule[rule.Index]})
		}
	}
	res.Findings = c.findings()
	return res
}

func (c *checker) findings() []finding.Finding {
	out := make([]finding.Finding, len(c.issues))
	for i, is := range c.issues {
		out[i] = is.f
	}
	finding.Sort(out)
	return out
}

func (c *checker) fileIssue(rule *finding.Rule, off int, format string, args ...any) {
	c.issues = append(c.issues, issue{f: finding.New(rule, FileName, c.lines.Position(off), format, args...), rule: -1})
}

// report records a finding about r at byte offset off; the message starts
// with the rule's name.
func (c *checker) report(r *Rule, rule *finding.Rule, off int, format string, args ...any) {
	msg := r.Name() + ": " + fmt.Sprintf(format, args...)
	c.issues = append(c.issues, issue{f: finding.New(rule, FileName, c.lines.Position(off), "%s", msg), rule: r.Index})
}

// Name names the rule in messages: "rule 7", or its place in the list when
// its id is unusable.
func (r *Rule) Name() string {
	if r.ID.Set && r.ID.Fits && r.ID.V >= 1 {
		return fmt.Sprintf("rule %d", r.ID.V)
	}
	return fmt.Sprintf("rule #%d in the list", r.Index+1)
}

// schemaIssue turns a schema violation into a finding. Violations that
// leave a rule's shape intact (an unknown key, an empty list, an id or
// priority out of range) do not stop its other checks.
func (c *checker) schemaIssue(v schema.Violation, broken map[int]bool) {
	idx := -1
	if len(v.Path) > 0 {
		if n, err := parseIndex(v.Path[0]); err == nil && c.root.Kind == strictjson.Array && n < len(c.root.Items) {
			idx = n
		}
	}
	if idx < 0 {
		c.fileIssue(RuleWrongType, v.Offset, "rules.json must hold a list of rules (Chrome: \"Rules file must contain a list.\"): write [ {…}, {…} ]")
		return
	}
	key := v.Path[len(v.Path)-1]
	where := "the rule"
	if len(v.Path) > 1 {
		where = schema.Describe(v.Path[1:])
	}
	msg := strings.Replace(v.Message, schema.Describe(v.Path), where, 1)
	rule, breaks := RuleWrongType, true
	switch kw := v.Keyword(); {
	case kw == "additionalProperties":
		rule, breaks = RuleUnknownKey, false
		msg = fmt.Sprintf("unknown key %q in %s: Chrome ignores keys it does not know, so the rule would not do what it says; remove it or spell it as `remixlet schema rules` does%s", v.Key, where, suggestKey(v.Key))
	case kw == "required":
		rule = RuleMissingKey
		msg = fmt.Sprintf("%s has no %q: add it", where, v.Key)
	case kw == "enum" || kw == "const":
		rule = RuleUnknownValue
		if val, _ := c.root.At(v.Path); val != nil && val.Kind == strictjson.String {
			msg = strings.Replace(msg, " must be ", fmt.Sprintf(" is %q; it must be ", val.Text), 1)
		}
	case kw == "minItems":
		rule, breaks = RuleEmptyList, false
		msg = fmt.Sprintf("%s is an empty list, which Chrome refuses: list at least one value or leave the key out", where)
	case (kw == "minimum" || kw == "maximum") && (key == "id" || key == "priority"):
		rule, breaks = RulePriority, false
		if key == "id" {
			rule = RuleRuleId
		}
		raw := ""
		if val, _ := c.root.At(v.Path); val != nil {
			raw = val.Text
		}
		msg = fmt.Sprintf("%s %s is out of range: Chrome needs an integer from 1 to 2147483647", key, raw)
	}
	if breaks {
		broken[idx] = true
	}
	c.issues = append(c.issues, issue{f: finding.New(rule, FileName, c.lines.Position(v.Offset), "%s", c.ruleName(idx)+": "+msg), rule: idx})
}

// ruleName names rule idx before it is decoded: by its id when that is
// usable, else by its place.
func (c *checker) ruleName(idx int) string {
	return (&Rule{Index: idx, ID: getNumber(c.root.Items[idx], "id")}).Name()
}

func parseIndex(s string) (int, error) {
	n := 0
	if s == "" {
		return 0, fmt.Errorf("empty")
	}
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return 0, fmt.Errorf("not an index")
		}
		n = n*10 + int(ch-'0')
		if n > 1<<30 {
			return 0, fmt.Errorf("too large")
		}
	}
	return n, nil
}

// knownKeys lists every key the format has, for "did you mean" hints.
var knownKeys = []string{
	"id", "priority", "condition", "action",
	"urlFilter", "regexFilter", "isUrlFilterCaseSensitive", "initiatorDomains", "excludedInitiatorDomains",
	"requestDomains", "excludedRequestDomains", "domains", "excludedDomains", "resourceTypes",
	"excludedResourceTypes", "requestMethods", "excludedRequestMethods", "domainType", "tabIds",
	"excludedTabIds", "responseHeaders", "excludedResponseHeaders", "values", "excludedValues",
	"type", "redirect", "requestHeaders", "url", "extensionPath", "transform", "regexSubstitution",
	"scheme", "host", "port", "path", "query", "queryTransform", "fragment", "username", "password",
	"removeParams", "addOrReplaceParams", "key", "value", "replaceOnly", "header", "operation",
}

// suggestKey names a known key that differs from key only in case or by
// one edit, as a hint.
func suggestKey(key string) string {
	for _, k := range knownKeys {
		if strings.EqualFold(k, key) || oneEdit(strings.ToLower(k), strings.ToLower(key)) {
			return fmt.Sprintf(" (did you mean %q?)", k)
		}
	}
	return ""
}

// oneEdit reports whether a and b differ by one inserted, deleted or
// replaced byte.
func oneEdit(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a)-len(b) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i+1:] == b[i:]
}
