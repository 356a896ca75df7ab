// Package langserver is `remixlet lsp`: a language server over standard
// input and output, on go.lsp.dev's protocol types and JSON-RPC framing.
// It lints what the editor shows as the editor shows it (unsaved buffers
// included) through workspace.Lint, the same core `remixlet lint` runs, so
// an editor, the command line and CI give one answer: the configs from
// each remixlet up to the repository root, inline suppressions and the
// baseline all apply.
//
// What it offers: diagnostics for manifest.json, script.js, style.css,
// rules.json, remixlet.config.json and a source folder's modules and
// stylesheets, on open, change and save; hover on a finding (the rule's
// why and what to do instead) and on a dom or rmx member (its entry in the
// API table); code actions where the fix is mechanical (add the permission
// a call needs, with its reason to fill in; remove a permission nothing
// uses).
package langserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/remixlet/remixlet/config"
	"github.com/remixlet/remixlet/discover"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/workspace"
)

// Options say what applies on top of what each remixlet's folders say.
type Options struct {
	// Config names a config file that applies to every remixlet (lint's
	// --config); "" for none.
	Config string
	// Baseline names a baseline file (lint's --baseline). "" looks for
	// remixlet-baseline.json at the repository root, the name docs/ci.md
	// gives it.
	Baseline string
	// Version is the server's version, for the client's log.
	Version string
}

// DefaultBaseline is the baseline file the server applies when none is named.
const DefaultBaseline = "remixlet-baseline.json"

// changeDelay is how long the server waits after a change before it lints:
// typing produces a change per key.
const changeDelay = 150 * time.Millisecond

// Serve runs the server on in and out until the client says exit (or
// closes the stream). It returns nil after shutdown then exit, and an
// error when the client exits without shutting down or the stream fails.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{opts: opts, docs: map[string]*document{}, shown: map[string]map[string][]shown{}, exited: make(chan struct{})}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(stdio{in, out}))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.exited:
	case <-s.conn.Done():
	}
	s.wait.Wait()
	s.conn.Close()
	if !s.shutdown {
		return errors.New("the client exited without asking the server to shut down")
	}
	return nil
}

// stdio joins a reader and a writer into the stream JSON-RPC reads.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

type server struct {
	conn jsonrpc2.Conn
	opts Options

	mu       sync.Mutex
	root     string               // the workspace folder the client opened, absolute
	docs     map[string]*document // open documents by absolute path
	shown    map[string]map[string][]shown
	gen      int // bumped by every change: a delayed lint runs only if none came after
	shutdown bool
	exited   chan struct{}
	wait     sync.WaitGroup
}

// document is an open file as the editor holds it.
type document struct {
	text    string
	version int32
}

// shown is a finding published on a file, with its range there.
type shown struct {
	f   finding.Finding
	rng protocol.Range
	dir string // the remixlet's folder, absolute ("" for a config's own finding)
}

func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	var err error
	switch req.Method() {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if err = json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err))
		}
		return reply(ctx, s.initialize(p), nil)
	case protocol.MethodInitialized, protocol.MethodSetTrace, protocol.MethodCancelRequest, protocol.MethodWorkspaceDidChangeConfiguration:
		return nil
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		close(s.exited)
		return nil
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err = json.Unmarshal(req.Params(), &p); err == nil {
			path := filename(p.TextDocument.URI)
			s.mu.Lock()
			s.docs[path] = &document{text: p.TextDocument.Text, version: p.TextDocument.Version}
			s.mu.Unlock()
			s.lint(ctx, path)
		}
	case protocol.MethodTextDocumentDidChange:
		var p protocol.DidChangeTextDocumentParams
		if err = json.Unmarshal(req.Params(), &p); err == nil && len(p.ContentChanges) > 0 {
			path := filename(p.TextDocument.URI)
			s.mu.Lock()
			s.docs[path] = &document{text: p.ContentChanges[len(p.ContentChanges)-1].Text, version: p.TextDocument.Version}
			s.gen++
			gen := s.gen
			s.mu.Unlock()
			s.wait.Add(1)
			time.AfterFunc(changeDelay, func() {
				defer s.wait.Done()
				s.mu.Lock()
				latest := s.gen == gen
				s.mu.Unlock()
				if latest {
					s.lint(ctx, path)
				}
			})
		}
	case protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if err = json.Unmarshal(req.Params(), &p); err == nil {
			path := filename(p.TextDocument.URI)
			if p.Text != "" {
				s.mu.Lock()
				if d := s.docs[path]; d != nil {
					d.text = p.Text
				}
				s.mu.Unlock()
			}
			s.lint(ctx, path)
		}
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err = json.Unmarshal(req.Params(), &p); err == nil {
			path := filename(p.TextDocument.URI)
			s.mu.Lock()
			delete(s.docs, path)
			s.mu.Unlock()
			// What is on disk now stands: lint it again.
			s.lint(ctx, path)
		}
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		var p protocol.DidChangeWatchedFilesParams
		if err = json.Unmarshal(req.Params(), &p); err == nil {
			for _, c := range p.Changes {
				s.lint(ctx, filename(c.URI))
			}
		}
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if err = json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err))
		}
		return reply(ctx, s.hover(p), nil)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err = json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err))
		}
		return reply(ctx, s.codeActions(p), nil)
	default:
		if _, isCall := req.(*jsonrpc2.Call); isCall {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "remixlet lsp does not answer %s", req.Method()))
		}
		return nil
	}
	if err != nil {
		return s.logf(ctx, protocol.MessageTypeError, "remixlet: %s: %v", req.Method(), err)
	}
	return nil
}

