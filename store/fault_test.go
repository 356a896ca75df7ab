//go:build linux

package store

// The fault suite: a store under damage, kills, injected errors, full and
// read-only file systems, and concurrent processes (this file,
// syscall_test.go, damage_test.go, namespace_test.go). It runs with `go
// test ./...` and in CI. The kills and injected errors need strace (CI
// installs it), the small file systems a mount namespace (tmpfs with
// size=, mounted in a user namespace, so no root is needed and nothing
// outlives the test), and the stores of another user root;
// REMIXLET_SKIP_FAULTS=1 skips those on a machine that has none of them.
// The big loops are sampled from a seed printed with -v
// (internal/sampling: REMIXLET_SEED repeats a run); -flips=all and
// -faults=all (or REMIXLET_STORE_FAULTS=all) run them whole, and
// REMIXLET_EXHAUSTIVE=1 (CI) stops every system call and flips every byte
// of the commit record. The package
// documentation and docs/approvals.md keep the latest figures.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/internal/sampling"
)

var flips = flag.String("flips", "", "how many bytes the byte-flip test flips: a number, or \"all\" for every byte (default: a sample sized for CI)")

// helperEnv names the operation a re-executed test binary runs instead of
// the tests.
const helperEnv = "REMIXLET_STORE_FAULT_HELPER"

const (
	helperStart = "/nonexistent/remixlet-fault-helper-start"
	helperEnd   = "/nonexistent/remixlet-fault-helper-end"
)

func init() {
	// A helper does all its work on the main thread, so that strace,
	// which counts each thread's calls on their own, stops exactly the
	// call a test names (syscall_test.go).
	if os.Getenv(helperEnv) != "" {
		runtime.LockOSThread()
	}
}

func TestMain(m *testing.M) {
	if op := os.Getenv(helperEnv); op != "" {
		os.Exit(runHelper(op, os.Getenv("REMIXLET_STORE_DIR"), os.Getenv("REMIXLET_STORE_ID")))
	}
	os.Exit(m.Run())
}

// runHelper is one operation in a process of its own, for the kill,
// namespace and concurrency tests. It prints what happened on one line.
func runHelper(op, dir, id string) int {
	// Marks where the operation's own calls begin and end for traceCalls
	// (syscall_test.go): an open of a name that does not exist.
	_, _ = os.Open(helperStart)
	s := New(dir, Options{Timeout: time.Minute})
	switch op {
	case "approve":
		fs := files()
		_, _, err := s.Approve(ApproveRequest{Remixlet: id, Digest: digestOf(fs), Permissions: []string{}})
		return report(err)
	case "approve-and-activate":
		fs := files()
		token, _, err := s.Approve(ApproveRequest{Remixlet: id, Digest: digestOf(fs), Permissions: []string{}})
		if err == nil {
			_, err = s.Activate(ActivateRequest{Token: token, Digest: digestOf(fs), Files: fs})
		}
		return report(err)
	case "approve-next":
		cur, err := s.Current(id)
		if err == nil {
			fs := versionFiles(id, 99)
			_, _, err = s.Approve(ApproveRequest{Remixlet: id, Digest: digestOf(fs), Permissions: []string{}, Running: cur})
		}
		return report(err)
	case "activate":
		fs := versionFiles(id, 2)
		_, err := s.Activate(ActivateRequest{Token: os.Getenv("REMIXLET_STORE_TOKEN"), Digest: digestOf(fs), Files: fs, Permissions: []string{}})
		return report(err)
	case "restore":
		v, err := s.Version(id, 1)
		if err == nil {
			_, err = s.Restore(id, 1, v.Digest)
		}
		return report(err)
	case "delete":
		_, err := s.Delete(id)
		return report(err)
	case "list":
		list, err := s.List()
		for _, r := range list {
			fmt.Println(r.ID, r.Versions)
		}
		return report(err)
	case "namespace":
		return namespaceScenarios(dir)
	}
	fmt.Println("unknown helper operation", op)
	return 3
}

