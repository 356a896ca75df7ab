package pagepolicy_test

import (
	"flag"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/scriptlint"
)

var update = flag.Bool("update", false, "rewrite docs/api.md's page policy section")

// docs/api.md's page policy section is the table as Markdown prints it;
// go test ./pagepolicy -run DocsPagePolicy -update rewrites it.
func TestDocsPagePolicy(t *testing.T) {
	docsync.Section(t, "../docs/api.md", "page-policy", pagepolicy.Markdown(), *update)
}

// remixlet explain prints the table for every rule the page policy
// decides; the API reference names the password field's fixed attributes
// exactly as the table has them.
func TestExplainAndAPIReadTheTable(t *testing.T) {
	for _, rule := range []string{scriptlint.RuleRefusedElement.ID, scriptlint.RuleRefusedAttribute.ID, scriptlint.RuleUnsafeHtml.ID, scriptlint.RuleValueSelector.ID} {
		text, err := lint.Explain(rule)
		if err != nil || !strings.HasSuffix(text, pagepolicy.Text()) {
			t.Errorf("explain %s does not end with the page policy table (%v)", rule, err)
		}
	}
	var doc string
	for _, m := range sandboxapi.Members() {
		if m.Path == "dom.Handle#removeAttribute" {
			doc = m.Doc
		}
	}
	names := regexp.MustCompile(`password field's (.*) cannot be changed`).FindStringSubmatch(doc)
	if names == nil {
		t.Fatalf("dom.Handle#removeAttribute's doc names no fixed attributes: %q", doc)
	}
	got := regexp.MustCompile(`[a-z]+`).FindAllString(strings.ReplaceAll(names[1], " and ", ", "), -1)
	var want []string
	for _, r := range pagepolicy.PasswordFixed {
		want = append(want, r.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("dom.Handle#removeAttribute says %v cannot change on a password field; the table says %v", got, want)
	}
}
