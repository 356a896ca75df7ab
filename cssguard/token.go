package cssguard

import (
	"strings"
	"unicode/utf8"
)

// TokenType is the kind of a CSS token, as CSS Syntax Level 3 names them.
type TokenType uint8

// Token types. Chrome's tokenizer also has match tokens (`*=`, `^=`, `|=`,
// `~=`, `$=`) and the column token (`||`); they are two delimiters here,
// as in the specification, which changes no token boundary that matters.
const (
	Ident TokenType = iota + 1
	Function
	AtKeyword
	Hash
	String
	BadString
	URL
	BadURL
	Delim
	Number
	Percentage
	Dimension
	UnicodeRange // Chrome still tokenizes `U+0-7F`; the newer specification does not
	Whitespace
	CDO
	CDC
	Colon
	Semicolon
	Comma
	LeftBracket
	RightBracket
	LeftParen
	RightParen
	LeftBrace
	RightBrace
	Comment
)

var typeNames = [...]string{
	Ident: "ident", Function: "function", AtKeyword: "at-keyword", Hash: "hash", String: "string",
	BadString: "bad-string", URL: "url", BadURL: "bad-url", Delim: "delim", Number: "number",
	Percentage: "percentage", Dimension: "dimension", UnicodeRange: "unicode-range",
	Whitespace: "whitespace", CDO: "CDO", CDC: "CDC", Colon: "colon", Semicolon: "semicolon",
	Comma: "comma", LeftBracket: "[", RightBracket: "]", LeftParen: "(", RightParen: ")",
	LeftBrace: "{", RightBrace: "}", Comment: "comment",
}

func (t TokenType) String() string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "token(?)"
}

// Token flags.
const (
	flagEscaped      uint8 = 1 << iota // the value differs from the raw text: escapes or NUL inside
	flagID                             // a hash token whose name would start an identifier
	flagFloat                          // a numeric token written with a fraction or an exponent
	flagUnterminated                   // a string, url or comment that runs to the end of the input
)

// Token is one token: its type and where its raw text lies in the source.
// Raw texts of consecutive tokens concatenate back to the input exactly.
type Token struct {
	Type       TokenType
	flags      uint8
	Start, End int // byte offsets, End exclusive
}

// Raw returns the token's source text.
func (t Token) Raw(src []byte) []byte { return src[t.Start:t.End] }

// IsID reports whether a hash token is of type "id" (its name would start
// an identifier, so it can be an ID selector).
func (t Token) IsID() bool { return t.flags&flagID != 0 }

// IsInteger reports whether a numeric token was written as an integer.
func (t Token) IsInteger() bool { return t.flags&flagFloat == 0 }

// Tokenizer reads CSS one token at a time, as Chrome's CSS tokenizer
// (third_party/blink/renderer/core/css/parser/css_tokenizer.cc) does.
//
// It works on the UTF-8 bytes without a preprocessing pass, as Chrome does
// on its UTF-16 string: CR, LF and FF are newlines and CRLF counts once
// where it matters (after an escape, after a backslash in a string); NUL
// reads as U+FFFD wherever Chrome consumes a code point, but counts as no
// character where Chrome only peeks ahead (after `#`, after `-`), which is
// where Chrome and the newer specification disagree. Every non-ASCII code
// point is a name code point, as in Chrome. Invalid UTF-8 bytes count as
// non-ASCII name code points, as the U+FFFD a browser decodes them to is.
type Tokenizer struct {
	src []byte
	pos int
}

// NewTokenizer returns a tokenizer over src.
func NewTokenizer(src []byte) *Tokenizer { return &Tokenizer{src: src} }

// Tokenize returns every token of src.
func Tokenize(src []byte) []Token {
	tokens := make([]Token, 0, len(src)/4+1)
	z := NewTokenizer(src)
	for {
		t, ok := z.Next()
		if !ok {
			return tokens
		}
		tokens = append(tokens, t)
	}
}

