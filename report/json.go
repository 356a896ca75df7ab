package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
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

func writeJSON(w io.Writer, in *Input, opts Options) error {
	doc := jsonDoc{Version: JSONVersion, Tool: jsonTool{Name: in.Tool.Name, Version: in.Tool.Version}, Remixlets: []jsonRemixlet{}, Summary: Summarize(in)}
	for _, r := range in.Results {
		jr := jsonRemixlet{Dir: r.Dir, Refused: r.Refused() || r.Err != nil, Findings: jsonFindings(r, shown(r.Findings, opts))}
		if r.Err != nil {
			jr.Error = r.Err.Error()
		}
		doc.Remixlets = append(doc.Remixlets, jr)
	}
	for _, src := range in.Sources {
		doc.Configs = append(doc.Configs, jsonSource{Path: src.Path, Findings: jsonFindings(&analysis.Result{}, shown(src.Findings, opts))})
	}
	if in.Baseline != "" {
		doc.Baseline = &jsonBaseline{File: in.Baseline, Matched: in.Baselined, Stale: in.Stale}
		if doc.Baseline.Stale == nil {
			doc.Baseline.Stale = []baseline.Entry{}
		}
	}
	for _, l := range in.Limits {
		doc.Limits = append(doc.Limits, jsonLimit{Max: l.Max, From: l.From, Warnings: l.Warnings, Exceeded: l.Exceeded()})
	}
	return encodeJSON(w, doc)
}

// encodeJSON writes v indented; the output boundary escapes what the
// encoder leaves raw.
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
