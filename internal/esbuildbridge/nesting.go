package remixletbridge

import (
	"github.com/evanw/esbuild/internal/config"
	"github.com/evanw/esbuild/internal/js_lexer"
	"github.com/evanw/esbuild/internal/logger"
)

// Nesting is what ScanNesting measured.
type Nesting struct {
	// Depth is the deepest nesting estimate the scan reached. It bounds the
	// recursion depth of esbuild's parser and visitor on the same text (up
	// to a small constant factor): every level of their recursion consumes a
	// token that the estimate counts.
	Depth int
	// Offset is the byte offset of the token where Depth was reached.
	Offset int
	// Exceeded reports that Depth passed the limit; the scan stopped there.
	Exceeded bool
	// Comments are the comments the scan read past, each with its
	// delimiters (all of them when the scan reached the end).
	Comments []Range
	// Literals (GuardNesting only) are the string, template and
	// regular-expression literals the scan read past, as LiteralRanges
	// gives them; ReadToEnd, that it read to the end of src (no syntax
	// error stopped it).
	Literals  []Range
	ReadToEnd bool
}

// LiteralRanges is what LiteralRanges(src) returns for the src
// GuardNesting read, from the same reading: the lint asks for both, and
// reading the text once less is a tenth of its time on a large script.
func (n Nesting) LiteralRanges() (literals, comments []Range, complete bool) {
	return n.Literals, n.Comments, n.ReadToEnd && !n.Exceeded
}

// ScanNesting estimates how deeply esbuild would recurse on src, without
// recursing itself, and stops as soon as the estimate passes limit.
//
// esbuild's parser and visitor recurse once per nesting level and have no
// depth limit, so a deep enough input (a few hundred kilobytes of "!!!" or
// "a=>a=>") overflows the goroutine stack, which kills the process; no
// recover can catch that. Call ScanNesting first and parse only when it
// returns without Exceeded.
//
// The scan reads src with esbuild's own lexer, so strings, comments,
// templates, escapes and HTML-like comments split exactly as the parser
// sees them, and decides between a regular expression and a division the
// way the parser does (from the syntactic context: a "/" after an operand is
// a division; after a statement's head, a block or an operator it starts a
// regular expression). The estimate is, at each token, the number of open
// brackets (each with the estimate where it opened) plus the count of
// operators, keywords and closed groups since the last point where a new
// sibling starts at that level (a comma, a semicolon not followed by else,
// the end of a block followed by a new statement, automatic semicolon
// insertion before a new line). Chains of any kind (a.b.c, a()(), a=b=c,
// a?b:c?d:e, !!!, new new, a=>b=>c, if(a)if(b), else if, labels) therefore
// add up, while ordinary code, made of many short statements and list items,
// stays shallow.
//
// A syntax error the lexer reports ends the scan: the parser stops at the
// same token (or earlier), so nothing after it is parsed either.
func ScanNesting(src string, limit int) Nesting {
	s := scanner{limit: limit}
	lx := &fastTokens{src: src}
	s.runWith(lx)
	s.result.Comments = lx.comments
	return s.result
}

type frameKind uint8

const (
	frameTop         frameKind = iota
	frameParen                 // ( ... ): a group, call arguments or parameters
	frameStmtHead              // ( ... ) after if, while, for or with: a statement follows
	frameParams                // ( ... ) after function: a body follows
	frameBracket               // [ ... ]
	frameBlock                 // { ... } a statement block or a declaration's body
	frameObject                // { ... } an expression: object literal, function or class expression body
	frameTemplate              // ${ ... } inside a template literal
	frameClauseBrace           // { ... } of import or export clauses
)

type frame struct {
	kind     frameKind
	declBody bool   // for frameParams: the function is a declaration
	base     int32  // the estimate where the frame opened
	seg      int32  // depth-adding tokens since the last sibling boundary that stay open to their right (assignments, arrows, ?:, statements)
	closed   int32  // depth-adding tokens since the last binary operator that close before it (prefixes, member reads, calls)
	levels   uint32 // the precedence levels of the left-associative binary operators in this segment
	nlevels  int32  // how many bits levels has
	strAdds  int32  // + after a string literal in this segment: esbuild folds adjacent literals, copying the text so far each time
	ternary  int32  // "?" seen in this segment still waiting for ":"
}

// tokenRecord is one token as the scan read it (for tests).
type tokenRecord struct {
	tok        js_lexer.T
	start, end int
	newline    bool
}

