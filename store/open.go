package store

// Opening, checking and changing store.db: one transaction per command
// under the file's lock, the commit record kept in step, and every
// failure said as what it changed.

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	bolt "go.etcd.io/bbolt"

	"github.com/remixlet/remixlet/internal/safetext"
)

// MaxSize is the largest store.db the store reads or grows: a larger file
// is not one remixlet wrote, and a change that would grow the file past it
// is refused (delete remixlets to make room). It bounds what a command
// maps and reads; a store of a person's remixlets is a few megabytes.
const MaxSize int64 = 1 << 30

// handle is store.db opened, locked and its structure checked.
type handle struct {
	file     *os.File
	dup      *os.File // bbolt's descriptor of the same open file
	db       *bolt.DB
	pageSize int
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
// store.db, and checks its structure; errNoStore says there is none.
func (s *Store) acquire(write bool) (*handle, error) {
	if err := s.checkFolder(); err != nil {
		return nil, err
	}
	path := s.Path()
	for range 20 {
		info, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, errNoStore
		case err != nil:
			return nil, fmt.Errorf("cannot read the store %s: %s", safetext.Clean(path), readReason(err))
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			return nil, fmt.Errorf("%s is a link (to %s): the store keeps its database only in its own folder; replace the link with the file itself, or give --store the folder the file is in", safetext.Clean(path), safetext.Clean(target))
		case !info.Mode().IsRegular():
			return nil, s.damaged("store.db is not a regular file")
		}
		flag := os.O_RDONLY
		if write {
			flag = os.O_RDWR
		}
		f, err := os.OpenFile(path, flag|openNoFollow|syscall.O_NONBLOCK, 0)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case write && isWriteRefusal(err):
			return nil, s.cannotWrite(err)
		case err != nil:
			return nil, fmt.Errorf("cannot open the store %s: %s", safetext.Clean(path), readReason(err))
		}
		if err := lockFile(f, write, s.timeout); err != nil {
			_ = f.Close()
			if errors.Is(err, errBusy) {
				return nil, fmt.Errorf("the store %s is in use by another remixlet process (waited %v): try again when it has finished", safetext.Clean(path), s.timeout)
			}
			return nil, fmt.Errorf("cannot lock the store %s: %s", safetext.Clean(path), readReason(err))
		}
		h := &handle{file: f}
		if !s.stillNamed(f) {
			h.close()
			continue
		}
		if err := s.checkFile(h); err != nil {
			h.close()
			return nil, err
		}
		return h, nil
	}
	return nil, fmt.Errorf("the store %s kept being replaced while it was opened: try again", safetext.Clean(path))
}

// checkFolder checks the store folder, when there is one: a folder, and
// private.
func (s *Store) checkFolder() error {
	info, err := os.Stat(s.Dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.Is(err, syscall.ENOTDIR), err == nil && !info.IsDir():
		return fmt.Errorf("the store %s is not a folder (it, or a folder on its path, is a file): give --store the folder the versions are kept in, or a new one", safetext.Clean(s.Dir))
	case err != nil:
		return fmt.Errorf("cannot read the store folder %s: %s", safetext.Clean(s.Dir), readReason(err))
	}
	return checkPrivate(s.Dir, info, true)
}

// checkFile checks the open store.db: private, of a size a store can
// have, and its page structure (pages.go), read through a memory map so
// that only the pages the structure names are read.
func (s *Store) checkFile(h *handle) (err error) {
	info, err := h.file.Stat()
	if err != nil {
		return fmt.Errorf("cannot read the store %s: %s", safetext.Clean(s.Path()), readReason(err))
	}
	if err := checkPrivate(s.Path(), info, false); err != nil {
		return err
	}
	size := info.Size()
	switch {
	case size == 0:
		return s.damaged("it is empty")
	case size > MaxSize:
		return s.damaged("it is %s long, more than the %s a store may grow to", byteSize(size), byteSize(MaxSize))
	case size < pageHeaderSize+metaSize:
		return s.damaged("it is only %d bytes long: it was cut short before the end of its first header", size)
	}
	data, err := mapFile(h.file, size)
	if err != nil {
		return fmt.Errorf("cannot read the store %s: %s", safetext.Clean(s.Path()), readReason(err))
	}
	defer unmapFile(data)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = s.damaged("a part of the file could not be read")
		}
	}()
	ps, err := checkPages(data)
	if err != nil {
		return s.damaged("%v", err)
	}
	h.pageSize = ps
	return nil
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

