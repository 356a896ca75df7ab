package analysis

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/regularfile"
	"github.com/remixlet/remixlet/internal/safetext"
)

// StoredFile is one file the stored form may hold.
type StoredFile struct {
	Name     string
	Required bool
	MaxSize  int64 // bytes
	JSON     bool
}

// StoredFiles are the only files a stored remixlet may hold, with their
// size caps. The caps are far above what a remixlet needs and keep every
// check bounded.
var StoredFiles = []StoredFile{
	{Name: "manifest.json", Required: true, MaxSize: 64 << 10, JSON: true},
	{Name: "script.js", MaxSize: 1 << 20},
	{Name: "style.css", MaxSize: 512 << 10},
	{Name: "rules.json", MaxSize: 8 << 20, JSON: true}, // room for Chrome's 30,000 rules
}

func storedFile(name string) (StoredFile, bool) {
	for _, f := range StoredFiles {
		if f.Name == name {
			return f, true
		}
	}
	return StoredFile{}, false
}

// File is one file's bytes exactly as read, once.
type File struct {
	Name string
	Data []byte
}

// Package is a stored remixlet as read from its folder: the bytes every
// analyzer checks and the digest is computed from.
type Package struct {
	Dir      string
	Files    []File            // files that passed the loader's checks, sorted by name
	Present  []string          // every stored-form name found, even one refused (too large, not UTF-8)
	Findings []finding.Finding // what the loader refused
}

