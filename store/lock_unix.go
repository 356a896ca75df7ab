//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lockFile takes flock's shared or exclusive lock on f, the lock bbolt
// takes on its file, waiting at most timeout for another process to
// release it.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if time.Now().After(deadline) {
			return errBusy
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// unlockFile drops the lock. Closing f alone is not enough while another
// descriptor of the same open file (bbolt's) or a memory map still exists.
func unlockFile(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// dupFile returns a second descriptor of the same open file: bbolt's lock
// on it is then the lock already held, not a second one that would wait
// for the first.
func dupFile(f *os.File) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), f.Name()), nil
}

// syncDir makes a rename or link in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

const openNoFollow = syscall.O_NOFOLLOW | syscall.O_CLOEXEC

// mapFile maps the first size bytes of f for reading, as bbolt reads its
// file: pages are read from the disk only when they are looked at, so a
// large or sparse file costs nothing until then.
func mapFile(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmapFile(b []byte) { _ = syscall.Munmap(b) }
