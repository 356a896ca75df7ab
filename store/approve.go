package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
)

// ApproveRequest is what an approval is issued for: the outcome of the
// activation decision for these files against the running version.
type ApproveRequest struct {
	Remixlet    string
	Digest      string   // of the approved files
	Permissions []string // the new manifest's permissions, all held or allowed
	// Running is the version the decision was made against, nil for a new
	// remixlet. Approve refuses when another version is running by then.
	Running *Version
}

// ErrRunningChanged is returned by Approve when the running version is no
// longer the one the decision was made against.
var ErrRunningChanged = errors.New("another version was stored while approving: run the approval again")

// pruneAfter is how long an unused, expired approval is kept so that
// presenting it says "expired" rather than "unknown".
const pruneAfter = 24 * time.Hour

// Approve records an approval and returns its token, which is printed once
// and never stored.
func (s *Store) Approve(req ApproveRequest) (string, *Approval, error) {
	if err := CheckID(req.Remixlet); err != nil {
		return "", nil, err
	}
	token, err := newToken()
	if err != nil {
		return "", nil, err
	}
	now := s.now().UTC()
	a := &Approval{
		Key: Key(token), Remixlet: req.Remixlet, Digest: req.Digest,
		Permissions: append([]string{}, req.Permissions...),
		IssuedAt:    now, ExpiresAt: now.Add(Lifetime),
	}
	if req.Running != nil {
		a.Running, a.RunningDigest = req.Running.Number, req.Running.Digest
	}
	if err := a.check(a.Key); err != nil {
		return "", nil, fmt.Errorf("cannot approve: %v", err)
	}
	err = s.run(true, func(tx *bolt.Tx) error {
		cur, err := s.current(tx, req.Remixlet)
		if err != nil {
			return err
		}
		if !sameVersion(cur, a.Running, a.RunningDigest) {
			return ErrRunningChanged
		}
		if err := s.prune(tx, now); err != nil {
			return err
		}
		return putApproval(tx, a)
	})
	if err != nil {
		return "", nil, err
	}
	return token, a, nil
}

func sameVersion(cur *Version, number int, digest string) bool {
	if cur == nil {
		return number == 0
	}
	return cur.Number == number && cur.Digest == digest
}

func putApproval(tx *bolt.Tx, a *Approval) error {
	data, err := encodeRecord(a)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketApprovals).Put([]byte(a.Key), data)
}

