package store

import "syscall"

// stReadOnly is statfs's ST_RDONLY flag.
const stReadOnly = 1

// fsState says whether the file system of dir is read-only or full, for
// an error that lost the system's own reason.
func fsState(dir string) fsCondition {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return fsUnknown
	}
	switch {
	case st.Flags&stReadOnly != 0:
		return fsReadOnly
	case st.Bavail == 0:
		return fsFull
	}
	return fsUnknown
}
