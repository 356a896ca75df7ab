package plainerr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope")
	_, err := os.Stat(missing)
	if got := Describe(err); got != missing+" does not exist" {
		t.Errorf("got %q", got)
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = os.Stat(filepath.Join(file, "x"))
	if got := Describe(err); !strings.HasSuffix(got, "a part of the path is a file, not a folder") {
		t.Errorf("got %q", got)
	}
	_, err = os.Stat(filepath.Join(dir, "\x1b[2J"))
	if got := Describe(err); strings.ContainsRune(got, 0x1b) || strings.Contains(got, "stat ") {
		t.Errorf("got %q", got)
	}
}