// report prints what a helper's operation answered: ok, or the kind of
// error and its message.
func report(err error) int {
	_, _ = os.Open(helperEnd)
	var after *AfterChangeError
	var cw *CannotWriteError
	var d *DamagedError
	switch {
	case err == nil:
		fmt.Println("ok")
		return 0
	case errors.As(err, &after) && after.Unsure:
		fmt.Println("after-change unsure:", err)
	case errors.As(err, &after) && after.Kept:
		fmt.Println("after-change kept:", err)
	case errors.As(err, &after):
		fmt.Println("after-change:", err)
	case errors.As(err, &cw):
		fmt.Println("cannot-write:", err)
	case errors.As(err, &d):
		fmt.Println("damaged:", err)
	default:
		fmt.Println("error:", err)
	}
	return 1
}

// versionFiles are the files of version n of a remixlet in the helpers'
// scenarios.
func versionFiles(id string, n int) []analysis.File {
	fs := files()
	fs[1].Data = fmt.Appendf(fs[1].Data, "\n// %s version %d\n%s", id, n, strings.Repeat("dom.queryAll('.x')\n", 40))
	return fs
}

func digestOf(fs []analysis.File) string {
	d, err := digestFiles(fs)
	if err != nil {
		panic(err)
	}
	return d
}

// helper starts the test binary as a helper process.
func helper(op, dir, id string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+op, "REMIXLET_STORE_DIR="+dir, "REMIXLET_STORE_ID="+id, noExitWait)
	return cmd
}

// noExitWait keeps a helper built with -race from waiting a second before
// it exits (the race detector's atexit_sleep_ms, a grace time for
// goroutines still running then): the suite runs hundreds of helpers, each
// done when it has printed its answer. Races while a helper runs are
// reported as before.
var noExitWait = "GORACE=" + strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0")

func skipFaults(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("REMIXLET_SKIP_FAULTS") == "1" {
		t.Skipf("REMIXLET_SKIP_FAULTS=1: %s not tested", what)
	}
	if runtime.GOOS != "linux" {
		t.Fatalf("%s needs Linux; set REMIXLET_SKIP_FAULTS=1 to skip it here", what)
	}
}

