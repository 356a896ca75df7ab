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

// applyHunks rebuilds the new file from the old one and the hunks, as a
// patch tool does: the hunks must be a correct edit.
func applyHunks(t *testing.T, old []string, hunks []Hunk) []string {
	t.Helper()
	var out []string
	next := 0 // the next old line (0-based) not yet copied
	for _, h := range hunks {
		start := h.OldStart - 1
		if h.OldLines == 0 {
			start = h.OldStart
		}
		if start < next || start > len(old) {
			t.Fatalf("hunk %+v starts at old line %d, before %d or past the end", h, start+1, next+1)
		}
		out = append(out, old[next:start]...)
		next = start
		for _, l := range h.Lines {
			switch l[0] {
			case ' ', '-':
				if next >= len(old) || old[next] != l[1:] {
					t.Fatalf("hunk %+v: line %q is not old line %d", h, l, next+1)
				}
				next++
				if l[0] == ' ' {
					out = append(out, l[1:])
				}
			case '+':
				out = append(out, l[1:])
			}
		}
	}
	return append(out, old[next:]...)
}

// The hunks are a correct edit (applied to the old file they give the new
// one), and on small files the shortest: their counts agree with the
// textbook longest-common-subsequence count.
func TestHunksAgainstLCS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	gen := func() []string {
		lines := make([]string, rng.IntN(12))
		for i := range lines {
			lines[i] = string(rune('a' + rng.IntN(4)))
		}
		return lines
	}
	text := func(lines []string) []byte { return []byte(joinLines(lines)) }
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
		c := compareText("script.js", text(a), text(b), true, true)
		if got := applyHunks(t, a, c.Hunks); !slices.Equal(got, b) {
			t.Fatalf("%q → %q: the hunks give %q", a, b, got)
		}
		if slices.Equal(a, b) {
			continue
		}
		if c.Added != len(b)-lcs[0][0] || c.Removed != len(a)-lcs[0][0] {
			t.Fatalf("%q → %q: +%d -%d, want +%d -%d", a, b, c.Added, c.Removed, len(b)-lcs[0][0], len(a)-lcs[0][0])
		}
	}
}

// Two large files that share nothing are compared in bounded time, and the
// hunks are still a correct edit; a file added or removed is one hunk; line
// breaks alone are said as such.
func TestHunksLargeAndEdges(t *testing.T) {
	var a, b []string
	for i := range 20000 {
		a = append(a, fmt.Sprint("old", i))
		b = append(b, fmt.Sprint("new", i))
	}
	b[5] = "old7"
	c := compareText("script.js", []byte(joinLines(a)), []byte(joinLines(b)), true, true)
	if got := applyHunks(t, a, c.Hunks); !slices.Equal(got, b) {
		t.Error("the hunks of two large files do not rebuild the new one")
	}
	added := compareText("script.js", nil, []byte("x\ny\n"), false, true)
	if added.Status != "added" || added.Added != 2 || len(added.Hunks) != 1 || !slices.Equal(added.Hunks[0].Lines, []string{"+x", "+y"}) || added.Hunks[0].OldStart != 0 {
		t.Errorf("added file: %+v", added)
	}
	crlf := compareText("script.js", []byte("a\r\nb\r\n"), []byte("a\nb\n"), true, true)
	if crlf.Status != "changed" || !crlf.LineBreaksOnly || len(crlf.Hunks) != 0 || summariseLines(crlf) != "changed: only how its lines end" {
		t.Errorf("line breaks only: %+v", crlf)
	}
	if got := splitLines([]byte("a\r\nb\rc\n\nd")); !slices.Equal(got, []string{"a", "b", "c", "", "d"}) {
		t.Errorf("splitLines: %q", got)
	}
}

