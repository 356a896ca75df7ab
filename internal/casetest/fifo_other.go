//go:build !unix

package casetest

import (
	"errors"
	"runtime"
)

// CanMakeFifo reports whether Materialize can write a "| fifo" entry here:
// Windows has no named pipes in the file system.
const CanMakeFifo = false

func mkfifo(string) error {
	return errors.New("named pipes cannot be made on " + runtime.GOOS)
}
