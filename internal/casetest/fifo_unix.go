//go:build unix

package casetest

import "syscall"

// CanMakeFifo reports whether Materialize can write a "| fifo" entry here.
const CanMakeFifo = true

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
