package yardstick

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/npmpin"
	"github.com/remixlet/remixlet/scriptlint/oracle"
)

const librariesDir = "testdata/libraries"

// installLibraries installs the pinned packages (package.json and
// package-lock.json in testdata/libraries: every version and its
// integrity hash) from the npm registry once per machine (npmpin), with
// the manifest and the src/main.js the build reads through the test's
// overlay, and returns that folder.
func installLibraries(t *testing.T) string {
	t.Helper()
	lock, err := os.ReadFile(filepath.Join(librariesDir, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := os.ReadFile(filepath.Join(librariesDir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := npmpin.Install("yardstick-libraries", pkg, lock, map[string][]byte{
		"manifest.json": []byte(oracle.DefaultRemixlet.Manifest()),
		"src/main.js":   []byte("\n"),
	}, filepath.Join("src", "main.js"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

const librariesHeader = `# The real libraries' outcomes (TestRealLibraries), one a line, held as a
# ratchet: a changed outcome fails until the list is rewritten (-ratchet).
# "clean" builds with no error and reaches nothing dangerous in the oracle;
# "refused" is refused by the lint for a reason the oracle confirms (the
# built script reaches a dangerous value at run time); "over" is refused
# although the oracle sees nothing dangerous; "miss" passes although it
# does; "unbuilt" could not be bundled. The pass figure counts clean and
# refused.
`

// TestRealLibraries builds, with remixlet build's bundler and checks, a
// source folder per real npm package (testdata/libraries/libraries.txt:
// its src/main.js) and runs the built script in the oracle. Each outcome
// is listed in testdata/libraries/expected.txt.
func TestRealLibraries(t *testing.T) {
	cases := readCases(t, filepath.Join(librariesDir, "libraries.txt"), false)
	if len(cases) < 30 {
		t.Fatalf("%d libraries; want at least 30", len(cases))
	}
	dir := installLibraries(t)
	type outcome struct {
		kind, reason string
		errors       int // (of an over-blocked one: a measure of how far it is from passing)
	}
	outcomes := make([]outcome, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := bundle.Build(dir, bundle.Options{Overlay: map[string][]byte{"src/main.js": []byte(c.code)}})
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				return
			}
			if r.Err != nil {
				t.Errorf("%s: the checks could not run: %v", c.name, r.Err) // (an internal error, not an outcome)
				return
			}
			script := ""
			for _, f := range r.Files {
				if f.Name == "script.js" {
					script = string(f.Data)
				}
			}
			if script == "" {
				outcomes[i] = outcome{kind: "unbuilt", reason: errorSummary(r.Findings)}
				return
			}
			w := witness(t, script)
			switch {
			case w.Unrun != "":
				t.Errorf("%s: the built script did not run: %s", c.name, w.Unrun)
			case w.dangerous() && r.Refused():
				outcomes[i] = outcome{kind: "refused", reason: "reaches " + strings.Join(w.Labels, ", ") + " (" + w.Why[w.Labels[0]] + "); " + errorSummary(r.Findings)}
			case w.dangerous():
				outcomes[i] = outcome{kind: "miss", reason: "reaches " + strings.Join(w.Labels, ", ") + " (" + w.Why[w.Labels[0]] + "); the lint reports no error"}
			case !slices.Contains(w.Strings, "ok"):
				t.Errorf("%s: the built script stopped before its end, reaching nothing dangerous: the use is wrong\n%s", c.name, c.code)
			case r.Refused():
				outcomes[i] = outcome{"over", errorSummary(r.Findings), errorCount(r.Findings)}
			default:
				outcomes[i] = outcome{kind: "clean", reason: "builds with no error, and the oracle sees nothing dangerous"}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	names := map[string]bool{}
	var failures []failure // every outcome, clean ones too: the list holds each
	counts := map[string]int{}
	overErrors := 0
	for i, c := range cases {
		names[c.name] = true
		counts[outcomes[i].kind]++
		overErrors += outcomes[i].errors
		failures = append(failures, failure{outcomes[i].kind, c.name, outcomes[i].reason})
	}
	pass := counts["clean"] + counts["refused"]
	t.Logf("real libraries: %d of %d pass (%s): %d clean, %d refused for a reason the oracle confirms; %d over-blocked (%d errors among them), %d missed, %d not built",
		pass, len(cases), percent(pass, len(cases)), counts["clean"], counts["refused"], counts["over"], overErrors, counts["miss"], counts["unbuilt"])
	readRatchet(t, filepath.Join(librariesDir, "expected.txt")).check(t, librariesHeader, names, failures)
}

// errorCount is how many errors the build reports.
func errorCount(fs []finding.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == finding.Error {
			n++
		}
	}
	return n
}

// errorSummary is the build's errors in one line: each rule once, with
// how often it fired and its first message.
func errorSummary(fs []finding.Finding) string {
	n := map[string]int{}
	first := map[string]string{}
	var order []string
	for _, f := range fs {
		if f.Severity != finding.Error {
			continue
		}
		if n[f.Rule] == 0 {
			order = append(order, f.Rule)
			first[f.Rule] = f.Message
		}
		n[f.Rule]++
	}
	var parts []string
	for _, r := range order {
		parts = append(parts, r+" ×"+strconv.Itoa(n[r])+": "+first[r])
	}
	return strings.Join(parts, "; ")
}