const (
	cName      = 1 << iota // name code point
	cNameStart             // name-start code point
	cHex                   // hex digit
	cSpace                 // tab, LF, FF, CR, space
	cNewline               // LF, FF, CR
	cDigit
	cNonPrintable // NUL–U+0008, U+000B, U+000E–U+001F, U+007F
	// cPlain is a byte that neither ends nor changes the text of a string
	// or an unquoted url: not a quote, backslash, parenthesis, space, NUL
	// or other non-printable character. The tokenizer and the decoders
	// skip runs of them in a tight loop (a data: address is one long run).
	cPlain
)

var class [256]uint8

// What a token's first byte starts, for Next's dispatch.
const (
	firstDelim     uint8 = iota // ! $ % & * = > ? ^ ` | ~, control characters, DEL
	firstSpace                  // tab, LF, FF, CR, space
	firstQuote                  // " '
	firstDigit                  // 0-9
	firstSingle                 // ( ) [ ] { } , : ;
	firstPlusDot                // + .
	firstMinus                  // -
	firstLess                   // <
	firstSlash                  // /
	firstBackslash              // \
	firstHash                   // #
	firstAt                     // @
	firstU                      // u U: a unicode-range or a name
	firstName                   // another name-start code point, or NUL (U+FFFD)
)

var first [256]uint8

// single maps the characters that are a token on their own.
var single = [256]TokenType{
	'(': LeftParen, ')': RightParen, '[': LeftBracket, ']': RightBracket,
	'{': LeftBrace, '}': RightBrace, ',': Comma, ':': Colon, ';': Semicolon,
}

