package remixletbridge

import (
	"strings"
	"unicode/utf8"

	"github.com/evanw/esbuild/internal/js_ast"
	"github.com/evanw/esbuild/internal/js_lexer"
)

// The nesting scan reads with fastTokens, which splits the text as
// esbuild's lexer does without decoding anything and is several times
// faster; esbuildTokens drives esbuild's own lexer, and the tests hold the
// two to the same tokens (TestFastLexerAgrees, FuzzFastLexerAgrees).

// fastTokens is a lexer for the nesting scan. It agrees with esbuild's on
// where every token starts and ends, its kind, and where a line break
// comes before it; it decodes nothing but escaped identifiers, and it
// stops only where esbuild's lexer stops too (an unterminated string,
// template, comment or regular expression).
type fastTokens struct {
	ref   *esbuildTokens // when set, esbuild's lexer reads instead (tests)
	src   string
	pos   int // where the next token is looked for
	tok   js_lexer.T
	s, e  int
	nl    bool
	ident string // the name, when tok is a name (stale otherwise)
	bad   bool
	// comments are the comments skipped, in order (each with its
	// delimiters; an HTML-like comment to its line's end).
	comments []Range
}

func (l *fastTokens) comment(start, end int) {
	l.comments = append(l.comments, Range{Loc: Loc{Start: int32(start)}, Len: int32(end - start)})
}

// advance, regExp and continueTemplate are what the scan calls: the fast
// lexer's own methods, or esbuild's lexer through ref.
func (l *fastTokens) advance() bool {
	if l.ref == nil {
		return l.next()
	}
	ok := l.ref.next()
	l.copyRef()
	return ok
}

func (l *fastTokens) regExp() bool {
	if l.ref == nil {
		return l.scanRegExp()
	}
	ok := l.ref.scanRegExp()
	l.copyRef()
	return ok
}

func (l *fastTokens) continueTemplate() {
	if l.ref == nil {
		l.rescanTemplate()
		return
	}
	l.ref.rescanTemplate()
	l.copyRef()
}

func (l *fastTokens) copyRef() {
	l.tok, l.s, l.e, l.nl, l.ident = l.ref.token(), l.ref.start(), l.ref.end(), l.ref.newlineBefore(), l.ref.name()
}

// at returns the character at i and its width; -1 at the end.
func (l *fastTokens) at(i int) (rune, int) {
	if i >= len(l.src) {
		return -1, 0
	}
	if c := l.src[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(l.src[i:])
}

func isLineBreak(c rune) bool { return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029 }

func isASCIIIdent(c byte) bool { return identByte[c] }

var identByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
	}
	return t
}()

// skipToLineEnd moves i to the next line break (or the end).
// It searches a window at a time, so that a file whose lines end in \r
// alone is not searched to its end for a \n at every comment.
func (l *fastTokens) skipToLineEnd(i int) int {
	src := l.src
	for i < len(src) {
		w := src[i:min(i+256, len(src))]
		end := len(w)
		if k := strings.IndexByte(w, '\n'); k >= 0 {
			end = k
		}
		if k := strings.IndexByte(w[:end], '\r'); k >= 0 {
			end = k
		}
		for j := 0; j < end; j++ {
			k := strings.IndexByte(w[j:end], 0xE2) // U+2028 and U+2029 are E2 80 A8 and E2 80 A9
			if k < 0 {
				break
			}
			j += k
			if p := i + j; p+2 < len(src) && src[p+1] == 0x80 && (src[p+2] == 0xA8 || src[p+2] == 0xA9) {
				return p
			}
		}
		if end < len(w) {
			return i + end
		}
		i += len(w)
	}
	return i
}

// hasLineBreak reports a line break in s.
func hasLineBreak(s string) bool {
	return strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 || strings.Contains(s, "\u2028") || strings.Contains(s, "\u2029")
}

// byteClass sorts the bytes a token, a space or a line break may start
// with, so that next dispatches on one table read.
type byteClass uint8

const (
	bcSkip     byteClass = iota // a character esbuild refuses: it stops there, and reading on is safe
	bcSpace                     // space, tab, vertical tab, form feed
	bcNewline                   // \n, \r
	bcIdent                     // a letter, _ or $: a name or a keyword
	bcDigit                     // a number
	bcSingle                    // a punctuator of one character only: ( ) [ ] { } , : ; @ ~
	bcOther                     // any other ASCII character a token starts with
	bcNonASCII                  // the first byte of a multi-byte character
)

