package remixletbridge

import "github.com/evanw/esbuild/internal/js_lexer"

// LiteralRanges returns where the string, template and regular-expression
// literals of src are, read as the nesting scan reads (with esbuild's
// tokens), and its comments. complete is false when the scan stopped before
// the end of src: at a syntax error, where the parser stops too, or past
// MaxNesting, which the lint refuses anyway.
func LiteralRanges(src string) (literals, comments []Range, complete bool) {
	return scanWithLiterals(src, MaxNesting).LiteralRanges()
}

// scanWithLiterals is ScanNesting, with the Literals and ReadToEnd of its
// reading.
func scanWithLiterals(src string, limit int) Nesting {
	var literals []Range
	s := scanner{limit: limit, regexps: []int{}, regexpEnds: []int{}}
	s.trace = func(r tokenRecord) {
		if isLiteral(r.tok) {
			literals = append(literals, Range{Loc: Loc{Start: int32(r.start)}, Len: int32(r.end - r.start)})
		}
	}
	lx := &fastTokens{src: src}
	s.runWith(lx)
	for i, start := range s.regexps {
		literals = append(literals, Range{Loc: Loc{Start: int32(start)}, Len: int32(s.regexpEnds[i] - start)})
	}
	n := s.result
	n.Comments, n.Literals, n.ReadToEnd = lx.comments, literals, !lx.bad && lx.tok == js_lexer.TEndOfFile
	return n
}

// isLiteral reports the tokens that are string or template literals (or
// a template's parts).
func isLiteral(t js_lexer.T) bool {
	switch t {
	case js_lexer.TStringLiteral, js_lexer.TNoSubstitutionTemplateLiteral,
		js_lexer.TTemplateHead, js_lexer.TTemplateMiddle, js_lexer.TTemplateTail:
		return true
	}
	return false
}
