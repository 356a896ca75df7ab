//go:build linux

package store

// Stopping a write at one system call at a time: killed there (kill -9),
// or the call failing with an I/O error, by strace's fault injection. The
// helper process pins its work to its main thread, and strace counts each
// syscall of each thread on its own, so "the 7th fsync of the main
// thread" is the same call in every run: every call can be named.
//
// By default every call after the change's commit point is stopped, and a
// sample of the calls before it, drawn from a seed printed with -v
// (internal/sampling); -faults=all (or REMIXLET_STORE_FAULTS=all, or
// REMIXLET_EXHAUSTIVE=1) stops every call.

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/remixlet/remixlet/internal/sampling"
)

var faults = flag.String("faults", os.Getenv("REMIXLET_STORE_FAULTS"), `the calls the kill and error tests stop: "all" for every one, else every call after the commit point and a sample before it`)

// The calls a kill lands before: every one that creates, writes, syncs,
// links, renames or removes.
const killCalls = "openat,write,pwrite64,fsync,fdatasync,ftruncate,fallocate,link,linkat,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat"

// The calls an error is injected into: those, and the ones that read,
// lock, look and close.
const errorCalls = killCalls + ",read,pread64,flock,fstat,newfstatat,getdents64,close,statfs"

// Calls whose failure after the commit point leaves the change not known
// to be kept (or its record not in place): the command may not answer
// plain success after one.
var durabilityCalls = []string{"fsync", "fdatasync", "rename", "renameat", "renameat2", "link", "linkat"}

// sysCall is one call of the helper's main thread: its name, which of
// that name's calls it is (from 1), and strace's line for it.
type sysCall struct {
	name string
	nth  int
	line string
}

func (c sysCall) String() string { return fmt.Sprintf("%s #%d", c.name, c.nth) }

func needStrace(t *testing.T) string {
	t.Helper()
	skipFaults(t, "stopping writes at system calls")
	path, err := exec.LookPath("strace")
	if err != nil {
		t.Fatal("strace is not installed: install it (apt-get install strace; CI does) or set REMIXLET_SKIP_FAULTS=1")
	}
	return path
}

// under runs cmd under strace with args.
func under(strace string, cmd *exec.Cmd, args ...string) {
	cmd.Args = append(append([]string{"strace", "-f", "-qq"}, args...), append([]string{"--"}, cmd.Args...)...)
	cmd.Path = strace
}

// traceCalls runs cmd to the end and returns the calls of set its main
// thread made, in order.
func traceCalls(t *testing.T, strace string, cmd *exec.Cmd, set string) []sysCall {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "trace")
	under(strace, cmd, "--seccomp-bpf", "-ff", "-o", prefix, "-e", "trace=execve,"+set)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "ok") {
		t.Fatalf("the traced run: %v\n%s", err, out)
	}
	logs, _ := filepath.Glob(prefix + ".*")
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "execve(") {
			continue // another thread
		}
		// Every call is counted, the program's start-up included; those
		// between the helper's two marks are the operation's.
		var calls []sysCall
		count := map[string]int{}
		inside := false
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			name, _, ok := strings.Cut(line, "(")
			if !ok || name == "execve" || strings.HasPrefix(line, "+++") || strings.HasPrefix(line, "---") {
				continue
			}
			count[name]++
			switch {
			case strings.Contains(line, helperStart):
				inside = true
			case strings.Contains(line, helperEnd):
				return calls
			case inside:
				calls = append(calls, sysCall{name: name, nth: count[name], line: line})
			}
		}
		t.Fatal("the trace has no end mark")
	}
	t.Fatal("strace wrote no trace of the main thread")
	return nil
}

// stopAt runs cmd with call c stopped: action is "signal=KILL" or
// "error=EIO". It returns the helper's output and whether it was killed.
func stopAt(strace string, cmd *exec.Cmd, c sysCall, action string) (string, bool) {
	args := []string{"-o", "/dev/null", "-e", "trace=" + c.name, "-e", fmt.Sprintf("inject=%s:%s:when=%d", c.name, action, c.nth)}
	if !strings.HasPrefix(action, "signal=") {
		// Stops only at the traced call, which makes the run several
		// times faster; strace delivers no signal through it.
		args = append([]string{"--seccomp-bpf"}, args...)
	}
	under(strace, cmd, args...)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	killed := errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled()
	return string(out), killed
}