var classOf = func() (t [256]byteClass) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		switch {
		case b >= utf8.RuneSelf:
			t[c] = bcNonASCII
		case b == ' ' || b == '\t' || b == '\v' || b == '\f':
			t[c] = bcSpace
		case b == '\n' || b == '\r':
			t[c] = bcNewline
		case b >= '0' && b <= '9':
			t[c] = bcDigit
		case isASCIIIdent(b):
			t[c] = bcIdent
		case single[b] != 0:
			t[c] = bcSingle
		case strings.IndexByte("\\.'\"`#?&|*^%/+-=!<>", b) >= 0:
			t[c] = bcOther
		}
	}
	return t
}()

func (l *fastTokens) next() bool {
	l.nl = l.pos == 0
	src := l.src
	i := l.pos
	for i < len(src) {
		c := src[i]
		switch classOf[c] {
		case bcSpace, bcSkip:
			i++
			continue
		case bcNewline:
			i++
			l.nl = true
			continue
		case bcIdent:
			// The common case inline: an ASCII name without escapes.
			j := i + 1
			for j+4 <= len(src) && identByte[src[j]] && identByte[src[j+1]] && identByte[src[j+2]] && identByte[src[j+3]] {
				j += 4
			}
			for j < len(src) && identByte[src[j]] {
				j++
			}
			l.s = i
			if j < len(src) && (src[j] == '\\' || src[j] >= utf8.RuneSelf) {
				return l.identifier(i)
			}
			raw := src[i:j]
			l.ident = raw
			t := js_lexer.TIdentifier
			if n := len(raw); n >= 2 && n <= 10 && raw[0] >= 'b' && raw[0] <= 'w' {
				if k := keyword(raw); k != 0 {
					t = k
				}
			}
			l.tok, l.e, l.pos = t, j, j
			return true
		case bcSingle:
			l.s = i
			return l.emit(single[c], i+1)
		case bcDigit:
			l.s = i
			return l.number(i)
		case bcNonASCII:
			r, w := utf8.DecodeRuneInString(src[i:])
			switch {
			case isLineBreak(r):
				l.nl = true
			case js_ast.IsWhitespace(r):
			case js_ast.IsIdentifierStart(r):
				l.s = i
				return l.identifier(i)
			}
			// Otherwise a character esbuild refuses: it stops there;
			// reading on is safe.
			i += w
			continue
		}
		// The commonest punctuators, "." and "=", when the next byte does
		// not make them longer (".5", "...", "==", "=>"): what punctuator
		// reads, without the call.
		if c == '.' || c == '=' {
			var c1 byte
			if i+1 < len(src) {
				c1 = src[i+1]
			}
			switch {
			case c == '.' && c1 != '.' && !(c1 >= '0' && c1 <= '9'):
				l.s = i
				return l.emit(js_lexer.TDot, i+1)
			case c == '=' && c1 != '=' && c1 != '>':
				l.s = i
				return l.emit(js_lexer.TEquals, i+1)
			}
		}
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			l.pos = l.skipToLineEnd(i + 2)
			l.comment(i, l.pos)
			i = l.pos
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			k := strings.Index(src[i+2:], "*/")
			if k < 0 {
				l.s, l.pos = i, i
				return l.fail() // unterminated comment
			}
			if hasLineBreak(src[i+2 : i+2+k]) {
				l.nl = true
			}
			l.pos = i + 2 + k + 2
			l.comment(i, l.pos)
			i = l.pos
			continue
		case c == '<' && len(src)-i >= 4 && src[i:i+4] == "<!--":
			l.pos = l.skipToLineEnd(i + 4) // a legacy HTML comment
			l.comment(i, l.pos)
			i = l.pos
			continue
		case c == '-' && l.nl && len(src)-i >= 3 && src[i:i+3] == "-->":
			l.pos = l.skipToLineEnd(i + 3)
			l.comment(i, l.pos)
			i = l.pos
			continue
		case c == '#' && i == 0 && len(src) >= 2 && src[1] == '!':
			l.s = i
			l.pos = l.skipToLineEnd(2)
			l.tok, l.e = js_lexer.THashbang, l.pos
			return true
		}
		l.s = i
		return l.punctuator(i, c)
	}
	l.s, l.pos = i, i
	l.tok, l.e = js_lexer.TEndOfFile, i
	return false
}

