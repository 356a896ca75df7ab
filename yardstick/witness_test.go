package yardstick

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/secrets"
	"github.com/remixlet/remixlet/scriptlint/oracle"
)

// startPool starts the package's one oracle pool, once. node is
// required: CI installs it, and a missing node fails the tests rather
// than skipping them.
var startPool = sync.OnceValues(func() (*oracle.Pool, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return nil, fmt.Errorf("node is needed to witness the cases (install Node.js 20 or later): %w", err)
	}
	p, err := oracle.Start(oracle.Options{})
	if err == nil {
		started.Store(p)
	}
	return p, err
})

// started is the pool once it runs, for TestMain to stop.
var started atomic.Pointer[oracle.Pool]

func witnesses(t testing.TB) *oracle.Pool {
	t.Helper()
	p, err := startPool()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMain(m *testing.M) {
	code := m.Run()
	if p := started.Load(); p != nil {
		p.Close()
	}
	os.Exit(code)
}

// outside is what rmx.storage holds when a case starts: values a script
// reads from outside its own text, which the lint cannot know.
var outside = map[string]any{
	"key":  "constructor",
	"src":  "return 1",
	"name": "document",
	"url":  "https://evil.example/x",
	"tag":  "script",
}

// witnessed is what the oracle saw a script reach.
type witnessed struct {
	// Labels are the oracle's labels, and "secret" when a credential
	// reached a sink (the log, console, an address, an error message, the
	// API).
	Labels []string
	Why    map[string]string
	Unrun  string
	// Strings are the strings the script handed to the API and the sinks.
	Strings []string
}

func (w *witnessed) dangerous() bool { return len(w.Labels) > 0 }

// witness runs a script in the oracle and judges it against the remixlet
// the lint sees (oracle.DefaultRemixlet).
func witness(t testing.TB, code string) *witnessed {
	t.Helper()
	p := witnesses(t)
	res, err := p.Run(oracle.Program{Code: code, Storage: outside})
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Judge(res, oracle.DefaultRemixlet)
	if err != nil {
		t.Fatal(err)
	}
	w := &witnessed{Labels: v.Labels, Why: v.Why, Unrun: v.Unrun, Strings: v.Strings}
	for _, s := range v.Strings {
		if m := secrets.Scan(s); len(m) > 0 {
			w.Labels = append(w.Labels, "secret")
			w.Why["secret"] = fmt.Sprintf("%s credential in %q", m[0].Kind, s)
			break
		}
	}
	slices.Sort(w.Labels)
	return w
}

// linted is the lint's verdict on a script stored with the oracle's
// manifest, read as the command line reads a stored remixlet.
type linted struct {
	Refused bool
	Errors  []finding.Finding
}

func lint(t testing.TB, script string) linted {
	t.Helper()
	files := map[string][]byte{
		"manifest.json": []byte(oracle.DefaultRemixlet.Manifest()),
		"script.js":     []byte(script),
	}
	c, err := decision.Check("case", analysis.LoadFiles("case", files))
	if err != nil {
		t.Fatal(err)
	}
	return linted{Refused: len(c.Errors) > 0, Errors: c.Errors}
}

// summary is the lint's errors in one line, for messages.
func (l linted) summary() string {
	var parts []string
	for _, f := range l.Errors {
		parts = append(parts, f.Rule+": "+f.Message)
	}
	return strings.Join(parts, "; ")
}
