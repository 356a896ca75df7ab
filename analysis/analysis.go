// Package analysis is the frame every remixlet check plugs into, after
// golang.org/x/tools/go/analysis: an Analyzer is a value with a name, a doc
// and a run function; the driver loads a stored remixlet once (Load) and
// hands the same bytes to every analyzer, in dependency order.
package analysis

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/finding"
)

// Analyzer is one check over a stored remixlet.
type Analyzer struct {
	Name string
	Doc  string
	// File is the stored file the analyzer checks ("style.css"), or "" for
	// checks over the whole package. When a required analyzer produced no
	// result, the driver reports that file as not analysed instead of
	// running the analyzer.
	File string
	// Requires lists the analyzers whose results Run reads with
	// Pass.ResultOf, the only way to see another analyzer's result. They
	// run first. When one of them produced no result, the analyzer does
	// not run (its file is reported as not analysed), unless it is also
	// listed in RunsWithout.
	Requires []*Analyzer
	// RunsWithout lists the requirements the analyzer can do without:
	// when one of them produced nothing, Run still runs and ResultOf
	// returns nil for it.
	RunsWithout []*Analyzer
	// Run reports findings through the pass and returns a result for the
	// analyzers that require this one. A nil result tells dependents there
	// is nothing they can safely build on. An error means the analyzer could
	// not run at all.
	Run func(*Pass) (any, error)
}

// Pass is one analyzer's view of one package.
type Pass struct {
	Analyzer *Analyzer
	Package  *Package
	results  map[*Analyzer]any
	findings []finding.Finding
}

// ResultOf returns the result of a required analyzer (nil when it produced
// none and is listed in RunsWithout). Reading the result of an analyzer
// that is not in Requires is a programming error: it panics, and the
// driver reports the panic as an internal error, never as a pass.
func (p *Pass) ResultOf(a *Analyzer) any {
	if !slices.Contains(p.Analyzer.Requires, a) {
		panic(fmt.Sprintf("analysis: %s reads the result of %s without requiring it", p.Analyzer.Name, a.Name))
	}
	return p.results[a]
}

// Report records a finding.
func (p *Pass) Report(f finding.Finding) { p.findings = append(p.findings, f) }

// Result is what the analyzers found in one package.
type Result struct {
	Dir      string
	Package  *Package // nil when the folder could not be read
	Findings []finding.Finding
	ResultOf map[*Analyzer]any // every analyzer's result, for the driver's caller
	// ByAnalyzer holds each analyzer's own findings (those the driver
	// reported for it too: its file not analysed), so that a test can
	// compare one analyzer's findings alone, as analysistest does.
	ByAnalyzer map[*Analyzer][]finding.Finding
	Err        error // the package could not be checked at all (exit status 2)
	// Silenced are the warnings an inline suppression or a baseline took
	// out of Findings, kept for the outputs that carry them as silenced
	// (SARIF's suppressions); they count for nothing.
	Silenced []Silenced
	// Built is, for a source folder, the check of the stored form it was
	// built into (Package then holds the source files); nil otherwise, and
	// when the build stopped before the check.
	Built *Result
}

// Silenced is a warning taken out of a result's findings.
type Silenced struct {
	Finding finding.Finding
	// Baseline is the baseline file that records the warning; "" for an
	// inline suppression.
	Baseline string
	// Fingerprint is the remixletFinding/v1 fingerprint the baseline
	// matched; "" for an inline suppression.
	Fingerprint string
	// Justification is the suppression's reason.
	Justification string
}

// Refused reports whether any finding is an error.
func (r *Result) Refused() bool { return finding.HasErrors(r.Findings) }

// Run loads dir and runs the analyzers (and what they require) over it.
func Run(dir string, analyzers []*Analyzer) *Result {
	pkg, err := Load(dir)
	if err != nil {
		return &Result{Dir: dir, Err: err}
	}
	return RunPackage(pkg, analyzers)
}

