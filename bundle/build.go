package bundle

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
)

// Options change how a source folder is built.
type Options struct {
	// Minify shortens the output by its syntax only (constants folded,
	// dead code dropped); whitespace and names are kept, so the stored
	// code stays the code a person can read in History.
	Minify bool
	// Policy, when set, is a config's policy: enforced on the checked
	// stored form, before findings are pointed at the source, and its
	// inline suppressions read from the source files after.
	Policy Policy
	// Overlay gives the bytes of some files of the folder (by path in it,
	// with forward slashes) instead of reading them: an editor's unsaved
	// buffers. The files must exist in the folder.
	Overlay map[string][]byte
}

// Policy is what a config adds to the checks (config.Policy).
type Policy interface {
	// Enforce raises severities and adds findings; it never removes one.
	Enforce(*analysis.Result)
	// Suppress applies inline suppressions of warnings and returns how
	// many it silenced.
	Suppress(*analysis.Result) int
}

// Banner is how the build's output begins: it tells a reader where the
// code comes from, and tells a later build that a folder holds its output
// (see Write).
const (
	scriptBanner = "// Built by remixlet build from the source folder: edit the source, not this file."
	styleBanner  = "/* Built by remixlet build from the source folder: edit the source, not this file. */"
)

// virtualOut is where esbuild believes it writes (it never does: the build
// keeps its output in memory); source map paths are relative to it.
const virtualOut = ".remixlet-build"

// Result is one build of a source folder.
type Result struct {
	Dir string // the source folder, as given
	// Files is the stored form the bundler produced, sorted by name; nil
	// when it could not bundle.
	Files []analysis.File
	// Findings are the build's own and the lint's, pointed at the source
	// files (the built position is in the message).
	Findings []finding.Finding
	// Suppressed counts the warnings the policy's inline suppressions
	// silenced; Silenced holds them.
	Suppressed int
	Silenced   []analysis.Silenced
	// Digest is the h1: digest of Files when nothing refuses, else "".
	Digest string
	// Sources are the files the build read, by path in the source folder,
	// for showing the lines findings point at.
	Sources []analysis.File
	// Err is set when a check could not run at all (exit status 2).
	Err error
	// Checked is the lint's run over Files; nil when the build stopped
	// before it.
	Checked *analysis.Result
}

// Refused reports whether the build refuses the source folder.
func (r *Result) Refused() bool {
	return r.Err != nil || finding.HasErrors(r.Findings) || r.Digest == ""
}

// Report returns the result as the lint's outputs (report.Write) take it:
// findings by source file, with the source lines to show.
func (r *Result) Report() *analysis.Result {
	return &analysis.Result{
		Dir:      r.Dir,
		Package:  &analysis.Package{Dir: r.Dir, Files: r.Sources},
		Findings: r.Findings,
		Silenced: r.Silenced,
		Err:      r.Err,
		Built:    r.Checked,
	}
}

// Builder builds one source folder, again and again (watch mode): esbuild
// keeps what it parsed between builds.
type Builder struct {
	dir  string
	src  *folder
	opts Options

	ctx    api.BuildContext
	ctxKey string // the entries and tsconfig the context was made for
}

// New opens a source folder for building. The error is for a folder that
// cannot be read at all (exit status 2); everything else is a finding.
func New(dir string, opts Options) (*Builder, error) {
	src, err := openFolder(dir)
	if err != nil {
		return nil, err
	}
	src.overlay = opts.Overlay
	return &Builder{dir: dir, src: src, opts: opts}, nil
}

// Close releases esbuild's context and the folder.
func (b *Builder) Close() {
	if b.ctx != nil {
		b.ctx.Dispose()
		b.ctx = nil
	}
	b.src.close()
}

// Build builds a source folder once and checks the result.
func Build(dir string, opts Options) (*Result, error) {
	b, err := New(dir, opts)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	return b.Build(), nil
}

// entries are what a source folder builds from.
type entries struct {
	script   string // ScriptEntryTS, ScriptEntryJS or ""
	style    bool
	tsconfig string // the contents of tsconfig.json, "{}" when there is none
}

