package bundle

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/safetext"
)

// escapeBidiInStrings writes each character that reorders text (U+202E and
// kin) inside a quoted string of the bundled script as its \u escape. The
// bundler prints strings in UTF-8, so a library that spells one as an
// escape (an HTML entity table's &lrm;) would otherwise reach the stored
// code raw, where the lint refuses it: raw, it makes the code read
// differently from how it runs. The string's value is the same. Template
// and regular-expression literals are left as they are (a tag sees a
// template's raw text, and a pattern's source changes), so the lint judges
// those.
//
// grown lists, per generated line (0-based), the UTF-16 columns after
// which the line grew by five units, for the source map.
func escapeBidiInStrings(src []byte) (out []byte, grown map[int][]int) {
	if !hasBidi(src) {
		return src, nil
	}
	literals, _, complete := esb.LiteralRanges(string(src))
	if !complete {
		return src, nil // the lint reports why the file cannot be read
	}
	sort.Slice(literals, func(a, b int) bool { return literals[a].Loc.Start < literals[b].Loc.Start })
	var b bytes.Buffer
	grown = map[int][]int{}
	line, lineStart, last := 0, 0, 0
	counted, units := 0, 0 // UTF-16 units from the line's start to counted
	col := func(off int) int {
		if counted < lineStart {
			counted, units = lineStart, 0
		}
		for _, r := range string(src[counted:off]) {
			units += utf16Len(r)
		}
		counted = off
		return units
	}
	for i := 0; i < len(src); {
		c := src[i]
		if c == '\n' {
			line, lineStart = line+1, i+1
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == '\u2028' || r == '\u2029' {
			line, lineStart = line+1, i+size
		}
		if safetext.IsBidi(r) && inQuotedString(src, literals, i) {
			b.Write(src[last:i])
			fmt.Fprintf(&b, "\\u%04X", r)
			grown[line] = append(grown[line], col(i))
			last = i + size
		}
		i += size
	}
	if last == 0 {
		return src, nil
	}
	b.Write(src[last:])
	return b.Bytes(), grown
}

func hasBidi(src []byte) bool {
	for i := 0; i < len(src); {
		if src[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if safetext.IsBidi(r) {
			return true
		}
		i += size
	}
	return false
}

// inQuotedString reports whether off falls inside one of the sorted
// literal ranges, and that literal is a quoted string.
func inQuotedString(src []byte, literals []esb.Range, off int) bool {
	j := sort.Search(len(literals), func(k int) bool { return int(literals[k].Loc.Start) > off })
	if j == 0 || off >= int(literals[j-1].End()) {
		return false
	}
	q := src[literals[j-1].Loc.Start]
	return q == '"' || q == '\''
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// shiftColumns moves the generated columns of the mappings after each
// place a line grew (escapeBidiInStrings) by the five units it grew.
func (m *sourceMap) shiftColumns(grown map[int][]int) {
	for line, cols := range grown {
		if line >= len(m.lines) {
			continue
		}
		for k := range m.lines[line] {
			mp := &m.lines[line][k]
			shift := 0
			for _, c := range cols {
				if mp.genCol > c {
					shift += 5
				}
			}
			mp.genCol += shift
		}
	}
}
