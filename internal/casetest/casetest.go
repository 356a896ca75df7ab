// Package casetest runs annotated test cases, in the spirit of
// golang.org/x/tools/go/analysis/analysistest: each case is one text file
// holding a remixlet's files and the findings a check must produce, and a
// case fails on a finding it did not declare as well as on one missing.
//
// A case file (NAME.txtar) looks like:
//
//	What the case is about, in a sentence or two.
//	-- manifest.json --
//	{"name": "x", ...}
//	-- want --
//	manifest.json:3:5 manifest/duplicate-key
//	rules.json package/rules-without-netrules
//	. package/missing-manifest
//
// A want line is FILE:LINE:COL RULE, or FILE RULE for a finding on the whole
// file, or ". RULE" for the folder itself. Section headers may carry a kind:
//
//	-- NAME -> TARGET --   a symbolic link to TARGET
//	-- NAME => TARGET --   a hard link to TARGET (written earlier in the case)
//	-- NAME/ --            an empty folder
//	-- NAME | fifo --      a named pipe
//	-- NAME (escaped) --   content with \xHH escapes for bytes a text file
//	                       should not hold (invalid UTF-8, a byte-order mark)
//	-- NAME (no newline) -- content without the final line break
package casetest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/remixlet/remixlet/finding"
)

// Entry is one section of a case.
type Entry struct {
	Name   string
	Kind   string // "file", "symlink", "hardlink", "dir", "fifo"
	Target string // for links
	Data   []byte
}

// Case is one parsed case file.
type Case struct {
	Comment string
	Entries []Entry
	Want    []string // normalised want lines; nil if the case has no want section
	HasWant bool
}

// Parse reads a case file.
func Parse(data []byte) (*Case, error) {
	c := &Case{}
	var cur *Entry
	var body bytes.Buffer
	escaped, noNewline := false, false
	flush := func() error {
		if cur == nil {
			c.Comment = strings.TrimSpace(body.String())
			return nil
		}
		b := body.Bytes()
		if escaped {
			var err error
			if b, err = unescape(b); err != nil {
				return fmt.Errorf("%s: %v", cur.Name, err)
			}
		}
		if noNewline {
			b = bytes.TrimSuffix(b, []byte("\n"))
		}
		if cur.Name == "want" && cur.Kind == "file" {
			c.HasWant = true
			for line := range strings.SplitSeq(string(b), "\n") {
				if line = strings.Join(strings.Fields(line), " "); line != "" && !strings.HasPrefix(line, "#") {
					c.Want = append(c.Want, line)
				}
			}
			return nil
		}
		cur.Data = slices.Clone(b)
		c.Entries = append(c.Entries, *cur)
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := header(line); ok {
			if err := flush(); err != nil {
				return nil, err
			}
			body.Reset()
			e := Entry{Kind: "file"}
			escaped, noNewline = false, false
			switch {
			case strings.Contains(name, " -> "):
				e.Name, e.Target, _ = strings.Cut(name, " -> ")
				e.Kind = "symlink"
			case strings.Contains(name, " => "):
				e.Name, e.Target, _ = strings.Cut(name, " => ")
				e.Kind = "hardlink"
			case strings.HasSuffix(name, " | fifo"):
				e.Name, e.Kind = strings.TrimSuffix(name, " | fifo"), "fifo"
			case strings.HasSuffix(name, "/"):
				e.Name, e.Kind = strings.TrimSuffix(name, "/"), "dir"
			case strings.HasSuffix(name, " (escaped)"):
				e.Name, escaped = strings.TrimSuffix(name, " (escaped)"), true
			case strings.HasSuffix(name, " (no newline)"):
				e.Name, noNewline = strings.TrimSuffix(name, " (no newline)"), true
			default:
				e.Name = name
			}
			cur = &e
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return c, nil
}

func header(line string) (string, bool) {
	if !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") || len(line) < 7 {
		return "", false
	}
	return line[3 : len(line)-3], true
}

func unescape(b []byte) ([]byte, error) {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+3 < len(b) && b[i+1] == 'x' {
			v, err := strconv.ParseUint(string(b[i+2:i+4]), 16, 8)
			if err != nil {
				return nil, fmt.Errorf("bad escape %q", b[i:i+4])
			}
			out = append(out, byte(v))
			i += 3
			continue
		}
		out = append(out, b[i])
	}
	return out, nil
}

// ParseFile reads and parses a case file.
func ParseFile(path string) (*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Materialize writes the case's entries into dir (which must exist).
func (c *Case) Materialize(dir string) error {
	for _, e := range c.Entries {
		p := filepath.Join(dir, filepath.FromSlash(e.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		var err error
		switch e.Kind {
		case "file":
			err = os.WriteFile(p, e.Data, 0o644)
		case "symlink":
			err = os.Symlink(e.Target, p)
		case "hardlink":
			err = os.Link(filepath.Join(dir, filepath.FromSlash(e.Target)), p)
		case "dir":
			err = os.MkdirAll(p, 0o755)
		case "fifo":
			err = mkfifo(p)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name, err)
		}
	}
	return nil
}

// Needs reports whether the case has an entry of kind ("fifo", "symlink"...).
func (c *Case) Needs(kind string) bool {
	return slices.ContainsFunc(c.Entries, func(e Entry) bool { return e.Kind == kind })
}

// Line formats a finding as a want line.
func Line(f finding.Finding) string {
	file := f.File
	if file == "" {
		file = "."
	}
	if f.Start.IsValid() {
		return fmt.Sprintf("%s:%d:%d %s", file, f.Start.Line, f.Start.Column, f.Rule)
	}
	return fmt.Sprintf("%s %s", file, f.Rule)
}

// Run materialises each case file in a fresh folder, runs check on it and
// compares the findings with the case's want section exactly.
func Run(t *testing.T, files []string, check func(t *testing.T, dir string) []finding.Finding) {
	t.Helper()
	if len(files) == 0 {
		t.Fatal("no case files found")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.ToSlash(file), ".txtar")
		if _, rest, ok := strings.Cut(name, "cases/"); ok {
			name = rest
		}
		t.Run(name, func(t *testing.T) {
			c, err := ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !c.HasWant {
				t.Fatalf("%s: no -- want -- section (an empty one means the case must be clean)", file)
			}
			dir := filepath.Join(t.TempDir(), "remixlet")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if c.Needs("fifo") && !CanMakeFifo {
				t.Skipf("%s needs a named pipe, which %s cannot make", file, runtime.GOOS)
			}
			if err := c.Materialize(dir); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range check(t, dir) {
				got = append(got, Line(f))
			}
			want := slices.Clone(c.Want)
			slices.Sort(got)
			slices.Sort(want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: findings differ (-want +got):\n%s", file, diff)
			}
		})
	}
}

// Glob lists case files below root, recursively.
func Glob(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".txtar") {
			files = append(files, p)
		}
		return nil
	})
	return files, err
}

// Contents returns the content of every file named name in every case
// below root: fuzz targets seed their corpus from it.
func Contents(root, name string) ([][]byte, error) {
	files, err := Glob(root)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, file := range files {
		c, err := ParseFile(file)
		if err != nil {
			return nil, err
		}
		for _, e := range c.Entries {
			if e.Name == name {
				out = append(out, e.Data)
			}
		}
	}
	return out, nil
}

// WriteFiles writes files (name → content) into a new temporary folder and
// returns it.
func WriteFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
