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
	"slices"
	"strings"

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

	configs, err := newConfigs(wd, opts.Config, opts.Overlay)
	if err != nil {
		return nil, err
	}
	// Stored remixlets are checked together (in parallel); source folders
	// are built in memory, one by one, and checked as built. A remixlet
	// with overlaid files is loaded with them.
	var stored []string
	for _, e := range entries {
		if e.Err == nil && !bundle.IsSourceFolder(e.Abs) && overlayIn(opts.Overlay, e.Abs) == nil {
			stored = append(stored, e.Abs)
		}
	}
	checked := analysis.RunAll(stored, lint.Analyzers)
	next := 0
	policies := map[*analysis.Result]config.Policy{}
	for _, e := range entries {
		if e.Err != nil {
			run.Results = append(run.Results, &analysis.Result{Dir: e.Dir, Err: e.Err})
			continue
		}
		pol, err := configs.PolicyFor(e.Abs)
		if err != nil {
			return nil, err
		}
		var r *analysis.Result
		switch over := overlayIn(opts.Overlay, e.Abs); {
		case bundle.IsSourceFolder(e.Abs):
			var suppressed int
			r, suppressed = buildInMemory(e.Abs, pol, over)
			run.Suppressed += suppressed
		case over != nil:
			r = runOverlay(e.Abs, over)
			run.Suppressed += pol.Apply(r)
		default:
			r = checked[next]
			next++
			run.Suppressed += pol.Apply(r)
		}
		r.Dir = e.Dir
		if r.Err != nil {
			r.Err = errors.New(plainerr.Describe(r.Err))
		}
		policies[r] = pol
		run.Results = append(run.Results, r)
	}
	run.Configs = configs.files

	if opts.Baseline != "" {
		b, err := readBaseline(opts.Baseline, wd, opts.Overlay)
		if err != nil {
			return nil, err
		}
		run.Baseline = b.Apply(run.Results, opts.Baseline)
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
