package build

import (
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// pollInterval is how often Watch looks for changes.
const pollInterval = 200 * time.Millisecond

// Watch builds the source folder, then again after every change to it,
// until ctx is done (Ctrl-C). Each build that nothing refuses is written to
// out; each result, and the error of each write, goes to report. It
// returns nil when ctx ends it, or the error that kept it from starting.
//
// esbuild's incremental rebuild does the bundling; the change detection is
// the build's own: every file the last build read (node_modules included)
// and every file and folder in the source folder outside node_modules,
// compared by size, time and mode. Polling sees changes on any file
// system, needs no watcher handles, and stops at once.
func Watch(ctx context.Context, src, out string, opts Options, wopts WriteOptions, report func(*Result, error)) error {
	b, err := New(src, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	absOut, _ := filepath.Abs(out)
	previous := wopts.Previous
	force := wopts.Force
	for {
		res := b.Build()
		var werr error
		if !res.Refused() {
			werr = res.Write(out, WriteOptions{Force: force, Previous: previous})
			if werr == nil {
				previous, force = res.Digest, false
			}
		}
		report(res, werr)
		last := b.stamp(absOut)
		ticker := time.NewTicker(pollInterval)
	wait:
		for {
			select {
			case <-ctx.Done():
				ticker.Stop()
				return nil
			case <-ticker.C:
				if b.stamp(absOut) != last {
					break wait
				}
			}
		}
		ticker.Stop()
	}
}

// stamp summarises the state of everything a build depends on.
func (b *Builder) stamp(absOut string) uint64 {
	h := fnv.New64a()
	note := func(rel string, info fs.FileInfo) {
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00%v\x00", rel, info.Size(), info.ModTime().UnixNano(), info.Mode())
	}
	filepath.WalkDir(b.src.abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() && p != b.src.abs && (name == "node_modules" || name == ".git" || name == virtualOut || p == absOut || strings.HasPrefix(name, "."+filepath.Base(absOut)+".build-")) {
			return filepath.SkipDir
		}
		if info, err := d.Info(); err == nil {
			rel, _ := filepath.Rel(b.src.abs, p)
			note(rel, info)
		}
		return nil
	})
	for _, rel := range b.src.readPaths() {
		if info, err := os.Lstat(filepath.Join(b.src.abs, filepath.FromSlash(rel))); err == nil {
			note(rel, info)
		} else {
			fmt.Fprintf(h, "%s\x00gone\x00", rel)
		}
	}
	return h.Sum64()
}
