package cssguard

import (
	"unicode/utf8"

	"github.com/remixlet/remixlet/finding"
)

// posCursor turns byte offsets into positions as finding.Lines does (lines
// end at \n, \r\n or \r; columns count characters), in time proportional to
// the distance from the last offset asked for. Offsets mostly arrive in
// order, so a minified one-line sheet with many loads stays linear, where
// counting from the line's start each time would be quadratic.
type posCursor struct {
	off, line, col int // col: characters before off on its line
}

func (c *posCursor) position(src []byte, off int) finding.Position {
	off = max(0, min(off, len(src)))
	for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) {
		off-- // inside a character: that character
	}
	if c.line == 0 || off < c.off {
		*c = posCursor{line: 1}
	}
	for i := c.off; i < off; i++ {
		switch b := src[i]; {
		case b == '\n':
			c.line, c.col = c.line+1, 0
		case b == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				if i+1 == off {
					// off sits between CR and LF: still on this line.
					c.col++
					c.off = off
					return finding.Position{Line: c.line, Column: c.col + 1}
				}
				i++
			}
			c.line, c.col = c.line+1, 0
		case utf8.RuneStart(b):
			c.col++
		}
	}
	c.off = off
	return finding.Position{Line: c.line, Column: c.col + 1}
}