func init() {
	for c := 0; c < 256; c++ {
		var k uint8
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c >= 0x80:
			k |= cName | cNameStart
		case c >= '0' && c <= '9':
			k |= cName | cDigit
		case c == '-':
			k |= cName
		}
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			k |= cHex
		}
		switch c {
		case '\t', ' ':
			k |= cSpace
		case '\n', '\f', '\r':
			k |= cSpace | cNewline
		}
		if c <= 8 || c == 0x0b || (c >= 0x0e && c <= 0x1f) || c == 0x7f {
			k |= cNonPrintable
		}
		if k&(cSpace|cNonPrintable) == 0 && c != '"' && c != '\'' && c != '\\' && c != '(' && c != ')' {
			k |= cPlain
		}
		class[c] = k
		switch {
		case k&cSpace != 0:
			first[c] = firstSpace
		case k&cDigit != 0:
			first[c] = firstDigit
		case single[c] != 0:
			first[c] = firstSingle
		case c == 0 || k&cNameStart != 0:
			first[c] = firstName
		}
	}
	for chars, kind := range map[string]uint8{
		`"'`: firstQuote, "+.": firstPlusDot, "-": firstMinus, "<": firstLess, "/": firstSlash,
		`\`: firstBackslash, "#": firstHash, "@": firstAt, "uU": firstU,
	} {
		for _, c := range []byte(chars) {
			first[c] = kind
		}
	}
}

// peek returns the byte at i, or 0 past the end: Chrome's
// PeekWithoutReplacement, which also returns 0 for a NUL.
func (z *Tokenizer) peek(i int) byte {
	if i < len(z.src) {
		return z.src[i]
	}
	return 0
}

func (z *Tokenizer) is(i int, k uint8) bool { return i < len(z.src) && class[z.src[i]]&k != 0 }

// validEscape reports whether a backslash at i starts an escape: the next
// character is not a newline (end of input counts as an escape of U+FFFD).
func (z *Tokenizer) validEscape(i int) bool {
	return z.peek(i) == '\\' && !z.is(i+1, cNewline)
}

// startsIdent is "would start an identifier" with Chrome's reading: the
// first character is consumed (a NUL is U+FFFD, a name-start code point),
// the next ones are only peeked at (a NUL is no character).
func (z *Tokenizer) startsIdent(i int) bool {
	if i >= len(z.src) {
		return false
	}
	switch c := z.src[i]; {
	case c == 0 || class[c]&cNameStart != 0:
		return true
	case c == '\\':
		return !z.is(i+1, cNewline)
	case c == '-':
		s := z.peek(i + 1)
		return s == '-' || z.is(i+1, cNameStart) || z.validEscape(i+1)
	}
	return false
}

// startsNumber is "starts with a number" at i.
func (z *Tokenizer) startsNumber(i int) bool {
	switch z.peek(i) {
	case '+', '-':
		return z.is(i+1, cDigit) || (z.peek(i+1) == '.' && z.is(i+2, cDigit))
	case '.':
		return z.is(i+1, cDigit)
	}
	return z.is(i, cDigit)
}

// Next returns the next token, or false at the end of the input.
func (z *Tokenizer) Next() (Token, bool) { return z.next(false) }

// nextSignificant returns the next token that is neither whitespace nor a
// comment, skipping those without building tokens for them.
func (z *Tokenizer) nextSignificant() (Token, bool) { return z.next(true) }

// next reads the next token, skipping white space and comments first when
// significant is set (in the same call: the scan asks for every token).
func (z *Tokenizer) next(significant bool) (Token, bool) {
	p := z.pos
	for significant {
		src := z.src
		for p < len(src) && class[src[p]]&cSpace != 0 {
			p++
		}
		if p+1 < len(src) && src[p] == '/' && src[p+1] == '*' {
			if end := indexCommentEnd(src, p+2); end >= 0 {
				p = end
			} else {
				p = len(src)
			}
			continue
		}
		break
	}
	if p >= len(z.src) {
		z.pos = p
		return Token{}, false
	}
	t := Token{Start: p}
	c := z.src[p]
	switch first[c] {
	case firstSpace:
		p++
		for p < len(z.src) && class[z.src[p]]&cSpace != 0 {
			p++
		}
		t.Type = Whitespace
	case firstQuote:
		p = z.string(&t, p)
	case firstDigit:
		p = z.numeric(&t, p)
	case firstSingle:
		t.Type, p = single[c], p+1
	case firstPlusDot:
		if z.startsNumber(p) {
			p = z.numeric(&t, p)
		} else {
			t.Type, p = Delim, p+1
		}
	case firstMinus:
		switch {
		case z.startsNumber(p):
			p = z.numeric(&t, p)
		case z.peek(p+1) == '-' && z.peek(p+2) == '>':
			t.Type, p = CDC, p+3
		case z.startsIdent(p):
			p = z.identLike(&t, p)
		default:
			t.Type, p = Delim, p+1
		}
	case firstLess:
		if z.peek(p+1) == '!' && z.peek(p+2) == '-' && z.peek(p+3) == '-' {
			t.Type, p = CDO, p+4
		} else {
			t.Type, p = Delim, p+1
		}
	case firstSlash:
		if z.peek(p+1) == '*' {
			t.Type = Comment
			if end := indexCommentEnd(z.src, p+2); end >= 0 {
				p = end
			} else {
				p = len(z.src)
				t.flags |= flagUnterminated
			}
		} else {
			t.Type, p = Delim, p+1
		}
	case firstBackslash:
		if z.validEscape(p) {
			p = z.identLike(&t, p)
		} else {
			t.Type, p = Delim, p+1
		}
	case firstHash:
		if z.is(p+1, cName) || z.validEscape(p+1) {
			t.Type = Hash
			if z.startsIdent(p + 1) {
				t.flags |= flagID
			}
			p = z.name(&t, p+1)
		} else {
			t.Type, p = Delim, p+1
		}
	case firstAt:
		if z.startsIdent(p + 1) {
			t.Type = AtKeyword
			p = z.name(&t, p+1)
		} else {
			t.Type, p = Delim, p+1
		}
	case firstU:
		if z.peek(p+1) == '+' && (z.is(p+2, cHex) || z.peek(p+2) == '?') {
			p = z.unicodeRange(&t, p+2)
		} else {
			p = z.identLike(&t, p)
		}
	case firstName:
		p = z.identLike(&t, p)
	default:
		// Control characters and the remaining ASCII punctuation:
		// ! $ % & * = > ? ^ ` | ~ and DEL.
		t.Type, p = Delim, p+1
	}
	z.pos = p
	t.End = p
	return t, true
}