// Build bundles the source folder, checks the stored form it makes with
// every lint analyzer, and returns the files and the findings.
func (b *Builder) Build() *Result {
	b.src.reset()
	res := &Result{Dir: b.dir}
	defer func() {
		res.Sources = nil
		for name, data := range b.src.sources() {
			res.Sources = append(res.Sources, analysis.File{Name: name, Data: data})
		}
		slices.SortFunc(res.Sources, func(a, c analysis.File) int { return strings.Compare(a.Name, c.Name) })
		finding.Sort(res.Findings)
		res.Findings = slices.Compact(res.Findings)
	}()

	ent, copied := b.readFolder(res)
	// Bundle even after a refusal in the folder itself, to report every
	// import's finding at once; the lint runs only on a clean bundle.
	out, ok := b.bundle(ent, res)
	if !ok || finding.HasErrors(res.Findings) {
		return res
	}
	if b.checkCycles(out.meta, res); finding.HasErrors(res.Findings) {
		return res
	}
	if b.checkCaps(out, res); finding.HasErrors(res.Findings) {
		return res
	}

	files := copied
	for _, o := range out.files {
		files[o.name] = o.data
	}
	pkg := analysis.LoadFiles(b.dir, files)
	res.Files = pkg.Files
	checked := analysis.RunPackage(pkg, lint.Analyzers)
	res.Checked = checked
	if checked.Err != nil {
		res.Err = checked.Err
		return res
	}
	if b.opts.Policy != nil {
		b.opts.Policy.Enforce(checked)
	}
	for _, f := range checked.Findings {
		res.Findings = append(res.Findings, b.toSource(f, out))
	}
	if b.opts.Policy != nil {
		b.suppress(res)
	}
	if !finding.HasErrors(res.Findings) {
		sum, err := digest.Package(pkg)
		if err != nil {
			res.Err = err
			return res
		}
		res.Digest = sum
	}
	return res
}

// suppress applies the policy's inline suppressions, which are comments in
// the source files (the bundle keeps no comments).
func (b *Builder) suppress(res *Result) {
	var sources []analysis.File
	for name, data := range b.src.sources() {
		sources = append(sources, analysis.File{Name: name, Data: data})
	}
	r := &analysis.Result{Package: &analysis.Package{Dir: b.dir, Files: sources}, Findings: res.Findings}
	res.Suppressed = b.opts.Policy.Suppress(r)
	res.Findings = r.Findings
	res.Silenced = r.Silenced
}

