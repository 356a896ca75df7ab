package remixletbridge

import "github.com/evanw/esbuild/internal/js_lexer"

// GuardNesting answers what the lint asks of ScanNesting (is src nested
// past limit, where, and which comments did the scan read) at less cost
// on ordinary code.
//
// It first reads src with the same lexer and a much simpler count, an
// upper bound on ScanNesting's estimate (see quickFrame). When the bound
// stays within limit, so does the estimate, and the result is the bound's:
// Exceeded false, the same Comments as ScanNesting's, Depth the bound (at
// least ScanNesting's Depth). Otherwise, and wherever the simpler count
// cannot be sure it reads the text as the scan does (a "/" whose reading
// depends on context it does not track, a bracket that does not match),
// it returns ScanNesting's own result. Exceeded, Offset when Exceeded, and
// Comments are therefore always ScanNesting's (TestGuardAgreesWithScan,
// FuzzGuardAgreesWithScan).
func GuardNesting(src string, limit int) Nesting {
	if n, ok := quickNesting(src, limit); ok {
		return n
	}
	return scanWithLiterals(src, limit)
}

// quickNesting is GuardNesting's first reading (see quickFrame for what
// it counts); ok is false when it could not vouch for src.
func quickNesting(src string, limit int) (n Nesting, ok bool) {
	lx := &fastTokens{src: src}
	q := quickBound{limit: limit, stack: make([]quickFrame, 1, 64), trace: quickTrace}
	q.cur = &q.stack[0]
	for lx.next() {
		// The commonest tokens, with no boundary pending, as token
		// counts them in more steps: a name that is not await, yield, of
		// or from, with no line break before it, only ends an operand; a
		// dot adds a member read; a comma starts a sibling; a ")" closes
		// a group.
		if !q.pendingSemi && !q.pendingBrc {
			switch t := lx.tok; {
			case t == js_lexer.TIdentifier && !lx.nl && lx.ident != "" && !contextualFirst[lx.ident[0]]:
				q.prev, q.prevName, q.exprEnd, q.afterDot = t, otherName, yes, false
				if q.trace != nil {
					q.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
				}
				continue
			case t == js_lexer.TDot:
				q.prev, q.prevName, q.exprEnd, q.afterDot = t, otherName, no, true
				if q.trace != nil {
					q.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
				}
				q.cur.half += 2
				if !q.note(lx.s) {
					return Nesting{}, false
				}
				continue
			case t == js_lexer.TComma:
				q.prev, q.prevName, q.exprEnd, q.afterDot = t, otherName, no, false
				if q.trace != nil {
					q.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
				}
				q.cur.half = 0
				continue
			case t == js_lexer.TCloseParen && q.cur.kind == quickParen:
				// The end of a group, call or parameter list: one more
				// token in the enclosing bracket.
				q.prev, q.prevName, q.exprEnd, q.afterDot = t, otherName, yes, false
				if q.trace != nil {
					q.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
				}
				q.stack = q.stack[:len(q.stack)-1]
				q.cur = &q.stack[len(q.stack)-1]
				q.cur.half += 2
				if !q.note(lx.s) {
					return Nesting{}, false
				}
				continue
			}
		}
		if !q.token(lx) {
			return Nesting{}, false
		}
	}
	// The lexer stopped at the end or at an error, where the scan stops
	// too, having read the same tokens and comments.
	return Nesting{Depth: q.max, Offset: q.maxOffset, Comments: lx.comments,
		Literals: q.literals, ReadToEnd: !lx.bad && lx.tok == js_lexer.TEndOfFile}, true
}

// quickTrace, when set (tests), receives every token quickNesting reads.
var quickTrace func(tokenRecord)

// quickBound is quickNesting's state between tokens.
type quickBound struct {
	limit     int
	stack     []quickFrame
	cur       *quickFrame
	max       int
	maxOffset int

	prev        js_lexer.T
	prevName    noteName          // the previous token's name, when it was one of note
	exprEnd     tristate          // the previous token ends an operand
	afterDot    bool              // the previous token was . or ?.
	pendingSemi bool              // a ";" was read: a new sibling unless "else" follows
	pendingBrc  bool              // a "}" closed a brace: a new sibling if a statement follows
	trace       func(tokenRecord) // for tests: every token read
	literals    []Range           // the literals read so far (see Nesting)
}

