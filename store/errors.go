package store

import (
	"errors"
	"fmt"
	"syscall"

	berrors "go.etcd.io/bbolt/errors"

	"github.com/remixlet/remixlet/internal/safetext"
)

// DamagedError says the store cannot be read as a remixlet store. Nothing
// is read from it as valid.
type DamagedError struct {
	Path   string // store.db
	Reason string
	// Hint, when set, is the way forward instead of the usual one (move
	// the file aside, or put back a backup).
	Hint string
}

func (e *DamagedError) Error() string {
	hint := e.Hint
	if hint == "" {
		p := safetext.ShellQuote(e.Path)
		hint = fmt.Sprintf("put back a backup of it, or move it aside (keep it for reference) to start a new store: mv %s %s", p, safetext.ShellQuote(e.Path+".damaged"))
	}
	return fmt.Sprintf("the store %s is damaged: %s; nothing was read from it as valid; %s", safetext.Clean(e.Path), e.Reason, hint)
}

// CannotWriteError says a change could not be made, and why: nothing was
// changed. Commands that only read the store still work.
type CannotWriteError struct {
	Path   string
	Reason string
}

func (e *CannotWriteError) Error() string {
	return fmt.Sprintf("the store %s cannot be written, because %s: nothing was changed; commands that only read it (history, list, export) still work", safetext.Clean(e.Path), e.Reason)
}

// AfterChangeError says the disk reported an error after the change was
// made, or while it was being made when whether it was made could not be
// read back. The command's change is in the store (every later command
// sees it) unless Unsure says it may not be; a command exits 2 for it and
// says what it did and how to check.
type AfterChangeError struct {
	Path   string
	Reason string
	// Kept is set when the change had reached the disk before the error:
	// the error was in updating the commit record beside the store, which
	// the next change brings up to date. Otherwise the change may be lost
	// if the machine stops before the disk keeps it, and the store then
	// reports the last change as lost.
	Kept bool
	// Unsure is set when the store could not be read back to tell whether
	// the change was made.
	Unsure bool
}

func (e *AfterChangeError) Error() string {
	switch {
	case e.Unsure:
		return fmt.Sprintf("the change may or may not have been made: writing it to the store %s failed, because %s, and the store could not be read back to tell", safetext.Clean(e.Path), e.Reason)
	case e.Kept:
		return fmt.Sprintf("the change was made and is kept, but then updating the commit record beside the store %s failed, because %s; the next change brings the record up to date", safetext.Clean(e.Path), e.Reason)
	}
	return fmt.Sprintf("the change was made, but it is not known to be kept, because %s: every command sees it now, but it may be lost if the machine stops before the disk keeps it, and the store %s would then say its last change was lost", e.Reason, safetext.Clean(e.Path))
}

var (
	errNoStore = errors.New("no store yet")
	errBusy    = errors.New("busy")
)

func (s *Store) damaged(format string, args ...any) error {
	return &DamagedError{Path: s.Path(), Reason: fmt.Sprintf(format, args...)}
}

// cannotWrite says why a change could not be made; nothing was changed.
func (s *Store) cannotWrite(err error) error {
	var cw *CannotWriteError
	if errors.As(err, &cw) {
		return err
	}
	return &CannotWriteError{Path: s.Path(), Reason: s.writeReason(err)}
}

// writeReason says in words for a person why a write failed. Some of
// bbolt's errors keep only the text of the system's (growing and syncing
// the file); for those the file system is asked whether it is read-only
// or full.
func (s *Store) writeReason(err error) string {
	if errors.Is(err, berrors.ErrMaxSizeReached) {
		return fmt.Sprintf("it has reached the %s a store may grow to (delete remixlets you no longer need with `remixlet delete ID`, then try again)", byteSize(MaxSize))
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errnoReason(errno)
	}
	switch fsState(s.Dir) {
	case fsReadOnly:
		return errnoReason(syscall.EROFS)
	case fsFull:
		return errnoReason(syscall.ENOSPC)
	}
	return "the disk reported an error while the store was being written (check the disk)"
}

func errnoReason(errno syscall.Errno) string {
	switch errno {
	case syscall.EROFS:
		return "it is on a read-only file system"
	case syscall.EACCES, syscall.EPERM:
		return "store.db or its folder is read-only for this user (check their permissions)"
	case syscall.ENOSPC:
		return "the disk is full (free some space, then try again)"
	case syscall.EDQUOT:
		return "the disk quota is used up (free some space, then try again)"
	case syscall.EIO:
		return "the disk reported an input/output error (check the disk)"
	}
	return "the system reported: " + errno.Error()
}

// readReason says why the store could not be read.
func readReason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.EACCES, syscall.EPERM:
			return "this user may not read it (check the permissions of store.db and its folder)"
		case syscall.EIO:
			return "the disk reported an input/output error (check the disk)"
		case syscall.ENOMEM:
			return "there is not enough memory to map it"
		}
		return "the system reported: " + errno.Error()
	}
	return "the system reported an error"
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// NotPrivateError refuses a store folder or file that another user owns
// or that its group or other users can write; Fix is the command that
// makes it private.
type NotPrivateError struct {
	Path   string
	Reason string
	Fix    string
}

func (e *NotPrivateError) Error() string { return e.Reason + "; " + e.Fix }
