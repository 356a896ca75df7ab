package scriptlint

import (
	"regexp"
	"strconv"
	"strings"
)

// The folder runs a script's own regular expressions on known text
// (replace, replaceAll, match) only where Go's regexp gives exactly what
// a browser's would: ASCII text and patterns, none of the flags m, u, v
// or y, no lookaround, backreference or capture inside a repeated group
// (JavaScript clears those at each repetition, Go keeps the last), and,
// for a global search, nothing that looks left of where a search starts
// (^, \b, \B), since each later search runs on the rest of the text; and
// no text longer than a folded string may be (maxFolded), each match
// being a search of its own.
// Anything else folds to unknown: a folded value the browser would not
// compute is worse than none.

// jsRegexp is a regular expression literal translated for Go.
type jsRegexp struct {
	re     *regexp.Regexp
	global bool
	named  bool // it has named groups ($<name> means something)
	// leftContext: ^, \b or \B, which a search from the middle of the text
	// cannot judge.
	leftContext bool
}

// compileJSRegexp translates a literal as esbuild keeps it ("/src/flags").
func compileJSRegexp(literal string) (*jsRegexp, bool) {
	end := strings.LastIndexByte(literal, '/')
	if end <= 0 || literal[0] != '/' || !isASCII(literal) {
		return nil, false
	}
	src, flags := literal[1:end], literal[end+1:]
	r := &jsRegexp{}
	var prefix string
	for _, f := range flags {
		switch f {
		case 'g':
			r.global = true
		case 'i':
			prefix += "i"
		case 's':
			prefix += "s"
		case 'd':
		default:
			return nil, false // m, u, v, y: other rules for lines, code points or positions
		}
	}
	t := regexpTranslator{src: src, dotAll: strings.Contains(prefix, "s")}
	body, ok := t.translate()
	if !ok {
		return nil, false
	}
	if prefix != "" {
		body = "(?" + prefix + ")" + body
	}
	re, err := regexp.Compile(body)
	if err != nil {
		return nil, false
	}
	r.re, r.named, r.leftContext = re, t.named, t.leftContext
	return r, true
}

type regexpTranslator struct {
	src         string
	i           int
	dotAll      bool
	named       bool
	names       map[string]bool
	leftContext bool
	out         strings.Builder
	// groups is the stack of open parentheses: whether each captures, and
	// whether a capture was opened inside it.
	groups []openGroup
}

// openGroup is an open parenthesis: whether it captures, whether a capture
// was opened inside it, and whether what it holds may match nothing (a
// repetition of that is another loop in JavaScript, which stops at an
// empty iteration, than in Go); atoms counts what it holds.
type openGroup struct {
	captures, holdsCapture, mayBeEmpty bool
	atoms                              int
}

func (t *regexpTranslator) translate() (string, bool) {
	lastGroup := openGroup{} // the group just closed, which a quantifier may repeat
	lastWasGroup, lastWasAssertion := false, true
	for t.i < len(t.src) {
		c := t.src[t.i]
		wasGroup, wasAssertion := false, false
		switch c {
		case '\\':
			if t.i+1 < len(t.src) && (t.src[t.i+1] == 'b' || t.src[t.i+1] == 'B') {
				wasAssertion = true
				t.maybeEmpty()
			}
			if !t.escape(false) {
				return "", false
			}
		case '[':
			if !t.class() {
				return "", false
			}
		case '(':
			g, ok := t.openGroup()
			if !ok {
				return "", false
			}
			t.groups = append(t.groups, g)
			wasAssertion = true // (nothing yet to repeat)
		case ')':
			if len(t.groups) == 0 {
				return "", false
			}
			lastGroup = t.groups[len(t.groups)-1]
			t.groups = t.groups[:len(t.groups)-1]
			if lastGroup.atoms == 0 {
				lastGroup.mayBeEmpty = true
			}
			if len(t.groups) > 0 {
				outer := &t.groups[len(t.groups)-1]
				outer.holdsCapture = outer.holdsCapture || lastGroup.captures || lastGroup.holdsCapture
				outer.mayBeEmpty = outer.mayBeEmpty || lastGroup.mayBeEmpty
			}
			t.out.WriteByte(')')
			t.i++
			wasGroup = true
		case '*', '+', '?', '{':
			if c == '{' && !t.braceQuantifier() {
				return "", false // a literal brace, which Go reads otherwise
			}
			if lastWasGroup && (lastGroup.captures || lastGroup.holdsCapture) {
				return "", false // a capture inside a repeated group
			}
			if lastWasAssertion {
				return "", false // nothing to repeat: a syntax error
			}
			if lastWasGroup && lastGroup.mayBeEmpty {
				return "", false // a repeated group that may match nothing
			}
			t.maybeEmpty()
			wasAssertion = true // (a second quantifier is one too)
			if c != '{' {
				t.out.WriteByte(c)
				t.i++
			}
			if t.i < len(t.src) && t.src[t.i] == '?' {
				t.out.WriteByte('?')
				t.i++
			}
		case '.':
			if t.dotAll {
				t.out.WriteString(`[\x00-\x{10FFFF}]`)
			} else {
				t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			}
			t.i++
		case '^', '$', '|':
			if c == '^' {
				t.leftContext = true
			}
			wasAssertion = true
			t.maybeEmpty()
			t.out.WriteByte(c)
			t.i++
		default:
			t.out.WriteString(regexp.QuoteMeta(string(c)))
			t.i++
		}
		lastWasGroup, lastWasAssertion = wasGroup, wasAssertion
		if len(t.groups) > 0 && c != '(' {
			t.groups[len(t.groups)-1].atoms++
		}
	}
	return t.out.String(), len(t.groups) == 0
}