// File returns the bytes of a stored file that passed the loader's checks.
func (p *Package) File(name string) ([]byte, bool) {
	for _, f := range p.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Has reports whether the folder holds a file of that name, whether or not
// the loader accepted its bytes.
func (p *Package) Has(name string) bool { return slices.Contains(p.Present, name) }

// Load reads a stored remixlet folder. Every file is opened through an
// os.Root, so nothing outside dir is ever opened, and read exactly once.
// Refusals are findings in Package.Findings; the error is for a folder that
// cannot be read at all (exit status 2).
func Load(dir string) (*Package, error) { return LoadOverlay(dir, nil) }

// LoadOverlay is Load with some files' bytes given instead of read: an
// editor's unsaved buffers, or standard input (lint --stdin), by name in
// the folder. An overlaid file passes the same checks as one read (its
// cap, UTF-8, a byte-order mark); one the folder does not hold yet is
// checked as if it did. Every other entry is read from the folder.
func LoadOverlay(dir string, overlay map[string][]byte) (*Package, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a folder: give the folder of a stored remixlet (manifest.json, script.js, style.css, rules.json)", safetext.Clean(dir))
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	dirEntries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil, err
	}
	entries := make([]entry, len(dirEntries))
	for i, e := range dirEntries {
		entries[i] = entry{name: e.Name(), mode: e.Type()}
	}
	for name := range overlay {
		if !slices.ContainsFunc(entries, func(e entry) bool { return e.name == name }) {
			entries = append(entries, entry{name: name})
		}
	}
	onesort.Func(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	disk := folderReader{root}.read
	return load(dir, entries, func(p *Package, name string, spec StoredFile) ([]byte, bool, error) {
		data, ok := overlay[name]
		if !ok {
			return disk(p, name, spec)
		}
		if p.tooLarge(name, int64(len(data)), spec) {
			return nil, false, nil
		}
		return data, true, nil
	})
}

// LoadFiles reads a stored remixlet held in memory, one name → bytes
// entry per file, as the WebAssembly build receives it from the extension.
// It applies exactly the checks Load applies to a folder: a name with a
// slash is a file in a folder, which is refused as such. dir labels the
// package in findings and output, as the folder does for Load (the
// command line's `remixlet lint .` checks a folder labelled ".").
func LoadFiles(dir string, files map[string][]byte) *Package {
	var entries []entry
	folders := map[string]bool{}
	for name := range files {
		if first, _, nested := strings.Cut(name, "/"); nested && first != "" {
			if !folders[first] {
				folders[first] = true
				entries = append(entries, entry{name: first, mode: fs.ModeDir})
			}
			continue
		}
		entries = append(entries, entry{name: name})
	}
	// A folder yields its entries in name order; so does this.
	onesort.Func(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	p, err := load(dir, entries, func(p *Package, name string, spec StoredFile) ([]byte, bool, error) {
		data := files[name]
		if p.tooLarge(name, int64(len(data)), spec) {
			return nil, false, nil
		}
		return data, true, nil
	})
	if err != nil {
		panic("analysis: reading files held in memory failed: " + err.Error()) // the reader never fails
	}
	return p
}

// entry is one name in a remixlet's folder.
type entry struct {
	name string
	mode fs.FileMode // type bits only, as fs.DirEntry.Type reports them
}

// readFunc returns the bytes of the regular file name, which the stored
// form allows (spec). It reports a refusal itself and returns ok false; an
// error means the package could not be read at all.
type readFunc func(p *Package, name string, spec StoredFile) (data []byte, ok bool, err error)

// load applies the stored form's checks to a package's entries, reading
// each accepted file once through read. Load and LoadFiles differ only in
// their entries and read.
func load(dir string, entries []entry, read readFunc) (*Package, error) {
	p := &Package{Dir: dir}
	// Names that fold to the same lower case are one file on a
	// case-insensitive disk. The name spelled exactly as the format spells
	// it is checked as usual; every other spelling is refused.
	folded := map[string][]string{}
	for _, e := range entries {
		lower := strings.ToLower(e.name)
		folded[lower] = append(folded[lower], e.name)
	}
	for _, e := range entries {
		name := e.name
		if same := folded[strings.ToLower(name)]; len(same) > 1 {
			keep := same[0]
			if slices.Contains(same, strings.ToLower(name)) {
				keep = strings.ToLower(name)
			}
			if name != keep {
				p.refuse(RuleCaseCollision, name, "%q and %q differ only in case: on a case-insensitive disk they are one file; keep only %q", keep, name, strings.ToLower(name))
				continue
			}
		}
		if err := p.loadEntry(name, e.mode, read); err != nil {
			return nil, err
		}
	}
	if !p.Has("manifest.json") && !hasFinding(p.Findings, "manifest.json") {
		p.refuse(RuleMissingManifest, "", "the folder has no manifest.json: every remixlet needs one")
	}
	onesort.Func(p.Files, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	slices.Sort(p.Present)
	finding.Sort(p.Findings)
	return p, nil
}

func hasFinding(fs []finding.Finding, file string) bool {
	return slices.ContainsFunc(fs, func(f finding.Finding) bool { return f.File == file })
}

func (p *Package) refuse(rule *finding.Rule, file, format string, args ...any) {
	p.Findings = append(p.Findings, finding.New(rule, file, finding.Position{}, format, args...))
}

func (p *Package) loadEntry(name string, mode fs.FileMode, read readFunc) error {
	spec, known := storedFile(name)
	switch {
	case mode&fs.ModeSymlink != 0:
		p.refuse(RuleLink, name, "%s is a symbolic link: replace it with a copy of the file it points to", name)
		return nil
	case mode.IsDir():
		p.refuse(RuleFolder, name, "%s/ is a folder: the stored form is flat; remove it, or bundle its sources with `remixlet build`", name)
		return nil
	case !known && !validName(name):
		p.refuse(RuleUnexpectedFile, name, "%q is not a file name the stored form has (manifest.json, script.js, style.css, rules.json): rename or remove it", name)
		return nil
	case !known:
		hint := "remove it, or bundle it into script.js or style.css with `remixlet build`"
		if _, ok := storedFile(strings.ToLower(name)); ok {
			hint = fmt.Sprintf("names are case-sensitive: rename it to %s", strings.ToLower(name))
		}
		p.refuse(RuleUnexpectedFile, name, "%s is not part of the stored form (manifest.json, script.js, style.css, rules.json): %s", name, hint)
		return nil
	case !mode.IsRegular():
		p.refuse(RuleNotRegular, name, "%s is not a regular file (%s): replace it with a regular file", name, describeMode(mode))
		return nil
	}
	p.Present = append(p.Present, name)
	data, ok, err := read(p, name, spec)
	if err != nil || !ok {
		return err
	}
	if p.accept(name, data, spec) {
		p.Files = append(p.Files, File{Name: name, Data: data})
	}
	return nil
}

// accept applies the checks on a stored file's bytes, once read: no
// byte-order mark before JSON, and valid UTF-8 (readers repair invalid
// bytes differently, so the check could read other text than the browser).
func (p *Package) accept(name string, data []byte, spec StoredFile) bool {
	if spec.JSON && bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		p.Findings = append(p.Findings, finding.New(RuleBom, name, finding.Position{Line: 1, Column: 1},
			"%s starts with a byte-order mark: save it as UTF-8 without one", name))
		return false
	}
	if off := finding.FirstInvalidUTF8(data); off >= 0 {
		pos := finding.NewLines(data).Position(off)
		p.Findings = append(p.Findings, finding.New(RuleInvalidUtf8, name, pos,
			"byte 0x%02X at offset %d is not valid UTF-8: save %s as UTF-8", data[off], off, name))
		return false
	}
	return true
}

// validName reports whether name can be a file's name in a folder: names
// held in memory can be anything, and a folder's cannot.
func validName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/\x00")
}

// tooLarge refuses a file over its cap.
func (p *Package) tooLarge(name string, size int64, spec StoredFile) bool {
	if size <= spec.MaxSize {
		return false
	}
	p.refuse(RuleTooLarge, name, "%s is %s, over its cap of %s: make it smaller", name, byteSize(size), byteSize(spec.MaxSize))
	return true
}

// swapHook, when a test sets it, runs between a file's Lstat and its
// open: where another process could swap the file.
var swapHook func(name string)

// folderReader reads files from a folder, each through the os.Root.
type folderReader struct{ root *os.Root }

func (r folderReader) read(p *Package, name string, spec StoredFile) ([]byte, bool, error) {
	before, err := r.root.Lstat(name)
	if err != nil {
		return nil, false, err
	}
	if !before.Mode().IsRegular() {
		p.refuse(RuleNotRegular, name, "%s changed into %s while being read: replace it with a regular file", name, describeMode(before.Mode()))
		return nil, false, nil
	}
	if swapHook != nil {
		swapHook(name)
	}
	f, err := openNoFollow(r.root, name)
	if err != nil {
		// A link swapped in since the Lstat: os.Root follows it, and
		// fails when it leads out of the folder.
		if now, lerr := r.root.Lstat(name); lerr == nil && (!os.SameFile(before, now) || !now.Mode().IsRegular()) {
			p.refuse(RuleLink, name, "%s was replaced while being read: lint a folder nothing else is changing", name)
			return nil, false, nil
		}
		return nil, false, err
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if !os.SameFile(before, opened) || !opened.Mode().IsRegular() {
		p.refuse(RuleLink, name, "%s was replaced while being read: lint a folder nothing else is changing", name)
		return nil, false, nil
	}
	// The link count is read from the open file, the one that is read
	// below: on Windows only an open handle tells it.
	links, err := linkCount(f, opened)
	if err != nil {
		p.refuse(RuleLink, name, "cannot tell whether %s is a hard link on this system (%v): lint it on Linux, macOS or Windows", name, err)
		return nil, false, nil
	}
	if links > 1 {
		p.refuse(RuleLink, name, "%s is a hard link shared with another file, which can change it after approval: replace it with a copy", name)
		return nil, false, nil
	}
	if p.tooLarge(name, opened.Size(), spec) {
		return nil, false, nil
	}
	data, err := readCapped(f, opened.Size(), spec.MaxSize)
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) > spec.MaxSize {
		p.refuse(RuleTooLarge, name, "%s grew past its cap of %s while being read: make it smaller", name, byteSize(spec.MaxSize))
		return nil, false, nil
	}
	return data, true, nil
}

// readCapped reads at most limit+1 bytes of f, into one buffer sized from
// the file's size when it was opened: reading a file at its cap then costs
// one allocation, not a doubling series (the digest's whole-process speed
// depends on it). A file that grew meanwhile is still read to limit+1.
func readCapped(f *os.File, size, limit int64) ([]byte, error) {
	buf := make([]byte, 0, min(max(size, 0), limit)+1)
	r := io.LimitReader(f, limit+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow: the file is longer than it was
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func describeMode(m fs.FileMode) string {
	if k := regularfile.Kind(m); k != "" {
		return k
	}
	return "not a regular file"
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
