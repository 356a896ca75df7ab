package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
)

// clock is an injected clock: tests move it, nothing sleeps.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)} }
func newStore(t *testing.T, c *clock) *Store {
	return New(t.TempDir(), Options{Now: c.now, Timeout: time.Second})
}

// ruleTestRefused stands for the refusal the approval package makes when
// today's checks refuse the files.
var ruleTestRefused = finding.Register(finding.Rule{ID: "approval/test-refused", Title: "Refused by the caller's checks", Severity: finding.Error, Why: "For the tests.", Fix: "None."})

func files(perms ...string) []analysis.File {
	var ps []string
	for _, p := range perms {
		ps = append(ps, fmt.Sprintf(`{"permission": %q, "reason": "For the test."}`, p))
	}
	m := fmt.Sprintf(`{"name": "T", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [%s]}`, strings.Join(ps, ", "))
	return []analysis.File{{Name: "manifest.json", Data: []byte(m)}, {Name: "script.js", Data: []byte("rmx.keep(() => true)\n" + strings.Join(perms, "\n"))}}
}

// storeLeftovers lists what the store folder holds besides store.db and
// its commit record.
func storeLeftovers(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if e.Name() != FileName && e.Name() != CommitFileName {
			out = append(out, e.Name())
		}
	}
	return out
}

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
	return storeLeftovers(dir)
}

