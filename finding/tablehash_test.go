package finding

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"testing"
)

func TestTableDigestCoversEveryField(t *testing.T) {
	base := Rule{ID: "js/a", Severity: Error, Title: "t", Why: "w", Fix: "f"}
	other := Rule{ID: "js/b", Severity: Warning, Title: "t2", Why: "w2", Fix: "f2"}
	want := tableDigest([]*Rule{&base, &other})
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(want) {
		t.Fatalf("digest %q is not 64 hex digits", want)
	}
	if again := tableDigest([]*Rule{&base, &other}); again != want {
		t.Fatalf("the same table gave %s and %s", want, again)
	}
	for name, change := range map[string]func(*Rule){
		"id":       func(r *Rule) { r.ID = "js/c" },
		"severity": func(r *Rule) { r.Severity = Warning },
		"title":    func(r *Rule) { r.Title += "." },
		"why":      func(r *Rule) { r.Why += "." },
		"fix":      func(r *Rule) { r.Fix += "." },
		// Moving text from one field to the next must not collide.
		"boundary": func(r *Rule) { r.Title, r.Why = "tw", "" },
	} {
		changed := base
		change(&changed)
		if got := tableDigest([]*Rule{&changed, &other}); got == want {
			t.Errorf("changing the %s left the digest unchanged", name)
		}
	}
	if got := tableDigest([]*Rule{&base}); got == want {
		t.Error("dropping a rule left the digest unchanged")
	}
}

func TestTableDigestOfTheRegistry(t *testing.T) {
	if got, want := TableDigest(), tableDigest(Rules()); got != want {
		t.Errorf("TableDigest() = %s, want the digest of Rules(), %s", got, want)
	}
}

// TestTableDigestIsTheJSONs: the digest is the SHA-256 of the table
// encoded by encoding/json, strings that need escapes included.
func TestTableDigestIsTheJSONs(t *testing.T) {
	rules := Rules()
	odd := Rule{ID: "js/odd", Severity: Warning, Title: `a "quoted" <b> & é`, Why: "tab\there\nline", Fix: "U+2028 \u2028, \\ and \x7f"}
	rules = append(rules, &odd)
	rows := make([][5]string, len(rules))
	for i, r := range rules {
		rows[i] = [5]string{r.ID, r.Severity.String(), r.Title, r.Why, r.Fix}
	}
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got, want := tableDigest(rules), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("digest %s, the table's JSON hashes to %s", got, want)
	}
	if got, want := tableDigest(nil), hex.EncodeToString(func() []byte { s := sha256.Sum256([]byte("[]")); return s[:] }()); got != want {
		t.Errorf("empty table: %s, want %s", got, want)
	}
}
