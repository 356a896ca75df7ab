//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path without waiting for a writer on a named pipe.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