// legacyRoot is the workspace of a client that sends no workspaceFolders:
// older clients send only rootUri or rootPath, which the protocol
// deprecates but still defines.
func legacyRoot(p protocol.InitializeParams) string {
	//lint:ignore SA1019 read only for clients that send no workspaceFolders
	uri, path := p.RootURI, p.RootPath
	if uri != "" {
		return filename(uri)
	}
	return path
}

func (s *server) initialize(p protocol.InitializeParams) protocol.InitializeResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case len(p.WorkspaceFolders) > 0:
		s.root = filename(protocol.DocumentURI(p.WorkspaceFolders[0].URI))
	default:
		s.root = legacyRoot(p)
	}
	// initializationOptions {"config": FILE, "baseline": FILE} name what
	// the flags do, relative to the workspace folder.
	if m, ok := p.InitializationOptions.(map[string]any); ok {
		for key, dst := range map[string]*string{"config": &s.opts.Config, "baseline": &s.opts.Baseline} {
			if v, ok := m[key].(string); ok && v != "" {
				*dst = v
			}
		}
	}
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{IncludeText: true},
			},
			HoverProvider:      true,
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
		},
		ServerInfo: &protocol.ServerInfo{Name: "remixlet", Version: s.opts.Version},
	}
}

func filename(u protocol.DocumentURI) string {
	return filepath.Clean(uri.URI(u).Filename())
}

func (s *server) logf(ctx context.Context, kind protocol.MessageType, format string, args ...any) error {
	return s.conn.Notify(ctx, protocol.MethodWindowLogMessage, protocol.LogMessageParams{Type: kind, Message: fmt.Sprintf(format, args...)})
}

// workDir is where a run names paths from: the repository root (so a
// baseline's paths and the outputs' read as lint's from there), else the
// workspace folder, else the file's own folder.
func (s *server) workDir(path string) string {
	up := discover.Up(filepath.Dir(path))
	if top := up[len(up)-1]; discover.IsRepoRoot(top) {
		return top
	}
	if s.root != "" {
		return s.root
	}
	return filepath.Dir(path)
}

// baselineFor is the baseline file that applies under wd, or "".
func (s *server) baselineFor(wd string) string {
	if s.opts.Baseline != "" {
		if filepath.IsAbs(s.opts.Baseline) {
			return s.opts.Baseline
		}
		base := s.root
		if base == "" {
			base = wd
		}
		return filepath.Join(base, s.opts.Baseline)
	}
	if p := filepath.Join(wd, DefaultBaseline); isFile(p) {
		return p
	}
	return ""
}

