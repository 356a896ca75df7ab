package finding

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/remixlet/remixlet/internal/onesort"
)

// Lines maps byte offsets in one file to positions. A line ends at "\n",
// "\r\n" or a lone "\r", the breaks every editor shows; other separators
// that a language counts (U+2028 in JavaScript, form feed in CSS) do not
// start a new line here, so positions agree with what people see.
//
// A position costs time independent of the line's length: minified code is
// one long line and can draw hundreds of findings in any order. A Lines may
// be used from several goroutines.
type Lines struct {
	src    []byte
	starts []int // byte offset where each line starts
	ascii  bool  // one byte, one character: columns are byte counts
	valid  bool  // valid UTF-8: characters are the bytes that start one

	blocksOnce sync.Once
	runeBlocks []int // characters before each block of runeBlock bytes, built when a long line needs it
}

// NewLines indexes src.
func NewLines(src []byte) *Lines {
	ascii := isASCII(src)
	return &Lines{src: src, starts: lineStarts(src), ascii: ascii, valid: ascii || utf8.Valid(src)}
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	if bytes.IndexByte(src, '\r') < 0 {
		// The common case: only "\n", found with the vectorised search.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return starts
			}
			i += j + 1
			starts = append(starts, i)
		}
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Position returns the 1-based line and character column of byte offset
// off. Offsets past the end clamp to the end; an offset inside a
// multi-byte character counts as that character.
func (l *Lines) Position(off int) Position {
	off = max(0, min(off, len(l.src)))
	line := sort.SearchInts(l.starts, off+1) - 1
	start := l.starts[line]
	for off > start && off < len(l.src) && !utf8.RuneStart(l.src[off]) {
		off--
	}
	return Position{Line: line + 1, Column: l.charsBetween(start, off) + 1}
}

const runeBlock = 1024

// charsBetween is the number of characters in src[start:off], both at a
// character's start: counted directly over a short span, and over a long
// one from the table of characters per block.
func (l *Lines) charsBetween(start, off int) int {
	switch {
	case l.ascii:
		return off - start
	case !l.valid:
		// Each byte that is not UTF-8 counts as one character, as an
		// editor shows it; such a file is refused before it has findings
		// past its first bad byte, so this slow count is rare.
		return utf8.RuneCount(l.src[start:off])
	case off-start <= 2*runeBlock:
		return charStarts(l.src[start:off])
	}
	l.blocksOnce.Do(func() {
		l.runeBlocks = make([]int, len(l.src)/runeBlock+1)
		for i := 1; i < len(l.runeBlocks); i++ {
			l.runeBlocks[i] = l.runeBlocks[i-1] + charStarts(l.src[(i-1)*runeBlock:i*runeBlock])
		}
	})
	return l.runesBefore(off) - l.runesBefore(start)
}

// runesBefore is the number of characters in src[:off], off at a
// character's start.
func (l *Lines) runesBefore(off int) int {
	b := off / runeBlock
	return l.runeBlocks[b] + charStarts(l.src[b*runeBlock:off])
}

// charStarts counts the bytes of b that start a character, eight at a
// time: in valid UTF-8, its number of characters, wherever a block
// boundary splits one.
func charStarts(b []byte) int {
	n := len(b)
	const high = 0x8080808080808080
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		// A continuation byte is 10xxxxxx: bit 7 set, bit 6 clear.
		n -= bits.OnesCount64(w & high &^ (w << 1))
		b = b[8:]
	}
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n--
		}
	}
	return n
}

// IsASCII reports whether b holds ASCII bytes only, where a character is
// one byte.
func IsASCII(b []byte) bool { return isASCII(b) }

// isASCII reports a text of ASCII bytes only, thirty-two and then eight
// at a time.
func isASCII(b []byte) bool {
	for len(b) >= 32 {
		w := binary.LittleEndian.Uint64(b) | binary.LittleEndian.Uint64(b[8:]) |
			binary.LittleEndian.Uint64(b[16:]) | binary.LittleEndian.Uint64(b[24:])
		if w&0x8080808080808080 != 0 {
			return false
		}
		b = b[32:]
	}
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// Text returns line n (1-based) without its line break, or "" if there is
// no such line.
func (l *Lines) Text(n int) string {
	start, end, _ := l.span(n)
	return string(l.src[start:end])
}

// span returns the byte offsets where line n (1-based) starts and ends,
// without its line break; ok is false when there is no such line.
func (l *Lines) span(n int) (start, end int, ok bool) {
	if n < 1 || n > len(l.starts) {
		return 0, 0, false
	}
	start, end = l.starts[n-1], len(l.src)
	if n < len(l.starts) {
		end = l.starts[n]
	}
	for end > start && (l.src[end-1] == '\n' || l.src[end-1] == '\r') {
		end--
	}
	return start, end, true
}

// Chars returns the number of characters on line n (1-based), without its
// line break, in time independent of the line's length; 0 when there is
// no such line.
func (l *Lines) Chars(n int) int {
	start, end, ok := l.span(n)
	if !ok {
		return 0
	}
	return l.charsBetween(start, end)
}

// UTF16Column converts a character column on line n to a column counted in
// UTF-16 code units, as SARIF consumers expect by default. In an ASCII
// file it costs nothing: a long minified line can draw thousands of
// findings, and each must not cost the line's length.
func (l *Lines) UTF16Column(n, col int) int {
	start, end, ok := l.span(n)
	if l.ascii || !ok {
		return col
	}
	units := 1
	chars := 0
	for i := start; i < end && chars+1 < col; chars++ {
		r, size := utf8.DecodeRune(l.src[i:end])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return units + max(0, col-1-chars) // a column past the end stays past the end
}

// Sort orders findings by file, position, rule and message, so output is
// stable whatever order analyzers ran in.
func Sort(fs []Finding) {
	onesort.StableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Start.Line, b.Start.Line),
			cmp.Compare(a.Start.Column, b.Start.Column),
			cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// FirstInvalidUTF8 returns the byte offset of the first byte in src that is
// not part of valid UTF-8, or -1 if src is valid.
func FirstInvalidUTF8(src []byte) int {
	if utf8.Valid(src) {
		return -1
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}
