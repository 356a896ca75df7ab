package cssguard

import (
	"testing"

	"github.com/remixlet/remixlet/finding"
)

// FuzzPositionsAgreeWithLines: the positions the guard counts on, offset
// after offset, are the ones finding.Lines gives, also past an offset that
// goes back, in sheets with CR, CRLF, FF, multi-byte characters and bytes
// that are not UTF-8, and for offsets inside a character or past the end.
func FuzzPositionsAgreeWithLines(f *testing.F) {
	for _, s := range []string{"a{b:url(x)}\nc{d:url(y)}", "é\n€𝄞x\n", "a\r\nb\rc\nd", "\xff\xfe\n\x80a", "\f\n\n", ""} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, step uint8) {
		lines := finding.NewLines(src)
		g := &guard{src: src}
		stride := int(step%16) + 1
		check := func(off int) {
			if got, want := g.pos(off), lines.Position(off); got != want {
				t.Fatalf("offset %d of %q: counted %v, the line index %v", off, src, got, want)
			}
		}
		for off := 0; off <= len(src)+2; off += stride {
			check(off)
			check(off) // the same offset again
		}
		check(len(src) / 2) // back: from here on the line index
		check(len(src))
	})
}

func TestPositionsAgreeWithLines(t *testing.T) {
	for _, src := range []string{"a{b:url(x)}\nc{d:url(y)}", "é\n€𝄞x\n", "a\r\nb\rc\nd", "\xff\xfe\n\x80a", "x\n\n\né\xcc\x81y"} {
		lines := finding.NewLines([]byte(src))
		for stride := 1; stride < 5; stride++ {
			g := &guard{src: []byte(src)}
			for off := 0; off <= len(src)+1; off += stride {
				if got, want := g.pos(off), lines.Position(off); got != want {
					t.Fatalf("offset %d of %q: counted %v, the line index %v", off, src, got, want)
				}
			}
		}
	}
}
