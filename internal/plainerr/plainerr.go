// Package plainerr turns the operating system's errors into plain words
// for people: "remixlets/a does not exist" rather than Go's
// "stat remixlets/a: no such file or directory".
package plainerr

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"github.com/remixlet/remixlet/internal/safetext"
)

// Describe returns err in plain words. A path in it is shown with unsafe
// characters escaped (safetext.Clean).
func Describe(err error) string {
	if err == nil {
		return ""
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return safetext.Clean(pe.Path) + " " + Reason(pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return safetext.Clean(le.Old) + " " + Reason(le.Err)
	}
	return safetext.Clean(err.Error())
}

// Reason says what went wrong with a path, to follow its name.
func Reason(err error) string {
	var plain interface{ PlainReason() string }
	if errors.As(err, &plain) {
		return plain.PlainReason()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "cannot be read: permission denied"
	case errors.Is(err, syscall.ENOTDIR):
		return "does not exist: a part of the path is a file, not a folder"
	case errors.Is(err, syscall.ELOOP):
		return "cannot be opened: too many symbolic links"
	case errors.Is(err, syscall.ENAMETOOLONG):
		return "cannot be opened: the name is too long"
	case errors.Is(err, syscall.EISDIR):
		return "is a folder, not a file"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "cannot be opened: too many files are open"
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return "cannot be read: " + errno.Error()
	}
	return "cannot be read: " + safetext.Clean(err.Error())
}
