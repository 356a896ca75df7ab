package bundle

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// The source folder convention (docs/build.md).
const (
	ScriptEntryTS = "src/main.ts"
	ScriptEntryJS = "src/main.js"
	StyleEntry    = "style.css"
	ManifestFile  = "manifest.json"
	RulesFile     = "rules.json"
	TsconfigFile  = "tsconfig.json"
)

// IsSourceFolder reports whether dir, a folder with a manifest.json, is a
// source folder for the build rather than a stored remixlet: it has a src
// folder (the stored form is flat, and the script's entry lives in src).
func IsSourceFolder(dir string) bool {
	info, err := os.Lstat(filepath.Join(dir, "src"))
	return err == nil && info.IsDir()
}

// maxSourceSize caps each source file the build reads: far above anything
// that fits the stored form's caps after bundling, it keeps a stray huge
// file from being read into memory.
const maxSourceSize = 16 << 20

// folder reads a source folder: every path is relative to its root, written
// with forward slashes, matched exactly (case included) against the
// folder's listing, and refused when any part of it is a symbolic link.
type folder struct {
	abs  string // the folder, absolute, with links in its own path resolved
	root *os.Root

	mu    sync.Mutex
	dirs  map[string]map[string]fs.FileMode // listing of each folder read, by relative path
	files map[string][]byte                 // every file read, by relative path
	seen  map[string]fileState              // each file's state when it was read

	overlay map[string][]byte // bytes given instead of read (Options.Overlay)
}

// fileState is what watch mode compares to notice a change.
type fileState struct {
	size  int64
	mtime int64
}

func openFolder(dir string) (*folder, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return nil, fmt.Errorf("cannot read the source folder: %s", plainError(err))
	}
	info, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot read the source folder: %s", plainError(err))
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("not a folder: build takes a source folder (manifest.json, src/main.ts, style.css)")
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot read the source folder: %s", plainError(err))
	}
	f := &folder{abs: abs, root: root}
	f.reset()
	return f, nil
}

func (f *folder) close() { f.root.Close() }

// reset forgets what was read, before a new build.
func (f *folder) reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dirs = map[string]map[string]fs.FileMode{}
	f.files = map[string][]byte{}
	f.seen = map[string]fileState{}
}

// rel returns the folder-relative path of an absolute path, and whether it
// lies inside the folder.
func (f *folder) rel(abs string) (string, bool) {
	r, err := filepath.Rel(f.abs, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// entryKind is what a relative path names.
type entryKind int

const (
	missing entryKind = iota
	regularFile
	directory
	link       // a symbolic link somewhere on the path
	notRegular // a pipe, socket or device
)

// lookup says what rel names, without following links. For a link it
// returns the part of the path that is one; for a missing file whose name
// exists in another case, that spelling.
func (f *folder) lookup(rel string) (kind entryKind, detail string) {
	if rel == "." || rel == "" {
		return directory, ""
	}
	parts := strings.Split(rel, "/")
	dir := "."
	for i, name := range parts {
		entries, err := f.list(dir)
		if err != nil {
			return missing, ""
		}
		mode, ok := entries[name]
		if !ok {
			for other := range entries {
				if strings.EqualFold(other, name) {
					return missing, path.Join(dir, other)
				}
			}
			return missing, ""
		}
		here := path.Join(dir, name)
		switch {
		case mode&fs.ModeSymlink != 0:
			return link, here
		case i < len(parts)-1:
			if !mode.IsDir() {
				return missing, ""
			}
		case mode.IsDir():
			return directory, ""
		case mode.IsRegular():
			return regularFile, ""
		default:
			return notRegular, ""
		}
		dir = here
	}
	return missing, ""
}

// list returns a folder's entries and their types, read once per build.
func (f *folder) list(dir string) (map[string]fs.FileMode, error) {
	f.mu.Lock()
	entries, ok := f.dirs[dir]
	f.mu.Unlock()
	if ok {
		return entries, nil
	}
	d, err := f.root.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	list, err := d.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	entries = make(map[string]fs.FileMode, len(list))
	for _, e := range list {
		entries[e.Name()] = e.Type()
	}
	f.mu.Lock()
	f.dirs[dir] = entries
	f.mu.Unlock()
	return entries, nil
}

// errTooLarge is returned by read for a file over maxSourceSize.
type errTooLarge struct{ size int64 }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("it is %s, over the %s a source file may be", byteSize(e.size), byteSize(maxSourceSize))
}

// read returns the bytes of a regular file (lookup must have said so), read
// once per build and kept for positions and for showing source lines.
func (f *folder) read(rel string) ([]byte, error) {
	f.mu.Lock()
	data, ok := f.files[rel]
	f.mu.Unlock()
	if ok {
		return data, nil
	}
	if data, ok := f.overlay[rel]; ok {
		if len(data) > maxSourceSize {
			return nil, errTooLarge{int64(len(data))}
		}
		f.mu.Lock()
		f.files[rel] = data
		f.mu.Unlock()
		return data, nil
	}
	file, err := f.root.Open(filepath.FromSlash(rel))
	if err != nil {
		return nil, err
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("it is not a regular file")
	}
	if info.Size() > maxSourceSize {
		return nil, errTooLarge{info.Size()}
	}
	data, err = io.ReadAll(io.LimitReader(file, maxSourceSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxSourceSize {
		return nil, errTooLarge{int64(len(data))}
	}
	f.mu.Lock()
	f.files[rel] = data
	f.seen[rel] = fileState{info.Size(), info.ModTime().UnixNano()}
	f.mu.Unlock()
	return data, nil
}

// sources returns every file read in this build, sorted by path.
func (f *folder) sources() map[string][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string][]byte, len(f.files))
	for k, v := range f.files {
		out[k] = v
	}
	return out
}

// readStates returns the state of every file read, as it was read.
func (f *folder) readStates() map[string]fileState {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string]fileState, len(f.seen))
	for k, v := range f.seen {
		out[k] = v
	}
	return out
}

func byteSize(n int64) string {
	unit := func(v float64, name string) string {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + " " + name
	}
	switch {
	case n >= 1<<20:
		return unit(float64(n)/(1<<20), "MiB")
	case n >= 1<<10:
		return unit(float64(n)/(1<<10), "KiB")
	}
	return fmt.Sprintf("%d bytes", n)
}
