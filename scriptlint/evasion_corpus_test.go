package scriptlint_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/scriptlint"
)

// corpusCase is one form of testdata/evasion/corpus.txt.
type corpusCase struct {
	defence scriptlint.Defence
	effect  string
	code    string
	line    int
}

func readCorpus(t testing.TB) (preamble string, cases []corpusCase) {
	t.Helper()
	pre, err := os.ReadFile("testdata/evasion/preamble.js")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/evasion/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	var cur *corpusCase
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			fields := strings.Fields(line[4:])
			if len(fields) != 2 {
				t.Fatalf("corpus.txt:%d: want === DEFENCE EFFECT", n)
			}
			cases = append(cases, corpusCase{defence: scriptlint.Defence(fields[0]), effect: fields[1], line: n})
			cur = &cases[len(cases)-1]
		case cur == nil || strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "#!"):
		default:
			cur.code += line + "\n"
		}
	}
	for i := range cases {
		cases[i].code = strings.TrimRight(cases[i].code, "\n") + "\n"
	}
	return string(pre), cases
}

// lintMemory runs the script analyzer on a remixlet held in memory and
// returns its error findings in script.js.
func lintMemory(script string) []finding.Finding {
	res := analysis.RunPackage(memoryPackage([]byte(script)), []*analysis.Analyzer{scriptlint.Analyzer})
	var out []finding.Finding
	for _, f := range res.Findings {
		if f.File == scriptlint.ScriptFile && f.Severity == finding.Error {
			out = append(out, f)
		}
	}
	return out
}

// TestEvasionCorpusAblation: every form is refused; with its own defence
// turned off it passes (nothing else catches it, so the corpus measures
// each defence alone); with any other defence off it is still refused. A
// defence no form depends on is dead code or an untested claim.
func TestEvasionCorpusAblation(t *testing.T) {
	preamble, cases := readCorpus(t)
	if len(cases) < 100 {
		t.Fatalf("the corpus holds %d forms; at least 100 are required", len(cases))
	}
	if fs := lintMemory(preamble); len(fs) > 0 {
		t.Fatalf("the preamble alone is refused: %v", fs)
	}
	defer scriptlint.SetDisabledDefences(nil)
	caught := 0
	perDefence := map[scriptlint.Defence]int{}
	flips := map[scriptlint.Defence]int{}
	for _, c := range cases {
		if !slices.Contains(scriptlint.Defences, c.defence) {
			t.Errorf("corpus.txt:%d: no defence %q", c.line, c.defence)
			continue
		}
		perDefence[c.defence]++
		script := preamble + c.code
		scriptlint.SetDisabledDefences(nil)
		if fs := lintMemory(script); len(fs) > 0 {
			caught++
		} else {
			t.Errorf("corpus.txt:%d: not refused:\n%s", c.line, c.code)
			continue
		}
		for _, d := range scriptlint.Defences {
			scriptlint.SetDisabledDefences(map[scriptlint.Defence]bool{d: true})
			fs := lintMemory(script)
			switch {
			case d == c.defence && len(fs) > 0:
				t.Errorf("corpus.txt:%d: with %s off it is still refused, so %s is not what catches it: %v", c.line, d, d, fs)
			case d == c.defence:
				flips[d]++
			case len(fs) == 0:
				t.Errorf("corpus.txt:%d: labelled %s, but with %s off it passes", c.line, c.defence, d)
			}
		}
	}
	for _, d := range scriptlint.Defences {
		if flips[d] == 0 {
			t.Errorf("defence %s flips no form: it is dead, or the corpus does not test it", d)
		}
		t.Logf("%-18s %3d forms, %3d flip to passing when it is off", d, perDefence[d], flips[d])
	}
	t.Logf("evasion corpus: %d/%d forms refused", caught, len(cases))
}

// TestEvasionCorpusRunsInNode runs every form in node, with code
// generation from strings disallowed and stand-ins for the globals outside
// the sandbox, and checks that each really does what its label says. It
// needs node (CI installs it); set REMIXLET_SKIP_NODE=1 to skip it on a
// machine without.
func TestEvasionCorpusRunsInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("REMIXLET_SKIP_NODE") == "1" {
			t.Skip("REMIXLET_SKIP_NODE=1")
		}
		t.Fatal("node is needed to verify the evasion corpus (install Node.js 20 or later)")
	}
	_, cases := readCorpus(t)
	out, err := exec.Command(node, "--disallow-code-generation-from-strings", filepath.Join("testdata", "evasion", "verify.mjs"),
		filepath.Join("testdata", "evasion", "preamble.js"), filepath.Join("testdata", "evasion", "corpus.txt")).CombinedOutput()
	text := string(out)
	if err != nil {
		t.Fatalf("verify.mjs failed: %v\n%s", err, text)
	}
	m := regexp.MustCompile(`(?m)^(\d+) verified, (\d+) failed$`).FindStringSubmatch(text)
	if m == nil || m[2] != "0" || m[1] != strconv.Itoa(len(cases)) {
		t.Fatalf("want all %d forms verified:\n%s", len(cases), text)
	}
	t.Logf("%s", strings.TrimSpace(text[strings.LastIndex(strings.TrimSpace(text), "\n")+1:]))
}