type declKind uint8

const (
	noDecl declKind = iota
	isDeclaration
	isExpression
)

// scanFlags is what one token leaves for the next, as bits: each token
// reads the flags the previous one set and sets the next one's.
type scanFlags uint16

const (
	pendingSemicolon scanFlags = 1 << iota // a ";" ended a segment unless "else" follows
	pendingBrace                           // a "}" ended a segment if a new statement follows
	stmtStart                              // the current token starts a statement
	prevWasDot                             // the previous token was . or ?. (a keyword now is a property name)
	forSeen                                // the previous tokens were "for" (and maybe "await")
	afterSpecifier                         // an import or export statement's module specifier was read
	prevExprEnd                            // the previous token ends an operand: "/" now divides
	prevFrom                               // the previous token was the name "from"
)

type scanner struct {
	limit  int
	result Nesting
	stack  []frame
	cur    *frame // the top of stack
	// Offsets of the regular expressions read, and where each ends, for
	// tests; nil otherwise.
	regexps, regexpEnds []int
	trace               func(tokenRecord) // for tests: every token read
	generalOnly         bool              // for tests: every token through token's general case

	prev  js_lexer.T // the previous token
	flags scanFlags  // set by the previous token for the current one

	pendingFunction declKind  // "function" seen, its parameter list not yet opened
	pendingClass    declKind  // "class" seen, its body not yet opened
	classFrame      int       // len(stack) where that class keyword appeared
	lastClosed      frameKind // the kind of frame the previous ")" closed
	lastClosedDecl  bool      // and its declBody
}

func (s *scanner) depth() int {
	f := s.cur
	return int(f.base + f.seg + f.closed + f.nlevels + f.strAdds/2)
}

func (s *scanner) note(offset int) bool {
	if d := s.depth(); d > s.result.Depth {
		s.result.Depth = d
		s.result.Offset = offset
		if d > s.limit {
			s.result.Exceeded = true
			return false
		}
	}
	return true
}

func (s *scanner) push(kind frameKind, declBody bool, offset int) bool {
	base := int32(s.depth() + 1)
	s.stack = append(s.stack, frame{kind: kind, declBody: declBody, base: base})
	s.cur = &s.stack[len(s.stack)-1]
	return s.note(offset)
}

func (s *scanner) pop() {
	s.stack = s.stack[:len(s.stack)-1]
	s.cur = &s.stack[len(s.stack)-1]
}

func (s *scanner) add(n int32) { s.cur.seg += n }

// addClosed counts a token whose construct ends before the next binary
// operator: a prefix operator, a member read, a call, a tagged template.
func (s *scanner) addClosed(n int32) { s.cur.closed += n }

// binary accounts for a left-associative binary operator (+, ||, <, …)
// after an operand. The parser reads a chain of them in a loop, and
// recurses only to climb to a higher precedence, and the visitor walks the
// left spine without recursing, so a chain of any length costs one level
// per precedence level, not one per operator; the operand before it is
// complete, so what it counted no longer adds up. (String literals joined
// by + are the exception, counted in strAdds.)
func (s *scanner) binary(level int) {
	f := s.cur
	f.closed = 0
	if bit := uint32(1) << level; f.levels&bit == 0 {
		f.levels |= bit
		f.nlevels++
	}
}

func (s *scanner) reset() {
	f := s.cur
	f.seg = 0
	f.closed = 0
	f.levels = 0
	f.nlevels = 0
	f.strAdds = 0
	f.ternary = 0
}

// binaryLevel is the precedence level of a left-associative binary
// operator, or -1 for any other token.
func binaryLevel(t js_lexer.T) int {
	switch t {
	case js_lexer.TQuestionQuestion:
		return 0
	case js_lexer.TBarBar:
		return 1
	case js_lexer.TAmpersandAmpersand:
		return 2
	case js_lexer.TBar:
		return 3
	case js_lexer.TCaret:
		return 4
	case js_lexer.TAmpersand:
		return 5
	case js_lexer.TEqualsEquals, js_lexer.TExclamationEquals, js_lexer.TEqualsEqualsEquals, js_lexer.TExclamationEqualsEquals:
		return 6
	case js_lexer.TLessThan, js_lexer.TGreaterThan, js_lexer.TLessThanEquals, js_lexer.TGreaterThanEquals, js_lexer.TIn, js_lexer.TInstanceof:
		return 7
	case js_lexer.TLessThanLessThan, js_lexer.TGreaterThanGreaterThan, js_lexer.TGreaterThanGreaterThanGreaterThan:
		return 8
	case js_lexer.TPlus, js_lexer.TMinus:
		return 9
	case js_lexer.TAsterisk, js_lexer.TSlash, js_lexer.TPercent:
		return 10
	}
	return -1
}

