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
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/bundle"
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
	// Overlay gives the bytes of some files, by absolute path, instead of
	// reading them from disk: an editor's unsaved buffers (remixlet lsp),
	// standard input (lint --stdin). A remixlet's files, a source
	// folder's, a config or the baseline alike; every check treats them as
	// if they were on disk. A remixlet file the folder does not hold yet
	// is checked as if it did; a source module or a config must exist.
	Overlay map[string][]byte
}

// Run is everything a lint run found.
type Run struct {
	// Results holds one result per remixlet, or per path that could not
	// be searched, for Lint; Stream hands each to its sink instead.
	Results []*analysis.Result
	Configs []*config.File // every config file that applied, with its own findings
	// Outside counts plain files given that lie in no remixlet.
	Outside    int
	Suppressed int // warnings silenced inline
	Baseline   baseline.Outcome
	Warnings   int // warnings that count, after suppressions and the baseline
	Limits     []Limit

	couldNotCheck, refused bool // some result could not be checked, was refused
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

// Head is what a run knows before its first result.
type Head struct {
	Configs []*config.File // every config file that applies (Run.Configs)
	// Disjoint says that no two results report on the same file: every
	// remixlet is a stored one (which reports on its own files only), and
	// none lies inside another. Fingerprints may then forget each
	// result's counts (baseline.Fingerprinter.Disjoint).
	Disjoint bool
}

// Sink takes a run as it goes.
type Sink struct {
	// Begin, when set, is called once before the first result: every
	// error that keeps a run from going ahead comes before it.
	Begin func(Head) error
	// Result is called for each result in order (the order of the paths
	// given, and of the remixlets found below each), as soon as it and
	// every one before it are checked; the run keeps nothing of it. An
	// error stops the run and is Stream's error.
	Result func(*analysis.Result) error
}

// Lint runs the checks and returns every result. The error is for a run
// that cannot go ahead at all (an unreadable config or baseline file,
// nothing to check); a folder that could not be checked is a result with
// Err.
func Lint(opts Options) (*Run, error) {
	var results []*analysis.Result
	run, err := Stream(opts, Sink{Result: func(r *analysis.Result) error {
		results = append(results, r)
		return nil
	}})
	if run != nil {
		run.Results = results
	}
	return run, err
}

// Stream runs the checks as Lint does and hands each result to sink, in
// order, keeping none: a run over any number of remixlets holds only the
// few being checked. The remixlets are checked in parallel, one per core.
func Stream(opts Options, sink Sink) (*Run, error) {
	wd := opts.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("the working folder %s", plainerr.Reason(err))
		}
	}
	wd, _ = filepath.Abs(wd)
	found := discover.Find(standIn(opts, wd), wd)
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

	// Everything that can keep the run from going ahead comes first: the
	// configs of every folder, the baseline.
	configs, err := newConfigs(wd, opts.Config, opts.Overlay)
	if err != nil {
		return nil, err
	}
	policies := make([]config.Policy, len(entries))
	for i, e := range entries {
		if e.Err != nil {
			continue
		}
		if policies[i], err = configs.PolicyFor(e.Abs); err != nil {
			return nil, err
		}
	}
	run.Configs = configs.files
	head := Head{Configs: run.Configs, Disjoint: disjoint(entries)}
	var applier *baseline.Applier
	if opts.Baseline != "" {
		b, err := readBaseline(opts.Baseline, wd, opts.Overlay)
		if err != nil {
			return nil, err
		}
		applier = b.NewApplier(opts.Baseline, head.Disjoint)
	}
	if sink.Begin != nil {
		if err := sink.Begin(head); err != nil {
			return nil, err
		}
	}

	type checked struct {
		r          *analysis.Result
		suppressed int
	}
	check := func(i int) checked {
		e := entries[i]
		if e.Err != nil {
			return checked{r: &analysis.Result{Dir: e.Dir, Err: e.Err}}
		}
		var c checked
		// A remixlet with overlaid files is loaded with them.
		switch over := overlayIn(opts.Overlay, e.Abs); {
		case bundle.IsSourceFolder(e.Abs):
			c.r, c.suppressed = buildInMemory(e.Abs, policies[i], over)
		case over != nil:
			c.r = runOverlay(e.Abs, over)
			c.suppressed = policies[i].Apply(c.r)
		default:
			c.r = analysis.Run(e.Abs, lint.Analyzers)
			c.suppressed = policies[i].Apply(c.r)
		}
		c.r.Dir = e.Dir
		if c.r.Err != nil {
			c.r.Err = errors.New(plainerr.Describe(c.r.Err))
		}
		return c
	}
	perConfig := map[*config.File]int{} // warnings under each config
	i := 0
	err = inOrder(len(entries), check, func(c checked) error {
		r, pol := c.r, policies[i]
		i++
		run.Suppressed += c.suppressed
		if applier != nil {
			applier.Apply(r)
		}
		n := warnings(r)
		run.Warnings += n
		for _, f := range pol.Files {
			perConfig[f] += n
		}
		run.couldNotCheck = run.couldNotCheck || r.Err != nil
		run.refused = run.refused || r.Refused()
		return sink.Result(r)
	})
	if err != nil {
		return nil, err
	}
	if applier != nil {
		run.Baseline = applier.Outcome()
	}
	if opts.MaxWarnings >= 0 {
		run.Limits = append(run.Limits, Limit{Max: opts.MaxWarnings, From: "--max-warnings", Warnings: run.Warnings})
	}
	for _, f := range run.Configs {
		if f.MaxWarnings != nil {
			run.Limits = append(run.Limits, Limit{Max: f.MaxWarnings.Max, From: "maxWarnings in " + f.MaxWarnings.Origin.String(), Warnings: perConfig[f]})
		}
	}
	return run, nil
}

