package activation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
)

// version builds a Version from a manifest's matches and permissions and
// any other files.
func version(label string, matches []string, perms []string, files ...string) *Version {
	var ps []string
	for _, p := range perms {
		ps = append(ps, fmt.Sprintf(`{"permission": %q, "reason": "Needed for %s."}`, p, p))
	}
	ms, _ := json.Marshal(matches)
	m := fmt.Sprintf(`{"name": "Test", "api": "1.0.2", "matches": %s, "permissions": [%s]}`, ms, strings.Join(ps, ", "))
	v := &Version{Label: label, Files: []analysis.File{{Name: "manifest.json", Data: []byte(m)}}}
	for i := 0; i+1 < len(files); i += 2 {
		v.Files = append(v.Files, analysis.File{Name: files[i], Data: []byte(files[i+1])})
	}
	return v
}

const (
	rulesA         = `[{"id": 1, "priority": 1, "action": {"type": "block"}, "condition": {"urlFilter": "||t.example^"}}, {"id": 2, "action": {"type": "block"}, "condition": {"urlFilter": "||u.example^"}}]`
	rulesReordered = `[
  {"condition": {"urlFilter": "||u.example^"}, "action": {"type": "block"}, "id": 2.0},
  {"priority": 1, "id": 1, "condition": {"urlFilter": "||t.example^"}, "action": {"type": "block"}}
]`
	rulesChanged = `[{"id": 1, "priority": 2, "action": {"type": "block"}, "condition": {"urlFilter": "||t.example^"}}, {"id": 3, "action": {"type": "block"}, "condition": {"urlFilter": "||v.example^"}}]`
)

func rules(d *Decision) []string {
	var ids []string
	for _, r := range d.Reasons {
		ids = append(ids, r.Rule)
	}
	return ids
}

func TestDecide(t *testing.T) {
	news := []string{"https://news.example.com/*"}
	for _, tc := range []struct {
		name    string
		in      Input
		outcome Outcome
		reasons []string
	}{
		// A new remixlet.
		{"new on the chat's site", Input{New: version("new", news, nil), ChatSite: "https://news.example.com/today"}, Activate, nil},
		{"new on part of the chat's site", Input{New: version("new", []string{"https://news.example.com/sports/*"}, nil), ChatSite: "https://news.example.com/"}, Activate, nil},
		{"new without a chat site", Input{New: version("new", news, nil)}, Ask, []string{"approval/beyond-chat-site"}},
		{"new beyond the chat's host", Input{New: version("new", []string{"https://*.example.com/*"}, nil), ChatSite: "https://news.example.com/"}, Ask, []string{"approval/beyond-chat-site"}},
		{"new on http too", Input{New: version("new", []string{"*://news.example.com/*"}, nil), ChatSite: "https://news.example.com/"}, Ask, []string{"approval/beyond-chat-site"}},
		{"new on every site", Input{New: version("new", []string{"<all_urls>"}, nil), ChatSite: "https://news.example.com/"}, Ask, []string{"approval/every-site"}},
		{"new with a permission not allowed", Input{New: version("new", news, []string{"fetch:api.example.com"}), ChatSite: "https://news.example.com/"}, Refuse, []string{"approval/permission-not-allowed"}},
		{"new with an allowed permission", Input{New: version("new", news, []string{"fetch:api.example.com"}), ChatSite: "https://news.example.com/", Allowed: []string{"fetch:api.example.com"}}, Activate, nil},
		{"new with rules", Input{New: version("new", news, []string{"netrules"}, "rules.json", rulesA), ChatSite: "https://news.example.com/", Allowed: []string{"netrules"}}, Ask, []string{"approval/rules-changed"}},

		// A running version.
		{"code change only", Input{Running: version("old", news, []string{"storage"}, "script.js", "a\n"), New: version("new", news, []string{"storage"}, "script.js", "b\n")}, Activate, nil},
		{"narrower path", Input{Running: version("old", news, nil), New: version("new", []string{"https://news.example.com/sports/*"}, nil)}, Activate, nil},
		{"fewer permissions", Input{Running: version("old", news, []string{"storage", "menu"}), New: version("new", news, []string{"menu"})}, Activate, nil},
		{"subdomains widen", Input{Running: version("old", news, nil), New: version("new", []string{"https://*.example.com/*"}, nil)}, Ask, []string{"approval/new-site"}},
		{"http widens", Input{Running: version("old", news, nil), New: version("new", []string{"*://news.example.com/*"}, nil)}, Ask, []string{"approval/new-site"}},
		{"new host", Input{Running: version("old", news, nil), New: version("new", append(news, "https://mail.example.com/*"), nil)}, Ask, []string{"approval/new-site"}},
		{"every site", Input{Running: version("old", news, nil), New: version("new", []string{"*://*/*"}, nil)}, Ask, []string{"approval/every-site"}},
		{"rewritten but covered", Input{Running: version("old", []string{"http://news.example.com/*", "https://news.example.com/*"}, nil), New: version("new", []string{"*://news.example.com/*"}, nil)}, Activate, nil},
		{"permission added, not allowed", Input{Running: version("old", news, nil), New: version("new", []string{"https://*.example.com/*"}, []string{"clipboard"})}, Refuse, []string{"approval/new-site", "approval/permission-not-allowed"}},
		{"permission added and allowed", Input{Running: version("old", news, nil), New: version("new", news, []string{"clipboard"}), Allowed: []string{"clipboard"}}, Activate, nil},
		{"rules reordered and reformatted", Input{Running: version("old", news, []string{"netrules"}, "rules.json", rulesA), New: version("new", news, []string{"netrules"}, "rules.json", rulesReordered)}, Activate, nil},
		{"rules changed", Input{Running: version("old", news, []string{"netrules"}, "rules.json", rulesA), New: version("new", news, []string{"netrules"}, "rules.json", rulesChanged)}, Ask, []string{"approval/rules-changed"}},
		{"rules removed", Input{Running: version("old", news, []string{"netrules"}, "rules.json", rulesA), New: version("new", news, nil)}, Ask, []string{"approval/rules-changed"}},
		{"rules unreadable", Input{Running: version("old", news, []string{"netrules"}, "rules.json", rulesA), New: version("new", news, []string{"netrules"}, "rules.json", `[{"id": 1,}]`)}, Ask, []string{"approval/rules-changed"}},

		// Moving onto just the chat's site.
		{"moved onto the chat's site", Input{Running: version("old", []string{"https://news.example.com/*", "https://bank.example/*"}, []string{"fetch:bank.example"}), New: version("new", news, []string{"fetch:bank.example"}), ChatSite: "https://news.example.com/"}, Ask, []string{"approval/moved-to-chat-site"}},
		{"moved onto the chat's site without permissions", Input{Running: version("old", []string{"https://news.example.com/*", "https://bank.example/*"}, []string{"storage"}), New: version("new", news, nil), ChatSite: "https://news.example.com/"}, Activate, nil},
		{"narrowed onto another site than the chat's", Input{Running: version("old", []string{"https://news.example.com/*", "https://bank.example/*"}, []string{"fetch:bank.example"}), New: version("new", []string{"https://bank.example/*"}, []string{"fetch:bank.example"}), ChatSite: "https://news.example.com/"}, Activate, nil},
		{"already only on the chat's site", Input{Running: version("old", news, []string{"storage"}), New: version("new", []string{"https://news.example.com/a/*"}, []string{"storage"}), ChatSite: "https://news.example.com/"}, Activate, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Decide(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if d.Outcome != tc.outcome || !slices.Equal(rules(d), tc.reasons) {
				t.Errorf("outcome %v with %v, want %v with %v\n%v", d.Outcome, rules(d), tc.outcome, tc.reasons, d.Reasons)
			}
			for _, r := range d.Reasons {
				if !strings.Contains(r.Message, ": ") || r.File == "" {
					t.Errorf("reason without a file or a way forward: %v", r)
				}
			}
			if (d.Outcome == Ask) != (len(d.Dialog()) > 0) {
				t.Errorf("dialog %q for outcome %v", d.Dialog(), d.Outcome)
			}
		})
	}
}

