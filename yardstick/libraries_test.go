package yardstick

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/remixlet/remixlet/bundle"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/scriptlint/oracle"
)

const librariesDir = "testdata/libraries"

// installLibraries installs the pinned packages (package.json and
// package-lock.json in testdata/libraries: every version and its
// integrity hash) from the npm registry once per machine, into the user's
// cache folder under a name that is the lockfile's hash, and returns that
// folder. npm ci refuses a tarball whose hash is not the lockfile's. The
// folder is made complete beside its final name and then renamed, so a
// run that stops half way leaves nothing another run would take.
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
	sum := sha256.Sum256(append(append([]byte{}, pkg...), lock...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "remixlet-tests", "yardstick-libraries-"+hex.EncodeToString(sum[:8]))
	if _, err := os.Stat(filepath.Join(dir, "src", "main.js")); err == nil {
		return dir
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatal("npm is needed to install the real libraries (CI installs it)")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".installing-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	write := func(name string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", pkg)
	write("package-lock.json", lock)
	install := exec.Command(npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--no-bin-links")
	install.Dir = tmp
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm ci of %s: %v\n%s", librariesDir, err, out)
	}
	// The build reads these two through the test's overlay; they must
	// exist in the folder.
	write("manifest.json", []byte(oracle.DefaultRemixlet.Manifest()))
	write("src/main.js", []byte("\n"))
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, "src", "main.js")); statErr == nil {
			return dir // another run installed it first
		}
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
