// Package store is the version store: every remixlet's versions and the
// approvals that activate them. Activation is the only way files reach it;
// a stored manifest is the record of what was approved. docs/approvals.md
// describes the whole flow; this is the store's part.
//
// # One bbolt database
//
// The store is one bbolt database (go.etcd.io/bbolt), store.db, in the
// store folder. Activation must use up the approval and store the version
// in one atomic step, and exactly one of any number of concurrent
// activations with one approval may succeed. A bbolt read-write
// transaction is that step: the file is locked (flock) by one writer at a
// time, and a commit happens whole or not at all (copy-on-write pages,
// then one of two checksummed meta pages, each synced), so a process
// killed at any point leaves the last committed state. Every command
// opens the database, runs one transaction and closes it; a process that
// finds it locked waits at most Options.Timeout.
//
// # Creation and replacement are atomic
//
// store.db only ever appears whole. The first approval builds a complete
// empty store in a temporary file in the same folder (store.db.tmp-…),
// syncs it, links it into place (a link fails when another process got
// there first, so two first approvals cannot both create) and syncs the
// folder. Delete rewrites the database the same way, compactly, so none of
// the deleted remixlet's bytes stay behind in free pages, and renames the
// new file over the old one while holding the old one's lock. Every
// process checks, once it holds the lock, that the file it locked is still
// the one named store.db, and starts again if not. A file that is provably
// an unfinished creation by an earlier remixlet (empty, all zeros, or
// bbolt's setup with no transaction ever committed) is "no store yet":
// reads find nothing, and the next approval replaces it. Links inside the
// store folder are refused (the folder itself may be a link), and leftover
// temporary files are removed by the next command that writes.
//
// # Damage is never silent
//
// Before bbolt reads a byte, checkPages walks the file's whole page
// structure (both meta pages, the freelist, every branch and leaf, inline
// buckets) with bounds checks and without recursion, so a damaged file is
// reported and never makes bbolt loop, crash or read a record from the
// wrong place. Then every command reads every record and checks it:
//   - each record is stored as the SHA-256 of its place and canonical
//     JSON, then the JSON; a record that does not match, or is moved, is
//     damage;
//   - each version names the checksum of the version before it, a chain
//     that shows a dropped or reordered version, and versions are numbered
//     1, 2, 3 … without gaps; its files must be exactly those it lists,
//     with its digest;
//   - an index record holds the number of approvals and a checksum over
//     them all, and each remixlet's version count and newest checksum, so
//     a record that disappears or comes back from an older state is seen;
//   - the records are cross-checked both ways: every version made by an
//     approval names an approval used for that version, every used
//     approval names a version that holds it, every restored version has
//     the digest of the version it came from, and every approval decided
//     against a running version names one that exists with that digest.
//
// Any mismatch is a DamagedError that says what was found; nothing is
// read from a damaged store as valid, and a damaged approval is reported
// as damage, never used up. The store does not defend against someone who
// can write to its folder and rewrites records and checksums together:
// keep the folder private (it is created 0700, the database 0600).
//
// A store that cannot be written (a read-only file or file system, a full
// disk) is a CannotWriteError that says why; commands that only read it
// still work.
//
// # Fault figures
//
// The fault suite in this package (fault_test.go, namespace_test.go, run
// by go test and CI) flips bytes of a store holding three remixlets, seven
// versions (one restored) and used, refused and pending approvals, one at
// a time, and runs 19 commands against each copy (every read, and each
// write on its own copy, read back whole afterwards); kills the process
// before each system call that creates, writes, syncs, links, renames or
// removes during the store's creation and during a delete's rewrite
// (strace's fault injection); runs creation, approvals, activations and
// deletes on small and full tmpfs mounts and a read-only one; and runs
// concurrent first approvals, deletes and activations. Figures from the
// last large run (docs/approvals.md has all of them): 3,160 flips (every
// byte of both meta records, and 3,000 sampled from the 73,728 bytes in
// use), 60,040 command runs: 14,858 reported damage, 45,182 answered
// exactly as before, 0 answered differently, 0 crashed. An earlier sample
// of 5,160 flips found the one hole it had (a branch key changed to
// another in-order key passed, and bbolt's next write then broke the
// tree); checkPages now holds each branch key to its child's first key.
// Kills: 34 during creation (each left no store.db or a whole store) and
// 34 during a delete (each left the old store or the new one).
//
// Tokens are 128 random bits, printed once; the store keeps only their
// SHA-256, so reading the store does not reveal a usable token.
package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/internal/safetext"
)

