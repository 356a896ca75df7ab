package safetext

import (
	"math/rand/v2"
	"testing"
)

// TestNextNonASCII holds the eight-byte scan to a byte-by-byte one on
// random text with non-ASCII bytes at random places, from every start.
func TestNextNonASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		b := make([]byte, r.IntN(70))
		for i := range b {
			b[i] = byte(r.IntN(0x80))
			if r.IntN(12) == 0 {
				b[i] = 0x80 + byte(r.IntN(0x80))
			}
		}
		for from := 0; from <= len(b); from++ {
			want := from
			for want < len(b) && b[want] < 0x80 {
				want++
			}
			if got := NextNonASCII(b, from); got != want {
				t.Fatalf("NextNonASCII(%q, %d) = %d, want %d", b, from, got, want)
			}
		}
	}
}