// disjoint reports whether no two of the folders can report on the same
// file: none is a source folder (whose build reports on the modules it
// imports, wherever they are) and none lies inside another.
func disjoint(entries []discover.Entry) bool {
	dirs := map[string]bool{}
	for _, e := range entries {
		if e.Err != nil {
			continue
		}
		if bundle.IsSourceFolder(e.Abs) {
			return false
		}
		dirs[filepath.Clean(e.Abs)] = true
	}
	for dir := range dirs {
		for up := filepath.Dir(dir); up != dir; dir, up = up, filepath.Dir(up) {
			if dirs[up] {
				return false
			}
		}
	}
	return true
}

// inOrder runs check on 0..n-1 in parallel, one worker per core, and
// hands each outcome to each in index order as soon as it and every one
// before it are done. At most two outcomes per worker wait to be handed
// on, so a run over any number of folders holds a few at a time. An error
// from each stops the run.
func inOrder[T any](n int, check func(int) T, each func(T) error) error {
	workers := max(1, min(runtime.GOMAXPROCS(0), n))
	done := make([]chan T, n)
	for i := range done {
		done[i] = make(chan T, 1)
	}
	todo := make(chan int)
	stop := make(chan struct{})
	room := make(chan struct{}, 2*workers) // a token per outcome not yet handed on
	go func() {
		defer close(todo)
		for i := range n {
			select {
			case room <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case todo <- i:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range todo {
				done[i] <- check(i)
			}
		})
	}
	var err error
	for i := range n {
		out := <-done[i]
		<-room
		if err = each(out); err != nil {
			break
		}
	}
	close(stop)
	wg.Wait()
	return err
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

// standIn replaces each path that names a remixlet.config.json, the
// baseline or the --config file by the folder that holds it: a change to
// one stands for every remixlet it governs (a hook passes the files a
// commit touches, and a commit that changes only the config must lint the
// remixlets under it).
func standIn(opts Options, wd string) []string {
	abs := func(p string) string {
		if p == "" {
			return ""
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(wd, p)
		}
		return filepath.Clean(p)
	}
	policyFiles := []string{abs(opts.Baseline), abs(opts.Config)}
	out := make([]string, len(opts.Paths))
	for i, p := range opts.Paths {
		out[i] = p
		if filepath.Base(p) == config.FileName || slices.Contains(policyFiles, abs(p)) {
			if info, err := os.Stat(abs(p)); err == nil && !info.IsDir() {
				out[i] = filepath.Dir(p)
			}
		}
	}
	return out
}

// CouldNotCheck reports whether some path or folder could not be checked.
func (r *Run) CouldNotCheck() bool { return r.couldNotCheck }

// Refused reports whether the run refuses: an error finding in a remixlet
// or a config file, or more warnings than a limit allows.
func (r *Run) Refused() bool {
	if r.refused {
		return true
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

// buildInMemory builds a source folder as remixlet build does, without
// writing anything, and returns its findings pointed at the source files
// and how many warnings were suppressed inline.
func buildInMemory(dir string, pol config.Policy, overlay map[string][]byte) (*analysis.Result, int) {
	res, err := bundle.Build(dir, bundle.Options{Policy: pol, Overlay: overlay})
	if err != nil {
		return &analysis.Result{Err: err}, 0
	}
	return res.Report(), res.Suppressed
}

// overlayIn returns the overlaid files inside the folder dir, by path in
// it with forward slashes, or nil when none is.
func overlayIn(overlay map[string][]byte, dir string) map[string][]byte {
	var in map[string][]byte
	for abs, data := range overlay {
		rel, err := filepath.Rel(dir, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			continue
		}
		if in == nil {
			in = map[string][]byte{}
		}
		in[filepath.ToSlash(rel)] = data
	}
	return in
}

// runOverlay checks a stored remixlet with some of its files given.
func runOverlay(dir string, overlay map[string][]byte) *analysis.Result {
	pkg, err := analysis.LoadOverlay(dir, overlay)
	if err != nil {
		return &analysis.Result{Dir: dir, Err: err}
	}
	return analysis.RunPackage(pkg, lint.Analyzers)
}

// readBaseline reads the baseline file, or its overlaid bytes.
func readBaseline(name, wd string, overlay map[string][]byte) (*baseline.File, error) {
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, abs)
	}
	if data, ok := overlay[filepath.Clean(abs)]; ok {
		return baseline.Parse(data, name)
	}
	if cwd, err := os.Getwd(); err == nil && cwd != wd {
		return baseline.Read(abs) // relative to the working folder the run names paths from
	}
	return baseline.Read(name)
}

// Configs loads the config files that govern folders, each file once.
type Configs struct {
	wd      string
	overlay map[string][]byte // bytes given instead of read, by absolute path
	extra   *config.File      // --config, applied to every folder
	loaded  map[string]*config.File
	files   []*config.File // every file loaded, in the order first needed
}

// NewConfigs prepares to find the configs of folders below wd; extra names
// a config file that applies to every folder ("" for none). An empty wd
// is the current folder.
func NewConfigs(wd, extra string) (*Configs, error) { return newConfigs(wd, extra, nil) }

func newConfigs(wd, extra string, overlay map[string][]byte) (*Configs, error) {
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("the working folder %s", plainerr.Reason(err))
		}
	}
	c := &Configs{wd: wd, loaded: map[string]*config.File{}, overlay: overlay}
	if extra != "" {
		p := extra
		if !filepath.IsAbs(p) {
			p = filepath.Join(wd, p)
		}
		var err error
		if c.extra, err = c.load(filepath.Clean(p)); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *Configs) load(path string) (*config.File, error) {
	if f, ok := c.loaded[path]; ok {
		return f, nil
	}
	var f *config.File
	if data, ok := c.overlay[path]; ok {
		f = config.Parse(data, discover.Display(path, c.wd))
	} else {
		var err error
		if f, err = config.Load(path, discover.Display(path, c.wd)); err != nil {
			return nil, err
		}
	}
	c.loaded[path] = f
	c.files = append(c.files, f)
	return f, nil
}

// PolicyFor returns the policy of the folder abs: every usable config
// found from it up to the repository root, and the extra one. A config
// with errors of its own is reported (Files) and does not apply.
func (c *Configs) PolicyFor(abs string) (config.Policy, error) {
	var pol config.Policy
	for _, p := range config.Find(discover.Up(abs)) {
		f, err := c.load(p)
		if err != nil {
			return pol, err
		}
		pol.Files = append(pol.Files, f)
	}
	if c.extra != nil {
		pol.Files = append(pol.Files, c.extra)
	}
	usable := pol.Files[:0:0]
	for _, f := range pol.Files {
		if f.Usable {
			usable = append(usable, f)
		}
	}
	pol.Files = usable
	return pol, nil
}

// Files are the config files loaded so far, with their own findings.
func (c *Configs) Files() []*config.File { return c.files }