// closesBeforeBinary reports prefix operators: their operand ends before
// any binary operator that follows it.
func closesBeforeBinary(t js_lexer.T) bool {
	switch t {
	case js_lexer.TExclamation, js_lexer.TTilde, js_lexer.TPlus, js_lexer.TMinus,
		js_lexer.TTypeof, js_lexer.TVoid, js_lexer.TDelete, js_lexer.TNew:
		return true
	}
	return false
}

// canStartStatementOnly reports tokens that cannot continue an expression
// on the same line, so that after an operand and a line break (or after a
// "}") they start a new statement: automatic semicolon insertion.
func canStartStatementOnly(t js_lexer.T) bool {
	switch t {
	case js_lexer.TIdentifier, js_lexer.TEscapedKeyword, js_lexer.TPrivateIdentifier,
		js_lexer.TStringLiteral, js_lexer.TNumericLiteral, js_lexer.TBigIntegerLiteral,
		js_lexer.TExclamation, js_lexer.TTilde, js_lexer.TPlusPlus, js_lexer.TMinusMinus,
		js_lexer.TOpenBrace:
		return true
	case js_lexer.TIn, js_lexer.TInstanceof, js_lexer.TElse:
		return false
	}
	return t >= js_lexer.TBreak && t <= js_lexer.TWith
}

func (s *scanner) run(src string) { s.runWith(&fastTokens{src: src}) }

// newEsbuildTokens starts esbuild's own lexer on src (for tests).
func newEsbuildTokens(src string) (l *esbuildTokens) {
	log := logger.Log{
		AddMsg:    func(logger.Msg) {},
		HasErrors: func() bool { return false },
		Peek:      func() []logger.Msg { return nil },
		Done:      func() []logger.Msg { return nil },
		Level:     logger.LevelNone,
	}
	source := logger.Source{KeyPath: logger.Path{Text: "script.js"}, Contents: src}
	l = &esbuildTokens{}
	if !lexically(func() { l.lx = js_lexer.NewLexer(log, source, config.TSOptions{}) }) {
		l.lx = js_lexer.Lexer{Token: js_lexer.TEndOfFile}
	}
	return l
}

func (s *scanner) runWith(lx *fastTokens) {
	s.stack = append(s.stack, frame{kind: frameTop})
	s.cur = &s.stack[0]
	s.flags = stmtStart
	for {
		var ok bool
		if lx.ref == nil {
			ok = lx.next()
		} else {
			ok = lx.advance()
		}
		if !ok || !s.token(lx) {
			return
		}
	}
}

