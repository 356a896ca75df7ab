package finding

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
	"unicode/utf8"
)

// Lines maps byte offsets in one file to positions. A line ends at "\n",
// "\r\n" or a lone "\r", the breaks every editor shows; other separators
// that a language counts (U+2028 in JavaScript, form feed in CSS) do not
// start a new line here, so positions agree with what people see.
type Lines struct {
	src    []byte
	starts []int // byte offset where each line starts
}

// NewLines indexes src.
func NewLines(src []byte) *Lines {
	starts := []int{0}
	if bytes.IndexByte(src, '\r') < 0 {
		// The common case: only "\n", found with the vectorised search.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return &Lines{src: src, starts: starts}
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
	return &Lines{src: src, starts: starts}
}

// Position returns the 1-based line and character column of byte offset
// off. Offsets past the end clamp to the end; an offset inside a
// multi-byte character counts as that character.
func (l *Lines) Position(off int) Position {
	off = max(0, min(off, len(l.src)))
	line := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	start := l.starts[line]
	for off > start && off < len(l.src) && !utf8.RuneStart(l.src[off]) {
		off--
	}
	col := utf8.RuneCount(l.src[start:off]) + 1
	return Position{Line: line + 1, Column: col}
}

// Text returns line n (1-based) without its line break, or "" if there is
// no such line.
func (l *Lines) Text(n int) string {
	if n < 1 || n > len(l.starts) {
		return ""
	}
	start := l.starts[n-1]
	end := len(l.src)
	if n < len(l.starts) {
		end = l.starts[n]
	}
	for end > start && (l.src[end-1] == '\n' || l.src[end-1] == '\r') {
		end--
	}
	return string(l.src[start:end])
}

// UTF16Column converts a character column on line n to a column counted in
// UTF-16 code units, as SARIF consumers expect by default.
func (l *Lines) UTF16Column(n, col int) int {
	text := l.Text(n)
	units := 1
	for i, r := range []rune(text) {
		if i+1 >= col {
			break
		}
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
	}
	if runes := utf8.RuneCountInString(text); col > runes+1 {
		units += col - (runes + 1) // a column past the end stays past the end
	}
	return units
}

// Sort orders findings by file, position, rule and message, so output is
// stable whatever order analyzers ran in.
func Sort(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
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
