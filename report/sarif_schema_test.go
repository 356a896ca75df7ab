package report_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchemaURL is the schema's own id.
const sarifSchemaURL = "https://raw.githubusercontent.com/schemastore/schemastore/master/src/schemas/json/sarif-2.1.0-rtm.5.json"

// goldenSARIF are every golden SARIF file in the repository: this
// package's and the end-to-end test's.
var goldenSARIF = []string{"testdata/golden/*.sarif", "../cmd/remixlet/testdata/e2e/golden/*.sarif"}

func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/sarif-schema/sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(sarifSchemaURL, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(sarifSchemaURL)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGoldenSARIFValidates validates every golden SARIF file against the
// SARIF 2.1.0 schema (testdata/sarif-schema, with its licence and source).
func TestGoldenSARIFValidates(t *testing.T) {
	s := sarifSchema(t)
	var files []string
	for _, g := range goldenSARIF {
		more, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	if len(files) < 2 {
		t.Fatalf("found only %d golden SARIF files: %v", len(files), files)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := s.Validate(doc); err != nil {
			t.Errorf("%s does not validate against SARIF 2.1.0:\n%v", file, err)
		}
	}
}

// TestSchemaRefusesBrokenSARIF: the validation can fail (a result without
// a message, a region with a column of 0).
func TestSchemaRefusesBrokenSARIF(t *testing.T) {
	s := sarifSchema(t)
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "a"}]}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}`,
		`{"version": "2.0.0", "runs": []}`,
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(doc) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}
