package netrules

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
)

// Chrome compiles a regexFilter with RE2 (CreateRE2Options in
// declarative_net_request/utils.cc): Latin-1 encoding, case-insensitive
// unless isUrlFilterCaseSensitive, capturing only when a regexSubstitution
// needs the groups, and max_mem 2 KB. Go's regexp/syntax in Perl mode reads
// the same dialect (RE2's), so it decides what parses.
//
// RE2 fails with "pattern too large" when compiling the forward program
// needs more instructions than max_mem allows: RE2::Init gives the forward
// program two thirds of max_mem, and Compiler::Setup allows
// (budget - sizeof(Prog)) / sizeof(Prog::Inst) instructions. regexSize counts
// the instructions RE2's compiler emits for the parsed pattern, after the
// same simplification (counted repeats expanded): one per literal byte, 2n-1
// per character class of n Latin-1 ranges (ranges A-Z dropped when the class
// folds ASCII case, as RE2 does), one per *, +, ? and alternative, one per
// empty-width assertion, two per capture when capturing, plus the program's
// Fail and Match instructions and the unanchored ".*?" prefix when the
// pattern is not anchored at the start. A leading ^ is free (RE2 records it
// as a flag), and so is a literal right after it (RE2 matches that prefix
// outside the program). bench/re2size compares the estimate with RE2 itself.

// RegexBudget is RE2's instruction budget for Chrome's 2 KB: two thirds of
// 2048 bytes, less a 432-byte Prog, in 8-byte instructions (116, checked
// against RE2 itself: 112 literal characters compile, 113 do not).
const RegexBudget = (2048*2/3 - 432) / 8

// RegexInstructions estimates how many instructions RE2 compiles for a
// regexFilter with Chrome's options; Chrome refuses the rule when the count
// is over RegexBudget. capture is true when the rule has a
// regexSubstitution. The error is a pattern RE2 does not accept.
func RegexInstructions(pattern string, caseSensitive, capture bool) (int, error) {
	re, err := parseRegex(pattern, caseSensitive)
	if err != nil {
		return 0, err
	}
	return regexSize(re, capture), nil
}

// regexFlags are the parse flags Chrome's options amount to.
func regexFlags(caseSensitive bool) syntax.Flags {
	f := syntax.Perl
	if !caseSensitive {
		f |= syntax.FoldCase
	}
	return f
}

// parseRegex parses a pattern as RE2 would and returns the tree, or an
// error in plain words.
func parseRegex(pattern string, caseSensitive bool) (*syntax.Regexp, error) {
	re, err := syntax.Parse(anyByte(pattern), regexFlags(caseSensitive))
	if err != nil {
		if se, ok := err.(*syntax.Error); ok {
			return nil, fmt.Errorf("%s in %q", se.Code, se.Expr)
		}
		return nil, err
	}
	return re, nil
}

// regexSize estimates the number of instructions RE2 compiles for re
// (parsed by parseRegex), capturing groups only when capture is true.
func regexSize(re *syntax.Regexp, capture bool) int {
	re = rewrite(re, capture)
	e := sizer{capture: capture}
	anchored := false
	// RE2 removes a leading \A (IsAnchorStart) and, after it, a literal
	// prefix (RequiredPrefix); a trailing \z (IsAnchorEnd) costs nothing.
	if re.Op == syntax.OpConcat && len(re.Sub) > 0 {
		subs := re.Sub
		i := 0
		for i < len(subs) && subs[i].Op == syntax.OpBeginText {
			i++
		}
		prefix := 0
		if i > 0 {
			anchored = true
			if i < len(subs) && subs[i].Op == syntax.OpLiteral {
				i++
				prefix = 1 // measured: a stripped prefix still costs one
			}
			subs = subs[i:]
		}
		if n := len(subs); n > 0 && subs[n-1].Op == syntax.OpEndText {
			subs = subs[:n-1]
		}
		n := prefix
		for _, s := range subs {
			n += e.size(s)
		}
		return e.program(n, anchored)
	}
	switch re.Op {
	case syntax.OpBeginText:
		return e.program(0, true)
	case syntax.OpEndText:
		return e.program(0, false)
	}
	return e.program(e.size(re), false)
}

