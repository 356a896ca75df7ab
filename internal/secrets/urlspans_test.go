package secrets

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// urlRe is what urlSpans finds, as a regular expression.
var urlRe = regexp.MustCompile(`(?i)\b(?:[a-z][a-z0-9+.\-]*://[^\s"'<>` + "`" + `]*|data:[^\s"'<>` + "`" + `)]*)`)

func urlSpansByRegexp(text string) [][2]int {
	var out [][2]int
	for _, loc := range urlRe.FindAllStringIndex(text, -1) {
		out = append(out, [2]int{loc[0], loc[1]})
	}
	return out
}

// TestURLSpansAgreeWithRegexp holds urlSpans to the regular expression it
// stands for, on addresses, near misses, odd case and invalid UTF-8.
func TestURLSpansAgreeWithRegexp(t *testing.T) {
	cases := []string{"", "https://a.example/p?x=1 and http://b", "see data:image/png;base64,AAA) end", "xhttps://a", "_https://a",
		"ſtp://a", "xK://a", "K://a", "DATA:x", "Data:)", "a+b.c-d://e", "1ab://c", "://", "h://", "h:/", "\xffhttp://a\xfe\"b",
		"http://a\vb", "http://a\u00a0b", "é://a", "éa://b", "a://b://c", "data:data:x", "x data://y"}
	r := rand.New(rand.NewSource(3))
	pieces := []string{"http", "s", "://", ":", "/", "data:", "DaTa:", "a", "Z", "0", "_", "+", ".", "-", " ", "\t", "\v", "\"", "'", "<", ">", "`", ")", "ſ", "K", "é", "\xff", "?", "#"}
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := r.Intn(16); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := urlSpans(s), urlSpansByRegexp(s); !slices.Equal(got, want) {
			t.Errorf("%q: urlSpans %v, the regular expression %v", s, got, want)
		}
	}
}

func FuzzURLSpansAgreeWithRegexp(f *testing.F) {
	for _, s := range []string{"https://a.example/p", "data:x)", "ſtp://a", "xK://a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := urlSpans(s), urlSpansByRegexp(s); !slices.Equal(got, want) {
			t.Errorf("%q: urlSpans %v, the regular expression %v", s, got, want)
		}
	})
}
