package scriptlint

import (
	"fmt"
	"slices"
	"strings"

	esb "github.com/evanw/esbuild/remixletbridge"
)

// Limits of readable code (js/unreadable-code). Minified code is long
// lines with next to no spaces: minifiers drop every space they can, while
// formatted code, even dense, spaces its operators and lists (10 to 20% of
// a line). Literals and comments are left out of the count, so a long
// string, a shader or a data table written on one line is not minified
// code. A string is text written in escapes when most of it is escapes and
// there are many of them: real code escapes a character here and there (a
// quote, a line break, a character class's range).
const (
	minMinifiedLine   = 300 // bytes of code on a line, literals and comments left out
	minMinifiedNames  = 100 // of them letters of names
	maxMinifiedSpaces = 4   // percent of them spaces, at most
	minEscapesInText  = 16
	escapedTextShares = 2 // escapes make up at least 1/2 of the literal
)

// checkReadable warns on stored code a person cannot read: lines of
// minified code, text written in escapes, names written in escapes.
func (sp *scriptPass) checkReadable() {
	src := sp.src
	long := longLine(src, minMinifiedLine)
	if long < 0 && strings.IndexByte(src, '\\') < 0 {
		return // the common case: no long line, no escape at all
	}
	literals, comments, complete := sp.nest.LiteralRanges()
	if !complete {
		return // the parse says why the file cannot be read
	}
	outside := mergeRanges(literals, comments)

	if long >= 0 {
		sp.reportMinified(src, outside)
	}
	for _, r := range literals {
		text := src[r.Loc.Start:r.End()]
		if text[0] == '/' {
			continue // a regular expression: escapes are its syntax
		}
		if n := countEscapes(text); n >= minEscapesInText && n*escapeWidth*escapedTextShares >= len(text) {
			sp.report(RuleUnreadableCode, int(r.Loc.Start), "this string is written almost entirely in escapes (%d of them), so nobody can read what it says: write the text as it reads", n)
		}
	}
	// Outside literals and comments a backslash only starts an escaped
	// name (\u0065val), which the parser reads as the plain name.
	for i := strings.IndexByte(src, '\\'); i >= 0; {
		if !inRange(outside, i) {
			sp.report(RuleUnreadableCode, i, "this name is written with escapes, so it does not read as the name it is: write the name itself")
			break
		}
		j := strings.IndexByte(src[i+1:], '\\')
		if j < 0 {
			break
		}
		i += 1 + j
	}
}

// reportMinified warns once, at the first line of minified code.
func (sp *scriptPass) reportMinified(src string, outside []esb.Range) {
	lines, first := 0, -1
	k := 0 // the first range that may overlap the current line
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if end-start > minMinifiedLine {
			for k < len(outside) && int(outside[k].End()) <= start {
				k++
			}
			if minified(src, start, end, outside[k:]) {
				lines++
				if first < 0 {
					first = start
				}
			}
		}
		start = end + 1
	}
	if first < 0 {
		return
	}
	more := ""
	if lines > 1 {
		more = fmt.Sprintf(" (the first of %d such lines)", lines)
	}
	sp.report(RuleUnreadableCode, first, "script.js is minified: this line is long code with next to no spaces%s, so a person cannot read in History what it does: store the readable code", more)
}

// minified reads the line src[start:end], literals and comments left out:
// long, made of names, and with next to no spaces.
func minified(src string, start, end int, outside []esb.Range) bool {
	code, names, spaces := 0, 0, 0
	for i := start; i < end; i++ {
		if len(outside) > 0 && i >= int(outside[0].Loc.Start) {
			if e := int(outside[0].End()); i < e {
				i = e - 1
				continue
			}
			outside = outside[1:]
			i--
			continue
		}
		code++
		switch c := src[i]; {
		case c == ' ' || c == '\t':
			spaces++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$':
			names++
		}
	}
	return code > minMinifiedLine && names > minMinifiedNames && spaces*100 < code*maxMinifiedSpaces
}

// longLine returns the offset of the first line longer than n bytes, or -1.
func longLine(src string, n int) int {
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		if end > n {
			return start
		}
		start += end + 1
	}
	return -1
}

// escapeWidth is the length of the commonest escapes (\xHH is 4, \uHHHH
// 6): a literal is counted as escaped text when its escapes, at this
// width, make up the share escapedTextShares asks for.
const escapeWidth = 4

// countEscapes counts the \x, \u and octal-free escapes in a literal's text.
func countEscapes(text string) int {
	n := 0
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		switch text[i+1] {
		case 'x', 'u':
			n++
		}
		i++ // the escaped character is not the start of another escape
	}
	return n
}

// mergeRanges is a and b in one list by start. The scan reads literals and
// comments in order, so each is sorted already (sorted here if not).
func mergeRanges(a, b []esb.Range) []esb.Range {
	byStart := func(x, y esb.Range) int { return int(x.Loc.Start) - int(y.Loc.Start) }
	if !slices.IsSortedFunc(a, byStart) || !slices.IsSortedFunc(b, byStart) {
		out := slices.Concat(a, b)
		slices.SortFunc(out, byStart)
		return out
	}
	out := make([]esb.Range, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].Loc.Start <= b[0].Loc.Start {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
