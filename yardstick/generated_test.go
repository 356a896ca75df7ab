package yardstick

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/remixlet/remixlet/internal/sampling"
)

// generatedSeeds is the fixed seed range: program i is generate(seeded(i)).
const generatedSeeds = 100_000

// generatedSampled is how many of them a contributor's run and a run under
// the race detector take (a sample drawn by internal/sampling; an eighth
// of it with -short); CI runs the whole range without the race detector
// (.ci/run).
const generatedSampled = 2_000

const holesPath = "testdata/generated/holes.txt"

// TestGeneratedPrograms composes programs from the fixed seed range, lints
// each, and runs those the lint passes in the oracle: one that reaches a
// dangerous value there is a hole. The holes of the range are listed in
// testdata/generated/holes.txt (today's count at its top): a hole not
// listed fails the test, and so does (in a run of the whole range) a
// listed seed that is no longer one.
func TestGeneratedPrograms(t *testing.T) {
	sampled, all := generatedSampled, generatedSeeds
	if testing.Short() {
		sampled = generatedSampled / 8
	}
	if raceEnabled {
		// Under the race detector the lint runs several times slower: a
		// sample only, even in CI, whose run of the whole range is
		// without it (.ci/run).
		all = sampled
	}
	n, rng := sampling.Rounds(t, sampled, all)
	whole := n == generatedSeeds
	seeds := make([]uint64, n)
	if whole {
		for i := range seeds {
			seeds[i] = uint64(i)
		}
	} else {
		for i, s := range rng.Perm(generatedSeeds)[:n] {
			seeds[i] = uint64(s)
		}
	}
	start := time.Now()
	st := runGenerated(t, seeds)
	elapsed := time.Since(start)
	t.Logf("generated programs: %d run (%d distinct) in %v on %d cores; the lint refused %d, passed %d; of those it passed, the oracle saw %d reach a dangerous value",
		n, st.distinct, elapsed.Round(time.Millisecond), runtime.GOMAXPROCS(0), st.refused, st.passed, len(st.holes))
	for _, h := range st.holes[:min(len(st.holes), 5)] {
		t.Logf("hole: seed %d reaches %v (%s)\n%s", h.seed, h.labels, h.why, generate(seeded(h.seed)))
	}
	listed, count := readHoles(t)
	if *updateRatchet {
		if !whole {
			t.Fatalf("-ratchet needs the whole range: %s=1", sampling.Exhaustive)
		}
		writeHoles(t, st.holes)
		return
	}
	if whole && len(st.holes) != count {
		t.Errorf("%s records %d holes in the whole range, and today there are %d", holesPath, count, len(st.holes))
	}
	now := map[uint64]bool{}
	for _, h := range st.holes {
		now[h.seed] = true
		if !listed[h.seed] {
			t.Errorf("seed %d: a new hole: the lint passes a program that reaches %v (%s):\n%s", h.seed, h.labels, h.why, generate(seeded(h.seed)))
		}
	}
	if whole {
		var fixed []uint64
		for s := range listed {
			if !now[s] {
				fixed = append(fixed, s)
			}
		}
		if len(fixed) > 0 {
			slices.Sort(fixed)
			t.Errorf("%d listed holes are holes no more (seeds %v…): run with -ratchet to lower the count", len(fixed), fixed[:min(len(fixed), 10)])
		}
	}
}

type hole struct {
	seed   uint64
	labels []string
	why    string
}

type generatedStats struct {
	distinct, refused, passed int
	holes                     []hole
}

// runGenerated lints every program and witnesses the ones the lint
// passes, each distinct text once.
func runGenerated(t *testing.T, seeds []uint64) generatedStats {
	t.Helper()
	type verdict struct {
		refused bool
		seen    *witnessed
	}
	var (
		mu      sync.Mutex
		texts   = map[string]*verdict{}
		st      generatedStats
		next    atomic.Int64
		wg      sync.WaitGroup
		results = make([]*verdict, len(seeds))
	)
	// The lint is Go and the oracle is node: twice as many goroutines as
	// cores keep both busy.
	for range 2 * runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(seeds) || t.Failed() {
					return
				}
				code := generate(seeded(seeds[i]))
				mu.Lock()
				v, dup := texts[code]
				if !dup {
					v = &verdict{}
					texts[code] = v
				}
				mu.Unlock()
				if !dup {
					v.refused = lint(t, code).Refused
					if !v.refused {
						v.seen = witness(t, code)
						if strings.HasPrefix(v.seen.Unrun, "does not compile") {
							t.Errorf("seed %d: the lint passes a program that does not compile (%s):\n%s", seeds[i], v.seen.Unrun, code)
						}
					}
				}
				results[i] = v
			}
		}()
	}
	wg.Wait()
	st.distinct = len(texts)
	for i, v := range results {
		if v == nil {
			continue
		}
		if v.refused {
			st.refused++
			continue
		}
		st.passed++
		if v.seen != nil && v.seen.dangerous() {
			st.holes = append(st.holes, hole{seeds[i], v.seen.Labels, v.seen.Why[v.seen.Labels[0]]})
		}
	}
	slices.SortFunc(st.holes, func(a, b hole) int { return int(a.seed) - int(b.seed) })
	return st
}

const holesHeader = `# Seeds of the fixed range (TestGeneratedPrograms) whose program the lint
# passes and the oracle sees reach a dangerous value, by label first (a
# hole may reach several), then the seeds. The count is today's: it must not grow, and a run of
# the whole range that finds fewer asks for the list to be rewritten
# (go test ./yardstick -run GeneratedPrograms -ratchet with REMIXLET_EXHAUSTIVE=1).
`

func readHoles(t *testing.T) (map[uint64]bool, int) {
	t.Helper()
	f, err := os.Open(holesPath)
	if err != nil {
		if os.IsNotExist(err) && *updateRatchet {
			return nil, 0
		}
		t.Fatal(err)
	}
	defer f.Close()
	listed := map[uint64]bool{}
	count := -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if c, ok := strings.CutPrefix(line, "count "); ok {
			if count, err = strconv.Atoi(c); err != nil {
				t.Fatalf("%s: %q", holesPath, line)
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, seed := range strings.Fields(line) {
			s, err := strconv.ParseUint(seed, 10, 64)
			if err != nil {
				t.Fatalf("%s: %q", holesPath, line)
			}
			listed[s] = true
		}
	}
	if count != len(listed) {
		t.Fatalf("%s: the count line says %d and %d seeds are listed", holesPath, count, len(listed))
	}
	return listed, count
}

func writeHoles(t *testing.T, holes []hole) {
	t.Helper()
	byLabel := map[string]int{}
	for _, h := range holes {
		for _, l := range h.labels {
			byLabel[l]++
		}
	}
	var b strings.Builder
	b.WriteString(holesHeader)
	for _, l := range sortedKeys(byLabel) {
		fmt.Fprintf(&b, "# %s: %d\n", l, byLabel[l])
	}
	fmt.Fprintf(&b, "count %d\n", len(holes))
	for i, h := range holes {
		sep := " "
		if i%16 == 15 || i == len(holes)-1 {
			sep = "\n"
		}
		fmt.Fprintf(&b, "%d%s", h.seed, sep)
	}
	if err := os.MkdirAll("testdata/generated", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(holesPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d holes", holesPath, len(holes))
}
