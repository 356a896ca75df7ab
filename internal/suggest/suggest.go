// Package suggest finds the word a person most likely meant, for "did you
// mean" hints on unknown keys, values, rule ids and commands.
package suggest

import (
	"fmt"
	"strings"
)

// Closest returns the candidate nearest to word by edit distance (a
// transposition counts as one edit, case is ignored), when it is near
// enough to be a slip: at most one edit for short words, a third of the
// word's length for longer ones, or a word cut short. ok is false when nothing is that near.
func Closest(word string, candidates []string) (best string, ok bool) {
	w := strings.ToLower(word)
	limit := max(1, len([]rune(w))/3)
	bestDist := limit + 1
	for _, c := range candidates {
		if c == word {
			continue
		}
		lc := strings.ToLower(c)
		d := distance(w, lc)
		if len(w) >= 4 && len(lc) >= 4 && (strings.HasPrefix(lc, w) || strings.HasPrefix(w, lc)) {
			d = min(d, limit) // a word cut short, or one with a plural ending
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist <= limit
}

// Hint returns ` (did you mean "x"?)` for the closest candidate, or "".
func Hint(word string, candidates []string) string {
	if c, ok := Closest(word, candidates); ok {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// distance is the optimal string alignment distance between a and b.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
