package finding

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the README's rule table")

// TestREADMERules keeps the README's rule list generated from the table.
func TestREADMERules(t *testing.T) {
	const path = "../README.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := []byte("<!-- rules:begin -->\n"), []byte("<!-- rules:end -->")
	i, j := bytes.Index(readme, begin), bytes.Index(readme, end)
	if i < 0 || j < i {
		t.Fatal("README.md has no <!-- rules:begin --> ... <!-- rules:end --> section")
	}
	want := MarkdownTable()
	if got := string(readme[i+len(begin) : j]); got != want {
		if !*update {
			t.Fatal("README.md's rule table is out of date: run go test ./finding -run README -update")
		}
		out := append(append(append([]byte{}, readme[:i+len(begin)]...), want...), readme[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
