package bundle

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/internal/safetext"
)

// WriteOptions say what Write may replace.
type WriteOptions struct {
	// Force replaces an OUT that is not a previous build's output.
	Force bool
	// Previous is the digest this process last wrote to OUT (watch mode):
	// a folder that still holds exactly that is its own output.
	Previous string
}

// ErrNotBuildOutput is returned (wrapped) when OUT holds something a build
// did not write and Force is off.
var ErrNotBuildOutput = errors.New("is not the output of a previous build")

// Write puts files into the folder out atomically: they are written into a
// new temporary folder beside it, which then takes out's place in one
// rename (Linux swaps the two folders; elsewhere out is moved aside first),
// so out holds either the old files or the new, never a mix. out must not
// be the source folder or hold any of its files. An existing out is
// replaced only when it is a previous build's output (see
// IsBuildOutput), or with opts.Force.
func (r *Result) Write(out string, opts WriteOptions) error {
	if r.Digest == "" {
		return fmt.Errorf("the build was refused: nothing to write")
	}
	absOut, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if err := r.checkOutPlace(absOut); err != nil {
		return err
	}
	info, err := os.Lstat(absOut)
	exists := err == nil
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return cannotWrite(out, err)
	case exists && info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link: give the folder itself as OUT", out)
	case exists && !opts.Force:
		if ok, why := IsBuildOutput(absOut, r.Files, opts.Previous); !ok {
			return fmt.Errorf("%s %w (%s): choose another OUT, or pass --force to replace it", out, ErrNotBuildOutput, why)
		}
	}
	parent := filepath.Dir(absOut)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("cannot make the folder %s: %s", safetext.Clean(filepath.Dir(out)), writeReason(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(absOut)+".build-*")
	if err != nil {
		return cannotWrite(out, err)
	}
	defer os.RemoveAll(tmp) // after a swap, tmp holds the old output
	if err := writeFiles(tmp, r.Files); err != nil {
		return cannotWrite(out, err)
	}
	if !exists {
		if err := os.Rename(tmp, absOut); err != nil {
			return cannotWrite(out, err)
		}
		return nil
	}
	if err := exchange(tmp, absOut); err == nil {
		return nil
	}
	// No atomic swap here: move the old output aside, then the new in.
	old := tmp + ".old"
	if err := os.Rename(absOut, old); err != nil {
		return cannotWrite(out, err)
	}
	if err := os.Rename(tmp, absOut); err != nil {
		os.Rename(old, absOut)
		return cannotWrite(out, err)
	}
	return os.RemoveAll(old)
}

func cannotWrite(out string, err error) error {
	return fmt.Errorf("cannot write %s: %s", safetext.Clean(out), writeReason(err))
}

// writeReason says in plain words why a file or folder could not be
// written (plainError speaks of reading).
func writeReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "a folder on its path does not exist"
	case errors.Is(err, syscall.ENOTDIR):
		return "a part of the path is a file, not a folder"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied: choose a folder you can write to"
	case errors.Is(err, syscall.ENOSPC):
		return "the disk is full"
	case errors.Is(err, syscall.EROFS):
		return "the file system is read-only"
	}
	return plainError(err)
}

// checkOutPlace refuses an OUT that is the source folder, holds it, or
// holds a file the build read: replacing it would destroy the sources.
func (r *Result) checkOutPlace(absOut string) error {
	src, err := filepath.Abs(r.Dir)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(src); err == nil {
		src = real
	}
	realOut := absOut
	if real, err := filepath.EvalSymlinks(filepath.Dir(absOut)); err == nil {
		realOut = filepath.Join(real, filepath.Base(absOut))
	}
	if within(realOut, src) {
		return fmt.Errorf("OUT is the source folder or holds it: write the build to a folder of its own")
	}
	for _, s := range r.Sources {
		if within(realOut, filepath.Join(src, filepath.FromSlash(s.Name))) {
			return fmt.Errorf("OUT holds %s, a source file of the build: write the build to a folder of its own", s.Name)
		}
	}
	return nil
}

// within reports whether p is dir or inside it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func writeFiles(dir string, files []analysis.File) error {
	for _, f := range files {
		fh, err := os.OpenFile(filepath.Join(dir, f.Name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		_, err = fh.Write(f.Data)
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	// Not synced to disk: the rename makes the write atomic for every
	// reader, and after a crash the same build gives the same bytes.
	return os.Chmod(dir, 0o755)
}

// IsBuildOutput reports whether the folder dir may be replaced by a build
// writing files, and if not, why. It may when it is empty, or holds only
// stored-form files and one of these is true: its script.js or style.css
// starts with the build's banner; its files are the ones about to be
// written; its digest is previous (what this process wrote last). A
// folder a person made by hand is never replaced without --force.
func IsBuildOutput(dir string, files []analysis.File, previous string) (bool, string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if info, serr := os.Lstat(dir); serr == nil && !info.IsDir() {
			return false, "it is a file, not a folder"
		}
		return false, plainError(err)
	}
	if len(entries) == 0 {
		return true, ""
	}
	var have []analysis.File
	for _, e := range entries {
		if !slices.ContainsFunc(analysis.StoredFiles, func(sf analysis.StoredFile) bool { return sf.Name == e.Name() }) {
			return false, fmt.Sprintf("it holds %s, which a build never writes", e.Name())
		}
		if !e.Type().IsRegular() {
			return false, fmt.Sprintf("%s is not a regular file", e.Name())
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return false, plainError(err)
		}
		have = append(have, analysis.File{Name: e.Name(), Data: data})
	}
	for _, f := range have {
		if f.Name == "script.js" && bytes.HasPrefix(f.Data, []byte(scriptBanner)) ||
			f.Name == "style.css" && bytes.HasPrefix(f.Data, []byte(styleBanner)) {
			return true, ""
		}
	}
	if slices.EqualFunc(have, files, func(a, b analysis.File) bool { return a.Name == b.Name && bytes.Equal(a.Data, b.Data) }) {
		return true, ""
	}
	if previous != "" {
		if sum, err := digest.Files(have); err == nil && sum == previous {
			return true, ""
		}
	}
	return false, "it holds a remixlet this build did not write"
}
