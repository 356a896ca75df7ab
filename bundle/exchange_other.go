//go:build !linux

package bundle

import "errors"

// exchange has no atomic swap outside Linux; Write falls back to moving the
// old output aside first.
func exchange(a, b string) error { return errors.New("no atomic exchange on this system") }
