package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// manyRemixlets writes n remixlets under a new folder, as bench/lint-many.sh
// makes them: the stored examples and, in every second folder, a real
// library (jQuery or lodash, minified) as script.js.
func manyRemixlets(b *testing.B, n int) string {
	root := b.TempDir()
	examples, _ := filepath.Glob("../../testdata/examples/*")
	libraries := []string{"../../scriptlint/testdata/realworld/jquery-3.7.1.min.js", "../../scriptlint/testdata/realworld/lodash-4.17.21.min.js"}
	read := func(p string) []byte {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	for i := range n {
		dir := filepath.Join(root, fmt.Sprintf("r%05d", i))
		files := map[string][]byte{}
		if i%2 == 0 {
			ex := examples[(i/2)%len(examples)]
			names, _ := os.ReadDir(ex)
			for _, e := range names {
				files[e.Name()] = read(filepath.Join(ex, e.Name()))
			}
		} else {
			files["manifest.json"] = []byte(`{"name": "Library", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`)
			files["script.js"] = read(libraries[(i/2)%2])
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	return root
}

// peakMemory samples the memory the Go runtime holds from the system (all
// it has mapped, less what it has given back) until stop is called, and
// returns the largest sample.
func peakMemory() (stop func() uint64) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			peak = max(peak, samples[0].Value.Uint64()-samples[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak
	}
}

// BenchmarkLintMany runs `remixlet lint` (runLint, with its GC settings)
// over 1 to 10,000 remixlets in one process, writing every format (text
// to standard output, discarded; the others to files), and reports the peak memory
// the process held: streamed results keep it flat whatever the count.
//
//	go test -run '^$' -bench LintMany -benchtime 1x ./cmd/remixlet
func BenchmarkLintMany(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		root := manyRemixlets(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var formats []string
			out := b.TempDir()
			for _, f := range []string{"json", "sarif", "github", "agent"} {
				formats = append(formats, f+"="+filepath.Join(out, "lint."+f))
			}
			opts := &lintOptions{Paths: []string{root}, Formats: append(formats, "text"), MaxWarnings: -1, Color: "never"}
			runtime.GC()
			debug.FreeOSMemory()
			stop := peakMemory()
			for b.Loop() {
				err := runLint(opts, streams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
				if err != nil && err.Error() != (exitError{exitRefused}).Error() {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(stop())/(1<<20), "peak-MiB")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/remixlet")
		})
	}
}
