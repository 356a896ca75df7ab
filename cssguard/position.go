package cssguard

import (
	"bytes"
	"unicode/utf8"

	"github.com/remixlet/remixlet/finding"
)

// pos is the position of byte offset off. Offsets asked for in increasing
// order (the loads, as the scan meets them) are counted on from the last
// one, so a sheet with a few loads never builds its line index. Once an
// offset comes before the last one, or in a sheet with a CR or bytes that
// are not UTF-8 (where finding.Lines counts line breaks and characters its
// own way), the line index is built; after that each position costs time
// independent of the line's length and of the order offsets are asked
// in, so a minified one-line sheet with many loads stays linear, and
// findings made after the scan, out of order, cost no recount.
func (g *guard) pos(off int) finding.Position {
	if g.lines == nil {
		if p, ok := g.count.to(g.src, off); ok {
			return p
		}
		g.lines = finding.NewLines(g.src)
	}
	return g.lines.Position(off)
}

// positionCounter counts lines and characters on from the last offset it
// was asked for.
type positionCounter struct {
	checked, plain bool // plain: no CR, valid UTF-8
	ascii          bool // one byte, one character
	off            int
	at             finding.Position
}

// to returns the position of off, as finding.Lines would, when it can be
// counted on: off is not before the last offset and the text is plain.
func (c *positionCounter) to(src []byte, off int) (finding.Position, bool) {
	if !c.checked {
		c.checked = true
		c.ascii = finding.IsASCII(src)
		c.plain = bytes.IndexByte(src, '\r') < 0 && (c.ascii || utf8.Valid(src))
		c.at = finding.Position{Line: 1, Column: 1}
	}
	off = max(0, min(off, len(src)))
	for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) {
		off-- // an offset inside a character counts as that character
	}
	if !c.plain || off < c.off {
		return finding.Position{}, false
	}
	seg := src[c.off:off]
	if n := bytes.Count(seg, newline); n > 0 {
		c.at.Line += n
		c.at.Column = 1
		seg = seg[bytes.LastIndexByte(seg, '\n')+1:]
	}
	if c.ascii {
		c.at.Column += len(seg)
	} else {
		c.at.Column += utf8.RuneCount(seg)
	}
	c.off = off
	return c.at, true
}

var newline = []byte{'\n'}
