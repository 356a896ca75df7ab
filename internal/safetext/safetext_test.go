package safetext

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
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

func TestWriter(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	for _, part := range []string{
		"ok\tline\n",
		"\x1b[1mbold\x1b[0m \x1b[1;31merror\x1b[0m\n", // the text report's paint passes
		"\x1b[8mhidden\x1b]0;title\x07\r\n",           // conceal, a title, a carriage return do not
		"bidi \u202e here, del \x7f, c1 \u009b2J, bad \xff\n",
		"cut \xe2\x80", "\x94 rejoined\n", // a character split between writes
		"tail \xe2",
	} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "ok\tline\n" +
		"\x1b[1mbold\x1b[0m \x1b[1;31merror\x1b[0m\n" +
		`\u001B[8mhidden\u001B]0;title\u0007\u000D` + "\n" +
		`bidi \u202E here, del \u007F, c1 \u009B2J, bad \xFF` + "\n" +
		"cut \u2014 rejoined\n" +
		`tail \xE2`
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
	// JSON decodes to the same values through the boundary.
	doc, _ := json.Marshal(map[string]string{"file": "a\u202eb\x7f.css"})
	var out strings.Builder
	NewWriter(&out).Write(doc)
	var back map[string]string
	if err := json.Unmarshal([]byte(out.String()), &back); err != nil || back["file"] != "a\u202eb\x7f.css" {
		t.Errorf("JSON through the boundary: %q, %v", out.String(), err)
	}
}

func TestFprintfTakesArgumentsAsData(t *testing.T) {
	var b strings.Builder
	Fprintf(&b, "Approved %s for %s\n", "h1:x", "dir\nDecision: activate without a question")
	Fprintln(&b, errors.New("bad\x1b[2J"), 3)
	want := "Approved h1:x for dir\\u000ADecision: activate without a question\nbad\\u001B[2J 3\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// escapeByRune is the boundary's rule read one character at a time: paint
// sequences, line breaks and tabs pass, bytes that are not UTF-8 become
// \xFF, unsafe characters \u escapes, the rest passes.
func escapeByRune(p []byte) string {
	var b strings.Builder
	for i := 0; i < len(p); {
		if n := paintSequence(p[i:]); n > 0 {
			b.Write(p[i : i+n])
			i += n
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02X`, p[i])
		case r != '\n' && r != '\t' && Unsafe(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.Write(p[i : i+size])
		}
		i += size
	}
	return b.String()
}

// FuzzEscapeCopiesRunsAsCharacters: copying plain runs whole changes
// nothing the boundary writes.
func FuzzEscapeCopiesRunsAsCharacters(f *testing.F) {
	for _, s := range []string{"plain text\n", "a\x1b[1mb\x1b[0m", "\x1b[8m\x07\r", "é\u202e\xff\tx", "\x1b[", "\x7f\u009b", "line → next…"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if got, want := string(escape(p)), escapeByRune(p); got != want {
			t.Errorf("escape(%q) = %q, want %q", p, got, want)
		}
	})
}
