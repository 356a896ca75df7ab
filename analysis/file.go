package analysis

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/regularfile"
)

// One file read on its own, in place of a stored file: `remixlet css FILE
// --manifest PATH` reads a stylesheet and a manifest that need not sit in
// a remixlet folder, and the WebAssembly build receives them as bytes. The
// loader's caps and refusals apply to them as to the files of a folder.

// ReadFile reads the file at path in place of the stored file named as
// (style.css, manifest.json): a regular file only (a named pipe or a
// device is refused, never waited on), read once, never past as's cap. It
// returns the bytes and nil, or nil and the loader's findings when it
// refuses them (over the cap, a byte-order mark before JSON, not UTF-8),
// named as the path is written. The error is for a file that cannot be
// read at all.
func ReadFile(path, as string) ([]byte, []finding.Finding, error) {
	spec, ok := storedFile(as)
	if !ok {
		return nil, nil, fmt.Errorf("analysis: %s is not a stored file", as)
	}
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	name := filepath.ToSlash(path)
	p := &Package{}
	if p.tooLarge(name, info.Size(), spec) {
		return nil, p.Findings, nil
	}
	data, err := io.ReadAll(io.LimitReader(f, spec.MaxSize+1))
	if err != nil {
		return nil, nil, &os.PathError{Op: "read", Path: path, Err: err}
	}
	if p.tooLarge(name, int64(len(data)), spec) || !p.accept(name, data, spec) {
		return nil, p.Findings, nil
	}
	return data, nil, nil
}

// CheckFile applies the same checks to bytes held in memory, named name.
func CheckFile(name, as string, data []byte) ([]byte, []finding.Finding) {
	spec, ok := storedFile(as)
	if !ok {
		panic("analysis: " + as + " is not a stored file")
	}
	p := &Package{}
	if p.tooLarge(name, int64(len(data)), spec) || !p.accept(name, data, spec) {
		return nil, p.Findings
	}
	return data, nil
}

// ManifestBeside is the manifest.json in the folder of the file at path,
// as in a remixlet folder, if there is a regular file there.
func ManifestBeside(path string) (string, bool) {
	beside := filepath.Join(filepath.Dir(path), "manifest.json")
	info, err := os.Stat(beside)
	return beside, err == nil && info.Mode().IsRegular()
}
