// Package store is the version store: every remixlet's versions and the
// approvals that activate them. Activation is the only way files reach it;
// a stored manifest is the record of what was approved.
//
// # Why bbolt
//
// The store is one bbolt database (go.etcd.io/bbolt), store.db, in the
// store folder. The requirement that decided it: activation must use up
// the approval and store the version in one atomic step, and exactly one
// of any number of concurrent activations with one approval may succeed.
// A bbolt read-write transaction is that step: the database file is locked
// (flock) by one process at a time, the transaction checks the approval,
// marks it used and writes the version, and the commit either happens
// whole or not at all (copy-on-write pages, then one of two checksummed
// meta pages, each synced), so a process killed at any point, kill -9
// included, leaves the last committed state. Plain files with O_EXCL
// markers and write-then-rename make each file atomic, but "approval used"
// and "version stored" would be two steps, and a kill between them needs a
// recovery journal: a small database written by hand.
//
// The database is opened for each operation and closed at once, so the
// lock is held only for one transaction; a process that finds it locked
// waits at most Options.Timeout and then says which store is busy. Reading
// (history, export) takes a shared lock.
//
// bbolt trusts its file: a damaged page makes it panic. Every access runs
// with that panic, and a fault on the mapped file, turned into an error
// that names the store file and says what to do. Records are strict JSON
// (unknown and repeated keys refused) and are checked on every read: an
// approval's lifetime must be exactly ten minutes, a version's files must
// be exactly those its record lists and hash to its recorded digest. A
// damaged or hand-edited store is therefore refused with a clear error,
// never read as if it were fine. The store does not defend against someone
// who can write to its folder and rewrites files and digests together:
// keep the folder private (it is created 0700, the database 0600). One
// kind of damage is not an error, by bbolt's design: when the newer of its
// two meta pages is unreadable it falls back to the commit before, as after
// a crash during that commit, so the last transaction is undone whole (an
// activation's approval and version alike).
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
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/remixlet/remixlet/analysis"
)

// FileName is the database's name in the store folder.
const FileName = "store.db"

// DefaultTimeout is how long an operation waits for another process that
// holds the store's lock.
const DefaultTimeout = 30 * time.Second

const format = "remixlet store 1"

var (
	bucketMeta      = []byte("meta")
	bucketApprovals = []byte("approvals")
	bucketRemixlets = []byte("remixlets")
	keyFormat       = []byte("format")
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
		return "", fmt.Errorf("no store folder: give --store PATH or set REMIXLET_STORE (%v)", err)
	}
	return filepath.Join(home, ".local", "state", "remixlet"), nil
}

// New returns the store in dir. Nothing is created until the first write.
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

func (s *Store) path() string { return filepath.Join(s.Dir, FileName) }

// DamagedError says the store cannot be read as a remixlet store.
type DamagedError struct {
	Path   string
	Reason string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the store %s is damaged or was changed by hand (%s): nothing was read from it as valid; move it aside to start a new store, or restore it from a backup", e.Path, e.Reason)
}

// errEmpty is returned by reads of a store that does not exist yet.
var errEmpty = errors.New("empty store")

