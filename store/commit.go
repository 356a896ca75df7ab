package store

// The commit record: a small file beside store.db, store.commit, that
// names the last change made to the store, so that a store.db older than
// the last change is seen. See "A lost change is seen" in the package
// documentation for what it defends against and what it cannot.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/remixlet/remixlet/internal/safetext"
)

// CommitFileName is the commit record's name in the store folder.
const CommitFileName = "store.commit"

// maxCommitRecord bounds what is read of the record: it is one line.
const maxCommitRecord = 4096

const kindCommit = "commit"

// commitRecord names a change: its number (the store counts its changes,
// 1, 2, 3 …, in its index) and the checksum of the index record the
// change wrote, which covers every other record.
type commitRecord struct {
	Change int    `json:"change"`
	Index  string `json:"index"`
}

func (s *Store) commitPath() string { return filepath.Join(s.Dir, CommitFileName) }

// readCommit reads the commit record; nil when there is none.
func (s *Store) readCommit() (*commitRecord, error) {
	path := s.commitPath()
	f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow|syscall.O_NONBLOCK, 0)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.Is(err, syscall.ELOOP):
		return nil, s.damagedRecord("it is a link")
	case err != nil:
		return nil, fmt.Errorf("cannot read the commit record %s: %s", safetext.Clean(path), readReason(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read the commit record %s: %s", safetext.Clean(path), readReason(err))
	}
	if !info.Mode().IsRegular() {
		return nil, s.damagedRecord("it is not a regular file")
	}
	if err := checkPrivate(path, info, false); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxCommitRecord+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the commit record %s: %s", safetext.Clean(path), readReason(err))
	}
	if len(data) > maxCommitRecord {
		return nil, s.damagedRecord("it is longer than a commit record")
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, s.damagedRecord("it is cut short")
	}
	var rec commitRecord
	if _, err := unseal(kindCommit, "the commit record", data[:len(data)-1], &rec); err != nil {
		return nil, s.damagedRecord(err.Error())
	}
	if rec.Change < 1 || !isKey(rec.Index) {
		return nil, s.damagedRecord(fmt.Sprintf("it names change %d with index %q", rec.Change, rec.Index))
	}
	return &rec, nil
}

func (s *Store) damagedRecord(reason string) error {
	return &DamagedError{Path: s.Path(), Reason: "its commit record " + CommitFileName + " is damaged: " + reason,
		Hint: "if store.db is the store you mean to keep, remove the record (rm " + safetext.ShellQuote(s.commitPath()) + "); the next change writes a new one"}
}

// checkCommit compares the store as read with its commit record. A store
// one change ahead of its record is the state a process that stopped
// between the two writes leaves (store.db is written first): pending is
// then set, and the next change brings the record up to date first.
func (s *Store) checkCommit(snap *snapshot, rec *commitRecord) (pending bool, err error) {
	if rec == nil {
		return false, nil
	}
	accept := "put back a backup of the newer store.db; if you put back an older store.db on purpose (a backup), accept it by removing its commit record: rm " + safetext.ShellQuote(s.commitPath())
	switch {
	case snap.change < rec.Change:
		return false, &DamagedError{Path: s.Path(), Reason: fmt.Sprintf("the last change was lost: the disk did not keep it (store.db holds change %d, and its commit record says change %d was made)", snap.change, rec.Change), Hint: accept}
	case snap.change == rec.Change && snap.indexSum != rec.Index:
		return false, &DamagedError{Path: s.Path(), Reason: fmt.Sprintf("store.db is not the store its commit record names: both are at change %d, with other contents", rec.Change), Hint: accept}
	case snap.change == rec.Change:
		return false, nil
	case snap.change == rec.Change+1:
		return true, nil
	}
	return false, &DamagedError{Path: s.Path(), Reason: fmt.Sprintf("its commit record is older than store.db (it names change %d, store.db holds change %d): the disk did not keep a change to the record, or an older copy of it was put back", rec.Change, snap.change),
		Hint: "if store.db is the store you mean to keep, remove the record (rm " + safetext.ShellQuote(s.commitPath()) + "); the next change writes a new one"}
}

// preparedCommit is a commit record written to a temporary file and
// synced, to be renamed into place once the change it names is made. Its
// file stays open and locked until then.
type preparedCommit struct {
	s    *Store
	tmp  string
	file *os.File
}

// prepareCommit writes rec to a new temporary file in the store folder
// and syncs it, before the change is made: a full disk then stops the
// change instead of leaving it without its record.
func (s *Store) prepareCommit(rec commitRecord) (*preparedCommit, error) {
	data, _, err := seal(kindCommit, "the commit record", rec)
	if err != nil {
		return nil, err
	}
	tmp, f, err := s.createTemp(os.O_WRONLY)
	if err != nil {
		return nil, err
	}
	p := &preparedCommit{s: s, tmp: tmp, file: f}
	_, err = f.Write(append(data, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		p.discard()
		return nil, err
	}
	return p, nil
}

// install renames the prepared record into place and syncs the folder.
func (p *preparedCommit) install() error {
	if err := os.Rename(p.tmp, p.s.commitPath()); err != nil {
		p.discard()
		return err
	}
	p.tmp = ""
	p.release()
	return syncDir(p.s.Dir)
}

// discard removes a prepared record whose change was not made.
func (p *preparedCommit) discard() {
	if p == nil {
		return
	}
	if p.tmp != "" {
		_ = os.Remove(p.tmp)
		p.tmp = ""
	}
	p.release()
}

func (p *preparedCommit) release() {
	if p.file != nil {
		unlockFile(p.file)
		_ = p.file.Close()
		p.file = nil
	}
}

// writeCommit writes rec as the commit record now.
func (s *Store) writeCommit(rec commitRecord) error {
	p, err := s.prepareCommit(rec)
	if err != nil {
		return err
	}
	return p.install()
}
