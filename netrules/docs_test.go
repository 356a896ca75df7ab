package netrules

import (
	"flag"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite docs/netrules.md's security-header list")

// TestSecurityHeadersDoc keeps docs/netrules.md's list generated from
// SecurityHeaders: go test ./netrules -run SecurityHeadersDoc -update rewrites it.
func TestSecurityHeadersDoc(t *testing.T) {
	docsync.Section(t, "../docs/netrules.md", "security-headers", SecurityHeadersMarkdown(), *update)
}
