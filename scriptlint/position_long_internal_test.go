package scriptlint

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
)

// TestPositionOnLongLines: on lines longer than the direct count covers,
// the table of characters per block gives the same columns as
// finding.Lines.
func TestPositionOnLongLines(t *testing.T) {
	src := []byte(strings.Repeat("aé€😀 b", 900) + "\n" + strings.Repeat("ü", 5000) + "\r\n" + strings.Repeat("x", 3000))
	lines := finding.NewLines(src)
	sp := &scriptPass{srcBytes: src}
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 3000; i++ {
		off := r.Intn(len(src) + 1)
		if got, want := sp.position(off), lines.Position(off); got != want {
			t.Fatalf("offset %d: got %v, want %v", off, got, want)
		}
	}
	if sp.runeBlocks == nil {
		t.Fatal("the lines are long enough to need the table of characters per block")
	}
}
