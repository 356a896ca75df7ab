// Package workspace runs a whole lint over what a command line names: it
// finds the remixlets (discover), runs every check on each (lint), applies
// the configs that govern each one with their inline suppressions
// (config), then a baseline, and counts the warnings against the limits.
// cmd/remixlet only parses flags and prints what Lint returns.
package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/config"
	"github.com/remixlet/remixlet/discover"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/lint"
)

// Options say what to lint and how.
type Options struct {
	Paths []string
	// Config names a config file that applies to every remixlet, on top
	// of those found from each remixlet up to the repository root.
	Config string
	// Baseline names a baseline file ("" for none).
	Baseline string
	// MaxWarnings is the most warnings the run may have; negative for no
	// limit. A config's maxWarnings applies as well: the smaller counts.
	MaxWarnings int
	// AllowEmpty makes paths that hold no remixlet no error (for hooks
	// that pass every file a commit touches).
	AllowEmpty bool
	// WorkDir is the folder paths are relative to and outputs name paths
	// from; "" for the current one.
	WorkDir string
}

// Run is everything a lint run found.
type Run struct {
	Results []*analysis.Result // one per remixlet, or per path that could not be searched
	Configs []*config.File     // every config file that applied, with its own findings
	// Outside counts plain files given that lie in no remixlet.
	Outside    int
	Suppressed int // warnings silenced inline
	Baseline   baseline.Outcome
	Warnings   int // warnings that count, after suppressions and the baseline
	Limits     []Limit
}

// Limit is one warning limit and how the run stands against it.
type Limit struct {
	Max      int
	From     string // "--max-warnings", or the config file and line
	Warnings int    // the warnings it counts
}

// Exceeded reports whether the run has more warnings than the limit.
func (l Limit) Exceeded() bool { return l.Warnings > l.Max }

// ErrNothing is returned when the paths hold no remixlet at all.
var ErrNothing = errors.New("no remixlet to check")

// Lint runs the checks. The error is for a run that cannot go ahead at all
// (an unreadable config or baseline file, nothing to check); a folder that
// could not be checked is a result with Err.
func Lint(opts Options) (*Run, error) {
	wd := opts.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("the working folder %s", plainerr.Reason(err))
		}
	}
	wd, _ = filepath.Abs(wd)
	found := discover.Find(opts.Paths, wd)
	run := &Run{Outside: found.Outside}
	var entries []discover.Entry
	for _, e := range found.Entries {
		if e.Empty && opts.AllowEmpty {
			continue
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		if opts.AllowEmpty {
			return run, nil
		}
		return nil, fmt.Errorf("%w: none of the %s given lies in a remixlet folder (a folder with a manifest.json)", ErrNothing, plural(len(opts.Paths), "file"))
	}

	loaded := map[string]*config.File{}
	load := func(path string) (*config.File, error) {
		if f, ok := loaded[path]; ok {
			return f, nil
		}
		f, err := config.Load(path, discover.Display(path, wd))
		if err != nil {
			return nil, err
		}
		loaded[path] = f
		run.Configs = append(run.Configs, f)
		return f, nil
	}
	var extra *config.File
	if opts.Config != "" {
		p := opts.Config
		if !filepath.IsAbs(p) {
			p = filepath.Join(wd, p)
		}
		var err error
		if extra, err = load(filepath.Clean(p)); err != nil {
			return nil, err
		}
	}

	var dirs []string
	for _, e := range entries {
		if e.Err == nil {
			dirs = append(dirs, e.Abs)
		}
	}
	checked := analysis.RunAll(dirs, lint.Analyzers)
	next := 0
	policies := map[*analysis.Result]config.Policy{}
	for _, e := range entries {
		if e.Err != nil {
			run.Results = append(run.Results, &analysis.Result{Dir: e.Dir, Err: e.Err})
			continue
		}
		r := checked[next]
		next++
		r.Dir = e.Dir
		if r.Err != nil {
			r.Err = errors.New(plainerr.Describe(r.Err))
		}
		var pol config.Policy
		for _, p := range config.Find(discover.Up(e.Abs)) {
			f, err := load(p)
			if err != nil {
				return nil, err
			}
			pol.Files = append(pol.Files, f)
		}
		if extra != nil {
			pol.Files = append(pol.Files, extra)
		}
		usable := pol.Files[:0:0]
		for _, f := range pol.Files {
			if f.Usable {
				usable = append(usable, f)
			}
		}
		pol.Files = usable
		policies[r] = pol
		run.Suppressed += pol.Apply(r)
		run.Results = append(run.Results, r)
	}

	if opts.Baseline != "" {
		b, err := baseline.Read(opts.Baseline)
		if err != nil {
			return nil, err
		}
		run.Baseline = b.Apply(run.Results)
	}

	for _, r := range run.Results {
		run.Warnings += warnings(r)
	}
	if opts.MaxWarnings >= 0 {
		run.Limits = append(run.Limits, Limit{Max: opts.MaxWarnings, From: "--max-warnings", Warnings: run.Warnings})
	}
	for _, f := range run.Configs {
		if f.MaxWarnings == nil {
			continue
		}
		l := Limit{Max: f.MaxWarnings.Max, From: "maxWarnings in " + f.MaxWarnings.Origin.String()}
		for _, r := range run.Results {
			for _, pf := range policies[r].Files {
				if pf == f {
					l.Warnings += warnings(r)
					break
				}
			}
		}
		run.Limits = append(run.Limits, l)
	}
	return run, nil
}

func warnings(r *analysis.Result) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == finding.Warning {
			n++
		}
	}
	return n
}

// CouldNotCheck reports whether some path or folder could not be checked.
func (r *Run) CouldNotCheck() bool {
	for _, res := range r.Results {
		if res.Err != nil {
			return true
		}
	}
	return false
}

// Refused reports whether the run refuses: an error finding in a remixlet
// or a config file, or more warnings than a limit allows.
func (r *Run) Refused() bool {
	for _, res := range r.Results {
		if res.Refused() {
			return true
		}
	}
	for _, f := range r.Configs {
		if finding.HasErrors(f.Findings) {
			return true
		}
	}
	for _, l := range r.Limits {
		if l.Exceeded() {
			return true
		}
	}
	return false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
