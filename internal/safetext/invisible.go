package safetext

import "unicode"

// Invisible reports characters that show as nothing, or as plain space, yet
// change what text means to a program or a reader: the formatting
// characters (Unicode's Cf: zero-width spaces and joiners, word joiners,
// invisible operators, tags, the byte-order mark, and the characters that
// reorder text), the line and paragraph separators, the Hangul fillers
// (letters that draw nothing, so they make names that look alike), the
// combining grapheme joiner and the variation selectors. "Trojan Source"
// (CVE-2021-42574) hides code this way.
func Invisible(r rune) bool {
	switch {
	case r < 0xAD:
		return false
	case unicode.Is(unicode.Cf, r):
		return true
	case r == 0x2028, r == 0x2029, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x034F:
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF, r >= 0x180B && r <= 0x180F:
		return true
	}
	return false
}

// InvisibleInProse reports the invisible characters that have no place in
// prose a person reads (a name, a description, a reason): every one
// Invisible reports but the two joiners and the variation selectors, which
// writing systems and emoji need (Persian and Indic scripts join and part
// letters with U+200C and U+200D; emoji sequences use U+200D and U+FE0F).
func InvisibleInProse(r rune) bool {
	switch {
	case r == 0x200C, r == 0x200D:
		return false
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF, r >= 0x180B && r <= 0x180F:
		return false
	}
	return Invisible(r)
}
