package oracle

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// The node the programs run in must have what the sandbox's Chrome has
// that a program may use: the closed world allows Iterator (and arrays'
// iterators have its helpers), which node 20 lacks, so a program using it
// would stop there, or be taken to reach a global outside the sandbox.
// The node on PATH is used when it has them; otherwise, on Linux, the
// pinned node of harness/node (its package-lock.json holds the version and
// integrity hash) is installed from the npm registry once per machine, as
// the test corpora's packages are.

//go:embed harness/node/package.json
var nodePackage []byte

//go:embed harness/node/package-lock.json
var nodeLock []byte

// nodeCheck exits 0 in a node that has Iterator and its helpers.
const nodeCheck = `process.exit(typeof Iterator === "function" && typeof [].values().toArray === "function" ? 0 : 3)`

// findNode is the node the pool runs: the one on PATH when it has
// Iterator, else the pinned one.
func findNode() (string, error) {
	path, err := exec.LookPath("node")
	if err == nil && exec.Command(path, "-e", nodeCheck).Run() == nil {
		return path, nil
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		return "", errors.New("oracle: the programs need a node with Iterator (Node.js 22 or later) on PATH")
	}
	return installNode()
}

// installNode installs harness/node into the user's cache folder under a
// name that is the lockfile's hash, and returns its node. The folder is
// made complete beside its final name and then renamed, so a run that
// stops half way leaves nothing another run would take.
func installNode() (string, error) {
	sum := sha256.Sum256(append(append([]byte{}, nodePackage...), nodeLock...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	dir := filepath.Join(cache, "remixlet-tests", "oracle-node-"+hex.EncodeToString(sum[:8]))
	node := filepath.Join(dir, "node_modules", "node-linux-"+arch, "bin", "node")
	if _, err := os.Stat(node); err == nil {
		return node, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", errors.New("oracle: the node on PATH has no Iterator, and npm is needed to install the pinned one (Node.js 22)")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".installing-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	for name, data := range map[string][]byte{"package.json": nodePackage, "package-lock.json": nodeLock} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return "", err
		}
	}
	install := exec.Command(npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--no-bin-links")
	install.Dir = tmp
	if out, err := install.CombinedOutput(); err != nil {
		return "", fmt.Errorf("oracle: installing the pinned node (harness/node) with npm ci: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(node); statErr != nil {
			return "", err
		}
	}
	if _, err := os.Stat(node); err != nil {
		return "", fmt.Errorf("oracle: the pinned node was installed without %s", node)
	}
	return node, nil
}
