package secrets

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled the first time it is used:
// the vendor formats are matched only where one of their hints occurs, so
// most runs need few or none of them, and compiling them all in the
// package's initialisation was a quarter of the command line's start-up.
// TestPatternsCompile compiles every one.
type lazyRegexp struct {
	get func() *regexp.Regexp
}

func lazy(src string) *lazyRegexp {
	return &lazyRegexp{get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })}
}
