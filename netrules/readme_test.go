package netrules

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the README's security-header list")

// TestREADMESecurityHeaders keeps the README's list generated from
// SecurityHeaders: go test ./netrules -run README -update rewrites it.
func TestREADMESecurityHeaders(t *testing.T) {
	const path = "../README.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := []byte("<!-- security-headers:begin -->\n"), []byte("<!-- security-headers:end -->")
	i, j := bytes.Index(readme, begin), bytes.Index(readme, end)
	if i < 0 || j < i {
		t.Fatal("README.md has no <!-- security-headers:begin --> ... <!-- security-headers:end --> section")
	}
	want := SecurityHeadersMarkdown()
	if got := string(readme[i+len(begin) : j]); got != want {
		if !*update {
			t.Fatal("README.md's security-header list is out of date: run go test ./netrules -run README -update")
		}
		out := append(append(append([]byte{}, readme[:i+len(begin)]...), want...), readme[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