func (l *fastTokens) fail() bool {
	l.bad = true
	l.tok = js_lexer.TEndOfFile
	return false
}

func (l *fastTokens) emit(t js_lexer.T, end int) bool {
	l.tok, l.e, l.pos = t, end, end
	return true
}

// identifier reads a name (with escapes) and tells keywords apart.
func (l *fastTokens) identifier(i int) bool {
	src := l.src
	j, escaped := i, false
	for j < len(src) {
		c := src[j]
		if identByte[c] {
			j++
			continue
		}
		if c == '\\' {
			escaped = true
			j = l.skipEscape(j)
			continue
		}
		if c >= utf8.RuneSelf {
			if r, w := utf8.DecodeRuneInString(src[j:]); js_ast.IsIdentifierContinue(r) {
				j += w
				continue
			}
		}
		break
	}
	raw := src[i:j]
	if escaped {
		l.ident = decodeIdentifier(raw)
		if _, kw := js_lexer.Keywords[l.ident]; kw {
			return l.emit(js_lexer.TEscapedKeyword, j)
		}
		return l.emit(js_lexer.TIdentifier, j)
	}
	l.ident = raw
	if n := len(raw); n >= 2 && n <= 10 && raw[0] >= 'b' && raw[0] <= 'w' {
		if t := keyword(raw); t != 0 {
			return l.emit(t, j)
		}
	}
	return l.emit(js_lexer.TIdentifier, j)
}

// keyword is js_lexer.Keywords as a switch, which compiles to length and
// byte comparisons instead of hashing every name.
func keyword(s string) js_lexer.T {
	switch s {
	case "break":
		return js_lexer.TBreak
	case "case":
		return js_lexer.TCase
	case "catch":
		return js_lexer.TCatch
	case "class":
		return js_lexer.TClass
	case "const":
		return js_lexer.TConst
	case "continue":
		return js_lexer.TContinue
	case "debugger":
		return js_lexer.TDebugger
	case "default":
		return js_lexer.TDefault
	case "delete":
		return js_lexer.TDelete
	case "do":
		return js_lexer.TDo
	case "else":
		return js_lexer.TElse
	case "enum":
		return js_lexer.TEnum
	case "export":
		return js_lexer.TExport
	case "extends":
		return js_lexer.TExtends
	case "false":
		return js_lexer.TFalse
	case "finally":
		return js_lexer.TFinally
	case "for":
		return js_lexer.TFor
	case "function":
		return js_lexer.TFunction
	case "if":
		return js_lexer.TIf
	case "import":
		return js_lexer.TImport
	case "in":
		return js_lexer.TIn
	case "instanceof":
		return js_lexer.TInstanceof
	case "new":
		return js_lexer.TNew
	case "null":
		return js_lexer.TNull
	case "return":
		return js_lexer.TReturn
	case "super":
		return js_lexer.TSuper
	case "switch":
		return js_lexer.TSwitch
	case "this":
		return js_lexer.TThis
	case "throw":
		return js_lexer.TThrow
	case "true":
		return js_lexer.TTrue
	case "try":
		return js_lexer.TTry
	case "typeof":
		return js_lexer.TTypeof
	case "var":
		return js_lexer.TVar
	case "void":
		return js_lexer.TVoid
	case "while":
		return js_lexer.TWhile
	case "with":
		return js_lexer.TWith
	}
	return 0
}

// skipEscape skips \uXXXX or \u{…} at j.
func (l *fastTokens) skipEscape(j int) int {
	j++ // the backslash
	if j < len(l.src) && l.src[j] == 'u' {
		j++
		if j < len(l.src) && l.src[j] == '{' {
			for j < len(l.src) && l.src[j] != '}' {
				j++
			}
			return min(j+1, len(l.src))
		}
		return min(j+4, len(l.src))
	}
	return j
}