// rewrite returns re as RE2's parser and simplifier would leave it before
// compiling, where that differs from Go's parser: without capturing, groups
// are plain parentheses, so (a?)* squashes to a* as RE2's parser does; and
// RE2's CoalesceWalker merges runs such as \d+\d+ into \d{2,}.
func rewrite(re *syntax.Regexp, capture bool) *syntax.Regexp {
	if re.Op == syntax.OpCapture && !capture {
		return rewrite(re.Sub[0], capture)
	}
	out := *re
	out.Sub = nil
	for _, s := range re.Sub {
		out.Sub = append(out.Sub, rewrite(s, capture))
	}
	switch out.Op {
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		sub := out.Sub[0]
		if isSimpleRepeat(sub) && sub.Flags&syntax.NonGreedy == out.Flags&syntax.NonGreedy {
			if sub.Op == out.Op {
				return sub
			}
			star := *sub
			star.Op = syntax.OpStar
			return &star
		}
	case syntax.OpConcat:
		out.Sub = coalesce(out.Sub)
		if len(out.Sub) == 1 {
			return out.Sub[0]
		}
	}
	return &out
}

func isSimpleRepeat(re *syntax.Regexp) bool {
	return re.Op == syntax.OpStar || re.Op == syntax.OpPlus || re.Op == syntax.OpQuest
}

// coalesce merges neighbours of a concatenation the way RE2's
// CoalesceWalker does: a repeat of a single character, class or any-char
// followed by another repeat of it, by it, or by a literal string starting
// with it, becomes one counted repeat.
func coalesce(subs []*syntax.Regexp) []*syntax.Regexp {
	subs = append([]*syntax.Regexp(nil), subs...)
	for i := 0; i+1 < len(subs); i++ {
		r1, r2 := subs[i], subs[i+1]
		if !isRepeat(r1) {
			continue
		}
		x := r1.Sub[0]
		if !(x.Op == syntax.OpLiteral && len(x.Rune) == 1 || x.Op == syntax.OpCharClass || x.Op == syntax.OpAnyChar || x.Op == syntax.OpAnyCharNotNL) {
			continue
		}
		lo, hi := repeatBounds(r1)
		rest := (*syntax.Regexp)(nil)
		switch {
		case isRepeat(r2) && r2.Sub[0].Equal(x) && r1.Flags&syntax.NonGreedy == r2.Flags&syntax.NonGreedy:
			lo2, hi2 := repeatBounds(r2)
			lo += lo2
			if hi2 < 0 || hi < 0 {
				hi = -1
			} else {
				hi += hi2
			}
		case r2.Equal(x):
			lo++
			if hi >= 0 {
				hi++
			}
		case x.Op == syntax.OpLiteral && r2.Op == syntax.OpLiteral && len(r2.Rune) > 1 && r2.Rune[0] == x.Rune[0] && x.Flags&syntax.FoldCase == r2.Flags&syntax.FoldCase:
			n := 1
			for n < len(r2.Rune) && r2.Rune[n] == x.Rune[0] {
				n++
			}
			lo += n
			if hi >= 0 {
				hi += n
			}
			if n < len(r2.Rune) {
				tail := *r2
				tail.Rune = r2.Rune[n:]
				rest = &tail
			}
		default:
			continue
		}
		merged := &syntax.Regexp{Op: syntax.OpRepeat, Flags: r1.Flags, Sub: []*syntax.Regexp{x}, Min: lo, Max: hi}
		if rest != nil {
			subs[i], subs[i+1] = merged, rest
			continue
		}
		subs[i], subs[i+1] = &syntax.Regexp{Op: syntax.OpEmptyMatch}, merged
	}
	out := subs[:0]
	for _, s := range subs {
		if s.Op != syntax.OpEmptyMatch {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return []*syntax.Regexp{{Op: syntax.OpEmptyMatch}}
	}
	return out
}

func isRepeat(re *syntax.Regexp) bool {
	return isSimpleRepeat(re) || re.Op == syntax.OpRepeat
}

func repeatBounds(re *syntax.Regexp) (lo, hi int) {
	switch re.Op {
	case syntax.OpStar:
		return 0, -1
	case syntax.OpPlus:
		return 1, -1
	case syntax.OpQuest:
		return 0, 1
	}
	return re.Min, re.Max
}

type sizer struct{ capture bool }

// program adds what every program has: the Fail instruction at 0 and the
// final Match, then ".*?" (a byte range and a loop) for an unanchored
// search, or one instruction for an anchored one (measured against RE2).
func (e sizer) program(body int, anchored bool) int {
	if anchored {
		return body + 3
	}
	return body + 4
}

func (e sizer) size(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpNoMatch:
		return 0
	case syntax.OpEmptyMatch:
		return 1
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass:
		return classSize(re.Rune)
	case syntax.OpAnyCharNotNL:
		return 3 // [^\n]: two Latin-1 ranges and their Alt
	case syntax.OpAnyChar:
		return 1
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return 1
	case syntax.OpCapture:
		n := e.size(re.Sub[0])
		if e.capture {
			n += 2
		}
		return n
	case syntax.OpStar:
		n := e.size(re.Sub[0]) + 1
		if nullable(re.Sub[0]) {
			n++ // RE2 compiles a nullable x* as (x+)?
		}
		return n
	case syntax.OpPlus, syntax.OpQuest:
		return e.size(re.Sub[0]) + 1
	case syntax.OpRepeat:
		// RE2's SimplifyRepeat: x{n,} is n-1 copies and x+; x{n,m} is n
		// copies and m-n nested x?.
		s := e.size(re.Sub[0])
		switch {
		case re.Max < 0 && re.Min == 0:
			return e.size(&syntax.Regexp{Op: syntax.OpStar, Sub: re.Sub})
		case re.Max < 0:
			return re.Min*s + 1
		case re.Min == 0 && re.Max == 0:
			return 1
		}
		return re.Min*s + (re.Max-re.Min)*(s+1)
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			n += e.size(s)
		}
		return n
	case syntax.OpAlternate:
		n := len(re.Sub) - 1
		for _, s := range re.Sub {
			n += e.size(s)
		}
		return n
	}
	return 1
}

