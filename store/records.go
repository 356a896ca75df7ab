package store

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"github.com/go-json-experiment/json"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
)

// Lifetime is how long an approval can be used after it is issued.
const Lifetime = 10 * time.Minute

// Approval is the record of one approval. Its key in the store is the
// SHA-256 of the token, so reading the store does not reveal a live token.
type Approval struct {
	Key         string   `json:"key"` // hex SHA-256 of the token
	Remixlet    string   `json:"remixlet"`
	Digest      string   `json:"digest"`      // of the approved files
	Permissions []string `json:"permissions"` // what the approval covers
	// Running and RunningDigest name the version the decision was made
	// against (0 and "" for a new remixlet); activation refuses when
	// another version is running by then.
	Running       int       `json:"running"`
	RunningDigest string    `json:"runningDigest,omitempty"`
	IssuedAt      time.Time `json:"issuedAt"`
	ExpiresAt     time.Time `json:"expiresAt"`
	Used          *Use      `json:"used,omitempty"` // nil while unused
}

// Use records the one activation attempt an approval allows.
type Use struct {
	At      time.Time `json:"at"`
	Version int       `json:"version,omitempty"` // the version it stored; 0 when refused
	Refusal string    `json:"refusal,omitempty"` // the refusal's rule id when refused
}

// Version is one stored version of a remixlet.
type Version struct {
	Remixlet string    `json:"remixlet"`
	Number   int       `json:"number"`
	Time     time.Time `json:"time"`
	Digest   string    `json:"digest"`
	// Approval is the key of the approval that activated it; RestoredFrom
	// is the version it was restored from. Exactly one is set.
	Approval     string          `json:"approval,omitempty"`
	RestoredFrom int             `json:"restoredFrom,omitempty"`
	Names        []string        `json:"files"`
	Files        []analysis.File `json:"-"`
}

