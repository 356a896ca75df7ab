// Command wasmsize says what each package adds to the WebAssembly module:
// it builds cmd/remixlet-wasm as the release does (GOOS=js GOARCH=wasm,
// -s -w, the release's -gcflags) for the size shipped, raw and with gzip -9, and once more with
// the function names kept, whose name section maps every function body of
// the code section to its package. Go's own `go tool nm` does not read
// WebAssembly.
//
//	go run ./tools/wasmsize            # from the repository's root
//	go run ./tools/wasmsize -top 60    # more packages
//	go run ./tools/wasmsize -funcs init # the largest functions whose name holds "init"
//	go run ./tools/wasmsize -gcflags=all=-l   # other compiler flags than the release's, to measure them
//
// The data section (type descriptors, the function tables, constants) is
// not split by package; it grows and shrinks with the code it describes.
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

const wasmCmd = "./cmd/remixlet-wasm"

func main() {
	top := flag.Int("top", 40, "how many packages (or functions) to list")
	funcs := flag.String("funcs", "", "list the largest functions whose name holds this `text` too (slices.pdqsort, .init)")
	flag.StringVar(&gcflags, "gcflags", releaseGCFlags, "compiler `flags` for both builds, as go build -gcflags takes them, one pattern=flags per space-separated entry")
	flag.Parse()
	if err := run(os.Stdout, *top, *funcs); err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %v\n", err)
		os.Exit(2)
	}
}

func run(w io.Writer, top int, funcs string) error {
	dir, err := os.MkdirTemp("", "wasmsize")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	shipped, named := filepath.Join(dir, "shipped.wasm"), filepath.Join(dir, "named.wasm")
	if err := build(shipped, "-s -w -buildid="); err != nil {
		return err
	}
	if err := build(named, "-buildid="); err != nil {
		return err
	}
	pkgs, err := packages()
	if err != nil {
		return err
	}
	data, err := os.ReadFile(shipped)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	withNames, err := os.ReadFile(named)
	if err != nil {
		return err
	}
	m, err := Parse(withNames)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "module: %d bytes (%.2f MB), %d with gzip -9\n", len(data), float64(len(data))/1e6, gz.Len())
	fmt.Fprintf(w, "code section: %d bytes, data section: %d bytes\n\n", m.Code, m.Data)
	writeTable(w, "package", ByPackage(m.Functions, pkgs.paths()), top)
	fmt.Fprintln(w)
	writeTable(w, "module", ByModule(m.Functions, pkgs), top)
	if funcs != "" {
		fmt.Fprintln(w)
		writeTable(w, "function", Matching(m.Functions, funcs), top)
	}
	return nil
}

// Matching is every function whose name holds text, largest first.
func Matching(fns []Function, text string) []Row {
	var rows []Row
	for _, f := range fns {
		if strings.Contains(f.Name, text) {
			rows = append(rows, Row{f.Name, f.Size})
		}
	}
	slices.SortFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(b.Bytes, a.Bytes), strings.Compare(a.Name, b.Name))
	})
	return rows
}

func writeTable(w io.Writer, what string, rows []Row, top int) {
	fmt.Fprintf(w, "%10s  %s (function bodies)\n", "bytes", what)
	for i, r := range rows {
		if i == top {
			rest := 0
			for _, r := range rows[i:] {
				rest += r.Bytes
			}
			fmt.Fprintf(w, "%10d  (%d more)\n", rest, len(rows)-i)
			break
		}
		fmt.Fprintf(w, "%10d  %s\n", r.Bytes, r.Name)
	}
}

// releaseGCFlags are tools/release's WasmGCFlags (a test holds the two
// together): the module's compiler flags as released.
const releaseGCFlags = "github.com/evanw/esbuild/internal/...=-l github.com/remixlet/remixlet/netrules=-l github.com/remixlet/remixlet/scriptlint=-l github.com/remixlet/remixlet/report=-l github.com/remixlet/remixlet/activation=-l github.com/remixlet/remixlet/manifest=-l github.com/remixlet/remixlet/internal/schema=-l github.com/remixlet/remixlet/finding=-l github.com/remixlet/remixlet/analysis=-l"

// gcflags are the compiler flags of both builds (-gcflags).
var gcflags string

func build(out, ldflags string) error {
	args := []string{"build", "-trimpath", "-buildvcs=false"}
	for _, f := range strings.Fields(gcflags) {
		args = append(args, "-gcflags", f) // (one per pattern, as the release passes them)
	}
	cmd := exec.Command("go", append(args, "-ldflags", ldflags, "-o", out, wasmCmd)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", wasmCmd, err)
	}
	return nil
}

// pkgList is every package the module links, with its module ("std" for
// the standard library).
type pkgList []struct{ path, module string }

