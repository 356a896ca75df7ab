// Package baseline records the warnings a repository has today, so that a
// team can adopt remixlet without fixing them all first: with --baseline,
// warnings recorded in the baseline do not count and new ones do. Errors
// are never recorded. Entries that no longer match a warning are reported
// as stale, so the baseline only shrinks.
package baseline

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/regularfile"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/internal/schema"
	"github.com/remixlet/remixlet/internal/strictjson"
)

// Version is the version of the file's shape.
const Version = 1

//go:embed baseline.schema.json
var schemaJSON []byte

// SchemaID is where the schema is published: the file in the repository.
const SchemaID = "https://raw.githubusercontent.com/remixlet/remixlet/main/baseline/baseline.schema.json"

// SchemaJSON returns the baseline file's JSON Schema.
func SchemaJSON() []byte { return slices.Clone(schemaJSON) }

var compiled = sync.OnceValue(func() *schema.Schema { return schema.MustCompile(SchemaID, schemaJSON) })

// Entry is one recorded warning.
type Entry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Line        int    `json:"line,omitempty"`
	Message     string `json:"message,omitempty"`
}

// File is a baseline.
type File struct {
	Schema   string  `json:"$schema,omitempty"`
	Version  int     `json:"version"`
	Warnings []Entry `json:"warnings"`
}

// maxSize bounds what is read of a baseline.
const maxSize = 64 << 20

// Read reads a baseline file. The error says what is wrong, with the
// line and column.
func Read(name string) (*File, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, fmt.Errorf("the baseline %s", plainerr.Describe(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	if err != nil {
		return nil, fmt.Errorf("the baseline %s %s", safetext.Clean(name), plainerr.Reason(err))
	}
	if len(data) > maxSize {
		return nil, fmt.Errorf("the baseline %s is larger than 64 MiB", safetext.Clean(name))
	}
	return Parse(data, name)
}

// Parse reads a baseline's bytes; name is for messages.
func Parse(data []byte, name string) (*File, error) {
	lines := finding.NewLines(data)
	where := func(off int) string {
		p := lines.Position(off)
		return fmt.Sprintf("%s:%d:%d", safetext.Clean(name), p.Line, p.Column)
	}
	root, err := strictjson.Parse(data, 8)
	if err != nil {
		e := err.(*strictjson.Error)
		return nil, fmt.Errorf("%s: the baseline is not JSON: %s", where(e.Offset), e.Msg)
	}
	if vs := compiled().Validate(root); len(vs) > 0 {
		return nil, fmt.Errorf("%s: %s: write the baseline with 'remixlet baseline DIR... > FILE'", where(vs[0].Offset), vs[0].Message)
	}
	var b File
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: %s", safetext.Clean(name), err)
	}
	return &b, nil
}

// Make records the warnings of results (errors are never recorded).
func Make(results []*analysis.Result) *File {
	b := &File{Version: Version, Warnings: []Entry{}}
	fp := NewFingerprinter()
	for _, r := range results {
		for _, f := range r.Findings {
			id := fp.Of(r, f)
			if f.Severity != finding.Warning {
				continue
			}
			b.Warnings = append(b.Warnings, Entry{Fingerprint: id, Rule: f.Rule, Path: DisplayPath(r.Dir, f.File), Line: f.Start.Line, Message: f.Message})
		}
	}
	return b
}

// Write writes b as indented JSON, its unsafe characters escaped.
func (b *File) Write(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return err
	}
	_, err := w.Write(safetext.EscapeJSON(buf.Bytes()))
	return err
}

// Outcome is what applying a baseline did.
type Outcome struct {
	Matched int     // warnings the baseline absorbed
	Stale   []Entry // entries under the remixlets checked that matched no warning
}

// Apply removes from results the warnings the baseline records (each is
// kept in the result's Silenced, named by the baseline file). Entries
// for files under the remixlets checked that matched nothing are stale;
// entries for remixlets not checked in this run are left alone.
func (b *File) Apply(results []*analysis.Result, name string) Outcome {
	a := b.NewApplier(name, false)
	for _, r := range results {
		a.Apply(r)
	}
	return a.Outcome()
}

// Applier applies a baseline to the results of a run one at a time, in
// order, keeping of each only the folder it checked.
type Applier struct {
	b       *File
	name    string
	byID    map[string]int
	used    []bool
	fp      *Fingerprinter
	checked map[string]bool // the folders checked, as slash paths
	matched int
}

// NewApplier starts applying b, read from the file name, to a run;
// disjoint says that no two of its results report on the same file
// (Fingerprinter.Disjoint).
func (b *File) NewApplier(name string, disjoint bool) *Applier {
	a := &Applier{b: b, name: name, byID: map[string]int{}, used: make([]bool, len(b.Warnings)), fp: NewFingerprinter(), checked: map[string]bool{}}
	a.fp.Disjoint = disjoint
	for i, e := range b.Warnings {
		a.byID[e.Fingerprint] = i
	}
	return a
}

// Apply removes from r the warnings the baseline records.
func (a *Applier) Apply(r *analysis.Result) {
	if r.Err == nil {
		a.checked[path.Clean(strings.TrimPrefix(DisplayPath(r.Dir, ""), "./"))] = true
	}
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		id := a.fp.Of(r, f)
		if i, ok := a.byID[id]; ok && f.Severity == finding.Warning && a.b.Warnings[i].Rule == f.Rule && !a.used[i] {
			a.used[i] = true
			a.matched++
			r.Silenced = append(r.Silenced, analysis.Silenced{Finding: f, Baseline: a.name, Fingerprint: id})
			continue
		}
		kept = append(kept, f)
	}
	r.Findings = kept
}

// Outcome is what applying the baseline did to the results so far.
func (a *Applier) Outcome() Outcome {
	out := Outcome{Matched: a.matched}
	for i, e := range a.b.Warnings {
		if !a.used[i] && a.lies(e.Path) {
			out.Stale = append(out.Stale, e)
		}
	}
	return out
}

// lies reports whether a path lies in a folder the run checked: it or one
// of the folders above it is one ("." holds everything).
func (a *Applier) lies(p string) bool {
	for p = path.Clean(p); ; p = path.Dir(p) {
		if a.checked[p] {
			return true
		}
		if p == "." || p == "/" {
			return a.checked["."]
		}
	}
}