// faultScenario is one write command and the store it starts from.
type faultScenario struct {
	name string
	op   string // the helper operation
	id   string
	// setup builds the store in dir and returns the helper's extra
	// environment.
	setup func(t *testing.T, dir string) []string
	// commit picks the call that makes the change (the commit point).
	commit func(c sysCall) bool
}

// realStore is a store in dir on the real clock, which the helpers use.
func realStore(dir string) *Store { return New(dir, Options{Timeout: 10 * time.Second}) }

func activateVersion(t *testing.T, s *Store, id string, n int) {
	t.Helper()
	fs := versionFiles(id, n)
	cur, err := s.Current(id)
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := s.Approve(ApproveRequest{Remixlet: id, Digest: mustDigest(t, fs), Permissions: []string{}, Running: cur})
	if err == nil {
		_, err = s.Activate(ActivateRequest{Token: token, Digest: mustDigest(t, fs), Files: fs, Permissions: []string{}})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// metaWrite is bbolt's write of a header page: one page at offset 0 or
// one page in; every other page it writes lies further in.
func metaWrite(c sysCall) bool {
	ps := fmt.Sprint(os.Getpagesize())
	return c.name == "pwrite64" && (strings.HasSuffix(c.line, ", "+ps+", 0) = "+ps) || strings.HasSuffix(c.line, ", "+ps+", "+ps+") = "+ps))
}

func faultScenarios() []faultScenario {
	pendingActivation := func(t *testing.T, dir string) []string {
		s := realStore(dir)
		activateVersion(t, s, "x", 1)
		fs := versionFiles("x", 2)
		cur, _ := s.Current("x")
		token, _, err := s.Approve(ApproveRequest{Remixlet: "x", Digest: mustDigest(t, fs), Permissions: []string{}, Running: cur})
		if err != nil {
			t.Fatal(err)
		}
		return []string{"REMIXLET_STORE_TOKEN=" + token}
	}
	return []faultScenario{
		{name: "creation", op: "approve-next", id: "x",
			setup:  func(*testing.T, string) []string { return nil },
			commit: func(c sysCall) bool { return c.name == "link" || c.name == "linkat" }},
		{name: "approve", op: "approve-next", id: "x",
			setup:  func(t *testing.T, dir string) []string { activateVersion(t, realStore(dir), "x", 1); return nil },
			commit: metaWrite},
		{name: "activate", op: "activate", id: "x", setup: pendingActivation, commit: metaWrite},
		{name: "activate after a stopped write", op: "activate", id: "x",
			// The commit record one change behind, as a process stopped
			// between store.db and its record leaves it: the write
			// brings the record up first.
			setup: func(t *testing.T, dir string) []string {
				env := pendingActivation(t, dir)
				s := realStore(dir)
				old, err := os.ReadFile(s.commitPath())
				if err != nil {
					t.Fatal(err)
				}
				approveFiles(t, s, "x", versionFiles("x", 7))
				if err := os.WriteFile(s.commitPath(), old, 0o600); err != nil {
					t.Fatal(err)
				}
				return env
			},
			commit: metaWrite},
		{name: "restore", op: "restore", id: "x",
			setup: func(t *testing.T, dir string) []string {
				s := realStore(dir)
				activateVersion(t, s, "x", 1)
				activateVersion(t, s, "x", 2)
				return nil
			},
			commit: metaWrite},
		{name: "delete", op: "delete", id: "gone",
			setup: func(t *testing.T, dir string) []string {
				s := realStore(dir)
				activateVersion(t, s, "keep", 1)
				activateVersion(t, s, "gone", 1)
				return nil
			},
			commit: func(c sysCall) bool {
				return strings.HasPrefix(c.name, "rename") && strings.Contains(c.line, tempPrefix) && strings.Contains(c.line, "/"+FileName+"\"")
			}},
	}
}

// fingerprint is what a store holds, for telling the state before a
// command from the state after it: each remixlet's versions, and how many
// approvals there are and how many are used. A store that does not check
// is "DAMAGED: …".
func fingerprint(dir string) string {
	var b strings.Builder
	err := realStore(dir).view(func(snap *snapshot) error {
		used := 0
		for _, a := range snap.approvals {
			if a.Used != nil {
				used++
			}
		}
		fmt.Fprintf(&b, "%d approvals, %d used;", len(snap.approvals), used)
		for _, id := range snap.ids() {
			fmt.Fprintf(&b, " %s:", id)
			for _, v := range snap.remixlets[id] {
				fmt.Fprintf(&b, " %d=%s", v.Number, v.Digest[3:11])
			}
		}
		return nil
	})
	if err != nil {
		return "DAMAGED: " + err.Error()
	}
	if _, statErr := os.Stat(filepath.Join(dir, FileName)); statErr != nil {
		return "no store"
	}
	return b.String()
}

// copyTree copies a store folder to a new one.
func copyTree(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "store")
	if _, err := os.Stat(from); errors.Is(err, os.ErrNotExist) {
		return to
	}
	err := os.CopyFS(to, os.DirFS(from))
	if err == nil {
		// Private under any umask, as the store requires.
		err = filepath.WalkDir(to, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Chmod(path, map[bool]os.FileMode{true: 0o700, false: 0o600}[d.IsDir()])
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	return to
}

// prepared is a scenario ready to be stopped: its starting store, the
// state before and after the command, the calls it makes and where the
// change is made.
type prepared struct {
	faultScenario
	template    string
	env         []string
	before      string
	after       string
	calls       []sysCall
	commitIndex int // index in calls of the commit point
}

func prepare(t *testing.T, strace string, sc faultScenario, set string) *prepared {
	t.Helper()
	p := &prepared{faultScenario: sc, template: filepath.Join(t.TempDir(), "store")}
	if err := os.Mkdir(p.template, 0o700); err != nil {
		t.Fatal(err)
	}
	p.env = sc.setup(t, p.template)
	if sc.name == "creation" {
		_ = os.Remove(p.template)
	}
	p.before = fingerprint(p.template)
	dir := copyTree(t, p.template)
	p.calls = traceCalls(t, strace, p.helper(dir), set)
	p.after = fingerprint(dir)
	if p.after == p.before || strings.HasPrefix(p.after, "DAMAGED") {
		t.Fatalf("%s changed the store from %q to %q", sc.name, p.before, p.after)
	}
	p.commitIndex = -1
	for i, c := range p.calls {
		if sc.commit(c) {
			p.commitIndex = i
		}
	}
	if p.commitIndex < 0 {
		t.Fatalf("%s: no commit point among its %d calls", sc.name, len(p.calls))
	}
	return p
}

func (p *prepared) helper(dir string) *exec.Cmd {
	cmd := helper(p.op, dir, p.id)
	cmd.Env = append(cmd.Env, p.env...)
	return cmd
}

// chosen are the calls a run stops: all with -faults=all (or
// REMIXLET_EXHAUSTIVE=1), else every call after the commit point and a
// seeded sample before it (internal/sampling).
func (p *prepared) chosen(t *testing.T, sample int) []int {
	var all, before []int
	for i := range p.calls {
		all = append(all, i)
		if i <= p.commitIndex {
			before = append(before, i)
		}
	}
	if *faults == "all" {
		return all
	}
	n, rng := sampling.Rounds(t, sample, len(before))
	t.Logf("%s: %d of the %d calls up to the commit point, and the %d after it", p.name, n, len(before), len(all)-len(before))
	rng.Shuffle(len(before), func(i, j int) { before[i], before[j] = before[j], before[i] })
	out := append(before[:n], all[p.commitIndex+1:]...)
	slices.Sort(out)
	return out
}

// parallel runs fn over items with as many workers as there are CPUs.
func parallel(items []int, fn func(int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(2, runtime.NumCPU()) {
		wg.Go(func() {
			for i := range next {
				fn(i)
			}
		})
	}
	for _, i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
}

// afterwards checks that the store left in dir works: a write succeeds,
// the store checks whole, and nothing but store.db and its record is
// left in the folder.
func afterwards(dir string) error {
	s := realStore(dir)
	fs := versionFiles("later", 1)
	if _, _, err := s.Approve(ApproveRequest{Remixlet: "later", Digest: digestOf(fs), Permissions: []string{}}); err != nil {
		return fmt.Errorf("the next write: %v", err)
	}
	if err := s.Verify(); err != nil {
		return err
	}
	if left := storeLeftovers(dir); len(left) > 0 {
		return fmt.Errorf("%v left in the store folder after the next write", left)
	}
	return nil
}

// TestKillAtEachCall kills a write at each call that creates, writes,
// syncs, links, renames or removes, and checks that the store is then
// exactly as before or exactly as after the command, never damaged and
// never taken for a lost change, and that the next write works and
// removes what the killed one left.
func TestKillAtEachCall(t *testing.T) {
	strace := needStrace(t)
	for _, sc := range faultScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			p := prepare(t, strace, sc, killCalls)
			var mu sync.Mutex
			old, made, missed := 0, 0, 0
			chosen := p.chosen(t, 8)
			parallel(chosen, func(i int) {
				c := p.calls[i]
				dir := copyTree(t, p.template)
				out, killed := stopAt(strace, p.helper(dir), c, "signal=KILL")
				state := fingerprint(dir)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case !killed:
					missed++
					t.Errorf("the kill before %s (call %d of %d) did not land: %s", c, i+1, len(p.calls), out)
				case state == p.before:
					old++
				case state == p.after:
					made++
				default:
					t.Errorf("killed before %s (call %d of %d, %s): the store holds %q, neither %q nor %q", c, i+1, len(p.calls), c.line, state, p.before, p.after)
					return
				}
				if i > p.commitIndex && state != p.after {
					t.Errorf("killed before %s, after the commit point: the change is not there", c)
				}
				if err := afterwards(dir); err != nil {
					t.Errorf("killed before %s: %v", c, err)
				}
			})
			if missed == 0 && (old == 0 || made == 0) {
				t.Errorf("%d kills left the store as before and %d as after: the kills do not land where the test claims", old, made)
			}
			t.Logf("%s: %d calls that create, write, sync, link, rename or remove, %d after the commit point; killed before %d of them: %d left the store as before, %d as after, 0 anything else; the next write worked every time",
				sc.name, len(p.calls), len(p.calls)-p.commitIndex-1, len(chosen), old, made)
		})
	}
}