// read records the token just counted.
func (q *quickBound) read(t js_lexer.T, lx *fastTokens) {
	if isLiteral(t) {
		q.literals = append(q.literals, Range{Loc: Loc{Start: int32(lx.s)}, Len: int32(lx.e - lx.s)})
	}
	if q.trace != nil {
		q.trace(tokenRecord{t, lx.s, lx.e, lx.nl})
	}
}

// note records the bound at the token at offset; false when it passes
// the limit.
func (q *quickBound) note(offset int) bool {
	if d := int(q.cur.base + q.cur.half/2); d > q.max {
		q.max, q.maxOffset = d, offset
		return d <= q.limit
	}
	return true
}

func (q *quickBound) push(kind quickKind, offset int) bool {
	base := int32(q.cur.base+q.cur.half/2) + 1
	q.stack = append(q.stack, quickFrame{kind: kind, base: base})
	q.cur = &q.stack[len(q.stack)-1]
	return q.note(offset)
}

// token counts the lexer's current token; false gives up (the scan is
// to decide).
func (q *quickBound) token(lx *fastTokens) bool {
	t := lx.tok
	prevEnd := q.exprEnd
	// The sibling boundaries the scan surely makes before this token.
	if q.pendingSemi || q.pendingBrc || lx.nl {
		if q.pendingSemi && t != js_lexer.TElse ||
			q.pendingBrc && canStartStatementOnly(t) ||
			lx.nl && prevEnd == yes && canStartStatementOnly(t) {
			q.cur.half = 0
		}
		q.pendingSemi, q.pendingBrc = false, false
	}
	wasDot := q.afterDot
	q.afterDot = false
	end := no
	var add int32 // half units added to the current frame
	name := otherName
	switch t {
	case js_lexer.TIdentifier:
		switch lx.ident {
		case "await":
			add, end, name = 2, unsure, awaitName
		case "yield", "of":
			add, end = 2, unsure
		case "from":
			end, name = yes, fromName
		default:
			end = yes
		}
	case js_lexer.TDot, js_lexer.TQuestionDot:
		add = 2
		q.afterDot = true
	case js_lexer.TComma:
		q.cur.half = 0
	case js_lexer.TEscapedKeyword, js_lexer.TPrivateIdentifier, js_lexer.TNumericLiteral, js_lexer.TBigIntegerLiteral,
		js_lexer.TThis, js_lexer.TSuper, js_lexer.TNull, js_lexer.TTrue, js_lexer.TFalse:
		end = yes
	case js_lexer.TStringLiteral:
		end = yes
		if q.prev == js_lexer.TImport || q.prevName == fromName {
			end = unsure // a module specifier ends its statement
		}
	case js_lexer.TNoSubstitutionTemplateLiteral:
		add, end = 2, yes
	case js_lexer.TTemplateHead:
		q.cur.half += 2
		if !q.push(quickTemplate, lx.s) {
			return false
		}
	case js_lexer.TOpenParen:
		kind := quickParen
		switch {
		case !wasDot && (q.prev == js_lexer.TIf || q.prev == js_lexer.TWhile || q.prev == js_lexer.TWith || q.prev == js_lexer.TFor):
			kind = quickStmtHead
		case q.prevName == awaitName:
			kind = quickUnsure // for await (
		}
		if !q.push(kind, lx.s) {
			return false
		}
	case js_lexer.TOpenBracket:
		if !q.push(quickBracket, lx.s) {
			return false
		}
	case js_lexer.TOpenBrace:
		if !q.push(quickBrace, lx.s) {
			return false
		}
	case js_lexer.TCloseParen, js_lexer.TCloseBracket, js_lexer.TCloseBrace:
		if len(q.stack) == 1 {
			return false // unbalanced
		}
		kind := q.cur.kind
		switch {
		case kind == quickTemplate:
			if t != js_lexer.TCloseBrace {
				return false
			}
			lx.continueTemplate()
			if t = lx.tok; t == js_lexer.TEndOfFile {
				return false
			} else if t == js_lexer.TTemplateMiddle {
				q.cur.half = 0 // the next substitution is a sibling
				q.prev, q.prevName, q.exprEnd = t, otherName, no
				q.read(t, lx)
				return true
			}
			end = yes // the template's tail
		case t != closerOf[kind]:
			return false
		default:
			end = closedEnd[kind]
			q.pendingBrc = kind == quickBrace
		}
		q.stack = q.stack[:len(q.stack)-1]
		q.cur = &q.stack[len(q.stack)-1]
		add = 2
	case js_lexer.TSemicolon:
		q.pendingSemi = true
	case js_lexer.TSlash, js_lexer.TSlashEquals:
		switch prevEnd {
		case unsure:
			return false
		case no:
			if !lx.regExp() {
				return false
			}
			q.literals = append(q.literals, Range{Loc: Loc{Start: int32(lx.s)}, Len: int32(lx.e - lx.s)})
			end = yes
		default:
			add = 2
		}
	case js_lexer.TPlusPlus, js_lexer.TMinusMinus:
		add = 2
		switch {
		case prevEnd == unsure:
			end = unsure
		case prevEnd == yes && !lx.nl:
			end = yes // postfix
		}
	case js_lexer.TPlus:
		add = 3
	case js_lexer.THashbang:
	default:
		add = 2
		if t >= js_lexer.TBreak && wasDot {
			add, end = 0, yes // a.if: a property name
		}
	}
	q.prev, q.prevName, q.exprEnd = t, name, end
	q.read(t, lx)
	if add != 0 {
		q.cur.half += add
		return q.note(lx.s)
	}
	return true
}