// readFolder finds the entry points by the convention and reads the files
// copied as they are (manifest.json, rules.json) and tsconfig.json.
func (b *Builder) readFolder(res *Result) (entries, map[string][]byte) {
	ent := entries{tsconfig: "{}"}
	report := func(rule *finding.Rule, file, format string, args ...any) {
		res.Findings = append(res.Findings, finding.New(rule, file, finding.Position{}, format, args...))
	}
	kindOf := func(rel string) entryKind {
		kind, detail := b.src.lookup(rel)
		if kind == link {
			report(RuleLink, rel, "%s is a symbolic link: replace it with a copy of the file it points to", detail)
		}
		return kind
	}
	// An entry that is a folder or a pipe would be left out without a word,
	// and the remixlet built without its script or stylesheet.
	entryKindOf := func(rel string) entryKind {
		kind := kindOf(rel)
		if kind == directory || kind == notRegular {
			report(RuleEntry, rel, "%s is not a regular file: replace it with one", rel)
		}
		return kind
	}
	ts, js := entryKindOf(ScriptEntryTS), entryKindOf(ScriptEntryJS)
	switch {
	case ts == regularFile && js == regularFile:
		report(RuleEntry, ScriptEntryJS, "both %s and %s exist, and the build starts from one: keep one of them", ScriptEntryTS, ScriptEntryJS)
	case ts == regularFile:
		ent.script = ScriptEntryTS
	case js == regularFile:
		ent.script = ScriptEntryJS
	}
	ent.style = entryKindOf(StyleEntry) == regularFile
	// Files that look like an entry under another name would be left out
	// without a word.
	misplaced := func(names []string, want string) {
		for _, name := range names {
			if kind, _ := b.src.lookup(name); kind == regularFile {
				report(RuleEntry, name, "%s is not an entry point, so the build would leave it out: the build starts from %s; rename it, or import it from there", name, want)
			}
		}
	}
	misplaced([]string{"script.js"}, ScriptEntryTS+" (or "+ScriptEntryJS+") and writes script.js itself")
	if ent.script == "" {
		misplaced([]string{"main.ts", "main.js", "index.ts", "index.js", "src/index.ts", "src/index.js", "src/script.js"}, ScriptEntryTS+" (or "+ScriptEntryJS+")")
	}
	if !ent.style {
		misplaced([]string{"src/style.css", "styles.css"}, StyleEntry+", at the top of the source folder")
	}
	copied := map[string][]byte{}
	for _, name := range []string{ManifestFile, RulesFile, TsconfigFile} {
		switch kindOf(name) {
		case regularFile:
			data, err := b.src.read(name)
			if err != nil {
				report(RuleTooLarge, name, "%s could not be read: %s", name, plainError(err))
				continue
			}
			if name == TsconfigFile {
				ent.tsconfig = string(data)
			} else {
				copied[name] = data
			}
		case directory, notRegular:
			report(RuleEntry, name, "%s is not a regular file: replace it with one", name)
		}
	}
	if ent.script == "" && !ent.style && copied[RulesFile] == nil && !finding.HasErrors(res.Findings) {
		if copied[ManifestFile] == nil {
			report(RuleEntry, "", "nothing to build: there is no %s, %s (or %s), %s or %s here; remixlet init DIR writes a source folder to start from", ManifestFile, ScriptEntryTS, ScriptEntryJS, StyleEntry, RulesFile)
		} else {
			report(RuleEntry, "", "nothing to build: write %s (or %s), %s or %s beside manifest.json", ScriptEntryTS, ScriptEntryJS, StyleEntry, RulesFile)
		}
	}
	return ent, copied
}

// output is one built file and what maps it to its sources.
type output struct {
	name  string // script.js, style.css
	data  []byte
	lines *finding.Lines
	smap  *sourceMap
	entry string // the source it was built from
}

type bundled struct {
	files []output
	meta  metafile
}

type metafile struct {
	Inputs map[string]struct {
		Imports []struct {
			Path     string `json:"path"`
			Kind     string `json:"kind"`
			Original string `json:"original"`
			External bool   `json:"external"`
		} `json:"imports"`
	} `json:"inputs"`
	Outputs map[string]struct {
		Inputs map[string]struct {
			BytesInOutput int `json:"bytesInOutput"`
		} `json:"inputs"`
	} `json:"outputs"`
}