// FileName is the database's name in the store folder.
const FileName = "store.db"

// tempPrefix starts the name of every temporary file the store makes in
// its folder.
const tempPrefix = FileName + ".tmp-"

// DefaultTimeout is how long an operation waits for another process that
// holds the store's lock.
const DefaultTimeout = 30 * time.Second

const format = "remixlet store 2"

var (
	bucketMeta      = []byte("meta")
	bucketApprovals = []byte("approvals")
	bucketRemixlets = []byte("remixlets")
	keyFormat       = []byte("format")
	keyIndex        = []byte("index")
	keyRecord       = []byte("record")
)

// Options configure a store.
type Options struct {
	// Timeout bounds the wait for another process's lock (DefaultTimeout
	// when zero).
	Timeout time.Duration
	// Now is the clock (time.Now when nil); tests inject one.
	Now func() time.Time
}

// Store is a version store in one folder.
type Store struct {
	Dir     string
	timeout time.Duration
	now     func() time.Time
}

// DefaultDir is where the store lives when no --store is given:
// $REMIXLET_STORE, else $XDG_STATE_HOME/remixlet, else
// ~/.local/state/remixlet. A relative XDG_STATE_HOME is ignored, as the
// XDG Base Directory specification says.
func DefaultDir() (string, error) {
	if dir := os.Getenv("REMIXLET_STORE"); dir != "" {
		return dir, nil
	}
	if dir := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "remixlet"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no store folder: give --store PATH or set REMIXLET_STORE")
	}
	return filepath.Join(home, ".local", "state", "remixlet"), nil
}

// New returns the store in dir. Nothing is created until the first
// approval.
func New(dir string, opts Options) *Store {
	s := &Store{Dir: dir, timeout: opts.Timeout, now: opts.Now}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Path is the database file's path.
func (s *Store) Path() string { return filepath.Join(s.Dir, FileName) }

// DamagedError says the store cannot be read as a remixlet store.
type DamagedError struct {
	Path   string
	Reason string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the store %s is damaged (%s): nothing was read from it as valid; move it aside (keep it for reference) to start a new store, or put back a backup", e.Path, e.Reason)
}

// CannotWriteError says the store cannot be changed, and why. Commands
// that only read it still work.
type CannotWriteError struct {
	Path   string
	Reason string
}

func (e *CannotWriteError) Error() string {
	return fmt.Sprintf("the store %s cannot be written, because %s: nothing was changed; commands that only read it (history, list, export) still work", e.Path, e.Reason)
}

// NoStoreError is returned by Exists's callers' messages: the folder has
// no store yet.
var errNoStore = errors.New("no store yet")

var errBusy = errors.New("busy")

func (s *Store) damaged(format string, args ...any) error {
	return &DamagedError{Path: s.Path(), Reason: fmt.Sprintf(format, args...)}
}

// cannotWrite turns an error from creating or writing the store into a
// CannotWriteError when the system said why, in words for a person.
func (s *Store) cannotWrite(err error) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return fmt.Errorf("cannot write the store %s: %v", s.Path(), plainError(err))
	}
	reason := "the system reported: " + errno.Error()
	switch errno {
	case syscall.EROFS:
		reason = "it is on a read-only file system"
	case syscall.EACCES, syscall.EPERM:
		reason = "store.db or its folder is read-only for this user (check their permissions)"
	case syscall.ENOSPC:
		reason = "the disk is full (free some space, then try again)"
	case syscall.EDQUOT:
		reason = "the disk quota is used up (free some space, then try again)"
	}
	return &CannotWriteError{Path: s.Path(), Reason: reason}
}

