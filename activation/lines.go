package activation

import (
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// LineChange says how one text file changed between two versions, with the
// change as unified hunks (three lines of context).
type LineChange struct {
	File    string `json:"file"`
	Status  string `json:"status"` // "absent", "unchanged", "added", "removed" or "changed"
	Added   int    `json:"linesAdded"`
	Removed int    `json:"linesRemoved"`
	// LineBreaksOnly is set when the files differ only in how lines end
	// (CRLF, CR or LF); the hunks compare lines and are then empty.
	LineBreaksOnly bool   `json:"lineBreaksOnly,omitempty"`
	Hunks          []Hunk `json:"hunks,omitempty"`
}

// Hunk is one run of changed lines with the lines around it, as in a
// unified diff: each line starts with ' ' (kept), '-' (removed) or '+'
// (added) and has no line break.
type Hunk struct {
	OldStart int      `json:"oldStart"` // 1-based; the line before the hunk when OldLines is 0
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// hunkContext is how many unchanged lines a hunk shows on each side.
const hunkContext = 3

func compareText(file string, old, new []byte, hadOld, hasNew bool) LineChange {
	c := LineChange{File: file}
	switch {
	case !hadOld && !hasNew:
		c.Status = "absent"
		return c
	case !hadOld:
		c.Status = "added"
	case !hasNew:
		c.Status = "removed"
	case string(old) == string(new):
		c.Status = "unchanged"
		return c
	default:
		c.Status = "changed"
	}
	// The line diff (gopls's, through go-udiff) bounds its search, so two
	// large files that share nothing cost linear time: the hunks are then
	// a correct edit, if not always the shortest.
	before, after := joinLines(splitLines(old)), joinLines(splitLines(new))
	if before == after {
		c.LineBreaksOnly = true
		return c
	}
	u, err := udiff.ToUnifiedDiff("old", "new", before, udiff.Lines(before, after), hunkContext)
	if err != nil {
		// The library's own edits do not fit its own text: say the whole
		// file changed rather than show wrong hunks.
		u = wholeFile(before, after)
	}
	for _, h := range u.Hunks {
		out := Hunk{OldStart: h.FromLine, NewStart: h.ToLine}
		for _, l := range h.Lines {
			text := strings.TrimSuffix(l.Content, "\n")
			switch l.Kind {
			case udiff.Delete:
				out.Lines = append(out.Lines, "-"+text)
				out.OldLines++
				c.Removed++
			case udiff.Insert:
				out.Lines = append(out.Lines, "+"+text)
				out.NewLines++
				c.Added++
			default:
				out.Lines = append(out.Lines, " "+text)
				out.OldLines++
				out.NewLines++
			}
		}
		// A hunk that starts by adding lines begins after the line it
		// names, as unified diffs number empty sides.
		if out.OldLines == 0 {
			out.OldStart--
		}
		if out.NewLines == 0 {
			out.NewStart--
		}
		c.Hunks = append(c.Hunks, out)
	}
	return c
}

// wholeFile is the diff that removes every line of before and adds every
// line of after.
func wholeFile(before, after string) udiff.UnifiedDiff {
	h := &udiff.Hunk{FromLine: 1, ToLine: 1}
	for _, l := range splitLines([]byte(before)) {
		h.Lines = append(h.Lines, udiff.Line{Kind: udiff.Delete, Content: l})
	}
	for _, l := range splitLines([]byte(after)) {
		h.Lines = append(h.Lines, udiff.Line{Kind: udiff.Insert, Content: l})
	}
	return udiff.UnifiedDiff{Hunks: []*udiff.Hunk{h}}
}

// joinLines writes lines with "\n" after each, the only line break the
// line diff knows.
func joinLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// splitLines splits at "\n", "\r\n" and "\r", the breaks editors show; a
// final line break does not start another line.
func splitLines(src []byte) []string {
	var lines []string
	start := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines = append(lines, string(src[start:i]))
			start = i + 1
		case '\r':
			lines = append(lines, string(src[start:i]))
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(src) {
		lines = append(lines, string(src[start:]))
	}
	return lines
}
