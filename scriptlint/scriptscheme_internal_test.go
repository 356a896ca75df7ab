package scriptlint

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// scriptSchemeRe is the reading hasScriptScheme must give.
var scriptSchemeRe = regexp.MustCompile(`(?i)(?:javascript|vbscript|livescript):`)

// TestScriptSchemeAgreesWithRegexp: on addresses made of the schemes'
// letters in both cases, letters that fold to them (ſ, K), colons and other
// text, hasScriptScheme answers as the case-insensitive regular
// expression does.
func TestScriptSchemeAgreesWithRegexp(t *testing.T) {
	pieces := []string{"java", "JAVA", "script", "SCRIPT", "ſcript", "vb", "VB", "live", "LIVE", ":", "::", "x", "é", "javascript", "JavaScript:", "k", "\u212a", "/", " "}
	r := rand.New(rand.NewPCG(1, 2))
	fixed := []string{"", ":", "javascript:", "javaſcript:alert(1)", "https://a/javascript:x", "xvbscript:", "livescript", "LiVeScRiPt:", "javascript", "a:javascript:"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		fixed = append(fixed, b.String())
	}
	for _, s := range fixed {
		if got, want := hasScriptScheme(s), scriptSchemeRe.MatchString(s); got != want {
			t.Errorf("%q: %v, the regular expression says %v", s, got, want)
		}
	}
}
