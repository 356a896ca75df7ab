package oracle

import (
	_ "embed"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/remixlet/remixlet/internal/npmpin"
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

// installNode installs harness/node once per machine (npmpin) and
// returns its node.
func installNode() (string, error) {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	node := filepath.Join("node_modules", "node-linux-"+arch, "bin", "node")
	dir, err := npmpin.Install("oracle-node", nodePackage, nodeLock, nil, node)
	if err != nil {
		return "", fmt.Errorf("oracle: the node on PATH has no Iterator, and installing the pinned one (harness/node) failed: %w", err)
	}
	return filepath.Join(dir, node), nil
}
