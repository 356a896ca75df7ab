package scriptlint_test

import (
	"flag"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/docsync"
	"github.com/remixlet/remixlet/scriptlint"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated sections of docs/script-lint.md")

// TestDocsTables keeps the closed world, the globals outside it and the
// dangerous values in docs/script-lint.md generated from the tables.
func TestDocsTables(t *testing.T) {
	const doc = "../docs/script-lint.md"
	docsync.Section(t, doc, "closed-world", scriptlint.GlobalsTable(true), *updateDocs)
	docsync.Section(t, doc, "outside-globals", scriptlint.OutsideTable(true), *updateDocs)
	docsync.Section(t, doc, "dangerous-values", scriptlint.DangerousTable(true), *updateDocs)
}

// TestClosedWorldTable: every row has a reason, no name is both inside and
// outside, and every rule the dangerous-value table names exists.
func TestClosedWorldTable(t *testing.T) {
	inside := map[string]bool{}
	for _, g := range scriptlint.AllowedGlobals() {
		if g.Reason == "" {
			t.Errorf("%s: no reason", g.Name)
		}
		if inside[g.Name] {
			t.Errorf("%s: listed twice", g.Name)
		}
		inside[g.Name] = true
	}
	for _, o := range scriptlint.OutsideGlobals {
		if inside[o.Name] {
			t.Errorf("%s is both allowed and outside", o.Name)
		}
		if o.UseInstead == "" {
			t.Errorf("%s: no use-instead", o.Name)
		}
	}
	for _, d := range scriptlint.DangerousValues {
		if _, ok := finding.Lookup(d.Rule); !ok {
			t.Errorf("%s: no rule %s", d.Name, d.Rule)
		}
	}
	for _, name := range []string{"eval", "Function", "WebAssembly", "Worker"} {
		if inside[name] && name != "eval" && name != "Function" {
			t.Errorf("%s must be outside the closed world", name)
		}
	}
}
