package cssguard

import "github.com/remixlet/remixlet/finding"

// pos is the position of byte offset off. The sheet's line index is built
// on the first position asked for; after that each position costs time
// independent of the line's length and of the order offsets are asked in,
// so a minified one-line sheet with many loads stays linear, and findings
// made after the scan, out of order, cost no recount.
func (g *guard) pos(off int) finding.Position {
	if g.lines == nil {
		g.lines = finding.NewLines(g.src)
	}
	return g.lines.Position(off)
}