func TestDecideRefusesUnusableManifests(t *testing.T) {
	bad := &Version{Label: "new", Files: []analysis.File{{Name: "manifest.json", Data: []byte(`{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com"]}`)}}}
	_, err := Decide(Input{New: bad})
	var me *ManifestError
	if !errors.As(err, &me) || len(me.Findings) == 0 || me.Findings[0].Rule != "manifest/match-pattern" {
		t.Fatalf("a manifest with a dropped match pattern: %v", err)
	}
	if _, err := Decide(Input{New: &Version{Label: "empty"}}); !errors.As(err, &me) {
		t.Fatalf("no manifest: %v", err)
	}
	if _, err := Decide(Input{New: version("new", []string{"https://a.example/*"}, nil), Allowed: []string{"fetch:API.example.com"}}); err == nil || !strings.Contains(err.Error(), "fetch:api.example.com") {
		t.Fatalf("a non-canonical --allowed: %v", err)
	}
	if _, err := Decide(Input{New: version("new", []string{"https://a.example/*"}, nil), ChatSite: "file:///etc/passwd"}); err == nil {
		t.Fatal("a file: chat site was accepted")
	}
}

// The dialog is fixed text: the model's reasons never appear in it.
func TestDialogIsFixedText(t *testing.T) {
	in := Input{
		Running: version("old", []string{"https://news.example.com/*"}, []string{"fetch:api.example.com"}),
		New:     version("new", []string{"https://*.example.com/*"}, []string{"fetch:api.example.com", "storage"}),
		Allowed: []string{"storage"},
	}
	d, err := Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	dialog := strings.Join(d.Dialog(), "\n")
	for _, want := range []string{`Allow "Test" to:`, "Run on more sites: https://*.example.com/*", "Send requests to api.example.com, signed in as you", "Store data in this browser", "[Allow and apply]"} {
		if !strings.Contains(dialog, want) {
			t.Errorf("dialog lacks %q:\n%s", want, dialog)
		}
	}
	if strings.Contains(dialog, "Needed for") {
		t.Errorf("the model's reason is in the dialog:\n%s", dialog)
	}
}

