package digest

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
)

// maxFiles is a stored remixlet with every file at its size cap: the most
// a digest ever reads.
func maxFiles() []analysis.File {
	rng := rand.New(rand.NewPCG(1, 2))
	var files []analysis.File
	for _, f := range analysis.StoredFiles {
		data := make([]byte, f.MaxSize)
		for i := range data {
			data[i] = byte(' ' + rng.IntN(95)) // printable ASCII, as a real file is
		}
		files = append(files, analysis.File{Name: f.Name, Data: data})
	}
	return files
}

// BenchmarkDigest compares the digest with plain SHA-256 of the same bytes
// in one run: "digest" is the h1: digest, "sha256" hashes each file once,
// as `sha256sum` does. Their ratio is the digest's overhead (the summary
// lines and their hash). bench/digest.sh compares whole processes.
func BenchmarkDigest(b *testing.B) {
	files := maxFiles()
	var total int64
	for _, f := range files {
		total += int64(len(f.Data))
	}
	b.Run("digest", func(b *testing.B) {
		b.SetBytes(total)
		for b.Loop() {
			if _, err := Files(files); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sha256", func(b *testing.B) {
		b.SetBytes(total)
		for b.Loop() {
			for _, f := range files {
				sha256.Sum256(f.Data)
			}
		}
	})
}

// BenchmarkDigestVsSHA256 times the digest and plain SHA-256 of the same
// bytes alternately in each iteration, so that load on a shared machine
// falls on both alike, and reports the digest's time relative to
// SHA-256's ("digest/sha256"; 1.00 means no overhead).
func BenchmarkDigestVsSHA256(b *testing.B) {
	files := maxFiles()
	var inDigest, inSHA time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := Files(files); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		for _, f := range files {
			sha256.Sum256(f.Data)
		}
		inDigest += t1.Sub(t0)
		inSHA += time.Since(t1)
	}
	b.ReportMetric(float64(inDigest)/float64(inSHA), "digest/sha256")
}
