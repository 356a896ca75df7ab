package scriptlint

import (
	"sort"
	"unicode/utf8"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/internal/safetext"
)

// checkInvisible refuses the characters that make the code a person reads
// differ from the code that runs. Those that reorder text are refused
// everywhere, inside string literals too: the reordering spills onto the
// code beside the string (Trojan Source's "stretched string"). Other
// invisible characters are refused outside literals (in names, between
// tokens, in comments); inside a string, template or regular expression
// they are data, and emoji and some writing systems need them. An escape
// (\u202E) is visible and always fine.
func (sp *scriptPass) checkInvisible() {
	src := sp.src
	var literals []esb.Range
	read := false
	for i := safetext.NextNonASCII(sp.srcBytes, 0); i < len(src); i = safetext.NextNonASCII(sp.srcBytes, i) {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case safetext.IsBidi(r):
			sp.report(RuleInvisibleCharacter, i, "U+%04X changes the direction of the text around it, so the code reads differently from how it runs: remove it, or write it as the escape \\u%04X inside a string", r, r)
		case safetext.Invisible(r):
			if !read {
				var complete bool
				literals, _, complete = sp.nest.LiteralRanges()
				read = true
				if !complete {
					// The parse reports why the file cannot be read;
					// without its literals nothing here is certain.
					literals = nil
				}
				sort.Slice(literals, func(a, b int) bool { return literals[a].Loc.Start < literals[b].Loc.Start })
			}
			if !inRange(literals, i) {
				sp.report(RuleInvisibleCharacter, i, "U+%04X shows as nothing, so the code reads differently from how it runs (two names can look the same, a line can look joined): remove it, or write it as the escape \\u%04X inside a string", r, r)
			}
		}
		i += size
	}
}

// inRange reports whether off falls inside one of the sorted ranges.
func inRange(rs []esb.Range, off int) bool {
	j := sort.Search(len(rs), func(k int) bool { return int(rs[k].Loc.Start) > off })
	return j > 0 && off < int(rs[j-1].End())
}
