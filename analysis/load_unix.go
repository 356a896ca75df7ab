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

// linkCount returns how many names the open file has.
func linkCount(_ *os.File, opened fs.FileInfo) (uint64, error) {
	return statLinks(opened)
}