func (b *Builder) bundle(ent entries, res *Result) (*bundled, bool) {
	out := &bundled{}
	if ent.script == "" && !ent.style {
		return out, true // rules only
	}
	key := fmt.Sprintf("%s\x00%v\x00%s", ent.script, ent.style, ent.tsconfig)
	if b.ctx == nil || b.ctxKey != key {
		if b.ctx != nil {
			b.ctx.Dispose()
			b.ctx = nil
		}
		ctx, cerr := api.Context(b.options(ent))
		if cerr != nil {
			for _, m := range cerr.Errors {
				res.Findings = append(res.Findings, b.fromMessage(m))
			}
			if len(res.Findings) == 0 {
				res.Err = cerr
			}
			return nil, false
		}
		b.ctx, b.ctxKey = ctx, key
	}
	r := b.ctx.Rebuild()
	for _, m := range r.Errors {
		res.Findings = append(res.Findings, b.fromMessage(m))
	}
	if len(r.Errors) > 0 {
		return nil, false
	}
	if err := json.Unmarshal([]byte(r.Metafile), &out.meta); err != nil {
		res.Err = fmt.Errorf("reading the bundler's metadata: %w", err)
		return nil, false
	}
	maps := map[string][]byte{}
	grown := map[string]map[int][]int{}
	for _, f := range r.OutputFiles {
		rel, _ := filepath.Rel(filepath.Join(b.src.abs, virtualOut), f.Path)
		rel = filepath.ToSlash(rel)
		switch rel {
		case "script.js", "style.css":
			data := f.Contents
			if rel == "script.js" {
				data, grown[rel] = escapeBidiInStrings(data)
			}
			o := output{name: rel, data: data, lines: finding.NewLines(data), entry: ent.script}
			if rel == "style.css" {
				o.entry = StyleEntry
			}
			out.files = append(out.files, o)
		case "script.js.map", "style.css.map":
			maps[strings.TrimSuffix(rel, ".map")] = f.Contents
		default:
			res.Err = fmt.Errorf("the bundler wrote %s, which the stored form has no place for (please report this)", rel)
			return nil, false
		}
	}
	for i := range out.files {
		m, err := parseSourceMap(maps[out.files[i].name])
		if err != nil {
			res.Err = fmt.Errorf("reading the source map of %s: %w", out.files[i].name, err)
			return nil, false
		}
		m.shiftColumns(grown[out.files[i].name])
		out.files[i].smap = m
	}
	return out, true
}

func (b *Builder) options(ent entries) api.BuildOptions {
	var points []api.EntryPoint
	if ent.script != "" {
		points = append(points, api.EntryPoint{InputPath: "./" + ent.script, OutputPath: "script"})
	}
	if ent.style {
		points = append(points, api.EntryPoint{InputPath: "./" + StyleEntry, OutputPath: "style"})
	}
	return api.BuildOptions{
		AbsWorkingDir:       b.src.abs,
		EntryPointsAdvanced: points,
		Outdir:              filepath.Join(b.src.abs, virtualOut),
		Bundle:              true,
		Write:               false,
		Metafile:            true,
		Format:              api.FormatESModule,
		Platform:            api.PlatformBrowser,
		Target:              api.ESNext,
		Splitting:           false,
		Sourcemap:           api.SourceMapExternal,
		SourcesContent:      api.SourcesContentExclude,
		Charset:             api.CharsetUTF8,
		LegalComments:       api.LegalCommentsEndOfFile,
		LogLevel:            api.LogLevelSilent,
		Color:               api.ColorNever,
		// Links are not followed: the plugin refuses them, and needs
		// to see them in the paths esbuild's resolver returns.
		PreserveSymlinks: true,
		// The folder's own tsconfig.json or none: esbuild would otherwise
		// look for one in the folders above, which differ by machine.
		TsconfigRaw: ent.tsconfig,
		Banner:      map[string]string{"js": scriptBanner, "css": styleBanner},
		// Never whitespace or names: "the code you can read is the code
		// that runs" (docs/build.md, "Decisions").
		MinifySyntax: b.opts.Minify,
		Plugins:      []api.Plugin{b.plugin()},
	}
}

// fromMessage turns one of esbuild's errors into a finding at its source
// position.
func (b *Builder) fromMessage(m api.Message) finding.Finding {
	rule, ok := m.Detail.(*finding.Rule)
	text := strings.TrimSuffix(m.Text, ".")
	if !ok {
		rule = RuleSyntax
		text = bundlerText(text)
	}
	var file string
	var pos finding.Position
	if loc := m.Location; loc != nil {
		file = filepath.ToSlash(loc.File)
		if file == "<"+TsconfigFile+">" {
			// esbuild names the TsconfigRaw it was given so; it is the
			// folder's own tsconfig.json.
			file = TsconfigFile
		}
		col := loc.Column
		if col > len(loc.LineText) {
			col = len(loc.LineText)
		}
		pos = finding.Position{Line: loc.Line, Column: utf8.RuneCountInString(loc.LineText[:max(col, 0)]) + 1}
	}
	return finding.New(rule, file, pos, "%s", text)
}

