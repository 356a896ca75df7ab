package report

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
)

// maxSnippet is how many characters of a source line the text output
// shows; a minified line is cut to a window around the column.
const maxSnippet = 120

// ANSI colours for a terminal (Options.Color).
const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	bold   = "\x1b[1m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

type painter bool

func (p painter) paint(style, s string) string {
	if !p {
		return s
	}
	return style + s + reset
}

func (p painter) severity(s finding.Severity) string {
	if s == finding.Error {
		return p.paint(bold+red, "error")
	}
	return p.paint(yellow, "warning")
}

// textFormat prints each finding with its line, a caret under its
// column; configs first, then each remixlet, then what the run as a whole
// found (stale baseline entries, limits) and the summary line.
type textFormat struct {
	p painter
}

func (t *textFormat) begin(s *Stream) error {
	t.p = painter(s.opts.Color)
	for _, src := range s.head.Sources {
		t.findings(s, sourceResult(src))
	}
	return nil
}

func (t *textFormat) result(s *Stream, r *analysis.Result) error {
	if r.Err != nil {
		fmt.Fprintf(s.w(), "%s: %s %s\n", t.p.paint(bold, safetext.Clean(r.Dir)), t.p.paint(bold+red, "could not check:"), safetext.Clean(r.Err.Error()))
	}
	t.findings(s, r)
	return nil
}

func (t *textFormat) findings(s *Stream, r *analysis.Result) {
	p, w := t.p, s.w()
	cache := sourceCache{}
	// Each line shown is copied once, however many findings it has (a
	// long minified line can have thousands), and only the characters of
	// each snippet are decoded and masked.
	type lineKey struct {
		lines *finding.Lines
		n     int
	}
	shownLines := map[lineKey]*lineView{}
	masks := sensitiveSpans(r.Findings)
	for _, f := range shown(r.Findings, s.opts) {
		where := safetext.Clean(displayPath(r.Dir, f.File))
		if f.Start.IsValid() {
			where += fmt.Sprintf(":%d:%d", f.Start.Line, f.Start.Column)
		}
		fmt.Fprintf(w, "%s: %s %s: %s\n", p.paint(bold, where), p.severity(f.Severity), p.paint(dim, f.Rule), safetext.Clean(f.Message))
		if lines := cache.lines(r, f.File); lines != nil && f.Start.IsValid() {
			k := lineKey{lines, f.Start.Line}
			v, ok := shownLines[k]
			if !ok {
				v = &lineView{text: lines.Text(f.Start.Line), chars: lines.Chars(f.Start.Line), n: f.Start.Line, masks: masks[f.File]}
				shownLines[k] = v
			}
			text, caret := snippet(v, f.Start.Column)
			fmt.Fprintf(w, "    %s\n    %s%s\n", text, caret, p.paint(bold+red, "^"))
		}
	}
}

func (t *textFormat) end(s *Stream, e *End) error {
	p, w := t.p, s.w()
	if len(e.Stale) > 0 {
		fmt.Fprintf(w, "%s: %s, or write the baseline again with 'remixlet baseline'\n", safetext.Clean(e.Baseline), staleNote(len(e.Stale)))
		for _, st := range e.Stale {
			where := safetext.Clean(st.Path)
			if st.Line > 0 {
				where += fmt.Sprintf(":%d", st.Line)
			}
			fmt.Fprintf(w, "    %s %s\n", where, safetext.Clean(st.Rule))
		}
	}
	for _, l := range e.Limits {
		if l.Exceeded() {
			fmt.Fprintf(w, "%s %s, more than the %d that %s allows: fix some, or suppress them inline with a reason\n", p.paint(bold+red, "too many warnings:"), plural(l.Warnings, "warning"), l.Max, l.From)
		}
	}
	_, err := fmt.Fprintln(w, summaryLine(s.sum, s.opts, p))
	return err
}

