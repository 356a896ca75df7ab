package buildinfo

// checkoutCommit is "" in the WebAssembly module: a browser has no git and
// no checkout, and leaving the question out keeps os/exec out of the
// module (a test checks).
func checkoutCommit() string { return "" }
