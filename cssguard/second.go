package cssguard

import (
	"bytes"
	"slices"
	"sync"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// secondReading reads the sheet again with tdewolff's lexer, an
// independent implementation with its own recovery rules, and adds every
// load it sees where the primary reading saw none. Such a load is checked
// like any other; if the address rule would refuse it, the sheet is
// refused as ambiguous (css/ambiguous-load), because two readers
// disagreeing about a load is how loads are hidden. In Script mode it also
// adds the text url( wherever no load was found (a string, a comment).
//
// It lexes only the windows around the places a load could be (see
// nextWindow), unless g.wholeSecond is set: the tests hold the two to the
// same answer.
//
// It touches nothing the primary reading writes (it only collects
// candidates), so the two readings run at the same time on large sheets.
func (g *guard) secondReading() {
	// The lexer writes a NUL past the end of its input when there is room,
	// which must not touch the caller's bytes: it reads a pooled copy.
	bp := secondBuffers.Get().(*[]byte)
	defer secondBuffers.Put(bp)
	if cap(*bp) < len(g.src)+1 {
		*bp = make([]byte, len(g.src)+1)
	}
	buf := (*bp)[:len(g.src)+1]
	copy(buf, g.src)
	in := parse.NewInputBytes(buf[:len(g.src)])
	st := secondState{importAt: -1}
	if g.wholeSecond {
		lx := css.NewLexer(in)
		for off := 0; ; {
			tt, data := lx.Next()
			if tt == css.ErrorToken {
				return
			}
			st.token(g, tt, data, off)
			off += len(data)
		}
	}
	var seek byteSeeker
	seek.reset(g.src)
	for pos := 0; ; {
		from, past := nextWindow(g.src, pos, &seek)
		if from < 0 {
			return
		}
		pos = st.window(g, in, from, past)
		if pos < 0 {
			return
		}
	}
}

// window lexes from from, where a token starts in the whole reading and
// the reading's state is the state it starts with, on the same input,
// until the load is behind (past) and the state is that again; it returns
// where it stopped, or -1 at the end of the input.
func (st *secondState) window(g *guard, in *parse.Input, from, past int) int {
	in.Move(from - in.Offset())
	in.Skip()
	lx := css.NewLexer(in)
	for off := from; ; {
		tt, data := lx.Next()
		if tt == css.ErrorToken {
			return -1
		}
		st.token(g, tt, data, off)
		off += len(data)
		if off > past && st.rest() && (tt == css.SemicolonToken || tt == css.LeftBraceToken || tt == css.RightBraceToken) {
			return off
		}
	}
}

// secondState is what the second reading remembers between tokens.
type secondState struct {
	fn       string // url( or src( waiting for its string
	fnAt     int
	imageSet int // parenthesis depth inside image-set(
	typeAt   int // image-set depth just inside a type( (its string is a MIME type), or 0
	importAt int // @import or @namespace waiting for its address, or -1
}

// rest reports whether the state is the one the reading starts with: no
// function, image-set() or @import waiting for what follows.
func (st *secondState) rest() bool {
	return st.fn == "" && st.imageSet == 0 && st.typeAt == 0 && st.importAt < 0
}

// token reads one token of the second reading, at offset start.
func (st *secondState) token(g *guard, tt css.TokenType, data []byte, start int) {
	off := start + len(data)
	switch tt {
	case css.WhitespaceToken, css.CommentToken:
		return
	case css.URLToken, css.StringToken, css.FunctionToken, css.AtKeywordToken:
		// The tokens a load is made of: handled below.
	case css.LeftParenthesisToken:
		st.fn = ""
		if st.imageSet > 0 {
			st.imageSet++
		}
		return
	case css.RightParenthesisToken:
		st.fn = ""
		if st.imageSet > 0 {
			st.imageSet--
		}
		if st.imageSet < st.typeAt {
			st.typeAt = 0
		}
		return
	case css.SemicolonToken, css.LeftBraceToken:
		st.fn, st.importAt = "", -1
		return
	default:
		st.fn = ""
		return
	}
	if st.fn != "" {
		kind := st.fn
		st.fn = ""
		if tt == css.StringToken {
			g.secondLoad(st.fnAt, st.fnAt, off, kind, decodeString(unquote(data)))
			return
		}
	}
	switch tt {
	case css.URLToken:
		switch {
		case st.importAt >= 0:
			g.secondLoad(st.importAt, start, off, g.importKindAt(st.importAt), secondURLValue(data))
		case st.imageSet > 0:
			g.secondLoad(start, start, off, KindImageSet, secondURLValue(data))
		default:
			g.secondLoad(start, start, off, KindURL, secondURLValue(data))
		}
		st.importAt = -1
	case css.StringToken:
		switch {
		case st.importAt >= 0:
			g.secondLoad(st.importAt, start, off, g.importKindAt(st.importAt), decodeString(unquote(data)))
		case st.imageSet > 0 && st.typeAt == 0:
			g.secondLoad(start, start, off, KindImageSet, decodeString(unquote(data)))
		}
		st.importAt = -1
	case css.FunctionToken:
		if st.imageSet > 0 {
			st.imageSet++
		}
		name := data[:len(data)-1]
		escaped := needsDecoding(name)
		switch {
		case st.imageSet > 0 && st.typeAt == 0 && equalFoldName(name, escaped, "type"):
			st.typeAt = st.imageSet
		case equalFoldName(name, escaped, "url"):
			st.fn, st.fnAt = KindURLString, start
		case equalFoldName(name, escaped, "src"):
			st.fn, st.fnAt = KindSrc, start
		case equalFoldName(name, escaped, "image-set"), equalFoldName(name, escaped, "-webkit-image-set"):
			if st.imageSet == 0 {
				st.imageSet = 1
			}
		}
	case css.AtKeywordToken:
		name := data[1:]
		escaped := needsDecoding(name)
		if equalFoldName(name, escaped, "import") || equalFoldName(name, escaped, "namespace") {
			st.importAt = start
		}
	}
}

// nextWindow finds, from pos, the next place where the second reading
// could find a load, and returns where to start lexing for it (from) and
// a byte the window must get past (past); from is -1 when there is none.
//
// pos must be where a token of the second reading starts, with its state
// at rest. The scan is byte-level and reads only what a CSS lexer cannot
// read otherwise: a comment runs from /* to the first */ (or the end), a
// string from its quote to the same quote (or the end); everything else,
// outside them, is a token no longer than the bytes it is made of, which
// cannot hide a quote, a comment or a load's name. A load needs, outside
// comments and strings, the "(" of url( src( image-set( written out (any
// ASCII case), the "@" of @import or @namespace written out, or a
// backslash or NUL (an escaped name; the lexer reads url( with its
// backslashes dropped): each is a window. Anything a lexer may read in
// more than one way is a window too: a backslash, line break or NUL inside
// a string. A window starts at the last semicolon, colon, comma, brace or
// white space before it, with no string or comment between (a token of
// its own in any reading: no other token holds one of them, and none of
// url( and escapes, which can, lies between), or where the last string or
// comment ended, or at pos.
// Between windows the reading has nothing to find and its state stays at
// rest, so lexing only the windows, each on the whole rest of the input,
// gives exactly what lexing the whole sheet gives.
func nextWindow(src []byte, pos int, seek *byteSeeker) (from, past int) {
	n := len(src)
	safe := pos // a token starts here, and nothing but plain tokens lie between it and i
	start := func(at int) int {
		for k := at - 1; k >= safe; k-- {
			switch src[k] {
			case ';', ':', ',', '{', '}', ' ', '\t', '\n', '\r', '\f':
				return k
			}
		}
		return safe
	}
	for i := pos; i < n; {
		j := seek.find(i)
		if j >= n {
			return -1, 0
		}
		switch c := src[j]; c {
		case '"', '\'':
			k := j + 1
			for ; k < n; k++ {
				if d := src[k]; d == c {
					break
				} else if d == '\\' || d == '\n' || d == '\r' || d == '\f' || d == 0 {
					return start(j), k
				}
			}
			if k >= n {
				return -1, 0 // the string runs to the end
			}
			i, safe = k+1, k+1
		case '/':
			if j+1 < n && src[j+1] == '*' {
				e := bytes.Index(src[j+2:], commentEnd)
				if e < 0 {
					return -1, 0 // the comment runs to the end
				}
				i = j + 2 + e + 2
				safe = i
				continue
			}
			i = j + 1
		case '\\', 0:
			return start(j), j
		case '(':
			if hasFoldSuffix(src[safe:j+1], "url(") || hasFoldSuffix(src[safe:j+1], "src(") || hasFoldSuffix(src[safe:j+1], "image-set(") {
				return start(j), j
			}
			i = j + 1
		case '@':
			if hasFoldPrefix(src[j:], "@import") || hasFoldPrefix(src[j:], "@namespace") {
				return start(j), j
			}
			i = j + 1
		}
	}
	return -1, 0
}

var commentEnd = []byte("*/")

func hasFoldSuffix(s []byte, suffix string) bool {
	return len(s) >= len(suffix) && hasFoldPrefix(s[len(s)-len(suffix):], suffix)
}

// byteSeeker finds the next of the bytes nextWindow stops at, with one
// vectorised search per byte and occurrence instead of a look at every
// byte. The offsets asked for must not go down.
type byteSeeker struct {
	src  []byte
	next [len(seekBytes)]int
}

const seekBytes = "\"'/\\(@\x00"

func (s *byteSeeker) reset(src []byte) {
	s.src = src
	for k := range s.next {
		s.next[k] = -1
	}
}

// find returns the smallest offset from i of a byte in seekBytes, or
// len(src).
func (s *byteSeeker) find(i int) int {
	best := len(s.src)
	for k := range s.next {
		if s.next[k] < i {
			if at := bytes.IndexByte(s.src[i:], seekBytes[k]); at >= 0 {
				s.next[k] = i + at
			} else {
				s.next[k] = len(s.src)
			}
		}
		best = min(best, s.next[k])
	}
	return best
}

// secondMaySeeLoad reports whether the second reading could find a load in
// src at all. It compares names only after decoding escapes, so without a
// backslash or NUL a load needs one of its names written out literally (in
// any ASCII case); a sheet with none of them, which is most framework
// sheets, is not read twice.
func secondMaySeeLoad(src []byte) bool {
	// Vectorised searches for the bytes a load needs: a backslash or NUL
	// anywhere, the "(" of url( src( image-set(, the "@" of @import and
	// @namespace; only around those is the text compared.
	if bytes.IndexByte(src, '\\') >= 0 || bytes.IndexByte(src, 0) >= 0 {
		return true
	}
	for rest, off := src, 0; ; {
		i := bytes.IndexByte(rest, '(')
		if i < 0 {
			break
		}
		at := off + i
		for _, name := range []string{"url(", "src(", "image-set("} {
			if start := at + 1 - len(name); start >= 0 && hasFoldPrefix(src[start:], name) {
				return true
			}
		}
		rest, off = rest[i+1:], at+1
	}
	for rest := src; ; {
		i := bytes.IndexByte(rest, '@')
		if i < 0 {
			return false
		}
		if hasFoldPrefix(rest[i:], "@import") || hasFoldPrefix(rest[i:], "@namespace") {
			return true
		}
		rest = rest[i+1:]
	}
}

func hasFoldPrefix(s []byte, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

var secondBuffers = sync.Pool{New: func() any { return new([]byte) }}

func (g *guard) importKindAt(at int) string {
	if bytes.HasPrefix(bytes.ToLower(g.src[at:min(at+4, len(g.src))]), []byte("@n")) {
		return KindNamespace
	}
	return KindImport
}

// secondLoad adds a load the second reader saw at key (the offset the
// primary reading would record it at), unless the primary reading saw one
// there.
// secondCandidate is a load the second reader saw, keyed by the offset
// the primary reading would record it at.
type secondCandidate struct {
	key, start, end int
	kind, address   string
}

func (g *guard) secondLoad(key, start, end int, kind, address string) {
	g.second = append(g.second, secondCandidate{key, start, end, kind, address})
}

// mergeSecond adds the second reader's loads where the primary reading saw
// none.
func (g *guard) mergeSecond() {
	for _, c := range g.second {
		if g.loadOffset[c.key] {
			continue
		}
		g.loadOffset[c.key] = true
		g.res.Loads = append(g.res.Loads, Load{
			Kind: c.kind, Offset: c.start, Start: g.pos(c.start), End: g.pos(c.end),
			Written: string(g.src[c.start:c.end]), Address: c.address, Second: true, stmt: -1,
		})
	}
	if g.mode == Script {
		g.urlText()
	}
}

// urlText adds the text url( (any case) wherever no load covers it.
func (g *guard) urlText() {
	// The primary loads come first, in source order: walk them alongside.
	spans := make([][2]int, 0, len(g.res.Loads))
	for _, l := range g.res.Loads {
		spans = append(spans, [2]int{l.Offset, l.Offset + len(l.Written)})
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	next, reach := 0, 0 // spans[:next] start before i; reach is the furthest end among them
	for i := 0; i+4 <= len(g.src); i++ {
		if g.src[i+3] != '(' || lower(g.src[i]) != 'u' || lower(g.src[i+1]) != 'r' || lower(g.src[i+2]) != 'l' {
			continue
		}
		for next < len(spans) && spans[next][0] <= i {
			reach = max(reach, spans[next][1])
			next++
		}
		if i < reach {
			continue
		}
		g.res.Loads = append(g.res.Loads, Load{
			Kind: KindText, Offset: i, Start: g.pos(i), End: g.pos(i + 4),
			Written: string(g.src[i : i+4]), stmt: -1,
		})
	}
}

// needsDecoding reports whether a raw name holds an escape or a NUL.
func needsDecoding(raw []byte) bool {
	return bytes.IndexByte(raw, '\\') >= 0 || bytes.IndexByte(raw, 0) >= 0
}

func unquote(s []byte) []byte {
	if len(s) == 0 {
		return s
	}
	q := s[0]
	s = s[1:]
	if len(s) > 0 && s[len(s)-1] == q {
		s = s[:len(s)-1]
	}
	return s
}

// secondURLValue decodes the address of a url token as tdewolff's lexer
// delimits it (it takes url("…") as one url token).
func secondURLValue(data []byte) string {
	i := bytes.IndexByte(data, '(')
	body := bytes.TrimSuffix(data[i+1:], []byte(")"))
	body = bytes.Trim(body, " \t\n\r\f")
	if len(body) > 0 && (body[0] == '"' || body[0] == '\'') {
		return decodeString(unquote(body))
	}
	return decodeName(body)
}
