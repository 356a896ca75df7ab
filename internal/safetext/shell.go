package safetext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ShellQuote quotes s as one word for a POSIX shell, so that a command
// printed as advice can be pasted as it is. A word of only safe characters
// is left bare; one with a character Unsafe reports, or a byte that is not
// UTF-8, is written in ANSI-C quotes ($'…', which bash, zsh, ksh and POSIX
// sh since 2024 read) with that character escaped, so printing the advice
// cannot act on the terminal either; anything else goes in single quotes.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,") == "" {
		return s
	}
	if isSafe(s) {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x80 && Unsafe(r):
			fmt.Fprintf(&b, `\x%02X`, s[i])
		case Unsafe(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteString("'")
	return b.String()
}
