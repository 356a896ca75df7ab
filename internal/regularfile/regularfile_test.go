package regularfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "style.css")
	if err := os.WriteFile(file, []byte("a{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(file)
	if err != nil {
		t.Fatalf("a regular file: %v", err)
	}
	f.Close()

	_, err = Open(dir)
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.PlainReason() != "is a folder, not a file" {
		t.Errorf("a folder: got %v", err)
	}
}
