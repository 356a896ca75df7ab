package secrets

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// placeholderRe is the reading placeholderText must give.
var placeholderRe = regexp.MustCompile(`(?i)^(?:x{3,}|\*{3,}|\.{3,}|#{3,}|-+|_+|0+|1234.*|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%[a-z_]+%|your[-_ ]?.*|my[-_ ]?(?:api|secret|token|key|password).*|example.*|changeme|placeholder|redacted|secret|password|token|null|undefined|none|true|false|test|dummy.*|fake.*|sample.*|todo)$`)

// TestPlaceholderAgreesWithRegexp: on texts built from the expression's
// own pieces, in both cases, with the characters that fold to ASCII
// letters (ſ, the Kelvin sign), line breaks, brackets and bytes that are
// not UTF-8, placeholderText answers as the regular expression does.
func TestPlaceholderAgreesWithRegexp(t *testing.T) {
	pieces := []string{"x", "X", "*", ".", "#", "-", "_", "0", "1234", "<", ">", "${", "}", "{{", "}}", "%", "your", "YOUR", "my", "My", "api", "secret", "ſecret", "token", "toKen", "\u212aey", "key", "password", "example", "dummy", "fake", "sample", "changeme", "placeholder", "redacted", "null", "undefined", "none", "true", "false", "test", "todo", "\n", "\r", " ", "a", "Z", "é", "\xff", "9"}
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{"", "xx", "xxx", "XxX", "---", "0", "1234", "1234\n", "<>", "<a>b>", "${}", "${a}}", "{{}}", "{{a}b}}", "%%", "%a%", "%ſ%", "my-api", "my api key", "my__api", "MYſECRET", "\u212aEY"}
	for range 30000 {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := placeholderText(s), placeholderRe.MatchString(s); got != want {
			t.Errorf("%q: %v, the regular expression says %v", s, got, want)
		}
	}
}

// TestPatternsCompile: every vendor format's expression, compiled on first
// use, compiles.
func TestPatternsCompile(t *testing.T) {
	for _, v := range vendors {
		if v.re.Get() == nil {
			t.Errorf("%s: no expression", v.kind)
		}
	}
	for _, p := range publicByDesign {
		if p.re.Get() == nil {
			t.Errorf("%s: no expression", p.hint)
		}
	}
	integrityRe.Get()
}
