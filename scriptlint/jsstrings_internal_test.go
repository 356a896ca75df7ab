package scriptlint

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestStringFoldMatchesTheEngine holds the folder's trims, case changes,
// normalize, decodeURI, decodeURIComponent and unescape to the engine's
// on random texts of spaces, escapes, accents and letters: where the
// folder answers, its answer must be node's.
func TestStringFoldMatchesTheEngine(t *testing.T) {
	pieces := []string{"a", "K", "ß", "İ", "Σ", "é", "e\u0301", "\u212A", "\u037E", "\ufb01", " ", "\t", "\u00a0", "\ufeff", "\u0085", "\u2028", "\u3000", "\u200b", "\u1680", "\u2005",
		"%", "%2", "%2F", "%23", "%3b", "%41", "%C3%A9", "%C3", "%E2%82%AC", "%F0%9F%98%80", "%ED%A0%80", "%C0%AF", "%u0063", "%uD83D", "%uDE00", "%FF", "%80"}
	type trial struct{ method, text string }
	methods := []string{"trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase", "normalize", "normalize:NFD", "normalize:NFKC", "normalize:NFKD", "decodeURI", "decodeURIComponent", "unescape"}
	rng := rand.New(rand.NewPCG(3, 5))
	var trials []trial
	var js strings.Builder
	js.WriteString("const out = [];\nconst run = (f) => { try { out.push(f()); } catch { out.push(null); } };\n")
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		tr := trial{methods[rng.IntN(len(methods))], b.String()}
		trials = append(trials, tr)
		text, _ := json.Marshal(tr.text)
		switch m, form, _ := strings.Cut(tr.method, ":"); {
		case form != "":
			fmt.Fprintf(&js, "run(() => %s.normalize(%q));\n", text, form)
		case strings.HasPrefix(m, "decode") || m == "unescape":
			fmt.Fprintf(&js, "run(() => %s(%s));\n", m, text)
		default:
			fmt.Fprintf(&js, "run(() => %s.%s());\n", text, m)
		}
	}
	js.WriteString("console.log(JSON.stringify(out));\n")
	var results []*string
	engineResults(t, js.String(), len(trials), &results)
	answered := 0
	for i, tr := range trials {
		var got string
		ok := true
		switch m, form, _ := strings.Cut(tr.method, ":"); m {
		case "trim":
			got = strings.TrimFunc(tr.text, isJSSpace)
		case "trimStart":
			got = strings.TrimLeftFunc(tr.text, isJSSpace)
		case "trimEnd":
			got = strings.TrimRightFunc(tr.text, isJSSpace)
		case "toLowerCase", "toUpperCase":
			got, ok = jsCase(tr.text, m == "toUpperCase")
		case "normalize":
			got, ok = jsNormalize(tr.text, form)
		case "decodeURI", "decodeURIComponent":
			got, ok = jsDecodeURI(tr.text, m == "decodeURI")
		case "unescape":
			got, ok = jsUnescape(tr.text)
		}
		want := results[i]
		switch {
		case !ok:
			continue
		case want == nil:
			t.Errorf("%s(%q): the engine throws, the folder gives %q", tr.method, tr.text, got)
		case *want != got:
			t.Errorf("%s(%q): the engine gives %q, the folder %q", tr.method, tr.text, *want, got)
		}
		answered++
	}
	if answered < len(trials)*2/3 {
		t.Errorf("the folder answered %d of %d trials: the test tests little", answered, len(trials))
	}
	t.Logf("the folder answered %d of %d trials", answered, len(trials))
}

// TestFromCodesMatchTheEngine holds String.fromCharCode and
// String.fromCodePoint to the engine's on random lists of numbers: units
// past 0xFFFF, negative and fractional ones, surrogates.
func TestFromCodesMatchTheEngine(t *testing.T) {
	numbers := []string{"99", "0x10063", "65635", "-65437", "99.7", "-1", "0", "55357", "56832", "0x1F600", "1114112", "NaN", "1e21", "111"}
	type trial struct {
		points bool
		args   []string
	}
	rng := rand.New(rand.NewPCG(9, 2))
	var trials []trial
	var js strings.Builder
	js.WriteString("const out = [];\nconst run = (f) => { try { out.push(f()); } catch { out.push(null); } };\n")
	for range 2000 {
		tr := trial{points: rng.IntN(2) == 0}
		for range 1 + rng.IntN(3) {
			tr.args = append(tr.args, numbers[rng.IntN(len(numbers))])
		}
		trials = append(trials, tr)
		name := "fromCharCode"
		if tr.points {
			name = "fromCodePoint"
		}
		fmt.Fprintf(&js, "run(() => String.%s(%s));\n", name, strings.Join(tr.args, ", "))
	}
	js.WriteString("console.log(JSON.stringify(out));\n")
	var results []*string
	engineResults(t, js.String(), len(trials), &results)
	answered := 0
	for i, tr := range trials {
		args := make([]strVal, len(tr.args))
		for j, a := range tr.args {
			n, err := strconv.ParseFloat(a, 64)
			if strings.HasPrefix(a, "0x") {
				v, _ := strconv.ParseInt(a[2:], 16, 64)
				n, err = float64(v), nil
			}
			if err != nil {
				n = math.NaN()
			}
			args[j] = strVal{s: jsNumber(n), known: true}
		}
		got, ok := fromCodes(args, tr.points)
		if !ok {
			continue
		}
		answered++
		if want := results[i]; want == nil || *want != got {
			t.Errorf("fromCodePoint=%v %v: the engine gives %v, the folder %q", tr.points, tr.args, want, got)
		}
	}
	if answered < len(trials)/3 {
		t.Errorf("the folder answered %d of %d trials: the test tests little", answered, len(trials))
	}
}

// engineResults runs js, a program that prints one JSON array, in node,
// and decodes that array into results, which must hold n values.
func engineResults(t *testing.T, js string, n int, results any) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to run the built-ins in the engine (CI installs it)")
	}
	cmd := exec.Command(node, "-")
	cmd.Stdin = strings.NewReader(js)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if err := json.Unmarshal(raw, results); err != nil {
		t.Fatalf("node's output: %v", err)
	}
	if got := reflect.ValueOf(results).Elem().Len(); got != n {
		t.Fatalf("node gave %d results for %d trials", got, n)
	}
}