func isHexByte(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

// decodeIdentifier decodes \uXXXX and \u{…} escapes in a name.
func decodeIdentifier(raw string) string {
	var out []rune
	for i := 0; i < len(raw); {
		if raw[i] != '\\' || i+1 >= len(raw) || raw[i+1] != 'u' {
			r, w := utf8.DecodeRuneInString(raw[i:])
			out = append(out, r)
			i += w
			continue
		}
		j := i + 2
		var hex string
		if j < len(raw) && raw[j] == '{' {
			k := j + 1
			for k < len(raw) && raw[k] != '}' {
				k++
			}
			hex, i = raw[j+1:k], min(k+1, len(raw))
		} else {
			hex, i = raw[j:min(j+4, len(raw))], min(j+4, len(raw))
		}
		var v rune
		for _, h := range []byte(hex) {
			switch {
			case h >= '0' && h <= '9':
				v = v*16 + rune(h-'0')
			case h >= 'a' && h <= 'f':
				v = v*16 + rune(h-'a'+10)
			case h >= 'A' && h <= 'F':
				v = v*16 + rune(h-'A'+10)
			}
		}
		out = append(out, v)
	}
	return string(out)
}

// single maps the punctuators of one character only to their tokens.
var single = [128]js_lexer.T{
	'(': js_lexer.TOpenParen, ')': js_lexer.TCloseParen, '[': js_lexer.TOpenBracket, ']': js_lexer.TCloseBracket,
	'{': js_lexer.TOpenBrace, '}': js_lexer.TCloseBrace, ',': js_lexer.TComma, ':': js_lexer.TColon,
	';': js_lexer.TSemicolon, '@': js_lexer.TAt, '~': js_lexer.TTilde,
}

// punctuator reads a token that starts with an ASCII character of class
// bcOther: punctuators, the longest spelling that matches, and names
// with an escape, numbers with a leading dot, strings, templates and
// private names.
func (l *fastTokens) punctuator(i int, c byte) bool {
	src := l.src
	// The next three bytes, 0 past the end (no punctuator holds a 0).
	var c1, c2, c3 byte
	if i+1 < len(src) {
		c1 = src[i+1]
		if i+2 < len(src) {
			c2 = src[i+2]
			if i+3 < len(src) {
				c3 = src[i+3]
			}
		}
	}
	switch c {
	case '.':
		switch {
		case c1 >= '0' && c1 <= '9':
			return l.number(i)
		case c1 == '.' && c2 == '.':
			return l.emit(js_lexer.TDotDotDot, i+3)
		}
		return l.emit(js_lexer.TDot, i+1)
	case '\\':
		return l.identifier(i)
	case '\'', '"':
		return l.stringLiteral(i, c)
	case '`':
		return l.template(i+1, js_lexer.TNoSubstitutionTemplateLiteral, js_lexer.TTemplateHead)
	case '#':
		j := i + 1
		if j >= len(src) {
			return l.fail()
		}
		if r, _ := l.at(j); r != '\\' && !js_ast.IsIdentifierStart(r) {
			return l.fail() // esbuild: a syntax error
		}
		t := l.identifier(j)
		l.s = i
		l.tok = js_lexer.TPrivateIdentifier
		return t
	case '?':
		switch {
		case c1 == '.' && i+2 < len(src) && !(c2 >= '0' && c2 <= '9'):
			// "?." unless a digit follows (a?.5:b), as esbuild decides
			// it: with a character after the dot.
			return l.emit(js_lexer.TQuestionDot, i+2)
		case c1 == '?' && c2 == '=':
			return l.emit(js_lexer.TQuestionQuestionEquals, i+3)
		case c1 == '?':
			return l.emit(js_lexer.TQuestionQuestion, i+2)
		}
		return l.emit(js_lexer.TQuestion, i+1)
	case '&':
		return l.doubled(i, c, c1, c2, js_lexer.TAmpersandAmpersandEquals, js_lexer.TAmpersandAmpersand, js_lexer.TAmpersandEquals, js_lexer.TAmpersand)
	case '|':
		return l.doubled(i, c, c1, c2, js_lexer.TBarBarEquals, js_lexer.TBarBar, js_lexer.TBarEquals, js_lexer.TBar)
	case '*':
		return l.doubled(i, c, c1, c2, js_lexer.TAsteriskAsteriskEquals, js_lexer.TAsteriskAsterisk, js_lexer.TAsteriskEquals, js_lexer.TAsterisk)
	case '^':
		if c1 == '=' {
			return l.emit(js_lexer.TCaretEquals, i+2)
		}
		return l.emit(js_lexer.TCaret, i+1)
	case '%':
		if c1 == '=' {
			return l.emit(js_lexer.TPercentEquals, i+2)
		}
		return l.emit(js_lexer.TPercent, i+1)
	case '/':
		if c1 == '=' {
			return l.emit(js_lexer.TSlashEquals, i+2)
		}
		return l.emit(js_lexer.TSlash, i+1)
	case '+':
		switch c1 {
		case '+':
			return l.emit(js_lexer.TPlusPlus, i+2)
		case '=':
			return l.emit(js_lexer.TPlusEquals, i+2)
		}
		return l.emit(js_lexer.TPlus, i+1)
	case '-':
		switch c1 {
		case '-':
			return l.emit(js_lexer.TMinusMinus, i+2)
		case '=':
			return l.emit(js_lexer.TMinusEquals, i+2)
		}
		return l.emit(js_lexer.TMinus, i+1)
	case '=':
		switch {
		case c1 == '=' && c2 == '=':
			return l.emit(js_lexer.TEqualsEqualsEquals, i+3)
		case c1 == '=':
			return l.emit(js_lexer.TEqualsEquals, i+2)
		case c1 == '>':
			return l.emit(js_lexer.TEqualsGreaterThan, i+2)
		}
		return l.emit(js_lexer.TEquals, i+1)
	case '!':
		switch {
		case c1 == '=' && c2 == '=':
			return l.emit(js_lexer.TExclamationEqualsEquals, i+3)
		case c1 == '=':
			return l.emit(js_lexer.TExclamationEquals, i+2)
		}
		return l.emit(js_lexer.TExclamation, i+1)
	case '<':
		switch {
		case c1 == '<' && c2 == '=':
			return l.emit(js_lexer.TLessThanLessThanEquals, i+3)
		case c1 == '<':
			return l.emit(js_lexer.TLessThanLessThan, i+2)
		case c1 == '=':
			return l.emit(js_lexer.TLessThanEquals, i+2)
		}
		return l.emit(js_lexer.TLessThan, i+1)
	case '>':
		switch {
		case c1 == '>' && c2 == '>' && c3 == '=':
			return l.emit(js_lexer.TGreaterThanGreaterThanGreaterThanEquals, i+4)
		case c1 == '>' && c2 == '>':
			return l.emit(js_lexer.TGreaterThanGreaterThanGreaterThan, i+3)
		case c1 == '>' && c2 == '=':
			return l.emit(js_lexer.TGreaterThanGreaterThanEquals, i+3)
		case c1 == '>':
			return l.emit(js_lexer.TGreaterThanGreaterThan, i+2)
		case c1 == '=':
			return l.emit(js_lexer.TGreaterThanEquals, i+2)
		}
		return l.emit(js_lexer.TGreaterThan, i+1)
	}
	// Not reached: classOf gives bcOther only to the characters above.
	return l.emit(single[c&0x7f], i+1)
}

// doubled reads &, |, * and their spellings doubled, with = after, or
// both: cc=, cc, c=, c.
func (l *fastTokens) doubled(i int, c, c1, c2 byte, twiceEquals, twice, equals, once js_lexer.T) bool {
	switch {
	case c1 == c && c2 == '=':
		return l.emit(twiceEquals, i+3)
	case c1 == c:
		return l.emit(twice, i+2)
	case c1 == '=':
		return l.emit(equals, i+2)
	}
	return l.emit(once, i+1)
}

// number reads a numeric literal: digits, one fraction, an exponent with
// its sign, separators, a prefix (0x, 0o, 0b) and a BigInt n.
func (l *fastTokens) number(i int) bool {
	j := i
	src := l.src
	switch {
	case src[j] == '0' && j+1 < len(src) && (src[j+1]|0x20 == 'x' || src[j+1]|0x20 == 'o' || src[j+1]|0x20 == 'b'):
		j += 2
		for j < len(src) && (isHexByte(src[j]) || src[j] == '_') {
			j++
		}
		if j < len(src) && src[j] == 'n' {
			j++
		}
	case src[j] == '0' && j+1 < len(src) && (src[j+1] >= '0' && src[j+1] <= '7' || src[j+1] == '_'):
		// A legacy octal literal (010): digits only, no fraction.
		for j++; j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_'); j++ {
		}
		if j < len(src) && src[j] == 'n' {
			j++
		}
	default:
		digits := func() {
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
				j++
			}
		}
		digits()
		if j < len(src) && src[j] == '.' {
			j++
			digits()
		}
		if j < len(src) && src[j]|0x20 == 'e' {
			j++
			if j < len(src) && (src[j] == '+' || src[j] == '-') {
				j++
			}
			digits()
		}
		if j < len(src) && src[j] == 'n' {
			j++
		}
	}
	t := js_lexer.TNumericLiteral
	if src[j-1] == 'n' && j-i > 1 {
		t = js_lexer.TBigIntegerLiteral
	}
	return l.emit(t, j)
}

