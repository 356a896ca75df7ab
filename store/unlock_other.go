//go:build !unix

package store

import "os"

// release closes f, which releases bbolt's lock where locks belong to the
// file handle.
func release(f *os.File) { _ = f.Close() }
