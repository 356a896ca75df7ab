// Package sariftest is for tests of SARIF output: it validates a log
// against the SARIF 2.1.0 schema, and takes out of it what changes with
// every rule added anywhere, so that golden files change only with the
// output they are about.
package sariftest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/remixlet/remixlet/finding"
)

// The SARIF 2.1.0 schema, with its licence and source in testdata.
//
//go:embed testdata/sarif-2.1.0.json
var schemaJSON []byte

const schemaURL = "https://raw.githubusercontent.com/schemastore/schemastore/master/src/schemas/json/sarif-2.1.0-rtm.5.json"

var schema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
})

// Validate checks a SARIF log against the SARIF 2.1.0 schema.
func Validate(log []byte) error {
	s, err := schema()
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return err
	}
	return s.Validate(doc)
}

// WithoutRuleTable returns log without the driver's rule list and each
// result's index into it, after checking that the list is every
// registered rule in the registry's order. Tests check the indices
// against the list on the full log.
func WithoutRuleTable(log []byte) ([]byte, error) {
	var doc map[string]any
	if err := json.Unmarshal(log, &doc); err != nil {
		return nil, err
	}
	var want []string
	for _, r := range finding.Rules() {
		want = append(want, r.ID)
	}
	runs, _ := doc["runs"].([]any)
	for i, run := range runs {
		run, _ := run.(map[string]any)
		tool, _ := run["tool"].(map[string]any)
		driver, _ := tool["driver"].(map[string]any)
		rules, _ := driver["rules"].([]any)
		var got []string
		for _, r := range rules {
			id, _ := r.(map[string]any)["id"].(string)
			got = append(got, id)
		}
		if !slices.Equal(want, got) {
			return nil, fmt.Errorf("run %d: the rule list is not the registry's (%d rules listed, %d registered)", i, len(got), len(want))
		}
		driver["rules"] = "(every registered rule, in the registry's order)"
		results, _ := run["results"].([]any)
		for _, r := range results {
			if r, ok := r.(map[string]any); ok {
				delete(r, "ruleIndex")
			}
		}
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
