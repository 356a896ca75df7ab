// Package sampling lets a slow test loop run a sample of its rounds by
// default and every round on request, so the contributor's test command
// stays quick and CI still runs everything:
//
//	n, rng := sampling.Rounds(t, 12, 40)
//
// runs 12 rounds, drawn with a seed that changes on every run and is
// printed (REMIXLET_SEED=N repeats a run), or all 40 when
// REMIXLET_EXHAUSTIVE=1 (which .ci/run sets). A failure names the seed,
// so a sampled failure can be replayed.
package sampling

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"
)

// Exhaustive is the switch that runs every round.
const Exhaustive = "REMIXLET_EXHAUSTIVE"

// Seed is the variable that fixes the seed of a run.
const Seed = "REMIXLET_SEED"

// Rounds returns how many rounds to run and the generator to draw them
// with, and logs the seed.
func Rounds(t testing.TB, sampled, all int) (int, *rand.Rand) {
	t.Helper()
	n := min(sampled, all)
	if os.Getenv(Exhaustive) == "1" {
		n = all
	}
	seed := seed(t)
	t.Logf("%d of %d rounds, seed %d (%s=%d repeats this run; %s=1 runs every round)", n, all, seed, Seed, seed, Exhaustive)
	return n, generator(t, seed)
}

// Rand is the generator of a sample that no run takes whole, not even
// CI's (every byte of a file flipped, say), seeded and logged as Rounds
// seeds and logs it. A test draws all its samples from one call of Rounds
// or Rand: REMIXLET_SEED sets the seed of every call.
func Rand(t testing.TB) *rand.Rand {
	t.Helper()
	seed := seed(t)
	t.Logf("a sample drawn from seed %d (%s=%d repeats this run)", seed, Seed, seed)
	return generator(t, seed)
}

func seed(t testing.TB) uint64 {
	t.Helper()
	if s := os.Getenv(Seed); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q is not a number", Seed, s)
		}
		return n
	}
	return uint64(time.Now().UnixNano())
}

func generator(t testing.TB, seed uint64) *rand.Rand {
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("to run the same rounds again: %s=%d", Seed, seed)
		}
	})
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
