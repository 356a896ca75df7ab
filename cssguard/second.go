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
	lx := css.NewLexer(parse.NewInputBytes(buf[:len(g.src)]))
	off := 0
	fn, fnAt := "", 0 // url( or src( waiting for its string
	imageSet := 0     // parenthesis depth inside image-set(
	typeAt := 0       // image-set depth just inside a type( (its string is a MIME type), or 0
	importAt := -1    // @import or @namespace waiting for its address
	for {
		tt, data := lx.Next()
		start := off
		off += len(data)
		switch tt {
		case css.ErrorToken:
			return
		case css.WhitespaceToken, css.CommentToken:
			continue
		case css.URLToken, css.StringToken, css.FunctionToken, css.AtKeywordToken:
			// The tokens a load is made of: handled below.
		case css.LeftParenthesisToken:
			fn = ""
			if imageSet > 0 {
				imageSet++
			}
			continue
		case css.RightParenthesisToken:
			fn = ""
			if imageSet > 0 {
				imageSet--
			}
			if imageSet < typeAt {
				typeAt = 0
			}
			continue
		case css.SemicolonToken, css.LeftBraceToken:
			fn, importAt = "", -1
			continue
		default:
			fn = ""
			continue
		}
		if fn != "" {
			kind := fn
			fn = ""
			if tt == css.StringToken {
				g.secondLoad(fnAt, fnAt, off, kind, decodeString(unquote(data)))
				continue
			}
		}
		switch tt {
		case css.URLToken:
			switch {
			case importAt >= 0:
				g.secondLoad(importAt, start, off, g.importKindAt(importAt), secondURLValue(data))
			case imageSet > 0:
				g.secondLoad(start, start, off, KindImageSet, secondURLValue(data))
			default:
				g.secondLoad(start, start, off, KindURL, secondURLValue(data))
			}
			importAt = -1
		case css.StringToken:
			switch {
			case importAt >= 0:
				g.secondLoad(importAt, start, off, g.importKindAt(importAt), decodeString(unquote(data)))
			case imageSet > 0 && typeAt == 0:
				g.secondLoad(start, start, off, KindImageSet, decodeString(unquote(data)))
			}
			importAt = -1
		case css.FunctionToken:
			if imageSet > 0 {
				imageSet++
			}
			name := data[:len(data)-1]
			escaped := needsDecoding(name)
			switch {
			case imageSet > 0 && typeAt == 0 && equalFoldName(name, escaped, "type"):
				typeAt = imageSet
			case equalFoldName(name, escaped, "url"):
				fn, fnAt = KindURLString, start
			case equalFoldName(name, escaped, "src"):
				fn, fnAt = KindSrc, start
			case equalFoldName(name, escaped, "image-set"), equalFoldName(name, escaped, "-webkit-image-set"):
				if imageSet == 0 {
					imageSet = 1
				}
			}
		case css.AtKeywordToken:
			name := data[1:]
			escaped := needsDecoding(name)
			if equalFoldName(name, escaped, "import") || equalFoldName(name, escaped, "namespace") {
				importAt = start
			}
		}
	}
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
