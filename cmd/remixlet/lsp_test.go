package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lspRepo is a repository with one remixlet, its script.js refused.
func lspRepo(t *testing.T) (root, script string) {
	t.Helper()
	root = t.TempDir()
	files := map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"r/manifest.json":      `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`,
		"r/script.js":          "const items = await dom.queryAll('li');\neval(items);\n",
		"remixlet.config.json": `{"rules": {"js/unused-permission": "error"}}`,
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
	return root, filepath.Join(root, "r", "script.js")
}

// wire is a client that writes and reads LSP messages by hand, as the
// base protocol frames them (Content-Length headers, JSON bodies), so the
// test checks the bytes an editor sees, not a library's reading of them.
type wire struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
}

func (w *wire) send(msg map[string]any) {
	w.t.Helper()
	msg["jsonrpc"] = "2.0"
	body, _ := json.Marshal(msg)
	if _, err := fmt.Fprintf(w.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		w.t.Fatal(err)
	}
}

func (w *wire) read() map[string]any {
	w.t.Helper()
	length := -1
	for {
		line, err := w.out.ReadString('\n')
		if err != nil {
			w.t.Fatalf("reading a header: %v", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	if length < 0 {
		w.t.Fatal("a message without Content-Length")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(w.out, body); err != nil {
		w.t.Fatal(err)
	}
	var msg map[string]any
	if err := json.Unmarshal(body, &msg); err != nil {
		w.t.Fatalf("not JSON: %q", body)
	}
	return msg
}

// until reads messages until one satisfies ok.
func (w *wire) until(ok func(map[string]any) bool) map[string]any {
	w.t.Helper()
	for {
		if msg := w.read(); ok(msg) {
			return msg
		}
	}
}

// remixlet lsp over real standard input and output: it answers
// initialize, publishes the lint's findings for an opened buffer, and
// exits 0 after shutdown and exit (1 after exit alone).
func TestLSPOverStdio(t *testing.T) {
	t.Parallel()
	bin := buildRemixlet(t)
	root, script := lspRepo(t)
	for _, shutdown := range []bool{true, false} {
		cmd := exec.Command(bin, "lsp")
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
		w := &wire{t: t, in: stdin, out: bufio.NewReader(stdout)}
		w.send(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"processId": os.Getpid(), "rootUri": "file://" + root, "capabilities": map[string]any{}}})
		init := w.until(func(m map[string]any) bool { return m["id"] == float64(1) })
		caps, _ := init["result"].(map[string]any)["capabilities"].(map[string]any)
		if caps["hoverProvider"] != true || caps["codeActionProvider"] == nil {
			t.Errorf("capabilities: %v", caps)
		}
		w.send(map[string]any{"method": "initialized", "params": map[string]any{}})
		w.send(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
			"uri": "file://" + script, "languageId": "javascript", "version": 1, "text": "const items = await dom.queryAll('li');\neval(items);\n"}}})
		pub := w.until(func(m map[string]any) bool {
			p, _ := m["params"].(map[string]any)
			return m["method"] == "textDocument/publishDiagnostics" && p["uri"] == "file://"+script
		})
		diags, _ := pub["params"].(map[string]any)["diagnostics"].([]any)
		if len(diags) != 1 || diags[0].(map[string]any)["code"] != "js/eval" {
			t.Errorf("diagnostics: %v", diags)
		}
		want := 1
		if shutdown {
			w.send(map[string]any{"id": 2, "method": "shutdown"})
			w.until(func(m map[string]any) bool { return m["id"] == float64(2) })
			want = 0
		}
		w.send(map[string]any{"method": "exit"})
		err := cmd.Wait()
		timer.Stop()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != want {
			t.Errorf("shutdown %v: exit status %d, want %d", shutdown, code, want)
		}
	}
}

// An editor's own client, run headless: Neovim's built-in LSP client
// starts `remixlet lsp`, opens a refused script, and gets the lint's
// diagnostic and a hover on it. CI installs Debian's neovim (.ci/run).
func TestLSPInNeovim(t *testing.T) {
	t.Parallel()
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatal("nvim is needed for the editor test (apt-get install neovim; .ci/run installs it)")
	}
	bin := buildRemixlet(t)
	root, script := lspRepo(t)
	out := filepath.Join(t.TempDir(), "result.json")
	lua := filepath.Join(t.TempDir(), "init.lua")
	// Neovim 0.7's API (Debian's): start_client and buf_attach_client.
	config := fmt.Sprintf(`
local out = %q
local function finish(result)
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end
local client = vim.lsp.start_client({ name = "remixlet", cmd = { %q, "lsp" }, root_dir = %q })
if not client then finish({ error = "the client did not start" }) end
vim.cmd("edit " .. vim.fn.fnameescape(%q))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client)
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
if not got then finish({ error = "no diagnostics came" }) end
local diags = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(diags, { line = d.lnum, col = d.col, severity = d.severity, message = d.message, code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or "" })
end
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 1, character = 1 } }
local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000)
local text = ""
for _, r in pairs(hover or {}) do
  if r.result and r.result.contents then text = r.result.contents.value end
end
finish({ diagnostics = diags, hover = text })
`, out, bin, root, script)
	if err := os.WriteFile(lua, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "--clean", "-n", "-u", lua)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	done := make(chan error, 1)
	go func() { o, err := cmd.CombinedOutput(); done <- fmt.Errorf("%v: %s", err, o) }()
	select {
	case <-done:
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatal("neovim did not finish in 90 s")
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("neovim wrote no result: %v", err)
	}
	var got struct {
		Error       string
		Diagnostics []struct {
			Line, Col, Severity int
			Message, Code       string
		}
		Hover string
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	if got.Error != "" {
		t.Fatal(got.Error)
	}
	if len(got.Diagnostics) != 1 {
		t.Fatalf("diagnostics in neovim: %+v", got.Diagnostics)
	}
	d := got.Diagnostics[0]
	if d.Line != 1 || d.Col != 0 || d.Severity != 1 || !strings.Contains(d.Message, "eval") {
		t.Errorf("the diagnostic in neovim: %+v", d)
	}
	if !strings.Contains(got.Hover, "**js/eval**") || !strings.Contains(got.Hover, "**Do instead:**") {
		t.Errorf("hover in neovim: %q", got.Hover)
	}
}