func indexCommentEnd(src []byte, from int) int {
	for i := from; i+1 < len(src); i++ {
		if src[i] == '*' && src[i+1] == '/' {
			return i + 2
		}
	}
	return -1
}

// name consumes a name from i: name code points (NUL among them, as
// U+FFFD) and escapes.
func (z *Tokenizer) name(t *Token, i int) int {
	src := z.src
	for i < len(src) {
		// Name code points four at a time, then one at a time: most of a
		// sheet's bytes are in names.
		for i+4 <= len(src) {
			b := src[i : i+4 : i+4]
			if class[b[0]]&class[b[1]]&class[b[2]]&class[b[3]]&cName == 0 {
				break
			}
			i += 4
		}
		for i < len(src) && class[src[i]]&cName != 0 {
			i++
		}
		if i >= len(src) {
			return i
		}
		switch c := src[i]; {
		case c == 0:
			t.flags |= flagEscaped
			i++
		case c == '\\' && !z.is(i+1, cNewline):
			t.flags |= flagEscaped
			i = escapeEnd(src, i+1)
		default:
			return i
		}
	}
	return i
}

// escapeEnd returns where an escape whose backslash precedes i ends: one
// to six hex digits and one optional whitespace (CRLF as one), or one code
// point, or nothing at the end of the input.
func escapeEnd(src []byte, i int) int {
	_, end := escapeValue(src, i)
	return end
}

// escapeValue decodes the escape whose backslash precedes i. Zero,
// surrogates and values above U+10FFFF become U+FFFD, as does an escape at
// the end of the input or of a NUL.
func escapeValue(src []byte, i int) (rune, int) {
	if i >= len(src) {
		return utf8.RuneError, i
	}
	c := src[i]
	if class[c]&cHex == 0 {
		if c < utf8.RuneSelf {
			if c == 0 {
				return utf8.RuneError, i + 1
			}
			return rune(c), i + 1
		}
		r, size := utf8.DecodeRune(src[i:])
		return r, i + size
	}
	v := rune(0)
	j := i
	for j < len(src) && j-i < 6 && class[src[j]]&cHex != 0 {
		v = v<<4 | rune(hexVal(src[j]))
		j++
	}
	if j < len(src) {
		if src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n' {
			j += 2
		} else if class[src[j]]&cSpace != 0 {
			j++
		}
	}
	if v == 0 || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF {
		v = utf8.RuneError
	}
	return v, j
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// identLike consumes an ident, a function or a url token from i.
func (z *Tokenizer) identLike(t *Token, i int) int {
	start := i
	i = z.name(t, i)
	if z.peek(i) != '(' || i >= len(z.src) {
		t.Type = Ident
		return i
	}
	nameEnd := i
	i++
	t.Type = Function
	if !equalFoldName(z.src[start:nameEnd], t.flags&flagEscaped != 0, "url") {
		return i
	}
	// url( then whitespace then a quote is a function: the string is read
	// as a string token. Anything else is an unquoted url token.
	j := i
	for j < len(z.src) && class[z.src[j]]&cSpace != 0 {
		j++
	}
	if q := z.peek(j); q == '"' || q == '\'' {
		return i
	}
	t.flags &^= flagEscaped
	return z.url(t, j)
}

