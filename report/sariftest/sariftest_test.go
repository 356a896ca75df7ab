package sariftest_test

import (
	"testing"

	"github.com/remixlet/remixlet/report/sariftest"
)

// TestSchemaRefusesBrokenSARIF: the validation can fail (a result without
// a message, a region with a column of 0).
func TestSchemaRefusesBrokenSARIF(t *testing.T) {
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "a"}]}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}`,
		`{"version": "2.0.0", "runs": []}`,
	} {
		if sariftest.Validate([]byte(bad)) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

// TestWithoutRuleTableChecksTheList: a log whose rule list is not the
// registry's is an error, not a shorter golden file.
func TestWithoutRuleTableChecksTheList(t *testing.T) {
	log := `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "js/eval"}]}}, "results": []}]}`
	if _, err := sariftest.WithoutRuleTable([]byte(log)); err == nil {
		t.Error("a one-rule list was taken for the registry")
	}
}
