package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/capability"
	"github.com/remixlet/remixlet/finding"
)

// JSONVersion is the version of the json output's shape. It changes only
// when a field changes meaning or disappears; new fields keep it.
const JSONVersion = 1

type jsonDoc struct {
	Version   int            `json:"version"`
	Tool      jsonTool       `json:"tool"`
	Remixlets []jsonRemixlet `json:"remixlets"`
	Configs   []jsonSource   `json:"configs,omitempty"`
	Baseline  *jsonBaseline  `json:"baseline,omitempty"`
	Limits    []jsonLimit    `json:"limits,omitempty"`
	Summary   Summary        `json:"summary"`
}

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonRemixlet struct {
	Dir string `json:"dir"`
	// Refused is true for a remixlet with an error finding, and for one
	// that could not be checked (Error says why): a reader that looks only
	// at refused never accepts a folder nobody checked.
	Refused  bool          `json:"refused"`
	Error    string        `json:"error,omitempty"`
	Findings []jsonFinding `json:"findings"`
	// Capabilities is what the remixlet can do, in words (package
	// capability); absent for one that could not be read or built, empty
	// for one that does nothing a person decides on.
	Capabilities *[]capability.Item `json:"capabilities,omitempty"`
}

type jsonSource struct {
	Path     string        `json:"path"`
	Findings []jsonFinding `json:"findings"`
}

type jsonBaseline struct {
	File    string           `json:"file"`
	Matched int              `json:"matched"`
	Stale   []baseline.Entry `json:"stale"`
}

type jsonLimit struct {
	Max      int    `json:"max"`
	From     string `json:"from"`
	Warnings int    `json:"warnings"`
	Exceeded bool   `json:"exceeded"`
}

type jsonFinding struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	File      string `json:"file"`
	Path      string `json:"path"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Message   string `json:"message"`
}

func jsonFindings(r *analysis.Result, fs []finding.Finding) []jsonFinding {
	out := []jsonFinding{}
	for _, f := range fs {
		out = append(out, jsonFinding{
			Rule: f.Rule, Severity: f.Severity.String(), File: f.File, Path: displayPath(r.Dir, f.File),
			Line: f.Start.Line, Column: f.Start.Column, EndLine: f.End.Line, EndColumn: f.End.Column,
			Message: f.Message,
		})
	}
	return out
}

// jsonFormat writes the jsonDoc member by member: the remixlets as they
// come, then the configs, baseline, limits and summary. The bytes are
// those encoding the whole jsonDoc at once gives (TestJSONStreamsTheDoc).
type jsonFormat struct {
	doc jsonWriter
}

func (j *jsonFormat) begin(s *Stream) error {
	j.doc = jsonWriter{w: s.w()}
	j.doc.begin("", "{")
	j.doc.value("version", JSONVersion)
	j.doc.value("tool", jsonTool{Name: s.head.Tool.Name, Version: s.head.Tool.Version})
	j.doc.begin("remixlets", "[")
	return j.doc.err
}

func (j *jsonFormat) result(s *Stream, r *analysis.Result) error {
	j.doc.value("", newJSONRemixlet(r, shown(r.Findings, s.opts)))
	return j.doc.err
}

// newJSONRemixlet is one remixlet of the json output, with the findings
// shown.
func newJSONRemixlet(r *analysis.Result, fs []finding.Finding) jsonRemixlet {
	jr := jsonRemixlet{Dir: r.Dir, Refused: r.Refused() || r.Err != nil, Findings: jsonFindings(r, fs)}
	if r.Err != nil {
		jr.Error = r.Err.Error()
	} else if sum := capability.Summarize(r); sum != nil {
		jr.Capabilities = &sum.Capabilities
	}
	return jr
}

func (j *jsonFormat) end(s *Stream, e *End) error {
	j.doc.end() // remixlets
	var configs []jsonSource
	for _, src := range s.head.Sources {
		configs = append(configs, jsonSource{Path: src.Path, Findings: jsonFindings(&analysis.Result{}, shown(src.Findings, s.opts))})
	}
	if len(configs) > 0 {
		j.doc.value("configs", configs)
	}
	if e.Baseline != "" {
		b := &jsonBaseline{File: e.Baseline, Matched: e.Baselined, Stale: e.Stale}
		if b.Stale == nil {
			b.Stale = []baseline.Entry{}
		}
		j.doc.value("baseline", b)
	}
	var limits []jsonLimit
	for _, l := range e.Limits {
		limits = append(limits, jsonLimit{Max: l.Max, From: l.From, Warnings: l.Warnings, Exceeded: l.Exceeded()})
	}
	if len(limits) > 0 {
		j.doc.value("limits", limits)
	}
	j.doc.value("summary", s.sum)
	j.doc.end()
	j.doc.write("\n")
	return j.doc.err
}

// jsonWriter writes a JSON document a piece at a time, indented as
// encodeJSON indents a whole one: objects and arrays are opened and
// closed around values, each value encoded on its own.
type jsonWriter struct {
	w    io.Writer
	open []jsonLevel // the objects and arrays open, innermost last
	err  error
}

type jsonLevel struct {
	closer string // "}" or "]"
	items  int    // values written in it so far
}

func (d *jsonWriter) write(s string) {
	if d.err == nil {
		_, d.err = io.WriteString(d.w, s)
	}
}

func (d *jsonWriter) indent() string { return strings.Repeat("  ", len(d.open)) }

// next starts the next value in the innermost object or array: the comma,
// the line break and indentation, and its name in an object.
func (d *jsonWriter) next(name string) {
	if len(d.open) == 0 {
		return // the document itself
	}
	top := &d.open[len(d.open)-1]
	if top.items > 0 {
		d.write(",")
	}
	top.items++
	d.write("\n" + d.indent())
	if name != "" {
		d.write(`"` + name + `": `)
	}
}

// begin opens an object ("{") or an array ("["), named inside an object.
func (d *jsonWriter) begin(name, bracket string) {
	d.next(name)
	d.write(bracket)
	closer := "}"
	if bracket == "[" {
		closer = "]"
	}
	d.open = append(d.open, jsonLevel{closer: closer})
}

// end closes the innermost object or array.
func (d *jsonWriter) end() {
	top := d.open[len(d.open)-1]
	d.open = d.open[:len(d.open)-1]
	if top.items > 0 {
		d.write("\n" + d.indent())
	}
	d.write(top.closer)
}

// value writes v, named inside an object, encoded as encodeJSON encodes
// it at this depth.
func (d *jsonWriter) value(name string, v any) {
	d.next(name)
	if d.err != nil {
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent(d.indent(), "  ")
	enc.SetEscapeHTML(false)
	if d.err = enc.Encode(v); d.err == nil {
		_, d.err = d.w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
}

// encodeJSON writes v indented, as every JSON output is.
func encodeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
