//go:build windows

package analysis

import (
	"io/fs"
	"os"
	"syscall"
)

// openNoFollow opens name for reading. The Lstat before it refused links,
// and os.SameFile after it catches one swapped in meanwhile.
func openNoFollow(root *os.Root, name string) (*os.File, error) { return root.Open(name) }

// linkCount returns how many names the open file has. Windows keeps the
// count out of Lstat's answer: only the open handle tells it.
func linkCount(f *os.File, _ fs.FileInfo) (uint64, error) {
	var info syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &info); err != nil {
		return 0, err
	}
	return uint64(info.NumberOfLinks), nil
}
