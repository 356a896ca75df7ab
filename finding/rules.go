package finding

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Rule is one check a finding can cite. The table of rules is data: the
// CLI's `explain`, `--help`, SARIF rule metadata and the README's rule list
// are all printed from it.
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

// families lists every rule, family by family; each family lives in its own
// file beside this one.
var families = [][]Rule{
	packageRules,
	manifestRules,
	cssRules,
	scriptRules,
	netRules,
	activationRules,
}

var (
	indexOnce sync.Once
	sorted    []Rule
	byID      map[string]Rule
)

func index() {
	indexOnce.Do(func() {
		byID = map[string]Rule{}
		for _, fam := range families {
			for _, r := range fam {
				if _, dup := byID[r.ID]; dup {
					panic("finding: rule listed twice: " + r.ID)
				}
				byID[r.ID] = r
				sorted = append(sorted, r)
			}
		}
		slices.SortFunc(sorted, func(a, b Rule) int { return strings.Compare(a.ID, b.ID) })
	})
}

// Rules returns every rule, sorted by id.
func Rules() []Rule {
	index()
	return slices.Clone(sorted)
}

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	index()
	r, ok := byID[id]
	return r, ok
}

// MarkdownTable renders the rule table as the README shows it.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| rule | severity | what it refuses | why | do instead |\n")
	b.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, r := range Rules() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.ID, r.Severity, cell(r.Title), cell(r.Why), cell(r.Fix))
	}
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
