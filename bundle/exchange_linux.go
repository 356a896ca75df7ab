package bundle

import "golang.org/x/sys/unix"

// exchange swaps two paths in one step (renameat2 RENAME_EXCHANGE), so the
// output folder is never missing, not even for a moment.
func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