func mustDigest(t *testing.T, fs []analysis.File) string {
	t.Helper()
	d, err := digest.Files(fs)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// approveFiles approves fs for id against the current version.
func approveFiles(t *testing.T, s *Store, id string, fs []analysis.File, perms ...string) string {
	t.Helper()
	cur, err := s.Current(id)
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := s.Approve(ApproveRequest{Remixlet: id, Digest: mustDigest(t, fs), Permissions: perms, Running: cur})
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func activateReq(t *testing.T, token string, fs []analysis.File, perms ...string) ActivateRequest {
	return ActivateRequest{Token: token, Digest: mustDigest(t, fs), Files: fs, Permissions: perms}
}

func wantRefusal(t *testing.T, err error, rule string) {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) || r.Finding.Rule != rule {
		t.Fatalf("got %v, want a refusal %s", err, rule)
	}
	if !strings.Contains(r.Finding.Message, ": ") {
		t.Errorf("refusal without a way forward: %s", r.Finding.Message)
	}
}

func TestApproveActivateReplay(t *testing.T) {
	c := newClock()
	s := newStore(t, c)
	fs := files("storage")
	token := approveFiles(t, s, "hide", fs, "storage")
	if len(token) != 32 {
		t.Fatalf("token %q is not 128 bits in hex", token)
	}
	c.advance(time.Minute)
	v, err := s.Activate(activateReq(t, token, fs, "storage"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Number != 1 || v.Digest != mustDigest(t, fs) || !v.Time.Equal(c.t) {
		t.Fatalf("stored %+v", v)
	}
	_, err = s.Activate(activateReq(t, token, fs, "storage"))
	wantRefusal(t, err, "approval/used")
	if cur, _ := s.Current("hide"); cur.Number != 1 {
		t.Errorf("a replay changed the store: version %d", cur.Number)
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
}

func TestExpiry(t *testing.T) {
	for _, tc := range []struct {
		after time.Duration
		rule  string // "" for success
	}{
		{0, ""},
		{Lifetime - time.Nanosecond, ""},
		{Lifetime, "approval/expired"},
		{Lifetime + time.Hour, "approval/expired"},
		{-time.Nanosecond, "approval/issued-in-future"},
		{-time.Hour, "approval/issued-in-future"},
	} {
		t.Run(tc.after.String(), func(t *testing.T) {
			c := newClock()
			s := newStore(t, c)
			fs := files()
			token := approveFiles(t, s, "x", fs)
			c.advance(tc.after)
			_, err := s.Activate(activateReq(t, token, fs))
			if tc.rule == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantRefusal(t, err, tc.rule)
			// The refused attempt used the approval up.
			c.t = c.t.Add(-tc.after)
			_, err = s.Activate(activateReq(t, token, fs))
			wantRefusal(t, err, "approval/used")
		})
	}
}

func TestRefusalsUseTheApprovalUp(t *testing.T) {
	c := newClock()
	for _, tc := range []struct {
		name string
		req  func(token string, fs []analysis.File) ActivateRequest
		rule string
	}{
		{"digest mismatch", func(token string, _ []analysis.File) ActivateRequest {
			other := files("menu")
			return activateReq(t, token, other)
		}, "approval/digest-mismatch"},
		{"other remixlet", func(token string, fs []analysis.File) ActivateRequest {
			r := activateReq(t, token, fs)
			r.Remixlet = "other"
			return r
		}, "approval/other-remixlet"},
		{"checks refuse", func(token string, fs []analysis.File) ActivateRequest {
			r := activateReq(t, token, fs)
			f := finding.New(ruleTestRefused, "", finding.Position{}, "style.css is a link: replace it with the file")
			r.Refused = &f
			return r
		}, "approval/test-refused"},
		{"permission beyond", func(token string, fs []analysis.File) ActivateRequest {
			return activateReq(t, token, fs, "clipboard")
		}, "approval/permission-not-approved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t, c)
			fs := files()
			token := approveFiles(t, s, "x", fs)
			_, err := s.Activate(tc.req(token, fs))
			wantRefusal(t, err, tc.rule)
			// Even the right files cannot use it now.
			_, err = s.Activate(activateReq(t, token, fs))
			wantRefusal(t, err, "approval/used")
			if !strings.Contains(err.Error(), tc.rule) {
				t.Errorf("the used message does not say what the attempt was refused for: %v", err)
			}
			if cur, _ := s.Current("x"); cur != nil {
				t.Errorf("a refused activation stored version %d", cur.Number)
			}
			if err := s.Verify(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestUnknownToken(t *testing.T) {
	s := newStore(t, newClock())
	fs := files()
	for _, token := range []string{"", "nope", strings.Repeat("a", 32), strings.Repeat("A", 32)} {
		_, err := s.Activate(activateReq(t, token, fs))
		wantRefusal(t, err, "approval/unknown")
	}
}

func TestRunningVersionPermissions(t *testing.T) {
	c := newClock()
	s := newStore(t, c)
	v1 := files("storage", "menu")
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", v1, "storage", "menu"), v1, "storage", "menu")); err != nil {
		t.Fatal(err)
	}
	// The running version's permissions count as approved.
	v2 := files("storage")
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", v2), v2, "storage")); err != nil {
		t.Fatal(err)
	}
	// menu was dropped in version 2, so it needs approving again.
	v3 := files("storage", "menu")
	_, err := s.Activate(activateReq(t, approveFiles(t, s, "x", v3), v3, "storage", "menu"))
	wantRefusal(t, err, "approval/permission-not-approved")
}

func TestRunningChanged(t *testing.T) {
	c := newClock()
	s := newStore(t, c)
	a, b := files("storage"), files("menu")
	tokenA := approveFiles(t, s, "x", a, "storage")
	tokenB := approveFiles(t, s, "x", b, "menu")
	if _, err := s.Activate(activateReq(t, tokenB, b, "menu")); err != nil {
		t.Fatal(err)
	}
	_, err := s.Activate(activateReq(t, tokenA, a, "storage"))
	wantRefusal(t, err, "approval/running-changed")

	// Approving against a version that is no longer running is refused too.
	old, _ := s.Current("x")
	c2 := files("clipboard")
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", c2, "clipboard"), c2, "clipboard")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Approve(ApproveRequest{Remixlet: "x", Digest: mustDigest(t, a), Permissions: []string{}, Running: old}); !errors.Is(err, ErrRunningChanged) {
		t.Fatalf("approving against an old version: %v", err)
	}
}

func TestHistoryRestoreDelete(t *testing.T) {
	c := newClock()
	s := newStore(t, c)
	v1, v2 := files("storage"), files()
	for _, fs := range [][]analysis.File{v1, v2} {
		c.advance(time.Minute)
		var perms []string
		if len(fs[1].Data) > 22 {
			perms = []string{"storage"}
		}
		if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", fs, perms...), fs, perms...)); err != nil {
			t.Fatal(err)
		}
	}
	c.advance(time.Minute)
	r, err := s.Restore("x", 1, mustDigest(t, v1))
	if err != nil {
		t.Fatal(err)
	}
	if r.Number != 3 || r.RestoredFrom != 1 || r.Digest != mustDigest(t, v1) {
		t.Fatalf("restored %+v", r)
	}
	if _, err := s.Restore("x", 2, mustDigest(t, v1)); err == nil {
		t.Error("restore accepted a digest that is not the version's")
	}
	if _, err := s.Restore("x", 9, ""); !errors.Is(err, ErrNoVersion) {
		t.Errorf("restore of a missing version: %v", err)
	}
	h, err := s.History("x")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 3 || h[0].Number != 1 || h[2].RestoredFrom != 1 || !h[0].Time.Before(h[1].Time) {
		t.Fatalf("history %+v", h)
	}
	if v, err := s.Version("x", 2); err != nil || v.Digest != mustDigest(t, v2) {
		t.Fatalf("Version(2): %v %v", v, err)
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	n, err := s.Delete("x")
	if err != nil || n != 3 {
		t.Fatalf("Delete: %d %v", n, err)
	}
	if h, err := s.History("x"); err != nil || len(h) != 0 {
		t.Fatalf("history after delete: %v %v", h, err)
	}
	if n, err := s.Delete("x"); err != nil || n != 0 {
		t.Fatalf("second Delete: %d %v", n, err)
	}
	// A new remixlet of the same id starts again at version 1, and needs
	// its permissions approved again: deleting took them away.
	fs := files("storage")
	_, err = s.Activate(activateReq(t, approveFiles(t, s, "x", fs), fs, "storage"))
	wantRefusal(t, err, "approval/permission-not-approved")
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
}

func TestEmptyStore(t *testing.T) {
	s := New(filepath.Join(t.TempDir(), "none"), Options{})
	if cur, err := s.Current("x"); cur != nil || err != nil {
		t.Fatalf("Current on no store: %v %v", cur, err)
	}
	if h, err := s.History("x"); h != nil || err != nil {
		t.Fatalf("History on no store: %v %v", h, err)
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Error("reading created the store folder")
	}
}

func TestIDs(t *testing.T) {
	for id, ok := range map[string]bool{"hide-promoted": true, "a": true, "x.y_z-1": true, "": false, "-x": false, ".x": false, "A": false, "a/b": false, "../x": false, strings.Repeat("a", 65): false} {
		if got := CheckID(id) == nil; got != ok {
			t.Errorf("CheckID(%q) ok = %v", id, got)
		}
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("REMIXLET_STORE", "/tmp/a")
	t.Setenv("XDG_STATE_HOME", "/tmp/state")
	if d, _ := DefaultDir(); d != "/tmp/a" {
		t.Errorf("with REMIXLET_STORE: %s", d)
	}
	t.Setenv("REMIXLET_STORE", "")
	if d, _ := DefaultDir(); d != "/tmp/state/remixlet" {
		t.Errorf("with XDG_STATE_HOME: %s", d)
	}
	t.Setenv("XDG_STATE_HOME", "relative")
	t.Setenv("HOME", "/home/u")
	if d, _ := DefaultDir(); d != "/home/u/.local/state/remixlet" {
		t.Errorf("with a relative XDG_STATE_HOME: %s", d)
	}
}

// A second process holding the store makes an operation wait, then fail
// with a message that says so.
func TestLockTimeout(t *testing.T) {
	c := newClock()
	s := New(t.TempDir(), Options{Now: c.now, Timeout: 50 * time.Millisecond})
	approveFiles(t, s, "x", files()) // creates the store
	db, err := bolt.Open(filepath.Join(s.Dir, FileName), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := s.Current("x"); err == nil || !strings.Contains(err.Error(), "in use by another remixlet process") {
		t.Fatalf("got %v", err)
	}
}

func TestDamagedStore(t *testing.T) {
	damaged := func(t *testing.T, err error) {
		t.Helper()
		var d *DamagedError
		if !errors.As(err, &d) {
			t.Fatalf("got %v, want a DamagedError", err)
		}
		if !strings.Contains(err.Error(), "move it aside") {
			t.Errorf("no way forward in %q", err)
		}
	}
	t.Run("not a database", func(t *testing.T) {
		s := New(t.TempDir(), Options{Timeout: time.Second})
		if err := os.WriteFile(filepath.Join(s.Dir, FileName), []byte(strings.Repeat("not a database\n", 1000)), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := s.Current("x")
		damaged(t, err)
		_, _, err = s.Approve(ApproveRequest{Remixlet: "x", Digest: mustDigest(t, files()), Permissions: []string{}})
		damaged(t, err)
	})
	t.Run("too short", func(t *testing.T) {
		s := New(t.TempDir(), Options{Timeout: time.Second})
		if err := os.WriteFile(filepath.Join(s.Dir, FileName), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := s.History("x")
		damaged(t, err)
	})
	t.Run("another bbolt database", func(t *testing.T) {
		s := New(t.TempDir(), Options{Timeout: time.Second})
		edit(t, s, func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket([]byte("something else"))
			return err
		})
		_, err := s.Current("x")
		damaged(t, err)
		_, err = s.Delete("x")
		damaged(t, err)
	})
	// Hand edits: each is refused when read.
	for _, tc := range []struct {
		name string
		edit func(tx *bolt.Tx) error
	}{
		{"a file's bytes", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketRemixlets).Bucket([]byte("x")).Bucket(versionKey(1)).Put([]byte("script.js"), []byte("evil()"))
		}},
		{"an extra file", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketRemixlets).Bucket([]byte("x")).Bucket(versionKey(1)).Put([]byte("style.css"), []byte("a{}"))
		}},
		{"a removed file", func(tx *bolt.Tx) error {
			return tx.Bucket(bucketRemixlets).Bucket([]byte("x")).Bucket(versionKey(1)).Delete([]byte("script.js"))
		}},
		{"the record", func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketRemixlets).Bucket([]byte("x")).Bucket(versionKey(1))
			return b.Put(keyRecord, []byte(strings.Replace(string(b.Get(keyRecord)), `"number":1`, `"number":1,"number":1`, 1)))
		}},
		{"an unknown key", func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketRemixlets).Bucket([]byte("x")).Bucket(versionKey(1))
			return b.Put(keyRecord, []byte(strings.Replace(string(b.Get(keyRecord)), `{`, `{"trusted":true,`, 1)))
		}},
		{"an approval's expiry", func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketApprovals)
			k, v := b.Cursor().First()
			return b.Put(k, []byte(strings.Replace(string(v), `"expiresAt":"2026-05-01T12:10:00Z"`, `"expiresAt":"2036-05-01T12:10:00Z"`, 1)))
		}},
		{"the version number", func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketRemixlets).Bucket([]byte("x"))
			dst, err := b.CreateBucket(versionKey(7))
			if err != nil {
				return err
			}
			if err := b.Bucket(versionKey(1)).ForEach(func(k, v []byte) error { return dst.Put(k, v) }); err != nil {
				return err
			}
			return b.DeleteBucket(versionKey(1))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock()
			s := newStore(t, c)
			fs := files()
			if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", fs), fs)); err != nil {
				t.Fatal(err)
			}
			approveFiles(t, s, "x", fs) // an unused approval, for the expiry edit
			edit(t, s, tc.edit)
			err := s.Verify()
			damaged(t, err)
			t.Log(err)
		})
	}
}

