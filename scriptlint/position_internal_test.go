package scriptlint

import (
	"math/rand"
	"testing"

	"github.com/remixlet/remixlet/finding"
)

// TestPositionMatchesLines: the incremental position agrees with
// finding.Lines for offsets in any order, on every kind of line break.
func TestPositionMatchesLines(t *testing.T) {
	src := []byte("ab\ncd\r\nef\rgh\n\nij é ü\r\r\nk")
	lines := finding.NewLines(src)
	sp := &scriptPass{srcBytes: src}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		off := r.Intn(len(src) + 1)
		if i%3 == 0 {
			off = i % (len(src) + 1)
		}
		if got, want := sp.position(off), lines.Position(off); got != want {
			t.Fatalf("offset %d: got %v, want %v", off, got, want)
		}
	}
}
