package site

import (
	"encoding/json"
	"os"
	"testing"
)

// wptCase is one test of web-platform-tests' urltestdata.json: input
// parsed against base (nil or "about:blank": none), and either failure or
// what the URL API returns for each part.
type wptCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	reading
}

func loadWPT(t testing.TB) []wptCase {
	t.Helper()
	data, err := os.ReadFile("testdata/wpt-url/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestWPTURLTestData: every case of web-platform-tests' URL test data,
// read by Parse against its base, gives the expected parts or the expected
// failure, up to the documented differences (knownDifference).
func TestWPTURLTestData(t *testing.T) {
	cases := loadWPT(t)
	inputs := make([]addressInput, len(cases))
	want := make([]reading, len(cases))
	for i, c := range cases {
		inputs[i] = addressInput{Input: c.Input, Base: c.Base}
		want[i] = c.reading
		if c.Failure {
			want[i] = reading{Failure: true}
		}
	}
	differential(t, "urltestdata.json", inputs, want)
}
