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
	if e.Mode.IsDir() {
		return "is a folder, not a file"
	}
	if k := Kind(e.Mode); k != "" {
		return "is " + k + ", not a regular file: give a file"
	}
	return "is not a regular file: give a file"
}

// Kind names what a file of mode m is when it is not a regular file ("a
// named pipe", "a folder"); "" for a regular file or a kind without a name.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	}
	return ""
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