// sampleStore builds a store with three remixlets, six versions (one a
// restore), and approvals of every kind: used, refused and pending. It
// returns the pending tokens by remixlet.
func sampleStore(t *testing.T, c *clock) (*Store, map[string]string) {
	t.Helper()
	s := New(t.TempDir(), Options{Now: c.now, Timeout: 5 * time.Second})
	pending := map[string]string{}
	for i, id := range []string{"hide-ads", "dark-mode", "menu-tools"} {
		for v := range 2 {
			fs := files("storage")
			fs[1].Data = fmt.Appendf(fs[1].Data, "\n// %s version %d\n%s", id, v+1, strings.Repeat("dom.queryAll('.x')\n", 20*(i+1)))
			c.advance(time.Minute)
			if _, err := s.Activate(activateReq(t, approveFiles(t, s, id, fs, "storage"), fs, "storage")); err != nil {
				t.Fatal(err)
			}
		}
	}
	c.advance(time.Minute)
	if _, err := s.Restore("hide-ads", 1, mustDigest(t, historyFiles(t, s, "hide-ads", 1))); err != nil {
		t.Fatal(err)
	}
	// A refused attempt.
	refusedToken := approveFiles(t, s, "dark-mode", files())
	if _, err := s.Activate(activateReq(t, refusedToken, files("menu"))); err == nil {
		t.Fatal("a mismatched activation was not refused")
	}
	for _, id := range []string{"hide-ads", "menu-tools"} {
		fs := files("storage")
		fs[1].Data = fmt.Appendf(fs[1].Data, "\n// pending for %s\n", id)
		pending[id] = approveFiles(t, s, id, fs, "storage")
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	return s, pending
}

func historyFiles(t *testing.T, s *Store, id string, n int) []analysis.File {
	v, err := s.Version(id, n)
	if err != nil {
		t.Fatal(err)
	}
	return v.Files
}

// pendingFiles are the files sampleStore approved for id.
func pendingFiles(id string) []analysis.File {
	fs := files("storage")
	fs[1].Data = fmt.Appendf(fs[1].Data, "\n// pending for %s\n", id)
	return fs
}

const damaged = "DAMAGED"

// answer describes a command's answer for comparison: "DAMAGED" when it
// reported damage, else everything it returned.
func answer(v any, err error) string {
	var d *DamagedError
	if errors.As(err, &d) {
		if strings.Contains(d.Error(), "runtime error") || strings.Contains(d.Error(), "goroutine") {
			return "GO TEXT IN A DAMAGE MESSAGE: " + d.Error()
		}
		return damaged
	}
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	describe(&b, v)
	return b.String()
}

func describe(b *strings.Builder, v any) {
	switch x := v.(type) {
	case []*Version:
		for _, ver := range x {
			describe(b, ver)
		}
	case *Version:
		if x == nil {
			b.WriteString("none;")
			return
		}
		fmt.Fprintf(b, "%s/%d %s %s %s %d [", x.Remixlet, x.Number, x.Time.Format(time.RFC3339Nano), x.Digest, x.Approval, x.RestoredFrom)
		for _, f := range x.Files {
			fmt.Fprintf(b, "%s=%q ", f.Name, f.Data)
		}
		b.WriteString("];")
	case []Remixlet:
		for _, r := range x {
			fmt.Fprintf(b, "%s %d ", r.ID, r.Versions)
			describe(b, r.Running)
		}
	case *Approval:
		if x == nil {
			b.WriteString("no approval")
			return
		}
		fmt.Fprintf(b, "%+v", *x)
		if x.Used != nil {
			fmt.Fprintf(b, " used %+v", *x.Used)
		}
	case int:
		fmt.Fprint(b, x)
	case nil:
		b.WriteString("ok")
	default:
		panic(fmt.Sprintf("describe %T", v))
	}
}

// commands are what the byte-flip test runs against each damaged copy:
// every read, and the writes (each on its own copy), whose effect is then
// read back whole.
type command struct {
	name  string
	write bool
	run   func(s *Store) string
}

func commands(pending map[string]string) []command {
	whole := func(s *Store) string {
		var b strings.Builder
		list, err := s.List()
		b.WriteString(answer(list, err))
		for _, id := range []string{"hide-ads", "dark-mode", "menu-tools"} {
			h, err := s.History(id)
			b.WriteString(answer(h, err))
		}
		return b.String()
	}
	cmds := []command{
		{"list", false, func(s *Store) string { v, err := s.List(); return answer(v, err) }},
		{"verify", false, func(s *Store) string { return answer(nil, s.Verify()) }},
		{"exists", false, func(s *Store) string {
			ok, err := s.Exists()
			return answer(map[bool]int{false: 0, true: 1}[ok], err)
		}},
	}
	for _, id := range []string{"hide-ads", "dark-mode", "menu-tools"} {
		cmds = append(cmds,
			command{"history " + id, false, func(s *Store) string { v, err := s.History(id); return answer(v, err) }},
			command{"current " + id, false, func(s *Store) string { v, err := s.Current(id); return answer(v, err) }},
			command{"version 1 of " + id, false, func(s *Store) string { v, err := s.Version(id, 1); return answer(v, err) }},
		)
	}
	for id, token := range pending {
		cmds = append(cmds,
			command{"approval " + id, false, func(s *Store) string { v, err := s.Approval(token); return answer(v, err) }},
			command{"activate " + id, true, func(s *Store) string {
				fs := pendingFiles(id)
				d, _ := digestFiles(fs)
				v, err := s.Activate(ActivateRequest{Token: token, Digest: d, Files: fs, Permissions: []string{"storage"}})
				if a := answer(v, err); a == damaged {
					return a
				}
				return answer(v, err) + " then " + whole(s)
			}},
		)
	}
	cmds = append(cmds,
		command{"approve", true, func(s *Store) string {
			cur, err := s.Current("dark-mode")
			if err != nil {
				return answer(nil, err)
			}
			_, a, err := s.Approve(ApproveRequest{Remixlet: "dark-mode", Digest: digestOf(files()), Permissions: []string{}, Running: cur})
			if ans := answer(nil, err); ans == damaged || err != nil {
				return ans
			}
			return fmt.Sprintf("approved %s %s then %s", a.Remixlet, a.Digest, whole(s))
		}},
		command{"delete", true, func(s *Store) string {
			n, err := s.Delete("menu-tools")
			if ans := answer(n, err); ans == damaged || err != nil {
				return ans
			}
			return fmt.Sprintf("deleted %d then %s", n, whole(s))
		}},
		command{"restore", true, func(s *Store) string {
			old, err := s.Version("dark-mode", 1)
			if err != nil {
				return answer(nil, err)
			}
			v, err := s.Restore("dark-mode", 1, old.Digest)
			if ans := answer(v, err); ans == damaged || err != nil {
				return ans
			}
			return answer(v, err) + " then " + whole(s)
		}},
	)
	return cmds
}

// TestByteFlips flips bytes of a store with several remixlets and
// versions, one at a time, and runs every command against each damaged
// copy: each either reports damage or answers exactly as it did before the
// flip. Nothing may crash or hang, and no damage message may carry Go's
// runtime words.
func TestByteFlips(t *testing.T) {
	t.Parallel()
	c := newClock()
	s, pending := sampleStore(t, c)
	path := s.Path()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	goodRecord, err := os.ReadFile(s.commitPath())
	if err != nil {
		t.Fatal(err)
	}
	cmds := commands(pending)
	// A write moves the commit record on with store.db: both are put
	// back before each command.
	restoreGood := func() {
		if err := os.WriteFile(path, good, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.commitPath(), goodRecord, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	clockAt := c.t
	baseline := map[string]string{}
	for _, cmd := range cmds {
		restoreGood()
		c.t = clockAt
		baseline[cmd.name] = cmd.run(s)
		if baseline[cmd.name] == damaged || strings.HasPrefix(baseline[cmd.name], "error") {
			t.Fatalf("%s on the undamaged store: %s", cmd.name, baseline[cmd.name])
		}
	}

	// One seed draws both samples (internal/sampling): the bytes of the
	// database, and those of the commit record, every one of which is
	// flipped with REMIXLET_EXHAUSTIVE=1.
	recordRounds, sample := sampling.Rounds(t, 24, len(goodRecord))
	positions := flipPositions(t, good, sample)
	rng := rand.New(rand.NewPCG(14, uint64(len(good))))
	var reported, same, flipsWithDamage int
	start := time.Now()
	for _, off := range positions {
		bad := bytes.Clone(good)
		bad[off] ^= byte(1 + rng.IntN(255))
		anyDamage := false
		dirty := true // the folder is not the damaged copy: first, and after a write
		for _, cmd := range cmds {
			if dirty {
				restoreGood()
				if err := os.WriteFile(path, bad, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			dirty = cmd.write
			c.t = clockAt
			got := cmd.run(s)
			switch {
			case got == damaged:
				reported++
				anyDamage = true
			case got == baseline[cmd.name]:
				same++
			default:
				t.Errorf("byte %d flipped (%#02x → %#02x): %s answered differently without reporting damage:\n got: %.400s\nwant: %.400s", off, good[off], bad[off], cmd.name, got, baseline[cmd.name])
			}
		}
		if anyDamage {
			flipsWithDamage++
		}
		// Leftover temporary files from a write are the command's own;
		// none may stay after it returned.
		if left := leftovers(t, s.Dir); len(left) > 0 {
			t.Fatalf("byte %d: the store folder holds %v after the commands", off, left)
		}
	}
	t.Logf("%d-byte store, %d bytes in use; %d bytes flipped one at a time, %d commands each (%d runs) in %v: %d runs reported damage, %d answered exactly as before, 0 answered differently; %d flips were reported by some command, %d changed nothing any command reads",
		len(good), usedBytes(good), len(positions), len(cmds), len(positions)*len(cmds), time.Since(start).Round(time.Second), reported, same, flipsWithDamage, len(positions)-flipsWithDamage)

	// The commit record is checksummed whole: any byte flipped in it is
	// damage to every command.
	recordFlips := 0
	for _, off := range samplePositions(len(goodRecord), recordRounds, sample) {
		bad := bytes.Clone(goodRecord)
		bad[off] ^= byte(1 + rng.IntN(255))
		for _, cmd := range cmds {
			restoreGood()
			if err := os.WriteFile(s.commitPath(), bad, 0o600); err != nil {
				t.Fatal(err)
			}
			c.t = clockAt
			if got := cmd.run(s); got != damaged {
				t.Errorf("byte %d of the commit record flipped (%q → %q): %s answered %.300s", off, goodRecord[off], bad[off], cmd.name, got)
			}
		}
		recordFlips++
	}
	restoreGood()
	t.Logf("%d-byte commit record: %d bytes flipped, %d commands each: every run reported damage", len(goodRecord), recordFlips, len(cmds))
}

// samplePositions is every offset below n when -flips is given, else a
// sample of want of them drawn with rng.
func samplePositions(n, want int, rng *rand.Rand) []int {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if *flips != "" || want >= n {
		return all
	}
	rng.Shuffle(n, func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:want]
}

// flipPositions is every byte of the pages the database uses (below the
// high-water mark of its newer meta page; bbolt and the store never read
// past it) with -flips=all, else every byte of the two meta pages'
// records and a random sample of the rest drawn with rng: four in five
// from the pages in use (the tree and the freelist), one in five from free
// pages, where a flip can change nothing but must not be taken for damage
// either. Every byte in use is too many for any run but by hand (-flips
// all): REMIXLET_EXHAUSTIVE=1 does not change the sample's size.
func flipPositions(t *testing.T, file []byte, rng *rand.Rand) []int {
	m0, err0 := readMeta(file, 0, 0)
	m1, err1 := readMeta(file, int(m0.pageSize), 1)
	if err0 != nil || err1 != nil {
		t.Fatal(err0, err1)
	}
	used := int(max(m0.hwm, m1.hwm)) * int(m0.pageSize)
	n := 300
	if raceEnabled {
		n = 80
	}
	if testing.Short() {
		n = 50
	}
	switch *flips {
	case "":
	case "all":
		out := make([]int, used)
		for i := range out {
			out[i] = i
		}
		return out
	default:
		var err error
		if n, err = strconv.Atoi(*flips); err != nil {
			t.Fatalf("-flips=%s: give a number or all", *flips)
		}
	}
	seen := map[int]bool{}
	var out []int
	for _, page := range []int{0, int(m0.pageSize)} {
		for i := page; i < page+pageHeaderSize+metaSize; i++ {
			seen[i] = true
			out = append(out, i)
		}
	}
	live, free := pagesInUse(t, file)
	for want := len(out) + n; len(out) < want && len(out) < used; {
		pages := live
		if rng.IntN(5) == 0 && len(free) > 0 {
			pages = free
		}
		i := pages[rng.IntN(len(pages))]*int(m0.pageSize) + rng.IntN(int(m0.pageSize))
		if !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	sort.Ints(out)
	return out
}

// pagesInUse are the pages after the two headers that the newer header's
// tree and freelist reach, and the free ones.
func pagesInUse(t *testing.T, file []byte) (live, free []int) {
	t.Helper()
	m0, err0 := readMeta(file, 0, 0)
	m1, err1 := readMeta(file, int(m0.pageSize), 1)
	if err0 != nil || err1 != nil {
		t.Fatal(err0, err1)
	}
	cur := m0
	if m1.txid > m0.txid {
		cur = m1
	}
	w := &pageWalk{file: file, ps: uint64(m0.pageSize), hwm: cur.hwm}
	w.seen = make([]byte, w.hwm)
	if err := w.checkFreelist(cur.freelist); err != nil {
		t.Fatal(err)
	}
	if err := w.walk(cur.root); err != nil {
		t.Fatal(err)
	}
	for page, kind := range w.seen[2:] {
		if kind == 2 {
			free = append(free, page+2)
		} else {
			live = append(live, page+2)
		}
	}
	return live, free
}

func usedBytes(file []byte) int {
	m0, _ := readMeta(file, 0, 0)
	m1, _ := readMeta(file, int(m0.pageSize), 1)
	return int(max(m0.hwm, m1.hwm)) * int(m0.pageSize)
}

// TestDeleteForgets: after delete, none of the deleted remixlet's bytes
// (its files, its digests, its id) can be found anywhere in the store
// folder, and the approvals issued for it, pending or used, are gone.
func TestDeleteForgets(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := newStore(t, c)
	secret := "unforgettable-marker-" + strconv.Itoa(rand.IntN(1e9))
	mine := files("storage")
	mine[1].Data = fmt.Appendf(mine[1].Data, "\n// %s\n", secret)
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "forget-me", mine, "storage"), mine, "storage")); err != nil {
		t.Fatal(err)
	}
	other := files()
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "keep-me", other), other)); err != nil {
		t.Fatal(err)
	}
	later := files("storage")
	later[1].Data = fmt.Appendf(later[1].Data, "\n// %s again\n", secret)
	pendingToken := approveFiles(t, s, "forget-me", later)
	if n, err := s.Delete("forget-me"); err != nil || n != 1 {
		t.Fatalf("Delete: %d %v", n, err)
	}
	if left := leftovers(t, s.Dir); len(left) > 0 {
		t.Fatalf("the store folder holds %v after delete", left)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	record, err := os.ReadFile(s.commitPath())
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, record...)
	for _, needle := range []string{secret, "forget-me", mustDigest(t, mine), mustDigest(t, later), Key(pendingToken)} {
		if bytes.Contains(data, []byte(needle)) {
			t.Errorf("%q is still in the store folder after delete", needle)
		}
	}
	if !bytes.Contains(data, []byte("keep-me")) {
		t.Error("delete removed the other remixlet too")
	}
	// The pending approval was revoked: it cannot bring the remixlet back.
	_, err = s.Activate(activateReq(t, pendingToken, later))
	wantRefusal(t, err, "approval/unknown")
	if cur, _ := s.Current("forget-me"); cur != nil {
		t.Fatal("a revoked approval activated the deleted remixlet")
	}
	if _, err := s.Restore("forget-me", 1, mustDigest(t, mine)); !errors.Is(err, ErrNoVersion) {
		t.Fatalf("restore of a deleted remixlet: %v", err)
	}
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
}

