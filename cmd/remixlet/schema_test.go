package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestSchemaIDsResolve: each schema's $id is the address of the same file
// in the repository, so an editor that follows "$schema" gets exactly the
// schema the toolchain validates with.
func TestSchemaIDsResolve(t *testing.T) {
	const published = "https://raw.githubusercontent.com/remixlet/remixlet/main/"
	for name, get := range schemas {
		var doc struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(get(), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path, ok := strings.CutPrefix(doc.ID, published)
		if !ok {
			t.Errorf("schema %s has $id %q, not an address in the repository", name, doc.ID)
			continue
		}
		data, err := os.ReadFile("../../" + path)
		if err != nil || !bytes.Equal(data, get()) {
			t.Errorf("schema %s: %s is not the file its $id names (%v)", name, path, err)
		}
		code, out, _ := run(t, "schema", name)
		if code != 0 || out != string(get()) {
			t.Errorf("remixlet schema %s: exit %d", name, code)
		}
	}
}