// classSize is the cost of a character class in RE2's Latin-1 program.
func classSize(ranges []rune) int {
	var rs [][2]rune
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo > 0xFF {
			continue
		}
		rs = append(rs, [2]rune{lo, min(hi, 0xFF)})
	}
	in := func(c rune) bool {
		for _, r := range rs {
			if r[0] <= c && c <= r[1] {
				return true
			}
		}
		return false
	}
	folds := true
	for c := 'a'; c <= 'z'; c++ {
		if in(c) != in(unicode.ToUpper(c)) {
			folds = false
			break
		}
	}
	n := 0
	for _, r := range rs {
		if folds && 'A' <= r[0] && r[1] <= 'Z' {
			continue
		}
		n++
	}
	if n == 0 {
		return 0
	}
	return 2*n - 1
}

// nullable reports whether re can match the empty string.
func nullable(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpStar, syntax.OpQuest,
		syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	case syntax.OpLiteral:
		return len(re.Rune) == 0
	case syntax.OpCapture, syntax.OpPlus:
		return nullable(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min == 0 || nullable(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !nullable(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if nullable(s) {
				return true
			}
		}
		return false
	}
	return false
}

// checkRewrite applies RE2's CheckRewriteString to a regexSubstitution: a
// backslash is followed by a digit or another backslash, and no \N names a
// group the pattern does not have.
func checkRewrite(sub string, groups int) error {
	maxRef := -1
	for i := 0; i < len(sub); i++ {
		if sub[i] != '\\' {
			continue
		}
		i++
		if i == len(sub) {
			return fmt.Errorf(`a '\' at the end: write \\ for a backslash`)
		}
		c := sub[i]
		if c == '\\' {
			continue
		}
		if c < '0' || c > '9' {
			return fmt.Errorf(`'\%c' is not a group reference: a '\' is followed by a digit (\0 to \9) or another '\'`, c)
		}
		maxRef = max(maxRef, int(c-'0'))
	}
	if maxRef > groups {
		return fmt.Errorf(`\%d refers to group %d, but the regexFilter has %d group(s)`, maxRef, maxRef, groups)
	}
	return nil
}

// anchoredAtStart reports whether every match of re starts at the
// beginning of the text: the compiled program's start condition requires
// begin-of-text. What cannot be proven this way counts as not anchored.
func anchoredAtStart(re *syntax.Regexp) bool {
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return false
	}
	return prog.StartCond()&syntax.EmptyBeginText != 0
}

