package remixletbridge

import (
	"sort"

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
	// Stopped is set when the parse was stopped for logging more than
	// MaxErrors errors or MaxWarnings warnings: the file is not analysed,
	// and Messages holds the first ones.
	Stopped bool
	// Panic is set when esbuild itself panicked (a bug in esbuild): the file
	// was not analysed.
	Panic any
}

// The parse stops past these many messages. esbuild works out the line and
// column of every message and of each of its notes by scanning the text
// from where the previous one was, and a note often points far back (at the
// first declaration of a name declared again), so each message can cost a
// scan of the whole file: 80,000 redeclarations in a 1 MiB script took
// minutes. Past the first errors a person has enough to act on; real code
// draws no parser warnings at all (none in lodash, jQuery, three.js,
// react-dom or d3).
const (
	MaxErrors   = 10
	MaxWarnings = 100
)

// stopParse is the panic that ends a parse past the message budget.
type stopParse struct{}

// ParseModule parses src as an ECMAScript module (strict mode, top-level
// await, no HTML comments), as a browser loads a module script. Nothing is
// transformed: no target lowering, no minification, no defines beyond
// esbuild's table of known globals.
//
// ParseModule does not guard against deep nesting: call ScanNesting first.
func ParseModule(src string) *Result {
	return parse(src, config.Options{
		Mode:           config.ModePassThrough,
		ModuleTypeData: js_ast.ModuleTypeData{Type: js_ast.ModuleESM_MJS},
	})
}

// Precheck parses src as a bundler would before it bundles it (TypeScript
// when ts; a module or not, as the file says), to learn whether it stays
// within the message budget: the bundler's own parse has none. Only
// Stopped and Messages are meant to be read.
func Precheck(src string, ts bool) *Result {
	opts := config.Options{Mode: config.ModePassThrough}
	opts.TS.Parse = ts
	return parse(src, opts)
}

func parse(src string, options config.Options) (r *Result) {
	var msgs []logger.Msg
	errors, warnings := 0, 0
	log := logger.Log{
		Level: logger.LevelInfo,
		AddMsg: func(m logger.Msg) {
			switch m.Kind {
			case logger.Error:
				errors++
			case logger.Warning:
				warnings++
			default:
				return
			}
			msgs = append(msgs, m)
			if errors > MaxErrors || warnings > MaxWarnings {
				panic(stopParse{})
			}
		},
		HasErrors: func() bool { return errors > 0 },
		Peek:      func() []logger.Msg { return append([]logger.Msg(nil), msgs...) },
		Done:      func() []logger.Msg { return msgs },
	}
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		if _, ok := p.(stopParse); !ok {
			r = &Result{Panic: p}
			return
		}
		r = &Result{Stopped: true, Messages: messages(src, msgs)}
	}()
	defines := config.ProcessDefines(nil)
	options.Defines = &defines
	opts := js_parser.OptionsFromConfig(&options)
	source := logger.Source{
		Index:          0,
		KeyPath:        logger.Path{Text: "script.js"},
		PrettyPaths:    logger.PrettyPaths{Rel: "script.js", Abs: "script.js"},
		IdentifierName: "script",
		Contents:       src,
	}
	tree, ok := js_parser.Parse(log, source, opts)
	r = &Result{OK: ok, Messages: messages(src, msgs)}
	if ok {
		r.AST = &tree
	}
	return r
}

// messages turns esbuild's errors and warnings into Messages, in the order
// of their place in src.
func messages(src string, msgs []logger.Msg) []Message {
	var out []Message
	var lines []int
	for _, m := range msgs {
		msg := Message{Error: m.Kind == logger.Error, Text: m.Data.Text}
		if loc := m.Data.Location; loc != nil {
			if lines == nil {
				lines = lineStarts(src)
			}
			msg.Offset = offsetOf(src, lines, loc.Line, loc.Column)
			msg.Length = loc.Length
		}
		out = append(out, msg)
	}
	// sort.SliceStable, not slices.SortStableFunc: the same order, without
	// a copy of the stable sort for this element type in the WebAssembly
	// module (the module's other sorts share sort's one copy).
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out
}

// lineStarts lists where each line of src starts, breaking lines as
// esbuild's logger does: at \n, \r\n, \r, U+2028 and U+2029.
func lineStarts(src string) []int {
	starts := []int{0}
	for off := 0; off < len(src); {
		c := src[off]
		switch {
		case c == '\n':
			off++
		case c == '\r':
			off++
			if off < len(src) && src[off] == '\n' {
				off++
			}
		case c == 0xE2 && off+2 < len(src) && src[off+1] == 0x80 && (src[off+2] == 0xA8 || src[off+2] == 0xA9):
			off += 3
		default:
			off++
			continue
		}
		starts = append(starts, off)
	}
	return starts
}

// offsetOf turns esbuild's 1-based line and 0-based byte column into a byte
// offset.
func offsetOf(src string, lines []int, line, col int) int {
	if line < 1 {
		return min(col, len(src))
	}
	if line > len(lines) {
		return len(src)
	}
	return min(lines[line-1]+col, len(src))
}