// RunPackage runs the analyzers over an already loaded package.
func RunPackage(pkg *Package, analyzers []*Analyzer) *Result {
	res := &Result{Dir: pkg.Dir, Package: pkg, ResultOf: map[*Analyzer]any{}, ByAnalyzer: map[*Analyzer][]finding.Finding{}}
	ordered, err := plan(analyzers)
	if err != nil {
		res.Err = err
		return res
	}
	res.Findings = append(res.Findings, pkg.Findings...)
	var skipped []finding.Finding // files not checked because a requirement failed
	var cause string              // the file of the first requirement that failed
	for _, a := range ordered {
		if missing := missingRequirement(a, res.ResultOf); missing != nil {
			if a.File != "" && pkg.Has(a.File) {
				f := finding.New(RuleNotAnalysed, a.File, finding.Position{},
					"%s was not checked because %s: fix the errors above, then lint again", a.File, whyMissing(pkg, missing))
				skipped = append(skipped, f)
				res.ByAnalyzer[a] = append(res.ByAnalyzer[a], f)
				if cause == "" {
					cause = missing.File
				}
			}
			continue
		}
		pass := &Pass{Analyzer: a, Package: pkg, results: res.ResultOf}
		out, err := runSafely(a, pass)
		pass.findings = capPerRule(pass.findings)
		res.Findings = append(res.Findings, pass.findings...)
		res.ByAnalyzer[a] = pass.findings
		if err != nil {
			res.Err = errors.Join(res.Err, fmt.Errorf("%s: %w", a.Name, err))
			continue
		}
		res.ResultOf[a] = out
	}
	finding.Sort(res.Findings)
	res.Findings = noteNotAnalysed(res.Findings, skipped, cause)
	return res
}

// noteNotAnalysed says which files were not checked because of an error
// once, on that error, so one mistake counts as one error: the first
// error in the file that failed (cause: manifest.json), else the first
// error the package has, refuses it, and names in its message the files
// it kept from being checked. Without an error to carry the
// note (which no analyzer that returns nothing should allow), each file
// is its own package/not-analysed error: nothing is passed unchecked.
func noteNotAnalysed(fs, skipped []finding.Finding, cause string) []finding.Finding {
	if len(skipped) == 0 {
		return fs
	}
	carrier := -1
	for i, f := range fs {
		if f.Severity == finding.Error && (carrier < 0 || f.File == cause && fs[carrier].File != cause) {
			carrier = i
		}
	}
	if i := carrier; i >= 0 {
		names := make([]string, len(skipped))
		for j, s := range skipped {
			names[j] = s.File
		}
		slices.Sort(names)
		verb := "is"
		if len(names) > 1 {
			verb = "are"
		}
		fs[i].Message += fmt.Sprintf(" (%s %s checked once this is fixed)", joinNames(names), verb)
		return fs
	}
	fs = append(fs, skipped...)
	finding.Sort(fs)
	return fs
}

// joinNames lists names as "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// MaxPerRule is how many errors of one rule in one file are listed one by
// one; past it, one more error says how many were left out. A generated or
// minified file can draw thousands of the same error, and the first ones
// are enough to act on (the script lint stops looking past the same count;
// its own last finding says so, and is kept). Warnings are all listed: each
// can be suppressed inline or recorded in a baseline on its own, and errors
// cannot.
const MaxPerRule = 100

