package sandboxapi

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/remixlet/remixlet/internal/docsync"
	"github.com/remixlet/remixlet/manifest"
)

var update = flag.Bool("update", false, "rewrite docs/api.md's generated reference")

// TestDocsAPI keeps docs/api.md generated from the table:
// go test ./sandboxapi -run DocsAPI -update rewrites it.
func TestDocsAPI(t *testing.T) {
	docsync.Section(t, "../docs/api.md", "api-reference", Markdown(), *update)
}

func TestTableIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	handleNames := map[string]bool{}
	for _, h := range handles {
		handleNames[h.Name] = true
	}
	permissions := []string{manifest.Storage, manifest.Clipboard, manifest.Notifications, manifest.Menu, manifest.Schedule, manifest.Fetch, manifest.NetworkObserve}
	for _, m := range table {
		if seen[m.Path] {
			t.Errorf("%s is listed twice", m.Path)
		}
		seen[m.Path] = true
		if !slices.Contains(manifest.Known, m.Since) {
			t.Errorf("%s: since %s is not a release this toolchain knows", m.Path, m.Since)
		}
		if m.Doc == "" || strings.Contains(m.Doc, "\n") || !strings.HasSuffix(m.Doc, ".") {
			t.Errorf("%s: the doc must be one sentence-like line ending in a period: %q", m.Path, m.Doc)
		}
		if m.Permission != "" && !slices.Contains(permissions, m.Permission) {
			t.Errorf("%s needs %q, which is not a permission a service needs", m.Path, m.Permission)
		}
		switch m.Kind {
		case Namespace:
			if m.Signature != "" {
				t.Errorf("%s: a namespace has no signature", m.Path)
			}
		case Function, Method:
			if !strings.HasPrefix(m.Signature, "(") || !strings.Contains(m.Signature, "):") {
				t.Errorf("%s: signature %q is not (params): result", m.Path, m.Signature)
			}
		case Property:
			if m.Signature == "" {
				t.Errorf("%s: a property needs a type", m.Path)
			}
		default:
			t.Errorf("%s: no kind", m.Path)
		}
		parent := m.Parent()
		if m.Kind == Method {
			if !strings.Contains(m.Path, "#") || !handleNames[parent] {
				t.Errorf("%s: a method belongs to a handle type (dom.Handle#name)", m.Path)
			}
			continue
		}
		if strings.Contains(m.Path, "#") {
			t.Errorf("%s: only methods are named with #", m.Path)
		}
		if parent == "" {
			if !slices.Contains(Roots, m.Path) || m.Kind != Namespace {
				t.Errorf("%s: the top level holds only the namespaces dom and rmx", m.Path)
			}
			continue
		}
		p, ok := byPath[parent]
		if !ok || p.Kind != Namespace || !seen[parent] {
			t.Errorf("%s: its namespace %s must come earlier in the table", m.Path, parent)
			continue
		}
		if p.Permission != "" && m.Permission != p.Permission {
			t.Errorf("%s needs %q but its namespace needs %q: a namespace's members need its permission", m.Path, m.Permission, p.Permission)
		}
		if m.Since.Less(p.Since) {
			t.Errorf("%s (since %s) is older than its namespace (since %s)", m.Path, m.Since, p.Since)
		}
	}
	for _, root := range Roots {
		if m, ok := byPath[root]; !ok || m.Permission != "" {
			t.Errorf("%s must be in the table and need no permission (SPEC: every dom call, rmx.keep and rmx.log need none)", root)
		}
	}
	for _, h := range slices.Concat(handles, types) {
		if !slices.Contains(Roots, parentOf(h.Name)) {
			t.Errorf("type %s must live in dom or rmx", h.Name)
		}
		if _, clash := byPath[h.Name]; clash {
			t.Errorf("type %s has the path of a member", h.Name)
		}
	}
}

