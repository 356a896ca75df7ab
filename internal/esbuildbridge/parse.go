package remixletbridge

import (
	"github.com/evanw/esbuild/internal/config"
	"github.com/evanw/esbuild/internal/js_ast"
	"github.com/evanw/esbuild/internal/js_parser"
	"github.com/evanw/esbuild/internal/logger"
)

// Message is one diagnostic esbuild logged while parsing.
type Message struct {
	Error  bool   // an error (the file is refused); otherwise a warning
	Offset int    // byte offset in the source where the message points
	Length int    // bytes
	Text   string // esbuild's wording
}

// Result is one parsed file.
type Result struct {
	AST      *js_ast.AST
	OK       bool // esbuild's own verdict; false after a syntax error
	Messages []Message
	// Panic is set when esbuild itself panicked (a bug in esbuild): the file
	// was not analysed.
	Panic any
}

// ParseModule parses src as an ECMAScript module (strict mode, top-level
// await, no HTML comments), as a browser loads a module script. Nothing is
// transformed: no target lowering, no minification, no defines beyond
// esbuild's table of known globals.
//
// ParseModule does not guard against deep nesting: call ScanNesting first.
func ParseModule(src string) (r *Result) {
	defer func() {
		if p := recover(); p != nil {
			r = &Result{Panic: p}
		}
	}()
	log := logger.NewDeferLog(logger.DeferLogNoVerboseOrDebug, nil)
	defines := config.ProcessDefines(nil)
	opts := js_parser.OptionsFromConfig(&config.Options{
		Mode:           config.ModePassThrough,
		ModuleTypeData: js_ast.ModuleTypeData{Type: js_ast.ModuleESM_MJS},
		Defines:        &defines,
	})
	source := logger.Source{
		Index:          0,
		KeyPath:        logger.Path{Text: "script.js"},
		PrettyPaths:    logger.PrettyPaths{Rel: "script.js", Abs: "script.js"},
		IdentifierName: "script",
		Contents:       src,
	}
	tree, ok := js_parser.Parse(log, source, opts)
	r = &Result{OK: ok}
	if ok {
		r.AST = &tree
	}
	for _, m := range log.Done() {
		if m.Kind != logger.Error && m.Kind != logger.Warning {
			continue
		}
		msg := Message{Error: m.Kind == logger.Error, Text: m.Data.Text}
		if loc := m.Data.Location; loc != nil {
			msg.Offset = offsetOf(src, loc.Line, loc.Column)
			msg.Length = loc.Length
		}
		r.Messages = append(r.Messages, msg)
	}
	return r
}

// offsetOf turns esbuild's 1-based line and 0-based byte column into a byte
// offset, counting line breaks as esbuild's logger does.
func offsetOf(src string, line, col int) int {
	off := 0
	for l := 1; l < line && off < len(src); {
		c := src[off]
		switch {
		case c == '\n':
			l++
			off++
		case c == '\r':
			l++
			off++
			if off < len(src) && src[off] == '\n' {
				off++
			}
		case c == 0xE2 && off+2 < len(src) && src[off+1] == 0x80 && (src[off+2] == 0xA8 || src[off+2] == 0xA9):
			l++
			off += 3
		default:
			off++
		}
	}
	return min(off+col, len(src))
}
