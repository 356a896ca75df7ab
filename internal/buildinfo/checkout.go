//go:build !js

package buildinfo

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// checkoutCommit asks git for the commit of the checkout this program was
// compiled from, for a build that recorded none (go run stamps no
// revision, nor does go build with -buildvcs=false or in workspace mode):
// the folder of this source file, when the compiler kept its path (not
// with -trimpath, which release builds use, stamping the commit instead)
// and it still holds this module's source.
func checkoutCommit() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	head, err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(head))
	status, err := exec.CommandContext(ctx, "git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output()
	if err != nil || len(bytes.TrimSpace(status)) > 0 {
		rev += "-dirty"
	}
	return rev
}
