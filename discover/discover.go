// Package discover finds the remixlets a command line names. A path that
// holds manifest.json is one remixlet (and so is one that holds script.js,
// style.css or rules.json without it: the loader refuses it for the
// missing manifest); any other folder is searched for
// folders that hold one (hidden folders and node_modules are skipped,
// links are not followed, and a remixlet's own folder is not searched
// further); a plain file stands for the remixlet folder that holds it, if
// any, hidden folders included, so that a hook can pass the files a commit
// touches.
package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/safetext"
)

// ManifestName marks a remixlet folder.
const ManifestName = "manifest.json"

// Entry is one remixlet to check, or one path that could not be searched.
type Entry struct {
	// Dir names the folder as every output shows it: relative to the
	// working folder when it lies below it ("remixlets/a", "."),
	// absolute otherwise.
	Dir string
	// Abs is the folder's absolute path.
	Abs string
	// Err is set when the path could not be searched, or holds no
	// remixlet (Empty); the message is in plain words.
	Err error
	// Empty is true when Err says a folder holds no remixlet at all.
	Empty bool
}

// Result is what Find found, in the order of the paths given.
type Result struct {
	Entries []Entry
	// Outside counts the plain files given that lie in no remixlet folder;
	// they are not findings.
	Outside int
}

// Find resolves paths against the working folder wd.
func Find(paths []string, wd string) Result {
	var res Result
	seen := map[string]bool{}
	add := func(abs string) {
		if seen[abs] {
			return
		}
		seen[abs] = true
		res.Entries = append(res.Entries, Entry{Dir: Display(abs, wd), Abs: abs})
	}
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, p)
		}
		abs = filepath.Clean(abs)
		info, err := os.Stat(abs)
		if err != nil {
			res.Entries = append(res.Entries, Entry{Dir: Display(abs, wd), Abs: abs, Err: errors.New(safetext.Clean(p) + " " + plainerr.Reason(unwrap(err)))})
			continue
		}
		if !info.IsDir() {
			if skipped(p) {
				res.Outside++
				continue
			}
			if dir, ok := holder(filepath.Dir(abs)); ok {
				add(dir)
			} else {
				res.Outside++
			}
			continue
		}
		if isRemixlet(abs) || holdsStoredFiles(abs) {
			// A folder named that holds a remixlet's files but no
			// manifest is a remixlet missing its manifest (the loader
			// refuses it), not a folder to search.
			add(abs)
			continue
		}
		before := len(res.Entries)
		found := false
		// The trailing separator follows a link given as the path itself.
		walkErr := filepath.WalkDir(abs+string(filepath.Separator), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if filepath.Clean(path) == abs {
					return err
				}
				res.Entries = append(res.Entries, Entry{Dir: Display(path, wd), Abs: path, Err: errors.New(safetext.Clean(Display(path, wd)) + " " + plainerr.Reason(unwrap(err)))})
				return fs.SkipDir
			}
			if !d.IsDir() {
				return nil // a plain file, or a link: never followed
			}
			if filepath.Clean(path) != abs && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return fs.SkipDir
			}
			if filepath.Clean(path) != abs && isRemixlet(path) {
				found = true
				add(path)
				return fs.SkipDir
			}
			return nil
		})
		if walkErr != nil {
			res.Entries = append(res.Entries[:before], Entry{Dir: Display(abs, wd), Abs: abs, Err: errors.New(safetext.Clean(p) + " " + plainerr.Reason(unwrap(walkErr)))})
			continue
		}
		if !found && len(res.Entries) == before {
			res.Entries = append(res.Entries, Entry{Dir: Display(abs, wd), Abs: abs, Empty: true,
				Err: fmt.Errorf("%s holds no remixlet: no folder in it has a %s (hidden folders and node_modules are not searched)", safetext.Clean(p), ManifestName)})
		}
	}
	return res
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// isRemixlet reports whether dir holds an entry named manifest.json,
// whatever it is: the loader refuses a manifest that is a link or a
// folder, which is a finding, not a reason to skip the folder.
func isRemixlet(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ManifestName))
	return err == nil
}

// storedFiles are the stored form's files other than the manifest.
var storedFiles = []string{"script.js", "style.css", "rules.json"}

// holdsStoredFiles reports whether dir holds an entry named script.js,
// style.css or rules.json.
func holdsStoredFiles(dir string) bool {
	for _, name := range storedFiles {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// skipped reports a file given through node_modules or .git, which hold
// no remixlet's files. A file in another hidden folder (.remixlets/x/
// style.css, as a hook passes it) stands for its remixlet: it was named,
// though a search does not enter hidden folders.
func skipped(p string) bool {
	for _, part := range strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(p))), "/") {
		if part == "node_modules" || part == ".git" {
			return true
		}
	}
	return false
}

// holder returns the nearest folder from dir upwards that is a remixlet,
// stopping at the repository root.
func holder(dir string) (string, bool) {
	for {
		if isRemixlet(dir) {
			return dir, true
		}
		if IsRepoRoot(dir) {
			return "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// IsRepoRoot reports whether dir is the top of a git repository (it holds
// .git, a folder or, in a worktree or submodule, a file).
func IsRepoRoot(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// Up returns dir and each folder above it, up to and including the
// repository root (or the file system's root when dir is in none).
func Up(dir string) []string {
	var out []string
	for {
		out = append(out, dir)
		if IsRepoRoot(dir) {
			return out
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return out
		}
		dir = parent
	}
}

// Display names an absolute path as outputs show it: relative to wd, with
// forward slashes, when it lies below wd; absolute otherwise.
func Display(abs, wd string) string {
	if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}