// Key returns the store key of a token: its SHA-256 in hex.
func Key(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// isKey reports whether s is an approval key: a SHA-256 in lower-case hex.
func isKey(s string) bool { return isHex(s, 64) }

// isToken reports whether s has the form of a token: 128 bits in
// lower-case hex.
func isToken(s string) bool { return isHex(s, 32) }

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// CheckID checks a remixlet id: 1 to 64 characters of lower-case letters,
// digits, '.', '_' and '-', starting with a letter or digit, so that it is
// safe as a file name and reads the same everywhere.
func CheckID(id string) error {
	ok := len(id) >= 1 && len(id) <= 64
	for i := 0; ok && i < len(id); i++ {
		c := id[i]
		ok = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || i > 0 && (c == '.' || c == '_' || c == '-')
	}
	if !ok {
		return fmt.Errorf("remixlet id %q: use 1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit", id)
	}
	return nil
}

// jsonOptions make decoding strict: an unknown or repeated key is damage.
var jsonOptions = json.JoinOptions(json.RejectUnknownMembers(true), json.Deterministic(true))

func encodeRecord(v any) ([]byte, error) { return json.Marshal(v, jsonOptions) }

// decodeApproval reads and checks an approval record stored under key.
func decodeApproval(key string, data []byte) (*Approval, error) {
	var a Approval
	if err := json.Unmarshal(data, &a, jsonOptions); err != nil {
		return nil, fmt.Errorf("approval record %.12s…: %v", key, err)
	}
	if err := a.check(key); err != nil {
		return nil, fmt.Errorf("approval record %.12s…: %v", key, err)
	}
	return &a, nil
}

func (a *Approval) check(key string) error {
	switch {
	case a.Key != key || !isKey(key):
		return fmt.Errorf("stored under %q but names %q", key, a.Key)
	case CheckID(a.Remixlet) != nil:
		return fmt.Errorf("remixlet id %q is not valid", a.Remixlet)
	case !digest.Valid(a.Digest):
		return fmt.Errorf("digest %q is not an h1: digest", a.Digest)
	case a.Running < 0 || (a.Running == 0) != (a.RunningDigest == "") || (a.RunningDigest != "" && !digest.Valid(a.RunningDigest)):
		return fmt.Errorf("running version %d with digest %q", a.Running, a.RunningDigest)
	case a.IssuedAt.IsZero() || !a.ExpiresAt.Equal(a.IssuedAt.Add(Lifetime)):
		return fmt.Errorf("issued %v, expires %v: an approval lasts exactly %v", a.IssuedAt, a.ExpiresAt, Lifetime)
	}
	if a.Permissions == nil {
		return fmt.Errorf("no permissions list")
	}
	for i, p := range a.Permissions {
		if err := activation.CheckPermission(p); err != nil {
			return err
		}
		if slices.Contains(a.Permissions[:i], p) {
			return fmt.Errorf("permission %s listed twice", p)
		}
	}
	if u := a.Used; u != nil {
		switch {
		case u.At.IsZero():
			return fmt.Errorf("used at no time")
		case u.Version < 0 || (u.Version > 0) == (u.Refusal != ""):
			return fmt.Errorf("used for version %d with refusal %q: exactly one is set", u.Version, u.Refusal)
		case u.Refusal != "" && !isApprovalRule(u.Refusal):
			return fmt.Errorf("refusal %q is not an approval rule", u.Refusal)
		}
	}
	return nil
}

func isApprovalRule(id string) bool {
	r, ok := finding.Lookup(id)
	return ok && r.Severity == finding.Error && len(id) > len("approval/") && id[:len("approval/")] == "approval/"
}

// decodeVersion reads and checks a version record and its files: the
// record must name exactly the files stored beside it, and their digest
// must be the recorded one.
func decodeVersion(remixlet string, number int, record []byte, files []analysis.File) (*Version, error) {
	var v Version
	where := fmt.Sprintf("%s version %d", remixlet, number)
	if err := json.Unmarshal(record, &v, jsonOptions); err != nil {
		return nil, fmt.Errorf("%s: record: %v", where, err)
	}
	if err := v.check(remixlet, number); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, v.Names) {
		return nil, fmt.Errorf("%s: the record lists the files %q, the store holds %q", where, v.Names, names)
	}
	sum, err := digest.Files(files)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	if sum != v.Digest {
		return nil, fmt.Errorf("%s: the files' digest is %s, the record says %s: the files were changed outside remixlet", where, sum, v.Digest)
	}
	v.Files = files
	return &v, nil
}

func (v *Version) check(remixlet string, number int) error {
	switch {
	case v.Remixlet != remixlet || v.Number != number:
		return fmt.Errorf("the record is for %s version %d", v.Remixlet, v.Number)
	case v.Time.IsZero():
		return fmt.Errorf("no time")
	case !digest.Valid(v.Digest):
		return fmt.Errorf("digest %q is not an h1: digest", v.Digest)
	case (v.Approval != "") == (v.RestoredFrom != 0):
		return fmt.Errorf("approval %q and restored-from %d: exactly one is set", v.Approval, v.RestoredFrom)
	case v.Approval != "" && !isKey(v.Approval):
		return fmt.Errorf("approval %q is not an approval key", v.Approval)
	case v.RestoredFrom < 0 || v.RestoredFrom >= number:
		return fmt.Errorf("restored from version %d", v.RestoredFrom)
	}
	if !slices.IsSorted(v.Names) || len(slices.Compact(slices.Clone(v.Names))) != len(v.Names) {
		return fmt.Errorf("file list %q is not sorted and unique", v.Names)
	}
	hasManifest := false
	for _, name := range v.Names {
		known := false
		for _, sf := range analysis.StoredFiles {
			known = known || sf.Name == name
		}
		if !known {
			return fmt.Errorf("%q is not a stored-form file", name)
		}
		hasManifest = hasManifest || name == "manifest.json"
	}
	if !hasManifest {
		return fmt.Errorf("no manifest.json")
	}
	return nil
}
