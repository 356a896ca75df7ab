package cssguard

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/wordset"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// Mode selects what kind of CSS is checked.
type Mode int

const (
	// Stylesheet is style.css: loads allowed by the address rule
	// (site.Reach.CheckLoad).
	Stylesheet Mode = iota
	// Script is CSS a script writes (dom.addStyle text, inline styles): no
	// load of any kind, no url( at all.
	Script
)

// Kinds of load, as Load.Kind names them.
const (
	KindURL       = "url"         // an unquoted url token: url(https://…)
	KindURLString = "url()"       // url( with a string: url("https://…")
	KindSrc       = "src()"       // src("…")
	KindImageSet  = "image-set()" // an address inside image-set() or -webkit-image-set()
	KindImport    = "@import"
	KindNamespace = "@namespace"
	KindText      = "url( text" // Script mode: the text url( where no load is (a string, a comment)
)

// Load is one address the CSS asks the page to load, with its verdict.
type Load struct {
	Kind     string
	Start    finding.Position // of the token that holds the address
	End      finding.Position
	Offset   int    // byte offset of Start
	Written  string // the source text of that token, as written
	Address  string // the address after CSS escapes are decoded
	Resolved string // as the browser resolves it (WHATWG URL); "" if it does not parse
	Host     string
	Allowed  bool
	Rule     *finding.Rule   // the rule that refuses it; nil when allowed
	Reason   string          // why it is refused, and what to do instead
	Warnings []*finding.Rule // the conditional-load warnings it carries
	Second   bool            // seen only by the second, independent reader

	stmt      int    // innermost statement holding it (for Sanitize)
	carriedBy string // var(--x) or --f(): what carries this string into image-set() or src()
}

// RuleID is the id of the rule that refuses the load, "" when allowed.
func (l Load) RuleID() string {
	if l.Rule == nil {
		return ""
	}
	return l.Rule.ID
}

// WarningIDs are the ids of the conditional-load warnings the load carries.
func (l Load) WarningIDs() []string {
	ids := make([]string, len(l.Warnings))
	for i, r := range l.Warnings {
		ids[i] = r.ID
	}
	return ids
}

// Result is what Check found.
type Result struct {
	Loads    []Load            // every load, in source order
	Findings []finding.Finding // errors, or warnings for a legacy remixlet

	problems []problem // what Sanitize leaves out
	stmts    []span
}

// span is a statement's extent: a declaration with its semicolon, or a
// rule with its block.
type span struct {
	start, end int
	top        bool // a statement of the stylesheet itself, not inside a block
}

// problem is one error with the statement that must go for it to go.
type problem struct {
	finding finding.Finding
	offset  int
	stmt    int // statement to leave out; -1: the top-level statement around offset
	what    string
}

// Check reads css as Chrome does and returns every load with its verdict
// plus the findings. file is the name findings carry ("style.css"); m may
// be nil only in Script mode (a nil manifest in Stylesheet mode refuses
// every load). Positions are 1-based lines and character columns in css.
func Check(css []byte, file string, m *manifest.Manifest, mode Mode) *Result {
	return check(css, file, m, mode, false)
}

// check is Check; wholeSecond makes the second reading lex the whole sheet
// instead of the windows that can hold a load (the tests compare the two).
func check(css []byte, file string, m *manifest.Manifest, mode Mode, wholeSecond bool) *Result {
	g := &guard{src: css, file: file, m: m, mode: mode, wholeSecond: wholeSecond}
	switch {
	case !secondMaySeeLoad(css):
		g.scan()
	case len(css) >= concurrentSize:
		// Two independent readings of a large sheet: in parallel.
		done := make(chan any, 1)
		go func() {
			// A panic here must reach the caller's recover (the analysis
			// driver turns it into an error), not kill the process.
			defer func() { done <- recover() }()
			g.secondReading()
		}()
		g.scan()
		if p := <-done; p != nil {
			panic(p)
		}
	default:
		g.scan()
		g.secondReading()
	}
	g.mergeSecond()
	g.finish()
	return &g.res
}

// concurrentSize is the size from which the two readings run in parallel;
// below it a goroutine costs more than it saves.
const concurrentSize = 8 << 10

// Fact bits: what a prelude or a statement tests.
const (
	factValueAttr    uint8 = 1 << iota // an attribute selector on value
	factOtherAttr                      // an attribute selector with a value test on another attribute
	factUserState                      // :hover, :checked, :focus, …
	factFunction                       // attr(), if(), style()
	factFontFace                       // the @font-face block
	factUnicodeRange                   // its unicode-range descriptor
)

// isUserState reports whether an ident after a colon names a user-state
// pseudo-class, without allocating for the common lower-case spelling.
func isUserState(src []byte, t Token) bool {
	raw := t.Raw(src)
	if len(raw) < 5 || len(raw) > 20 || !userStateFirst[raw[0]] {
		return false // most idents after a colon are values (block, none, …)
	}
	if t.flags&flagEscaped == 0 && !hasUpper(raw) {
		return userStates[string(raw)]
	}
	return userStates[asciiLower(t.Value(src))]
}

