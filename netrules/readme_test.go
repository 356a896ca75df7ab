package netrules

import (
	"flag"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite the README's security-header list")

// TestREADMESecurityHeaders keeps the README's list generated from
// SecurityHeaders: go test ./netrules -run README -update rewrites it.
func TestREADMESecurityHeaders(t *testing.T) {
	docsync.Section(t, "../README.md", "security-headers", SecurityHeadersMarkdown(), *update)
}