// abortTx carries an error out of a transaction, which bbolt then rolls
// back; a nil err is a transaction with nothing to write.
type abortTx struct{ err error }

func (a abortTx) Error() string {
	if a.err == nil {
		return "nothing to write"
	}
	return a.err.Error()
}

func unwrapAbort(err error) error {
	var a abortTx
	if errors.As(err, &a) {
		return a.err
	}
	return err
}

// run opens the store, checks every record and the commit record, and
// calls fn in one transaction. A write whose fn changed the snapshot's
// change number is committed with its commit record (prepared before the
// commit, put in place after it). A panic or memory fault inside bbolt
// becomes a DamagedError, without Go's words.
func (s *Store) run(write bool, fn func(tx *bolt.Tx, snap *snapshot) error) (err error) {
	h, err := s.acquire(write)
	if err != nil {
		return err
	}
	var prepared *preparedCommit
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = s.damaged("a page of the database could not be read")
		}
		prepared.discard()
		h.close()
	}()
	h.db, err = bolt.Open(s.Path(), 0o600, &bolt.Options{
		Timeout: s.timeout, ReadOnly: !write, MaxSize: int(MaxSize),
		OpenFile: func(string, int, os.FileMode) (*os.File, error) {
			dup, err := dupFile(h.file)
			h.dup = dup
			return dup, err
		},
	})
	if err != nil {
		h.db = nil
		return fmt.Errorf("cannot read the store %s: %s", safetext.Clean(s.Path()), readReason(err))
	}
	rec, err := s.readCommit()
	if err != nil {
		return err
	}
	txid := 0
	body := func(tx *bolt.Tx) error {
		snap, err := s.load(tx)
		if err != nil {
			return abortTx{err}
		}
		pending, err := s.checkCommit(snap, rec)
		if err != nil {
			return abortTx{err}
		}
		loaded := snap.change
		if write && pending {
			// The last process stopped before it wrote the record:
			// write it now, so that the record is never two changes
			// behind.
			if err := s.writeCommit(commitRecord{Change: snap.change, Index: snap.indexSum}); err != nil {
				return abortTx{s.cannotWrite(err)}
			}
		}
		txid = tx.ID()
		if err := fn(tx, snap); err != nil {
			return abortTx{err}
		}
		if !write || snap.change == loaded {
			return abortTx{nil}
		}
		prepared, err = s.prepareCommit(commitRecord{Change: snap.change, Index: snap.indexSum})
		if err != nil {
			return abortTx{s.cannotWrite(err)}
		}
		return nil
	}
	if !write {
		return unwrapAbort(h.db.View(body))
	}
	s.removeTemporaries()
	err = h.db.Update(body)
	var abort abortTx
	switch {
	case errors.As(err, &abort):
		return abort.err
	case err != nil:
		return s.failedCommit(h, txid, err, prepared)
	}
	if err := prepared.install(); err != nil {
		return &AfterChangeError{Path: s.Path(), Reason: s.writeReason(err), Kept: true}
	}
	return nil
}

// failedCommit says what is true after bbolt's commit failed: the header
// pages are read back to see whether the commit's own header was written
// (an error in syncing it comes after the change is in the file).
func (s *Store) failedCommit(h *handle, txid int, err error, prepared *preparedCommit) error {
	reason := s.writeReason(err)
	made, rerr := h.committed(txid)
	switch {
	case rerr != nil:
		return &AfterChangeError{Path: s.Path(), Reason: reason, Unsure: true}
	case !made:
		return &CannotWriteError{Path: s.Path(), Reason: reason}
	}
	// The change is in the file: its record goes in place too, so that
	// the change lost later is reported as lost.
	if prepared != nil {
		_ = prepared.install()
	}
	return &AfterChangeError{Path: s.Path(), Reason: reason}
}

// committed reports whether the newer valid header of the file is the one
// transaction txid writes.
func (h *handle) committed(txid int) (bool, error) {
	buf := make([]byte, 2*h.pageSize)
	if _, err := h.file.ReadAt(buf, 0); err != nil {
		return false, err
	}
	newest := -1
	for i := range 2 {
		if m, err := readMeta(buf, i*h.pageSize, uint64(i)); err == nil && int(m.txid) > newest {
			newest = int(m.txid)
		}
	}
	return newest == txid, nil
}

// view runs fn on the checked contents of the store; a store that does
// not exist yet is empty.
func (s *Store) view(fn func(snap *snapshot) error) error {
	err := s.run(false, func(_ *bolt.Tx, snap *snapshot) error { return fn(snap) })
	if errors.Is(err, errNoStore) {
		return fn(emptySnapshot())
	}
	return err
}

