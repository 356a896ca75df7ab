package scriptlint_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/scriptlint"
)

// nestingKinds build code nested k levels deep in every way esbuild
// recurses: brackets, prefix operators, right-associative and left-deep
// chains, arrows, templates, conditionals, statements in statements.
var nestingKinds = []struct {
	name string
	gen  func(k int) string
}{
	{"parentheses (((", func(k int) string { return strings.Repeat("(", k) + "1" + strings.Repeat(")", k) }},
	{"brackets [[[", func(k int) string { return strings.Repeat("[", k) + "1" + strings.Repeat("]", k) }},
	{"blocks {{{", func(k int) string { return strings.Repeat("{", k) + strings.Repeat("}", k) }},
	{"objects {a:{a:", func(k int) string { return "x=" + strings.Repeat("{a:", k) + "1" + strings.Repeat("}", k) }},
	{"not !!!", func(k int) string { return strings.Repeat("!", k) + "1" }},
	{"minus - - -", func(k int) string { return strings.Repeat("- ", k) + "1" }},
	{"typeof typeof", func(k int) string { return strings.Repeat("typeof ", k) + "a" }},
	{"await await", func(k int) string { return strings.Repeat("await ", k) + "a" }},
	{"new new new", func(k int) string { return strings.Repeat("new ", k) + "a" }},
	{"arrows a=>a=>", func(k int) string { return strings.Repeat("a=>", k) + "1" }},
	{"async arrows", func(k int) string { return strings.Repeat("async a=>", k) + "1" }},
	{"templates `${`${", func(k int) string { return strings.Repeat("`${", k) + "1" + strings.Repeat("}`", k) }},
	{"tagged templates a``````", func(k int) string { return "a" + strings.Repeat("``", k) }},
	{"conditionals a?a?a?", func(k int) string { return strings.Repeat("a?", k) + "1" + strings.Repeat(":1", k) }},
	{"conditional chains a?1:a?1:", func(k int) string { return strings.Repeat("a?1:", k) + "1" }},
	{"assignments a=a=a=", func(k int) string { return strings.Repeat("a=", k) + "1" }},
	{"exponents a**a**", func(k int) string { return strings.Repeat("a**", k) + "1" }},
	{"member chains a.a.a", func(k int) string { return "a" + strings.Repeat(".a", k) }},
	{"call chains a()()()", func(k int) string { return "a" + strings.Repeat("()", k) }},
	{"index chains a[0][0]", func(k int) string { return "a" + strings.Repeat("[0]", k) }},
	{"optional chains a?.a?.a", func(k int) string { return "a" + strings.Repeat("?.a", k) }},
	// esbuild folds adjacent string literals, copying the text at each
	// step: a megabyte of them would take minutes, so they still count.
	{"string concatenation 'a'+'a'", func(k int) string { return "x=" + strings.Repeat("'a'+", k) + "'a'" }},
	{"additions inside parentheses a+(a+(a+", func(k int) string { return strings.Repeat("a+(", k) + "a" + strings.Repeat(")", k) }},
	{"exponent chains in additions a+a**a**", func(k int) string { return "a+" + strings.Repeat("a**", k) + "a" }},
	{"assignments in additions a+(a=a=a=", func(k int) string { return "a+(" + strings.Repeat("a=", k) + "a)" }},
	{"negations between additions a+!!!", func(k int) string { return "a+" + strings.Repeat("!", k) + "a" }},
	{"if if if", func(k int) string { return strings.Repeat("if(a)", k) + "b" }},
	{"else if chains", func(k int) string { return "if(a)b;" + strings.Repeat("else if(a)b;", k) }},
	{"while while", func(k int) string { return strings.Repeat("while(a)", k) + "b" }},
	{"for for", func(k int) string { return strings.Repeat("for(;;)", k) + "b" }},
	{"labels a:a:a:", func(k int) string {
		var b strings.Builder
		for i := range k {
			b.WriteString("l")
			b.WriteString(strings.Repeat("x", i%7))
			b.WriteString(strconv.Itoa(i))
			b.WriteString(":")
		}
		return b.String() + "b"
	}},
	{"spreads [...[...", func(k int) string { return strings.Repeat("[...", k) + "a" + strings.Repeat("]", k) }},
	{"functions", func(k int) string { return strings.Repeat("function f(){", k) + strings.Repeat("}", k) }},
	{"destructuring let [[[", func(k int) string { return "let " + strings.Repeat("[", k) + "a" + strings.Repeat("]", k) + "=b" }},
	{"yield yield", func(k int) string { return "function*g(){" + strings.Repeat("yield ", k) + "a}" }},
	{"newlines between if", func(k int) string { return strings.Repeat("if(a)\n", k) + "b" }},
}

// megabyte is a megabyte, less room for the repeated unit: script.js is
// capped at 1 MiB.
const megabyte = 1<<20 - 64