// isASCII reports whether s has only ASCII characters.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// firstNonASCII returns the first non-ASCII character of s, quoted.
func firstNonASCII(s string) string {
	for _, r := range s {
		if r >= 0x80 {
			return fmt.Sprintf("%q (U+%04X)", string(r), r)
		}
	}
	return ""
}

// aboveLatin1 returns the first escape in an ASCII pattern that names a
// code point above U+00FF (\x{100}, an octal \400), with the code point,
// or "". Chrome compiles regexFilter with RE2 in Latin-1 mode, where such
// an escape is a parse error; Go's parser, which reads UTF-8, accepts it.
func aboveLatin1(pattern string) (string, rune) {
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '\\' || i+1 == len(pattern) {
			continue
		}
		start := i
		i++
		switch c := pattern[i]; {
		case c == 'Q':
			// \Q…\E: literal text, where a backslash escapes nothing.
			end := strings.Index(pattern[i:], `\E`)
			if end < 0 {
				return "", 0
			}
			i += end + 1
		case c == 'x' && i+1 < len(pattern) && pattern[i+1] == '{':
			end := strings.IndexByte(pattern[i:], '}')
			if end < 0 {
				continue // RE2 and Go both refuse it
			}
			v, err := strconv.ParseUint(pattern[i+2:i+end], 16, 32)
			if err == nil && v > 0xFF {
				return pattern[start : i+end+1], rune(v)
			}
			i += end
		case '0' <= c && c <= '7':
			// RE2's octal escape: \0 with up to two more digits, or \1 to
			// \7 followed by at least one more (a lone \1 is a
			// backreference, refused by both).
			j, v := i+1, int(c-'0')
			for ; j < len(pattern) && j < i+3 && '0' <= pattern[j] && pattern[j] <= '7'; j++ {
				v = v*8 + int(pattern[j]-'0')
			}
			if (c == '0' || j > i+1) && v > 0xFF {
				return pattern[start:j], rune(v)
			}
			i = j - 1
		}
	}
	return "", 0
}

// percentUTF8 is a code point as a URL carries it: its UTF-8 bytes,
// percent-encoded.
func percentUTF8(cp rune) string {
	var b strings.Builder
	for _, c := range []byte(string(cp)) {
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// anyByte rewrites RE2's \C (any byte), which Go's parser does not know,
// as (?s:.): in Chrome's Latin-1 mode a byte is a character, so both match
// any one character and compile to one instruction. Inside a character
// class, where RE2 refuses \C too, and inside \Q…\E it is left alone.
func anyByte(pattern string) string {
	if !strings.Contains(pattern, `\C`) {
		return pattern
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern):
			next := pattern[i+1]
			switch {
			case next == 'C' && !inClass:
				b.WriteString("(?s:.)")
			case next == 'Q' && !inClass:
				end := strings.Index(pattern[i+2:], `\E`)
				if end < 0 {
					b.WriteString(pattern[i:])
					return b.String()
				}
				b.WriteString(pattern[i : i+2+end+2])
				i += 2 + end + 1
				continue
			default:
				b.WriteString(pattern[i : i+2])
			}
			i++
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			// A ']' right after '[' or '[^' is a literal.
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
		case c == '[' && inClass && i+1 < len(pattern) && pattern[i+1] == ':':
			// [:alpha:] inside a class: copy it whole, its ']' closes nothing.
			if end := strings.Index(pattern[i+2:], ":]"); end >= 0 {
				b.WriteString(pattern[i : i+2+end+2])
				i += 2 + end + 1
				continue
			}
			b.WriteByte(c)
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