// token accounts for the lexer's current token; false stops the scan.
func (s *scanner) token(lx *fastTokens) bool {
	t := lx.tok
	offset := lx.s
	in := s.flags // what the previous token left
	var out scanFlags

	// The commonest tokens first, where nothing is pending: each case
	// does what the general case below does for that token in that
	// state, in fewer steps, or falls through to it (TestFastPathsChangeNothing
	// and its fuzz test hold the two to the same result).
	if in&(pendingSemicolon|pendingBrace) == 0 && !s.generalOnly {
		afterLine := lx.nl && in&prevExprEnd != 0 // a token that can start a statement starts one here
		switch t {
		case js_lexer.TIdentifier:
			// A name other than a contextual keyword only ends an operand.
			if !afterLine && !(lx.ident != "" && contextualFirst[lx.ident[0]] && contextualName(lx.ident)) {
				if s.trace != nil {
					s.traceToken(t, lx)
				}
				s.prev, s.flags = t, prevExprEnd
				return true
			}
		case js_lexer.TDot:
			s.cur.closed++ // a member read
			if s.trace != nil {
				s.traceToken(t, lx)
			}
			s.prev, s.flags = t, prevWasDot
			return s.note(offset)
		case js_lexer.TComma:
			s.reset()
			if s.trace != nil {
				s.traceToken(t, lx)
			}
			s.prev, s.flags = t, 0
			return true
		case js_lexer.TEquals:
			s.cur.seg++ // an assignment: right-associative
			if s.trace != nil {
				s.traceToken(t, lx)
			}
			s.prev, s.flags = t, 0
			return s.note(offset)
		case js_lexer.TNumericLiteral, js_lexer.TThis:
			if !afterLine {
				if s.trace != nil {
					s.traceToken(t, lx)
				}
				s.prev, s.flags = t, prevExprEnd
				return true
			}
		case js_lexer.TOpenParen:
			// A group or call's arguments: not a statement head or a
			// function's parameters.
			if in&(forSeen|prevWasDot) == 0 && s.pendingFunction == noDecl &&
				s.prev != js_lexer.TIf && s.prev != js_lexer.TWhile && s.prev != js_lexer.TWith && s.prev != js_lexer.TFor {
				if !s.push(frameParen, false, offset) {
					return false
				}
				if s.trace != nil {
					s.traceToken(t, lx)
				}
				s.prev, s.flags = t, 0
				return true
			}
		case js_lexer.TCloseParen, js_lexer.TCloseBracket:
			// The end of a group, call or index: complete.
			if f := s.cur; f.kind == frameParen && t == js_lexer.TCloseParen || f.kind == frameBracket && t == js_lexer.TCloseBracket {
				kind, decl := f.kind, f.declBody
				s.pop()
				s.cur.closed++
				if !s.note(offset) {
					return false
				}
				s.lastClosed, s.lastClosedDecl = kind, decl
				if s.trace != nil {
					s.traceToken(t, lx)
				}
				s.prev, s.flags = t, prevExprEnd
				return true
			}
		case js_lexer.TOpenBracket:
			if !s.push(frameBracket, false, offset) {
				return false
			}
			if s.trace != nil {
				s.traceToken(t, lx)
			}
			s.prev, s.flags = t, 0
			return true
		case js_lexer.TSemicolon:
			out := pendingSemicolon
			if s.cur.kind != frameStmtHead {
				out |= stmtStart
			}
			if s.trace != nil {
				s.traceToken(t, lx)
			}
			s.prev, s.flags = t, out
			return true
		}
	}

	// Sibling boundaries left open by the previous token.
	if in&pendingSemicolon != 0 && t != js_lexer.TElse {
		s.reset()
	}
	if in&pendingBrace != 0 && canStartStatementOnly(t) {
		s.reset()
		in |= stmtStart
	}
	if lx.nl && in&prevExprEnd != 0 && canStartStatementOnly(t) {
		s.reset()
		in |= stmtStart
	}
	propertyName := in&prevWasDot != 0

	exprEnd := false
	grew := true // the estimate may have grown: note it (most operands leave it as it was)
	switch t {
	case js_lexer.TOpenParen:
		kind := frameParen
		declBody := false
		switch {
		case !propertyName && (s.prev == js_lexer.TIf || s.prev == js_lexer.TWhile || s.prev == js_lexer.TWith || s.prev == js_lexer.TFor || in&forSeen != 0):
			kind = frameStmtHead
		case s.pendingFunction != noDecl:
			kind = frameParams
			declBody = s.pendingFunction == isDeclaration
			s.pendingFunction = noDecl
		}
		if !s.push(kind, declBody, offset) {
			return false
		}
	case js_lexer.TOpenBracket:
		if !s.push(frameBracket, false, offset) {
			return false
		}
	case js_lexer.TOpenBrace:
		kind := s.braceKind(in&stmtStart != 0)
		if in&afterSpecifier != 0 {
			kind = frameClauseBrace // import attributes: with { type: "json" }
		}
		if !s.push(kind, false, offset) {
			return false
		}
		if kind == frameBlock {
			out |= stmtStart
		}
	case js_lexer.TTemplateHead:
		s.addClosed(1) // as for a tagged template above
		if !s.push(frameTemplate, false, offset) {
			return false
		}
	case js_lexer.TCloseParen, js_lexer.TCloseBracket, js_lexer.TCloseBrace:
		if len(s.stack) == 1 {
			return false // unbalanced: a syntax error the parser stops at
		}
		f := s.cur
		if f.kind == frameTemplate {
			if t != js_lexer.TCloseBrace {
				return false
			}
			lx.continueTemplate()
			if t = lx.tok; t == js_lexer.TEndOfFile {
				return false // unterminated: the parser stops too
			} else if t == js_lexer.TTemplateMiddle {
				s.reset() // the next substitution is a sibling
				break
			}
		} else if !matches(f.kind, t) {
			return false
		}
		closed, closedDecl := f.kind, f.declBody
		s.pop()
		switch closed {
		case frameStmtHead, frameParams, frameClauseBrace:
			s.add(1) // a statement or a function body follows
		default:
			s.addClosed(1) // a group, call, index, literal or body that is complete
		}
		if !s.note(offset) {
			return false
		}
		s.lastClosed, s.lastClosedDecl = closed, closedDecl
		switch closed {
		case frameStmtHead:
			out |= stmtStart
		case frameBlock, frameClauseBrace:
			out |= pendingBrace
		case frameObject:
			out |= pendingBrace
			exprEnd = true
		default:
			exprEnd = true
		}
	case js_lexer.TSemicolon:
		grew = false
		out |= pendingSemicolon
		if s.cur.kind != frameStmtHead {
			out |= stmtStart
		}
	case js_lexer.TComma:
		grew = false
		s.reset()
	case js_lexer.TSlash, js_lexer.TSlashEquals:
		if in&prevExprEnd == 0 {
			if !lx.regExp() {
				return false // unterminated: the parser stops too
			}
			if s.regexps != nil {
				s.regexps = append(s.regexps, offset)
				s.regexpEnds = append(s.regexpEnds, lx.e)
			}
			exprEnd, grew = true, false
			break
		}
		if t == js_lexer.TSlash {
			s.binary(binaryLevel(t))
		} else {
			s.add(1) // /= assigns: right-associative
		}
	case js_lexer.TPlusPlus, js_lexer.TMinusMinus:
		s.addClosed(1)
		exprEnd = in&prevExprEnd != 0 && !lx.nl // postfix
	case js_lexer.TColon:
		s.add(1)
		f := s.cur
		if f.ternary > 0 {
			f.ternary--
		} else if f.kind == frameBlock || f.kind == frameTop {
			out |= stmtStart // a label, case or default
		}
	case js_lexer.TQuestion:
		s.add(1)
		s.cur.ternary++
	case js_lexer.TDot, js_lexer.TQuestionDot:
		s.addClosed(1)
		out |= prevWasDot
	case js_lexer.TIdentifier:
		switch name := lx.ident; {
		case propertyName:
			exprEnd, grew = true, false
		case name == "await":
			s.addClosed(1) // reserved in a module: a prefix operator
			if s.prev == js_lexer.TFor {
				out |= forSeen
			}
		case name == "yield":
			s.add(1) // its operand runs to the end of the expression
		case name == "of" && s.cur.kind == frameStmtHead && in&prevExprEnd != 0:
			s.add(1) // for (x of ...): an operand follows
		case name == "async" || name == "static":
			exprEnd, grew = true, false
			out |= in & stmtStart // "async function" and "static {" keep the position
		default:
			exprEnd, grew = true, false
		}
		switch lx.ident {
		case "from":
			out |= prevFrom
		case "assert":
			out |= in & afterSpecifier
		}
	case js_lexer.TNoSubstitutionTemplateLiteral:
		s.addClosed(1) // after an operand, a tagged template: a chain like a``````
		exprEnd = true
	case js_lexer.TStringLiteral:
		if s.prev == js_lexer.TImport || in&prevFrom != 0 {
			// The module specifier ends an import or export statement.
			out |= afterSpecifier | pendingSemicolon | stmtStart
			grew = false
			break
		}
		exprEnd, grew = true, false
	case js_lexer.TPrivateIdentifier, js_lexer.TNumericLiteral,
		js_lexer.TBigIntegerLiteral, js_lexer.TEscapedKeyword,
		js_lexer.TThis, js_lexer.TSuper, js_lexer.TNull, js_lexer.TTrue, js_lexer.TFalse:
		exprEnd, grew = true, false
	case js_lexer.THashbang:
		out |= stmtStart
		grew = false
	default:
		if propertyName && t >= js_lexer.TBreak {
			exprEnd = true // a.if, a.new: a property name
			break
		}
		switch level := binaryLevel(t); {
		case level >= 0 && in&prevExprEnd != 0:
			s.binary(level)
			if t == js_lexer.TPlus && (s.prev == js_lexer.TStringLiteral || s.prev == js_lexer.TNoSubstitutionTemplateLiteral || s.prev == js_lexer.TTemplateTail) {
				// Not depth but time: esbuild folds "a" + "b" + … into
				// one string, copying it at every step, so a long run of
				// literals costs its length squared. Half a level each
				// keeps 2,000 literal terms and refuses a megabyte.
				s.cur.strAdds++
			}
		case closesBeforeBinary(t) && in&prevExprEnd == 0:
			s.addClosed(1)
		default:
			s.add(1)
		}
		switch t {
		case js_lexer.TFunction:
			s.pendingFunction = declOf(in&stmtStart != 0 || s.prev == js_lexer.TExport || s.prev == js_lexer.TDefault)
		case js_lexer.TClass:
			s.pendingClass = declOf(in&stmtStart != 0 || s.prev == js_lexer.TExport || s.prev == js_lexer.TDefault)
			s.classFrame = len(s.stack)
		case js_lexer.TElse, js_lexer.TDo, js_lexer.TTry, js_lexer.TFinally:
			out |= stmtStart
		case js_lexer.TExport, js_lexer.TDefault:
			out |= in & stmtStart
		case js_lexer.TWith:
			out |= in & afterSpecifier
		}
	}
	if s.trace != nil {
		s.trace(tokenRecord{t, offset, lx.e, lx.nl})
	}
	s.prev = t
	if exprEnd {
		out |= prevExprEnd
	}
	s.flags = out
	return !grew || s.note(offset)
}

