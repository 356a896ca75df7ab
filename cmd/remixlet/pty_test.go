//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair: the side a test reads and types
// on, and the terminal the command gets.
func openPTY(t *testing.T) (control, term *os.File) {
	t.Helper()
	control, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatal(e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatal(e)
	}
	term, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return control, term
}

// A person approves on a terminal: the dialog and the prompt appear on
// the terminal (standard error), the answer is read there, and standard
// output, as `token=$(remixlet approve …)` reads it, carries the token
// alone, or nothing when the answer is no.
func TestApproveOnATerminal(t *testing.T) {
	t.Parallel()
	bin := buildRemixlet(t)
	st := filepath.Join(t.TempDir(), "store")
	for _, tc := range []struct {
		answer string
		code   int
	}{{"y", 0}, {"n", 1}} {
		t.Run(tc.answer, func(t *testing.T) {
			control, term := openPTY(t)
			defer control.Close()
			cmd := exec.Command(bin, "approve", example, "--id", "hide", "--store", st)
			var stdout bytes.Buffer
			cmd.Stdin, cmd.Stdout, cmd.Stderr = term, &stdout, term
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			term.Close()
			var mu sync.Mutex
			var screen bytes.Buffer
			drained := make(chan struct{})
			go func() {
				// The reads end when the command has exited and closed
				// its end of the terminal.
				defer close(drained)
				buf := make([]byte, 4096)
				for {
					n, err := control.Read(buf)
					mu.Lock()
					screen.Write(buf[:n])
					mu.Unlock()
					if err != nil {
						return
					}
				}
			}()
			deadline := time.Now().Add(30 * time.Second)
			for {
				mu.Lock()
				asked := strings.Contains(screen.String(), "Allow and apply? [y/N]")
				mu.Unlock()
				if asked {
					break
				}
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					t.Fatalf("no prompt on the terminal:\n%s", screen.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if _, err := control.Write([]byte(tc.answer + "\n")); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			select {
			case <-drained:
			case <-time.After(10 * time.Second):
			}
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			mu.Lock()
			shown := screen.String()
			mu.Unlock()
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nterminal:\n%s\nstdout:\n%s", code, tc.code, shown, stdout.String())
			}
			if !strings.Contains(shown, "The dialog:") || !strings.Contains(shown, "Run on sites other than this chat's site") {
				t.Errorf("the dialog was not shown where the person answers:\n%s", shown)
			}
			switch tc.answer {
			case "y":
				if !tokenOnly.MatchString(stdout.String()) {
					t.Errorf("standard output is not the token alone: %q", stdout.String())
				}
			default:
				if stdout.Len() != 0 {
					t.Errorf("a refusal wrote to standard output: %q", stdout.String())
				}
				if !strings.Contains(shown, "approval/not-confirmed") {
					t.Errorf("the refusal was not shown:\n%s", shown)
				}
			}
		})
	}
}
