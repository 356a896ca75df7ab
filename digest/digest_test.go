package digest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
)

const manifestJSON = `{"name": "Hide promoted posts", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`

func writeFolder(t *testing.T, files map[string]string, order []string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range order {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func dirDigest(t *testing.T, dir string) string {
	t.Helper()
	pkg, err := analysis.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Package(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var sample = map[string]string{
	"manifest.json": manifestJSON,
	"script.js":     "rmx.keep(() => true)\n",
	"style.css":     ".promoted { display: none }\n",
}

// The digest is the shell one-liner: the sorted `sha256sum` lines of the
// files, hashed again.
func TestMatchesShellOneLiner(t *testing.T) {
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Fatal("sha256sum (coreutils) is not installed: the test compares the digest with the shell one-liner the docs give")
	}
	dir := writeFolder(t, sample, []string{"style.css", "manifest.json", "script.js"})
	out, err := exec.Command("sh", "-c", `cd "$1" && LC_ALL=C ls | LC_ALL=C sort | xargs sha256sum | sha256sum`, "sh", dir).Output()
	if err != nil {
		t.Fatal(err)
	}
	hexSum, _, _ := strings.Cut(string(out), " ")
	sum, err := hex.DecodeString(hexSum)
	if err != nil {
		t.Fatalf("sha256sum printed %q", out)
	}
	want := Prefix + base64.StdEncoding.EncodeToString(sum)
	if got := dirDigest(t, dir); got != want {
		t.Errorf("digest %s, shell one-liner %s", got, want)
	}
}

func TestIndependentOfOrderAndTimes(t *testing.T) {
	a := writeFolder(t, sample, []string{"manifest.json", "script.js", "style.css"})
	b := writeFolder(t, sample, []string{"style.css", "script.js", "manifest.json"})
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for _, name := range []string{"manifest.json", "script.js"} {
		if err := os.Chtimes(filepath.Join(b, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(b, "style.css"), 0o600); err != nil {
		t.Fatal(err)
	}
	if da, db := dirDigest(t, a), dirDigest(t, b); da != db {
		t.Errorf("same files, different digests: %s and %s", da, db)
	}
	files := []analysis.File{{Name: "style.css", Data: []byte("a")}, {Name: "manifest.json", Data: []byte("b")}}
	reversed := []analysis.File{files[1], files[0]}
	d1, _ := Files(files)
	d2, _ := Files(reversed)
	if d1 != d2 {
		t.Errorf("Files depends on the order of its argument: %s, %s", d1, d2)
	}
}

func TestChangesWithAnyChange(t *testing.T) {
	base := []analysis.File{
		{Name: "manifest.json", Data: []byte(manifestJSON)},
		{Name: "script.js", Data: []byte("rmx.keep(() => true)\n")},
	}
	want, err := Files(base)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{want: "original"}
	check := func(what string, files []analysis.File) {
		t.Helper()
		got, err := Files(files)
		if err != nil {
			t.Fatal(err)
		}
		if prev, ok := seen[got]; ok {
			t.Errorf("%s gives the same digest as %s", what, prev)
		}
		seen[got] = what
	}
	// Every single byte of the script, flipped one bit at a time.
	for i := range base[1].Data {
		for _, bit := range []byte{0x01, 0x80} {
			data := []byte(string(base[1].Data))
			data[i] ^= bit
			check(fmt.Sprintf("script.js byte %d xor %#x", i, bit), []analysis.File{base[0], {Name: "script.js", Data: data}})
		}
	}
	check("renamed", []analysis.File{base[0], {Name: "style.css", Data: base[1].Data}})
	check("removed", base[:1])
	check("added", append(append([]analysis.File{}, base...), analysis.File{Name: "style.css", Data: nil}))
	check("one byte appended", []analysis.File{base[0], {Name: "script.js", Data: append([]byte(string(base[1].Data)), ' ')}})
}

func TestRefusedPackageHasNoDigest(t *testing.T) {
	dir := writeFolder(t, sample, []string{"manifest.json", "script.js"})
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "style.css")); err != nil {
		t.Fatal(err)
	}
	pkg, err := analysis.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Package(pkg)
	var refused *RefusedError
	if !errors.As(err, &refused) || len(refused.Findings) == 0 || refused.Findings[0].Rule != "package/link" {
		t.Fatalf("Package of a folder with a link: %v", err)
	}
}

func TestDuplicateNames(t *testing.T) {
	if _, err := Files([]analysis.File{{Name: "a"}, {Name: "a"}}); err == nil {
		t.Error("two files of one name were digested")
	}
}

func TestValid(t *testing.T) {
	good, _ := Files([]analysis.File{{Name: "manifest.json", Data: []byte("{}")}})
	sum := sha256.Sum256(nil)
	for s, want := range map[string]bool{
		good: true,
		"h1:" + base64.StdEncoding.EncodeToString(sum[:]):    true,
		"h2:" + base64.StdEncoding.EncodeToString(sum[:]):    false,
		"h1:" + base64.StdEncoding.EncodeToString(sum[:31]):  false,
		"h1:" + base64.RawStdEncoding.EncodeToString(sum[:]): false,
		"": false,
	} {
		if got := Valid(s); got != want {
			t.Errorf("Valid(%q) = %v, want %v", s, got, want)
		}
	}
}