func (l pkgList) paths() []string {
	out := make([]string, len(l))
	for i, p := range l {
		out[i] = p.path
	}
	return out
}

func packages() (pkgList, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{with .Module}}{{.Path}}{{else}}std{{end}}", wasmCmd)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var l pkgList
	for line := range strings.Lines(string(out)) {
		path, module, _ := strings.Cut(strings.TrimSpace(line), " ")
		l = append(l, struct{ path, module string }{path, module})
	}
	return l, nil
}

// Module is what Parse reads from a WebAssembly binary.
type Module struct {
	Code, Data int        // the sizes of the code and data sections
	Functions  []Function // every function body, in the code section's order
}

// Function is one function body and the name the name section gives it
// ("" when it has none).
type Function struct {
	Name string
	Size int // the body's bytes, with its length prefix
}

var errFormat = errors.New("not a WebAssembly binary this reader understands")

// reader reads the binary format's LEB128 numbers and names.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<31 {
		r.err, r.b = errFormat, nil
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n > len(r.b) {
		r.err, r.b = errFormat, nil
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) byte() byte {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// Parse reads the sections of a WebAssembly binary: the number of
// imported functions (they come first in the function index space), the
// bodies of the code section and the function names of the name section.
func Parse(b []byte) (*Module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errFormat
	}
	m := &Module{}
	r := &reader{b: b[8:]}
	imported := 0
	names := map[int]string{}
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		sec := &reader{b: r.bytes(r.uint())}
		switch id {
		case 2: // imports
			for range sec.uint() {
				sec.bytes(sec.uint()) // module
				sec.bytes(sec.uint()) // name
				if kind := sec.byte(); kind != 0 {
					return nil, fmt.Errorf("%w: an import of kind %d", errFormat, kind)
				}
				sec.uint() // the function's type
				imported++
			}
		case 10: // code
			m.Code = len(sec.b)
			for range sec.uint() {
				before := len(sec.b)
				sec.bytes(sec.uint())
				m.Functions = append(m.Functions, Function{Size: before - len(sec.b)})
			}
		case 11: // data
			m.Data = len(sec.b)
		case 0: // custom
			if string(sec.bytes(sec.uint())) != "name" {
				continue
			}
			for len(sec.b) > 0 && sec.err == nil {
				kind := sec.byte()
				sub := &reader{b: sec.bytes(sec.uint())}
				if kind != 1 { // function names
					continue
				}
				for range sub.uint() {
					index := sub.uint()
					names[index] = string(sub.bytes(sub.uint()))
				}
				if sub.err != nil {
					return nil, sub.err
				}
			}
		}
		if r.err == nil {
			r.err = sec.err
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	for i := range m.Functions {
		m.Functions[i].Name = names[imported+i]
	}
	return m, nil
}

// Row is one line of a table: a package or module and its bytes.
type Row struct {
	Name  string
	Bytes int
}

// mangle is how the Go linker writes a package path in a WebAssembly
// function name: "golang.org/x/net/html" as "golang.org_x_net_html".
func mangle(path string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '-' {
			return '_'
		}
		return r
	}, path)
}

// ByPackage sums the function bodies by the package each belongs to: the
// longest package path whose mangled form prefixes the name, followed by
// a dot. A generic function's instance counts for the package that
// declares the function; the linker's own (type equality, wrappers) and
// the runtime's assembly count as "(linker)".
func ByPackage(fns []Function, paths []string) []Row {
	byMangled := map[string]string{}
	for _, p := range paths {
		byMangled[mangle(p)] = p
	}
	sums := map[string]int{}
	for _, f := range fns {
		sums[packageOf(f.Name, byMangled)] += f.Size
	}
	return sorted(sums)
}

func packageOf(name string, byMangled map[string]string) string {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '.' {
			continue
		}
		if p, ok := byMangled[name[:i]]; ok {
			return p
		}
	}
	return "(linker)"
}

// ByModule sums the packages' rows by module.
func ByModule(fns []Function, pkgs pkgList) []Row {
	moduleOf := map[string]string{}
	for _, p := range pkgs {
		moduleOf[p.path] = p.module
	}
	sums := map[string]int{}
	for _, r := range ByPackage(fns, pkgs.paths()) {
		sums[cmp.Or(moduleOf[r.Name], r.Name)] += r.Bytes
	}
	return sorted(sums)
}

func sorted(sums map[string]int) []Row {
	rows := make([]Row, 0, len(sums))
	for name, n := range sums {
		rows = append(rows, Row{name, n})
	}
	slices.SortFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(b.Bytes, a.Bytes), strings.Compare(a.Name, b.Name))
	})
	return rows
}
