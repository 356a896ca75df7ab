package scriptlint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// everyPermission lets the over-blocking corpus use every service: a
// finding in script.js is then the lint refusing code it should accept.
const everyPermission = `{
  "name": "Over-blocking corpus",
  "api": "1.0.2",
  "matches": ["https://news.example.com/*"],
  "permissions": [
    {"permission": "storage", "reason": "Remember settings."},
    {"permission": "clipboard", "reason": "Copy links."},
    {"permission": "notifications", "reason": "Say when something changed."},
    {"permission": "menu", "reason": "Offer commands."},
    {"permission": "schedule", "reason": "Remind the reader."},
    {"permission": "fetch:api.example.com", "reason": "Read the saved list."},
    {"permission": "network:observe:prices.example.com", "reason": "Read the prices the page loads."}
  ]
}
`

// TestOverBlockingCorpus lints realistic remixlet scripts (hiding and
// rewriting, state, menus, schedules, fetch on a declared host, classes,
// async code, generators, Intl, URL, JSON, lookup tables, timers): each
// must lint without a single finding in script.js.
func TestOverBlockingCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/overblocking/*.js")
	if err != nil || len(files) < 40 {
		t.Fatalf("want at least 40 scripts in testdata/overblocking, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".js"), func(t *testing.T) {
			for _, f := range lintScript(t, everyPermission, string(src)) {
				t.Errorf("%v", f)
			}
		})
	}
	t.Logf("%d realistic scripts lint clean", len(files))
}
