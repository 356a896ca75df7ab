package langserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/langserver"
	"github.com/remixlet/remixlet/workspace"
)

// client is a test client that speaks to a server over a pair of pipes,
// with the framing and messages an editor sends.
type client struct {
	t     *testing.T
	conn  jsonrpc2.Conn
	mu    sync.Mutex
	diags map[string][]protocol.Diagnostic // by file, the last published
	got   chan string                      // each file diagnostics arrive for
	done  chan error
}

// start runs a server in this process on pipes and initializes it with
// root as the workspace folder.
func start(t *testing.T, root string, opts langserver.Options) *client {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	c := &client{t: t, diags: map[string][]protocol.Diagnostic{}, got: make(chan string, 100), done: make(chan error, 1)}
	go func() {
		c.done <- langserver.Serve(context.Background(), serverIn, serverOut, opts)
		serverOut.Close()
	}()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(pipes{clientIn, clientOut}))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Error(err)
			}
			file := filepath.Clean(uri.URI(p.URI).Filename())
			c.mu.Lock()
			c.diags[file] = p.Diagnostics
			c.mu.Unlock()
			c.got <- file
		}
		return nil
	})
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: string(uri.File(root)), Name: "root"}}}, &res)
	if res.ServerInfo == nil || res.ServerInfo.Name != "remixlet" {
		t.Fatalf("initialize: %+v", res)
	}
	c.notify(protocol.MethodInitialized, struct{}{})
	return c
}

type pipes struct {
	io.Reader
	io.WriteCloser
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// waitFor waits until the diagnostics of file satisfy ok, and returns them.
func (c *client) waitFor(file string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		c.mu.Lock()
		d, seen := c.diags[file]
		c.mu.Unlock()
		if seen && ok(d) {
			return d
		}
		select {
		case <-c.got:
		case <-deadline:
			c.t.Fatalf("%s: diagnostics never came as wanted; last: %s", file, describe(d))
		}
	}
}

func (c *client) open(file, text string) {
	c.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: protocol.DocumentURI(uri.File(file)), LanguageID: "javascript", Version: 1, Text: text}})
}

func (c *client) change(file, text string, version int32) {
	c.notify(protocol.MethodTextDocumentDidChange, protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(uri.File(file))}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}}})
}

func (c *client) stop() {
	c.t.Helper()
	c.call(protocol.MethodShutdown, nil, nil)
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("the server ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Error("the server did not exit")
	}
}

func describe(ds []protocol.Diagnostic) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("%d:%d %s: %s", d.Range.Start.Line, d.Range.Start.Character, codeOf(d), d.Message))
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

func codeOf(d protocol.Diagnostic) string { s, _ := d.Code.(string); return s }

func has(rule string) func([]protocol.Diagnostic) bool {
	return func(ds []protocol.Diagnostic) bool {
		for _, d := range ds {
			if codeOf(d) == rule {
				return true
			}
		}
		return false
	}
}

func none(ds []protocol.Diagnostic) bool { return len(ds) == 0 }