// capPerRule keeps the first MaxPerRule errors of each rule in each file,
// in position order, and sums up the rest in one error where they begin.
func capPerRule(fs []finding.Finding) []finding.Finding {
	type key struct{ file, rule string }
	count := map[key]int{}
	for _, f := range fs {
		if f.Severity == finding.Error {
			count[key{f.File, f.Rule}]++
		}
	}
	over := false
	for _, n := range count {
		over = over || n > MaxPerRule+1
	}
	if !over {
		return fs
	}
	finding.Sort(fs)
	seen := map[key]int{}
	var out []finding.Finding
	for _, f := range fs {
		if f.Severity != finding.Error {
			out = append(out, f)
			continue
		}
		k := key{f.File, f.Rule}
		n := count[k]
		seen[k]++
		switch i := seen[k]; {
		case n <= MaxPerRule+1 || i <= MaxPerRule:
			out = append(out, f)
		case i == MaxPerRule+1:
			rule, ok := finding.Lookup(f.Rule)
			if !ok {
				out = append(out, f)
				continue
			}
			out = append(out, finding.New(rule, f.File, f.Start, "and %d more findings like the ones above from here on, not listed one by one: fix those first, then lint again", n-MaxPerRule))
		}
	}
	return out
}

// whyMissing says why a required analyzer produced nothing: its file is
// absent, was refused by the loader (could not be read), or has errors.
func whyMissing(pkg *Package, a *Analyzer) string {
	switch {
	case a.File == "":
		return "the " + a.Name + " check found errors"
	case !pkg.Has(a.File):
		return "there is no " + a.File
	}
	if _, ok := pkg.File(a.File); !ok {
		return a.File + " could not be read"
	}
	return a.File + " has errors"
}

func missingRequirement(a *Analyzer, results map[*Analyzer]any) *Analyzer {
	for _, req := range a.Requires {
		if results[req] == nil && !slices.Contains(a.RunsWithout, req) {
			return req
		}
	}
	return nil
}

// runSafely turns a panic inside an analyzer into an error: a checker that
// crashed has not checked anything, and must not look as if it passed.
func runSafely(a *Analyzer, pass *Pass) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error (please report): %v\n%s", r, debug.Stack())
		}
	}()
	return a.Run(pass)
}

// Validate checks a set of analyzers and everything they require: no
// cycle, a name and a run function each, names unique, and RunsWithout a
// subset of Requires. lint's tests hold its analyzers to it; every run
// checks it again, since it costs next to nothing.
func Validate(analyzers []*Analyzer) error {
	_, err := plan(analyzers)
	return err
}

// plan returns the analyzers and everything they require, each once,
// requirements first, otherwise in the order given; or why the graph
// cannot run.
func plan(analyzers []*Analyzer) ([]*Analyzer, error) {
	var out []*Analyzer
	var errs []error
	const (
		visiting = 1
		done     = 2
	)
	state := map[*Analyzer]int{}
	names := map[string]*Analyzer{}
	var visit func(a *Analyzer, path []string)
	visit = func(a *Analyzer, path []string) {
		switch state[a] {
		case done:
			return
		case visiting:
			errs = append(errs, fmt.Errorf("analysis: analyzers require each other in a cycle: %s", strings.Join(append(path, a.Name), " → ")))
			return
		}
		state[a] = visiting
		if a.Name == "" || a.Run == nil {
			errs = append(errs, fmt.Errorf("analysis: an analyzer needs a name and a run function (%q)", a.Name))
		} else if other := names[a.Name]; other != nil && other != a {
			errs = append(errs, fmt.Errorf("analysis: two analyzers are named %q", a.Name))
		}
		names[a.Name] = a
		for _, r := range a.RunsWithout {
			if !slices.Contains(a.Requires, r) {
				errs = append(errs, fmt.Errorf("analysis: %s runs without %s, which it does not require", a.Name, r.Name))
			}
		}
		for _, r := range a.Requires {
			visit(r, append(path, a.Name))
		}
		state[a] = done
		out = append(out, a)
	}
	for _, a := range analyzers {
		visit(a, nil)
	}
	return out, errors.Join(errs...)
}

// RunAll checks many folders at once, one worker per core, and returns the
// results in the order of dirs.
func RunAll(dirs []string, analyzers []*Analyzer) []*Result {
	results := make([]*Result, len(dirs))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(dirs)) {
		wg.Go(func() {
			for i := range work {
				results[i] = Run(dirs[i], analyzers)
			}
		})
	}
	for i := range dirs {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}