func (t *regexpTranslator) openGroup() (openGroup, bool) {
	rest := t.src[t.i:]
	switch {
	case strings.HasPrefix(rest, "(?:"):
		t.out.WriteString("(?:")
		t.i += 3
		return openGroup{}, true
	case strings.HasPrefix(rest, "(?<") && !strings.HasPrefix(rest, "(?<=") && !strings.HasPrefix(rest, "(?<!"):
		end := strings.IndexByte(rest, '>')
		name := rest[3:max(end, 3)]
		if end < 0 || !wordsOnlyName(name) || t.names[name] {
			return openGroup{}, false // (a name given twice is a syntax error)
		}
		if t.names == nil {
			t.names = map[string]bool{}
		}
		t.names[name] = true
		t.out.WriteString("(?P<" + name + ">")
		t.i += end + 1
		t.named = true
		t.markCapture()
		return openGroup{captures: true}, true
	case strings.HasPrefix(rest, "(?"):
		return openGroup{}, false // lookaround, or a modifier group
	}
	t.out.WriteByte('(')
	t.i++
	t.markCapture()
	return openGroup{captures: true}, true
}

// maybeEmpty notes, in the innermost open group, something that lets it
// match nothing: a quantifier, an alternative, an assertion.
func (t *regexpTranslator) maybeEmpty() {
	if len(t.groups) > 0 {
		t.groups[len(t.groups)-1].mayBeEmpty = true
	}
}

func (t *regexpTranslator) markCapture() {
	if len(t.groups) > 0 {
		t.groups[len(t.groups)-1].holdsCapture = true
	}
}

// braceQuantifier copies {n}, {n,} or {n,m}.
func (t *regexpTranslator) braceQuantifier() bool {
	end := strings.IndexByte(t.src[t.i:], '}')
	if end < 0 {
		return false
	}
	inner := t.src[t.i+1 : t.i+end]
	lo, hi, comma := strings.Cut(inner, ",")
	if !allDigits(lo) || comma && hi != "" && !allDigits(hi) {
		return false
	}
	t.out.WriteString(t.src[t.i : t.i+end+1])
	t.i += end + 1
	return true
}