// repo writes files under a new repository root.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const manifestJSON = `{
  "name": "News",
  "api": "1.0.2",
  "matches": ["https://news.example.com/*"],
  "permissions": [
    {"permission": "clipboard", "reason": "Copy the headline."}
  ]
}
`

// Diagnostics follow the buffer (open, change), point at the file and
// place they are about, and carry the rule and its documentation.
func TestDiagnosticsFollowTheBuffer(t *testing.T) {
	root := repo(t, map[string]string{
		"remixlets/news/manifest.json": manifestJSON,
		"remixlets/news/script.js":     "rmx.clipboard.write('on disk');\n",
	})
	script := filepath.Join(root, "remixlets/news/script.js")
	manifest := filepath.Join(root, "remixlets/news/manifest.json")
	c := start(t, root, langserver.Options{})
	defer c.stop()

	c.open(script, "rmx.clipboard.write('x');\nconst s = await rmx.storage.get('k');\n")
	ds := c.waitFor(script, has("js/missing-permission"))
	d := ds[0]
	if d.Range.Start.Line != 1 || d.Range.Start.Character != 16 || d.Severity != protocol.DiagnosticSeverityError || d.Source != "remixlet" {
		t.Errorf("the diagnostic is misplaced: %+v", d)
	}
	if d.CodeDescription == nil || !strings.Contains(string(d.CodeDescription.Href), "rules.md#js-missing-permission") {
		t.Errorf("no link to the rule: %+v", d.CodeDescription)
	}
	// The manifest is fine, and not open: nothing is said about it.
	c.mu.Lock()
	if ds := c.diags[manifest]; len(ds) > 0 {
		t.Errorf("diagnostics on a clean manifest: %s", describe(ds))
	}
	c.mu.Unlock()

	// An unsaved change that drops the clipboard call: the permission is
	// now unused (on manifest.json), the storage call is still refused.
	c.change(script, "const s = await rmx.storage.get('k');\n", 2)
	c.waitFor(manifest, has("js/unused-permission"))
	// And one that fixes everything but the unused permission.
	c.change(script, "rmx.clipboard.write('y');\n", 3)
	c.waitFor(script, none)
	c.waitFor(manifest, none)
}

// The configs, inline suppressions and baseline apply as lint applies
// them, and a config's own findings are its diagnostics.
func TestConfigSuppressionsAndBaseline(t *testing.T) {
	root := repo(t, map[string]string{
		"remixlet.config.json":         `{"policy": {"deniedPermissions": ["clipboard"]}}`,
		"remixlets/news/manifest.json": manifestJSON,
		"remixlets/news/script.js":     "rmx.clipboard.write('x');\n",
		"remixlets/news/style.css":     "a:hover { background: url(https://news.example.com/hover.png); }\n",
	})
	manifest := filepath.Join(root, "remixlets/news/manifest.json")
	style := filepath.Join(root, "remixlets/news/style.css")
	cfg := filepath.Join(root, "remixlet.config.json")
	c := start(t, root, langserver.Options{})
	defer c.stop()

	c.open(manifest, manifestJSON)
	c.waitFor(manifest, has("config/denied-permission"))
	// The stylesheet's warning, then suppressed inline in the buffer.
	c.open(style, "a:hover { background: url(https://news.example.com/hover.png); }\n")
	c.waitFor(style, has("css/conditional-state"))
	c.change(style, "/* remixlet-ignore-next-line css/conditional-state -- decoration */\na:hover { background: url(https://news.example.com/hover.png); }\n", 2)
	c.waitFor(style, none)

	// A config typed in the editor: its own errors show on it, and the
	// policy it no longer states stops applying.
	c.open(cfg, `{"policy": {"deniedPermissions": ["clipbaord"]}}`)
	ds := c.waitFor(cfg, has("config/invalid"))
	if !strings.Contains(ds[0].Message, `did you mean "clipboard"?`) {
		t.Errorf("config finding: %s", describe(ds))
	}
	c.waitFor(manifest, func(ds []protocol.Diagnostic) bool { return !has("config/denied-permission")(ds) })
}

func TestBaselineApplies(t *testing.T) {
	style := "a:hover { background: url(https://news.example.com/hover.png); }\n"
	root := repo(t, map[string]string{
		"remixlets/news/manifest.json": `{"name": "News", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"remixlets/news/style.css":     style,
	})
	file := filepath.Join(root, "remixlets/news/style.css")
	// Without a baseline the warning shows; with one recorded from the
	// repository root (as `remixlet baseline` writes it), it does not.
	c := start(t, root, langserver.Options{})
	c.open(file, style)
	c.waitFor(file, has("css/conditional-state"))
	c.stop()

	base := filepath.Join(root, langserver.DefaultBaseline)
	writeBaseline(t, root, base)
	c = start(t, root, langserver.Options{})
	defer c.stop()
	c.open(file, style)
	c.waitFor(file, none)
}

