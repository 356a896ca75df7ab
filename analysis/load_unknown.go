//go:build !unix && !windows && !js && !wasip1

package analysis

import (
	"errors"
	"io/fs"
	"os"
)

func openNoFollow(root *os.Root, name string) (*os.File, error) { return root.Open(name) }

// linkCount fails closed where the link count cannot be read: a hard link
// must never pass as an ordinary file.
func linkCount(*os.File, fs.FileInfo) (uint64, error) {
	return 0, errors.New("this system does not report link counts")
}