// plainError drops the Go wrapping of a system error ("open /x: …") and
// keeps the system's words.
func plainError(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return err.Error()
}

// snapshot is the whole store as read and checked in one transaction.
type snapshot struct {
	approvals map[string]*Approval
	sums      map[string]string     // approval key → its record's checksum
	remixlets map[string][]*Version // versions, oldest first
}

func emptySnapshot() *snapshot {
	return &snapshot{approvals: map[string]*Approval{}, sums: map[string]string{}, remixlets: map[string][]*Version{}}
}

func (snap *snapshot) current(id string) *Version {
	vs := snap.remixlets[id]
	if len(vs) == 0 {
		return nil
	}
	return vs[len(vs)-1]
}

func (snap *snapshot) ids() []string {
	ids := make([]string, 0, len(snap.remixlets))
	for id := range snap.remixlets {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func (snap *snapshot) index() *index {
	idx := &index{Approvals: len(snap.approvals), ApprovalsSum: approvalsSum(snap.sums), Remixlets: []indexEntry{}}
	for _, id := range snap.ids() {
		vs := snap.remixlets[id]
		idx.Remixlets = append(idx.Remixlets, indexEntry{ID: id, Versions: len(vs), Head: vs[len(vs)-1].sum})
	}
	return idx
}

// handle is store.db opened and locked, its structure checked.
type handle struct {
	file *os.File
	dup  *os.File // bbolt's descriptor of the same open file
	db   *bolt.DB
}

func (h *handle) close() {
	if h.db != nil {
		_ = h.db.Close()
	}
	unlockFile(h.file)
	if h.dup != nil {
		_ = h.dup.Close()
	}
	_ = h.file.Close()
}

// acquire opens store.db, locks it, makes sure it is still the file named
// store.db, and checks its structure. With create, a missing or unfinished
// store is created first; without it, errNoStore says there is none.
func (s *Store) acquire(write, create bool) (*handle, error) {
	path := s.Path()
	for range 20 {
		info, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if !create {
				return nil, errNoStore
			}
			if err := s.createNew(); err != nil {
				return nil, err
			}
			continue
		case errors.Is(err, syscall.ENOTDIR):
			return nil, fmt.Errorf("the store %s is not a folder (it, or a folder on its path, is a file): give --store the folder the versions are kept in, or a new one", safetext.Clean(s.Dir))
		case err != nil:
			return nil, fmt.Errorf("cannot read the store %s: %s", path, plainError(err))
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			return nil, fmt.Errorf("%s is a link (to %s): the store keeps its database only in its own folder; replace the link with the file itself, or give --store the folder the file is in", path, target)
		case !info.Mode().IsRegular():
			return nil, s.damaged("store.db is not a regular file")
		}
		flag := os.O_RDONLY
		if write {
			flag = os.O_RDWR
		}
		f, err := os.OpenFile(path, flag|openNoFollow, 0)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case write && isWriteRefusal(err):
			return nil, s.cannotWrite(err)
		case err != nil:
			return nil, fmt.Errorf("cannot open the store %s: %s", path, plainError(err))
		}
		if err := lockFile(f, write, s.timeout); err != nil {
			_ = f.Close()
			if errors.Is(err, errBusy) {
				return nil, fmt.Errorf("the store %s is in use by another remixlet process (waited %v): try again when it has finished", path, s.timeout)
			}
			return nil, fmt.Errorf("cannot lock the store %s: %s", path, plainError(err))
		}
		h := &handle{file: f}
		if !s.stillNamed(f) {
			h.close()
			continue
		}
		data, err := readAll(f)
		if err != nil {
			h.close()
			return nil, fmt.Errorf("cannot read the store %s: %s", path, plainError(err))
		}
		switch classify(data) {
		case fileUnfinished:
			if !create {
				h.close()
				return nil, errNoStore
			}
			err := s.replace(emptySnapshot())
			h.close()
			if err != nil {
				return nil, err
			}
			continue
		}
		if err := checkPages(data); err != nil {
			h.close()
			return nil, s.damaged("%v", err)
		}
		return h, nil
	}
	return nil, fmt.Errorf("the store %s kept being replaced while it was opened: try again", path)
}

