package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/finding"
)

// streamInputs are runs with every part a format prints: no remixlet, one
// that could not be checked, findings, configs with findings of their own,
// a baseline with stale entries, limits.
func streamInputs() map[string]*Input {
	f := func(file string, line int, sev finding.Severity) finding.Finding {
		fd := finding.New(analysis.RuleUnexpectedFile, file, finding.Position{Line: line, Column: 2}, "message %d", line)
		fd.Severity = sev
		return fd
	}
	tool := Tool{Name: "remixlet", Version: "v1.2.3"}
	full := &Input{
		Tool: tool,
		Results: []*analysis.Result{
			{Dir: "a", Findings: []finding.Finding{f("script.js", 1, finding.Error), f("style.css", 3, finding.Warning)}},
			{Dir: "b", Err: errors.New("b is not a folder")},
			{Dir: "c"},
		},
		Sources: []Source{{Path: "remixlet.config.json", Data: []byte("{}\n"), Findings: []finding.Finding{f("remixlet.config.json", 1, finding.Warning)}}},
		End: End{
			Baseline:   "base.json",
			Baselined:  2,
			Stale:      []baseline.Entry{{Fingerprint: "x", Rule: "js/eval", Path: "a/script.js", Line: 4, Message: "m"}},
			Suppressed: 1,
			Limits:     []Limit{{Max: 0, From: "--max-warnings", Warnings: 1}, {Max: 5, From: "maxWarnings in c.json:2:3", Warnings: 1}},
		},
	}
	return map[string]*Input{
		"empty":       {Tool: tool},
		"full":        full,
		"no-baseline": {Tool: tool, Results: full.Results[:1]},
	}
}

// TestJSONStreamsTheDoc: the json output, written a remixlet at a time,
// is byte for byte the jsonDoc that describes its shape, encoded whole.
func TestJSONStreamsTheDoc(t *testing.T) {
	for name, in := range streamInputs() {
		var got bytes.Buffer
		if err := WriteInput(&got, "json", in, Options{}); err != nil {
			t.Fatal(err)
		}
		doc := jsonDoc{Version: JSONVersion, Tool: jsonTool{Name: in.Tool.Name, Version: in.Tool.Version}, Remixlets: []jsonRemixlet{}, Summary: Summarize(in)}
		for _, r := range in.Results {
			doc.Remixlets = append(doc.Remixlets, newJSONRemixlet(r, r.Findings))
		}
		for _, src := range in.Sources {
			doc.Configs = append(doc.Configs, jsonSource{Path: src.Path, Findings: jsonFindings(&analysis.Result{}, src.Findings)})
		}
		if in.Baseline != "" {
			doc.Baseline = &jsonBaseline{File: in.Baseline, Matched: in.Baselined, Stale: in.Stale}
		}
		for _, l := range in.Limits {
			doc.Limits = append(doc.Limits, jsonLimit{Max: l.Max, From: l.From, Warnings: l.Warnings, Exceeded: l.Exceeded()})
		}
		var want bytes.Buffer
		if err := encodeJSON(&want, doc); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("%s: the streamed document differs (-whole +streamed):\n%s", name, diff)
		}
	}
}

// TestStreamWritesAsResultsCome: each format has written a remixlet's
// findings once Result returns for it, before the run ends, and the whole
// output equals WriteInput's.
func TestStreamWritesAsResultsCome(t *testing.T) {
	in := streamInputs()["full"]
	for _, format := range Formats {
		var whole bytes.Buffer
		if err := WriteInput(&whole, format, in, Options{}); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		s, err := NewStream(&out, format, Head{Tool: in.Tool, Sources: in.Sources}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Result(in.Results[0]); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "message 3") {
			t.Errorf("%s: the first remixlet's warning is not written after its result:\n%s", format, out.String())
		}
		for _, r := range in.Results[1:] {
			if err := s.Result(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(in.End); err != nil {
			t.Fatal(err)
		}
		if format == "agent" {
			continue // a new nonce each report
		}
		if diff := cmp.Diff(whole.String(), out.String()); diff != "" {
			t.Errorf("%s: the stream differs from the whole report:\n%s", format, diff)
		}
	}
}

// TestDisjointKeepsFingerprints: in a run whose results report on files of
// their own, forgetting each result's counts once it is written (Disjoint)
// leaves every SARIF fingerprint as it is, repeated findings on one line
// included.
func TestDisjointKeepsFingerprints(t *testing.T) {
	var results []*analysis.Result
	for _, dir := range []string{"a", "b", "c"} {
		r := &analysis.Result{Dir: dir, Package: &analysis.Package{Files: []analysis.File{{Name: "script.js", Data: []byte("eval(x); eval(x);\neval(y);\n")}}}}
		for _, col := range []int{1, 10, 1} {
			line := 1
			if col == 1 && len(r.Findings) == 2 {
				line = 2
			}
			r.Findings = append(r.Findings, finding.New(analysis.RuleUnexpectedFile, "script.js", finding.Position{Line: line, Column: col}, "same message"))
		}
		results = append(results, r)
	}
	render := func(disjoint bool) string {
		var buf bytes.Buffer
		s, err := NewStream(&buf, "sarif", Head{Tool: Tool{Name: "remixlet"}, Disjoint: disjoint}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if err := s.Result(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(End{}); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	kept, forgotten := render(false), render(true)
	if kept != forgotten {
		t.Errorf("fingerprints differ:\n%s", cmp.Diff(kept, forgotten))
	}
	if n := strings.Count(kept, `"remixletFinding/v1"`); n != 9 {
		t.Errorf("%d results, want 9", n)
	}
}
