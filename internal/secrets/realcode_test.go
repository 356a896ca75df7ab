package secrets

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	bridge "github.com/evanw/esbuild/remixletbridge"
)

// realCodeFiles are the real libraries whose strings must hold no
// credential: the pinned files the script lint commits (always there), the
// larger builds bench/fetch-js.sh fetches, and the npm packages of the
// library corpus (testdata/libraries), when they are on disk.
func realCodeFiles(t *testing.T) (pinned, more []string) {
	pinned, _ = filepath.Glob("../../scriptlint/testdata/realworld/*.js")
	if len(pinned) < 2 {
		t.Fatalf("want the pinned library files in scriptlint/testdata/realworld, found %d", len(pinned))
	}
	more, _ = filepath.Glob("../../bench/.cache/js/*.js")
	_ = filepath.WalkDir("../../testdata/libraries", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(path, "node_modules") {
			switch filepath.Ext(path) {
			case ".js", ".mjs", ".cjs":
				more = append(more, path)
			}
		}
		return nil
	})
	return pinned, more
}

// TestRealCodeHasNoSecrets scans every string literal and template text of
// real library code, and judges each string written under a name (key:
// "…", name = "…") as Labelled does: none of them is a credential, so
// every finding is a false positive.
func TestRealCodeHasNoSecrets(t *testing.T) {
	pinned, more := realCodeFiles(t)
	var strs, labelled, bytes int
	for _, file := range append(pinned, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		bytes += len(src)
		text := string(src)
		lits, _, _ := bridge.LiteralRanges(text)
		for _, r := range lits {
			start, end := int(r.Loc.Start), int(r.Loc.Start+r.Len)
			lit := text[start:end]
			if lit[0] == '/' {
				continue // a regular expression
			}
			value := jsStringValue(lit)
			strs++
			for _, m := range Scan(value) {
				t.Errorf("%s: %s in %.120q", filepath.Base(file), m.Kind, value)
			}
			if lit[0] == '`' {
				continue
			}
			if name := nameBefore(text, start); name != "" {
				labelled++
				if m, ok := Labelled(name, value); ok {
					t.Errorf("%s: %s = %.120q taken for %s", filepath.Base(file), name, value, m.What())
				}
			}
		}
	}
	t.Logf("%d files, %d bytes: %d strings scanned, %d judged under a name", len(pinned)+len(more), bytes, strs, labelled)
}

// jsStringValue is the value of a string literal, or the text of a
// template literal's part (its escapes read the same way).
func jsStringValue(lit string) string {
	switch {
	case lit[0] == '`' || lit[0] == '}':
		lit = strings.TrimPrefix(strings.TrimPrefix(lit, "`"), "}")
		lit = strings.TrimSuffix(strings.TrimSuffix(lit, "`"), "${")
	default:
		lit = lit[1 : len(lit)-1]
	}
	if !strings.Contains(lit, `\`) {
		return lit
	}
	var units []uint16
	appendRune := func(r rune) { units = utf16.AppendRune(units, r) }
	for i := 0; i < len(lit); {
		c := lit[i]
		if c != '\\' || i+1 == len(lit) {
			r, w := utf8.DecodeRuneInString(lit[i:])
			appendRune(r)
			i += w
			continue
		}
		i++
		switch e := lit[i]; e {
		case 'n', 't', 'r', 'b', 'f', 'v', '0':
			appendRune(rune(map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'b': '\b', 'f': '\f', 'v': '\v', '0': 0}[e]))
			i++
		case 'x':
			v, _ := strconv.ParseUint(lit[i+1:min(i+3, len(lit))], 16, 16)
			units = append(units, uint16(v))
			i += 3
		case 'u':
			if i+1 < len(lit) && lit[i+1] == '{' {
				j := strings.IndexByte(lit[i:], '}')
				v, _ := strconv.ParseUint(lit[i+2:i+j], 16, 32)
				appendRune(rune(v))
				i += j + 1
				continue
			}
			v, _ := strconv.ParseUint(lit[i+1:min(i+5, len(lit))], 16, 16)
			units = append(units, uint16(v))
			i += 5
		case '\r', '\n':
			i++ // a line continuation
			if e == '\r' && i < len(lit) && lit[i] == '\n' {
				i++
			}
		default:
			r, w := utf8.DecodeRuneInString(lit[i:])
			appendRune(r)
			i += w
		}
	}
	return string(utf16.Decode(units))
}

// nameBefore is the name a string literal at start is written under: the
// key of "key: 'v'" or "'key': 'v'", the binding or member of "x = 'v'",
// or "".
func nameBefore(text string, start int) string {
	i := start
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return ""
	}
	switch text[i-1] {
	case ':':
	case '=':
		if i >= 2 && strings.IndexByte("=!<>+-*/%&|^?", text[i-2]) >= 0 {
			return ""
		}
	default:
		return ""
	}
	i--
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	end := i
	if end > 0 && (text[end-1] == '"' || text[end-1] == '\'') {
		q := text[end-1]
		open := strings.LastIndexByte(text[:end-1], q)
		if open < 0 || end-1-open > 64 {
			return ""
		}
		return text[open+1 : end-1]
	}
	for i > 0 && (isWordByte(text[i-1]) || text[i-1] == '$') {
		i--
	}
	return text[i:end]
}

// BenchmarkScanRealCode scans the string literals of the pinned library
// files, as the script lint does: bytes per second of literal text.
func BenchmarkScanRealCode(b *testing.B) {
	pinned, _ := filepath.Glob("../../scriptlint/testdata/realworld/*.js")
	var values []string
	size := 0
	for _, file := range pinned {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		lits, _, _ := bridge.LiteralRanges(string(src))
		for _, r := range lits {
			if lit := string(src[r.Loc.Start : r.Loc.Start+r.Len]); lit[0] != '/' {
				values = append(values, jsStringValue(lit))
				size += len(values[len(values)-1])
			}
		}
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, v := range values {
			Scan(v)
		}
	}
}
