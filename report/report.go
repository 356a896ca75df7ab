// Package report writes lint results for people (text) and for machines
// (json, sarif, github workflow annotations), and for the AI agent that
// wrote the remixlet (agent: file text fenced as data).
//
// Every string that comes from the checked files or their names is made
// harmless where it is printed (internal/safetext): a file named with
// terminal escape sequences shows them as \u001B in text and annotations,
// and JSON output escapes every control and direction-changing character.
package report

import (
	"io"
	"slices"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/finding"
)

// Formats are the output formats, in the order --help lists them.
var Formats = []string{"text", "json", "sarif", "github", "agent"}

// Tool names the program in machine-readable output.
type Tool struct {
	Name    string
	Version string
	URI     string
}

// Input is everything one lint run reports.
type Input struct {
	Tool    Tool
	Results []*analysis.Result
	// Sources are files outside the remixlets that have findings of their
	// own: the config files. Each finding's File is the source's Path.
	Sources []Source
	// End is what the reports print after the last result: the baseline,
	// the counts of what it and the suppressions absorbed, the limits.
	End
}

// Source is a file outside the remixlets, with its findings.
type Source struct {
	Path     string
	Data     []byte
	Findings []finding.Finding
}

// Limit is a warning limit and how the run stands against it.
type Limit struct {
	Max      int
	From     string
	Warnings int
}

// Exceeded reports whether the run has more warnings than the limit.
func (l Limit) Exceeded() bool { return l.Warnings > l.Max }

// Options change how a format prints.
type Options struct {
	Quiet bool // errors only: warnings are counted but not shown
	Color bool // text: colour for a terminal
}

// Write renders results in format.
func Write(w io.Writer, format string, tool Tool, results []*analysis.Result) error {
	return WriteInput(w, format, &Input{Tool: tool, Results: results}, Options{})
}

// WriteInput renders a whole run in format, through the output boundary
// (safetext.NewWriter), whatever w is: a terminal, a report file, the
// WebAssembly build's buffer. It is a Stream over in's results.
func WriteInput(w io.Writer, format string, in *Input, opts Options) error {
	s, err := NewStream(w, format, in.Head(), opts)
	if err != nil {
		return err
	}
	return in.stream(s)
}

// Head is what in's reports print before its first result.
func (in *Input) Head() Head { return Head{Tool: in.Tool, Sources: in.Sources} }

func (in *Input) stream(s *Stream) error {
	for _, r := range in.Results {
		if err := s.Result(r); err != nil {
			return err
		}
	}
	return s.Close(in.End)
}

// ValidFormat reports whether format is one Write knows.
func ValidFormat(format string) bool { return slices.Contains(Formats, format) }

// displayPath joins a remixlet folder and a file inside it with forward
// slashes, as every output shows paths.
func displayPath(dir, file string) string { return baseline.DisplayPath(dir, file) }

// Summary is the count every format reports the same way.
type Summary struct {
	Remixlets     int `json:"remixlets"`     // folders named: checked or not
	Refused       int `json:"refused"`       // remixlets refused, those that could not be checked among them
	CouldNotCheck int `json:"couldNotCheck"` // remixlets (or paths) that could not be checked
	Errors        int `json:"errors"`        // error findings, in remixlets and config files
	Warnings      int `json:"warnings"`      // warnings that count
	Suppressed    int `json:"suppressed"`    // warnings silenced inline
	Baselined     int `json:"baselined"`     // warnings the baseline absorbed
}

// Summarize counts a run.
func Summarize(in *Input) Summary {
	s := Summary{Remixlets: len(in.Results), Suppressed: in.Suppressed, Baselined: in.Baselined}
	for _, r := range in.Results {
		if r.Err != nil {
			s.CouldNotCheck++
			s.Refused++
		} else if r.Refused() {
			s.Refused++
		}
		s.count(r.Findings)
	}
	for _, src := range in.Sources {
		s.count(src.Findings)
	}
	return s
}

// shown returns the findings a format prints: all, or only the errors
// with --quiet.
func shown(fs []finding.Finding, opts Options) []finding.Finding {
	if !opts.Quiet {
		return fs
	}
	var out []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Error {
			out = append(out, f)
		}
	}
	return out
}

// lineSource returns the line index of a file of a result, or nil when its
// bytes were not accepted by the loader.
func lineSource(r *analysis.Result, file string) *finding.Lines {
	if r.Package == nil || file == "" {
		return nil
	}
	data, ok := r.Package.File(file)
	if !ok {
		return nil
	}
	return finding.NewLines(data)
}

// sourceCache indexes each file at most once per result.
type sourceCache map[string]*finding.Lines

func (c sourceCache) lines(r *analysis.Result, file string) *finding.Lines {
	key := r.Dir + "\x00" + file
	if l, ok := c[key]; ok {
		return l
	}
	l := lineSource(r, file)
	c[key] = l
	return l
}

// sourceResult wraps a Source as a result whose folder is "" and whose one
// file is the source, so the formats print its findings like any other.
func sourceResult(src Source) *analysis.Result {
	return &analysis.Result{
		Dir:      "",
		Package:  &analysis.Package{Files: []analysis.File{{Name: src.Path, Data: src.Data}}},
		Findings: src.Findings,
	}
}