// Rules that change are said in words, in the text output and in the
// dialog after the fixed permission rows: what each added rule does, what a
// removed one did, and a changed one now and before.
func TestRuleChangesInWords(t *testing.T) {
	news := []string{"https://news.example.com/*"}
	d, err := Decide(Input{
		Running: version("old", news, []string{"netrules"}, "rules.json", rulesA),
		New:     version("new", news, []string{"netrules"}, "rules.json", rulesChanged),
	})
	if err != nil {
		t.Fatal(err)
	}
	on := ", made by pages on news.example.com (and subdomains)"
	want := []RuleWords{
		{ID: "3", Change: "added", Words: "Blocks requests to v.example (and subdomains)" + on},
		{ID: "2", Change: "removed", Was: "Blocks requests to u.example (and subdomains)" + on},
		{ID: "1", Change: "changed", Words: "Blocks requests to t.example (and subdomains)" + on + ", at priority 2", Was: "Blocks requests to t.example (and subdomains)" + on},
	}
	if got := d.Changes.Rules.Words; !slices.Equal(got, want) {
		t.Errorf("words:\n got %+v\nwant %+v", got, want)
	}
	dialog := strings.Join(d.Dialog(), "\n")
	for _, line := range []string{
		"Its network rules change:",
		"  • New: Blocks requests to v.example (and subdomains)" + on,
		"  • No longer: Blocks requests to u.example (and subdomains)" + on,
		"  • Changed: Blocks requests to t.example (and subdomains)" + on + ", at priority 2 (before: Blocks requests to t.example",
	} {
		if !strings.Contains(dialog, line) {
			t.Errorf("the dialog lacks %q:\n%s", line, dialog)
		}
	}
	if i, j := strings.Index(dialog, "With these permissions:"), strings.Index(dialog, "Its network rules change:"); i < 0 || j < i {
		t.Errorf("the rules must come after the fixed permission rows:\n%s", dialog)
	}
	var text bytes.Buffer
	if err := WriteText(&text, d, Labels{Running: "old", New: "new"}); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"    + rule 3: Blocks requests to v.example (and subdomains)" + on,
		"    - rule 2: no longer: Blocks requests to u.example (and subdomains)" + on,
		"    ~ rule 1: now: Blocks requests to t.example (and subdomains)" + on + ", at priority 2",
		"        was: Blocks requests to t.example (and subdomains)" + on,
	} {
		if !strings.Contains(text.String(), line+"\n") {
			t.Errorf("the text output lacks %q:\n%s", line, text.String())
		}
	}
}

// The code that changed is shown as a unified diff after the decision,
// with file contents shown as data (a control character as an escape).
func TestCodeHunksInText(t *testing.T) {
	news := []string{"https://news.example.com/*"}
	d, err := Decide(Input{
		Running: version("old", news, nil, "script.js", "a\nb\nc\n"),
		New:     version("new", news, nil, "script.js", "a\nB\x1b[2J\nc\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := WriteText(&text, d, Labels{Running: "old", New: "new"}); err != nil {
		t.Fatal(err)
	}
	want := "\nCode:\n--- old/script.js\n+++ new/script.js\n@@ -1,3 +1,3 @@\n a\n-b\n+B\\u001B[2J\n c\n"
	if !strings.HasSuffix(text.String(), want) {
		t.Errorf("the text output does not end with the hunk %q:\n%s", want, text.String())
	}
}

// History compares each version with the one before: a first version's
// rules are all added, in words.
func TestCompareFirstVersionRulesInWords(t *testing.T) {
	c, err := Compare(nil, version("v1", []string{"https://news.example.com/*"}, []string{"netrules"}, "rules.json", rulesA))
	if err != nil {
		t.Fatal(err)
	}
	lines := c.Rules.Lines()
	want := []string{
		"+ rule 1: Blocks requests to t.example (and subdomains), made by pages on news.example.com (and subdomains)",
		"+ rule 2: Blocks requests to u.example (and subdomains), made by pages on news.example.com (and subdomains)",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("got %q, want %q", lines, want)
	}
}
