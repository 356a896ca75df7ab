package npmpin

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder a complete install left is taken as it is, without npm.
func TestInstallTakesACompleteFolder(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("PATH", "")
	pkg, lock := []byte(`{"name": "p"}`), []byte(`{"lockfileVersion": 3}`)
	sum := sha256.Sum256(append(append([]byte{}, pkg...), lock...))
	want := filepath.Join(cache, "remixlet-tests", "pinned-"+hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(filepath.Join(want, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(want, "bin", "tool"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Install("pinned", pkg, lock, nil, filepath.Join("bin", "tool"))
	if err != nil || got != want {
		t.Fatalf("Install = %q, %v; want %q", got, err, want)
	}
	// A folder without the ready path is not complete: npm is asked, and
	// there is none on this PATH.
	if _, err := Install("pinned", pkg, lock, nil, "missing"); err == nil || !strings.Contains(err.Error(), "npm is needed") {
		t.Fatalf("Install of an incomplete folder without npm: %v; want the npm error", err)
	}
}