// url consumes the rest of an unquoted url token from i (after url( and
// whitespace), or a bad url and its remnants.
func (z *Tokenizer) url(t *Token, i int) int {
	src := z.src
	t.Type = URL
	for {
		for i < len(src) && class[src[i]]&cPlain != 0 {
			i++
		}
		if i >= len(src) {
			t.flags |= flagUnterminated
			return i
		}
		c := src[i]
		switch {
		case c == ')':
			return i + 1
		case class[c]&cSpace != 0:
			for i < len(src) && class[src[i]]&cSpace != 0 {
				i++
			}
			if i >= len(src) {
				t.flags |= flagUnterminated
				return i
			}
			if src[i] == ')' {
				return i + 1
			}
			return z.badURL(t, i)
		case c == '"' || c == '\'' || c == '(':
			return z.badURL(t, i)
		case c == 0:
			// Chrome consumes a NUL as U+FFFD, which is printable.
			t.flags |= flagEscaped
			i++
		case class[c]&cNonPrintable != 0:
			return z.badURL(t, i)
		case c == '\\':
			if z.is(i+1, cNewline) {
				return z.badURL(t, i)
			}
			t.flags |= flagEscaped
			i = escapeEnd(src, i+1)
		default:
			i++
		}
	}
}

// badURL consumes the remnants of a bad url: up to and including the next
// `)` that is not escaped, or the end of the input.
func (z *Tokenizer) badURL(t *Token, i int) int {
	src := z.src
	t.Type = BadURL
	t.flags &^= flagEscaped
	for i < len(src) {
		c := src[i]
		i++
		if c == ')' {
			return i
		}
		if c == '\\' && !z.is(i, cNewline) {
			i = escapeEnd(src, i)
		}
	}
	return i
}

// string consumes a string token from the quote at i.
func (z *Tokenizer) string(t *Token, i int) int {
	src := z.src
	quote := src[i]
	i++
	t.Type = String
	for {
		for i < len(src) && class[src[i]]&cPlain != 0 {
			i++
		}
		if i >= len(src) {
			t.flags |= flagUnterminated
			return i
		}
		c := src[i]
		switch {
		case c == quote:
			return i + 1
		case class[c]&cNewline != 0:
			t.Type = BadString // the newline is not part of it
			return i
		case c == 0:
			t.flags |= flagEscaped
			i++
		case c == '\\':
			t.flags |= flagEscaped
			switch {
			case i+1 >= len(src):
				i++ // a backslash at the end is dropped
			case src[i+1] == '\r' && i+2 < len(src) && src[i+2] == '\n':
				i += 3 // an escaped newline continues the string
			case class[src[i+1]]&cNewline != 0:
				i += 2
			default:
				i = escapeEnd(src, i+1)
			}
		default:
			i++
		}
	}
}

// numeric consumes a number, percentage or dimension token from i.
func (z *Tokenizer) numeric(t *Token, i int) int {
	i = z.number(t, i)
	switch {
	case z.startsIdent(i):
		t.Type = Dimension
		return z.name(t, i)
	case z.peek(i) == '%':
		t.Type = Percentage
		return i + 1
	}
	t.Type = Number
	return i
}

// number consumes the number itself (Chrome's ConsumeNumber) and returns
// where it ends.
func (z *Tokenizer) number(t *Token, i int) int {
	if c := z.peek(i); c == '+' || c == '-' {
		i++
	}
	for z.is(i, cDigit) {
		i++
	}
	if z.peek(i) == '.' && z.is(i+1, cDigit) {
		t.flags |= flagFloat
		i += 2
		for z.is(i, cDigit) {
			i++
		}
	}
	if c := z.peek(i); c == 'e' || c == 'E' {
		switch {
		case z.is(i+1, cDigit):
			t.flags |= flagFloat
			i += 2
		case (z.peek(i+1) == '+' || z.peek(i+1) == '-') && z.is(i+2, cDigit):
			t.flags |= flagFloat
			i += 3
		default:
			return i
		}
		for z.is(i, cDigit) {
			i++
		}
	}
	return i
}

// unicodeRange consumes the rest of a unicode-range token from i (after
// "u+"), as Chrome does.
func (z *Tokenizer) unicodeRange(t *Token, i int) int {
	t.Type = UnicodeRange
	left := 6
	for left > 0 && z.is(i, cHex) {
		i++
		left--
	}
	if left > 0 && z.peek(i) == '?' {
		for left > 0 && z.peek(i) == '?' {
			i++
			left--
		}
		return i
	}
	if z.peek(i) == '-' && z.is(i+1, cHex) {
		i++
		for n := 0; n < 6 && z.is(i, cHex); n++ {
			i++
		}
	}
	return i
}

