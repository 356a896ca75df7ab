package safetext

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"style.css":             "style.css",
		"naïve — ok":            "naïve — ok",
		"\x1b]0;owned\x07x.css": `\u001B]0;owned\u0007x.css`,
		"\x1b[2J":               `\u001B[2J`,
		"a\nb\rc\td":            `a\u000Ab\u000Dc\u0009d`,
		"\u009b31m":             `\u009B31m`,
		"abc\u202Efdp.exe":      `abc\u202Efdp.exe`,
		"bad\xffbyte":           `bad\xFFbyte`,
		"del\x7f":               `del\u007F`,
		"line\u2028sep":         `line\u2028sep`,
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
		for _, r := range Clean(in) {
			if Unsafe(r) {
				t.Errorf("Clean(%q) still holds U+%04X", in, r)
			}
		}
	}
}

func TestEscapeJSON(t *testing.T) {
	name := "a\u009b2J\u202e\x7fb.css"
	doc, err := json.MarshalIndent(map[string]string{"file": name, "tab": "a\tb"}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(doc)
	for _, r := range string(got) {
		if Unsafe(r) && r != '\n' {
			t.Fatalf("escaped JSON still holds U+%04X: %q", r, got)
		}
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["file"] != name {
		t.Fatalf("escaped JSON decodes to %q (%v), want %q", back["file"], err, name)
	}
	if !strings.Contains(string(got), `\u009b`) {
		t.Errorf("got %s", got)
	}
}
