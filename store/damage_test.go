//go:build linux

package store

// Stores no command may answer around: cut short, zeroed, older than
// their last change, huge, or writable by others.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// smallStore is a store with one remixlet of one version and one pending
// approval, and its token.
func smallStore(t *testing.T) (*Store, string) {
	t.Helper()
	s := New(filepath.Join(t.TempDir(), "store"), Options{Timeout: time.Second})
	fs := files()
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", fs), fs)); err != nil {
		t.Fatal(err)
	}
	return s, approveFiles(t, s, "x", files("storage"), "storage")
}

// wantDamage checks that err reports damage and says what to do.
func wantDamage(t *testing.T, what string, err error, says ...string) {
	t.Helper()
	var d *DamagedError
	if !errors.As(err, &d) {
		t.Fatalf("%s: %v, want damage", what, err)
	}
	for _, w := range append(says, "nothing was read from it as valid") {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("%s: the message does not say %q: %v", what, w, err)
		}
	}
}

// everyCommandSeesDamage runs each read and each write against the store
// and checks that every one reports damage and that no write changed a
// byte of store.db or left anything in the folder.
func everyCommandSeesDamage(t *testing.T, s *Store, token string, says ...string) {
	t.Helper()
	before := fileState(t, s.Path())
	_, err := s.List()
	wantDamage(t, "list", err, says...)
	_, err = s.History("x")
	wantDamage(t, "history", err, says...)
	_, _, err = s.Approve(ApproveRequest{Remixlet: "y", Digest: mustDigest(t, files()), Permissions: []string{}})
	wantDamage(t, "approve", err, says...)
	_, err = s.Activate(activateReq(t, token, files("storage"), "storage"))
	wantDamage(t, "activate", err, says...)
	_, err = s.Delete("x")
	wantDamage(t, "delete", err, says...)
	if after := fileState(t, s.Path()); after != before {
		t.Fatalf("a command changed a damaged store.db: %s, was %s", after, before)
	}
	if left := leftovers(t, s.Dir); len(left) > 0 {
		t.Fatalf("commands on a damaged store left %v", left)
	}
}

// fileState sums up a file without reading all of a huge one: its size,
// its time of change and the checksum of its first MiB.
func fileState(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 1<<20)
	n, _ := f.ReadAt(head, 0)
	return fmt.Sprintf("%d bytes, changed %v, first MiB %x", info.Size(), info.ModTime().UnixNano(), sha256.Sum256(head[:n]))
}

