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
	"github.com/remixlet/remixlet/internal/safetext"
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

// pruneAfter is how long an approval that stored nothing is kept after it
// expired, so that presenting it says "expired" or "used" rather than
// "unknown".
const pruneAfter = 24 * time.Hour

// Approve records an approval and returns its token, which is printed once
// and never stored. It creates the store when there is none.
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
	err = s.update(true, func(w *writer) error {
		if !sameVersion(w.snap.current(req.Remixlet), a.Running, a.RunningDigest) {
			return ErrRunningChanged
		}
		if err := w.prune(now); err != nil {
			return err
		}
		return w.putApproval(a)
	})
	var after *AfterChangeError
	switch {
	case errors.As(err, &after):
		return token, a, err // recorded, but the disk reported an error after
	case err != nil:
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

// prune drops approvals that stored nothing (unused, or refused) and
// expired more than a day ago. Approvals that stored a version stay: the
// version names them.
func (w *writer) prune(now time.Time) error {
	for _, key := range slices.Sorted(mapKeys(w.snap.approvals)) {
		a := w.snap.approvals[key]
		if (a.Used == nil || a.Used.Version == 0) && now.Sub(a.ExpiresAt) > pruneAfter {
			if err := w.dropApproval(key); err != nil {
				return err
			}
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
	// Refused, when set, is the caller's refusal of the files (today's
	// checks failed): the attempt is refused with it, and the approval is
	// used up like any refused attempt.
	Refused *finding.Finding
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
// against other files. A refusal is returned as a *Refusal. Activate never
// creates a store. When the disk reported an error after the change was
// made, the error is an *AfterChangeError, returned with the stored
// version (or joined to the refusal that was recorded).
func (s *Store) Activate(req ActivateRequest) (*Version, error) {
	if !IsToken(req.Token) {
		return nil, refusal(RuleUnknown, "%q is not an approval token: give the 32 hex digits `remixlet approve` prints", req.Token)
	}
	key := Key(req.Token)
	var stored *Version
	var refused *Refusal
	err := s.update(false, func(w *writer) error {
		a := w.snap.approvals[key]
		if a == nil {
			refused = refusal(RuleUnknown, "the store %s has no approval with this token (it was never issued there, its remixlet was deleted, or it expired more than a day ago): approve the files with `remixlet approve DIR --id ID` and use the token it prints", safetext.Clean(s.Dir))
			return nil
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
		used := *a
		used.Used = &Use{At: now}
		var err error
		stored, refused, err = s.activate(w, &used, req, now)
		if err != nil {
			return err
		}
		if refused != nil {
			used.Used.Refusal = refused.Finding.Rule
		} else {
			used.Used.Version = stored.Number
		}
		return w.putApproval(&used)
	})
	var after *AfterChangeError
	switch {
	case errors.Is(err, errNoStore):
		return nil, refusal(RuleUnknown, "there is no store in %s, so no approval: approve the files with `remixlet approve DIR --id ID --store %s` and use the token it prints", safetext.Clean(s.Dir), safetext.ShellQuote(s.Dir))
	case errors.As(err, &after) && refused != nil:
		return nil, errors.Join(refused, err)
	case errors.As(err, &after):
		return stored, err
	case err != nil:
		return nil, err
	case refused != nil:
		return nil, refused
	}
	return stored, nil
}

// activate runs the checks on an approval that was unused, in order of
// what the person most needs to know, and stores the version.
func (s *Store) activate(w *writer, a *Approval, req ActivateRequest, now time.Time) (*Version, *Refusal, error) {
	switch {
	case now.Before(a.IssuedAt):
		return nil, refusal(RuleIssuedInFuture, "the approval was issued at %s, after the current time %s: the clock went backwards, so its age is unknown; fix the clock and approve again", stamp(a.IssuedAt), stamp(now)), nil
	case !now.Before(a.ExpiresAt):
		return nil, refusal(RuleExpired, "the approval expired at %s (it lasts %v from %s): approve the files again", stamp(a.ExpiresAt), Lifetime, stamp(a.IssuedAt)), nil
	case req.Remixlet != "" && req.Remixlet != a.Remixlet:
		return nil, refusal(RuleOtherRemixlet, "the approval is for %s, not %s: approve the files for %s", a.Remixlet, req.Remixlet, req.Remixlet), nil
	case req.Digest != a.Digest:
		return nil, refusal(RuleDigestMismatch, "the files' digest is %s, the approval is for %s: these are not the files that were approved, and the approval is now used up; approve the files as they are now", req.Digest, a.Digest), nil
	case req.Refused != nil:
		return nil, &Refusal{Finding: *req.Refused}, nil
	}
	cur := w.snap.current(a.Remixlet)
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
		running = Permissions(cur)
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
	v := &Version{Remixlet: a.Remixlet, Time: now, Digest: req.Digest, Approval: a.Key, Files: req.Files}
	if err := w.addVersion(v); err != nil {
		return nil, nil, err
	}
	return v, nil, nil
}

// Permissions reads a stored version's permissions from its manifest,
// the record of what was approved. A manifest that no longer parses holds
// nothing.
func Permissions(v *Version) []string {
	m := Manifest(v)
	if m == nil {
		return nil
	}
	return m.PermissionNames()
}

// Manifest parses a stored version's manifest leniently, for display and
// for its permissions; nil when none parses.
func Manifest(v *Version) *manifest.Manifest {
	for _, f := range v.Files {
		if f.Name == manifest.FileName {
			m, _ := manifest.Parse(f.Data)
			return m
		}
	}
	return nil
}

// Restore stores version number of a remixlet again as its newest
// version. wantDigest is the digest of the files the caller re-checked;
// Restore refuses if the stored version is not those files. A deleted
// remixlet has no versions to restore. An *AfterChangeError comes with
// the version it stored.
func (s *Store) Restore(id string, number int, wantDigest string) (*Version, error) {
	var v *Version
	err := s.update(false, func(w *writer) error {
		vs := w.snap.remixlets[id]
		if number < 1 || number > len(vs) {
			return ErrNoVersion
		}
		old := vs[number-1]
		if old.Digest != wantDigest {
			return fmt.Errorf("version %d of %s is not the files that were checked (%s, checked %s): nothing was restored", number, id, old.Digest, wantDigest)
		}
		v = &Version{Remixlet: id, Time: s.now().UTC(), Digest: old.Digest, RestoredFrom: number, Files: old.Files}
		return w.addVersion(v)
	})
	var after *AfterChangeError
	switch {
	case errors.Is(err, errNoStore):
		return nil, ErrNoVersion
	case err != nil && !errors.As(err, &after):
		return nil, err
	}
	return v, err
}

// Delete removes a remixlet, every version of it, and every approval for
// it, pending or used: an approval issued before the delete can no longer
// activate anything. The database is then rewritten compactly and
// atomically, so none of the remixlet's bytes stay in the store folder.
// It returns how many versions were removed; 0 when there were none, and
// then nothing is written. An *AfterChangeError comes with the count.
func (s *Store) Delete(id string) (int, error) {
	removed := 0
	err := s.run(true, func(_ *bolt.Tx, snap *snapshot) error {
		removed = len(snap.remixlets[id])
		pending := 0
		for _, a := range snap.approvals {
			if a.Remixlet == id {
				pending++
			}
		}
		if removed == 0 && pending == 0 {
			return nil
		}
		delete(snap.remixlets, id)
		for key, a := range snap.approvals {
			if a.Remixlet == id {
				delete(snap.approvals, key)
				delete(snap.sums, key)
			}
		}
		// The old file stays locked until the new one is in its place.
		return s.replace(snap)
	})
	var after *AfterChangeError
	switch {
	case errors.Is(err, errNoStore):
		return 0, nil
	case err != nil && !errors.As(err, &after):
		return 0, err
	}
	return removed, err
}

// Remixlet is one stored remixlet: its id, how many versions it has, and
// the one that runs.
type Remixlet struct {
	ID       string
	Versions int
	Running  *Version
}

// List returns the stored remixlets, by id.
func (s *Store) List() ([]Remixlet, error) {
	var out []Remixlet
	err := s.view(func(snap *snapshot) error {
		for _, id := range snap.ids() {
			out = append(out, Remixlet{ID: id, Versions: len(snap.remixlets[id]), Running: snap.current(id)})
		}
		return nil
	})
	return out, err
}

// Current returns the running (newest) version of a remixlet, or nil when
// the store has none.
func (s *Store) Current(id string) (*Version, error) {
	var cur *Version
	err := s.view(func(snap *snapshot) error {
		cur = snap.current(id)
		return nil
	})
	return cur, err
}

// History returns every version of a remixlet, oldest first. It is empty
// when the remixlet has none.
func (s *Store) History(id string) ([]*Version, error) {
	var out []*Version
	err := s.view(func(snap *snapshot) error {
		out = snap.remixlets[id]
		return nil
	})
	return out, err
}

// ErrNoVersion is returned for a version the store does not have.
var ErrNoVersion = errors.New("no such version")

// Version returns one version of a remixlet.
func (s *Store) Version(id string, number int) (*Version, error) {
	var out *Version
	err := s.view(func(snap *snapshot) error {
		vs := snap.remixlets[id]
		if number < 1 || number > len(vs) {
			return ErrNoVersion
		}
		out = vs[number-1]
		return nil
	})
	return out, err
}

// Verify reads every record of the store and checks them, alone and
// together (see the package documentation). Every command does the same
// before it answers; Verify is that check alone.
func (s *Store) Verify() error {
	return s.view(func(*snapshot) error { return nil })
}

// Approval returns the record of the approval with this token, or nil
// when the store has none.
func (s *Store) Approval(token string) (*Approval, error) {
	var a *Approval
	err := s.view(func(snap *snapshot) error {
		a = snap.approvals[Key(token)]
		return nil
	})
	return a, err
}
