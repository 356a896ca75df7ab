package yardstick

import "testing"

// FuzzGeneratedPrograms draws the generator's choices from the fuzz input
// instead of a seed, for runs longer than the fixed range:
//
//	go test ./yardstick -run '^$' -fuzz FuzzGeneratedPrograms -fuzztime 10m
//
// A program the lint passes and the oracle sees reach a dangerous value
// fails; the fuzzer keeps its input under testdata/fuzz. The seeds below
// are programs the lint gets right today (refused, or harmless and passed).
func FuzzGeneratedPrograms(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0})
	f.Add([]byte{6, 1, 0, 2, 0, 0})
	f.Add([]byte{11, 0, 3, 1, 1, 2})
	f.Add([]byte{11, 7, 0, 0, 0})
	f.Fuzz(func(t *testing.T, choices []byte) {
		code := generate(&byteChooser{b: choices})
		if lint(t, code).Refused {
			return
		}
		if w := witness(t, code); w.dangerous() {
			t.Fatalf("the lint passes a program that reaches %v (%v):\n%s", w.Labels, w.Why, code)
		}
	})
}