// equalFoldName reports whether the name in raw (escaped if it holds
// escapes or NUL) decodes to want, ASCII case-insensitively. want is lower
// case ASCII.
func equalFoldName(raw []byte, escaped bool, want string) bool {
	if !escaped {
		if len(raw) != len(want) {
			return false
		}
		for i := 0; i < len(raw); i++ {
			if lower(raw[i]) != want[i] {
				return false
			}
		}
		return true
	}
	return asciiLower(decodeName(raw)) == want
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// asciiLower lower-cases ASCII letters only, as CSS compares keywords.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lower(b[j])
			}
			return string(b)
		}
	}
	return s
}

// decodeName decodes a name's raw text: escapes and NUL.
func decodeName(raw []byte) string {
	if !needsDecoding(raw) {
		return string(raw)
	}
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); {
		switch c := raw[i]; c {
		case '\\':
			r, next := escapeValue(raw, i+1)
			b.WriteRune(r)
			i = next
		case 0:
			b.WriteRune(utf8.RuneError)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// Value returns the token's decoded value: the name of an ident, function,
// at-keyword, hash or dimension's unit; the contents of a string or url;
// the character of a delimiter; the raw text of anything else.
func (t Token) Value(src []byte) string {
	raw := src[t.Start:t.End]
	escaped := t.flags&flagEscaped != 0
	name := func(b []byte) string {
		if !escaped {
			return string(b)
		}
		return decodeName(b)
	}
	switch t.Type {
	case Ident:
		return name(raw)
	case Function:
		return name(raw[:len(raw)-1])
	case AtKeyword, Hash:
		return name(raw[1:])
	case Dimension:
		z := Tokenizer{src: raw}
		var scratch Token
		return name(raw[z.number(&scratch, 0):])
	case String:
		body := raw[1:]
		if t.flags&flagUnterminated == 0 {
			body = body[:len(body)-1]
		}
		if !escaped {
			return string(body)
		}
		return decodeString(body)
	case URL:
		return urlValue(raw)
	case BadString, BadURL:
		return ""
	case Delim:
		r, _ := utf8.DecodeRune(raw)
		return string(r)
	}
	return string(raw)
}

// decodeString decodes a string's contents (without the quotes).
func decodeString(body []byte) string {
	if !needsDecoding(body) {
		return string(body)
	}
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == 0:
			b.WriteRune(utf8.RuneError)
			i++
		case c != '\\':
			b.WriteByte(c)
			i++
		case i+1 >= len(body):
			i++
		case body[i+1] == '\r' && i+2 < len(body) && body[i+2] == '\n':
			i += 3
		case class[body[i+1]]&cNewline != 0:
			i += 2
		default:
			r, next := escapeValue(body, i+1)
			b.WriteRune(r)
			i = next
		}
	}
	return b.String()
}

// urlValue decodes the address of a url token's raw text.
func urlValue(raw []byte) string {
	z := Tokenizer{src: raw}
	var scratch Token
	i := z.name(&scratch, 0) + 1 // past "url("
	for i < len(raw) && class[raw[i]]&cSpace != 0 {
		i++
	}
	var b strings.Builder
	for i < len(raw) {
		run := i
		for i < len(raw) && class[raw[i]]&cPlain != 0 {
			i++
		}
		if b.Len() == 0 && (i == len(raw) || raw[i] == ')' || class[raw[i]]&cSpace != 0) {
			return string(raw[run:i]) // no escape: the address as written
		}
		b.Write(raw[run:i])
		if i == len(raw) {
			break
		}
		c := raw[i]
		switch {
		case c == ')' || class[c]&cSpace != 0:
			return b.String()
		case c == 0:
			b.WriteRune(utf8.RuneError)
			i++
		case c == '\\':
			r, next := escapeValue(raw, i+1)
			b.WriteRune(r)
			i = next
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}
