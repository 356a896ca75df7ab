//go:build linux

package store

// The scenarios TestSmallFileSystems runs in a child process with mount
// and user namespaces of its own: tmpfs mounts of chosen sizes that vanish
// with the process.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
)

func digestFiles(fs []analysis.File) (string, error) { return digest.Files(fs) }

type scenario struct {
	failures    int
	checks      int
	afterChange int // writes made, then an error reported after them
}

func (sc *scenario) fail(format string, args ...any) {
	sc.failures++
	fmt.Printf("FAIL: "+format+"\n", args...)
}

// writeFailure checks that err is nil, a CannotWriteError naming want
// (nothing was changed: it returns true), or an AfterChangeError (the
// change was made, and the disk reported an error after it), never damage
// or anything else.
func (sc *scenario) writeFailure(what string, err error, want string) bool {
	sc.checks++
	var after *AfterChangeError
	if err == nil || errors.As(err, &after) {
		if after != nil {
			sc.afterChange++
		}
		return false
	}
	var cw *CannotWriteError
	if !errors.As(err, &cw) || !strings.Contains(err.Error(), want) {
		sc.fail("%s: %v (want nothing, or that the store cannot be written because %s)", what, err, want)
	}
	return true
}

func mountTmpfs(dir string, size string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size+",mode=0755")
}

func bigFiles(tag string, n int) []analysis.File {
	fs := files()
	fs[1].Data = fmt.Appendf(fs[1].Data, "\n// %s\n%s", tag, strings.Repeat("dom.queryAll('.promoted')\n", n))
	return fs
}