// TestNoStoreIsNeverCreatedByARead: reads, activate, restore and delete
// on a folder with no store leave it without one.
func TestNoStoreIsNeverCreatedByARead(t *testing.T) {
	s := New(filepath.Join(t.TempDir(), "store"), Options{})
	_, _ = s.List()
	_, _ = s.History("x")
	_, _ = s.Version("x", 1)
	_, _ = s.Restore("x", 1, mustDigest(t, files()))
	_, _ = s.Delete("x")
	_ = s.Verify()
	_, err := s.Activate(activateReq(t, strings.Repeat("b", 32), files()))
	wantRefusal(t, err, "approval/unknown")
	if _, err := os.Stat(s.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a read created the store folder: %v", err)
	}
}

// TestLinksAreRefused: a store.db that is a link (dangling or not) is
// refused, and nothing is created at its target; the store folder itself
// may be a link.
func TestLinksAreRefused(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "real")
	if err := os.Mkdir(real, 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(tmp, "elsewhere.db")
	if err := os.Symlink(target, filepath.Join(real, FileName)); err != nil {
		t.Fatal(err)
	}
	s := New(real, Options{Timeout: time.Second})
	_, _, err := s.Approve(ApproveRequest{Remixlet: "x", Digest: mustDigest(t, files()), Permissions: []string{}})
	if err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Fatalf("approve through a dangling link: %v", err)
	}
	if _, err := os.Lstat(target); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("approve created the database at the link's target")
	}
	if _, err := s.List(); err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Fatalf("list through a link: %v", err)
	}
	// The folder as a link is fine.
	if err := os.Remove(filepath.Join(real, FileName)); err != nil {
		t.Fatal(err)
	}
	linked := filepath.Join(tmp, "linked")
	if err := os.Symlink(real, linked); err != nil {
		t.Fatal(err)
	}
	c := newClock()
	s = New(linked, Options{Now: c.now, Timeout: time.Second})
	fs := files()
	if _, err := s.Activate(activateReq(t, approveFiles(t, s, "x", fs), fs)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(real, FileName)); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentFirstApprovals: many processes approve at once in a
