package yardstick

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// corpusCase is one script of testdata/witnessed.
type corpusCase struct {
	name string
	// label is what the oracle must see a dangerous case reach; "" for a
	// benign case.
	label string
	code  string
	line  int
}

// readCases reads a corpus file: cases headed "=== NAME [LABEL]", each
// followed by its code; a line starting with "# " is a comment (no line
// of the code starts so).
func readCases(t testing.TB, path string, labelled bool) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []corpusCase
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			fields := strings.Fields(line[4:])
			if labelled && len(fields) != 2 || !labelled && len(fields) != 1 {
				t.Fatalf("%s:%d: want === NAME%s", path, n, map[bool]string{true: " LABEL"}[labelled])
			}
			if seen[fields[0]] {
				t.Fatalf("%s:%d: %s twice", path, n, fields[0])
			}
			seen[fields[0]] = true
			c := corpusCase{name: fields[0], line: n}
			if labelled {
				c.label = fields[1]
			}
			cases = append(cases, c)
		case strings.HasPrefix(line, "# ") || line == "#":
		case len(cases) == 0:
			if line != "" {
				t.Fatalf("%s:%d: code before the first case", path, n)
			}
		default:
			cases[len(cases)-1].code += line + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for i := range cases {
		cases[i].code = strings.TrimSpace(cases[i].code) + "\n"
	}
	return cases
}

// judged is one case as the oracle and the lint saw it.
type judged struct {
	corpusCase
	seen *witnessed
	lint linted
}

// judgeAll runs every case through the oracle and the lint, several at
// once (the pool has one node process per core).
func judgeAll(t *testing.T, cases []corpusCase) []judged {
	t.Helper()
	out := make([]judged, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = judged{corpusCase: cases[i], seen: witness(t, cases[i].code), lint: lint(t, cases[i].code)}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

const knownHeader = `# The witnessed corpus's ratchet (TestWitnessedCorpus): the cases the lint
# gets wrong today, one a line. "miss NAME" is a dangerous case the lint
# passes; "over NAME" is a benign case it refuses. A case that is fixed
# must leave the list; a new failure must not join it without a reason.
`

// TestWitnessedCorpus: every label is witnessed (a dangerous case reaches
// its label in the oracle, a benign one reaches nothing), then the lint
// judges each; its misses and over-blocks must be exactly those listed in
// testdata/witnessed/known.txt.
func TestWitnessedCorpus(t *testing.T) {
	dangerous := readCases(t, "testdata/witnessed/dangerous.txt", true)
	benign := readCases(t, "testdata/witnessed/benign.txt", false)
	if len(dangerous) < 300 || len(benign) < 180 {
		t.Fatalf("the corpus holds %d dangerous and %d benign cases; want at least 300 and 180", len(dangerous), len(benign))
	}
	names := map[string]bool{}
	for _, c := range append(dangerous[:len(dangerous):len(dangerous)], benign...) {
		if names[c.name] {
			t.Fatalf("%s is both dangerous and benign", c.name)
		}
		names[c.name] = true
	}
	var failures []failure
	refused, passed := 0, 0
	for _, j := range judgeAll(t, dangerous) {
		switch {
		case j.seen.Unrun != "":
			t.Errorf("dangerous.txt:%d %s: not run: %s", j.line, j.name, j.seen.Unrun)
			continue
		case !j.seen.has(j.label):
			t.Errorf("dangerous.txt:%d %s: the oracle saw %v, not %s: the label is not witnessed\n%s", j.line, j.name, j.seen.Labels, j.label, j.code)
			continue
		}
		if j.lint.Refused {
			refused++
		} else {
			failures = append(failures, failure{"miss", j.name, "reaches " + j.seen.Why[j.label] + "; the lint reports no error"})
		}
	}
	for _, j := range judgeAll(t, benign) {
		switch {
		case j.seen.Unrun != "":
			t.Errorf("benign.txt:%d %s: not run: %s", j.line, j.name, j.seen.Unrun)
			continue
		case j.seen.dangerous():
			t.Errorf("benign.txt:%d %s: the oracle saw it reach %v (%v): not benign\n%s", j.line, j.name, j.seen.Labels, j.seen.Why, j.code)
			continue
		}
		if j.lint.Refused {
			failures = append(failures, failure{"over", j.name, j.lint.summary()})
		} else {
			passed++
		}
	}
	if t.Failed() {
		return // the labels must hold before the lint is measured against them
	}
	t.Logf("witnessed corpus: soundness %d of %d dangerous refused (%s); precision %d of %d benign passed (%s)",
		refused, len(dangerous), percent(refused, len(dangerous)), passed, len(benign), percent(passed, len(benign)))
	readRatchet(t, "testdata/witnessed/known.txt").check(t, knownHeader, names, failures)
}

func (w *witnessed) has(label string) bool { return slices.Contains(w.Labels, label) }
