package finding

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// TableDigest identifies the rule table a program runs with: the SHA-256,
// in hex, of every registered rule's id, severity, title, why and fix, in
// id order. Two programs that print the same digest refuse the same things
// for the same reasons, so a CI log that shows it says exactly which checks
// ran. Only the rules of linked packages are registered (see Rules).
func TableDigest() string { return tableDigest(Rules()) }

func tableDigest(rules []*Rule) string {
	// Each rule is one JSON array: the encoding separates the fields
	// unambiguously, and encoding/json writes the same bytes everywhere.
	rows := make([][5]string, len(rules))
	for i, r := range rules {
		rows[i] = [5]string{r.ID, r.Severity.String(), r.Title, r.Why, r.Fix}
	}
	data, err := json.Marshal(rows)
	if err != nil {
		panic("finding: the rule table cannot be encoded: " + err.Error()) // strings always encode
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
