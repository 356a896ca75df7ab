package lint

import (
	"fmt"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/suggest"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/scriptlint"
)

// UnknownRuleError is an explanation asked for a rule no table declares.
type UnknownRuleError struct {
	ID   string
	Hint string // " (did you mean …?)", or ""
}

func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("no rule %q%s: run 'remixlet explain' for the list", e.ID, e.Hint)
}

// Explain is what `remixlet explain RULE` prints, and the WebAssembly
// build's explain(rule) returns: the rule (why it exists, what to do
// instead) and the data it is checked against (the closed world, the
// dangerous values, the page policy).
func Explain(id string) (string, error) {
	r, ok := finding.Lookup(id)
	if !ok {
		var ids []string
		for _, r := range finding.Rules() {
			ids = append(ids, r.ID)
		}
		return "", &UnknownRuleError{ID: id, Hint: suggest.Hint(id, ids)}
	}
	text := fmt.Sprintf("%s (%s)\n%s\n\nWhy: %s\n\nDo instead: %s\n", r.ID, r.Severity, r.Title, r.Why, r.Fix)
	if tables := scriptlint.ExplainTables(r.ID); tables != "" {
		text += "\n" + tables
	}
	switch r.ID {
	case scriptlint.RuleRefusedElement.ID, scriptlint.RuleRefusedAttribute.ID, scriptlint.RuleUnsafeHtml.ID, scriptlint.RuleScriptElement.ID, scriptlint.RuleValueSelector.ID, scriptlint.RuleRemoteSrc.ID:
		text += "\nThe page policy\n\n" + pagepolicy.Text()
	}
	return text, nil
}
