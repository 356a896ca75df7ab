package main

import (
	"testing"

	"github.com/remixlet/remixlet/internal/lazyre"
)

// TestEveryLazyPatternCompiles: an expression compiled on first use would
// otherwise fail only in the run that first needs it. This program links
// every package, so every one is registered by now.
func TestEveryLazyPatternCompiles(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}