// TestErrorAtEachCall makes one call at a time of a write fail with an
// I/O error, and checks that what the command answers is true: "nothing
// was changed" only when nothing was, a change made and then an error
// (exit 2 in the command line) when it was made, never damage, never plain
// success after a sync, rename or link that failed after the commit point,
// and never the words of Go or bbolt. The next write must work.
func TestErrorAtEachCall(t *testing.T) {
	strace := needStrace(t)
	for _, sc := range faultScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			p := prepare(t, strace, sc, errorCalls)
			var mu sync.Mutex
			answers := map[string]int{}
			chosen := p.chosen(t, 12)
			parallel(chosen, func(i int) {
				c := p.calls[i]
				dir := copyTree(t, p.template)
				out, _ := stopAt(strace, p.helper(dir), c, "error=EIO")
				state := fingerprint(dir)
				kind, msg, _ := strings.Cut(strings.TrimSpace(out), ":")
				afterCommit := i > p.commitIndex
				mu.Lock()
				defer mu.Unlock()
				answers[kind]++
				fail := func(format string, args ...any) {
					t.Errorf("EIO at %s (call %d of %d, %s): answered %q, store %q: %s", c, i+1, len(p.calls), c.line, strings.TrimSpace(out), state, fmt.Sprintf(format, args...))
				}
				switch kind {
				case "ok", "after-change", "after-change kept":
					if state != p.after {
						fail("the answer says the change was made, and it was not")
					}
				case "cannot-write", "error":
					if state != p.before {
						fail("the answer says nothing was changed (or nothing could be done), and the store changed")
					}
				case "after-change unsure":
					if state != p.before && state != p.after {
						fail("the store is neither as before nor as after")
					}
				default:
					fail("an injected error must never read as damage or anything else")
				}
				if kind == "ok" && afterCommit && slices.Contains(durabilityCalls, c.name) {
					fail("the disk reported an error after the change was made, and the command said nothing")
				}
				for _, words := range []string{"bbolt", "file resize error", "file sync error", "truncate ", "fdatasync", "openat", "open /", "write /", "sync /", "rename /", "read /", "runtime", "goroutine", "path escapes"} {
					if strings.Contains(msg, words) {
						fail("the message holds %q", words)
					}
				}
				if err := afterwards(dir); err != nil {
					fail("%v", err)
				}
			})
			t.Logf("%s: %d calls that create, write, sync, link, rename, remove, read, lock, look or close, %d after the commit point; an I/O error in %d of them answered %v; each answer was true of the store",
				sc.name, len(p.calls), len(p.calls)-p.commitIndex-1, len(chosen), answers)
		})
	}
}
