package remixletbridge

import (
	"testing"

	"github.com/evanw/esbuild/internal/helpers"
)

// TestUTF16ToString: the ASCII fast path gives what esbuild's own
// conversion gives, for every length around its blocks of four and a
// non-ASCII unit (or a lone surrogate) at every place.
func TestUTF16ToString(t *testing.T) {
	for n := 0; n < 12; n++ {
		for at := -1; at < n; at++ {
			for _, odd := range []uint16{0x80, 0xe9, 0xd800, 0xdc00, 0xffff} {
				u := make([]uint16, n)
				for i := range u {
					u[i] = uint16('a' + i)
				}
				if at >= 0 {
					u[at] = odd
				}
				if got, want := UTF16ToString(u), helpers.UTF16ToString(u); got != want {
					t.Errorf("%v: got %q, want %q", u, got, want)
				}
			}
		}
	}
}