func isFile(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// lint checks what a change to path concerns, with every open document as
// the editor holds it, and publishes the diagnostics of each file.
func (s *server) lint(ctx context.Context, path string) {
	s.mu.Lock()
	wd := s.workDir(path)
	base := s.baselineFor(wd)
	overlay := map[string][]byte{}
	for p, d := range s.docs {
		overlay[p] = []byte(d.text)
	}
	var targets []string
	switch {
	case filepath.Base(path) == config.FileName, path == base:
		// A config or the baseline stands for every remixlet it governs:
		// those with an open document, and those under a config's folder.
		for p := range s.docs {
			targets = append(targets, p)
		}
		if filepath.Base(path) == config.FileName {
			targets = append(targets, filepath.Dir(path))
		}
	case isFile(path):
		targets = []string{path}
	default:
		// A new file, not saved yet: it stands in its folder.
		targets = []string{filepath.Dir(path)}
	}
	extra := s.opts.Config
	if extra != "" && !filepath.IsAbs(extra) && s.root != "" {
		extra = filepath.Join(s.root, extra)
	}
	s.mu.Unlock()

	run, err := workspace.Lint(workspace.Options{
		Paths: targets, WorkDir: wd, Config: extra, Baseline: base,
		MaxWarnings: -1, AllowEmpty: true, Overlay: overlay,
	})
	if err != nil {
		// A config or baseline that cannot be read: say it on the file.
		s.publish(ctx, map[string][]shown{path: {{f: finding.Finding{Rule: "remixlet", Severity: finding.Error, Message: err.Error()}}}}, "run:"+path, overlay)
		return
	}
	s.publish(ctx, nil, "run:"+path, overlay) // the run could go ahead: clear what said it could not
	for _, r := range run.Results {
		dir := filepath.Join(wd, filepath.FromSlash(r.Dir))
		byFile := map[string][]shown{}
		if r.Err != nil {
			byFile[path] = append(byFile[path], shown{f: finding.Finding{Rule: "remixlet", Severity: finding.Error, Message: "could not check " + r.Dir + ": " + r.Err.Error()}, dir: dir})
		}
		for _, f := range r.Findings {
			file := filepath.Join(dir, filepath.FromSlash(f.File))
			if f.File == "" || f.File == "." {
				file = filepath.Join(dir, "manifest.json")
			}
			byFile[file] = append(byFile[file], shown{f: f, dir: dir})
		}
		// An open file of the remixlet with no finding is told so.
		for p := range overlay {
			if _, ok := byFile[p]; !ok && strings.HasPrefix(p, dir+string(filepath.Separator)) {
				byFile[p] = nil
			}
		}
		s.publish(ctx, byFile, dir, overlay)
	}
	for _, c := range run.Configs {
		file := filepath.Join(wd, filepath.FromSlash(c.Path))
		var fs []shown
		for _, f := range c.Findings {
			fs = append(fs, shown{f: f})
		}
		s.publish(ctx, map[string][]shown{file: fs}, file, overlay)
	}
}

// publish sends the diagnostics of each file for one source of findings
// (a remixlet folder, a config), and clears those of files that source
// showed findings on before and no longer does.
func (s *server) publish(ctx context.Context, byFile map[string][]shown, source string, overlay map[string][]byte) {
	s.mu.Lock()
	before := s.shown[source]
	s.shown[source] = byFile
	var files []string
	for f := range before {
		if _, still := byFile[f]; !still {
			files = append(files, f)
		}
	}
	for f := range byFile {
		files = append(files, f)
	}
	slices.Sort(files)
	type out struct {
		file  string
		diags []protocol.Diagnostic
	}
	var outs []out
	for _, file := range files {
		text, ok := overlay[file]
		if !ok {
			text, _ = os.ReadFile(file)
		}
		lines := finding.NewLines(text)
		fs := byFile[file]
		for i := range fs {
			fs[i].rng = toRange(lines, fs[i].f)
		}
		var diags []protocol.Diagnostic
		for _, sources := range s.shown {
			for _, sh := range sources[file] {
				diags = append(diags, diagnostic(sh))
			}
		}
		if diags == nil {
			diags = []protocol.Diagnostic{}
		}
		outs = append(outs, out{file, diags})
	}
	s.mu.Unlock()
	for _, o := range outs {
		_ = s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI(uri.File(o.file)), Diagnostics: o.diags})
	}
}

func diagnostic(sh shown) protocol.Diagnostic {
	// Editors show the message in a terminal too (Neovim): text quoted
	// from the files is escaped as the text output escapes it.
	d := protocol.Diagnostic{Range: sh.rng, Severity: protocol.DiagnosticSeverityWarning, Source: "remixlet", Message: safetext.Clean(sh.f.Message)}
	if sh.f.Severity == finding.Error {
		d.Severity = protocol.DiagnosticSeverityError
	}
	if rule, ok := finding.Lookup(sh.f.Rule); ok {
		d.Code = rule.ID
		d.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(rule.HelpURI())}
	}
	return d
}

// toRange places a finding in LSP terms: zero-based lines, UTF-16 columns;
// its span, or one character when the end is unknown, or the first line
// for a finding on a whole file.
func toRange(lines *finding.Lines, f finding.Finding) protocol.Range {
	if !f.Start.IsValid() {
		return protocol.Range{End: protocol.Position{Character: uint32(max(lines.UTF16Column(1, lines.Chars(1)+1)-1, 0))}}
	}
	start := position(lines, f.Start)
	if f.End.IsValid() && (f.End.Line > f.Start.Line || f.End.Line == f.Start.Line && f.End.Column > f.Start.Column) {
		return protocol.Range{Start: start, End: position(lines, f.End)}
	}
	end := f.Start
	end.Column += tokenLength([]rune(lines.Text(f.Start.Line)), f.Start.Column-1)
	return protocol.Range{Start: start, End: position(lines, end)}
}

// tokenLength is how many characters the token at line[i] spans, for a
// finding that gives only where it starts: a quoted string through its
// closing quote, a dotted name (rmx.storage.get), else one character.
func tokenLength(line []rune, i int) int {
	if i < 0 || i >= len(line) {
		return 1
	}
	isName := func(r rune) bool {
		return r == '_' || r == '$' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	switch q := line[i]; {
	case q == '"' || q == '\'' || q == '`':
		for j := i + 1; j < len(line); j++ {
			if line[j] == '\\' {
				j++
				continue
			}
			if line[j] == q {
				return j - i + 1
			}
		}
	case isName(q):
		j := i
		for j < len(line) && isName(line[j]) {
			j++
		}
		return j - i
	}
	return 1
}

func position(lines *finding.Lines, p finding.Position) protocol.Position {
	return protocol.Position{Line: uint32(p.Line - 1), Character: uint32(max(lines.UTF16Column(p.Line, p.Column)-1, 0))}
}
