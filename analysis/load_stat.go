//go:build unix || js || wasip1

package analysis

import (
	"errors"
	"io/fs"
	"syscall"
)

// statLinks reads the link count the system's stat call returned.
func statLinks(info fs.FileInfo) (uint64, error) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, errors.New("the file system reports no link count")
	}
	return uint64(st.Nlink), nil
}