func namespaceScenarios(root string) int {
	sc := &scenario{}
	// 1. Creation on a file system too small for it, then room is made.
	created := 0
	for _, size := range []string{"4k", "8k", "12k", "16k", "20k", "24k", "32k", "48k", "64k", "96k"} {
		mnt := filepath.Join(root, "create-"+size)
		if err := mountTmpfs(mnt, size); err != nil {
			fmt.Println("FAIL: mount:", err)
			return 1
		}
		s := New(filepath.Join(mnt, "store"), Options{Timeout: time.Second})
		fs := files()
		_, _, err := s.Approve(ApproveRequest{Remixlet: "x", Digest: digestOf(fs), Permissions: []string{}})
		if !sc.writeFailure("first approval on a "+size+" file system", err, "the disk is full") {
			created++
		}
		if _, err := s.List(); err != nil {
			sc.fail("list after a first approval on a %s file system: %v", size, err)
		}
		if err := syscall.Mount("", mnt, "", syscall.MS_REMOUNT, "size=1m"); err != nil {
			sc.fail("remount: %v", err)
		}
		token, _, err := s.Approve(ApproveRequest{Remixlet: "x", Digest: digestOf(fs), Permissions: []string{}})
		if err == nil {
			_, err = s.Activate(ActivateRequest{Token: token, Digest: digestOf(fs), Files: fs})
		}
		if err != nil {
			sc.fail("approve and activate once there is room (%s before): %v", size, err)
		}
		if left := storeLeftovers(s.Dir); len(left) > 0 {
			sc.fail("%s: %v left in the store folder once there is room", size, left)
		}
		_ = syscall.Unmount(mnt, 0)
	}
	fmt.Printf("creation on file systems of 4k to 96k: %d of 10 had room; every other first approval said the disk is full, and each worked once there was room\n", created)

	// 2. The disk fills while approving, activating and deleting.
	mnt := filepath.Join(root, "fill")
	if err := mountTmpfs(mnt, "768k"); err != nil {
		fmt.Println("FAIL: mount:", err)
		return 1
	}
	s := New(filepath.Join(mnt, "store"), Options{Timeout: time.Second})
	for i := range 4 {
		fs := bigFiles(fmt.Sprint("base ", i), 300)
		token, _, err := s.Approve(ApproveRequest{Remixlet: fmt.Sprintf("base%d", i), Digest: digestOf(fs), Permissions: []string{}})
		if err == nil {
			_, err = s.Activate(ActivateRequest{Token: token, Digest: digestOf(fs), Files: fs})
		}
		if err != nil {
			sc.fail("setting up: %v", err)
			return 1
		}
	}
	filler := filepath.Join(mnt, "filler")
	full, stored, refusedWrites := 0, 0, 0
	for _, free := range []int{0, 1024, 4096, 8192, 12288, 16384, 24576, 32768, 49152, 65536} {
		_ = os.Remove(filler)
		if err := fill(filler, free); err != nil {
			sc.fail("fill: %v", err)
			return 1
		}
		fs := bigFiles(fmt.Sprint("free ", free), 600)
		token, _, err := s.Approve(ApproveRequest{Remixlet: "grow", Digest: digestOf(fs), Permissions: []string{}, Running: mustCurrent(sc, s, "grow")})
		if sc.writeFailure(fmt.Sprintf("approve with %d bytes free", free), err, "the disk is full") {
			refusedWrites++
			_ = os.Remove(filler)
			continue
		}
		_, err = s.Activate(ActivateRequest{Token: token, Digest: digestOf(fs), Files: fs})
		if err := s.Verify(); err != nil {
			sc.fail("the store after a write on a full disk (%d bytes free): %v", free, err)
		}
		if sc.writeFailure(fmt.Sprintf("activate with %d bytes free", free), err, "the disk is full") {
			full++
			// The failed write changed nothing: the approval is still
			// unused and works once there is room.
			_ = os.Remove(filler)
			if _, err := s.Activate(ActivateRequest{Token: token, Digest: digestOf(fs), Files: fs}); err != nil {
				sc.fail("activate again once there is room: %v", err)
			}
		} else {
			stored++
		}
		// A delete rewrites the whole store: with no room for the copy it
		// changes nothing.
		if err := fill(filler, 0); err != nil {
			sc.fail("fill: %v", err)
		}
		before, _ := s.List()
		_, err = s.Delete("base0")
		after, _ := s.List()
		if sc.writeFailure("delete on a full disk", err, "the disk is full") && len(after) != len(before) {
			sc.fail("a delete that could not be written changed the store")
		}
		if err == nil {
			sc.fail("a delete with no room for the rewrite succeeded")
		}
		if left := storeLeftovers(s.Dir); len(left) > 0 {
			sc.fail("a failed delete left %v in the store folder", left)
		}
		_ = os.Remove(filler)
	}
	if n, err := s.Delete("base0"); err != nil || n != 1 {
		sc.fail("delete once there is room: %d %v", n, err)
	}
	if err := s.Verify(); err != nil {
		sc.fail("the store after the full-disk rounds: %v", err)
	}
	fmt.Printf("a disk filled to 0 to 64k free: %d approvals refused for space, %d activations refused for space (each worked again once there was room), %d stored; every delete with no room changed nothing; the store checked whole after every write\n", refusedWrites, full, stored)

	// 3. A read-only file system: writes say why, reads still work.
	if err := syscall.Mount("", mnt, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		sc.fail("remount read-only: %v", err)
	}
	fs := files()
	_, _, err := s.Approve(ApproveRequest{Remixlet: "grow", Digest: digestOf(fs), Permissions: []string{}, Running: mustCurrent(sc, s, "grow")})
	sc.writeFailure("approve on a read-only file system", err, "read-only file system")
	if err == nil {
		sc.fail("approve on a read-only file system succeeded")
	}
	_, err = s.Delete("grow")
	sc.writeFailure("delete on a read-only file system", err, "read-only file system")
	if list, err := s.List(); err != nil || len(list) == 0 {
		sc.fail("list on a read-only file system: %v %v", list, err)
	}
	if h, err := s.History("grow"); err != nil || len(h) == 0 {
		sc.fail("history on a read-only file system: %v", err)
	}
	fmt.Println("a read-only file system: approve and delete said it cannot be written because it is read-only; list and history worked")
	_ = syscall.Unmount(mnt, 0)
	fmt.Printf("%d checks, %d failures; %d writes were made and then reported a disk error after the change\n", sc.checks, sc.failures, sc.afterChange)
	if sc.failures > 0 {
		return 1
	}
	return 0
}

func mustCurrent(sc *scenario, s *Store, id string) *Version {
	v, err := s.Current(id)
	if err != nil {
		sc.fail("current: %v", err)
	}
	return v
}

// fill writes a file until the disk is full, then gives back free bytes.
func fill(path string, free int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				return err
			}
			break
		}
	}
	info, err := f.Stat()
	if err != nil {
		return err
	}
	return f.Truncate(max(0, info.Size()-int64(free)))
}