// TestCutShortOrZeroed: store.db cut to every length below a page, to
// each page boundary after, all zeros at several sizes, or with one of its
// pages zeroed, is damage to every command, said in plain words, and no
// command replaces it.
func TestCutShortOrZeroed(t *testing.T) {
	t.Parallel()
	s, token := smallStore(t)
	good, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	ps := os.Getpagesize()
	put := func(data []byte) {
		if err := os.WriteFile(s.Path(), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Every length below a page: each read and each write.
	for n := range ps {
		put(good[:n])
		_, err := s.List()
		wantDamage(t, fmt.Sprintf("list of the first %d bytes", n), err)
		_, _, err = s.Approve(ApproveRequest{Remixlet: "y", Digest: mustDigest(t, files()), Permissions: []string{}})
		wantDamage(t, fmt.Sprintf("approve on the first %d bytes", n), err)
		if info, _ := os.Stat(s.Path()); info.Size() != int64(n) {
			t.Fatalf("approve replaced a store cut to %d bytes", n)
		}
	}
	put(nil)
	everyCommandSeesDamage(t, s, token, "it is empty")
	put(good[:100])
	everyCommandSeesDamage(t, s, token, "cut short")
	// Each page boundary and each middle of a page above the first, up
	// to the end of the pages in use (bbolt's file is longer).
	for n := ps; n < usedBytes(good); n += ps / 2 {
		put(good[:n])
		_, err := s.List()
		wantDamage(t, fmt.Sprintf("list of the first %d bytes", n), err)
	}
	for _, size := range []int{1, 100, ps, 4 * ps, 1 << 20} {
		put(make([]byte, size))
		everyCommandSeesDamage(t, s, token)
	}
	put(make([]byte, 4*ps))
	everyCommandSeesDamage(t, s, token, "header 0 is all zeros")
	// Each page the store reads, zeroed: the two headers and every page
	// the tree and the freelist reach.
	live, _ := pagesInUse(t, good)
	pages := append([]int{0, 1}, live...)
	for _, page := range pages {
		bad := bytes.Clone(good)
		clear(bad[page*ps : (page+1)*ps])
		put(bad)
		wantDamage(t, fmt.Sprintf("page %d zeroed", page), s.Verify())
	}
	put(good)
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lengths below a page, %d page boundaries and middles, 5 zero files and %d zeroed pages: all damage", ps, (usedBytes(good)-ps)/(ps/2), len(pages))
}

// rollBack puts back what store.db's header page held before the last
// commit: the disk did not keep the newest header, and the older valid one
// takes its place.
func rollBackHeader(t *testing.T, path string, before []byte) {
	t.Helper()
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ps := os.Getpagesize()
	m0, _ := readMeta(after, 0, 0)
	m1, _ := readMeta(after, ps, 1)
	newer := 0
	if m1.txid > m0.txid {
		newer = 1
	}
	copy(after[newer*ps:(newer+1)*ps], before[newer*ps:(newer+1)*ps])
	if _, err := checkPages(after); err != nil {
		t.Fatalf("the rolled-back file does not even pass the page check: %v", err)
	}
	if err := os.WriteFile(path, after, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestLostLastChange: a store older than its commit record (the newest
// header page lost, or an older store.db put back) is damage, and a used
// approval cannot activate a second time through it; the states a stopped
// process leaves are not.
func TestLostLastChange(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T) (s *Store, token string, before, beforeRecord []byte) {
		s, token = smallStore(t)
		before, _ = os.ReadFile(s.Path())
		beforeRecord, _ = os.ReadFile(s.commitPath())
		if _, err := s.Activate(activateReq(t, token, files("storage"), "storage")); err != nil {
			t.Fatal(err)
		}
		return s, token, before, beforeRecord
	}
	t.Run("a stale header page", func(t *testing.T) {
		s, token, before, _ := setup(t)
		rollBackHeader(t, s.Path(), before)
		everyCommandSeesDamage(t, s, token, "the last change was lost: the disk did not keep it", "store.db holds change 3", "says change 4 was made", "rm ")
	})
	t.Run("an older store.db put back", func(t *testing.T) {
		s, token, before, _ := setup(t)
		if err := os.WriteFile(s.Path(), before, 0o600); err != nil {
			t.Fatal(err)
		}
		everyCommandSeesDamage(t, s, token, "the last change was lost")
		// Accepting it on purpose: removing the record.
		if err := os.Remove(s.commitPath()); err != nil {
			t.Fatal(err)
		}
		if h, err := s.History("x"); err != nil || len(h) != 1 {
			t.Fatalf("history once accepted: %d %v", len(h), err)
		}
		// The approval was unused in that copy: it activates once.
		if _, err := s.Activate(activateReq(t, token, files("storage"), "storage")); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(s.commitPath()); err != nil {
			t.Fatalf("the next change wrote no record: %v", err)
		}
		if err := s.Verify(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("another store at the same change", func(t *testing.T) {
		s, token, _, _ := setup(t)
		other, _ := smallStore(t)
		approveFiles(t, other, "x", files()) // both stores at change 4
		data, _ := os.ReadFile(other.Path())
		if err := os.WriteFile(s.Path(), data, 0o600); err != nil {
			t.Fatal(err)
		}
		everyCommandSeesDamage(t, s, token, "is not the store its commit record names")
	})
	t.Run("the record one change behind", func(t *testing.T) {
		// A process stopped between writing store.db and its record.
		s, _, _, beforeRecord := setup(t)
		if err := os.WriteFile(s.commitPath(), beforeRecord, 0o600); err != nil {
			t.Fatal(err)
		}
		if h, err := s.History("x"); err != nil || len(h) != 2 {
			t.Fatalf("history: %d %v", len(h), err)
		}
		// The next write brings the record up first, so that it is never
		// two behind, even if that write stops before its own record.
		approveFiles(t, s, "x", files())
		got, _ := os.ReadFile(s.commitPath())
		if rec, err := s.readCommit(); err != nil || rec.Change != 5 || bytes.Equal(got, beforeRecord) {
			t.Fatalf("the record after the next change: %+v %v", rec, err)
		}
	})
	t.Run("the record two changes behind", func(t *testing.T) {
		s, token, _, beforeRecord := setup(t)
		approveFiles(t, s, "x", files())
		if err := os.WriteFile(s.commitPath(), beforeRecord, 0o600); err != nil {
			t.Fatal(err)
		}
		everyCommandSeesDamage(t, s, token, "its commit record is older than store.db")
	})
	t.Run("no record", func(t *testing.T) {
		s, _, _, _ := setup(t)
		if err := os.Remove(s.commitPath()); err != nil {
			t.Fatal(err)
		}
		if err := s.Verify(); err != nil {
			t.Fatal(err)
		}
		approveFiles(t, s, "x", files())
		if rec, err := s.readCommit(); err != nil || rec == nil || rec.Change != 5 {
			t.Fatalf("the record after the next change: %+v %v", rec, err)
		}
	})
	t.Run("store.db moved aside, then put back", func(t *testing.T) {
		s, token, _, _ := setup(t)
		old := s.Path() + ".aside"
		if err := os.Rename(s.Path(), old); err != nil {
			t.Fatal(err)
		}
		// A new store continues the count of the record.
		approveFiles(t, s, "x", files())
		if rec, err := s.readCommit(); err != nil || rec.Change != 5 {
			t.Fatalf("the new store's record: %+v %v", rec, err)
		}
		if err := os.Rename(old, s.Path()); err != nil {
			t.Fatal(err)
		}
		everyCommandSeesDamage(t, s, token, "the last change was lost")
	})
	t.Run("a damaged record", func(t *testing.T) {
		s, token, _, _ := setup(t)
		for _, bad := range []string{"", "x\n", strings.Repeat("a", 5000), `{"change":9,"index":"0"}` + "\n"} {
			if err := os.WriteFile(s.commitPath(), []byte(bad), 0o600); err != nil {
				t.Fatal(err)
			}
			everyCommandSeesDamage(t, s, token, "its commit record store.commit is damaged", "rm ")
		}
		if err := os.Remove(s.commitPath()); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(s.Path(), s.commitPath()); err != nil {
			t.Fatal(err)
		}
		everyCommandSeesDamage(t, s, token, "it is a link")
	})
}

// TestHugeAndSparseFiles: every command answers a 20 GiB sparse file at
// once without reading it, and a store with a long sparse tail as it
// answered without one. No timing is asserted; the guard only catches a
// hang.
func TestHugeAndSparseFiles(t *testing.T) {
	t.Parallel()
	guard := func(t *testing.T, what string, fn func()) time.Duration {
		t.Helper()
		done := make(chan time.Duration, 1)
		go func() {
			start := time.Now()
			fn()
			done <- time.Since(start)
		}()
		select {
		case d := <-done:
			return d
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s did not answer within two minutes", what)
		}
		return 0
	}
	s, token := smallStore(t)
	good, _ := os.ReadFile(s.Path())
	answer := func() string {
		h, err := s.History("x")
		return fmt.Sprint(len(h), err)
	}
	want := answer()
	var report []string
	for _, tc := range []struct {
		name string
		size int64
		data []byte
		says string
	}{
		{"20 GiB of nothing", 20 << 30, nil, "more than the 1.0 GiB a store may grow to"},
		{"a store with a 20 GiB tail", 20 << 30, good, "more than the 1.0 GiB a store may grow to"},
		{"1 GiB of nothing", MaxSize, nil, "header 0 is all zeros"},
		{"a store with a tail up to 1 GiB", MaxSize, good, ""},
	} {
		if err := os.WriteFile(s.Path(), tc.data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(s.Path(), tc.size); err != nil {
			t.Fatal(err)
		}
		var err error
		took := guard(t, tc.name, func() { _, err = s.List() })
		if tc.says == "" {
			if err != nil || answer() != want {
				t.Fatalf("%s: %v, history %s, want %s", tc.name, err, answer(), want)
			}
			// A write works too, and the file stays sparse.
			took += guard(t, tc.name, func() { _, err = s.Activate(activateReq(t, token, files("storage"), "storage")) })
			if err != nil {
				t.Fatalf("%s: activate: %v", tc.name, err)
			}
		} else {
			everyCommandSeesDamage(t, s, token, tc.says)
		}
		var st syscall.Stat_t
		_ = syscall.Stat(s.Path(), &st)
		report = append(report, fmt.Sprintf("%s answered in %v (%d KiB on disk)", tc.name, took.Round(time.Microsecond), st.Blocks/2))
	}
	t.Log(strings.Join(report, "; "))
}

// TestStoreMustBePrivate: a store folder, store.db or commit record that
// another user owns or that group or others can write is refused by every
// command, with the command that fixes it; the tool never changes a mode,
// and what it creates is private whatever the umask.
func TestStoreMustBePrivate(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("REMIXLET_SKIP_FAULTS") == "1" {
			t.Skip("REMIXLET_SKIP_FAULTS=1: stores of another user need root to make (CI runs as root)")
		}
		t.Fatal("stores of another user need root to make (chown); run as root (CI does) or set REMIXLET_SKIP_FAULTS=1")
	}
	refused := func(t *testing.T, s *Store, token string, says ...string) {
		t.Helper()
		before := fileState(t, s.Path())
		check := func(what string, err error) {
			t.Helper()
			var np *NotPrivateError
			if !errors.As(err, &np) {
				t.Fatalf("%s: %v, want a refusal of a store that is not private", what, err)
			}
			for _, w := range says {
				if !strings.Contains(err.Error(), w) {
					t.Fatalf("%s: the message does not say %q: %v", what, w, err)
				}
			}
		}
		_, err := s.List()
		check("list", err)
		_, err = s.History("x")
		check("history", err)
		_, _, err = s.Approve(ApproveRequest{Remixlet: "y", Digest: mustDigest(t, files()), Permissions: []string{}})
		check("approve", err)
		_, err = s.Activate(activateReq(t, token, files("storage"), "storage"))
		check("activate", err)
		_, err = s.Delete("x")
		check("delete", err)
		if after := fileState(t, s.Path()); after != before {
			t.Fatal("a command changed a store that is not private")
		}
	}
	const other = 12345
	for _, tc := range []struct {
		name string
		make func(s *Store) error
		says func(s *Store) []string
	}{
		{"a folder others can write", func(s *Store) error { return os.Chmod(s.Dir, 0o777) },
			func(s *Store) []string {
				return []string{"can be written by other users (its mode is 777)", "chmod 700 " + s.Dir}
			}},
		{"a folder its group can write", func(s *Store) error { return os.Chmod(s.Dir, 0o770) },
			func(s *Store) []string {
				return []string{"can be written by its group (its mode is 770)", "chmod 700 " + s.Dir}
			}},
		{"store.db others can write", func(s *Store) error { return os.Chmod(s.Path(), 0o666) },
			func(s *Store) []string {
				return []string{s.Path() + " can be written by other users", "chmod 600 " + s.Path()}
			}},
		{"store.db its group can write", func(s *Store) error { return os.Chmod(s.Path(), 0o620) },
			func(s *Store) []string { return []string{"can be written by its group", "chmod 600 " + s.Path()} }},
		{"a commit record others can write", func(s *Store) error { return os.Chmod(s.commitPath(), 0o646) },
			func(s *Store) []string {
				return []string{"store.commit can be written by other users", "chmod 600 " + s.commitPath()}
			}},
		{"a folder another user owns", func(s *Store) error { return os.Chown(s.Dir, other, other) },
			func(s *Store) []string {
				return []string{"belongs to another user (uid 12345)", "chown -R root " + s.Dir}
			}},
		{"store.db another user owns", func(s *Store) error { return os.Chown(s.Path(), other, other) },
			func(s *Store) []string {
				return []string{"store.db belongs to another user (uid 12345)", "chown root " + s.Path()}
			}},
		{"a commit record another user owns", func(s *Store) error { return os.Chown(s.commitPath(), other, other) },
			func(s *Store) []string {
				return []string{"store.commit belongs to another user", "chown root " + s.commitPath()}
			}},
		{"a planted store in a folder others can write", func(s *Store) error {
			if err := os.Chmod(s.Dir, 0o777); err != nil {
				return err
			}
			if err := os.Chmod(s.Path(), 0o666); err != nil {
				return err
			}
			return os.Chown(s.Path(), other, other)
		}, func(s *Store) []string { return []string{"chmod 700 " + s.Dir} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, token := smallStore(t)
			if err := tc.make(s); err != nil {
				t.Fatal(err)
			}
			refused(t, s, token, tc.says(s)...)
			// The fix the message names works.
			_ = os.Chmod(s.Dir, 0o700)
			for _, p := range []string{s.Dir, s.Path(), s.commitPath()} {
				_ = os.Chown(p, 0, 0)
			}
			_ = os.Chmod(s.Path(), 0o600)
			_ = os.Chmod(s.commitPath(), 0o600)
			if err := s.Verify(); err != nil {
				t.Fatalf("after the fix: %v", err)
			}
		})
	}
	t.Run("private enough is left alone", func(t *testing.T) {
		s, token := smallStore(t)
		if err := os.Chmod(s.Dir, 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(s.Path(), 0o640); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Activate(activateReq(t, token, files("storage"), "storage")); err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]os.FileMode{s.Dir: 0o750, s.Path(): 0o640} {
			if info, _ := os.Stat(path); info.Mode().Perm() != want {
				t.Errorf("%s is now %o, was %o: a command changed its mode", path, info.Mode().Perm(), want)
			}
		}
		// A store of root's is accepted, as OpenSSH accepts root's files.
		if err := os.Chown(s.Dir, 0, 0); err != nil {
			t.Fatal(err)
		}
		if err := s.Verify(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("created private under any umask", func(t *testing.T) {
		old := syscall.Umask(0)
		defer syscall.Umask(old)
		s := New(filepath.Join(t.TempDir(), "a", "b", "store"), Options{Timeout: time.Second})
		approveFiles(t, s, "x", files())
		for path, want := range map[string]os.FileMode{filepath.Dir(filepath.Dir(s.Dir)): 0o700, s.Dir: 0o700, s.Path(): 0o600, s.commitPath(): 0o600} {
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if info.Mode().Perm() != want {
				t.Errorf("%s was created %o, want %o", path, info.Mode().Perm(), want)
			}
		}
	})
}