// folder with no store: one creates it, and no approval is lost.
func TestConcurrentFirstApprovals(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "store")
	const n = 30
	var wg sync.WaitGroup
	outs := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			out, err := helper("approve", dir, fmt.Sprintf("r%d", i)).CombinedOutput()
			outs[i], errs[i] = string(out), err
		})
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Errorf("process %d: %v %s", i, errs[i], outs[i])
		}
	}
	s := New(dir, Options{})
	count := 0
	if err := s.view(func(snap *snapshot) error { count = len(snap.approvals); return nil }); err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("%d of %d approvals are in the store", count, n)
	}
}

// TestConcurrentDeletesAndApprovals: deletes rewrite store.db while other
// processes approve and activate; no write is lost to the replaced file.
func TestConcurrentDeletesAndApprovals(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "store")
	const rounds = 12
	for i := range rounds {
		if out, err := helper("approve-and-activate", dir, fmt.Sprintf("old%d", i)).CombinedOutput(); err != nil {
			t.Fatalf("%s", out)
		}
	}
	var wg sync.WaitGroup
	failures := make(chan string, 2*rounds)
	for i := range rounds {
		wg.Go(func() {
			if out, err := helper("delete", dir, fmt.Sprintf("old%d", i)).CombinedOutput(); err != nil {
				failures <- string(out)
			}
		})
		wg.Go(func() {
			if out, err := helper("approve-and-activate", dir, fmt.Sprintf("new%d", i)).CombinedOutput(); err != nil {
				failures <- string(out)
			}
		})
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	list, err := New(dir, Options{}).List()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range list {
		ids = append(ids, r.ID)
	}
	if len(ids) != rounds || !strings.HasPrefix(strings.Join(ids, ","), "new") {
		t.Fatalf("after concurrent deletes and activations the store holds %v, want new0 … new%d", ids, rounds-1)
	}
}