// bundlerText adds to esbuild's wording what to do.
func bundlerText(text string) string {
	if strings.HasPrefix(text, "No matching export") {
		return text + ": export the name from that module, or fix the import"
	}
	return text + ": fix this, then build again"
}

// checkCycles refuses modules of the source folder that import each other
// in a circle (packages in node_modules are their authors' business).
func (b *Builder) checkCycles(meta metafile, res *Result) {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	local := func(p string) bool {
		_, ok := meta.Inputs[p]
		return ok && !strings.HasPrefix(p, "node_modules/") && !strings.Contains(p, "/node_modules/")
	}
	var visit func(p string, stack []string)
	visit = func(p string, stack []string) {
		state[p] = open
		stack = append(stack, p)
		for _, imp := range meta.Inputs[p].Imports {
			if imp.External || !local(imp.Path) {
				continue
			}
			switch state[imp.Path] {
			case unseen:
				visit(imp.Path, stack)
			case open:
				i := slices.Index(stack, imp.Path)
				circle := append(slices.Clone(stack[i:]), imp.Path)
				res.Findings = append(res.Findings, finding.New(RuleImportCycle, p, b.specifierPosition(p, imp.Original),
					"%q closes a circle of imports (%s): move what these modules share into a module that imports none of them", imp.Original, strings.Join(circle, " → ")))
			}
		}
		state[p] = done
	}
	names := make([]string, 0, len(meta.Inputs))
	for p := range meta.Inputs {
		if local(p) {
			names = append(names, p)
		}
	}
	slices.Sort(names)
	for _, p := range names {
		if state[p] == unseen {
			visit(p, nil)
		}
	}
}