// Exists reports whether the folder holds a store.
func (s *Store) Exists() (bool, error) {
	err := s.run(false, func(*bolt.Tx, *snapshot) error { return nil })
	if errors.Is(err, errNoStore) {
		return false, nil
	}
	return err == nil, err
}

// update runs fn in a write transaction; when fn changed anything, the
// index is written after it, as the store's next change. With create, a
// missing store is created with fn's change in it, in one step.
func (s *Store) update(create bool, fn func(w *writer) error) error {
	for range 20 {
		err := s.run(true, func(tx *bolt.Tx, snap *snapshot) error {
			w := &writer{tx: tx, snap: snap}
			if err := fn(w); err != nil {
				return err
			}
			if !w.dirty {
				return nil
			}
			return w.writeIndex()
		})
		if !create || !errors.Is(err, errNoStore) {
			return err
		}
		if err := s.createWith(fn); !errors.Is(err, errCreatedElsewhere) {
			return err
		}
	}
	return fmt.Errorf("the store %s kept being replaced while it was opened: try again", safetext.Clean(s.Path()))
}

// errCreatedElsewhere says another process created the store first.
var errCreatedElsewhere = errors.New("created by another process")

// createTemp creates a new temporary file in the store folder and takes
// its exclusive lock, which it keeps while open: removeTemporaries leaves
// a locked file alone. When another process's clean-up took the name
// between the two steps, it tries another name.
func (s *Store) createTemp(flag int) (string, *os.File, error) {
	for range 10 {
		suffix := make([]byte, 8)
		if _, err := rand.Read(suffix); err != nil {
			return "", nil, err
		}
		path := filepath.Join(s.Dir, tempPrefix+hex.EncodeToString(suffix))
		f, err := os.OpenFile(path, flag|os.O_CREATE|os.O_EXCL|openNoFollow, 0o600)
		if err != nil {
			return "", nil, err
		}
		if err := lockFile(f, true, s.timeout); err != nil {
			_ = f.Close()
			return "", nil, err
		}
		held, err1 := f.Stat()
		named, err2 := os.Lstat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return path, f, nil
		}
		_ = f.Close()
	}
	return "", nil, fmt.Errorf("temporary files in %s kept being removed", safetext.Clean(s.Dir))
}

// freshStore is a complete database written to a temporary file in the
// store folder, synced, and still open and locked, so that no other
// process uses it until it is in place, with its commit record prepared.
type freshStore struct {
	path   string // its temporary name; "" once renamed into place
	file   *os.File
	db     *bolt.DB
	commit *preparedCommit
}

// close lets go of the file, and removes what was not put in place.
func (fr *freshStore) close() {
	fr.commit.discard()
	if fr.db != nil {
		_ = fr.db.Close() // and bbolt's descriptor with it
	}
	unlockFile(fr.file)
	_ = fr.file.Close()
	if fr.path != "" {
		_ = os.Remove(fr.path)
	}
}

// writeFresh writes snap as a complete, compact database, with fn's
// change when fn is not nil, as change number change, into a new
// temporary file in the store folder, and prepares its commit record.
func (s *Store) writeFresh(snap *snapshot, change int, fn func(w *writer) error) (*freshStore, error) {
	tmp, f, err := s.createTemp(os.O_RDWR)
	if err != nil {
		return nil, err
	}
	fr := &freshStore{path: tmp, file: f}
	fr.db, err = bolt.Open(tmp, 0o600, &bolt.Options{
		Timeout: s.timeout, MaxSize: int(MaxSize),
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return dupFile(f) },
	})
	if err != nil {
		fr.db = nil
		fr.close()
		return nil, err
	}
	w := &writer{snap: emptySnapshot()}
	w.snap.change = change - 1
	err = fr.db.Update(func(tx *bolt.Tx) error {
		w.tx = tx
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
		if fn != nil {
			if err := fn(w); err != nil {
				return abortTx{err}
			}
		}
		return w.writeIndex()
	})
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		fr.commit, err = s.prepareCommit(commitRecord{Change: w.snap.change, Index: w.snap.indexSum})
	}
	if err != nil {
		fr.close()
		return nil, err // fn's own error comes as an abortTx
	}
	return fr, nil
}