// TestSmallFileSystems runs scenarios on tmpfs mounts of chosen sizes in
// a mount namespace of a child process: creation on a file system too
// small for it, approvals and activations as the disk fills, a delete that
// has no room for its rewrite, and a read-only mount.
func TestSmallFileSystems(t *testing.T) {
	skipFaults(t, "small file systems")
	cmd := helper("namespace", t.TempDir(), "")
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "FAIL") {
			t.Error(line)
		} else {
			t.Log(line)
		}
	}
	if err != nil {
		t.Fatalf("the namespace scenarios: %v", err)
	}
}

// TestReadOnlyStoreFile: a store.db this user may not write is a store
// that cannot be written, never a damaged one, and reads still work. As
// root, who may write any file, the commands run as nobody.
func TestReadOnlyStoreFile(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "store")
	if out, err := helper("approve-and-activate", dir, "x").CombinedOutput(); err != nil {
		t.Fatalf("%s", out)
	}
	run := func(op string) (string, error) {
		cmd := helper(op, dir, "y")
		if os.Geteuid() == 0 {
			// nobody may not run the test binary where go test built it.
			bin := filepath.Join(tmp, "store.test")
			data, err := os.ReadFile(os.Args[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(bin, data, 0o755); err != nil {
				t.Fatal(err)
			}
			cmd.Path, cmd.Args[0] = bin, bin
			// The store is private (0700, 0600); open it for reading only.
			for _, name := range []string{FileName, CommitFileName} {
				if err := os.Chmod(filepath.Join(dir, name), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range []string{dir, tmp, filepath.Dir(tmp)} {
				if err := os.Chmod(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		} else if err := os.Chmod(filepath.Join(dir, FileName), 0o444); err != nil {
			t.Fatal(err)
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("approve")
	if err == nil || !strings.Contains(out, "cannot be written, because store.db or its folder is read-only for this user") || strings.Contains(out, "damaged") {
		t.Fatalf("approve on a read-only store.db: %v %s", err, out)
	}
	out, err = run("list")
	if err != nil || !strings.Contains(out, "x 1") {
		t.Fatalf("list on a read-only store.db: %v %s", err, out)
	}
}
