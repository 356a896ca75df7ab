package yardstick

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// updateRatchet rewrites a ratchet file to today's failures, keeping the
// reasons already written for the cases still listed.
var updateRatchet = flag.Bool("ratchet", false, "rewrite the ratchet files in testdata to today's failures")

// ratchet is a list of the cases a measure gets wrong today, one a line:
// KIND NAME: REASON. The test fails on a failure not listed, and on a
// listed case that no longer fails, so the list only shrinks.
type ratchet struct {
	path    string
	entries map[string]string // kind+" "+name → reason
	order   []string
}

func readRatchet(t testing.TB, path string) *ratchet {
	t.Helper()
	r := &ratchet{path: path, entries: map[string]string{}}
	data, err := os.ReadFile(path)
	if err != nil && !(os.IsNotExist(err) && *updateRatchet) {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, ok := strings.Cut(line, ": ")
		if !ok || len(strings.Fields(key)) != 2 || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s:%d: want KIND NAME: REASON", path, i+1)
		}
		if _, dup := r.entries[key]; dup {
			t.Fatalf("%s:%d: %s listed twice", path, i+1, key)
		}
		r.entries[key] = reason
		r.order = append(r.order, key)
	}
	return r
}

// failure is one case a measure gets wrong, with a reason for the list.
type failure struct {
	kind, name, reason string
}

// check compares today's failures with the list: it reports a failure
// not listed and a listed case that now succeeds (known holds the cases
// the run judged: a listed name no longer in the corpus is reported too).
// With -ratchet it writes today's list instead.
func (r *ratchet) check(t *testing.T, header string, judged map[string]bool, failures []failure) {
	t.Helper()
	now := map[string]failure{}
	for _, f := range failures {
		now[f.kind+" "+f.name] = f
	}
	if *updateRatchet {
		var lines []string
		for key, f := range now {
			reason := r.entries[key]
			if reason == "" {
				reason = f.reason
			}
			lines = append(lines, key+": "+oneLine(reason))
		}
		slices.Sort(lines)
		out := header + strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(r.path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d entries", r.path, len(lines))
		return
	}
	for _, key := range sortedKeys(now) {
		if _, listed := r.entries[key]; !listed {
			t.Errorf("%s: %s (not in %s; fix the lint, or run the test with -ratchet only if this is a case the lint cannot get right yet)", key, now[key].reason, r.path)
		}
	}
	for _, key := range r.order {
		_, name, _ := strings.Cut(key, " ")
		switch {
		case !judged[name]:
			t.Errorf("%s: listed in %s but no such case was judged: remove it", key, r.path)
		case now[key] == (failure{}):
			t.Errorf("%s: listed in %s, and today it is not so (fixed, or changed to what another line says): take it off the list (-ratchet rewrites it)", key, r.path)
		}
	}
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// percent is n of total as a share, for the figures.
func percent(n, total int) string {
	if total == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}