func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func wordsOnlyName(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// jsSpace is what \s matches in JavaScript, as members of a Go class.
const jsSpace = `\t\n\x0B\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// escape copies one escape; inClass: inside a character class, where \b
// is a backspace and \s, \S are spelled as members.
func (t *regexpTranslator) escape(inClass bool) bool {
	if t.i+1 >= len(t.src) {
		return false
	}
	c := t.src[t.i+1]
	t.i += 2
	switch c {
	case 'd', 'D', 'w', 'W':
		t.out.WriteString(`\` + string(c))
	case 's':
		if inClass {
			t.out.WriteString(jsSpace)
		} else {
			t.out.WriteString("[" + jsSpace + "]")
		}
	case 'S':
		if inClass {
			return false
		}
		t.out.WriteString("[^" + jsSpace + "]")
	case 'b', 'B':
		if inClass {
			if c == 'B' {
				return false
			}
			t.out.WriteString(`\x08`)
			return true
		}
		t.leftContext = true
		t.out.WriteString(`\` + string(c))
	case 't', 'n', 'r', 'f':
		t.out.WriteString(`\` + string(c)) // (Go spells these alike)
	case 'v':
		t.out.WriteString(`\x0B`)
	case '0':
		if t.i < len(t.src) && t.src[t.i] >= '0' && t.src[t.i] <= '9' {
			return false // a legacy octal escape
		}
		t.out.WriteString(`\x00`)
	case 'x', 'u':
		n := 2
		if c == 'u' {
			n = 4
		}
		if t.i+n > len(t.src) {
			return false
		}
		v, err := strconv.ParseUint(t.src[t.i:t.i+n], 16, 32)
		if err != nil {
			return false
		}
		t.i += n
		t.out.WriteString(`\x{` + strconv.FormatUint(v, 16) + `}`)
	default:
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			return false // \c, \k, \p, backreferences, identity escapes of letters
		}
		t.out.WriteString(regexp.QuoteMeta(string(c)))
	}
	return true
}

// class copies a character class.
func (t *regexpTranslator) class() bool {
	t.i++ // [
	negated := t.i < len(t.src) && t.src[t.i] == '^'
	if negated {
		t.i++
	}
	if t.i < len(t.src) && t.src[t.i] == ']' {
		// [] matches nothing, [^] anything.
		t.i++
		if negated {
			t.out.WriteString(`[\x00-\x{10FFFF}]`)
		} else {
			t.out.WriteString(`[^\x00-\x{10FFFF}]`)
		}
		return true
	}
	t.out.WriteByte('[')
	if negated {
		t.out.WriteByte('^')
	}
	prevSet := false // the member before a - is a class escape (\d-z)
	for t.i < len(t.src) {
		c := t.src[t.i]
		switch {
		case c == ']':
			t.out.WriteByte(']')
			t.i++
			return true
		case c == '\\':
			if t.i+1 < len(t.src) && strings.IndexByte("dDwWs", t.src[t.i+1]) >= 0 {
				if t.i+2 < len(t.src) && t.src[t.i+2] == '-' {
					return false
				}
				prevSet = true
			} else {
				prevSet = false
			}
			if !t.escape(true) {
				return false
			}
			continue
		case c == '-':
			if prevSet || t.i+1 < len(t.src) && t.src[t.i+1] == '\\' && t.i+2 < len(t.src) && strings.IndexByte("dDwWs", t.src[t.i+2]) >= 0 {
				return false
			}
			if t.i+1 < len(t.src) && t.src[t.i+1] == ']' || t.src[t.i-1] == '[' || t.src[t.i-1] == '^' && t.src[t.i-2] == '[' {
				t.out.WriteString(`\-`) // a dash that starts or ends the class
			} else {
				t.out.WriteByte('-')
			}
		case c == '[' || c == '^' || c == '&' || c == '~' || c == ':':
			t.out.WriteString(`\` + string(c))
		default:
			t.out.WriteByte(c)
		}
		prevSet = false
		t.i++
	}
	return false
}

// replace is s.replace(re, replacement) (replaceAll when all, which needs
// the g flag).
func (r *jsRegexp) replace(s, replacement string, all bool) (string, bool) {
	if len(s) > maxFolded || !isASCII(s) || all && !r.global {
		return "", false
	}
	var b strings.Builder
	done := 0
	ok := r.each(s, func(m []int) bool {
		captures := make([]string, 0, len(m)/2-1)
		defined := make([]bool, 0, len(m)/2-1)
		for g := 2; g < len(m); g += 2 {
			captures = append(captures, substr(s, m[g], m[g+1]))
			defined = append(defined, m[g] >= 0)
		}
		var named map[string]string
		if r.named {
			named = map[string]string{}
			for g, name := range r.re.SubexpNames() {
				if name != "" {
					named[name] = substr(s, m[2*g], m[2*g+1])
				}
			}
		}
		writeClipped(&b, s[done:m[0]])
		substitute(&b, s, m[0], m[1], captures, defined, named, replacement)
		done = m[1]
		return b.Len() <= maxFolded
	})
	if !ok {
		return "", false
	}
	if writeClipped(&b, s[done:]); b.Len() > maxFolded {
		return "", false
	}
	return b.String(), true
}

// matches are s.match(re) under the g flag: every match.
func (r *jsRegexp) matches(s string, limit int) ([]string, bool) {
	if len(s) > maxFolded || !isASCII(s) || !r.global {
		return nil, false
	}
	var out []string
	ok := r.each(s, func(m []int) bool {
		out = append(out, s[m[0]:m[1]])
		return len(out) <= limit
	})
	return out, ok
}

// each calls f with each match a replace or match finds: the first, or
// under g each in turn, searching on from the end of the last (one
// further after an empty one), as RegExp.prototype[Symbol.replace] does.
func (r *jsRegexp) each(s string, f func(m []int) bool) bool {
	if !r.global {
		if m := r.re.FindStringSubmatchIndex(s); m != nil {
			return f(m)
		}
		return true
	}
	if r.leftContext {
		return false
	}
	for from := 0; from <= len(s); {
		m := r.re.FindStringSubmatchIndex(s[from:])
		if m == nil {
			break
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += from
			}
		}
		if !f(m) {
			return false
		}
		from = m[1]
		if m[1] == m[0] {
			from++
		}
	}
	return true
}

func substr(s string, from, to int) string {
	if from < 0 {
		return ""
	}
	return s[from:to]
}

// substitute writes the replacement text for one match of s[start:end]
// (GetSubstitution) into b: $$, $&, $`, $', $1 to $99 for the groups there
// are (an undefined one gives ""), and $<name> where the expression has
// named groups; a $ that starts none of those stands for itself. Past
// maxFolded it writes no more, and the caller folds to unknown.
func substitute(b *strings.Builder, s string, start, end int, captures []string, defined []bool, named map[string]string, replacement string) {
	if !strings.Contains(replacement, "$") {
		writeClipped(b, replacement)
		return
	}
	for i := 0; i < len(replacement) && b.Len() <= maxFolded; i++ {
		c := replacement[i]
		if c != '$' || i+1 == len(replacement) {
			b.WriteByte(c)
			continue
		}
		next := replacement[i+1]
		switch {
		case next == '$':
			b.WriteByte('$')
			i++
		case next == '&':
			writeClipped(b, s[start:end])
			i++
		case next == '`':
			writeClipped(b, s[:start])
			i++
		case next == '\'':
			writeClipped(b, s[end:])
			i++
		case next >= '0' && next <= '9':
			n, width := int(next-'0'), 1
			if i+2 < len(replacement) && replacement[i+2] >= '0' && replacement[i+2] <= '9' {
				if nn := n*10 + int(replacement[i+2]-'0'); nn >= 1 && nn <= len(captures) {
					n, width = nn, 2
				}
			}
			if n < 1 || n > len(captures) {
				b.WriteByte('$')
				continue
			}
			if defined[n-1] {
				writeClipped(b, captures[n-1])
			}
			i += width
		case next == '<' && named != nil:
			close := strings.IndexByte(replacement[i+2:], '>')
			if close < 0 {
				b.WriteByte('$')
				continue
			}
			writeClipped(b, named[replacement[i+2:i+2+close]])
			i += 2 + close
		default:
			b.WriteByte('$')
		}
	}
}

// writeClipped writes t into b up to one byte past maxFolded, which tells
// the caller the text is longer than the folder keeps: a replacement
// pattern can repeat the whole text at every match.
func writeClipped(b *strings.Builder, t string) {
	if room := maxFolded + 1 - b.Len(); room < len(t) {
		t = t[:max(room, 0)]
	}
	b.WriteString(t)
}

// replaceString is s.replace(search, replacement) with a string search
// (replaceAll when all): the replacement's $ patterns are those of a
// match without groups.
func replaceString(s, search, replacement string, all bool) (string, bool) {
	if search == "" && all && !isASCII(s) {
		return "", false // (every UTF-16 unit, which Go's bytes are not)
	}
	var b strings.Builder
	done := 0
	for from := 0; from <= len(s); {
		i := strings.Index(s[from:], search)
		if i < 0 {
			break
		}
		i += from
		writeClipped(&b, s[done:i])
		substitute(&b, s, i, i+len(search), nil, nil, nil, replacement)
		done = i + len(search)
		if b.Len() > maxFolded {
			return "", false
		}
		if !all {
			break
		}
		from = done
		if search == "" {
			if from < len(s) {
				b.WriteByte(s[from])
			}
			done = from + 1
			from++
		}
	}
	if done <= len(s) {
		writeClipped(&b, s[done:])
	}
	if b.Len() > maxFolded {
		return "", false
	}
	return b.String(), true
}
