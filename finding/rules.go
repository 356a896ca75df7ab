package finding

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Rule is one check a finding can cite. Rules are data: each package that
// reports findings declares its own rules beside its checks, as package
// variables made by Register, and reports through those values, so a rule
// that does not exist is a compile error. The registry they join is what
// `explain`, `--help`, SARIF's rule metadata and docs/rules.md print from.
type Rule struct {
	ID       string   // stable: "family/name"; never reused for another meaning
	Title    string   // one line
	Severity Severity // default severity
	Why      string   // the risk the rule exists for
	Fix      string   // what to do instead
	// Sensitive findings point at text that must never be printed (a
	// credential): outputs mask the span from Start to End wherever they
	// show source lines.
	Sensitive bool
}

// Families are the rule id prefixes, one per kind of input; the docs group
// rules by them.
var Families = []string{"package", "manifest", "js", "css", "netrules", "approval", "build", "config"}

// validRuleID reports an id of the form family/kebab-case: lower-case
// letters, a slash, then words of lower-case letters and digits joined by
// single hyphens (`^[a-z]+/[a-z0-9]+(-[a-z0-9]+)*$`, checked by hand: a
// regular expression compiled and run for every rule was a tenth of the
// command line's start-up).
func validRuleID(id string) bool {
	family, name, ok := strings.Cut(id, "/")
	if !ok || family == "" {
		return false
	}
	for i := 0; i < len(family); i++ {
		if c := family[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	for _, word := range strings.Split(name, "-") {
		if word == "" {
			return false
		}
		for i := 0; i < len(word); i++ {
			if c := word[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

var registry struct {
	sync.Mutex
	byID   map[string]*Rule
	sorted []*Rule // nil when a rule was added since it was last sorted
}

// Register adds a rule to the registry and returns it, for a package
// variable:
//
//	var RuleRemoteLoad = finding.Register(finding.Rule{ID: "css/remote-load", ...})
//
// It panics on an incomplete rule or an id registered twice: both are
// programming errors every test run catches, since registration happens
// when the package is initialised.
func Register(r Rule) *Rule {
	if !validRuleID(r.ID) {
		panic("finding: rule ids are family/kebab-case: " + r.ID)
	}
	if fam, _, _ := strings.Cut(r.ID, "/"); !slices.Contains(Families, fam) {
		panic("finding: unknown rule family: " + r.ID)
	}
	if r.Title == "" || r.Why == "" || r.Fix == "" || (r.Severity != Error && r.Severity != Warning) {
		panic("finding: a rule needs a title, why, fix and severity: " + r.ID)
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.byID == nil {
		registry.byID = map[string]*Rule{}
	}
	if _, dup := registry.byID[r.ID]; dup {
		panic("finding: rule registered twice: " + r.ID)
	}
	p := &r
	registry.byID[r.ID] = p
	registry.sorted = nil
	return p
}

// Rules returns every registered rule, sorted by id. Only the rules of
// packages linked into the program are registered: the CLI links them all.
func Rules() []*Rule {
	registry.Lock()
	defer registry.Unlock()
	if registry.sorted == nil {
		for _, r := range registry.byID {
			registry.sorted = append(registry.sorted, r)
		}
		slices.SortFunc(registry.sorted, func(a, b *Rule) int { return strings.Compare(a.ID, b.ID) })
	}
	return slices.Clone(registry.sorted)
}

// Lookup returns the registered rule with the given id.
func Lookup(id string) (*Rule, bool) {
	registry.Lock()
	defer registry.Unlock()
	r, ok := registry.byID[id]
	return r, ok
}

// RulesDoc is where every rule has its section: SARIF's helpUri and the
// workflow annotations link to DocsURL + "#" + the rule's Anchor.
const RulesDoc = "docs/rules.md"

// DocsURL is RulesDoc as published with the source.
const DocsURL = "https://github.com/remixlet/remixlet/blob/main/" + RulesDoc

// Anchor is the rule's anchor in RulesDoc: its id with "/" as "-".
func (r *Rule) Anchor() string { return strings.ReplaceAll(r.ID, "/", "-") }

// HelpURI is the address of the rule's section in the published docs.
func (r *Rule) HelpURI() string { return DocsURL + "#" + r.Anchor() }

// familyTitles head each family's part of RulesDoc.
var familyTitles = map[string]string{
	"package":  "The stored form (the loader)",
	"manifest": "manifest.json",
	"js":       "script.js (the script lint)",
	"css":      "style.css (the stylesheet guard)",
	"netrules": "rules.json (network rules)",
	"approval": "Approvals and activation",
	"build":    "Source folders (remixlet build)",
	"config":   "remixlet.config.json, its policy, and inline suppressions",
}

// Markdown renders every registered rule as RulesDoc shows it: per family,
// a table of the rules, then one section per rule under its anchor.
func Markdown() string {
	var b strings.Builder
	byFamily := map[string][]*Rule{}
	var others []string
	for _, r := range Rules() {
		fam, _, _ := strings.Cut(r.ID, "/")
		if _, ok := byFamily[fam]; !ok && !slices.Contains(Families, fam) {
			others = append(others, fam)
		}
		byFamily[fam] = append(byFamily[fam], r)
	}
	for _, fam := range append(slices.Clone(Families), others...) {
		rules := byFamily[fam]
		if len(rules) == 0 {
			continue
		}
		title := familyTitles[fam]
		if title == "" {
			title = fam
		}
		fmt.Fprintf(&b, "## %s\n\n| rule | severity | what it refuses |\n| --- | --- | --- |\n", title)
		for _, r := range rules {
			fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.Anchor(), r.Severity, cell(r.Title))
		}
		b.WriteString("\n")
		for _, r := range rules {
			fmt.Fprintf(&b, "<a id=\"%s\"></a>\n### `%s`\n\n**%s.** %s\n\n**Why:** %s\n\n**Do instead:** %s\n\n", r.Anchor(), r.ID, r.Severity, r.Title, r.Why, r.Fix)
		}
	}
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// RuleOf returns the rule a finding cites, for code that reports a finding
// of another check again at its own position.
func RuleOf(f Finding) *Rule {
	r, ok := Lookup(f.Rule)
	if !ok {
		panic("finding: a finding cites an unregistered rule: " + f.Rule)
	}
	return r
}
