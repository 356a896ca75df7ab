package cssguard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/manifest"
)

// Removal is one part of a stylesheet that Sanitize left out.
type Removal struct {
	Start   finding.Position // in the original sheet
	What    string           // "declaration", "rule" or "at-rule"
	Text    string           // the text left out, shortened to one line
	Rules   []string         // the rules it broke
	Message string           // the first finding's message
}

func (r Removal) String() string {
	return fmt.Sprintf("%s: left out %s %s: %s: %s", r.Start, article(r.What), r.Text, strings.Join(r.Rules, ", "), r.Message)
}

func article(what string) string {
	if what == "at-rule" {
		return "an at-rule"
	}
	return "a " + what
}

// maxSanitizeRounds bounds how often Sanitize re-reads its own output: a
// removal can change how what follows reads (a bad string that swallowed
// the next line), so the result is checked again until it is clean.
const maxSanitizeRounds = 4

// Sanitize returns the stylesheet as Remixlet inserts it for a remixlet
// saved before API 1.0.2: each declaration with a refused load left out,
// the whole rule for a rule that tests value and loads, each @import and
// @namespace left out. The result is checked again and is guaranteed to
// have no refusal (conditional-load warnings may remain); if that cannot
// be reached, Sanitize returns an error rather than a sheet that still
// loads what it may not.
func Sanitize(css []byte, file string, m *manifest.Manifest) ([]byte, []Removal, error) {
	if m == nil {
		return nil, nil, fmt.Errorf("sanitize needs the manifest: the hosts a sheet may load from come from it")
	}
	cur := css
	back := identityMap(len(css)) // offset in cur → offset in css
	origLines := finding.NewLines(css)
	var removals []Removal
	for round := 0; ; round++ {
		res := Check(cur, file, m, Stylesheet)
		if len(res.problems) == 0 {
			return cur, removals, nil
		}
		if round == maxSanitizeRounds {
			return nil, removals, fmt.Errorf("%s: could not leave out every refused part (%s remains): fix the stylesheet by hand", file, res.problems[0].finding)
		}
		spans := spansToRemove(cur, res, round > 0)
		for _, s := range spans {
			removals = append(removals, Removal{
				Start: origLines.Position(back[s.start]), What: s.what, Text: excerpt(cur[s.start:s.end]),
				Rules: s.rules, Message: s.message,
			})
		}
		cur, back = cut(cur, back, spans)
	}
}

type cutSpan struct {
	start, end int
	what       string
	rules      []string
	message    string
}

// spansToRemove maps every problem to the text that must go, merging
// overlapping and nested spans. After the first round, a problem that
// survived takes its whole top-level statement with it.
func spansToRemove(src []byte, res *Result, escalate bool) []cutSpan {
	var spans []cutSpan
	var l lookup
	for _, p := range res.problems {
		s, what := spanOf(src, res, p, escalate, &l)
		spans = append(spans, cutSpan{start: s.start, end: s.end, what: what, rules: []string{p.finding.Rule}, message: p.finding.Message})
	}
	onesort.StableFunc(spans, func(a, b cutSpan) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	var merged []cutSpan
	for _, s := range spans {
		if n := len(merged); n > 0 && s.start < merged[n-1].end {
			last := &merged[n-1]
			last.end = max(last.end, s.end)
			for _, r := range s.rules {
				last.rules = appendOnce(last.rules, r)
			}
			if whatRank(s.what) > whatRank(last.what) {
				last.what = s.what
			}
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

func whatRank(what string) int {
	switch what {
	case "rule":
		return 2
	case "at-rule":
		return 1
	}
	return 0
}

// lookup holds what spanOf builds once per round.
type lookup struct {
	tops   []span // top-level statements, in source order
	tokens []Token
}

func spanOf(src []byte, res *Result, p problem, escalate bool, l *lookup) (span, string) {
	if p.stmt >= 0 && !escalate {
		return res.stmts[p.stmt], p.what
	}
	// The top-level statement around the offset (statements start in
	// source order); failing that (a comment between statements), the
	// token there.
	if l.tops == nil {
		for _, s := range res.stmts {
			if s.top {
				l.tops = append(l.tops, s)
			}
		}
	}
	if i, _ := slices.BinarySearchFunc(l.tops, p.offset+1, func(s span, off int) int { return s.start - off }); i > 0 && p.offset < l.tops[i-1].end {
		return l.tops[i-1], "rule"
	}
	tokens := &l.tokens
	if *tokens == nil {
		*tokens = Tokenize(src)
	}
	k, _ := slices.BinarySearchFunc(*tokens, p.offset+1, func(t Token, off int) int { return t.Start - off })
	if k > 0 {
		t := (*tokens)[k-1]
		return span{start: t.Start, end: t.End}, t.Type.String()
	}
	return span{start: p.offset, end: len(src)}, "rule"
}

// cut removes the spans (sorted, disjoint), leaving one space for each so
// that the tokens on either side cannot join, and carries the offset map.
func cut(src []byte, back []int, spans []cutSpan) ([]byte, []int) {
	out := make([]byte, 0, len(src))
	outBack := make([]int, 0, len(src)+1)
	prev := 0
	for _, s := range spans {
		out = append(out, src[prev:s.start]...)
		outBack = append(outBack, back[prev:s.start]...)
		out = append(out, ' ')
		outBack = append(outBack, back[s.start])
		prev = s.end
	}
	out = append(out, src[prev:]...)
	outBack = append(outBack, back[prev:]...)
	return out, outBack
}

func identityMap(n int) []int {
	m := make([]int, n+1)
	for i := range m {
		m[i] = i
	}
	return m
}

// excerpt shows removed text on one line, shortened.
func excerpt(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:77]) + "…"
	}
	return "`" + s + "`"
}
