package scriptlint

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
)

// queryKeyRe is what endsInQueryKey decides, as a regular expression.
var queryKeyRe = regexp.MustCompile(`[?&#;][A-Za-z0-9_.\-\[\]]*=?$`)

func urlPartByRegexp(s string) bool {
	return strings.Contains(s, "://") || queryKeyRe.MatchString(s)
}

// TestURLPartAgreesWithRegexp holds looksLikeURLPart, which reads esbuild's
// UTF-16 text without decoding it, to the regular expression it replaces.
func TestURLPartAgreesWithRegexp(t *testing.T) {
	cases := []string{"", "=", "?", "?=", "?a==", "a?b=", "x=?", "https://a.example/p?", "/p?token=", "?a[0]=",
		"#frag", ";jsessionid=", "a b?c d", "?é=", "é?a", "://", ":/", "page&key", "ab=c"}
	r := rand.New(rand.NewSource(1))
	alphabet := []rune("ab09_.-[]?&#;=:/ é\u2028")
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.Intn(12); n > 0; n-- {
			b.WriteRune(alphabet[r.Intn(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := looksLikeURLPart(utf16.Encode([]rune(s))), urlPartByRegexp(s); got != want {
			t.Errorf("%q: looksLikeURLPart %v, the regular expression %v", s, got, want)
		}
	}
}

func FuzzURLPartAgreesWithRegexp(f *testing.F) {
	for _, s := range []string{"?a=", "https://x/", "a;b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u := utf16.Encode([]rune(s))
		if got, want := looksLikeURLPart(u), urlPartByRegexp(string(utf16.Decode(u))); got != want {
			t.Errorf("%q: looksLikeURLPart %v, the regular expression %v", s, got, want)
		}
	})
}