// edit changes the store directly, as a person with a bbolt tool could.
func edit(t *testing.T, s *Store, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(filepath.Join(s.Dir, FileName), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatalf("the test could not edit the store: %v", err)
	}
}

// A damaged approval record is damage: activation says the store is
// damaged, and does not use the approval up.
func TestDamagedApprovalIsLeftAlone(t *testing.T) {
	c := newClock()
	s := newStore(t, c)
	fs := files()
	token := approveFiles(t, s, "x", fs)
	var original []byte
	edit(t, s, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketApprovals)
		original = append([]byte{}, b.Get([]byte(Key(token)))...)
		return b.Put([]byte(Key(token)), []byte(strings.Replace(string(original), mustDigest(t, fs)[:8], "h1:AAAAA", 1)))
	})
	_, err := s.Activate(activateReq(t, token, fs))
	var d *DamagedError
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "does not match its checksum") {
		t.Fatalf("activate with a damaged approval: %v", err)
	}
	edit(t, s, func(tx *bolt.Tx) error { return tx.Bucket(bucketApprovals).Put([]byte(Key(token)), original) })
	if _, err := s.Activate(activateReq(t, token, fs)); err != nil {
		t.Fatalf("the approval was used up by an attempt on a damaged store: %v", err)
	}
}

// The reasons a write failed, in a person's words: the store's size cap
// names the command that makes room, a system error its meaning, and an
// error bbolt kept only the text of says what is known.
func TestWriteReasons(t *testing.T) {
	s := New(t.TempDir(), Options{})
	for err, want := range map[error]string{
		berrors.ErrMaxSizeReached:                                                                       "it has reached the 1.0 GiB a store may grow to (delete remixlets you no longer need with `remixlet delete ID`, then try again)",
		&os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}:                                      "the disk is full (free some space, then try again)",
		&os.PathError{Op: "open", Path: "x", Err: syscall.EROFS}:                                        "it is on a read-only file system",
		fmt.Errorf("file resize error: %s", &os.PathError{Op: "truncate", Path: "x", Err: syscall.EIO}): "the disk reported an error while the store was being written (check the disk)",
	} {
		if got := s.writeReason(err); got != want {
			t.Errorf("%v: %q, want %q", err, got, want)
		}
	}
}
