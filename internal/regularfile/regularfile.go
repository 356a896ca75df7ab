// Package regularfile opens a file a person names on the command line (a
// stylesheet, a manifest, a config, a baseline) for reading, and refuses
// anything but a regular file before reading a byte: opening a named pipe
// would otherwise wait for a writer that never comes.
package regularfile

import (
	"io/fs"
	"os"
)

// NotRegularError says what a path is instead of a regular file.
type NotRegularError struct{ Mode fs.FileMode }

func (e *NotRegularError) Error() string { return e.PlainReason() }

// PlainReason says what went wrong in plain words, to follow the path's
// name (plainerr.Reason uses it).
func (e *NotRegularError) PlainReason() string {
	m := e.Mode
	switch {
	case m.IsDir():
		return "is a folder, not a file"
	case m&fs.ModeNamedPipe != 0:
		return "is a named pipe, not a regular file: give a file"
	case m&fs.ModeSocket != 0:
		return "is a socket, not a regular file: give a file"
	case m&fs.ModeDevice != 0:
		return "is a device, not a regular file: give a file"
	}
	return "is not a regular file: give a file"
}

// Open opens path for reading. It never blocks on a named pipe, a socket
// or a device; for anything but a regular file (links are followed) it
// returns an *fs.PathError whose Err is a *NotRegularError.
func Open(path string) (*os.File, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: &NotRegularError{Mode: info.Mode()}}
	}
	return f, nil
}
