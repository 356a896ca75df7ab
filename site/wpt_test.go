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
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
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
		want[i] = reading{Failure: c.Failure, Href: c.Href, Protocol: c.Protocol, Username: c.Username, Password: c.Password,
			Host: c.Host, Hostname: c.Hostname, Port: c.Port, Pathname: c.Pathname, Search: c.Search, Hash: c.Hash}
		if c.Failure {
			want[i] = reading{Failure: true}
		}
	}
	differential(t, "urltestdata.json", inputs, want)
}