func isWriteRefusal(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM)
}

// stillNamed reports whether f is the file store.db names now: a process
// that waited for the lock may hold a file another one replaced meanwhile.
func (s *Store) stillNamed(f *os.File) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	named, err := os.Lstat(s.Path())
	return err == nil && os.SameFile(held, named)
}

func readAll(f *os.File) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data := make([]byte, info.Size())
	if _, err := f.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return data, nil
}

// run opens the store, checks every record, and calls fn in one
// transaction. A panic or memory fault inside bbolt becomes a
// DamagedError, without Go's words.
func (s *Store) run(write, create bool, fn func(tx *bolt.Tx, snap *snapshot) error) (err error) {
	h, err := s.acquire(write, create)
	if err != nil {
		return err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = s.damaged("a page of the database could not be read")
		}
		h.close()
	}()
	h.db, err = bolt.Open(s.Path(), 0o600, &bolt.Options{
		Timeout: s.timeout, ReadOnly: !write,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) {
			dup, err := dupFile(h.file)
			h.dup = dup
			return dup, err
		},
	})
	if err != nil {
		h.db = nil
		return s.damaged("bbolt cannot open it")
	}
	body := func(tx *bolt.Tx) error {
		snap, err := s.load(tx)
		if err != nil {
			return err
		}
		return fn(tx, snap)
	}
	if !write {
		return h.db.View(body)
	}
	s.removeTemporaries()
	err = h.db.Update(body)
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return s.cannotWrite(err)
	}
	return err
}

// view runs fn on the checked contents of the store; a store that does
// not exist yet is empty.
func (s *Store) view(fn func(snap *snapshot) error) error {
	err := s.run(false, false, func(_ *bolt.Tx, snap *snapshot) error { return fn(snap) })
	if errors.Is(err, errNoStore) {
		return fn(emptySnapshot())
	}
	return err
}

// Exists reports whether the folder holds a store; a missing store.db and
// an unfinished creation are none.
func (s *Store) Exists() (bool, error) {
	err := s.run(false, false, func(*bolt.Tx, *snapshot) error { return nil })
	if errors.Is(err, errNoStore) {
		return false, nil
	}
	return err == nil, err
}

