//go:build !unix

package regularfile

import "os"

// openNonBlocking opens path; these systems have no O_NONBLOCK to pass on.
// On Windows, opening a named pipe by a file path is not possible.
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }
