// Package npmpin installs npm packages pinned by a package.json and its
// package-lock.json (every version and its integrity hash) once per
// machine, for the tests and the oracle that run them.
package npmpin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Install installs pkg and lock with npm ci into the user's cache folder,
// under prefix and a name that is their hash, writes files beside them,
// and returns the folder. npm ci refuses a tarball whose hash is not the
// lockfile's. ready is a path in the folder that only a complete install
// has: the folder is made complete beside its final name and then
// renamed, so a run that stops half way leaves nothing another run would
// take.
func Install(prefix string, pkg, lock []byte, files map[string][]byte, ready string) (string, error) {
	sum := sha256.Sum256(append(append([]byte{}, pkg...), lock...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "remixlet-tests", prefix+"-"+hex.EncodeToString(sum[:8]))
	if _, err := os.Stat(filepath.Join(dir, ready)); err == nil {
		return dir, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", errors.New("npm is needed to install the pinned packages of " + prefix + " (CI installs it)")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".installing-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	write := func(name string, data []byte) error {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, name)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(tmp, name), data, 0o644)
	}
	if err := errors.Join(write("package.json", pkg), write("package-lock.json", lock)); err != nil {
		return "", err
	}
	install := exec.Command(npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--no-bin-links")
	install.Dir = tmp
	if out, err := install.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm ci of %s: %v\n%s", prefix, err, out)
	}
	for name, data := range files {
		if err := write(name, data); err != nil {
			return "", err
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, ready)); err != nil {
		return "", fmt.Errorf("npm ci of %s left no %s", prefix, ready)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, ready)); statErr != nil {
			return "", err
		}
		// (another run installed it first)
	}
	return dir, nil
}
