package main

import (
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func section(id byte, body []byte) []byte {
	return append(binary.AppendUvarint([]byte{id}, uint64(len(body))), body...)
}

func name(s string) []byte { return append(binary.AppendUvarint(nil, uint64(len(s))), s...) }

// module is a binary with one imported function, three bodies (of 3, 5
// and 2 bytes with their length prefix) and names for all four.
func module() []byte {
	imports := binary.AppendUvarint(nil, 1)
	imports = append(imports, name("go")...)
	imports = append(imports, name("debug")...)
	imports = append(imports, 0, 0) // a function of type 0
	code := binary.AppendUvarint(nil, 3)
	for _, body := range [][]byte{{0, 0x0b}, {0, 1, 1, 0x0b}, {0x0b}} {
		code = append(binary.AppendUvarint(code, uint64(len(body))), body...)
	}
	names := binary.AppendUvarint(nil, 4)
	for i, n := range []string{"debug", "github.com_a_b_go_x.F", "github.com_a_b_go_x_sub.(*T).M.func1", "type:.eq.x"} {
		names = binary.AppendUvarint(names, uint64(i))
		names = append(names, name(n)...)
	}
	custom := append(name("name"), section(1, names)...)
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, section(2, imports)...)
	b = append(b, section(10, code)...)
	b = append(b, section(11, []byte{0, 0, 0, 0})...)
	return append(b, section(0, custom)...)
}

func TestParse(t *testing.T) {
	m, err := Parse(module())
	if err != nil {
		t.Fatal(err)
	}
	want := []Function{{"github.com_a_b_go_x.F", 3}, {"github.com_a_b_go_x_sub.(*T).M.func1", 5}, {"type:.eq.x", 2}}
	if !slices.Equal(m.Functions, want) || m.Code != 11 || m.Data != 4 {
		t.Errorf("Parse = %+v", m)
	}
	for _, bad := range [][]byte{nil, []byte("\x7fELF\x02\x01\x01\x00"), module()[:20]} {
		if _, err := Parse(bad); !errors.Is(err, errFormat) {
			t.Errorf("Parse(%q) = %v, want errFormat", bad, err)
		}
	}
}

// Each body counts for the longest package path its name starts with;
// a '-' and a '/' are both '_' in the names.
func TestByPackage(t *testing.T) {
	m, err := Parse(module())
	if err != nil {
		t.Fatal(err)
	}
	pkgs := pkgList{{"github.com/a/b-go/x", "github.com/a/b-go"}, {"github.com/a/b-go/x/sub", "github.com/a/b-go"}}
	got := ByPackage(m.Functions, pkgs.paths())
	want := []Row{{"github.com/a/b-go/x/sub", 5}, {"github.com/a/b-go/x", 3}, {"(linker)", 2}}
	if !slices.Equal(got, want) {
		t.Errorf("ByPackage = %v, want %v", got, want)
	}
	if got, want := ByModule(m.Functions, pkgs), []Row{{"github.com/a/b-go", 8}, {"(linker)", 2}}; !slices.Equal(got, want) {
		t.Errorf("ByModule = %v, want %v", got, want)
	}
}

// -funcs lists the functions whose name holds the text, largest first.
func TestMatching(t *testing.T) {
	m, err := Parse(module())
	if err != nil {
		t.Fatal(err)
	}
	got := Matching(m.Functions, "go_x")
	want := []Row{{"github.com_a_b_go_x_sub.(*T).M.func1", 5}, {"github.com_a_b_go_x.F", 3}}
	if !slices.Equal(got, want) {
		t.Errorf("Matching = %v, want %v", got, want)
	}
}

// The module is measured as it is released: with the release's compiler
// flags.
func TestReleaseFlags(t *testing.T) {
	src, err := os.ReadFile("../release/main.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := "const WasmGCFlags = " + strconv.Quote(releaseGCFlags) + "\n"; !strings.Contains(string(src), want) {
		t.Errorf("tools/release does not say %s", want)
	}
}
