package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
)

const (
	extensionID  = "abcdefghijklmnopabcdefghijklmnop"
	netrulesPerm = `{"permission": "netrules", "reason": "Change what pages load."}`
	blockRule    = `{"id": 1, "condition": {"urlFilter": "||ads.example.net^"}, "action": {"type": "block"}}`
	badRedirect  = `{"id": 2, "condition": {"urlFilter": "||own.example.com^"}, "action": {"type": "redirect", "redirect": {"url": "https://evil.example/"}}}`
)

func TestNetrulesCommand(t *testing.T) {
	legacy := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "Old", "api": "1.0.1", "matches": ["https://own.example.com/*"], "permissions": [` + netrulesPerm + `]}`,
		"rules.json":    "[\n  " + blockRule + ",\n  " + badRedirect + "\n]\n",
	})
	current := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "New", "api": "1.0.2", "matches": ["https://own.example.com/*"], "permissions": [` + netrulesPerm + `]}`,
		"rules.json":    "[" + blockRule + ", " + badRedirect + "]",
	})
	everySite := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "All", "api": "1.0.2", "matches": ["<all_urls>"], "permissions": [` + netrulesPerm + `]}`,
		"rules.json":    "[" + blockRule + "]",
	})
	noRules := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "None", "api": "1.0.2", "matches": ["https://own.example.com/*"]}`,
	})
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string // substring of stdout ("" for empty when code != 0)
		err  string // substring of stderr
	}{
		{"example", []string{"netrules", "../../testdata/examples/block-trackers"}, 0, `"initiatorDomains":["shop.example.com"]`, ""},
		{"legacy leaves a rule out", []string{"netrules", legacy}, 0, `"id":1,`, "left out rule 2 (rules.json:3:"},
		{"current refuses it", []string{"netrules", current}, 1, "", "error netrules/redirect-destination: rule 2"},
		{"every site needs the id", []string{"netrules", everySite}, 2, "", "--extension-id"},
		{"every site with the id", []string{"netrules", "--extension-id", extensionID, everySite}, 0, `"excludedInitiatorDomains":["` + extensionID + `","` + extensionID + `.chromiumapp.org"]`, ""},
		{"extension hosts excluded", []string{"netrules", "--extension-id", extensionID, "--extension-host", "auth.provider.example", "--extension-host", "api.provider.example", everySite}, 0,
			`"excludedRequestDomains":["auth.provider.example","api.provider.example","` + extensionID + `.chromiumapp.org"]`, ""},
		{"a rule on an extension host", []string{"netrules", "--extension-id", extensionID, "--extension-host", "ads.example.net", everySite}, 1, "",
			"error netrules/own-requests: rule 1: urlFilter names ads.example.net, a host the extension itself uses"},
		{"bad extension host", []string{"netrules", "--extension-id", extensionID, "--extension-host", "Auth.Provider.example", everySite}, 2, "", `extension host "Auth.Provider.example" is not a host name as a browser spells it: write auth.provider.example`},
		{"bad id", []string{"netrules", "--extension-id", "nope", everySite}, 2, "", "not an extension id"},
		{"no rules", []string{"netrules", noRules}, 2, "", "has no rules.json"},
		{"no folder", []string{"netrules", filepath.Join(noRules, "nope")}, 2, "", "nope does not exist"},
		{"schema rules", []string{"schema", "rules"}, 0, `"$id": "https://raw.githubusercontent.com/remixlet/remixlet/main/netrules/rules.schema.json"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) || (tc.code != 0 && out != "") {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s\nwant stdout containing %q, stderr containing %q", code, tc.code, out, errOut, tc.out, tc.err)
			}
		})
	}
}

// --sanitize writes rules.json less the left-out rules, each kept rule as
// written; linting the result with it in place finds nothing to leave out.
func TestNetrulesSanitize(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		"manifest.json": `{"name": "Old", "api": "1.0.1", "matches": ["https://own.example.com/*"], "permissions": [` + netrulesPerm + `]}`,
		"rules.json":    "[\n  " + blockRule + ",\n  " + badRedirect + "\n]\n",
	})
	out := filepath.Join(t.TempDir(), "rules.json")
	code, _, errOut := run(t, "netrules", "--sanitize", out, dir)
	if code != 0 || !strings.Contains(errOut, "1 rule kept, 1 left out") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[\n  " + blockRule + "\n]\n"; string(data) != want {
		t.Errorf("sanitized:\n%s\nwant:\n%s", data, want)
	}
	var rules []any
	if err := json.Unmarshal(data, &rules); err != nil || len(rules) != 1 {
		t.Errorf("not one rule of JSON: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rules.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, "netrules", dir); code != 0 || strings.Contains(errOut, "left out rule") {
		t.Errorf("after sanitizing: exit %d, stderr %s", code, errOut)
	}
}
