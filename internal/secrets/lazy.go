package secrets

import "github.com/remixlet/remixlet/internal/lazyre"

// lazyRegexp is a regular expression compiled the first time it is used:
// the vendor formats are matched only where one of their hints occurs, so
// most runs need few or none of them, and compiling them all in the
// package's initialisation was a quarter of the command line's start-up.
// TestPatternsCompile compiles every one.
type lazyRegexp = lazyre.Regexp

func lazy(src string) *lazyRegexp { return lazyre.New(src) }
