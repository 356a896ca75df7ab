// Package digest computes the digest an approval is bound to: Go's dirhash
// "h1:" format (golang.org/x/mod/sumdb/dirhash.Hash1) over a stored
// remixlet's files, that is "h1:" and the base64 SHA-256 of the sorted
// "sha256-hex  name\n" lines, one per file.
//
// The digest is computed from the bytes the loader (analysis.Load) read and
// the analyzers checked, never from the disk again: a file swapped between
// the check and the hash would otherwise be approved unchecked. For the same
// reason dirhash.HashDir is not used: it walks the folder itself and follows
// links out of it. A package the loader refused (a link, a folder, an extra
// file, a file it could not accept) has no digest, because the digest would
// not cover everything in the folder.
package digest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"golang.org/x/mod/sumdb/dirhash"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// Prefix starts every digest this package makes.
const Prefix = "h1:"

// Files returns the digest of files, named as they are in the stored form.
// Names must be unique.
func Files(files []analysis.File) (string, error) {
	names := make([]string, len(files))
	byName := make(map[string][]byte, len(files))
	for i, f := range files {
		if _, dup := byName[f.Name]; dup {
			return "", fmt.Errorf("digest: %s is listed twice", f.Name)
		}
		names[i] = f.Name
		byName[f.Name] = f.Data
	}
	return dirhash.Hash1(names, func(name string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(byName[name])), nil
	})
}

// RefusedError is returned for a package the loader refused: its digest
// would not cover every file in the folder.
type RefusedError struct {
	Dir      string
	Findings []finding.Finding
}

func (e *RefusedError) Error() string {
	n := fmt.Sprintf("%d findings", len(e.Findings))
	if len(e.Findings) == 1 {
		n = "1 finding"
	}
	return fmt.Sprintf("%s holds what the stored form does not allow (%s): fix them, then digest again", e.Dir, n)
}

// Package returns the digest of a loaded package's files. It refuses a
// package with any loader finding of severity error.
func Package(p *analysis.Package) (string, error) {
	if finding.HasErrors(p.Findings) {
		return "", &RefusedError{Dir: p.Dir, Findings: p.Findings}
	}
	return Files(p.Files)
}

// Valid reports whether s has the form of an h1: digest (a SHA-256 sum in
// standard base64). Stored records are checked with it before use.
func Valid(s string) bool {
	rest, ok := strings.CutPrefix(s, Prefix)
	if !ok || len(rest) != 44 {
		return false
	}
	sum, err := base64.StdEncoding.Strict().DecodeString(rest)
	return err == nil && len(sum) == 32
}