// quickFrame is one open bracket as quickNesting counts it: the tokens
// read in it that can deepen ScanNesting's estimate (all but plain
// names, string and number literals, commas and semicolons) since the last point where the scan
// surely starts a new sibling, two half units each (three for "+", which
// the scan may count one and a half times), a closed bracket as one
// token, and its count starting one above its parent's. At every token
// the scan adds at most that much, and it starts a sibling wherever the
// count does, so the count bounds its estimate throughout.
//
// The count needs the tokens the scan reads, so it decides what a "/"
// starts (a regular expression or a division) exactly as the scan does,
// from whether the token before it ends an operand. It tracks that where
// it is plain and gives up where it is not: after "}", after the ")" of
// "for await (", after the names of, await and yield and after a module
// specifier.
type quickFrame struct {
	kind quickKind
	base int32 // the bound where the bracket opened
	half int32 // tokens since the last sure sibling boundary, in half units
}

type tristate uint8

const (
	no tristate = iota
	yes
	unsure
)

type quickKind uint8

const (
	quickTop      quickKind = iota
	quickParen              // a group, call or parameters: ")" ends an operand
	quickStmtHead           // after if, while, with or for: ")" does not
	quickUnsure             // after await (for await): either
	quickBracket
	quickBrace
	quickTemplate
)

// closerOf is the token that closes each kind of bracket; closedEnd,
// whether it ends an operand.
var (
	closerOf  = [...]js_lexer.T{quickParen: js_lexer.TCloseParen, quickStmtHead: js_lexer.TCloseParen, quickUnsure: js_lexer.TCloseParen, quickBracket: js_lexer.TCloseBracket, quickBrace: js_lexer.TCloseBrace, quickTemplate: js_lexer.TCloseBrace}
	closedEnd = [...]tristate{quickParen: yes, quickStmtHead: no, quickUnsure: unsure, quickBracket: yes, quickBrace: unsure, quickTemplate: yes}
)

// The names quickNesting remembers for the token after them.
type noteName uint8

const (
	otherName noteName = iota
	awaitName
	fromName
)
