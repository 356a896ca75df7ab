//go:build !unix

package store

import "io/fs"

// checkPrivate has nothing to check where the store cannot run (it needs
// a Unix system's file locks).
func checkPrivate(string, fs.FileInfo, bool) error { return nil }