// TestPermissionsFromSpec checks the table against SPEC section 1's
// permission table: which service each permission grants.
func TestPermissionsFromSpec(t *testing.T) {
	want := map[string]string{
		"rmx.storage.get":     manifest.Storage,
		"rmx.storage.set":     manifest.Storage,
		"rmx.clipboard.write": manifest.Clipboard,
		"rmx.notify":          manifest.Notifications,
		"rmx.menu.add":        manifest.Menu,
		"rmx.schedule.notify": manifest.Schedule,
		"rmx.fetch":           manifest.Fetch,
		"rmx.network.observe": manifest.NetworkObserve,
		"rmx.keep":            "",
		"rmx.log":             "",
		"dom.query":           "",
		"dom.create":          "",
		"dom.addStyle":        "",
	}
	for path, perm := range want {
		if got := PermissionOf(path); got != perm {
			t.Errorf("PermissionOf(%s) = %q, want %q", path, got, perm)
		}
	}
	if got := PermissionOf("rmx.storage.get.call"); got != manifest.Storage {
		t.Errorf("a property of a member needs the member's permission: got %q", got)
	}
	if m, _ := Lookup("rmx.fetch"); m.PermissionText() != "fetch:HOST" {
		t.Errorf("rmx.fetch's permission is written %q", m.PermissionText())
	}
	// The clipboard is write only (SPEC): nothing reads it.
	for _, m := range Children("rmx.clipboard") {
		if m.Name() != "write" {
			t.Errorf("%s: the clipboard permission grants writing only", m.Path)
		}
	}
}

// apiUse finds dom.x.y and rmx.x.y in text, not preceded by a character
// that makes them part of another name (react-dom.development.js).
var apiUse = regexp.MustCompile(`(?:^|[^\w$.\-/])((?:dom|rmx)(?:\.[A-Za-z_$][\w$]*)+)`)

// TestCoversEveryUseInTheProject reads every dom/rmx path the project's
// test data, examples, analyzers and docs use and checks that the table
// knows it: a realistic remixlet that passes today must not be refused for
// an unknown member tomorrow.
func TestCoversEveryUseInTheProject(t *testing.T) {
	roots := []string{"../testdata", "../scriptlint", "../cssguard", "../manifest", "../netrules", "../analysis", "../examples", "../bundle", "../cmd", "../docs", "../lint", "../report", "../digest", "../store", "../activation", "../README.md", "../CONTRIBUTING.md"}
	uses := map[string]string{}
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			switch filepath.Ext(path) {
			case ".go", ".txtar", ".js", ".ts", ".md", ".css", ".json":
			default:
				return nil
			}
			if filepath.Base(path) == "unknown-api.txtar" {
				return nil // the script lint's case of misspelled members, on purpose
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range apiUse.FindAllStringSubmatch(string(data), -1) {
				uses[strings.TrimSuffix(m[1], ".")] = path
			}
			return nil
		})
	}
	if len(uses) < 15 {
		t.Fatalf("found only %d uses of dom/rmx: the scan is broken", len(uses))
	}
	for use, file := range uses {
		// Type names (dom.Handle) appear in TypeScript annotations and docs.
		if name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(use, "dom."), "rmx."), "."); name != "" {
			if _, isType := LookupType(use[:strings.IndexByte(use, '.')+1] + name); isType {
				continue
			}
		}
		// Properties of a function value (rmx.fetch.call) are not members.
		if unknown, ok := Unknown(use); ok {
			t.Errorf("%s (in %s): %s is not in the API table", use, file, unknown)
		}
	}
	// The handle methods the script lint checks by name.
	for _, name := range []string{"setAttribute", "setAttributeNS", "setHTML", "insertHTML", "appendHTML", "prependHTML"} {
		if _, ok := Lookup("dom.Handle#" + name); !ok {
			t.Errorf("dom.Handle#%s is missing: the script lint checks it", name)
		}
	}
}

