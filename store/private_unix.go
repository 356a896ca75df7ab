//go:build unix

package store

import (
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"strconv"
	"syscall"

	"github.com/remixlet/remixlet/internal/safetext"
)

// checkPrivate refuses a store folder, store.db or commit record that
// another user owns or that its group or other users can write, as
// OpenSSH's StrictModes refuses such a key file: whoever can write them
// can write records the store would trust (their checksums carry no
// key). Root's files are accepted, as root can write anything anyway.
// Nothing here changes a mode.
func checkPrivate(path string, info fs.FileInfo, folder bool) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	what, mode := "the store folder "+safetext.Clean(path), "700"
	if !folder {
		what, mode = safetext.Clean(path), "600"
	}
	me := os.Geteuid()
	if owner := int(st.Uid); owner != me && owner != 0 {
		take := "chown " + userName(me) + " " + safetext.ShellQuote(path)
		if folder {
			take = "chown -R " + userName(me) + " " + safetext.ShellQuote(path)
		}
		if me != 0 {
			take = "sudo " + take
		}
		return &NotPrivateError{Path: path, Reason: fmt.Sprintf("%s belongs to another user (%s), not to you (%s): records they wrote would be trusted", what, describeUser(owner), describeUser(me)),
			Fix: "if it is not yours, use a store folder of your own (--store PATH); if it is, take it back with: " + take}
	}
	if perm := info.Mode().Perm(); perm&0o022 != 0 {
		by := "other users"
		if perm&0o002 == 0 {
			by = "its group"
		}
		return &NotPrivateError{Path: path, Reason: fmt.Sprintf("%s can be written by %s (its mode is %03o): records they wrote would be trusted", what, by, perm),
			Fix: "make it private with: chmod " + mode + " " + safetext.ShellQuote(path)}
	}
	return nil
}

func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil && u.Username != "" && safetext.ShellQuote(u.Username) == u.Username {
		return u.Username
	}
	return strconv.Itoa(uid)
}

func describeUser(uid int) string {
	if name := userName(uid); name != strconv.Itoa(uid) {
		return fmt.Sprintf("%s, uid %d", name, uid)
	}
	return fmt.Sprintf("uid %d", uid)
}