// upTo repeats gen's unit until the text reaches n bytes.
func upTo(gen func(int) string, n int) string {
	k := 1
	for len(gen(k)) < n {
		k *= 2
	}
	lo, hi := k/2, k
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if len(gen(mid)) < n {
			lo = mid
		} else {
			hi = mid
		}
	}
	return gen(hi)
}

// TestMegabyteOfEveryNesting is the proof that no input crashes or hangs
// the lint: a megabyte of each kind of nesting is refused as too deep
// before esbuild sees it. Were the guard missing, esbuild's recursion
// would overflow the stack and kill this test binary (recover cannot catch
// that).
func TestMegabyteOfEveryNesting(t *testing.T) {
	for _, kind := range nestingKinds {
		t.Run(kind.name, func(t *testing.T) {
			src := upTo(kind.gen, megabyte)
			fs := lintScript(t, corpusManifest, src)
			var rules []string
			for _, f := range fs {
				rules = append(rules, f.Rule)
			}
			if !slices.Contains(rules, "js/too-deep") {
				t.Errorf("%d bytes: want js/too-deep, got %v", len(src), rules)
			}
		})
	}
}

// TestDeepestAcceptedNestingParses feeds each kind at the deepest nesting
// the guard lets through: esbuild and the checks run on it, and nothing is
// refused as too deep. The guard's limit is therefore what real parsing
// handles, not only a refusal.
func TestDeepestAcceptedNestingParses(t *testing.T) {
	for _, kind := range nestingKinds {
		t.Run(kind.name, func(t *testing.T) {
			lo, hi := 1, 1
			for !esb.ScanNesting(kind.gen(hi), esb.MaxNesting).Exceeded {
				lo, hi = hi, hi*2
			}
			for lo+1 < hi {
				mid := (lo + hi) / 2
				if esb.ScanNesting(kind.gen(mid), esb.MaxNesting).Exceeded {
					hi = mid
				} else {
					lo = mid
				}
			}
			src := kind.gen(lo)
			for _, f := range lintScript(t, corpusManifest, src) {
				if f.Rule == "js/too-deep" {
					t.Errorf("%d levels: refused as too deep at the limit", lo)
				}
			}
			t.Logf("%d levels accepted (%d bytes)", lo, len(src))
		})
	}
}

// TestLongFlatCodeIsAccepted: a megabyte of siblings (list items, comma
// chains, statements) is not nesting and is parsed.
func TestLongFlatCodeIsAccepted(t *testing.T) {
	// The names are declared: the closed world refuses undeclared ones.
	// Left-associative operator chains are flat too: the parser reads
	// them in a loop and the walks follow their spine without recursing.
	for name, unit := range map[string]string{
		"array items":            "let x; x=[" + strings.Repeat("1,", megabyte/2-100) + "1]",
		"comma chain":            "let a; " + strings.Repeat("a,", megabyte/2-100) + "a",
		"statements":             "let a = () => {}; " + strings.Repeat("a();", megabyte/4-100),
		"additions a+a+a":        "let a; x(" + strings.Repeat("a+", megabyte/2-100) + "a); function x() {}",
		"or chains a||a||a":      "let a; a=" + strings.Repeat("a||", megabyte/3-100) + "a",
		"mixed a*a-a<a&&a":       "let a; a=" + strings.Repeat("a*a-a<a&&", megabyte/9-100) + "a",
		"member reads a.b+a.b":   "let a = {}; a.x=" + strings.Repeat("a.b.c+!a.d-", megabyte/11-100) + "a",
		"nullish and bit chains": "let a; a=" + strings.Repeat("a??a|a&a^a<<a??", megabyte/15-100) + "a",
	} {
		t.Run(name, func(t *testing.T) {
			for _, f := range lintScript(t, corpusManifest, unit+keepPermissions) {
				// A megabyte on one line is minified code by any
				// measure: that warning is right, and is no refusal.
				if f.Rule == scriptlint.RuleUnreadableCode.ID && f.Severity == finding.Warning {
					continue
				}
				t.Errorf("%s: %v", name, f)
			}
		})
	}
}

// TestThousandTermSumIsAccepted: a valid left-associative chain of 1,000
// + terms is flat code, about a hundred times below any depth the parser
// or the walk would feel.
func TestThousandTermSumIsAccepted(t *testing.T) {
	for _, src := range []string{
		"const n = 1;\nrmx.log(String(" + strings.Repeat("n + ", 999) + "n));\n",
		"const s = " + strings.Repeat("'ab' + ", 999) + "'ab';\nrmx.log(s);\n",
	} {
		if d := esb.ScanNesting(src, esb.MaxNesting).Depth; d > 600 {
			t.Errorf("a 1,000-term chain is estimated %d deep", d)
		}
		for _, f := range lintScript(t, corpusManifest, src+keepPermissions) {
			t.Errorf("%v", f)
		}
	}
}