// load reads every record of the store and checks them, alone and
// together. Nothing in a store that fails is used.
func (s *Store) load(tx *bolt.Tx) (*snapshot, error) {
	snap := emptySnapshot()
	err := tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		if !slices.ContainsFunc([][]byte{bucketMeta, bucketApprovals, bucketRemixlets}, func(b []byte) bool { return string(b) == string(name) }) {
			return fmt.Errorf("it holds a bucket %q that a remixlet store does not have", name)
		}
		return nil
	})
	if err != nil {
		return nil, s.damaged("%v", err)
	}
	meta, approvals, remixlets := tx.Bucket(bucketMeta), tx.Bucket(bucketApprovals), tx.Bucket(bucketRemixlets)
	if meta == nil || approvals == nil || remixlets == nil {
		return nil, s.damaged("a part of the store is missing")
	}
	if got := string(meta.Get(keyFormat)); got != format {
		if strings.HasPrefix(got, "remixlet store ") {
			return nil, fmt.Errorf("the store %s was written by another version of remixlet (format %q; this one reads %q): use that version, or move the store aside to start a new one", s.Path(), got, format)
		}
		return nil, s.damaged("its format record is missing or damaged")
	}
	var idx index
	if err := meta.ForEach(func(k, v []byte) error {
		if v == nil || (string(k) != string(keyFormat) && string(k) != string(keyIndex)) {
			return fmt.Errorf("an unknown entry %q in its meta records", k)
		}
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	raw := meta.Get(keyIndex)
	if raw == nil {
		return nil, s.damaged("its index record is missing")
	}
	if _, err := unseal(kindIndex, "the store", raw, &idx); err != nil {
		return nil, s.damaged("the index: %v", err)
	}
	if err := approvals.ForEach(func(k, v []byte) error {
		if v == nil {
			return fmt.Errorf("a bucket among the approvals")
		}
		a, err := decodeApproval(string(k), v)
		if err != nil {
			return err
		}
		sum, _, _ := strings.Cut(string(v), " ")
		snap.approvals[a.Key], snap.sums[a.Key] = a, sum
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	if err := remixlets.ForEach(func(id, v []byte) error {
		b := remixlets.Bucket(id)
		if v != nil || b == nil || CheckID(string(id)) != nil {
			return fmt.Errorf("an entry %q among the remixlets that is not a remixlet", id)
		}
		versions, err := readVersions(string(id), b)
		if err != nil {
			return err
		}
		snap.remixlets[string(id)] = versions
		return nil
	}); err != nil {
		return nil, s.damaged("%v", err)
	}
	if err := snap.crossCheck(&idx); err != nil {
		return nil, s.damaged("%v", err)
	}
	return snap, nil
}

// readVersions reads a remixlet's versions in order, checking the
// numbering and the chain.
func readVersions(id string, b *bolt.Bucket) ([]*Version, error) {
	var out []*Version
	err := b.ForEach(func(k, v []byte) error {
		want := len(out) + 1
		vb := b.Bucket(k)
		if v != nil || vb == nil || len(k) != 8 {
			return fmt.Errorf("%s: an entry among its versions that is not a version", id)
		}
		if n := binary.BigEndian.Uint64(k); n != uint64(want) {
			if want == 1 {
				return fmt.Errorf("%s: its first version is numbered %d (versions are numbered 1, 2, 3 … without gaps)", id, n)
			}
			return fmt.Errorf("%s: version %d follows version %d (versions are numbered without gaps)", id, n, want-1)
		}
		record := slices.Clone(vb.Get(keyRecord))
		if record == nil {
			return fmt.Errorf("%s has no record", versionPlace(id, want))
		}
		var files []analysis.File
		err := vb.ForEach(func(name, data []byte) error {
			if string(name) == string(keyRecord) {
				return nil
			}
			if data == nil {
				return fmt.Errorf("%s holds a bucket %q", versionPlace(id, want), name)
			}
			files = append(files, analysis.File{Name: string(name), Data: slices.Clone(data)})
			return nil
		})
		if err != nil {
			return err
		}
		ver, err := decodeVersion(id, want, record, files)
		if err != nil {
			return err
		}
		prev := ""
		if len(out) > 0 {
			prev = out[len(out)-1].sum
		}
		if ver.Prev != prev {
			return fmt.Errorf("%s does not follow the version stored before it (the chain of versions is broken)", versionPlace(id, want))
		}
		out = append(out, ver)
		return nil
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("%s has no versions", id)
	}
	return out, err
}

// crossCheck checks the records against the index and one another.
func (snap *snapshot) crossCheck(idx *index) error {
	want := snap.index()
	switch {
	case idx.Approvals != want.Approvals:
		return fmt.Errorf("the index counts %d approvals, the store holds %d", idx.Approvals, want.Approvals)
	case idx.ApprovalsSum != want.ApprovalsSum:
		return fmt.Errorf("the approvals are not the ones the index records")
	case len(idx.Remixlets) != len(want.Remixlets):
		return fmt.Errorf("the index lists %d remixlets, the store holds %d", len(idx.Remixlets), len(want.Remixlets))
	}
	for i, e := range idx.Remixlets {
		w := want.Remixlets[i]
		switch {
		case e.ID != w.ID:
			return fmt.Errorf("the index lists the remixlet %s where the store holds %s", e.ID, w.ID)
		case e.Versions != w.Versions:
			return fmt.Errorf("the index counts %d versions of %s, the store holds %d", e.Versions, e.ID, w.Versions)
		case e.Head != w.Head:
			return fmt.Errorf("the newest version of %s is not the one the index records", e.ID)
		}
	}
	for _, id := range snap.ids() {
		vs := snap.remixlets[id]
		for _, v := range vs {
			if v.RestoredFrom > 0 {
				if from := vs[v.RestoredFrom-1]; from.Digest != v.Digest {
					return fmt.Errorf("%s was restored from version %d, but their files differ", versionPlace(id, v.Number), v.RestoredFrom)
				}
				continue
			}
			a := snap.approvals[v.Approval]
			switch {
			case a == nil:
				return fmt.Errorf("%s names an approval the store does not have", versionPlace(id, v.Number))
			case a.Used == nil:
				return fmt.Errorf("%s was stored with an approval that is still unused", versionPlace(id, v.Number))
			case a.Used.Version != v.Number || a.Remixlet != id || a.Digest != v.Digest:
				return fmt.Errorf("%s and its approval disagree", versionPlace(id, v.Number))
			}
		}
	}
	for _, key := range slices.Sorted(mapKeys(snap.approvals)) {
		a := snap.approvals[key]
		vs := snap.remixlets[a.Remixlet]
		if a.Running > 0 && (a.Running > len(vs) || vs[a.Running-1].Digest != a.RunningDigest) {
			return fmt.Errorf("approval %s was decided against version %d of %s, which the store does not hold", shortKey(key), a.Running, a.Remixlet)
		}
		if a.Used != nil && a.Used.Version > 0 && (a.Used.Version > len(vs) || vs[a.Used.Version-1].Approval != key) {
			return fmt.Errorf("approval %s activated version %d of %s, which the store does not hold", shortKey(key), a.Used.Version, a.Remixlet)
		}
	}
	return nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// writer changes the store in one transaction and keeps the snapshot in
// step, so the index written at the end describes what was written.
type writer struct {
	tx   *bolt.Tx
	snap *snapshot
}

func (w *writer) putApproval(a *Approval) error {
	data, err := sealApproval(a)
	if err != nil {
		return err
	}
	if err := w.tx.Bucket(bucketApprovals).Put([]byte(a.Key), data); err != nil {
		return err
	}
	sum, _, _ := strings.Cut(string(data), " ")
	w.snap.approvals[a.Key], w.snap.sums[a.Key] = a, sum
	return nil
}

func (w *writer) dropApproval(key string) error {
	delete(w.snap.approvals, key)
	delete(w.snap.sums, key)
	return w.tx.Bucket(bucketApprovals).Delete([]byte(key))
}

// addVersion stores v as the remixlet's next version, linked to the one
// before.
func (w *writer) addVersion(v *Version) error {
	vs := w.snap.remixlets[v.Remixlet]
	v.Number, v.Prev = len(vs)+1, ""
	if len(vs) > 0 {
		v.Prev = vs[len(vs)-1].sum
	}
	record, err := sealVersion(v)
	if err != nil {
		return err
	}
	b, err := w.tx.Bucket(bucketRemixlets).CreateBucketIfNotExists([]byte(v.Remixlet))
	if err != nil {
		return err
	}
	if err := putVersion(b, v, record); err != nil {
		return err
	}
	w.snap.remixlets[v.Remixlet] = append(vs, v)
	return nil
}

func putVersion(b *bolt.Bucket, v *Version, record []byte) error {
	vb, err := b.CreateBucket(versionKey(v.Number))
	if err != nil {
		return err
	}
	if err := vb.Put(keyRecord, record); err != nil {
		return err
	}
	for _, f := range v.Files {
		if err := vb.Put([]byte(f.Name), f.Data); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) writeIndex() error {
	data, _, err := seal(kindIndex, "the store", w.snap.index())
	if err != nil {
		return err
	}
	return w.tx.Bucket(bucketMeta).Put(keyIndex, data)
}

// update runs fn in a write transaction and writes the index after it.
func (s *Store) update(create bool, fn func(w *writer) error) error {
	return s.run(true, create, func(tx *bolt.Tx, snap *snapshot) error {
		w := &writer{tx: tx, snap: snap}
		if err := fn(w); err != nil {
			return err
		}
		return w.writeIndex()
	})
}

func versionKey(n int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }

// writeFresh writes snap as a complete, compact database into a new
// temporary file in the store folder, synced, and returns its path.
func (s *Store) writeFresh(snap *snapshot) (string, error) {
	suffix := make([]byte, 8)
	if _, err := rand.Read(suffix); err != nil {
		return "", err
	}
	tmp := filepath.Join(s.Dir, tempPrefix+hex.EncodeToString(suffix))
	db, err := bolt.Open(tmp, 0o600, &bolt.Options{
		Timeout: s.timeout,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			return os.OpenFile(name, flag|os.O_EXCL|openNoFollow, perm)
		},
	})
	if err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		if err := meta.Put(keyFormat, []byte(format)); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bucketApprovals); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bucketRemixlets); err != nil {
			return err
		}
		w := &writer{tx: tx, snap: emptySnapshot()}
		for _, key := range slices.Sorted(mapKeys(snap.approvals)) {
			if err := w.putApproval(snap.approvals[key]); err != nil {
				return err
			}
		}
		for _, id := range snap.ids() {
			b, err := tx.Bucket(bucketRemixlets).CreateBucket([]byte(id))
			if err != nil {
				return err
			}
			for _, v := range snap.remixlets[id] {
				// The records are copied byte for byte: the chain
				// names each one's checksum.
				if err := putVersion(b, v, v.raw); err != nil {
					return err
				}
			}
			w.snap.remixlets[id] = snap.remixlets[id]
		}
		return w.writeIndex()
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncFile(tmp)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|openNoFollow, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// createNew creates an empty store where there is none. When another
// process creates one first, that one is kept.
func (s *Store) createNew() error {
	if err := s.makeFolder(); err != nil {
		return err
	}
	tmp, err := s.writeFresh(emptySnapshot())
	if errors.Is(err, fs.ErrNotExist) {
		return nil // another process's clean-up removed it: look again
	}
	if err != nil {
		return s.cannotWrite(err)
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, s.Path()); err != nil {
		if errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
			return nil // another process won, or removed our temporary file: look again
		}
		return s.cannotWrite(err)
	}
	if err := syncDir(s.Dir); err != nil {
		return s.cannotWrite(err)
	}
	return nil
}

// replace writes snap as the new store.db, compactly, and renames it over
// the old one. The caller holds the old one's exclusive lock.
func (s *Store) replace(snap *snapshot) error {
	tmp, err := s.writeFresh(snap)
	if err != nil {
		return s.cannotWrite(err)
	}
	if err := os.Rename(tmp, s.Path()); err != nil {
		_ = os.Remove(tmp)
		return s.cannotWrite(err)
	}
	if err := syncDir(s.Dir); err != nil {
		return s.cannotWrite(err)
	}
	return nil
}

// makeFolder creates the store folder (0700) when it does not exist; the
// folder itself may be a link.
func (s *Store) makeFolder() error {
	info, err := os.Stat(s.Dir)
	switch {
	case err == nil && !info.IsDir():
		return fmt.Errorf("the store folder %s is a file, not a folder: give --store a folder", s.Dir)
	case err == nil:
		return nil
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		if isWriteRefusal(err) || errors.Is(err, syscall.ENOSPC) {
			return s.cannotWrite(err)
		}
		return fmt.Errorf("cannot create the store folder %s: %s", s.Dir, plainError(err))
	}
	return nil
}

// removeTemporaries removes temporary files left by processes that
// stopped while writing a new store.db. It runs under the store's
// exclusive lock, so no rewrite is under way; a first approval still
// building its file holds bbolt's lock on it and is left alone, and one
// that has just let go of it finds its file gone and looks again.
func (s *Store) removeTemporaries() {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), tempPrefix) {
			continue
		}
		path := filepath.Join(s.Dir, e.Name())
		f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow, 0)
		if err != nil {
			_ = os.Remove(path) // a link or something else: not ours to open
			continue
		}
		// A second name of store.db itself (a first approval stopped
		// between linking it into place and removing its temporary
		// name), or a file nobody holds.
		if s.stillNamed(f) || lockFile(f, true, 0) == nil {
			_ = os.Remove(path)
		}
		_ = f.Close()
	}
}

// newToken returns 128 random bits in hex.
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}