// traceToken hands a token taken by a fast path to the trace (tests).
func (s *scanner) traceToken(t js_lexer.T, lx *fastTokens) {
	s.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
}

// contextualFirst marks the first letters of the names contextualName
// lists, so that most names skip the comparison.
var contextualFirst = [256]bool{'a': true, 'y': true, 'o': true, 's': true, 'f': true}

// contextualName reports the names the scan treats apart (see the
// TIdentifier case of token).
func contextualName(name string) bool {
	switch name {
	case "await", "yield", "of", "async", "static", "from", "assert":
		return true
	}
	return false
}

func declOf(statement bool) declKind {
	if statement {
		return isDeclaration
	}
	return isExpression
}

func matches(k frameKind, t js_lexer.T) bool {
	switch k {
	case frameParen, frameStmtHead, frameParams:
		return t == js_lexer.TCloseParen
	case frameBracket:
		return t == js_lexer.TCloseBracket
	case frameBlock, frameObject, frameClauseBrace:
		return t == js_lexer.TCloseBrace
	}
	return false
}

// braceKind decides whether a "{" opens a block (after which "/" starts a
// regular expression) or an expression (after which "/" divides).
func (s *scanner) braceKind(stmtStart bool) frameKind {
	if s.pendingClass != noDecl && len(s.stack) == s.classFrame && s.prev != js_lexer.TExtends {
		decl := s.pendingClass == isDeclaration
		s.pendingClass = noDecl
		if decl {
			return frameBlock
		}
		return frameObject
	}
	switch s.prev {
	case js_lexer.TDefault:
		return frameObject // export default { ... }
	case js_lexer.TImport, js_lexer.TExport:
		return frameClauseBrace
	}
	if stmtStart {
		return frameBlock
	}
	switch s.prev {
	case js_lexer.TCloseParen:
		if s.lastClosed == frameParams && !s.lastClosedDecl {
			return frameObject // a function expression's body
		}
		return frameBlock // a statement, declaration, method, catch or switch body
	case js_lexer.TEqualsGreaterThan, js_lexer.TElse, js_lexer.TDo, js_lexer.TTry, js_lexer.TFinally:
		return frameBlock
	case js_lexer.TIdentifier, js_lexer.TEscapedKeyword, js_lexer.TStringLiteral, js_lexer.TNumericLiteral,
		js_lexer.TBigIntegerLiteral, js_lexer.TCloseBracket, js_lexer.TPrivateIdentifier:
		// "static {", "a\n{" (a new statement), or a syntax error the parser
		// stops at.
		return frameBlock
	}
	return frameObject
}

// MaxNesting is the nesting estimate above which a file should not be
// parsed. Real libraries stay far below it (three.js, react-dom, jQuery, d3
// and lodash, minified or not, reach at most 150), and esbuild's recursion
// at this depth uses a few megabytes of stack, against the hundred thousand
// levels of "!" or "a=>" it takes to exhaust the 1 GB limit.
const MaxNesting = 1000
