package decision

import (
	"errors"
	"fmt"

	"github.com/remixlet/remixlet/activation"
	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/lint"
)

// Checked is one set of files read once and checked with every analyzer
// `remixlet lint` runs, so that what is decided on, approved and stored is
// exactly what was checked.
type Checked struct {
	Label  string // how messages name the files: a folder, "version 3 of hide"
	Result *analysis.Result
	// Errors are the findings that refuse the files.
	Errors []finding.Finding
	// Digest is the digest of the files the loader accepted. When the
	// loader refused something (a link, an unexpected file), no digest
	// covers the folder: LoaderRefused is then set, and Digest covers only
	// the accepted files, for activation to use an approval up with.
	Digest        string
	LoaderRefused bool
}

// Check runs every lint analyzer over a loaded package. The error is for
// files that could not be checked at all.
func Check(label string, pkg *analysis.Package) (*Checked, error) {
	res := analysis.RunPackage(pkg, lint.Analyzers)
	if res.Err != nil {
		return nil, fmt.Errorf("%s: %w", label, res.Err)
	}
	c := &Checked{Label: label, Result: res}
	for _, f := range res.Findings {
		if f.Severity == finding.Error {
			c.Errors = append(c.Errors, f)
		}
	}
	sum, err := digest.Package(pkg)
	var refused *digest.RefusedError
	switch {
	case errors.As(err, &refused):
		c.LoaderRefused = true
		if sum, err = digest.Files(pkg.Files); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	c.Digest = sum
	return c, nil
}

// CheckDir loads a stored remixlet folder and checks it.
func CheckDir(dir string) (*Checked, error) {
	pkg, err := analysis.Load(dir)
	if err != nil {
		return nil, err
	}
	return Check(dir, pkg)
}

// RunningRefusedError says that the files given as the running version are
// not a stored form the loader accepts, so they have no digest and no
// decision can be made against them.
type RunningRefusedError struct {
	*digest.RefusedError
}

func (e *RunningRefusedError) Error() string { return "the running version: " + e.RefusedError.Error() }

func (e *RunningRefusedError) Unwrap() error { return e.RefusedError }

// Running reads a loaded package as the version that runs now. It is not
// linted again (it was checked when it was activated, and today's checks
// apply to the new files); a package the loader refused is a
// *RunningRefusedError.
func Running(pkg *analysis.Package) (*activation.Version, error) {
	sum, err := digest.Package(pkg)
	var refused *digest.RefusedError
	if errors.As(err, &refused) {
		return nil, &RunningRefusedError{refused}
	}
	if err != nil {
		return nil, err
	}
	return &activation.Version{Label: pkg.Dir, Digest: sum, Files: pkg.Files}, nil
}

// Version is the checked files as the decision reads them.
func (c *Checked) Version() *activation.Version {
	return &activation.Version{Label: c.Label, Digest: c.Digest, Files: c.Result.Package.Files}
}

// Permissions are the permissions the checked manifest asks for, as far as
// it could be read.
func (c *Checked) Permissions() []string {
	src, ok := c.Result.Package.File("manifest.json")
	if !ok {
		return nil
	}
	return permissionsOf(src)
}
