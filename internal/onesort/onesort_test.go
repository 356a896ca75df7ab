package onesort

import (
	"math/rand/v2"
	"slices"
	"testing"
)

type item struct {
	key  int
	name string
	seq  int // the position before sorting, to tell equal keys apart
}

// Sorting on a key with many ties (or none, or all equal) gives exactly
// what package slices gives, element for element: the same order of
// equal elements for Func, and the input order of equal elements for
// StableFunc.
func TestSameOrderAsSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	byKey := func(a, b item) int { return a.key - b.key }
	for _, n := range []int{0, 1, 2, 5, 12, 13, 20, 21, 50, 64, 100, 257, 1000, 5000} {
		for _, keys := range []int{1, 3, n/4 + 1, n + 1, 1 << 30} {
			for round := range 4 {
				x := make([]item, n)
				for i := range x {
					x[i] = item{key: r.IntN(keys), name: string(rune('a' + i%26)), seq: i}
					switch round {
					case 1: // ascending runs, which pdqsort treats apart
						x[i].key = i / 3 % keys
					case 2: // descending
						x[i].key = (n - i) % keys
					}
				}
				want, got := slices.Clone(x), slices.Clone(x)
				slices.SortFunc(want, byKey)
				Func(got, byKey)
				if !slices.Equal(got, want) {
					t.Fatalf("Func, n %d, %d keys, round %d: differs from slices.SortFunc", n, keys, round)
				}
				want, got = slices.Clone(x), slices.Clone(x)
				slices.SortStableFunc(want, byKey)
				StableFunc(got, byKey)
				if !slices.Equal(got, want) {
					t.Fatalf("StableFunc, n %d, %d keys, round %d: differs from slices.SortStableFunc", n, keys, round)
				}
			}
		}
	}
}
