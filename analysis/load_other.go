//go:build !unix

package analysis

import (
	"io/fs"
	"os"
)

func openNoFollow(root *os.Root, name string) (*os.File, error) { return root.Open(name) }

func hardLinked(fs.FileInfo) bool { return false }
