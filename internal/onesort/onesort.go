// Package onesort sorts a slice of any element type with one copy of the
// sorting code for all of them.
//
// slices.SortFunc and slices.SortStableFunc are generic: the compiler
// writes the whole sort (pdqsort with its partitions, heap sort and
// insertion sort; the stable merge) once per element layout sorted, about
// 27 KB of WebAssembly for each unstable one and 13 KB for each stable
// one, and the engine compiles each copy on its first use. sort.Slice and
// sort.SliceStable are the same algorithms, generated from the same
// template, written once and reached through a swap function: sorting with
// them makes the same comparisons and gives the same order, ties included
// (the tests hold this package to package slices on random input).
//
// Use it for the sorts of the packages the WebAssembly module links;
// sorting strings, numbers or pointers with package slices costs no copy
// of its own (the module has those already).
package onesort

import "sort"

// Func sorts x in place as slices.SortFunc(x, cmp) does, with the same
// result for elements cmp says are equal.
func Func[E any](x []E, cmp func(a, b E) int) {
	sort.Slice(x, func(i, j int) bool { return cmp(x[i], x[j]) < 0 })
}

// StableFunc sorts x in place as slices.SortStableFunc(x, cmp) does,
// keeping equal elements in their order.
func StableFunc[E any](x []E, cmp func(a, b E) int) {
	sort.SliceStable(x, func(i, j int) bool { return cmp(x[i], x[j]) < 0 })
}
