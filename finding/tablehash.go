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
	// The document is hashed as it is written, each plain string (no byte
	// JSON escapes) copied as it is, the rest encoded by encoding/json.
	h := sha256.New()
	buf := make([]byte, 0, 4096)
	buf = append(buf, '[')
	for i, r := range rules {
		if i > 0 {
			buf = append(buf, ',')
		}
		for j, field := range [5]string{r.ID, r.Severity.String(), r.Title, r.Why, r.Fix} {
			if j == 0 {
				buf = append(buf, '[')
			} else {
				buf = append(buf, ',')
			}
			buf = appendJSONString(buf, field)
		}
		buf = append(buf, ']')
		h.Write(buf)
		buf = buf[:0]
	}
	h.Write(append(buf, ']'))
	return hex.EncodeToString(h.Sum(nil))
}

// jsonEscapes are the bytes encoding/json does not write as they are in a
// string (it escapes HTML's <, > and &, and checks every non-ASCII byte).
var jsonEscapes = func() (set [256]bool) {
	for c := range 256 {
		set[c] = c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= 0x80
	}
	return set
}()

// appendJSONString appends s as encoding/json encodes a string.
func appendJSONString(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if jsonEscapes[s[i]] {
			enc, err := json.Marshal(s)
			if err != nil {
				panic("finding: the rule table cannot be encoded: " + err.Error()) // strings always encode
			}
			return append(buf, enc...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}