func (l *fastTokens) stringLiteral(i int, quote byte) bool {
	src := l.src
	j := i + 1
	for {
		for j < len(src) && !stringStop[src[j]] {
			j++
		}
		if j >= len(src) {
			return l.fail()
		}
		switch c := src[j]; {
		case c == quote:
			return l.emit(js_lexer.TStringLiteral, j+1)
		case c == '\\':
			j++
			if j < len(src) && src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n' {
				j++
			}
			if j < len(src) {
				_, w := l.at(j)
				j += w
			}
		case c == '\n' || c == '\r':
			return l.fail() // unterminated string
		default:
			j++ // the other quote
		}
	}
}

// stringStop marks the bytes a string literal's scan stops at.
var stringStop = [256]bool{'\'': true, '"': true, '\\': true, '\n': true, '\r': true}

// templateStop marks the bytes a template's scan stops at.
var templateStop = [256]bool{'`': true, '\\': true, '$': true}

// template reads template text from j: to "`" (tail) or "${" (head).
func (l *fastTokens) template(j int, tail, head js_lexer.T) bool {
	src := l.src
	for {
		for j < len(src) && !templateStop[src[j]] {
			j++
		}
		if j >= len(src) {
			return l.fail()
		}
		switch src[j] {
		case '`':
			return l.emit(tail, j+1)
		case '\\':
			j += 2
			continue
		case '$':
			if j+1 < len(src) && src[j+1] == '{' {
				return l.emit(head, j+2)
			}
		}
		j++
	}
}