// run opens the database, runs fn in one transaction and closes it again.
// A panic or memory fault inside bbolt (a damaged file) becomes a
// DamagedError.
func (s *Store) run(write bool, fn func(tx *bolt.Tx) error) (err error) {
	// bbolt can panic inside Open, before it returns the database to
	// close; the file it opened is kept here so that its lock is released
	// all the same.
	var file *os.File
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if file != nil {
				release(file)
			}
			err = &DamagedError{Path: s.path(), Reason: fmt.Sprint(r)}
		}
	}()
	if write {
		if err := os.MkdirAll(s.Dir, 0o700); err != nil {
			return fmt.Errorf("cannot create the store folder: %w", err)
		}
	} else if _, err := os.Stat(s.path()); errors.Is(err, os.ErrNotExist) {
		return errEmpty
	}
	openFile := func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		file = f
		return f, err
	}
	db, err := bolt.Open(s.path(), 0o600, &bolt.Options{Timeout: s.timeout, ReadOnly: !write, OpenFile: openFile})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("the store %s is in use by another remixlet process (waited %v): try again when it has finished", s.path(), s.timeout)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return &DamagedError{Path: s.path(), Reason: err.Error()}
	case err != nil:
		// bbolt reports a file too short to be a database without a
		// sentinel; anything else is an I/O error.
		if info, serr := os.Stat(s.path()); serr == nil && info.Mode().IsRegular() && info.Size() > 0 {
			return &DamagedError{Path: s.path(), Reason: err.Error()}
		}
		return fmt.Errorf("cannot open the store: %w", err)
	}
	defer db.Close()
	if write {
		return db.Update(func(tx *bolt.Tx) error {
			if err := s.init(tx); err != nil {
				return err
			}
			return fn(tx)
		})
	}
	return db.View(func(tx *bolt.Tx) error {
		if err := s.checkFormat(tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

func (s *Store) init(tx *bolt.Tx) error {
	if tx.Bucket(bucketMeta) == nil {
		c := tx.Cursor()
		if k, _ := c.First(); k != nil {
			return &DamagedError{Path: s.path(), Reason: "a bbolt database, but not a remixlet store"}
		}
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		if err := meta.Put(keyFormat, []byte(format)); err != nil {
			return err
		}
		for _, b := range [][]byte{bucketApprovals, bucketRemixlets} {
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
	}
	return s.checkFormat(tx)
}

func (s *Store) checkFormat(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return &DamagedError{Path: s.path(), Reason: "no format record"}
	}
	if got := string(meta.Get(keyFormat)); got != format {
		return &DamagedError{Path: s.path(), Reason: fmt.Sprintf("format %q, this remixlet reads %q", got, format)}
	}
	if tx.Bucket(bucketApprovals) == nil || tx.Bucket(bucketRemixlets) == nil {
		return &DamagedError{Path: s.path(), Reason: "a bucket is missing"}
	}
	return nil
}

func (s *Store) damaged(err error) error {
	return &DamagedError{Path: s.path(), Reason: err.Error()}
}

func versionKey(n int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }

// versions returns a remixlet's bucket of versions, nil when it has none.
func versions(tx *bolt.Tx, id string) *bolt.Bucket {
	return tx.Bucket(bucketRemixlets).Bucket([]byte(id))
}

// readVersion reads and checks one version from its bucket.
func (s *Store) readVersion(id string, key []byte, b *bolt.Bucket) (*Version, error) {
	if b == nil {
		return nil, s.damaged(fmt.Errorf("%s: a value where a version belongs", id))
	}
	if len(key) != 8 {
		return nil, s.damaged(fmt.Errorf("%s: a version key of %d bytes", id, len(key)))
	}
	n := binary.BigEndian.Uint64(key)
	if n == 0 || n > 1<<31 {
		return nil, s.damaged(fmt.Errorf("%s: version number %d", id, n))
	}
	record := b.Get(keyRecord)
	if record == nil {
		return nil, s.damaged(fmt.Errorf("%s version %d has no record", id, n))
	}
	var files []analysis.File
	err := b.ForEach(func(k, v []byte) error {
		if string(k) == string(keyRecord) {
			return nil
		}
		if v == nil {
			return fmt.Errorf("%s version %d holds a bucket %q", id, n, k)
		}
		files = append(files, analysis.File{Name: string(k), Data: slices.Clone(v)})
		return nil
	})
	if err != nil {
		return nil, s.damaged(err)
	}
	v, err := decodeVersion(id, int(n), record, files)
	if err != nil {
		return nil, s.damaged(err)
	}
	return v, nil
}

// current returns a remixlet's newest version, or nil.
func (s *Store) current(tx *bolt.Tx, id string) (*Version, error) {
	b := versions(tx, id)
	if b == nil {
		return nil, nil
	}
	k, v := b.Cursor().Last()
	if k == nil {
		return nil, s.damaged(fmt.Errorf("%s has no versions", id))
	}
	if v != nil {
		return nil, s.damaged(fmt.Errorf("%s: a value where a version belongs", id))
	}
	return s.readVersion(id, k, b.Bucket(k))
}

// putVersion writes v as the remixlet's next version.
func putVersion(tx *bolt.Tx, v *Version) error {
	b, err := tx.Bucket(bucketRemixlets).CreateBucketIfNotExists([]byte(v.Remixlet))
	if err != nil {
		return err
	}
	vb, err := b.CreateBucket(versionKey(v.Number))
	if err != nil {
		return err
	}
	v.Names = nil
	for _, f := range v.Files {
		v.Names = append(v.Names, f.Name)
	}
	slices.Sort(v.Names)
	record, err := encodeRecord(v)
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

// Current returns the running (newest) version of a remixlet, or nil when
// the store has none.
func (s *Store) Current(id string) (*Version, error) {
	var cur *Version
	err := s.run(false, func(tx *bolt.Tx) error {
		var err error
		cur, err = s.current(tx, id)
		return err
	})
	if errors.Is(err, errEmpty) {
		return nil, nil
	}
	return cur, err
}

// History returns every version of a remixlet, oldest first. It is empty
// when the remixlet has none.
func (s *Store) History(id string) ([]*Version, error) {
	var out []*Version
	err := s.run(false, func(tx *bolt.Tx) error {
		b := versions(tx, id)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			if v != nil {
				return s.damaged(fmt.Errorf("%s: a value where a version belongs", id))
			}
			ver, err := s.readVersion(id, k, b.Bucket(k))
			if err != nil {
				return err
			}
			out = append(out, ver)
			return nil
		})
	})
	if errors.Is(err, errEmpty) {
		return nil, nil
	}
	return out, err
}

// ErrNoVersion is returned for a version the store does not have.
var ErrNoVersion = errors.New("no such version")

// Version returns one version of a remixlet.
func (s *Store) Version(id string, number int) (*Version, error) {
	var out *Version
	err := s.run(false, func(tx *bolt.Tx) error {
		b := versions(tx, id)
		if b == nil || number < 1 || b.Bucket(versionKey(number)) == nil {
			return ErrNoVersion
		}
		var err error
		out, err = s.readVersion(id, versionKey(number), b.Bucket(versionKey(number)))
		return err
	})
	if errors.Is(err, errEmpty) {
		return nil, ErrNoVersion
	}
	return out, err
}

// Remixlets lists the ids of the remixlets the store holds.
func (s *Store) Remixlets() ([]string, error) {
	var ids []string
	err := s.run(false, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRemixlets).ForEach(func(k, _ []byte) error {
			ids = append(ids, string(k))
			return nil
		})
	})
	if errors.Is(err, errEmpty) {
		return nil, nil
	}
	return ids, err
}

// Delete removes a remixlet and every version of it, and with them every
// permission it held. It returns how many versions were removed; 0 when
// the store had none.
func (s *Store) Delete(id string) (int, error) {
	if _, err := os.Stat(s.path()); errors.Is(err, os.ErrNotExist) {
		return 0, nil // nothing to delete, and no reason to create a store
	}
	removed := 0
	err := s.run(true, func(tx *bolt.Tx) error {
		b := versions(tx, id)
		if b == nil {
			return nil
		}
		err := b.ForEach(func(_, v []byte) error {
			if v == nil {
				removed++
			}
			return nil
		})
		if err != nil {
			return err
		}
		return tx.Bucket(bucketRemixlets).DeleteBucket([]byte(id))
	})
	return removed, err
}

// newToken returns 128 random bits in hex.
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}
