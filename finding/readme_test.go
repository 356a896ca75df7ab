package finding

import (
	"flag"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite the README's rule table")

// TestREADMERules keeps the README's rule list generated from the table:
// go test ./finding -run README -update rewrites it.
func TestREADMERules(t *testing.T) {
	docsync.Section(t, "../README.md", "rules", MarkdownTable(), *update)
}
