package main

// Tests that run the built binary as separate processes: concurrent
// activations with one approval, and processes killed (SIGKILL) while they
// activate.

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/remixlet/remixlet/internal/sampling"
	"github.com/remixlet/remixlet/store"
)

// built is the command as `go build` builds it, once for every test that
// runs it as a process (each build links it anew, seconds on a busy
// machine); TestMain removes it.
var built struct {
	once sync.Once
	dir  string
	bin  string
	out  []byte
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildRemixlet returns the built command for the process tests.
func buildRemixlet(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the process tests use SIGKILL")
	}
	return remixletBinary(t)
}

// remixletBinary returns the built command; no test may change it.
func remixletBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "remixlet-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "remixlet")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// Exactly one of 40 processes activating with one approval at once
// succeeds; the other 39 are told it was used.
func TestConcurrentActivation(t *testing.T) {
	t.Parallel()
	bin := buildRemixlet(t)
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v1"))
	token := approve(t, dir, "--id", "hide", "--chat-site", "https://news.example.com/", "--store", st)

	const n = 40
	type result struct {
		code int
		out  string
	}
	results := make([]result, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		cmd := exec.Command(bin, "activate", dir, "--approval", token, "--store", st)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		wg.Go(func() {
			<-start
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				code = -1
			}
			results[i] = result{code, out.String()}
		})
	}
	close(start)
	wg.Wait()

	succeeded, used := 0, 0
	for i, r := range results {
		switch {
		case r.code == 0 && strings.Contains(r.out, "activated hide version 1"):
			succeeded++
		case r.code == 1 && strings.Contains(r.out, "approval/used") && strings.Contains(r.out, "activated version 1 of hide"):
			used++
		default:
			t.Errorf("process %d: exit %d\n%s", i, r.code, r.out)
		}
	}
	if succeeded != 1 || used != n-1 {
		t.Fatalf("%d activations succeeded and %d were refused as used; want 1 and %d", succeeded, used, n-1)
	}
	s := store.New(st, store.Options{})
	versions, err := s.History("hide")
	if err != nil || len(versions) != 1 {
		t.Fatalf("store holds %d versions (%v), want 1", len(versions), err)
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d processes: 1 activated, %d refused as used", n, used)
}

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

// A process killed at any point of an activation leaves the store
// consistent: every stored version matches its digest, and no approval is
// both unused and attached to a stored version. Each round approves new
// files, starts an activation, kills it after a random delay spread over
// the time an activation takes, and checks the store.
func TestKillDuringActivation(t *testing.T) {
	t.Parallel()
	bin := buildRemixlet(t)
	tmp := t.TempDir()
	st := filepath.Join(tmp, "store")
	dir := copyDir(t, example, filepath.Join(tmp, "v"))
	s := store.New(st, store.Options{})
	// A large script makes the commit long enough to be hit.
	big := strings.Repeat("// padding so that the commit writes many pages\n", 16000)

	// A sample of the rounds (every one with REMIXLET_EXHAUSTIVE=1, as
	// CI runs), each a new random kill time; the seed is logged.
	rounds, rng := sampling.Rounds(t, 12, 40)
	if testing.Short() {
		rounds = min(rounds, 8)
	}
	var typical time.Duration
	counts := map[string]int{}
	for round := range rounds + 1 {
		writeFile(t, dir, "script.js", fmt.Sprintf("rmx.keep(() => true) // round %d\n%s", round, big))
		token := approve(t, dir, "--id", "killed", "--chat-site", "https://news.example.com/", "--store", st)
		before := fileSum(t, filepath.Join(st, store.FileName))
		cmd := exec.Command(bin, "activate", dir, "--approval", token, "--store", st)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		began := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if round == 0 {
			// The first round runs to the end, to learn how long an
			// activation takes here.
			if err := cmd.Wait(); err != nil {
				t.Fatalf("activation: %v\n%s", err, out.String())
			}
			typical = time.Since(began)
			continue
		}
		// Most kills land where the store is written, near the end;
		// the rest anywhere.
		delay := time.Duration(rng.Int64N(int64(typical)))
		if round%3 != 0 {
			delay = typical/2 + time.Duration(rng.Int64N(int64(typical)*3/4))
		}
		time.Sleep(delay)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		killed := false
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				killed = true
			}
		} else if err != nil {
			t.Fatal(err)
		}

		if err := s.Verify(); err != nil {
			t.Fatalf("round %d, killed after %v: the store is not consistent: %v", round, delay, err)
		}
		a, err := s.Approval(token)
		if err != nil || a == nil {
			t.Fatalf("round %d: approval record: %v %v", round, a, err)
		}
		changed := fileSum(t, filepath.Join(st, store.FileName)) != before
		switch {
		case a.Used == nil && killed && !changed:
			counts["killed before writing"]++
		case a.Used == nil && killed:
			counts["killed while writing, not committed"]++
		case a.Used != nil && a.Used.Version > 0 && killed:
			counts["killed after the commit"]++
		case a.Used != nil && a.Used.Version > 0:
			counts["finished before the kill"]++
		default:
			t.Fatalf("round %d: approval %+v after exit %v\n%s", round, a.Used, err, out.String())
		}
		if a.Used != nil {
			v, err := s.Version("killed", a.Used.Version)
			if err != nil || v.Approval != a.Key {
				t.Fatalf("round %d: the approval names version %d, which the store does not hold as its own: %v", round, a.Used.Version, err)
			}
		}
	}
	if counts["killed before writing"]+counts["killed while writing, not committed"] == 0 {
		t.Errorf("no activation was killed before its commit: the kill loop does not test what it claims (%v)", counts)
	}
	t.Logf("activation takes %v here; %d kills: %v", typical, rounds, counts)
}