func TestWriteTextAndJSON(t *testing.T) {
	in := Input{
		Running: version("old", []string{"https://news.example.com/*"}, []string{"storage", "menu"}, "script.js", "a\nb\nc\n", "rules.json", rulesA),
		New:     version("new", []string{"https://*.example.com/*", "https://news.example.com/sports/*"}, []string{"storage", "fetch:api.example.com", "netrules"}, "script.js", "a\nB\nc\nd\n", "style.css", "x{}\n", "rules.json", rulesChanged),
		Allowed: []string{"netrules"},
	}
	d, err := Decide(in)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := WriteText(&text, d, Labels{Running: "old/", New: "new/", NewDigest: "h1:x"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"running: old/",
		"+ fetch:api.example.com  Send requests to api.example.com, signed in as you",
		`reason: "Needed for fetch:api.example.com."`,
		"- menu  Add commands to the page's menu",
		"+ https://*.example.com/*  reaches further, e.g. https://example.com/",
		"+ https://news.example.com/sports/*  within the sites it ran on",
		"- https://news.example.com/*",
		"Network rules: rules added 3; removed 2; changed 1",
		"script.js: changed: 2 lines added, 1 line removed",
		"style.css: added (1 line)",
		"Decision: refuse (exit 1)",
		"manifest.json:1:",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, d, Labels{Running: "old/", New: "new/"}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Decision string
		ExitCode int
		Reasons  []struct{ Rule string }
		Changes  struct {
			PermissionsAdded []struct{ Permission string }
			SitesAdded       []struct {
				Pattern string
				Widens  bool
			}
			Rules struct{ Added, Removed, Changed []string }
			Files []struct {
				File                     string
				LinesAdded, LinesRemoved int
			}
		}
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Decision != "refuse" || doc.ExitCode != 1 || len(doc.Changes.PermissionsAdded) != 2 || !doc.Changes.SitesAdded[0].Widens ||
		!slices.Equal(doc.Changes.Rules.Changed, []string{"1"}) || doc.Changes.Files[0].LinesAdded != 2 {
		t.Errorf("json output: %+v\n%s", doc, js.String())
	}
}

func TestNormaliseRules(t *testing.T) {
	a, err := NormaliseRules([]byte(rulesA))
	if err != nil {
		t.Fatal(err)
	}
	b, err := NormaliseRules([]byte(rulesReordered))
	if err != nil {
		t.Fatal(err)
	}
	if c := compareRules(a, b); c.Differ() {
		t.Errorf("reordered rules differ: %+v", c)
	}
	for _, bad := range []string{`{}`, `[1]`, `[{"action": {}}]`, `[{"id": 1}, {"id": 1.0}]`, `[{"id": 1, "id": 2}]`, `[{"id": 1} // x
]`} {
		if _, err := NormaliseRules([]byte(bad)); err == nil {
			t.Errorf("NormaliseRules(%s) accepted it", bad)
		}
	}
	c := compareRules(RuleSet{"10": "a", "9": "b", "2": "c"}, RuleSet{"2": "c2", "11": "x", "100": "y"})
	if !slices.Equal(c.Added, []string{"11", "100"}) || !slices.Equal(c.Removed, []string{"9", "10"}) || !slices.Equal(c.Changed, []string{"2"}) {
		t.Errorf("compareRules: %+v", c)
	}
}

// countLineEdits agrees with the textbook longest-common-subsequence
// count on random small files.
func TestCountLineEditsAgainstLCS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	gen := func() []string {
		lines := make([]string, rng.IntN(12))
		for i := range lines {
			lines[i] = string(rune('a' + rng.IntN(4)))
		}
		return lines
	}
	for range 3000 {
		a, b := gen(), gen()
		lcs := make([][]int, len(a)+1)
		for i := range lcs {
			lcs[i] = make([]int, len(b)+1)
		}
		for i := len(a) - 1; i >= 0; i-- {
			for j := len(b) - 1; j >= 0; j-- {
				if a[i] == b[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		added, removed, approx := countLineEdits(a, b)
		if approx || added != len(b)-lcs[0][0] || removed != len(a)-lcs[0][0] {
			t.Fatalf("%q → %q: +%d -%d (approx %v), want +%d -%d", a, b, added, removed, approx, len(b)-lcs[0][0], len(a)-lcs[0][0])
		}
	}
}

func TestCountLineEditsBounded(t *testing.T) {
	var a, b []string
	for i := range 20000 {
		a = append(a, fmt.Sprint("old", i))
		b = append(b, fmt.Sprint("new", i))
	}
	b[5] = "old7"
	added, removed, approx := countLineEdits(a, b)
	if !approx || added != 19999 || removed != 19999 {
		t.Errorf("+%d -%d approx %v", added, removed, approx)
	}
	if got := splitLines([]byte("a\r\nb\rc\n\nd")); !slices.Equal(got, []string{"a", "b", "c", "", "d"}) {
		t.Errorf("splitLines: %q", got)
	}
}