func hasUpper(b []byte) bool {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// userStateFirst holds the first bytes of userStates (and of an escape).
var userStateFirst = func() (set [256]bool) {
	for name := range userStates {
		set[name[0]] = true
		set[name[0]-'a'+'A'] = true
	}
	set['\\'] = true
	return set
}()

// userStates are the pseudo-classes that change with what the user does.
var userStates = wordset.Of("checked focus focus-within focus-visible hover active valid invalid user-valid " +
	"user-invalid placeholder-shown autofill -webkit-autofill indeterminate in-range " +
	"out-of-range target target-within ")

type frameKind uint8

const (
	frameBlock    frameKind = iota // a rule's {} block: statements inside
	frameSimple                    // {} inside a value or prelude
	frameParen                     // ( or a function
	frameBracket                   // [
	frameURL                       // url( function: its first string is the address
	frameSrc                       // src(
	frameImageSet                  // image-set(, -webkit-image-set(
	frameVar                       // var(: its first ident names a custom property
	frameType                      // type(: inside image-set() its string is a MIME type, not an address
)

type frame struct {
	kind  frameKind
	start int // offset of the opening token
	// bracket: attribute selector reading
	attrNamed bool // an ident before any =
	attrValue bool // one of them is value
	attrOp    bool
	// url/src/var: whether the first argument was seen
	done bool
	// block: what it is
	block int
	fn    frameKind // the innermost function around (this one included)
	// Inside image-set() or src() at any depth of functions (var()
	// fallbacks, custom functions), but not inside type(): a string there
	// is an address Chrome may fetch.
	imageSet, src bool
	// selector() in an @supports condition: Chrome asks only whether it
	// knows the selector, and matches it against nothing.
	supportsSelector bool
}

// block is an open {} block of a rule; g.blocks is the stack of them.
type block struct {
	facts      uint8  // own prelude's and every ancestor's
	own        uint8  // own prelude's
	customProp string // the custom property or function whose value the block is (--x: {…}, @property, @function)
	property   bool   // an @property block: only initial-value is a value
	valueRule  int    // statement of the outermost enclosing rule whose own prelude tests value, or -1
	fontLoads  []int
}

// stmtState is the statement being read at the innermost block level.
type stmtState struct {
	started    bool // its first significant token was read
	top        bool // a statement of the stylesheet, not inside a block
	colon      bool // the first ident was followed by a colon: a declaration
	afterFirst bool
	addressed  bool // @import/@namespace: its address was taken
	block      bool // it has a {} block: a rule, or a custom property's block value
	facts      uint8
	first      TokenType
	firstEsc   bool // the first token holds an escape
	kind       stmtKind
	start      int
	firstEnd   int    // end of the first token (a declaration's property name)
	index      int    // in res.stmts, once something refers to it; else -1
	loadStart  int    // its loads are res.Loads[loadStart:] while it is read
	arg        string // a custom property's name; @property's property; "fn:" and @function's name
}

// stmtKind is what the guard acts on about a statement's first token.
type stmtKind uint8

const (
	stmtOther stmtKind = iota
	stmtCustom
	stmtUnicodeRange
	stmtImport
	stmtNamespace
	stmtFontFace
	stmtProperty
	stmtFunction     // @function: its name, then its parameters
	stmtInitialValue // initial-value inside @property
	stmtSupports     // @supports: a selector() in its condition only asks whether Chrome knows the selector
)

// customDecl is a custom property, or a custom function (named "fn:--f"):
// whether its value holds a load, which others it uses, and the strings in
// it (an address if var() or the function carries it into image-set()).
type customDecl struct {
	name    string
	hasLoad bool
	refs    []string
	strings []customString
}

// customString is a string in a custom property's or function's value.
type customString struct {
	start, end int
	value      string
	stmt       int
}

// loadRef is a var() or custom-function call inside image-set() or src():
// every string the property or function holds may be fetched.
type loadRef struct {
	name string
	kind string // KindImageSet or KindSrc
}

// valueSet is a declaration in a rule that tests value.
type valueSet struct {
	rule   int // the value-testing rule's statement
	offset int
	name   string // the property it sets
}

// condition is a style() or if() in the sheet.
type condition struct {
	name   string
	offset int
	stmt   int
	what   string // what Sanitize leaves out: "declaration" or "at-rule"
}

type varRef struct {
	name      string
	offset    int
	valueRule int // the statement of the value-testing rule
}

type guard struct {
	src  []byte
	file string
	m    *manifest.Manifest
	mode Mode
	res  Result

	frames  []frame
	inValue bool // the innermost frame is not a block: tokens are not at statement level
	blocks  []block
	cur     int // innermost block, -1 at the top
	stmt    stmtState
	outer   []stmtState // statements of enclosing blocks, suspended

	custom      map[string]*customDecl
	varRefs     []varRef
	loadRefs    []loadRef    // var() and custom functions inside image-set() or src()
	valueSets   []valueSet   // declarations in rules that test value
	valueTest   int          // offset of the first rule that tests value, or -1
	condFns     []condition  // style() and if()
	loadOffset  map[int]bool // offsets of the tokens that hold a primary load (for the second reader)
	tooDeep     bool
	second      []secondCandidate    // the second reader's loads, merged after both readings
	wholeSecond bool                 // the second reading lexes the whole sheet, not only the windows that can hold a load (tests)
	lines       *finding.Lines       // built when positions are not asked for in order (pos)
	count       positionCounter      // positions counted on until then
	verdicts    map[string]site.Load // the address rule's verdict on each address, once
}

func (g *guard) scan() {
	g.cur = -1
	g.stmt.started = false
	g.custom = map[string]*customDecl{}
	g.valueTest = -1

	g.loadOffset = map[int]bool{}
	z := NewTokenizer(g.src)
	prevColon := false
	for {
		t, ok := z.nextSignificant()
		if !ok {
			break
		}
		atStmtLevel := !g.inValue
		if atStmtLevel && !g.stmt.started {
			switch t.Type {
			case Semicolon, CDO, CDC:
				continue
			case RightBrace:
				if g.cur >= 0 {
					g.closeBlock(t)
					continue
				}
			}
			g.startStmt(t)
		} else if atStmtLevel && !g.stmt.afterFirst {
			g.stmt.afterFirst = true
			if t.Type == Colon && g.stmt.first == Ident {
				g.stmt.colon = true
			}
		}
		colonBefore := prevColon
		prevColon = t.Type == Colon
		switch t.Type {
		case Semicolon:
			if atStmtLevel {
				g.endStmt(t.End)
				continue
			}
		case LeftBrace:
			if atStmtLevel {
				g.openBlock(t)
			} else {
				g.push(frame{kind: frameSimple, start: t.Start})
			}
			continue
		case RightBrace:
			if atStmtLevel {
				if g.cur >= 0 {
					g.endStmt(t.Start)
					g.closeBlock(t)
				}
				continue
			}
			g.popTo(frameSimple, t)
			continue
		case LeftParen:
			g.push(frame{kind: frameParen, start: t.Start})
			continue
		case LeftBracket:
			g.push(frame{kind: frameBracket, start: t.Start})
			continue
		case RightParen:
			g.popTo(frameParen, t)
			continue
		case RightBracket:
			g.popTo(frameBracket, t)
			continue
		case Function:
			g.function(t)
			continue
		case URL:
			g.addLoad(t, KindURL, urlValue(t.Raw(g.src)))
			continue
		case BadURL:
			g.addProblem(RuleBadUrl, t.Start, "a malformed url( (a quote, parenthesis, space or control character inside an unquoted address, or an escaped line break): Chrome drops it and skips ahead, so quote the address: url(\"https://…\")")
			continue
		case BadString:
			g.addProblem(RuleBadString, t.Start, "a string is broken by a line break: Chrome ends it there and reads the rest as CSS; close the quote on the same line, or escape the line break with a backslash")
			continue
		case String:
			g.stringToken(t)
			continue
		case Ident:
			g.ident(t, colonBefore)
			continue
		case Delim:
			if len(g.frames) > 0 {
				if f := &g.frames[len(g.frames)-1]; f.kind == frameBracket && g.src[t.Start] == '=' {
					f.attrOp = true
				}
			}
		}
	}
	// The end of the input closes everything.
	g.endStmt(len(g.src))
	for g.cur >= 0 {
		g.closeBlock(Token{Start: len(g.src), End: len(g.src)})
	}
}

func (g *guard) startStmt(t Token) {
	// Field by field: a statement starts at almost every declaration, and
	// assigning a whole struct costs more than the rest of the bookkeeping.
	st := &g.stmt
	st.started, st.top, st.colon, st.afterFirst, st.addressed, st.block = true, g.cur < 0, false, false, false, false
	st.facts, st.first, st.kind, st.firstEsc = 0, t.Type, stmtOther, t.flags&flagEscaped != 0
	st.start, st.firstEnd, st.index, st.loadStart = t.Start, t.End, -1, len(g.res.Loads)
	if st.arg != "" {
		st.arg = ""
	}
	if st.top {
		g.stmtIndex() // top-level statements are always recorded: Sanitize falls back on them
	}
	raw, escaped := t.Raw(g.src), t.flags&flagEscaped != 0
	switch t.Type {
	case AtKeyword:
		name := raw[1:]
		switch {
		case equalFoldName(name, escaped, "font-face"):
			st.kind = stmtFontFace
			st.facts |= factFontFace
		case equalFoldName(name, escaped, "import"):
			st.kind = stmtImport
			g.loadOffset[t.Start] = true
		case equalFoldName(name, escaped, "namespace"):
			st.kind = stmtNamespace
			g.loadOffset[t.Start] = true
		case equalFoldName(name, escaped, "property"):
			st.kind = stmtProperty
		case equalFoldName(name, escaped, "function"):
			st.kind = stmtFunction
		case equalFoldName(name, escaped, "supports"):
			st.kind = stmtSupports
		}
	case Ident:
		// Only the names the guard acts on, so that an ordinary
		// declaration costs no allocation.
		switch {
		case escaped:
			if name := t.Value(g.src); strings.HasPrefix(name, "--") {
				st.kind, st.arg = stmtCustom, name
			} else if asciiLower(name) == "unicode-range" {
				st.kind = stmtUnicodeRange
			}
		case len(raw) > 2 && raw[0] == '-' && raw[1] == '-':
			st.kind, st.arg = stmtCustom, string(raw)
		case equalFoldName(raw, false, "unicode-range"):
			st.kind = stmtUnicodeRange
		}
		if g.cur >= 0 && g.blocks[g.cur].property && equalFoldName(raw, escaped, "initial-value") {
			st.kind = stmtInitialValue
		}
	}
}

// propertyName is the current statement's first token as a lower-case
// name: a declaration's property.
func (g *guard) propertyName() string {
	s := &g.stmt
	raw := g.src[s.start:s.firstEnd]
	if s.firstEsc {
		return asciiLower(decodeName(raw))
	}
	return asciiLower(string(raw))
}

// stmtIndex records the current statement's span, once, and returns its
// index: only statements something refers to are recorded.
func (g *guard) stmtIndex() int {
	s := &g.stmt
	if s.index < 0 {
		s.index = len(g.res.stmts)
		g.res.stmts = append(g.res.stmts, span{start: s.start, end: len(g.src), top: s.top})
	}
	return s.index
}

// endStmt ends the current statement at end (after its semicolon, or
// before the brace that closes its block).
func (g *guard) endStmt(end int) {
	s := &g.stmt
	if !s.started {
		return
	}
	if s.index >= 0 {
		g.res.stmts[s.index].end = end
	}
	g.functionNear(s)
	if s.colon && s.kind == stmtCustom && len(g.res.Loads) > s.loadStart {
		g.customDecl(s.arg).hasLoad = true
	}
	if s.colon && s.first == Ident && (!s.block || s.kind == stmtCustom) && g.cur >= 0 && g.mode == Stylesheet {
		if vr := g.blocks[g.cur].valueRule; vr >= 0 && !g.inCustomValue() {
			if name := g.propertyName(); !paintOnly[name] {
				g.valueSets = append(g.valueSets, valueSet{rule: vr, offset: s.start, name: name})
			}
		}
	}
	if s.colon && s.kind == stmtUnicodeRange && g.cur >= 0 {
		g.blocks[g.cur].own |= factUnicodeRange
	}
	if (s.kind == stmtImport || s.kind == stmtNamespace) && !s.addressed {
		rule := RuleImport
		msg := "@import is never allowed: put the rules in style.css"
		if s.kind == stmtNamespace {
			rule = RuleNamespace
			msg = "@namespace is not allowed: remove it and select elements without a namespace prefix"
		}
		g.res.problems = append(g.res.problems, problem{finding: g.newFinding(rule, s.start, "%s", msg), offset: s.start, stmt: g.stmtIndex(), what: "at-rule"})
	}
	g.stmt.started = false
}

// inCustomValue reports whether the statement being read is inside the
// block value of a custom property (--x: { a: b }), where it declares
// nothing.
func (g *guard) inCustomValue() bool {
	for b := g.cur; b >= 0 && b > g.cur-maxDepth; b-- {
		if g.blocks[b].customProp != "" {
			return true
		}
	}
	return false
}

// functionNear warns on the statement's loads when attr(), if() or
// style() appears in the same declaration or prelude, before or after.
func (g *guard) functionNear(s *stmtState) {
	if s.facts&factFunction == 0 {
		return
	}
	for i := s.loadStart; i < len(g.res.Loads); i++ {
		g.res.Loads[i].Warnings = appendOnce(g.res.Loads[i].Warnings, RuleConditionalFunction)
	}
}

func (g *guard) customDecl(name string) *customDecl {
	d := g.custom[name]
	if d == nil {
		d = &customDecl{name: name}
		g.custom[name] = d
	}
	return d
}

func (g *guard) openBlock(t Token) {
	if !g.stmt.started {
		g.startStmt(t)
	}
	g.functionNear(&g.stmt)
	b := block{own: g.stmt.facts, valueRule: -1}
	if g.cur >= 0 {
		p := g.blocks[g.cur]
		b.facts = p.facts
		b.valueRule = p.valueRule
	}
	b.facts |= b.own &^ factUnicodeRange
	if b.own&factValueAttr != 0 {
		if b.valueRule < 0 {
			b.valueRule = g.stmtIndex()
		}
		if g.valueTest < 0 {
			g.valueTest = g.stmt.start
		}
	}
	switch {
	case g.stmt.colon && g.stmt.kind == stmtCustom:
		b.customProp = g.stmt.arg // --x: { … }
	case g.stmt.kind == stmtProperty:
		b.customProp, b.property = g.stmt.arg, true
	case g.stmt.kind == stmtFunction:
		b.customProp = g.stmt.arg
	}
	g.stmt.block = true
	g.blocks = append(g.blocks, b)
	g.push(frame{kind: frameBlock, start: t.Start, block: len(g.blocks) - 1})
	g.outer = append(g.outer, g.stmt)
	g.cur = len(g.blocks) - 1
	g.stmt.started = false
}

func (g *guard) closeBlock(t Token) {
	// Unclosed frames inside the block close with it.
	n := len(g.frames)
	for n > 0 && g.frames[n-1].kind != frameBlock {
		n--
	}
	if n == 0 {
		g.setFrames(g.frames[:0])
		return
	}
	g.setFrames(g.frames[:n-1])
	b := &g.blocks[g.cur]
	if b.own&factFontFace != 0 && b.own&factUnicodeRange != 0 {
		for _, i := range b.fontLoads {
			g.res.Loads[i].Warnings = appendOnce(g.res.Loads[i].Warnings, RuleConditionalFont)
		}
	}
	g.blocks = g.blocks[:g.cur]
	g.cur--
	g.stmt = g.outer[len(g.outer)-1]
	g.outer = g.outer[:len(g.outer)-1]
	g.endStmt(t.End)
}

// popTo closes the innermost frame when it is of the kind a closing token
// closes. Chrome's blocks close only on their own closer: a closing token
// that does not match the innermost open frame, or has none in the current
// statement, is an ordinary token (Chrome keeps it in the prelude or value).
func (g *guard) popTo(kind frameKind, t Token) {
	if len(g.frames) == 0 {
		return
	}
	f := g.frames[len(g.frames)-1]
	if f.kind == frameBlock {
		return
	}
	fk := f.kind
	if fk == frameURL || fk == frameSrc || fk == frameImageSet || fk == frameVar || fk == frameType {
		fk = frameParen
	}
	if fk != kind {
		return
	}
	g.setFrames(g.frames[:len(g.frames)-1])
	g.closeFrame(f, t)
}

func (g *guard) closeFrame(f frame, t Token) {
	switch f.kind {
	case frameBracket:
		switch {
		case f.attrValue && g.inSupportsSelector():
			// @supports selector(input[value^=a]) tests no value.
		case f.attrValue:
			g.stmt.facts |= factValueAttr
		case f.attrOp && f.attrNamed:
			g.stmt.facts |= factOtherAttr
		}
	case frameSrc:
		if !f.done {
			g.addLoadAt(f.start, t.End, KindSrc, "")
		}
	}
}

// inSupportsSelector reports whether the innermost frames, up to the
// statement's block, include an @supports condition's selector().
func (g *guard) inSupportsSelector() bool {
	for i := len(g.frames) - 1; i >= 0 && g.frames[i].kind != frameBlock; i-- {
		if g.frames[i].supportsSelector {
			return true
		}
	}
	return false
}

// setFrames sets the stack of open frames, and whether the innermost is
// other than a block (the scan asks that at every token).
func (g *guard) setFrames(frames []frame) {
	g.frames = frames
	g.inValue = len(frames) > 0 && frames[len(frames)-1].kind != frameBlock
}

func (g *guard) innermost() *frame {
	if len(g.frames) == 0 {
		return nil
	}
	return &g.frames[len(g.frames)-1]
}

func (g *guard) function(t Token) {
	raw := t.Raw(g.src)
	escaped := t.flags&flagEscaped != 0
	name := raw[:len(raw)-1]
	kind := frameParen
	switch {
	case equalFoldName(name, escaped, "url"):
		kind = frameURL
	case equalFoldName(name, escaped, "src"):
		kind = frameSrc
	case equalFoldName(name, escaped, "image-set"), equalFoldName(name, escaped, "-webkit-image-set"):
		kind = frameImageSet
		g.addProblem(RuleImageSet, t.Start, "image-set() is not allowed: use one url() with a full https:// address on a host your matches cover")
	case equalFoldName(name, escaped, "var"):
		kind = frameVar
	case equalFoldName(name, escaped, "type"):
		kind = frameType
	case equalFoldName(name, escaped, "attr"):
		g.stmt.facts |= factFunction
	case equalFoldName(name, escaped, "if"), equalFoldName(name, escaped, "style"):
		g.stmt.facts |= factFunction
		if g.mode == Stylesheet {
			what := "declaration"
			if g.stmt.first == AtKeyword {
				what = "at-rule"
			}
			g.condFns = append(g.condFns, condition{name: asciiLower(decodeName(name)), offset: t.Start, stmt: g.stmtIndex(), what: what})
		}
	case len(name) > 2 && name[0] == '-' && name[1] == '-', escaped && strings.HasPrefix(decodeName(name), "--"):
		g.customFunction(t, decodeName(name))
	}
	g.push(frame{kind: kind, start: t.Start, supportsSelector: g.stmt.kind == stmtSupports && !g.stmt.block && equalFoldName(name, escaped, "selector")})
}

// customFunction reads a dashed function token: the name of the @function
// being defined, or a call of a custom function, which the guard follows
// as it follows var().
func (g *guard) customFunction(t Token, name string) {
	if s := &g.stmt; s.kind == stmtFunction && s.arg == "" {
		s.arg = "fn:" + name
		return
	}
	g.useCustom(t, "fn:"+name)
}

func (g *guard) stringToken(t Token) {
	f := g.innermost()
	switch {
	case f != nil && (f.kind == frameURL || f.kind == frameSrc) && !f.done:
		f.done = true
		kind := KindURLString
		switch {
		case f.kind == frameSrc:
			kind = KindSrc
		case g.importAddress():
			kind = g.importKind()
		case g.inImageSet():
			kind = KindImageSet
		}
		g.addLoadAt(f.start, t.End, kind, t.Value(g.src))
	case g.inImageSet():
		g.addLoadAt(t.Start, t.End, KindImageSet, t.Value(g.src))
	case g.importAddress():
		g.addLoadAt(t.Start, t.End, g.importKind(), t.Value(g.src))
	default:
		// Not a load where it is; var() or a custom function may still
		// carry it into image-set().
		if owner := g.stringOwner(); owner != "" {
			d := g.customDecl(owner)
			d.strings = append(d.strings, customString{
				start: t.Start, end: t.End,
				value: t.Value(g.src), stmt: g.stmtIndex(),
			})
		}
	}
}

// inImageSet reports whether the token being read is inside image-set(),
// at any depth of functions except type(), whose string is a MIME type.
func (g *guard) inImageSet() bool {
	f := g.innermost()
	return f != nil && f.imageSet
}

// maxDepth bounds nesting of blocks, brackets and functions. No real
// stylesheet comes near it; past it the sheet is refused, which keeps every
// walk up the nesting bounded.
const maxDepth = 256

func (g *guard) push(f frame) {
	top := g.innermost()
	switch f.kind {
	case frameParen, frameURL, frameSrc, frameImageSet, frameVar, frameType:
		f.fn = f.kind
	default:
		if top != nil && f.kind != frameBlock {
			f.fn = top.fn
		}
	}
	if top != nil && f.kind != frameBlock {
		f.imageSet, f.src = top.imageSet, top.src
	}
	switch f.kind {
	case frameImageSet:
		f.imageSet = true
	case frameSrc:
		f.src = true
	case frameType:
		f.imageSet = false
	}
	g.setFrames(append(g.frames, f))
	if len(g.frames) == maxDepth+1 && !g.tooDeep {
		g.tooDeep = true
		g.addProblem(RuleTooDeep, f.start, "blocks, brackets and functions are nested more than %d deep here: no stylesheet needs that; flatten the rules", maxDepth)
	}
}

// importAddress reports whether a string or url token here is the address
// of an @import or @namespace, and takes it.
func (g *guard) importAddress() bool {
	s := &g.stmt
	if (s.kind != stmtImport && s.kind != stmtNamespace) || s.addressed {
		return false
	}
	s.addressed = true
	return true
}

func (g *guard) importKind() string {
	if g.stmt.kind == stmtNamespace {
		return KindNamespace
	}
	return KindImport
}

func (g *guard) ident(t Token, afterColon bool) {
	f := g.innermost()
	switch {
	case f != nil && f.kind == frameBracket:
		if !f.attrOp {
			f.attrNamed = true
			f.attrValue = f.attrValue || equalFoldName(t.Raw(g.src), t.flags&flagEscaped != 0, "value")
		}
	case f != nil && f.kind == frameVar && !f.done:
		f.done = true
		g.useCustom(t, t.Value(g.src))
	case afterColon:
		if isUserState(g.src, t) {
			g.stmt.facts |= factUserState
		}
	}
	switch s := &g.stmt; {
	case s.kind == stmtProperty && s.arg == "":
		s.arg = t.Value(g.src)
	case s.kind == stmtFunction && s.arg == "":
		s.arg = "fn:" + t.Value(g.src) // @function --f { … }, without parameters
	}
}

// useCustom records a use of a custom property (var(--x)) or of a custom
// function (--f(), named "fn:--f"): by the custom property or function
// being defined around it, by a rule that tests value, and by image-set()
// or src() around it.
func (g *guard) useCustom(t Token, name string) {
	if s := &g.stmt; s.colon && s.kind == stmtCustom {
		d := g.customDecl(s.arg)
		d.refs = append(d.refs, name)
	}
	if s := &g.stmt; s.kind == stmtFunction && s.arg != "" {
		d := g.customDecl(s.arg) // a parameter's default value
		d.refs = append(d.refs, name)
	}
	for b := g.cur; b >= 0 && b > g.cur-maxDepth; b-- {
		if cp := g.blocks[b].customProp; cp != "" {
			d := g.customDecl(cp)
			d.refs = append(d.refs, name)
		}
	}
	if vr := g.valueRule(); vr >= 0 {
		g.varRefs = append(g.varRefs, varRef{name: name, offset: t.Start, valueRule: vr})
	}
	// The innermost frame: var( itself (pushed already, and it inherits
	// where it is), or the one around --f( (not pushed yet).
	f := g.innermost()
	switch {
	case f == nil:
	case f.imageSet:
		g.loadRefs = append(g.loadRefs, loadRef{name: name, kind: KindImageSet})
	case f.src:
		g.loadRefs = append(g.loadRefs, loadRef{name: name, kind: KindSrc})
	}
}

// stringOwner is the custom property or function whose value a string
// here belongs to, or "".
func (g *guard) stringOwner() string {
	switch s := &g.stmt; {
	case s.colon && s.kind == stmtCustom:
		return s.arg
	case s.kind == stmtFunction:
		return s.arg // a parameter's default value
	case s.kind == stmtInitialValue && g.cur >= 0:
		return g.blocks[g.cur].customProp
	}
	for b := g.cur; b >= 0 && b > g.cur-maxDepth; b-- {
		if bl := &g.blocks[b]; bl.customProp != "" && !bl.property {
			return bl.customProp
		}
	}
	return ""
}

// valueRule returns the statement of the outermost rule around the
// current token whose prelude tests value, or -1.
func (g *guard) valueRule() int {
	if g.cur < 0 {
		return -1
	}
	return g.blocks[g.cur].valueRule
}

func (g *guard) addLoad(t Token, kind, address string) {
	if g.importAddress() {
		kind = g.importKind()
	} else if g.inImageSet() {
		kind = KindImageSet
	}
	g.addLoadAt(t.Start, t.End, kind, address)
}

func (g *guard) addLoadAt(start, end int, kind, address string) {
	if g.localReference(kind, address) {
		g.loadOffset[start] = true // not a load, for the second reader too
		return
	}
	if !g.stmt.started {
		// A load always belongs to a statement; this one starts here.
		g.startStmt(Token{Type: Delim, Start: start, End: end})
	}
	l := Load{
		Kind: kind, Offset: start, Start: g.pos(start), End: g.pos(end),
		Written: string(g.src[start:end]), Address: address, stmt: g.stmtIndex(),
	}
	i := len(g.res.Loads)
	g.res.Loads = append(g.res.Loads, l)
	g.loadOffset[start] = true
	g.conditions(i)
}

// localReference reports whether a url() here is a fragment-only
// reference to an element of the page, which Chrome resolves without a
// request: url(#id) written directly in a declaration of one of the
// localReference properties (not in a custom property, whose value var()
// can carry anywhere, and not in image-set()).
func (g *guard) localReference(kind, address string) bool {
	if (kind != KindURL && kind != KindURLString) || !strings.HasPrefix(address, "#") || g.mode != Stylesheet {
		return false
	}
	s := &g.stmt
	if !s.started || !s.colon || s.first != Ident || s.kind != stmtOther || g.stringOwner() != "" {
		return false
	}
	if f := g.innermost(); f != nil && (f.imageSet || f.src) {
		return false
	}
	return localReference[g.propertyName()]
}

// conditions records what the load depends on: the rules around it.
func (g *guard) conditions(i int) {
	l := &g.res.Loads[i]
	var facts uint8
	if g.cur >= 0 {
		facts = g.blocks[g.cur].facts
	}
	for b := g.cur; b >= 0 && b > g.cur-maxDepth; b-- {
		if cp := g.blocks[b].customProp; cp != "" {
			g.customDecl(cp).hasLoad = true
		}
		if g.blocks[b].own&factFontFace != 0 {
			g.blocks[b].fontLoads = append(g.blocks[b].fontLoads, i)
		}
	}
	if vr := g.valueRule(); vr >= 0 {
		l.Rule = RuleValueSelector
		l.stmt = vr
	}
	if facts&factOtherAttr != 0 {
		l.Warnings = append(l.Warnings, RuleConditionalAttribute)
	}
	if facts&factUserState != 0 {
		l.Warnings = append(l.Warnings, RuleConditionalState)
	}
	if facts&factFunction != 0 {
		l.Warnings = append(l.Warnings, RuleConditionalFunction)
	}
}

func (g *guard) addProblem(rule *finding.Rule, off int, format string, args ...any) {
	if !g.stmt.started {
		g.startStmt(Token{Type: Delim, Start: off, End: off})
	}
	g.res.problems = append(g.res.problems, problem{finding: g.newFinding(rule, off, format, args...), offset: off, stmt: g.stmtIndex(), what: "declaration"})
}

// findingAt is newFinding at a position already computed.
func (g *guard) findingAt(rule *finding.Rule, pos finding.Position, format string, args ...any) finding.Finding {
	return finding.New(rule, g.file, pos, format, args...)
}

func (g *guard) newFinding(rule *finding.Rule, off int, format string, args ...any) finding.Finding {
	return finding.New(rule, g.file, g.pos(off), format, args...)
}

func appendOnce[T comparable](list []T, s T) []T {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// finish gives every load its verdict and turns problems into findings.
func (g *guard) finish() {
	loadHolding := g.loadHoldingProperties()
	for _, vr := range g.varRefs {
		if loadHolding[vr.name] {
			g.res.problems = append(g.res.problems, problem{
				finding: g.newFinding(RuleValueSelector, vr.offset, "this rule tests an element's value and uses %s, which holds a load: the request would tell its host what was typed; remove it from the rule, or select on something other than the value attribute", customName(vr.name)),
				offset:  vr.offset, stmt: vr.valueRule, what: "rule",
			})
		}
	}
	g.carriedStrings()
	g.valueInfluence()
	for i := range g.res.Loads {
		g.verdict(&g.res.Loads[i])
	}
	onesort.StableFunc(g.res.Loads, func(a, b Load) int { return a.Offset - b.Offset })
	onesort.StableFunc(g.res.problems, func(a, b problem) int { return a.offset - b.offset })
	legacy := g.mode == Stylesheet && g.m != nil && g.m.Legacy()
	for _, p := range g.res.problems {
		f := p.finding
		if legacy {
			f = f.AsWarning(fmt.Sprintf("saved against api %s, before %s: Remixlet leaves this %s out when it inserts the stylesheet; `remixlet css --sanitize` writes the sheet without it", g.m.API, manifest.LoadChecks, p.what))
		}
		g.res.Findings = append(g.res.Findings, f)
	}
	for _, l := range g.res.Loads {
		if !l.Allowed {
			continue
		}
		for _, w := range l.Warnings {
			g.res.Findings = append(g.res.Findings, g.findingAt(w, l.Start, "%s", warningMessage(w, l)))
		}
	}
	finding.Sort(g.res.Findings)
}

// carriedStrings lists, as loads, the strings that var() or a custom
// function carries into image-set() or src(): Chrome fetches them as it
// fetches a string written there. Each custom property or function used
// inside image-set() or src() gives its strings, and those of every one
// it uses in turn.
func (g *guard) carriedStrings() {
	if len(g.loadRefs) == 0 {
		return
	}
	kinds := map[string]string{} // property or function → the kind its strings load as
	var work []string
	for _, r := range g.loadRefs {
		if k, seen := kinds[r.name]; !seen || (k == KindSrc && r.kind == KindImageSet) {
			kinds[r.name] = r.kind
			work = append(work, r.name)
		}
	}
	for len(work) > 0 {
		name := work[len(work)-1]
		work = work[:len(work)-1]
		d := g.custom[name]
		if d == nil {
			continue
		}
		for _, used := range d.refs {
			if k, seen := kinds[used]; !seen || (k == KindSrc && kinds[name] == KindImageSet) {
				kinds[used] = kinds[name]
				work = append(work, used)
			}
		}
	}
	names := make([]string, 0, len(kinds))
	for name := range kinds {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		d := g.custom[name]
		if d == nil {
			continue
		}
		for _, cs := range d.strings {
			g.res.Loads = append(g.res.Loads, Load{
				Kind: kinds[name], Offset: cs.start, Start: g.pos(cs.start), End: g.pos(cs.end),
				Written: string(g.src[cs.start:cs.end]), Address: cs.value, stmt: cs.stmt,
				carriedBy: displayCustom(name),
			})
		}
	}
}

// displayCustom is how CSS uses a custom property or function:
// var(--x), or --f() for a function.
func displayCustom(name string) string {
	if f, ok := strings.CutPrefix(name, "fn:"); ok {
		return f + "()"
	}
	return "var(" + name + ")"
}

// customName is a custom property's or function's name: --x, or --f().
func customName(name string) string {
	if f, ok := strings.CutPrefix(name, "fn:"); ok {
		return f + "()"
	}
	return name
}

// valueInfluence refuses what lets a rule that tests value decide what
// another rule loads, in a sheet that loads anything: a declaration in the
// value-testing rule other than a paint-only one (display, size, fonts,
// content, animations, custom properties: each witnessed to change whether
// another rule's url() is fetched), and every style() or if() condition,
// which reads custom properties.
func (g *guard) valueInfluence() {
	if g.mode != Stylesheet || len(g.res.Loads) == 0 {
		return
	}
	// One finding per value-testing rule, and none for a rule
	// css/value-selector refuses already (Sanitize leaves it out whole).
	reported := map[int]bool{}
	for _, l := range g.res.Loads {
		if l.Rule == RuleValueSelector {
			reported[l.stmt] = true
		}
	}
	for _, p := range g.res.problems {
		if p.finding.Rule == RuleValueSelector.ID {
			reported[p.stmt] = true
		}
	}
	for i, vs := range g.valueSets {
		if reported[vs.rule] {
			continue
		}
		reported[vs.rule] = true
		more := 0
		for _, other := range g.valueSets[i+1:] {
			if other.rule == vs.rule {
				more++
			}
		}
		also := ""
		if more > 0 {
			also = fmt.Sprintf(" (and %d more)", more)
		}
		g.res.problems = append(g.res.problems, problem{
			finding: g.newFinding(RuleValueInfluence, vs.offset, "this rule tests an element's value and sets %s%s, which can decide whether another rule's load happens (the sheet loads %s): the request would tell its host what was typed: remove %s from the rule (in a rule that tests value, set only paint: colours, shadows, outlines, text decoration, column rules, how a background is painted), or select on something other than the value attribute",
				vs.name, also, g.someLoad(), vs.name),
			offset: vs.offset, stmt: vs.rule, what: "rule",
		})
	}
	if g.valueTest < 0 {
		return
	}
	at := g.pos(g.valueTest)
	conditioned := map[int]bool{} // one finding per statement: if(style(…)) is one condition
	for _, c := range g.condFns {
		if conditioned[c.stmt] {
			continue
		}
		conditioned[c.stmt] = true
		g.res.problems = append(g.res.problems, problem{
			finding: g.newFinding(RuleValueInfluence, c.offset, "%s() makes a load depend on a condition, and this sheet tests an element's value (line %d) and loads %s: together they can tell a host what was typed; remove the %s() condition, or the rule that tests value",
				c.name, at.Line, g.someLoad(), c.name),
			offset: c.offset, stmt: c.stmt, what: c.what,
		})
	}
}

// someLoad names one load of the sheet, for a message about the sheet as
// a whole.
func (g *guard) someLoad() string {
	for _, l := range g.res.Loads {
		if l.Address != "" {
			return quoteAddress(l.Address)
		}
	}
	return g.res.Loads[0].Kind
}

// loadHoldingProperties returns the custom properties whose value holds a
// load, directly or through var() of another such property.
func (g *guard) loadHoldingProperties() map[string]bool {
	usedBy := map[string][]string{} // property → the properties whose value uses it
	var work []string
	holding := map[string]bool{}
	for name, d := range g.custom {
		for _, r := range d.refs {
			usedBy[r] = append(usedBy[r], name)
		}
		if d.hasLoad {
			holding[name] = true
			work = append(work, name)
		}
	}
	for len(work) > 0 {
		name := work[len(work)-1]
		work = work[:len(work)-1]
		for _, user := range usedBy[name] {
			if !holding[user] {
				holding[user] = true
				work = append(work, user)
			}
		}
	}
	return holding
}

func warningMessage(rule *finding.Rule, l Load) string {
	switch rule {
	case RuleConditionalAttribute:
		return fmt.Sprintf("%s loads only when an attribute selector matches, which tells %s about the page: load it unconditionally, or make sure the attribute holds nothing private", l.Address, l.Host)
	case RuleConditionalState:
		return fmt.Sprintf("%s loads when the user hovers, focuses, checks or fills something, which tells %s what they did: load it in a rule without the user-state pseudo-class and switch its visibility instead", l.Address, l.Host)
	case RuleConditionalFont:
		return fmt.Sprintf("%s is a font limited to a unicode-range, so it loads only when the page shows one of its characters, which tells %s what the page says: drop unicode-range or use one file for every character", l.Address, l.Host)
	case RuleConditionalFunction:
		return fmt.Sprintf("%s loads next to attr(), if() or style(), so page content decides whether it loads: load it unconditionally", l.Address)
	}
	return l.Address
}

// verdict decides one load and records its problem.
func (g *guard) verdict(l *Load) {
	what := "declaration"
	refuse := func(rule *finding.Rule, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if l.Rule == nil || l.Rule == rule {
			l.Rule = rule
			l.Reason = msg
		}
		if l.Second {
			rule = RuleAmbiguousLoad
			msg = fmt.Sprintf("a second CSS reader sees %s %s here where Chrome's reading sees none, and would refuse it (%s): rewrite the text so it is plainly not a load", l.Kind, quoteAddress(l.Address), msg)
			l.Rule, l.Reason = rule, msg
		}
		g.res.problems = append(g.res.problems, problem{finding: g.findingAt(rule, l.Start, "%s", msg), offset: l.Offset, stmt: l.stmt, what: what})
	}
	if l.Second {
		l.stmt = -1
	}
	if g.mode == Script {
		l.Allowed = false
		if l.Kind == KindText {
			refuse(RuleScriptLoad, "CSS a script writes may not contain url( at all, even in a string or comment: use dom.addStyle without url(); load images through an img element on an allowed host")
			return
		}
		refuse(RuleScriptLoad, "CSS a script writes may not load anything (%s %s): use dom.addStyle without url(); load images through an img element on an allowed host", l.Kind, quoteAddress(l.Address))
		return
	}
	if l.Rule == RuleValueSelector {
		l.Rule = nil
		what = "rule"
		refuse(RuleValueSelector, "this rule tests an element's value and loads %s, which would tell its host what was typed, one character at a time: remove the load from the rule, or select on something other than the value attribute", quoteAddress(l.Address))
		what = "declaration"
	}
	var cl site.Load
	if g.m != nil {
		cl = g.checkLoad(l.Address)
		l.Resolved, l.Host = cl.Resolved, cl.Host
	}
	switch l.Kind {
	case KindImport:
		what = "at-rule"
		refuse(RuleImport, "@import is never allowed (it loads %s): put the rules in style.css", quoteAddress(l.Address))
		return
	case KindNamespace:
		what = "at-rule"
		refuse(RuleNamespace, "@namespace is not allowed (it names %s): remove it and select elements without a namespace prefix", quoteAddress(l.Address))
		return
	case KindSrc:
		if l.carriedBy != "" {
			refuse(RuleSrcFunction, "%s carries %s into src(), which fetches it: src() is not allowed: use url() with a full https:// address on a host your matches cover", l.carriedBy, quoteAddress(l.Address))
			return
		}
		refuse(RuleSrcFunction, "src() is not allowed: use url() with a full https:// address on a host your matches cover")
		return
	case KindImageSet:
		// image-set() itself is refused once; each address inside is
		// listed as refused with it.
		l.Allowed = false
		if l.Rule == nil {
			l.Rule = RuleImageSet
			l.Reason = "image-set() is not allowed: use one url() with a full https:// address on a host your matches cover"
			if l.carriedBy != "" {
				l.Reason = fmt.Sprintf("%s carries %s into image-set(), which fetches it: %s", l.carriedBy, quoteAddress(l.Address), l.Reason)
			}
		}
		return
	}
	if g.m == nil {
		refuse(RuleRemoteLoad, "no manifest to check %s against: give the manifest (--manifest) so the host can be checked", quoteAddress(l.Address))
		return
	}
	switch cl.Problem {
	case site.LoadAllowed:
		l.Allowed = l.Rule == nil
		return
	case site.LoadRelative:
		refuse(RuleRelativeUrl, "%s: %s", quoteAddress(l.Address), cl.Reason)
	case site.LoadScheme:
		refuse(RuleScheme, "%s: %s", shortAddress(l.Address), cl.Reason)
	case site.LoadUserinfo:
		refuse(RuleUserinfo, "%s: %s", quoteAddress(l.Address), cl.Reason)
	case site.LoadInvalid:
		refuse(RuleInvalidUrl, "%s: %s", quoteAddress(l.Address), cl.Reason)
	default:
		refuse(RuleRemoteLoad, "%s: %s", quoteAddress(l.Address), cl.Reason)
	}
}

// checkLoad is the address rule's verdict on address, decided once per
// address: a sheet can load the same image from a thousand rules.
func (g *guard) checkLoad(address string) site.Load {
	if cl, ok := g.verdicts[address]; ok {
		return cl
	}
	if g.verdicts == nil {
		g.verdicts = map[string]site.Load{}
	}
	cl := g.m.CheckLoad(address)
	g.verdicts[address] = cl
	return cl
}

func quoteAddress(s string) string { return strconv.Quote(s) }

// shortAddress keeps a data: address readable in a message.
func shortAddress(s string) string {
	n := 0
	for i := range s { // up to the 61st character, not through a long data: address
		if n == 60 {
			return strconv.Quote(s[:i] + "…")
		}
		n++
	}
	return strconv.Quote(s)
}
