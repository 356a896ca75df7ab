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
//	manifest.json:3:5 manifest/duplicate-key: the key "name" appears twice
//	rules.json package/rules-without-netrules: rules.json is installed only
//	. package/missing-manifest: the folder has no manifest.json
//
// A want line is FILE:LINE:COL RULE: TEXT, or FILE RULE: TEXT for a finding
// on the whole file, or ". RULE: TEXT" for the folder itself. TEXT is part
// of the message the finding must carry (at least a few words of it), so
// a case checks what the person reads, not only where and which rule. An
// empty want section means the check must find nothing. Each package runs
// the cases under its own testdata/cases with only its analyzer's findings
// compared; -update-cases rewrites the want sections from what the check
// reports, keeping the TEXT of every line that still matches.
//
// Section headers may carry a kind:
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
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

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

// update is a flag of every test binary that runs cases: rewrite the want
// sections from what the check reports.
var update = flag.Bool("update-cases", false, "rewrite the want sections of the annotated cases from what the check reports")

// Place formats where a finding is and which rule it cites: the part of a
// want line before the message text.
func Place(f finding.Finding) string {
	file := f.File
	if file == "" {
		file = "."
	}
	if f.Start.IsValid() {
		return fmt.Sprintf("%s:%d:%d %s", file, f.Start.Line, f.Start.Column, f.Rule)
	}
	return fmt.Sprintf("%s %s", file, f.Rule)
}

// wantLine is one parsed want line.
type wantLine struct {
	place, text string
}

func parseWant(line string) (wantLine, error) {
	// The rule id is the second field and holds no ':'; the text follows
	// the ':' after it.
	file, rest, ok := strings.Cut(line, " ")
	rule, text, hasText := strings.Cut(rest, ": ")
	if !ok || rule == "" || strings.Contains(rule, " ") {
		return wantLine{}, fmt.Errorf("want line %q: write FILE[:LINE:COL] RULE: TEXT", line)
	}
	if !hasText || strings.TrimSpace(text) == "" {
		return wantLine{}, fmt.Errorf("want line %q: add a part of the message after the rule (RULE: TEXT), so the case checks what the person reads", line)
	}
	return wantLine{place: file + " " + rule, text: strings.TrimSpace(text)}, nil
}

// Run materialises each case file below root in a fresh folder, runs check
// on it and requires exactly the findings the want section declares: the
// same places and rules, each message containing the declared text.
func Run(t *testing.T, root string, check func(t *testing.T, dir string) []finding.Finding) {
	t.Helper()
	files, err := Glob(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no case files under %s", root)
	}
	for _, file := range files {
		name, _ := filepath.Rel(root, file)
		t.Run(strings.TrimSuffix(filepath.ToSlash(name), ".txtar"), func(t *testing.T) {
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
			got := check(t, dir)
			if *update {
				if err := rewriteWant(file, c, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			if problems := Compare(c.Want, got); len(problems) > 0 {
				t.Errorf("%s: findings differ:\n%s", file, strings.Join(problems, "\n"))
			}
		})
	}
}

// Compare matches want lines with findings and describes every difference:
// a want line no finding matches, and a finding no want line declares.
func Compare(want []string, got []finding.Finding) []string {
	var problems []string
	matched := make([]bool, len(got))
	for _, line := range want {
		w, err := parseWant(line)
		if err != nil {
			problems = append(problems, "  "+err.Error())
			continue
		}
		found := -1
		for i, f := range got {
			if !matched[i] && Place(f) == w.place && strings.Contains(oneLine(f.Message), w.text) {
				found = i
				break
			}
		}
		if found < 0 {
			problems = append(problems, "  missing: "+line+closest(w, got, matched))
			continue
		}
		matched[found] = true
	}
	for i, f := range got {
		if !matched[i] {
			problems = append(problems, "  unexpected: "+Place(f)+": "+f.Message)
		}
	}
	return problems
}

// closest shows the message of an unmatched finding at the same place, the
// usual reason a want line does not match: its text changed.
func closest(w wantLine, got []finding.Finding, matched []bool) string {
	for i, f := range got {
		if !matched[i] && Place(f) == w.place {
			return "\n    (the finding there says: " + f.Message + ")"
		}
	}
	return ""
}

// rewriteWant replaces the case's want section with got, keeping the text
// of each old line that still matches and taking the first clause of the
// message for new ones.
func rewriteWant(file string, c *Case, got []finding.Finding) error {
	var old []wantLine
	for _, line := range c.Want {
		if w, err := parseWant(line); err == nil {
			old = append(old, w)
		}
	}
	sorted := slices.Clone(got)
	finding.Sort(sorted)
	var lines []string
	for _, f := range sorted {
		text := ""
		for i, w := range old {
			if w.place == Place(f) && strings.Contains(oneLine(f.Message), w.text) {
				text = w.text
				old = slices.Delete(old, i, i+1)
				break
			}
		}
		if text == "" {
			text = firstClause(f.Message)
		}
		lines = append(lines, Place(f)+": "+text)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	i := bytes.Index(data, []byte("\n-- want --\n"))
	if i < 0 {
		return fmt.Errorf("%s: no want section to rewrite", file)
	}
	rest := data[i+len("\n-- want --\n"):]
	tail := []byte{}
	if j := bytes.Index(rest, []byte("\n-- ")); j >= 0 {
		tail = rest[j:]
	}
	out := append(slices.Clone(data[:i+len("\n-- want --\n")]), strings.Join(lines, "\n")...)
	if len(lines) > 0 {
		out = append(out, '\n')
	}
	out = append(out, bytes.TrimPrefix(tail, []byte("\n"))...)
	return os.WriteFile(file, out, 0o644)
}

// oneLine is a message with its runs of white space as single spaces, as
// the want lines hold them.
func oneLine(msg string) string { return strings.Join(strings.Fields(msg), " ") }

// firstClause is the part of a message before its first ": ", the part
// that says what is wrong, cut at a word boundary if long.
func firstClause(msg string) string {
	if i := strings.Index(msg, ": "); i > 0 {
		msg = msg[:i]
	}
	words := strings.Fields(msg)
	for len(words) > 1 && len(strings.Join(words, " ")) > 72 {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
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

// WriteFiles writes files (slash-separated name → content) into a new
// temporary folder, making the folders the names hold, and returns it.
func WriteFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	WriteTree(t, dir, files)
	return dir
}

// WriteTree writes files (slash-separated name → content) below root,
// making the folders the names hold.
func WriteTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
