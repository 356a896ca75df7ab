//go:build unix

package analysis

import (
	"io/fs"
	"os"
	"syscall"
)

// openNoFollow opens name for reading without following a link that was
// swapped in after the check, and without blocking on a pipe swapped in.
func openNoFollow(root *os.Root, name string) (*os.File, error) {
	return root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

func hardLinked(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}