func TestUnknownAndSuggest(t *testing.T) {
	cases := []struct{ path, unknown, suggest string }{
		{"rmx.storag.get", "rmx.storag", "rmx.storage.get"},
		{"dom.queryAl", "dom.queryAl", "dom.queryAll"},
		{"dom.queryall", "dom.queryall", "dom.queryAll"},
		{"rmx.Storage.get", "rmx.Storage", "rmx.storage.get"},
		{"rmx.storage.gte", "rmx.storage.gte", "rmx.storage.get"},
		{"rmx.clipbaord.write", "rmx.clipbaord", "rmx.clipboard.write"},
		{"rmx.query", "rmx.query", "dom.query"},
		{"dom.fetch", "dom.fetch", "rmx.fetch"},
		{"dom.querySelector", "dom.querySelector", ""},
		{"rmx.storage.get", "", ""},
		{"rmx.fetch.call", "", ""},     // a property of a function
		{"rmx.version.length", "", ""}, // a property of a property's value
		{"dom", "", ""},
		{"document.title", "", ""},
	}
	for _, c := range cases {
		unknown, _ := Unknown(c.path)
		if unknown != c.unknown {
			t.Errorf("Unknown(%q) = %q, want %q", c.path, unknown, c.unknown)
		}
		if c.unknown == "" {
			continue
		}
		if got := Suggest(c.path); got != c.suggest {
			t.Errorf("Suggest(%q) = %q, want %q", c.path, got, c.suggest)
		}
	}
}

func TestResolve(t *testing.T) {
	m, rest, ok := Resolve("rmx.storage.get.call")
	if !ok || m.Path != "rmx.storage.get" || rest != "call" {
		t.Errorf("Resolve = %s, %q, %v", m.Path, rest, ok)
	}
	if _, _, ok := Resolve("window.rmx"); ok {
		t.Error("a path outside dom and rmx resolved")
	}
	if m, ok := Lookup("dom.Handle#click"); !ok || m.Kind != Method || m.Parent() != "dom.Handle" || m.Name() != "click" {
		t.Errorf("Lookup(dom.Handle#click) = %+v, %v", m, ok)
	}
	if _, ok := Lookup("dom.Handle"); ok {
		t.Error("a type is not a member code can reach")
	}
}

func TestAvailableIn(t *testing.T) {
	m, _ := Lookup("dom.waitFor")
	if m.AvailableIn(manifest.Version{Major: 1}) || !m.AvailableIn(manifest.Current) {
		t.Errorf("dom.waitFor (since %s) availability is wrong", m.Since)
	}
}

// TestTypeScriptDeclaresEveryMember checks the declarations against the
// table, and that they parse as TypeScript (esbuild's parser, the one the
// build uses).
func TestTypeScriptDeclaresEveryMember(t *testing.T) {
	ts := TypeScript()
	res := api.Transform(ts, api.TransformOptions{Loader: api.LoaderTS, Sourcefile: DeclarationsFile})
	for _, e := range res.Errors {
		t.Errorf("%s:%d: %s", DeclarationsFile, e.Location.Line, e.Text)
	}
	for _, m := range table {
		var decl string
		switch m.Kind {
		case Namespace:
			decl = "namespace " + m.Name() + " {"
		case Function:
			decl = "function " + m.Name() + m.Signature + ";"
		case Property:
			decl = "const " + m.Name() + ": " + m.Signature + ";"
		case Method:
			decl = "  " + m.Name() + m.Signature + ";"
		}
		if !strings.Contains(ts, decl) {
			t.Errorf("the declarations lack %s (%q)", m.Path, decl)
		}
	}
	for _, h := range slices.Concat(handles, types) {
		if !strings.Contains(ts, " "+lastName(h.Name)+" ") {
			t.Errorf("the declarations lack the type %s", h.Name)
		}
	}
}

func TestMarkdownListsEveryMember(t *testing.T) {
	md := Markdown()
	for _, m := range table {
		if m.Kind == Method {
			if !strings.Contains(md, "`"+cell(m.Name()+m.Signature)+"`") {
				t.Errorf("the reference lacks %s", m.Path)
			}
			continue
		}
		if !strings.Contains(md, "`"+m.Path) {
			t.Errorf("the reference lacks %s", m.Path)
		}
	}
}
