package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
)

// Head is what a report needs before the first result: the tool, and the
// files outside the remixlets that have findings of their own.
type Head struct {
	Tool    Tool
	Sources []Source
	// Disjoint says that no two results report on the same file, so the
	// SARIF fingerprints forget each result's counts once it is written
	// (baseline.Fingerprinter.Disjoint).
	Disjoint bool
}

// End is what a report needs after the last result.
type End struct {
	// Baseline names the baseline file when one was applied.
	Baseline   string
	Baselined  int              // warnings the baseline absorbed
	Stale      []baseline.Entry // its entries that matched nothing
	Suppressed int              // warnings silenced inline
	Limits     []Limit
}

// Stream writes one run in one format as its results come, so a run over
// many remixlets keeps none of them once it is written: each format holds
// only what it prints after the last result (counts, the rules cited, the
// remixlets that could not be checked). JSON and SARIF, which are one
// document each, are written as they go too, their closing members last.
// The output is the same as WriteInput's for the same results in the same
// order.
type Stream struct {
	out    *bufio.Writer
	bound  *safetext.Writer
	format formatter
	opts   Options
	head   Head
	sum    Summary
	err    error
}

// formatter is one format: begin once, result for each remixlet in
// order, end once.
type formatter interface {
	begin(s *Stream) error
	result(s *Stream, r *analysis.Result) error
	end(s *Stream, e *End) error
}

// NewStream starts a report in format on w, through the output boundary
// (safetext.NewWriter), and writes what comes before the first result.
func NewStream(w io.Writer, format string, head Head, opts Options) (*Stream, error) {
	var f formatter
	switch format {
	case "text":
		f = &textFormat{}
	case "json":
		f = &jsonFormat{}
	case "sarif":
		f = newSARIFFormat()
	case "github":
		f = &githubFormat{annotated: map[string]int{}, cut: map[string]int{}}
	case "agent":
		f = &agentFormat{nonce: newNonce()}
	default:
		return nil, fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	return newStream(w, f, head, opts)
}

// NewStepSummary starts the markdown a GitHub step summary shows (see
// WriteStepSummary) for results that come one by one.
func NewStepSummary(w io.Writer, head Head) (*Stream, error) {
	return newStream(w, &stepSummary{counts: map[ruleRow]int{}}, head, Options{})
}

func newStream(w io.Writer, f formatter, head Head, opts Options) (*Stream, error) {
	bound := safetext.NewWriter(w)
	s := &Stream{out: bufio.NewWriterSize(bound, 64<<10), bound: bound, format: f, opts: opts, head: head}
	for _, src := range head.Sources {
		s.sum.count(src.Findings)
	}
	if err := f.begin(s); err != nil {
		return nil, err
	}
	return s, s.out.Flush()
}

// Result writes one remixlet's result. The stream keeps nothing of it.
func (s *Stream) Result(r *analysis.Result) error {
	if s.err != nil {
		return s.err
	}
	s.sum.Remixlets++
	if r.Err != nil {
		s.sum.CouldNotCheck++
		s.sum.Refused++
	} else if r.Refused() {
		s.sum.Refused++
	}
	s.sum.count(r.Findings)
	if err := s.format.result(s, r); err != nil {
		s.err = err
		return err
	}
	// What is written goes out now: a person watching a long run sees
	// each remixlet's findings as it is checked.
	s.err = s.out.Flush()
	return s.err
}

// Close writes what comes after the last result.
func (s *Stream) Close(e End) error {
	if s.err != nil {
		return s.err
	}
	s.sum.Suppressed, s.sum.Baselined = e.Suppressed, e.Baselined
	if err := s.format.end(s, &e); err != nil {
		return err
	}
	if err := s.out.Flush(); err != nil {
		return err
	}
	return s.bound.Flush()
}

// w is where a format writes.
func (s *Stream) w() io.Writer { return s.out }

func (s *Summary) count(fs []finding.Finding) {
	for _, f := range fs {
		if f.Severity == finding.Error {
			s.Errors++
		} else {
			s.Warnings++
		}
	}
}
