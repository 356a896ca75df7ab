package main

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

func pe() []byte {
	b := make([]byte, 0x100)
	copy(b, "MZ")
	binary.LittleEndian.PutUint32(b[0x3c:], 0x80)
	copy(b[0x80:], "PE\x00\x00")
	return b
}

func TestCheck(t *testing.T) {
	big := int64(MaxSize + 1)
	files := []File{
		{Path: "remixlet", Mode: "100755", Size: 9 << 20, Head: []byte("\x7fELF\x02\x01\x01")},
		{Path: "lint.test", Mode: "100644", Size: 100, Head: []byte("\x7fELF")},
		{Path: "tool.exe.txt", Mode: "100644", Size: 300, Head: pe()},
		{Path: "mac", Mode: "100644", Size: 300, Head: []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}},
		{Path: "fat", Mode: "100644", Size: 300, Head: []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}},
		{Path: "remixlet.wasm", Mode: "100644", Size: 300, Head: []byte("\x00asm\x01\x00\x00\x00")},
		{Path: "notes.txt", Mode: "100755", Size: 10, Head: []byte("just text")},
		{Path: "huge.json", Mode: "100644", Size: big, Head: []byte("{")},
		{Path: "pkg/testdata/corpus.json", Mode: "100644", Size: big, Head: []byte("[")},
		// Fine: a script, ordinary text, text that starts with MZ, a
		// small file, listed test data.
		{Path: ".ci/run", Mode: "100755", Size: 100, Head: []byte("#!/usr/bin/env bash\n")},
		{Path: "README.md", Mode: "100644", Size: 100, Head: []byte("# remixlet")},
		{Path: "mz.txt", Mode: "100644", Size: 200, Head: append([]byte("MZ is a text"), bytes.Repeat([]byte(" "), 190)...)},
		{Path: "empty", Mode: "100644", Size: 0, Head: nil},
		{Path: "other/testdata/big.css", Mode: "100644", Size: big, Head: []byte("a{}")},
	}
	got := Check(files, []string{"other/testdata/big.css"})
	want := []string{"remixlet is a compiled program (ELF)", "lint.test is a compiled program (ELF)", "tool.exe.txt is a compiled program (PE)",
		"mac is a compiled program (Mach-O)", "fat is a compiled program (Mach-O)", "remixlet.wasm is a compiled program (WebAssembly)",
		"notes.txt is marked executable but is not a script", "huge.json is 4194305 bytes, over the 4 MiB limit",
		"pkg/testdata/corpus.json is 4194305 bytes"}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d = %q, want it to start with %q", i, got[i], want[i])
		}
	}
}

func TestParseAllowList(t *testing.T) {
	got, err := ParseAllowList("# large test data\ncssguard/testdata/realworld/big.css  # a real stylesheet\n\ntestdata/x.bin\n")
	if err != nil || len(got) != 2 || got[0] != "cssguard/testdata/realworld/big.css" || got[1] != "testdata/x.bin" {
		t.Errorf("ParseAllowList = %q, %v", got, err)
	}
	if _, err := ParseAllowList("dist/remixlet\n"); err == nil || !strings.Contains(err.Error(), ":1: dist/remixlet is not in a testdata folder") {
		t.Errorf("a path outside testdata: %v", err)
	}
}

// The repository itself passes: this test runs in CI on every change.
func TestRepository(t *testing.T) {
	t.Chdir("../..")
	files, err := trackedFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("only %d tracked files found", len(files))
	}
	for _, f := range files {
		if f.Path == "LICENSE" && f.Size > 0 && len(f.Head) == int(f.Size) {
			if p := Check(files, nil); len(p) > 0 {
				t.Errorf("the repository has problems:\n%s", strings.Join(p, "\n"))
			}
			return
		}
	}
	t.Error("LICENSE is not tracked, or was not read")
}
