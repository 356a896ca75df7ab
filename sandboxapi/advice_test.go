package sandboxapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/scriptlint"
	_ "github.com/remixlet/remixlet/workspace" // every rule registered
)

// The advice a finding gives must name calls the API has: an agent that
// follows it must not be sent to textContent or innerText, which the
// sandbox does not have, or to a dom or rmx member that does not exist.

var (
	apiPath    = regexp.MustCompile(`\b(?:dom|rmx)(?:\.[A-Za-z_$][\w$]*)+`)
	handleCall = regexp.MustCompile(`\b([A-Z][A-Za-z]*)\.([a-z][A-Za-z]*)\(`)
	word       = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
)

// domOnly are members of the browser's DOM that the sandbox does not
// offer: advice that names one (unless as a Handle method the API has)
// sends the reader to a call that does not exist.
var domOnly = []string{
	"textContent", "innerText", "innerHTML", "outerHTML", "outerText", "appendChild",
	"removeChild", "replaceChild", "insertBefore", "createElement", "createTextNode", "querySelector",
	"querySelectorAll", "getElementById", "getElementsByClassName", "addEventListener",
	"removeEventListener", "insertAdjacentHTML", "insertAdjacentText", "classList", "dataset", "nodeValue",
}

// checkAdvice reports every API path in text that names no member, every
// Type.method( call of an API type that names no method, and every DOM
// member the sandbox lacks.
func checkAdvice(t *testing.T, where, text string) {
	t.Helper()
	for _, p := range apiPath.FindAllString(text, -1) {
		p = strings.TrimRight(p, ".")
		if _, ok := sandboxapi.Lookup(p); !ok {
			t.Errorf("%s names %s, which the API does not have: %q", where, p, text)
		}
	}
	for _, m := range handleCall.FindAllStringSubmatch(text, -1) {
		for _, root := range sandboxapi.Roots {
			if _, ok := sandboxapi.LookupType(root + "." + m[1]); !ok {
				continue
			}
			if _, ok := sandboxapi.Lookup(root + "." + m[1] + "#" + m[2]); !ok {
				t.Errorf("%s names %s.%s(), which %s.%s does not have: %q", where, m[1], m[2], root, m[1], text)
			}
		}
	}
	for _, w := range word.FindAllString(text, -1) {
		for _, d := range domOnly {
			if w == d && !strings.Contains(text, "Handle."+d) {
				t.Errorf("%s advises %s, which the sandbox does not have (use the dom API: Handle.setText(), dom.create): %q", where, w, text)
			}
		}
	}
}

func TestEveryFixNamesTheAPI(t *testing.T) {
	for _, r := range finding.Rules() {
		checkAdvice(t, r.ID+" (fix)", r.Fix)
	}
	for _, o := range scriptlint.OutsideGlobals {
		checkAdvice(t, "what to use instead of "+o.Name, o.UseInstead)
	}
}

// TestEveryMessageNamesTheAPI reads every string literal in the checks'
// sources (the messages findings carry, built with fmt) and holds the
// API paths and DOM names in them to the same standard as the fixes.
func TestEveryMessageNamesTheAPI(t *testing.T) {
	var dirs []string
	for _, pkg := range []string{"scriptlint", "cssguard", "manifest", "netrules", "config", "bundle", "decision", "analysis", "workspace", "approval", "activation", "site"} {
		dirs = append(dirs, filepath.Join("..", pkg))
	}
	fset := token.NewFileSet()
	literals := 0
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no sources in %s", dir)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !strings.Contains(s, " ") {
					return true // not prose: a name the code matches on
				}
				literals++
				checkAdvice(t, fset.Position(lit.Pos()).String(), s)
				return true
			})
		}
	}
	if literals < 100 {
		t.Fatalf("read only %d messages: the sources moved?", literals)
	}
}
