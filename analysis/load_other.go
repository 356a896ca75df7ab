//go:build js || wasip1

package analysis

import (
	"io/fs"
	"os"
)

// openNoFollow opens name for reading; these systems have no O_NOFOLLOW
// for os.Root to pass on, and os.SameFile after it catches a swap.
func openNoFollow(root *os.Root, name string) (*os.File, error) { return root.Open(name) }

// linkCount returns how many names the open file has.
func linkCount(_ *os.File, opened fs.FileInfo) (uint64, error) { return statLinks(opened) }