func (l *fastTokens) rescanTemplate() {
	l.template(l.s+1, js_lexer.TTemplateTail, js_lexer.TTemplateMiddle)
}

func (l *fastTokens) scanRegExp() bool {
	j := l.s + 1
	inClass := false
	for {
		if j >= len(l.src) {
			return l.fail()
		}
		c, w := l.at(j)
		switch {
		case isLineBreak(c):
			return l.fail() // unterminated regular expression
		case c == '\\':
			j += w
			if j >= len(l.src) {
				return l.fail()
			}
			if c2, _ := l.at(j); isLineBreak(c2) {
				return l.fail()
			}
			_, w = l.at(j)
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			j += w
			for j < len(l.src) {
				r, w := l.at(j)
				if !js_ast.IsIdentifierContinue(r) {
					break
				}
				j += w
			}
			l.tok, l.e, l.pos = js_lexer.TSlash, j, j
			return true
		}
		j += w
	}
}

// esbuildTokens drives esbuild's own lexer; the tests compare fastTokens
// with it.
type esbuildTokens struct {
	lx      js_lexer.Lexer
	started bool
}

// lexically runs f, turning esbuild's lexer panic (a syntax error it
// stops at) into false.
func lexically(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, lexical := r.(js_lexer.LexerPanic); !lexical {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

func (l *esbuildTokens) next() bool {
	if l.started {
		if l.lx.Token == js_lexer.TSyntaxError {
			return false // the parser stops at a character it refuses
		}
		if !lexically(l.lx.Next) {
			return false
		}
	}
	l.started = true
	return l.lx.Token != js_lexer.TEndOfFile
}

func (l *esbuildTokens) token() js_lexer.T   { return l.lx.Token }
func (l *esbuildTokens) start() int          { return int(l.lx.Loc().Start) }
func (l *esbuildTokens) end() int            { return int(l.lx.Range().End()) }
func (l *esbuildTokens) newlineBefore() bool { return l.lx.HasNewlineBefore }
func (l *esbuildTokens) name() string        { return l.lx.Identifier.String }

func (l *esbuildTokens) scanRegExp() bool { return lexically(l.lx.ScanRegExp) }

func (l *esbuildTokens) rescanTemplate() {
	if !lexically(l.lx.RescanCloseBraceAsTemplateToken) {
		l.lx.Token = js_lexer.TEndOfFile
	}
}
