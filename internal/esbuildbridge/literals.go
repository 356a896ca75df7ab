package remixletbridge

import "github.com/evanw/esbuild/internal/js_lexer"

// LiteralRanges returns where the string, template and regular-expression
// literals of src are, read as the nesting scan reads (with esbuild's
// tokens), and its comments. complete is false when the scan stopped before
// the end of src: at a syntax error, where the parser stops too, or past
// MaxNesting, which the lint refuses anyway.
func LiteralRanges(src string) (literals, comments []Range, complete bool) {
	s := scanner{limit: MaxNesting, regexps: []int{}, regexpEnds: []int{}}
	s.trace = func(r tokenRecord) {
		switch r.tok {
		case js_lexer.TStringLiteral, js_lexer.TNoSubstitutionTemplateLiteral,
			js_lexer.TTemplateHead, js_lexer.TTemplateMiddle, js_lexer.TTemplateTail:
			literals = append(literals, Range{Loc: Loc{Start: int32(r.start)}, Len: int32(r.end - r.start)})
		}
	}
	lx := &fastTokens{src: src}
	s.runWith(lx)
	for i, start := range s.regexps {
		literals = append(literals, Range{Loc: Loc{Start: int32(start)}, Len: int32(s.regexpEnds[i] - start)})
	}
	return literals, lx.comments, !s.result.Exceeded && !lx.bad && lx.tok == js_lexer.TEndOfFile
}