// createWith creates the store where there is none, with fn's change in
// it, numbering that change after the one the commit record names (a
// store moved aside leaves its record, and a copy of it put back later is
// then seen as older). When another process creates one first,
// errCreatedElsewhere says to make the change there. A creation that
// fails changes nothing.
func (s *Store) createWith(fn func(w *writer) error) error {
	if err := s.makeFolder(); err != nil {
		return err
	}
	s.removeTemporaries()
	rec, err := s.readCommit()
	if err != nil {
		return err
	}
	change := 1
	if rec != nil {
		change = rec.Change + 1
	}
	fresh, err := s.writeFresh(emptySnapshot(), change, fn)
	var abort abortTx
	switch {
	case errors.As(err, &abort):
		return abort.err // fn's own answer
	case errors.Is(err, fs.ErrNotExist):
		return errCreatedElsewhere // the folder went away meanwhile: look again
	case err != nil:
		return s.cannotWrite(err)
	}
	defer fresh.close()
	if err := os.Link(fresh.path, s.Path()); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return errCreatedElsewhere
		}
		return s.cannotWrite(err)
	}
	// A second name of store.db: removed at once (and by the next
	// command's clean-up if this process stops first).
	_ = os.Remove(fresh.path)
	fresh.path = ""
	err = syncDir(s.Dir)
	if err == nil {
		err = fresh.commit.install()
	}
	if err != nil {
		// Nobody has used the new store: its lock is still held. It is
		// taken back, so that the failed creation changed nothing.
		_ = os.Remove(s.Path())
		_ = syncDir(s.Dir)
		return s.cannotWrite(err)
	}
	return nil
}

// replace writes snap as the new store.db, compactly, as the next change,
// and renames it over the old one, then puts its commit record in place.
// The caller holds the old one's exclusive lock.
func (s *Store) replace(snap *snapshot) error {
	fresh, err := s.writeFresh(snap, snap.change+1, nil)
	if err != nil {
		return s.cannotWrite(err)
	}
	defer fresh.close()
	if err := os.Rename(fresh.path, s.Path()); err != nil {
		return s.cannotWrite(err)
	}
	fresh.path = ""
	if err := syncDir(s.Dir); err != nil {
		// The rename may not be kept: with the record in place, losing
		// it is reported as a lost change.
		_ = fresh.commit.install()
		return &AfterChangeError{Path: s.Path(), Reason: s.writeReason(err)}
	}
	if err := fresh.commit.install(); err != nil {
		return &AfterChangeError{Path: s.Path(), Reason: s.writeReason(err), Kept: true}
	}
	return nil
}

// makeFolder creates the store folder (0700) when it does not exist; the
// folder itself may be a link. An existing folder is checked, never
// changed.
func (s *Store) makeFolder() error {
	if err := s.checkFolder(); err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return s.folderError(err)
	}
	return nil
}

// folderError says why the store folder could not be created: which
// folder is missing and why it cannot be made, and where the folder's
// name came from when it was not given.
func (s *Store) folderError(err error) error {
	missing, parent := s.Dir, filepath.Dir(s.Dir)
	for parent != missing {
		if _, err := os.Stat(parent); err == nil {
			break
		}
		missing, parent = parent, filepath.Dir(parent)
	}
	var errno syscall.Errno
	errors.As(err, &errno)
	var why string
	switch errno {
	case syscall.EACCES, syscall.EPERM:
		why = fmt.Sprintf("%s does not exist, and this user may not create folders in %s", safetext.Clean(missing), safetext.Clean(parent))
	case syscall.ENOTDIR:
		why = fmt.Sprintf("%s is a file, not a folder", safetext.Clean(parent))
	case syscall.ENOENT:
		// /proc/x: the folder is there and takes no new ones.
		why = fmt.Sprintf("the system does not allow new folders in %s", safetext.Clean(parent))
	case 0:
		why = fmt.Sprintf("%s could not be created in %s", safetext.Clean(missing), safetext.Clean(parent))
	default:
		why = fmt.Sprintf("%s could not be created in %s, because %s", safetext.Clean(missing), safetext.Clean(parent), errnoReason(errno))
	}
	if s.origin != "" {
		return fmt.Errorf("cannot create the store folder %s: %s; its name comes from %s: set that to a folder that exists, or give --store PATH", safetext.Clean(s.Dir), why, s.origin)
	}
	return fmt.Errorf("cannot create the store folder %s: %s", safetext.Clean(s.Dir), why)
}

// removeTemporaries removes temporary files left by processes that
// stopped while writing a new store.db or a commit record. A process
// holds the lock of each temporary file it makes from the moment it
// makes it (createTemp) until it is in place or removed, so a file that
// can be locked here is one nobody will use.
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
		f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow|syscall.O_NONBLOCK, 0)
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
