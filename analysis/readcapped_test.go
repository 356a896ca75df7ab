package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readCapped reads the whole file whatever size it was told, and never
// more than the cap plus one byte.
func TestReadCapped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	data := strings.Repeat("abcdefgh", 1000)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		size, limit int64
		want        int
	}{
		{8000, 1 << 20, 8000}, // the usual case: one buffer of the right size
		{10, 1 << 20, 8000},   // the file grew after it was opened
		{0, 1 << 20, 8000},
		{8000, 100, 101}, // over the cap: cap+1 bytes tell the caller so
		{-1, 50, 51},
	} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readCapped(f, tc.size, tc.limit)
		f.Close()
		if err != nil || len(got) != tc.want || string(got) != data[:tc.want] {
			t.Errorf("readCapped(size %d, limit %d): %d bytes, %v; want %d", tc.size, tc.limit, len(got), err, tc.want)
		}
	}
}
