package bundle

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
// the build's own: the files and folders of the source folder outside
// node_modules, as they were when the build started, and every file the
// build read (node_modules included), as it was when read. Any difference
// in size or time starts the next build, so a change made while a build
// runs is never missed. Polling sees changes on any file system, needs no
// watcher handles, and stops at once.
func Watch(ctx context.Context, src, out string, opts Options, wopts WriteOptions, report func(*Result, error)) error {
	b, err := New(src, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	// OUT as the walk of the source folder (links resolved) will meet it,
	// so that writing OUT inside the source folder starts no new build.
	absOut, _ := filepath.Abs(out)
	if dir, err := filepath.EvalSymlinks(filepath.Dir(absOut)); err == nil {
		absOut = filepath.Join(dir, filepath.Base(absOut))
	}
	previous := wopts.Previous
	force := wopts.Force
	for {
		tree := b.treeStamp(absOut)
		res := b.Build()
		read := b.src.readStates()
		var werr error
		if !res.Refused() {
			werr = res.Write(out, WriteOptions{Force: force, Previous: previous})
			if werr == nil {
				previous, force = res.Digest, false
			}
		}
		report(res, werr)
		ticker := time.NewTicker(pollInterval)
	wait:
		for {
			select {
			case <-ctx.Done():
				ticker.Stop()
				return nil
			case <-ticker.C:
				if b.treeStamp(absOut) != tree || b.changed(read) {
					break wait
				}
			}
		}
		ticker.Stop()
	}
}

// treeStamp summarises the files and folders of the source folder, except
// node_modules, .git and the output.
func (b *Builder) treeStamp(absOut string) uint64 {
	h := fnv.New64a()
	outTemp := "." + filepath.Base(absOut) + ".build-"
	filepath.WalkDir(b.src.abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() && p != b.src.abs && (name == "node_modules" || name == ".git" || name == virtualOut || p == absOut || strings.HasPrefix(name, outTemp)) {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(b.src.abs, p)
		if d.IsDir() {
			// A folder by its name only: its time changes whenever an entry
			// comes or goes (the output's own temporary folder too), and
			// the entries are in the walk anyway.
			fmt.Fprintf(h, "%s/\x00", rel)
		} else if info, err := d.Info(); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00%v\x00", rel, info.Size(), info.ModTime().UnixNano(), info.Mode())
		}
		return nil
	})
	return h.Sum64()
}

// changed reports whether any file read is no longer as it was read.
func (b *Builder) changed(read map[string]fileState) bool {
	for rel, was := range read {
		info, err := os.Lstat(filepath.Join(b.src.abs, filepath.FromSlash(rel)))
		if err != nil || (fileState{info.Size(), info.ModTime().UnixNano()}) != was {
			return true
		}
	}
	return false
}
