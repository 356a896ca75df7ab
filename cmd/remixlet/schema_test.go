package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
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

// TestSchemaPatternsAreECMAScript: JSON Schema says a pattern is an
// ECMA-262 regular expression, and every draft 2020-12 validator compiles
// it with its own engine (Go's RE2 here, JavaScript's RegExp in editors,
// Python's re in its jsonschema, ...). Every pattern of every schema must
// compile in node as a RegExp with the u flag and without it, and in
// Python's re, and the engines must agree on each sample: no \P{Cc}
// (Python's re has no property escapes), no syntax an engine reads
// differently.
func TestSchemaPatternsAreECMAScript(t *testing.T) {
	var patterns []string
	var collect func(v any)
	collect = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if s, ok := x.(string); ok && k == "pattern" {
					patterns = append(patterns, s)
				}
				if pp, ok := x.(map[string]any); ok && k == "patternProperties" {
					for p := range pp {
						patterns = append(patterns, p)
					}
				}
				collect(x)
			}
		case []any:
			for _, x := range v {
				collect(x)
			}
		}
	}
	for name, get := range schemas {
		var doc any
		if err := json.Unmarshal(get(), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		collect(doc)
	}
	if len(patterns) < 6 {
		t.Fatalf("found only %d patterns: %q", len(patterns), patterns)
	}
	samples := []string{
		"", "a", "Hide promoted posts", "Tab\there", "line\nbreak", "cr\rhere", "\x00", "bell\x07", "\x1b[31m",
		"\u0085", "\u009f", "\u00a0", "é", "😀", "\u202e", "storage", "fetch:api.example.com", "fetch:*",
		"fetch:*.example.com", "fetch:API.example.com", "network:observe:[2001:db8::1]", "1.0.2", "01.0.2",
		"js/eval", "js/dynamic-html", "js/*", "*.tracker.example", "tracker.example.", "0123456789abcdef0123456789abcdef",
		"https://raw.githubusercontent.com/remixlet/remixlet/main/manifest/manifest.schema.json",
		"https://raw.githubusercontent.com/remixlet/remixlet/v1.2.3/manifest/manifest.schema.json",
		"https://raw.githubusercontent.com/remixlet/remixlet/v1.2.3-rc.1/manifest/manifest.schema.json",
		"https://raw.githubusercontent.com/remixlet/remixlet/branch/manifest/manifest.schema.json",
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to compile the schemas' patterns as ECMAScript (CI installs it)")
	}
	input, _ := json.Marshal(map[string]any{"patterns": patterns, "samples": samples})
	const script = `
const { patterns, samples } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = patterns.map((p) => {
  try {
    const re = new RegExp(p, "u"), plain = new RegExp(p);
    return { matches: samples.map((s) => re.test(s)), plain: samples.map((s) => plain.test(s)) };
  } catch (e) { return { error: String(e.message) }; }
});
process.stdout.write(JSON.stringify(out));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(input)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []struct {
		Matches, Plain []bool
		Error          string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed to compile the schemas' patterns with Python's re (CI has it: pre-commit runs on it)")
	}
	const pyScript = `
import json, re, sys
d = json.load(sys.stdin)
out = []
for p in d["patterns"]:
    try:
        r = re.compile(p)
        out.append({"matches": [r.search(s) is not None for s in d["samples"]]})
    except re.error as e:
        out.append({"error": str(e)})
json.dump(out, sys.stdout)`
	pyCmd := exec.Command(python, "-c", pyScript)
	pyCmd.Stdin = bytes.NewReader(input)
	pyOut, err := pyCmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var py []struct {
		Matches []bool
		Error   string
	}
	if err := json.Unmarshal(pyOut, &py); err != nil {
		t.Fatal(err)
	}
	for i, p := range patterns {
		if got[i].Error != "" {
			t.Errorf("pattern %q is not an ECMAScript regular expression: %s", p, got[i].Error)
			continue
		}
		re, err := regexp.Compile(p)
		if err != nil {
			t.Errorf("pattern %q does not compile in Go: %v", p, err)
			continue
		}
		if py[i].Error != "" {
			t.Errorf("pattern %q does not compile in Python's re: %s", p, py[i].Error)
			continue
		}
		for j, s := range samples {
			goSays := re.MatchString(s)
			if goSays != got[i].Matches[j] || goSays != got[i].Plain[j] || goSays != py[i].Matches[j] {
				t.Errorf("pattern %q on %q: Go says %v, JavaScript %v (without u: %v), Python %v", p, s, goSays, got[i].Matches[j], got[i].Plain[j], py[i].Matches[j])
			}
		}
	}
}
