package manifest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMPCorpusTiming(t *testing.T) {
	files, _ := filepath.Glob("/tmp/mpcorpus/*")
	all, _ := ParsePattern("<all_urls>")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := strings.SplitN(string(b), "\n", 3)
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")"))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		done := make(chan bool)
		go func() {
			all.MatchesURL(s)
			all.MatchesHost(s)
			p, err := ParsePattern(s)
			if err == nil {
				p.MatchesURL(s)
				p.MatchesHost(s)
				ParsePattern(p.String())
			}
			done <- true
		}()
		select {
		case <-done:
			if d := time.Since(start); d > 50*time.Millisecond {
				t.Logf("slow %v: %q", d, s)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("hang: %q", s)
		}
	}
}

func FuzzMPWatch(f *testing.F) {
	for _, tc := range append(append([]mpParseCase{}, mpChromiumParseCases...), mpParseCases...) {
		f.Add(tc.in)
	}
	for _, tc := range append(append([]mpMatchCase{}, mpChromiumMatchCases...), mpMatchCases...) {
		f.Add(tc.pattern)
		f.Add(tc.url)
	}
	all, _ := ParsePattern("<all_urls>")
	f.Fuzz(func(t *testing.T, s string) {
		done := make(chan bool, 1)
		go func() {
			all.MatchesURL(s)
			all.MatchesHost(s)
			p, err := ParsePattern(s)
			if err == nil {
				p.MatchesURL(s)
				p.MatchesHost(s)
				ParsePattern(p.String())
			}
			done <- true
		}()
		select {
		case <-done:
		case <-time.After(1 * time.Second):
			os.WriteFile("/tmp/mphang.txt", []byte(strconv.Quote(s)), 0o644)
			panic("hang: " + strconv.Quote(s))
		}
	})
}

func TestMPHang(t *testing.T) {
	s := "hntp\"00\x10\x00\"\"\"\"00\"\"\x80\x80\"\"\"\"0"
	all, _ := ParsePattern("<all_urls>")
	for i, fn := range []func(){func() { all.MatchesURL(s) }, func() { all.MatchesHost(s) }, func() { ParsePattern(s) }} {
		start := time.Now()
		fn()
		t.Log(i, time.Since(start))
	}
}
