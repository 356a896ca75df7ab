// Package docsync keeps generated sections of the docs equal to the data
// they are printed from (the rule table, the security-header list): a test
// fails when a section is out of date, and rewrites it when asked to.
package docsync

import (
	"bytes"
	"os"
	"testing"
)

// Section compares the part of the file at path between the lines
// "<!-- name:begin -->" and "<!-- name:end -->" with want. When they differ
// it fails the test, or, with update, rewrites the section.
func Section(t testing.TB, path, name, want string, update bool) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := []byte("<!-- "+name+":begin -->\n"), []byte("<!-- "+name+":end -->")
	i, j := bytes.Index(doc, begin), bytes.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no <!-- %s:begin --> ... <!-- %s:end --> section", path, name, name)
	}
	if string(doc[i+len(begin):j]) == want {
		return
	}
	if !update {
		t.Fatalf("%s: the %s section is out of date: rerun this test with -update", path, name)
	}
	out := append(append(append([]byte{}, doc[:i+len(begin)]...), want...), doc[j:]...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