// specifierPosition finds where a module names an import: the first quoted
// occurrence of spec in its text.
func (b *Builder) specifierPosition(file, spec string) finding.Position {
	data, ok := b.src.sources()[file]
	if !ok || spec == "" {
		return finding.Position{}
	}
	best := -1
	for _, q := range []string{`"`, `'`, "`", "("} {
		needle := q + spec
		if q == "(" {
			needle = "(" + spec + ")"
		}
		if i := strings.Index(string(data), needle); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	if best < 0 {
		return finding.Position{}
	}
	return finding.NewLines(data).Position(best)
}

// checkCaps refuses a built file over the stored form's cap, at the source
// of the code where it crosses the cap, naming the largest parts.
func (b *Builder) checkCaps(out *bundled, res *Result) {
	for _, o := range out.files {
		var limit int64
		for _, sf := range analysis.StoredFiles {
			if sf.Name == o.name {
				limit = sf.MaxSize
			}
		}
		if int64(len(o.data)) <= limit {
			continue
		}
		built := o.lines.Position(int(limit))
		file, pos := o.entry, finding.Position{}
		if f, p, ok := b.mapPosition(o, built); ok {
			file, pos = f, p
		}
		type part struct {
			name  string
			bytes int
		}
		var parts []part
		for outName, m := range out.meta.Outputs {
			if path.Base(outName) != o.name {
				continue
			}
			for in, v := range m.Inputs {
				parts = append(parts, part{in, v.BytesInOutput})
			}
		}
		slices.SortFunc(parts, func(a, c part) int { return cmp.Or(cmp.Compare(c.bytes, a.bytes), strings.Compare(a.name, c.name)) })
		var largest []string
		for _, p := range parts[:min(3, len(parts))] {
			largest = append(largest, fmt.Sprintf("%s (%s)", p.name, byteSize(int64(p.bytes))))
		}
		res.Findings = append(res.Findings, finding.New(RuleTooLarge, file, pos,
			"%s would be %s, over its cap of %s; it crosses the cap in the code built from here (built: %s:%s); the largest parts are %s: import less",
			o.name, byteSize(int64(len(o.data))), byteSize(limit), o.name, built, strings.Join(largest, ", ")))
	}
}

// toSource points a finding on a built file at the source it was built
// from, through the source map, and keeps the built position in the
// message. Findings on the files copied as they are keep their place.
func (b *Builder) toSource(f finding.Finding, out *bundled) finding.Finding {
	var o *output
	for i := range out.files {
		if out.files[i].name == f.File {
			o = &out.files[i]
		}
	}
	if o == nil {
		return f
	}
	if !f.Start.IsValid() {
		f.Message += fmt.Sprintf(" (in the built %s)", o.name)
		if o.entry != "" {
			f.File = o.entry
		}
		return f
	}
	built := fmt.Sprintf("%s:%d:%d", o.name, f.Start.Line, f.Start.Column)
	file, start, ok := b.mapPosition(*o, f.Start)
	if !ok {
		f.Message += fmt.Sprintf(" (built: %s, in code the bundler added)", built)
		return f
	}
	end := finding.Position{}
	if f.End.IsValid() {
		if ef, ep, ok := b.mapPosition(*o, f.End); ok && ef == file && (ep.Line > start.Line || ep.Line == start.Line && ep.Column >= start.Column) {
			end = ep
		}
	}
	f.File, f.Start, f.End = file, start, end
	f.Message += fmt.Sprintf(" (built: %s)", built)
	if f.Flow != nil {
		f.Flow = b.flowToSource(*o, file, f.Flow)
	}
	return f
}

// flowToSource maps a flow's steps to the source file the finding is in;
// a flow with a step elsewhere (another module, code the bundler added)
// is left out rather than shown at the wrong places.
func (b *Builder) flowToSource(o output, file string, fl *finding.Flow) *finding.Flow {
	steps := make([]finding.Step, 0, len(fl.Steps))
	for _, st := range fl.Steps {
		sf, pos, ok := b.mapPosition(o, st.Position)
		if !ok || sf != file {
			return nil
		}
		steps = append(steps, finding.Step{Position: pos, Message: st.Message})
	}
	return &finding.Flow{Steps: steps}
}

// mapPosition maps a position in a built file to its source file and
// position. Between two mappings, the column is carried over only as far as
// the built text and the source text agree.
func (b *Builder) mapPosition(o output, p finding.Position) (string, finding.Position, bool) {
	if o.smap == nil {
		return "", finding.Position{}, false
	}
	genLine := o.lines.Text(p.Line)
	col16 := utf16Column(genLine, p.Column)
	m, ok := o.smap.lookup(p.Line-1, col16)
	if !ok {
		return "", finding.Position{}, false
	}
	file := path.Clean(path.Join(virtualOut, o.smap.Sources[m.source]))
	data, ok := b.src.sources()[file]
	if !ok {
		return "", finding.Position{}, false
	}
	srcLine := finding.NewLines(data).Text(m.srcLine + 1)
	srcCol := charColumn(srcLine, m.srcCol)
	// Carry the rest of the column over while the texts agree.
	gen := []rune(genLine)
	src := []rune(srcLine)
	from := charColumn(genLine, m.genCol) - 1
	delta := p.Column - 1 - from
	for k := 0; k < delta; k++ {
		gi, si := from+k, srcCol-1+k
		if gi >= len(gen) || si >= len(src) || gen[gi] != src[si] {
			delta = k
			break
		}
	}
	return file, finding.Position{Line: m.srcLine + 1, Column: srcCol + max(delta, 0)}, true
}

// utf16Column converts a 1-based character column to a 0-based column in
// UTF-16 code units, as source maps count.
func utf16Column(line string, col int) int {
	units := 0
	i := 0
	for _, r := range line {
		if i >= col-1 {
			break
		}
		units += utf16.RuneLen(r)
		i++
	}
	return units + max(col-1-i, 0)
}

// charColumn converts a 0-based UTF-16 column to a 1-based character column.
func charColumn(line string, col16 int) int {
	units, chars := 0, 0
	for _, r := range line {
		if units >= col16 {
			break
		}
		units += utf16.RuneLen(r)
		chars++
	}
	return chars + 1
}

// plainError says why a file could not be read, without Go's wording.
func plainError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "it does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied: make it readable"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
