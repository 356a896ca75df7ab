//go:build unix

package store

import (
	"os"
	"syscall"
)

// release drops the lock bbolt took on f. Closing f alone is not enough
// while bbolt's memory map of the file still exists: the map keeps the
// open file, and with it the lock.
func release(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	_ = f.Close()
}
