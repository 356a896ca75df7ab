package bundle

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// BenchmarkBuild is one whole build of each shipped example in process
// (bundle, every lint check, digest; no write), against esbuild's own
// bundling of the same entries with its defaults (esbuild-only): the
// build's cost over the bundler's. bench/build.sh measures whole
// processes against esbuild's command line.
func BenchmarkBuild(b *testing.B) {
	dirs, _ := filepath.Glob("../examples/*")
	for _, dir := range dirs {
		entries := []string{}
		for _, e := range []string{ScriptEntryTS, ScriptEntryJS, StyleEntry} {
			if _, err := os.Stat(filepath.Join(dir, e)); err == nil {
				entries = append(entries, e)
			}
		}
		if len(entries) == 0 {
			continue
		}
		name := filepath.Base(dir)
		b.Run(name+"/remixlet", func(b *testing.B) {
			for b.Loop() {
				res, err := Build(dir, Options{})
				if err != nil || res.Digest == "" {
					b.Fatal(err, res.Findings)
				}
			}
		})
		abs, _ := filepath.Abs(dir)
		b.Run(name+"/esbuild", func(b *testing.B) {
			for b.Loop() {
				r := api.Build(api.BuildOptions{
					AbsWorkingDir: abs, EntryPoints: entries, Outdir: filepath.Join(abs, "out"),
					Bundle: true, Format: api.FormatESModule, Platform: api.PlatformBrowser, Write: false,
				})
				if len(r.Errors) > 0 {
					b.Fatal(r.Errors)
				}
			}
		})
	}
}
