package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/go-json-experiment/json"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/internal/lazyre"
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
	Remixlet string
	Number   int
	Time     time.Time
	Digest   string
	// Approval is the key of the approval that activated it; RestoredFrom
	// is the version it was restored from. Exactly one is set.
	Approval     string
	RestoredFrom int
	Names        []string // the stored files' names, sorted
	// Prev is the checksum of the previous version's record ("" for
	// version 1): the chain that shows a dropped or reordered version.
	Prev  string
	Files []analysis.File
	// raw and sum are the record as stored and its checksum.
	raw []byte
	sum string
}

// versionJSON fixes the JSON names of a version record.
type versionJSON struct {
	Remixlet     string    `json:"remixlet"`
	Number       int       `json:"number"`
	Time         time.Time `json:"time"`
	Digest       string    `json:"digest"`
	Approval     string    `json:"approval,omitempty"`
	RestoredFrom int       `json:"restoredFrom,omitempty"`
	Names        []string  `json:"files"`
	Prev         string    `json:"prev"`
}

// Key returns the store key of a token: its SHA-256 in hex.
func Key(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// isKey reports whether s is an approval key: a SHA-256 in lower-case hex.
func isKey(s string) bool { return isHex(s, 64) }

// IsToken reports whether s has the form of a token: 128 bits in
// lower-case hex.
func IsToken(s string) bool { return isHex(s, 32) }

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

// jsonOptions make encoding canonical and decoding strict: an unknown or
// repeated key is damage.
var jsonOptions = json.JoinOptions(json.RejectUnknownMembers(true), json.Deterministic(true))

// A stored record is its checksum, one space, and its canonical JSON. The
// checksum is the SHA-256 of the format, the record's kind and place, and
// the JSON, so a record copied to another place does not check either.
func recordSum(kind, place string, body []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", format, kind, place)
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// seal encodes a record for its place.
func seal(kind, place string, v any) (data []byte, sum string, err error) {
	body, err := json.Marshal(v, jsonOptions)
	if err != nil {
		return nil, "", err
	}
	sum = recordSum(kind, place, body)
	return append([]byte(sum+" "), body...), sum, nil
}

// unseal checks a stored record's checksum and decodes it strictly.
func unseal(kind, place string, data []byte, v any) (sum string, err error) {
	head, body, ok := bytes.Cut(data, []byte(" "))
	if !ok || !isHex(string(head), 64) {
		return "", fmt.Errorf("the record of %s has no checksum", describePlace(kind, place))
	}
	if recordSum(kind, place, body) != string(head) {
		return "", fmt.Errorf("the record of %s does not match its checksum", describePlace(kind, place))
	}
	if err := json.Unmarshal(body, v, jsonOptions); err != nil {
		return "", fmt.Errorf("the record of %s matches its checksum but cannot be read as one: it was written by something other than remixlet", describePlace(kind, place))
	}
	return string(head), nil
}

func describePlace(kind, place string) string {
	if kind == "approval" {
		return "approval " + shortKey(place)
	}
	return place
}

func shortKey(key string) string {
	if len(key) > 12 {
		return key[:12] + "…"
	}
	return key
}

const (
	kindApproval = "approval"
	kindVersion  = "version"
	kindIndex    = "index"
)

func versionPlace(id string, n int) string { return fmt.Sprintf("%s version %d", id, n) }

// sealApproval encodes an approval for its place in the store.
func sealApproval(a *Approval) ([]byte, error) {
	data, _, err := seal(kindApproval, a.Key, a)
	return data, err
}

// decodeApproval reads and checks an approval record stored under key.
func decodeApproval(key string, data []byte) (*Approval, error) {
	var a Approval
	if _, err := unseal(kindApproval, key, data, &a); err != nil {
		return nil, err
	}
	if err := a.check(key); err != nil {
		return nil, fmt.Errorf("approval %s: %v", shortKey(key), err)
	}
	return &a, nil
}

func (a *Approval) check(key string) error {
	switch {
	case a.Key != key || !isKey(key):
		return fmt.Errorf("stored under %s but names %s", shortKey(key), shortKey(a.Key))
	case CheckID(a.Remixlet) != nil:
		return fmt.Errorf("remixlet id %q is not valid", a.Remixlet)
	case !digest.Valid(a.Digest):
		return fmt.Errorf("digest %q is not an h1: digest", a.Digest)
	case a.Running < 0 || (a.Running == 0) != (a.RunningDigest == "") || (a.RunningDigest != "" && !digest.Valid(a.RunningDigest)):
		return fmt.Errorf("running version %d with digest %q", a.Running, a.RunningDigest)
	case a.IssuedAt.IsZero() || !a.ExpiresAt.Equal(a.IssuedAt.Add(Lifetime)):
		return fmt.Errorf("issued %s, expires %s: an approval lasts exactly %v", stamp(a.IssuedAt), stamp(a.ExpiresAt), Lifetime)
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

// isApprovalRule reports whether id has the form of an approval rule id.
// The form, not the registry: the rule that refused may belong to a
// package this program does not link.
func isApprovalRule(id string) bool {
	name, ok := strings.CutPrefix(id, "approval/")
	return ok && approvalRuleName.MatchString(name)
}

var approvalRuleName = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// sealVersion encodes a version record; it sets v.Names and v.sum.
func sealVersion(v *Version) ([]byte, error) {
	v.Names = v.Names[:0]
	for _, f := range v.Files {
		v.Names = append(v.Names, f.Name)
	}
	slices.Sort(v.Names)
	data, sum, err := seal(kindVersion, versionPlace(v.Remixlet, v.Number), v.jsonForm())
	v.raw, v.sum = data, sum
	return data, err
}

func (v *Version) jsonForm() *versionJSON {
	return &versionJSON{Remixlet: v.Remixlet, Number: v.Number, Time: v.Time, Digest: v.Digest,
		Approval: v.Approval, RestoredFrom: v.RestoredFrom, Names: v.Names, Prev: v.Prev}
}

// decodeVersion reads and checks a version record and its files: the
// record must name exactly the files stored beside it, and their digest
// must be the recorded one.
func decodeVersion(remixlet string, number int, record []byte, files []analysis.File) (*Version, error) {
	var j versionJSON
	where := versionPlace(remixlet, number)
	sum, err := unseal(kindVersion, where, record, &j)
	if err != nil {
		return nil, err
	}
	v := &Version{Remixlet: j.Remixlet, Number: j.Number, Time: j.Time, Digest: j.Digest, Approval: j.Approval,
		RestoredFrom: j.RestoredFrom, Names: j.Names, Prev: j.Prev, raw: record, sum: sum}
	if err := v.check(remixlet, number); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, v.Names) {
		return nil, fmt.Errorf("%s: the record lists the files %s, the store holds %s", where, strings.Join(v.Names, ", "), strings.Join(names, ", "))
	}
	got, err := digest.Files(files)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	if got != v.Digest {
		return nil, fmt.Errorf("%s: the files' digest is %s, the record says %s: the files were changed outside remixlet", where, got, v.Digest)
	}
	v.Files = files
	return v, nil
}

func (v *Version) check(remixlet string, number int) error {
	switch {
	case v.Remixlet != remixlet || v.Number != number:
		return fmt.Errorf("the record is for %s", versionPlace(v.Remixlet, v.Number))
	case v.Time.IsZero():
		return fmt.Errorf("no time")
	case !digest.Valid(v.Digest):
		return fmt.Errorf("digest %q is not an h1: digest", v.Digest)
	case (v.Approval != "") == (v.RestoredFrom != 0):
		return fmt.Errorf("it names both an approval and a version it was restored from, or neither")
	case v.Approval != "" && !isKey(v.Approval):
		return fmt.Errorf("approval %q is not an approval key", v.Approval)
	case v.RestoredFrom < 0 || v.RestoredFrom >= number:
		return fmt.Errorf("restored from version %d", v.RestoredFrom)
	case (number == 1) != (v.Prev == "") || (v.Prev != "" && !isKey(v.Prev)):
		return fmt.Errorf("the link to the version before is %q", v.Prev)
	}
	if !slices.IsSorted(v.Names) || len(slices.Compact(slices.Clone(v.Names))) != len(v.Names) {
		return fmt.Errorf("the file list %s is not sorted and unique", strings.Join(v.Names, ", "))
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

// index is the store's table of contents, one record in the meta bucket:
// how many approvals there are and a checksum over all of them, and for
// each remixlet how many versions it has and the checksum of the newest
// record. A record that disappears, appears or is replaced by an older
// one no longer agrees with it.
type index struct {
	Change       int          `json:"change"` // the store's changes are numbered 1, 2, 3 …
	Approvals    int          `json:"approvals"`
	ApprovalsSum string       `json:"approvalsSum"`
	Remixlets    []indexEntry `json:"remixlets"`
}

type indexEntry struct {
	ID       string `json:"id"`
	Versions int    `json:"versions"`
	Head     string `json:"head"`
}

// approvalsSum is the checksum over every approval record's checksum, in
// key order.
func approvalsSum(sums map[string]string) string {
	keys := make([]string, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s %s\n", k, sums[k])
	}
	return hex.EncodeToString(h.Sum(nil))
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
