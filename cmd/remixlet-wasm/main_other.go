//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main says how to build this command: it runs only as WebAssembly. The
// rest of the package builds everywhere so its tests run natively.
func main() {
	fmt.Fprintln(os.Stderr, "remixlet-wasm runs as WebAssembly: build it with GOOS=js GOARCH=wasm (go run ./tools/release does), and load it with @remixlet/wasm")
	os.Exit(2)
}
