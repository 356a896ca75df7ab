// Command repocheck fails when git tracks what must not be committed: a
// compiled program (ELF, Mach-O, PE or WebAssembly, whatever its name), a
// file with the executable bit that is not a script, or a file larger than
// MaxSize that is not test data named in .ci/large-test-data. A stale
// binary in the repository once gave people false passes; build output
// belongs in ignored folders (dist/, bin/).
//
//	go run ./tools/repocheck     # from the repository's root; .ci/run does
//
// It checks the index (what the next commit holds), reading each blob's
// mode, size and first bytes from git itself.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"
)

// MaxSize is the largest file the repository takes without an exception.
const MaxSize = 4 << 20

// AllowListFile names the large test data the repository takes anyway, one
// path a line ("#" starts a comment). Only files in a testdata folder may
// be listed.
const AllowListFile = ".ci/large-test-data"

// File is one tracked file.
type File struct {
	Path string
	Mode string // git's: 100644, 100755, 120000 (link)
	Size int64
	Head []byte // the first bytes (at least headLen when the file is longer)
}

const headLen = 4096

// Check returns one line per problem, in path order.
func Check(files []File, allowed []string) []string {
	var problems []string
	for _, f := range files {
		if kind := executableKind(f.Head); kind != "" {
			problems = append(problems, fmt.Sprintf("%s is a compiled program (%s): remove it from git (git rm --cached %s) and build it into dist/ or bin/", f.Path, kind, f.Path))
			continue
		}
		if f.Mode == "100755" && !bytes.HasPrefix(f.Head, []byte("#!")) {
			problems = append(problems, fmt.Sprintf("%s is marked executable but is not a script (no #! line): git update-index --chmod=-x %s", f.Path, f.Path))
		}
		if f.Size > MaxSize && !slices.Contains(allowed, f.Path) {
			problems = append(problems, fmt.Sprintf("%s is %d bytes, over the %d MiB limit: keep it out of git, or, if it is test data, put it in a testdata folder and list it in %s", f.Path, f.Size, MaxSize>>20, AllowListFile))
		}
	}
	return problems
}

// executableKind names the executable format whose magic number head
// starts with, or returns "".
func executableKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "ELF"
	case bytes.HasPrefix(head, []byte("\x00asm")):
		return "WebAssembly"
	case len(head) >= 4 && machO(binary.BigEndian.Uint32(head)):
		return "Mach-O"
	case isPE(head):
		return "PE"
	}
	return ""
}

func machO(magic uint32) bool {
	switch magic {
	case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, // 32/64-bit, either byte order
		0xcafebabe, 0xbebafeca: // universal ("fat") binaries; Java class files share it, and do not belong in git either
		return true
	}
	return false
}

// isPE recognises a Windows program: "MZ", and at the offset stored at
// 0x3c the "PE\0\0" signature (a text file that happens to start with MZ
// has no such signature).
func isPE(head []byte) bool {
	if len(head) < 0x40 || !bytes.HasPrefix(head, []byte("MZ")) {
		return false
	}
	off := int(binary.LittleEndian.Uint32(head[0x3c:]))
	return off >= 0x40 && off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00"))
}

// ParseAllowList reads AllowListFile's lines.
func ParseAllowList(text string) ([]string, error) {
	var out []string
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if !slices.Contains(strings.Split(path.Dir(line), "/"), "testdata") {
			return nil, fmt.Errorf("%s:%d: %s is not in a testdata folder: only test data may be large", AllowListFile, i+1, line)
		}
		out = append(out, line)
	}
	return out, nil
}

func main() {
	files, err := trackedFiles()
	if err != nil {
		fmt.Fprintf(os.Stderr, "repocheck: %v\n", err)
		os.Exit(2)
	}
	var allowed []string
	if text, err := os.ReadFile(AllowListFile); err == nil {
		if allowed, err = ParseAllowList(string(text)); err != nil {
			fmt.Fprintf(os.Stderr, "repocheck: %v\n", err)
			os.Exit(1)
		}
	}
	problems := Check(files, allowed)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "repocheck:", p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("repocheck: %d tracked files, no executables, none over %d MiB\n", len(files), MaxSize>>20)
}

// trackedFiles lists the index's regular files with their modes, sizes and
// first bytes, read through one `git cat-file --batch` process.
func trackedFiles() ([]File, error) {
	out, err := exec.Command("git", "ls-files", "--stage", "-z").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w (run it in the repository)", err)
	}
	var files []File
	var objects []string
	for _, rec := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		meta, name, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 {
			return nil, fmt.Errorf("git ls-files: unexpected line %q", rec)
		}
		if fields[0] == "120000" || fields[0] == "160000" { // links and submodules hold no content here
			continue
		}
		files = append(files, File{Path: name, Mode: fields[0]})
		objects = append(objects, fields[1])
	}
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(objects, "\n") + "\n")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := bufio.NewReaderSize(stdout, 1<<16)
	for i := range files {
		header, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		fields := strings.Fields(header) // "<oid> blob <size>"
		if len(fields) != 3 {
			return nil, fmt.Errorf("git cat-file: %s: %q", files[i].Path, header)
		}
		size, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil {
			return nil, err
		}
		files[i].Size = size
		files[i].Head = make([]byte, min(size, headLen))
		if _, err := io.ReadFull(r, files[i].Head); err != nil {
			return nil, err
		}
		if _, err := r.Discard(int(size - int64(len(files[i].Head)) + 1)); err != nil { // the rest and the newline
			return nil, err
		}
	}
	return files, cmd.Wait()
}
