// Package wordset builds the sets of names the checks look words up in
// from one string each: a map literal of the same words is built by
// generated code, which costs the WebAssembly module far more bytes
// (docs/wasm.md).
package wordset

import "strings"

// Of is the set of the space-separated words of list.
func Of(list string) map[string]bool {
	words := strings.Fields(list)
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return set
}
