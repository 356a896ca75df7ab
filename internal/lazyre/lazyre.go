// Package lazyre holds regular expressions that are compiled the first time
// they are used rather than in a package's initialisation: every command
// links every check, and compiling their expressions up front made each
// start slower, `remixlet version` and `remixlet help` included.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use.
type Regexp struct {
	src string
	get func() *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns the expression src, to be compiled on first use. Like
// regexp.MustCompile it panics on a bad expression, but only then: Check
// compiles every one made so far, for a test to call.
func New(src string) *Regexp {
	r := &Regexp{src: src, get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// Get is the compiled expression.
func (r *Regexp) Get() *regexp.Regexp { return r.get() }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.get().MatchString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.get().FindAllStringSubmatch(s, n)
}

// Check compiles every expression New has made and returns the first
// error.
func Check() error {
	mu.Lock()
	list := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range list {
		if _, err := regexp.Compile(r.src); err != nil {
			return err
		}
	}
	return nil
}