func summaryLine(s Summary, opts Options, p painter) string {
	var b strings.Builder
	if s.CouldNotCheck > 0 {
		fmt.Fprintf(&b, "%s: %d checked, %d could not be checked: %s, %s", plural(s.Remixlets, "remixlet"), s.Remixlets-s.CouldNotCheck, s.CouldNotCheck, plural(s.Errors, "error"), plural(s.Warnings, "warning"))
	} else {
		fmt.Fprintf(&b, "%s checked: %s, %s", plural(s.Remixlets, "remixlet"), plural(s.Errors, "error"), plural(s.Warnings, "warning"))
	}
	if opts.Quiet && s.Warnings > 0 {
		b.WriteString(" (not shown: --quiet)")
	}
	var notes []string
	if s.Suppressed > 0 {
		notes = append(notes, fmt.Sprintf("%d suppressed inline", s.Suppressed))
	}
	if s.Baselined > 0 {
		notes = append(notes, fmt.Sprintf("%d in the baseline", s.Baselined))
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, "; warnings not counted: %s", strings.Join(notes, ", "))
	}
	if s.Refused > 0 {
		fmt.Fprintf(&b, " (%s)", p.paint(bold+red, fmt.Sprintf("%d of %d refused", s.Refused, s.Remixlets)))
	}
	return b.String()
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

// lineView is a line shown in snippets: its characters are decoded only
// where a snippet shows them, from a cursor that moves forward along the
// line as its findings do.
type lineView struct {
	text           string
	chars          int               // characters in text
	n              int               // the line's number
	masks          []finding.Finding // sensitive findings of the file
	atChar, atByte int               // character atChar starts at byte atByte
}

// window returns characters [from, to) of the line, those a sensitive
// finding covers replaced with '*'; one whose end is unknown hides the
// rest of the line.
func (v *lineView) window(from, to int) []rune {
	if from < v.atChar {
		v.atChar, v.atByte = 0, 0
	}
	for ; v.atChar < from; v.atChar++ {
		_, size := utf8.DecodeRuneInString(v.text[v.atByte:])
		v.atByte += size
	}
	out := make([]rune, 0, to-from)
	for b := v.atByte; len(out) < to-from; {
		r, size := utf8.DecodeRuneInString(v.text[b:])
		out = append(out, r)
		b += size
	}
	for _, f := range v.masks {
		if v.n < f.Start.Line || (f.End.IsValid() && v.n > f.End.Line) {
			continue
		}
		mfrom, mto := 0, v.chars
		if v.n == f.Start.Line {
			mfrom = f.Start.Column - 1
		}
		if f.End.IsValid() && v.n == f.End.Line {
			mto = f.End.Column - 1
		}
		for i := max(mfrom, from); i < min(mto, to); i++ {
			out[i-from] = '*'
		}
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// snippet returns the part of line to show and the indentation that puts
// a caret under column col. Control characters are shown as U+FFFD so a
// checked file cannot send escape sequences to the terminal; tabs stay
// tabs so the caret lines up.
func snippet(v *lineView, col int) (text, indent string) {
	start, end := 0, v.chars
	if end > maxSnippet {
		start = max(0, min(col-1-maxSnippet/2, end-maxSnippet))
		end = start + maxSnippet
	}
	runes := v.window(start, end)
	var t, ind strings.Builder
	if start > 0 {
		t.WriteString("…")
		ind.WriteString(" ")
	}
	for i := start; i < end; i++ {
		r := runes[i-start]
		switch {
		case r == '\t':
		case safetext.Unsafe(r) || r == utf8.RuneError:
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
	if end < v.chars {
		t.WriteString("…")
	}
	return t.String(), ind.String()
}

// staleNote says that n baseline entries matched nothing, and what to do.
func staleNote(n int) string {
	if n == 1 {
		return "1 entry no longer matches a warning: remove it"
	}
	return fmt.Sprintf("%d entries no longer match a warning: remove them", n)
}
