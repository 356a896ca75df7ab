package report

import (
	"encoding/json"
	"io"

	"github.com/remixlet/remixlet/analysis"
)

// JSONVersion is the version of the json output's shape. It changes only
// when a field changes meaning or disappears; new fields keep it.
const JSONVersion = 1

type jsonDoc struct {
	Version   int            `json:"version"`
	Tool      jsonTool       `json:"tool"`
	Remixlets []jsonRemixlet `json:"remixlets"`
}

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonRemixlet struct {
	Dir      string        `json:"dir"`
	Refused  bool          `json:"refused"`
	Error    string        `json:"error,omitempty"`
	Findings []jsonFinding `json:"findings"`
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

func writeJSON(w io.Writer, tool Tool, results []*analysis.Result) error {
	doc := jsonDoc{Version: JSONVersion, Tool: jsonTool{Name: tool.Name, Version: tool.Version}, Remixlets: []jsonRemixlet{}}
	for _, r := range results {
		jr := jsonRemixlet{Dir: r.Dir, Refused: r.Refused() || r.Err != nil, Findings: []jsonFinding{}}
		if r.Err != nil {
			jr.Error = r.Err.Error()
		}
		for _, f := range r.Findings {
			jr.Findings = append(jr.Findings, jsonFinding{
				Rule: f.Rule, Severity: f.Severity.String(), File: f.File, Path: displayPath(r.Dir, f.File),
				Line: f.Start.Line, Column: f.Start.Column, EndLine: f.End.Line, EndColumn: f.End.Column,
				Message: f.Message,
			})
		}
		doc.Remixlets = append(doc.Remixlets, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
