//go:build unix

package regularfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOpenNamedPipe: a named pipe is refused at once, not waited on.
func TestOpenNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := Open(fifo); done <- err }()
	select {
	case err := <-done:
		var nr *NotRegularError
		if !errors.As(err, &nr) || nr.PlainReason() != "is a named pipe, not a regular file: give a file" {
			t.Errorf("a named pipe: got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Open waited for a writer on a named pipe")
	}
}
