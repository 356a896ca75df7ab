package bundle

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/lazyre"
)

// The plugin resolves and loads every module itself, so that esbuild reads
// nothing the build has not checked: a relative import is looked up in the
// source folder's own listing (exact case, no links, no way out), a bare
// import only in the folder's node_modules, and anything else (an address,
// a Node built-in, an absolute path) is refused at the import with a
// finding. esbuild attaches the import's position to each refusal.

// scriptExtensions are tried, in order, for an import without one; the
// build's loaders are chosen by the same table.
var scriptExtensions = []string{".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"}

var loaders = map[string]api.Loader{
	".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS,
	".js": api.LoaderJS, ".mjs": api.LoaderJS, ".cjs": api.LoaderJS,
	".json": api.LoaderJSON,
	".css":  api.LoaderCSS,
}

// resolvingPackage marks the plugin's own call into esbuild's resolver for
// a bare import, so that the plugin lets that call through.
type resolvingPackage struct{}

// scheme matches an address with a scheme (https:, data:, node:).
var scheme = lazyre.New(`^[A-Za-z][A-Za-z0-9+.-]*:`)

func (b *Builder) plugin() api.Plugin {
	return api.Plugin{Name: "remixlet", Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if _, ok := a.PluginData.(resolvingPackage); ok {
				return api.OnResolveResult{}, nil
			}
			return b.resolve(pb, a), nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "file"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			return b.load(a), nil
		})
	}}
}

// refuse returns a resolve result that fails with a finding of rule.
func refuse(rule *finding.Rule, format string, args ...any) api.OnResolveResult {
	return api.OnResolveResult{Errors: []api.Message{{Text: fmt.Sprintf(format, args...), Detail: rule}}}
}

func isCSSImport(k api.ResolveKind) bool {
	return k == api.ResolveCSSImportRule || k == api.ResolveCSSComposesFrom
}

