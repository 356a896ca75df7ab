package remixletbridge

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/internal/js_ast"
)

// regexpsByParser lists where esbuild's parser found regular expressions,
// by walking every field of the tree with reflection (the test does not
// trust the lint's visitor to be complete).
func regexpsByParser(t testing.TB, src string) ([]int, bool) {
	r := ParseModule(src)
	if !r.OK {
		return nil, false
	}
	for _, m := range r.Messages {
		if m.Error {
			return nil, false
		}
	}
	var offs []int
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if v.Type() == reflect.TypeOf(js_ast.Expr{}) {
				e := v.Interface().(js_ast.Expr)
				if _, ok := e.Data.(*js_ast.ERegExp); ok {
					offs = append(offs, int(e.Loc.Start))
				}
			}
			if v.Type() == reflect.TypeOf(js_ast.Scope{}) {
				return // scopes point back up the tree
			}
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			// symbol tables and the like: no expressions
		}
	}
	walk(reflect.ValueOf(r.AST.Parts))
	slices.Sort(offs)
	return slices.Compact(offs), true
}

func regexpsByScan(src string) []int {
	s := scanner{limit: 1 << 30, regexps: []int{}}
	s.run(src)
	return s.regexps
}

// agreeOnRegexps checks the scan against the parser in both directions.
// Every regular expression the parser kept must be one the scan read. The
// parser folds some away (!/re/ is false), so instead of comparing sets,
// each one the scan read is replaced by a placeholder operand of the same
// length: if the scan read a division as a regular expression, the
// placeholder stands where an operator belongs and the parse fails.
func agreeOnRegexps(t *testing.T, src string) {
	t.Helper()
	want, ok := regexpsByParser(t, src)
	if !ok {
		return
	}
	s := scanner{limit: 1 << 30, regexps: []int{}, regexpEnds: []int{}}
	s.run(src)
	for _, off := range want {
		if !slices.Contains(s.regexps, off) {
			t.Errorf("%q: the parser read a regular expression at %d, the scan did not (scan: %v)", src, off, s.regexps)
		}
	}
	b := []byte(src)
	for i, off := range s.regexps {
		end := s.regexpEnds[i]
		b[off], b[off+1] = ' ', 'Q' // a space keeps "case/re/" two tokens
		for j := off + 2; j < end; j++ {
			b[j] = '_'
		}
	}
	if _, ok := regexpsByParser(t, string(b)); !ok {
		t.Errorf("%q: with the scan's regular expressions replaced by operands the parse fails: %q", src, b)
	}
}

// slashCases are the places where a "/" could start a regular expression
// or divide; the scan must decide each as esbuild's parser does, or it
// could count (or skip) the wrong text.
var slashCases = []string{
	"a / b / c",
	"x = /re/g.test(s)",
	"if (a) /re/.test(b)",
	"while (a) /re/.exec(b)",
	"for (;;) /re/.exec(b)",
	"for (const x of y) /re/.exec(x)",
	"for await (const x of y) /re/.exec(x)",
	"for (const x of /re/g.exec(s)) f(x)",
	"(a) / 2",
	"f() / 2",
	"a[0] / 2",
	"{} /re/.test(s)",
	"x = {} / 2",
	"function f(){}\n/re/.test(s)",
	"x = function(){} / 2",
	"x = function f(){} / 2",
	"class A {}\n/re/.test(s)",
	"x = class {} / 2",
	"x = class extends B {} / 2",
	"x = class A extends {a: 1}.constructor {} / 2",
	"x = a => {}\n/re/.test(s)",
	"async function f(){ await /re/.exec(s) }",
	"function* g(){ yield /re/g }",
	"x = typeof /re/",
	"x = a ? /b/ : /c/",
	"x = a.return / 2",
	"x = a.if / b.typeof / 2",
	"x = this / 2",
	"x = a++ / 2",
	"x = a\n++b / 2",
	"x = `a${b}c` / 2",
	"x = `a${/re/}c` / 2",
	"x = `a${ {a:1}.a / 2 }c`",
	"switch (a) { case /re/: break; default: /x/ }",
	"label: /re/.test(s)",
	"x = {a: /re/}",
	"x = [/a/, /b/ / 2]",
	"x = a\n/b/g",
	"if (a) {} else /re/.test(s)",
	"do /re/.test(s); while (a) /re/.test(s)",
	"do {} while (a) /re/.test(s)",
	"try {} catch (e) {} /re/.test(s)",
	"try {} finally {} /re/.test(s)",
	"x = function(){ return /re/ }",
	"x = () => /re/",
	"x = (a) => a / 2",
	"export default /re/",
	"export function f(){}\n/re/.test(s)",
	"export default function(){}\n/re/.test(s)",
	"export default class {}\n/re/.test(s)",
	"export default {} / 2",
	"import {a} from 'x'\n/re/.test(a)",
	"x = a /= 2",
	"x = /=/.test(s)",
	"x = /[/]/.test(s)",
	"x = /[\\]/]/.test(s)",
	"x = 1 /*c*/ / 2",
	"x = a; // comment\n/re/.test(s)",
	"import 'x'\n/re/.test(a)",
	"export * from 'x'\n/re/.test(a)",
	"export {a} from 'x'\n/re/.test(a)",
	"import a from 'x' with { type: 'json' }\n/re/.test(a)",
	"const a = 1; export {a}\n/re/.test(a)",
	"x = async / 2",
	"async\nfunction f(){}\n/re/.test(s)",
	"x = of / 2",
	"class A { static {} }\n/re/.test(s)",
	"class A { m(){} }\n/re/.test(s)",
	"class A { static m(){} }\n/re/.test(s)",
	"class A { #p = /re/; m(){ return #p in this } }",
	"function f(){ x = new.target / 2 }",
	"x = import.meta / 2",
	"x = a?.b / 2",
	"x = a?.[0] / 2",
	"x = a?.() / 2",
	"x = 1n / 2n",
	"x = 'a' / 2",
	"x = void /re/",
	"x = !/re/.test(s)",
	"x = a in /re/",
	"throw /re/",
	"x = {a(){}}.a / 2",
	"x = a => ({}) / 2",
	"a\n{}\n/re/.test(s)",
	"a: {}\n/re/.test(s)",
	"x = a ? {} / 2 : {}",
	"x = case1 / 2",
	"if (a) x = {}\n/re/g",
	"x = y\n/re/g.test(s)",
	"x = `${`${/a/}`}` / 2",
}

func TestScanReadsRegexpsAsTheParser(t *testing.T) {
	for _, src := range slashCases {
		want, ok := regexpsByParser(t, src)
		if !ok {
			t.Errorf("case does not parse without errors (fix the case): %q", src)
			continue
		}
		if got := regexpsByScan(src); !slices.Equal(got, want) {
			t.Errorf("%q: scan read regular expressions at %v, the parser at %v", src, got, want)
		}
		agreeOnRegexps(t, src)
	}
}

func FuzzScanReadsRegexpsAsTheParser(f *testing.F) {
	for _, src := range slashCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		if n := ScanNesting(src, 200); n.Exceeded {
			return // too deep to parse safely
		}
		agreeOnRegexps(t, src)
	})
}

func TestNestingOfOrdinaryCode(t *testing.T) {
	src := strings.Repeat("const a = f(x, y) + g(z);\nif (a) { b() } else { c() }\n", 5000)
	if n := ScanNesting(src, 1<<30); n.Depth > 20 {
		t.Errorf("ordinary statements should stay shallow, got depth %d at %d", n.Depth, n.Offset)
	}
}
