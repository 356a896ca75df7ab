package scriptlint

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRegexpFoldMatchesTheEngine holds the folder's replace, replaceAll
// and match to the engine's: random expressions over a small alphabet,
// random texts and replacement patterns, run in node and here. Where the
// folder answers, its answer must be node's; and it must answer most of
// them, or the test tests little.
func TestRegexpFoldMatchesTheEngine(t *testing.T) {
	type trial struct {
		pattern, flags, text, replacement, method string
		regex                                     bool
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var trials []trial
	for len(trials) < 4000 {
		tr := trial{text: randomText(rng), replacement: randomReplacement(rng)}
		switch rng.IntN(4) {
		case 0:
			tr.pattern, tr.method = randomText(rng), []string{"replace", "replaceAll"}[rng.IntN(2)]
			tr.pattern = tr.pattern[:min(len(tr.pattern), rng.IntN(3))]
		default:
			tr.regex = true
			tr.pattern = randomPattern(rng, 3)
			for _, f := range "gisd" {
				if rng.IntN(3) == 0 {
					tr.flags += string(f)
				}
			}
			tr.method = []string{"replace", "replaceAll", "match"}[rng.IntN(3)]
			if tr.method != "replace" && !strings.Contains(tr.flags, "g") {
				tr.flags += "g"
			}
		}
		trials = append(trials, tr)
	}
	var js strings.Builder
	js.WriteString("const out = [];\n")
	for _, tr := range trials {
		arg := fmt.Sprintf("%q", tr.pattern)
		if tr.regex {
			arg = fmt.Sprintf("new RegExp(%q, %q)", tr.pattern, tr.flags)
		}
		call := fmt.Sprintf("%q.%s(%s, %q)", tr.text, tr.method, arg, tr.replacement)
		if tr.method == "match" {
			call = fmt.Sprintf("%q.match(%s)", tr.text, arg)
		}
		fmt.Fprintf(&js, "try { out.push(%s); } catch (e) { out.push({ error: String(e) }); }\n", call)
	}
	js.WriteString("console.log(JSON.stringify(out));\n")
	var results []any
	engineResults(t, js.String(), len(trials), &results)
	answered := 0
	for i, tr := range trials {
		var got any
		ok := false
		if !tr.regex {
			var s string
			s, ok = replaceString(tr.text, tr.pattern, tr.replacement, tr.method == "replaceAll")
			got = s
		} else if re, compiled := compileJSRegexp("/" + tr.pattern + "/" + tr.flags); compiled {
			if tr.method == "match" {
				var ms []string
				ms, ok = re.matches(tr.text, 1000)
				if ok {
					list := make([]any, len(ms))
					for j, m := range ms {
						list[j] = m
					}
					got = list
					if len(ms) == 0 {
						got = nil
					}
				}
			} else {
				var s string
				s, ok = re.replace(tr.text, tr.replacement, tr.method == "replaceAll")
				got = s
			}
		}
		if !ok {
			continue
		}
		answered++
		want := results[i]
		if m, isErr := want.(map[string]any); isErr {
			t.Errorf("%q.%s(/%s/%s, %q): the engine throws (%v), the folder gives %q", tr.text, tr.method, tr.pattern, tr.flags, tr.replacement, m["error"], got)
			continue
		}
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("%q.%s(/%s/%s, %q): the engine gives %q, the folder %q", tr.text, tr.method, tr.pattern, tr.flags, tr.replacement, want, got)
		}
	}
	if answered < len(trials)/2 {
		t.Errorf("the folder answered %d of %d trials: the test tests little", answered, len(trials))
	}
	t.Logf("the folder answered %d of %d trials", answered, len(trials))
}

func randomText(rng *rand.Rand) string {
	const alphabet = "aab-_ \n\tAB1$"
	n := rng.IntN(8)
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

func randomReplacement(rng *rand.Rand) string {
	parts := []string{"x", "$&", "$`", "$'", "$$", "$1", "$2", "$01", "$10", "$<n>", "$<", "$", "$0", "-"}
	var b strings.Builder
	for range rng.IntN(4) {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	return b.String()
}

// randomPattern is an expression of the syntax the folder translates, and
// some it refuses.
func randomPattern(rng *rand.Rand, depth int) string {
	atoms := []string{"a", "b", "-", "_", " ", ".", `\s`, `\S`, `\d`, `\w`, `\W`, `\b`, `\B`, "^", "$", `\n`, `\x61`, `\u0062`,
		"[ab]", "[^a]", "[a-b]", "[-a]", "[a-]", `[\s]`, `[\d_]`, "[^]", "[]", `[\b]`, "A", `\-`, `\$`, "{", "}", "]", `\1`, "(?=a)", "(?!b)", "(?<=a)"}
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		if depth > 0 && rng.IntN(4) == 0 {
			inner := randomPattern(rng, depth-1)
			switch rng.IntN(3) {
			case 0:
				b.WriteString("(" + inner + ")")
			case 1:
				b.WriteString("(?:" + inner + ")")
			default:
				b.WriteString("(?<n>" + inner + ")")
			}
		} else {
			b.WriteString(atoms[rng.IntN(len(atoms))])
		}
		if rng.IntN(3) == 0 {
			b.WriteString([]string{"*", "+", "?", "*?", "+?", "{2}", "{1,}", "{0,2}", "??"}[rng.IntN(9)])
		}
		if rng.IntN(6) == 0 {
			b.WriteString("|")
		}
	}
	return b.String()
}
