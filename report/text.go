package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// maxSnippet is how many characters of a source line the text output
// shows; a minified line is cut to a window around the column.
const maxSnippet = 120

func writeText(w io.Writer, results []*analysis.Result) error {
	cache := sourceCache{}
	var errs, warns, refused int
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(w, "%s: could not check: %v\n", r.Dir, r.Err)
		}
		if r.Refused() {
			refused++
		}
		masks := sensitiveSpans(r.Findings)
		for _, f := range r.Findings {
			if f.Severity == finding.Error {
				errs++
			} else {
				warns++
			}
			where := displayPath(r.Dir, f.File)
			if f.Start.IsValid() {
				where += fmt.Sprintf(":%d:%d", f.Start.Line, f.Start.Column)
			}
			fmt.Fprintf(w, "%s: %s %s: %s\n", where, f.Severity, f.Rule, f.Message)
			if lines := cache.lines(r, f.File); lines != nil && f.Start.IsValid() {
				text, caret := snippet(mask(lines.Text(f.Start.Line), f.Start.Line, masks[f.File]), f.Start.Column)
				fmt.Fprintf(w, "    %s\n    %s^\n", text, caret)
			}
		}
	}
	_, err := fmt.Fprintf(w, "%s checked: %s, %s%s\n", plural(len(results), "remixlet"), plural(errs, "error"), plural(warns, "warning"), refusedNote(refused, len(results)))
	return err
}

// sensitiveSpans collects, per file, the findings whose text must not be
// shown (a credential).
func sensitiveSpans(fs []finding.Finding) map[string][]finding.Finding {
	var out map[string][]finding.Finding
	for _, f := range fs {
		if r, ok := finding.Lookup(f.Rule); ok && r.Sensitive && f.Start.IsValid() {
			if out == nil {
				out = map[string][]finding.Finding{}
			}
			out[f.File] = append(out[f.File], f)
		}
	}
	return out
}

// mask replaces with '*' the characters of line n that a sensitive
// finding covers; one whose end is unknown hides the rest of the line.
func mask(line string, n int, spans []finding.Finding) string {
	if len(spans) == 0 {
		return line
	}
	runes := []rune(line)
	for _, f := range spans {
		if n < f.Start.Line || (f.End.IsValid() && n > f.End.Line) {
			continue
		}
		from, to := 0, len(runes)
		if n == f.Start.Line {
			from = f.Start.Column - 1
		}
		if f.End.IsValid() && n == f.End.Line {
			to = f.End.Column - 1
		}
		for i := max(from, 0); i < min(to, len(runes)); i++ {
			runes[i] = '*'
		}
	}
	return string(runes)
}

func refusedNote(refused, total int) string {
	if refused == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d of %d refused)", refused, total)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// snippet returns the part of line to show and the indentation that puts
// a caret under column col. Control characters are shown as U+FFFD so a
// checked file cannot send escape sequences to the terminal; tabs stay
// tabs so the caret lines up.
func snippet(line string, col int) (text, indent string) {
	runes := []rune(line)
	start, end := 0, len(runes)
	if end > maxSnippet {
		start = max(0, min(col-1-maxSnippet/2, end-maxSnippet))
		end = start + maxSnippet
	}
	var t, ind strings.Builder
	if start > 0 {
		t.WriteString("…")
		ind.WriteString(" ")
	}
	for i := start; i < end; i++ {
		r := runes[i]
		switch {
		case r == '\t':
		case unicode.IsControl(r) || r == utf8.RuneError || isBidi(r):
			r = '\uFFFD'
		}
		t.WriteRune(r)
		if i < col-1 {
			if r == '\t' {
				ind.WriteRune('\t')
			} else {
				ind.WriteRune(' ')
			}
		}
	}
	if end < len(runes) {
		t.WriteString("…")
	}
	return t.String(), ind.String()
}

// isBidi reports characters that reorder the text around them on screen.
func isBidi(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