// Hover on a finding gives its rule's why and fix; on an API member, its
// entry in the API table.
func TestHover(t *testing.T) {
	root := repo(t, map[string]string{"r/manifest.json": `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`})
	script := filepath.Join(root, "r/script.js")
	c := start(t, root, langserver.Options{})
	defer c.stop()
	c.open(script, "const items = await dom.queryAll('li');\neval(items);\n")
	c.waitFor(script, has("js/eval"))
	hover := func(line, char uint32) string {
		var h *protocol.Hover
		c.call(protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(uri.File(script))}, Position: protocol.Position{Line: line, Character: char}}}, &h)
		if h == nil {
			return ""
		}
		return h.Contents.Value
	}
	if got := hover(1, 1); !strings.Contains(got, "**js/eval**") || !strings.Contains(got, "**Why:**") || !strings.Contains(got, "**Do instead:**") {
		t.Errorf("hover on the finding: %q", got)
	}
	if got := hover(0, 26); !strings.Contains(got, "function dom.queryAll(selector: string") || !strings.Contains(got, "Needs no permission") {
		t.Errorf("hover on dom.queryAll: %q", got)
	}
	if got := hover(0, 2); got != "" {
		t.Errorf("hover on const: %q", got)
	}
}

// Code actions: add the permission a call needs (with a reason to write),
// remove one nothing uses; applied, the manifest lints as expected.
func TestCodeActions(t *testing.T) {
	root := repo(t, map[string]string{"r/manifest.json": manifestJSON})
	script := filepath.Join(root, "r/script.js")
	manifest := filepath.Join(root, "r/manifest.json")
	c := start(t, root, langserver.Options{})
	defer c.stop()
	c.open(script, "await rmx.fetch('https://api.example.org/list');\n")
	c.waitFor(script, has("js/fetch-host"))
	ds := c.waitFor(manifest, has("js/unused-permission"))

	actions := func(file string, rng protocol.Range) []protocol.CodeAction {
		var out []protocol.CodeAction
		c.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(uri.File(file))}, Range: rng}, &out)
		return out
	}
	// The cursor inside the address: js/fetch-host spans the string.
	add := actions(script, protocol.Range{Start: protocol.Position{Line: 0, Character: 30}, End: protocol.Position{Line: 0, Character: 30}})
	if len(add) != 1 || add[0].Title != `Add "fetch:api.example.org" to manifest.json (write its reason)` {
		t.Fatalf("actions on the fetch: %+v", add)
	}
	edited := apply(t, manifestJSON, add[0].Edit.Changes[protocol.DocumentURI(uri.File(manifest))])
	want := `    {"permission": "clipboard", "reason": "Copy the headline."},
    {"permission": "fetch:api.example.org", "reason": ""}
  ]`
	if !strings.Contains(edited, want) {
		t.Errorf("the manifest after adding:\n%s", edited)
	}

	var unused protocol.Diagnostic
	for _, d := range ds {
		if codeOf(d) == "js/unused-permission" {
			unused = d
		}
	}
	drop := actions(manifest, unused.Range)
	if len(drop) != 1 || drop[0].Title != `Remove the unused permission "clipboard" from manifest.json` {
		t.Fatalf("actions on the unused permission: %+v", drop)
	}
	dropped := apply(t, manifestJSON, drop[0].Edit.Changes[protocol.DocumentURI(uri.File(manifest))])
	if strings.Contains(dropped, "clipboard") || !strings.Contains(dropped, `"permissions": []`) {
		t.Errorf("the manifest after removing:\n%s", dropped)
	}
	// Both applied to the buffer: the manifest only lacks the reason.
	both := strings.Replace(edited, `    {"permission": "clipboard", "reason": "Copy the headline."},
`, "", 1)
	c.open(manifest, both)
	got := c.waitFor(manifest, has("manifest/reason"))
	if len(got) != 1 {
		t.Errorf("after both fixes, want only the blank reason: %s", describe(got))
	}
}

// apply applies text edits (LSP positions, ASCII text) to text.
func apply(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	offset := func(p protocol.Position) int {
		off := 0
		for range p.Line {
			off += strings.IndexByte(text[off:], '\n') + 1
		}
		return off + int(p.Character)
	}
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
	}
	return text
}

// writeBaseline records today's warnings under root, as `remixlet
// baseline` run there does.
func writeBaseline(t *testing.T, root, file string) {
	t.Helper()
	run, err := workspace.Lint(workspace.Options{Paths: []string{"."}, WorkDir: root, MaxWarnings: -1})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := baseline.Make(run.Results)
	if len(b.Warnings) == 0 {
		t.Fatal("nothing to record")
	}
	if err := b.Write(f); err != nil {
		t.Fatal(err)
	}
}