func (b *Builder) resolve(pb api.PluginBuild, a api.OnResolveArgs) api.OnResolveResult {
	spec := a.Path
	if a.Kind == api.ResolveCSSURLToken {
		// url() in CSS is not a module: it stays as written, and the
		// stylesheet guard judges the built style.css as it judges any.
		return api.OnResolveResult{Path: spec, External: true}
	}
	css := isCSSImport(a.Kind) || a.Kind == api.ResolveEntryPoint && strings.HasSuffix(spec, ".css")
	lower := strings.ToLower(spec)
	switch {
	case strings.HasPrefix(lower, "http:") || strings.HasPrefix(lower, "https:") || strings.HasPrefix(spec, "//"):
		return refuse(RuleRemoteImport, "%q is on the network: download it into the source folder, read it, and import it by a relative path", spec)
	case strings.HasPrefix(lower, "node:"):
		return refuse(RuleNodeBuiltin, "%q is a Node.js built-in, and a remixlet runs in a browser sandbox: use standard JavaScript and the dom and rmx APIs", spec)
	case scheme.MatchString(spec) && !filepath.IsAbs(spec):
		return refuse(RuleUnsupportedImport, "%q is not a file: put the code or data in a file in the source folder and import that", truncate(spec, 60))
	case filepath.IsAbs(spec) || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, `\`):
		return refuse(RuleOutsideSource, "%q is an absolute path: import files by a path relative to this file, inside the source folder", spec)
	case css || a.Kind == api.ResolveEntryPoint || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == "..":
		// In CSS, @import "base.css" is relative, as in a browser.
		return b.resolveLocal(a, spec, css)
	}
	return b.resolvePackage(pb, a, spec)
}

func (b *Builder) resolveLocal(a api.OnResolveArgs, spec string, css bool) api.OnResolveResult {
	target := filepath.Join(a.ResolveDir, filepath.FromSlash(spec))
	rel, inside := b.src.rel(target)
	if !inside {
		return refuse(RuleOutsideSource, "%q reaches outside the source folder: copy the file into the folder and import it from there", spec)
	}
	var candidates []string
	ext := path.Ext(rel)
	if css {
		candidates = []string{rel}
		if ext != ".css" {
			candidates = append(candidates, rel+".css")
		}
	} else {
		if ext != "" {
			candidates = append(candidates, rel)
		}
		for _, e := range scriptExtensions {
			candidates = append(candidates, rel+e)
		}
		// TypeScript's convention: import "./util.js" means util.ts.
		if stem, ok := strings.CutSuffix(rel, ext); ok && slices.Contains([]string{".js", ".mjs", ".cjs"}, ext) {
			candidates = append(candidates, stem+strings.Replace(ext, "js", "ts", 1))
		}
		for _, e := range scriptExtensions {
			candidates = append(candidates, path.Join(rel, "index"+e))
		}
	}
	var caseHint string
	for _, c := range candidates {
		kind, detail := b.src.lookup(c)
		switch kind {
		case link:
			return refuse(RuleLink, "%s is a symbolic link: replace it with a copy of the file it points to", detail)
		case notRegular:
			return refuse(RuleUnsupportedImport, "%s is not a regular file: replace it with one", c)
		case regularFile:
			return b.accept(a, spec, c, css)
		case missing:
			if caseHint == "" && detail != "" {
				caseHint = detail
			}
		}
	}
	if a.Kind == api.ResolveEntryPoint {
		return refuse(RuleEntry, "%s does not exist", rel)
	}
	if caseHint != "" {
		return refuse(RuleMissingImport, "%q: there is no %s, but there is %s; names must match in case, so the folder builds the same on every disk", spec, rel, caseHint)
	}
	return refuse(RuleMissingImport, "%q: there is no such file in the source folder (tried %s)", spec, strings.Join(shorten(candidates), ", "))
}

// accept checks the kind of file an import reaches and hands it to the
// loader.
func (b *Builder) accept(a api.OnResolveArgs, spec, rel string, css bool) api.OnResolveResult {
	ext := strings.ToLower(path.Ext(rel))
	_, known := loaders[ext]
	switch {
	case css && ext != ".css":
		return refuse(RuleUnsupportedImport, "%q is not a stylesheet: @import only CSS files", spec)
	case !css && ext == ".css":
		return refuse(RuleUnsupportedImport, "%q is a stylesheet imported from the script: @import it from style.css instead", spec)
	case ext == ".tsx" || ext == ".jsx":
		return refuse(RuleUnsupportedImport, "%q is JSX, which builds elements of a DOM the sandbox does not have: create elements with dom.create", spec)
	case !known:
		return refuse(RuleUnsupportedImport, "%q is a %s file, which a remixlet cannot hold: the script imports TypeScript, JavaScript and JSON; put images on a host the remixlet may load from", spec, strings.TrimPrefix(ext, "."))
	}
	return api.OnResolveResult{Path: filepath.Join(b.src.abs, filepath.FromSlash(rel)), Namespace: "file"}
}

func (b *Builder) resolvePackage(pb api.PluginBuild, a api.OnResolveArgs, spec string) api.OnResolveResult {
	name := packageName(spec)
	res := pb.Resolve(spec, api.ResolveOptions{
		Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir, Kind: a.Kind,
		PluginData: resolvingPackage{}, With: a.With,
	})
	found := len(res.Errors) == 0 && res.Path != "" && !res.External
	var rel string
	inside := false
	if found {
		rel, inside = b.src.rel(res.Path)
	}
	switch {
	case (!found || !inside) && nodeBuiltins[name]:
		return refuse(RuleNodeBuiltin, "%q is a Node.js built-in, and a remixlet runs in a browser sandbox: use standard JavaScript and the dom and rmx APIs (or install a browser version of %s into the source folder's node_modules)", spec, name)
	case !found:
		return refuse(RuleBareImport, "%q: there is no package %s in the source folder's node_modules: install it there (npm install %s), or write the code without it", spec, name, name)
	case !inside || !strings.HasPrefix(rel, "node_modules/") && !strings.Contains(rel, "/node_modules/"):
		return refuse(RuleBareImport, "%q is found outside the source folder's node_modules: install %s into the source folder (npm install %s)", spec, name, name)
	}
	kind, detail := b.src.lookup(rel)
	switch kind {
	case link:
		return refuse(RuleLink, "%q is reached through %s, a symbolic link (as some package managers install): install it as plain files (npm install --install-links, or copy the package)", spec, detail)
	case regularFile:
		return b.accept(a, spec, rel, isCSSImport(a.Kind))
	}
	return refuse(RuleBareImport, "%q resolves to %s, which is not a file", spec, rel)
}

// packageName is the package a bare import names: "lodash" for
// "lodash/fp", "@scope/pkg" for "@scope/pkg/x".
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

func (b *Builder) load(a api.OnLoadArgs) api.OnLoadResult {
	rel, inside := b.src.rel(a.Path)
	fail := func(rule *finding.Rule, format string, args ...any) api.OnLoadResult {
		return api.OnLoadResult{Errors: []api.Message{{Text: fmt.Sprintf(format, args...), Detail: rule}}}
	}
	if !inside {
		return fail(RuleOutsideSource, "%s is outside the source folder", a.Path)
	}
	if kind, detail := b.src.lookup(rel); kind == link {
		return fail(RuleLink, "%s is a symbolic link: replace it with a copy of the file it points to", detail)
	} else if kind != regularFile {
		return fail(RuleMissingImport, "%s is not a regular file in the source folder", rel)
	}
	loader, ok := loaders[strings.ToLower(path.Ext(rel))]
	if !ok {
		return fail(RuleUnsupportedImport, "%s is not a kind of file the build reads", rel)
	}
	data, err := b.src.read(rel)
	var big errTooLarge
	switch {
	case errors.As(err, &big):
		return fail(RuleTooLarge, "%s is not read: %v", rel, err)
	case err != nil:
		return fail(RuleMissingImport, "%s could not be read: %v", rel, plainError(err))
	}
	contents := string(data)
	if off := finding.FirstInvalidUTF8(data); off >= 0 {
		// As the loader refuses a stored file: esbuild would read the
		// bytes its own way and report a character it made up.
		lines := finding.NewLines(data)
		pos := lines.Position(off)
		line := lines.Text(pos.Line)
		return api.OnLoadResult{Errors: []api.Message{{
			Text:     fmt.Sprintf("%s is not UTF-8 (byte 0x%02X): save it as UTF-8", rel, data[off]),
			Detail:   analysis.RuleInvalidUtf8,
			Location: &api.Location{File: rel, Line: pos.Line, Column: len(string([]rune(line)[:pos.Column-1])), LineText: line},
		}}}
	}
	if off, limit, deep := tooDeep(contents, loader); deep {
		lines := finding.NewLines(data)
		pos := lines.Position(off)
		line := lines.Text(pos.Line)
		return api.OnLoadResult{Errors: []api.Message{{
			Text:     fmt.Sprintf("%s is nested more than %d levels deep here (brackets, blocks, operator chains): the bundler cannot take it; flatten it into named steps", rel, limit),
			Detail:   RuleTooDeep,
			Location: &api.Location{File: rel, Line: pos.Line, Column: len(string([]rune(line)[:pos.Column-1])), LineText: line},
		}}}
	}
	if errs := overBudget(rel, contents, loader); errs != nil {
		return api.OnLoadResult{Errors: errs}
	}
	return api.OnLoadResult{Contents: &contents, Loader: loader, ResolveDir: filepath.Dir(a.Path)}
}

// precheckSize is the size from which a script is parsed once with the
// message budget before the bundler parses it. The bundler's parser works
// out the position of each message and its notes by scanning the text, so
// a file that draws thousands of messages (a name declared again and
// again) costs time that grows with its length times their number; below
// this size that stays under a fraction of a second, and above it the
// extra parse is what keeps the build from running for hours.
const precheckSize = 16 << 10

// overBudget parses a large script with the message budget and, when it
// draws more messages than that, returns its first errors (or says it drew
// too many warnings) for the bundler to report instead of parsing it.
func overBudget(rel, src string, loader api.Loader) []api.Message {
	if len(src) < precheckSize || (loader != api.LoaderJS && loader != api.LoaderTS) {
		return nil
	}
	r := esb.Precheck(src, loader == api.LoaderTS)
	if !r.Stopped {
		return nil
	}
	lines := finding.NewLines([]byte(src))
	at := func(off int) *api.Location {
		pos := lines.Position(off)
		line := lines.Text(pos.Line)
		return &api.Location{File: rel, Line: pos.Line, Column: len(string([]rune(line)[:pos.Column-1])), LineText: line}
	}
	var out []api.Message
	for _, m := range r.Messages {
		if m.Error && len(out) < esb.MaxErrors {
			out = append(out, api.Message{Text: strings.TrimSuffix(m.Text, "."), Detail: RuleSyntax, Location: at(m.Offset)})
		}
	}
	if len(out) == 0 {
		return []api.Message{{
			Text:     fmt.Sprintf("%s draws more than %d warnings from the parser (the first: %s), so the build does not read it: fix them, then build again", rel, esb.MaxWarnings, strings.TrimSuffix(r.Messages[0].Text, ".")),
			Detail:   RuleSyntax,
			Location: at(r.Messages[0].Offset),
		}}
	}
	for i := range out {
		if i == len(out)-1 {
			out[i].Text += " (and more errors: the parser stopped counting): fix these first, then build again"
		} else {
			out[i].Text = bundlerText(out[i].Text)
		}
	}
	return out
}

func shorten(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, path.Base(p))
	}
	if len(out) > 6 {
		out = append(out[:6], "…")
	}
	return out
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// maxStyleNesting bounds the nesting of a CSS source, as the stylesheet
// guard bounds the built sheet.
const maxStyleNesting = 256

// tooDeep reports whether a source is nested deeper than esbuild can parse
// without exhausting its stack (which kills the process), and where: scripts
// and JSON with the script lint's own guard (esbuild's lexer, no
// recursion), CSS by counting open blocks, brackets and functions.
func tooDeep(src string, loader api.Loader) (offset, limit int, deep bool) {
	if loader == api.LoaderCSS {
		depth := 0
		z := cssguard.NewTokenizer([]byte(src))
		for {
			t, ok := z.Next()
			if !ok {
				return 0, maxStyleNesting, false
			}
			switch t.Type {
			case cssguard.LeftBrace, cssguard.LeftParen, cssguard.LeftBracket, cssguard.Function:
				if depth++; depth > maxStyleNesting {
					return t.Start, maxStyleNesting, true
				}
			case cssguard.RightBrace, cssguard.RightParen, cssguard.RightBracket:
				depth = max(depth-1, 0)
			}
		}
	}
	n := esb.GuardNesting(src, esb.MaxNesting)
	return n.Offset, esb.MaxNesting, n.Exceeded
}