// prune drops approvals that were never used and expired more than a day
// ago. Used approvals stay: stored versions name them.
func (s *Store) prune(tx *bolt.Tx, now time.Time) error {
	b := tx.Bucket(bucketApprovals)
	var drop [][]byte
	err := b.ForEach(func(k, v []byte) error {
		a, err := decodeApproval(string(k), v)
		if err != nil {
			return s.damaged(err)
		}
		if a.Used == nil && now.Sub(a.ExpiresAt) > pruneAfter {
			drop = append(drop, slices.Clone(k))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range drop {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// ActivateRequest is one activation attempt.
type ActivateRequest struct {
	Token string
	// Remixlet is the remixlet the caller means to change; "" takes the
	// approval's.
	Remixlet string
	Digest   string // of Files, computed from the checked bytes
	Files    []analysis.File
	// Permissions are the manifest's permissions as checked.
	Permissions []string
	// Refused are the error findings of today's checks on the files; any
	// refuses the activation.
	Refused []finding.Finding
}

// Refusal is an activation the approval checks refused.
type Refusal struct {
	Finding finding.Finding
}

func (r *Refusal) Error() string { return r.Finding.String() }

func refusal(rule *finding.Rule, format string, args ...any) *Refusal {
	return &Refusal{Finding: finding.New(rule, "", finding.Position{}, format, args...)}
}

// Activate checks the approval and the files and, in the same transaction,
// uses the approval up and stores the files as the remixlet's next
// version. Any attempt that finds the approval unused uses it up, even a
// refused one: an approval allows one attempt, so a token cannot be tried
// against other files. A refusal is returned as a *Refusal.
func (s *Store) Activate(req ActivateRequest) (*Version, error) {
	if !isToken(req.Token) {
		return nil, refusal(RuleUnknown, "%q is not an approval token: give the 32 hex digits `remixlet approve` prints on its last line", req.Token)
	}
	key := Key(req.Token)
	var stored *Version
	var refused *Refusal
	err := s.run(true, func(tx *bolt.Tx) error {
		data := tx.Bucket(bucketApprovals).Get([]byte(key))
		if data == nil {
			refused = refusal(RuleUnknown, "no approval has this token: approve the files with `remixlet approve DIR --id ID` and use the token it prints")
			return nil
		}
		a, err := decodeApproval(key, data)
		if err != nil {
			return s.damaged(err)
		}
		if a.Used != nil {
			what := fmt.Sprintf("it activated version %d of %s", a.Used.Version, a.Remixlet)
			if a.Used.Version == 0 {
				what = "that attempt was refused (" + a.Used.Refusal + ")"
			}
			refused = refusal(RuleUsed, "this approval was used at %s and %s: an approval allows one activation; approve the files again", stamp(a.Used.At), what)
			return nil
		}
		now := s.now().UTC()
		a.Used = &Use{At: now}
		stored, refused, err = s.activate(tx, a, req, now)
		if err != nil {
			return err
		}
		if refused != nil {
			a.Used.Refusal = refused.Finding.Rule
		} else {
			a.Used.Version = stored.Number
		}
		return putApproval(tx, a)
	})
	switch {
	case err != nil:
		return nil, err
	case refused != nil:
		return nil, refused
	}
	return stored, nil
}

// activate runs the checks on an approval that was unused, in order of
// what the person most needs to know, and stores the version.
func (s *Store) activate(tx *bolt.Tx, a *Approval, req ActivateRequest, now time.Time) (*Version, *Refusal, error) {
	switch {
	case now.Before(a.IssuedAt):
		return nil, refusal(RuleIssuedInFuture, "the approval was issued at %s, after the current time %s: the clock went backwards, so its age is unknown; fix the clock and approve again", stamp(a.IssuedAt), stamp(now)), nil
	case !now.Before(a.ExpiresAt):
		return nil, refusal(RuleExpired, "the approval expired at %s (it lasts %v from %s): approve the files again", stamp(a.ExpiresAt), Lifetime, stamp(a.IssuedAt)), nil
	case req.Remixlet != "" && req.Remixlet != a.Remixlet:
		return nil, refusal(RuleOtherRemixlet, "the approval is for %s, not %s: approve the files for %s", a.Remixlet, req.Remixlet, req.Remixlet), nil
	case req.Digest != a.Digest:
		return nil, refusal(RuleDigestMismatch, "the files' digest is %s, the approval is for %s: these are not the files that were approved, and the approval is now used up; approve the files as they are now", req.Digest, a.Digest), nil
	case len(req.Refused) > 0:
		return nil, refusal(RuleRefused, "the files do not pass today's checks (%s): fix them, then approve again", req.Refused[0]), nil
	}
	cur, err := s.current(tx, a.Remixlet)
	if err != nil {
		return nil, nil, err
	}
	if !sameVersion(cur, a.Running, a.RunningDigest) {
		was := "no version"
		if a.Running > 0 {
			was = fmt.Sprintf("version %d", a.Running)
		}
		now := "none"
		if cur != nil {
			now = fmt.Sprintf("version %d", cur.Number)
		}
		return nil, refusal(RuleRunningChanged, "the approval was decided against %s of %s, and %s runs now: approve the files again against it", was, a.Remixlet, now), nil
	}
	var running []string
	if cur != nil {
		running = runningPermissions(cur)
	}
	var beyond []string
	for _, p := range req.Permissions {
		if !slices.Contains(a.Permissions, p) && !slices.Contains(running, p) {
			beyond = append(beyond, p)
		}
	}
	if len(beyond) > 0 {
		return nil, refusal(RulePermissionNotApproved, "the manifest asks for %s, beyond the approved permissions and the running version's: allow it in the chat, then approve again", strings.Join(beyond, ", ")), nil
	}
	v := &Version{Remixlet: a.Remixlet, Number: 1, Time: now, Digest: req.Digest, Approval: a.Key, Files: req.Files}
	if cur != nil {
		v.Number = cur.Number + 1
	}
	if err := putVersion(tx, v); err != nil {
		return nil, nil, err
	}
	return v, nil, nil
}

// runningPermissions reads a stored version's permissions from its
// manifest, the record of what was approved. A manifest that no longer
// parses holds nothing.
func runningPermissions(v *Version) []string {
	for _, f := range v.Files {
		if f.Name != manifest.FileName {
			continue
		}
		m, _ := manifest.Parse(f.Data)
		if m == nil {
			return nil
		}
		var names []string
		for _, p := range m.Permissions {
			names = append(names, p.Name)
		}
		return names
	}
	return nil
}

// Restore stores version number of a remixlet again as its newest
// version. wantDigest is the digest of the files the caller re-checked;
// Restore refuses if the stored version is not those files.
func (s *Store) Restore(id string, number int, wantDigest string) (*Version, error) {
	var v *Version
	err := s.run(true, func(tx *bolt.Tx) error {
		b := versions(tx, id)
		if b == nil || number < 1 || b.Bucket(versionKey(number)) == nil {
			return ErrNoVersion
		}
		old, err := s.readVersion(id, versionKey(number), b.Bucket(versionKey(number)))
		if err != nil {
			return err
		}
		if old.Digest != wantDigest {
			return fmt.Errorf("version %d of %s is not the files that were checked (%s, checked %s)", number, id, old.Digest, wantDigest)
		}
		cur, err := s.current(tx, id)
		if err != nil {
			return err
		}
		v = &Version{Remixlet: id, Number: cur.Number + 1, Time: s.now().UTC(), Digest: old.Digest, RestoredFrom: number, Files: old.Files}
		return putVersion(tx, v)
	})
	return v, err
}

// Verify reads every record of the store and checks them together: each
// approval and version decodes and checks, each version's files match its
// digest, and each version made by an approval names one that is used,
// by that version, for those files. It is what a person runs after a
// crash, and what the kill test runs after every kill.
func (s *Store) Verify() error {
	err := s.run(false, func(tx *bolt.Tx) error {
		approvals := map[string]*Approval{}
		err := tx.Bucket(bucketApprovals).ForEach(func(k, v []byte) error {
			a, err := decodeApproval(string(k), v)
			if err != nil {
				return s.damaged(err)
			}
			approvals[a.Key] = a
			return nil
		})
		if err != nil {
			return err
		}
		return tx.Bucket(bucketRemixlets).ForEach(func(id, v []byte) error {
			b := tx.Bucket(bucketRemixlets).Bucket(id)
			if v != nil || b == nil || CheckID(string(id)) != nil {
				return s.damaged(fmt.Errorf("remixlet %q is not a bucket of versions", id))
			}
			want := 1
			return b.ForEach(func(k, _ []byte) error {
				ver, err := s.readVersion(string(id), k, b.Bucket(k))
				if err != nil {
					return err
				}
				if ver.Number != want {
					return s.damaged(fmt.Errorf("%s: version %d follows version %d", id, ver.Number, want-1))
				}
				want++
				if ver.Approval == "" {
					return nil
				}
				a := approvals[ver.Approval]
				switch {
				case a == nil:
					return s.damaged(fmt.Errorf("%s version %d names an approval the store does not have", id, ver.Number))
				case a.Used == nil:
					return s.damaged(fmt.Errorf("%s version %d was stored with an approval that is still unused", id, ver.Number))
				case a.Used.Version != ver.Number || a.Remixlet != ver.Remixlet || a.Digest != ver.Digest:
					return s.damaged(fmt.Errorf("%s version %d and its approval disagree (approval: %s version %d, %s)", id, ver.Number, a.Remixlet, a.Used.Version, a.Digest))
				}
				return nil
			})
		})
	})
	if errors.Is(err, errEmpty) {
		return nil
	}
	return err
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.000 UTC") }

// Approval returns the record of the approval with this token, or nil
// when the store has none.
func (s *Store) Approval(token string) (*Approval, error) {
	var a *Approval
	key := Key(token)
	err := s.run(false, func(tx *bolt.Tx) error {
		data := tx.Bucket(bucketApprovals).Get([]byte(key))
		if data == nil {
			return nil
		}
		var err error
		if a, err = decodeApproval(key, data); err != nil {
			return s.damaged(err)
		}
		return nil
	})
	if errors.Is(err, errEmpty) {
		return nil, nil
	}
	return a, err
}
