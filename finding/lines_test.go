package finding

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// slowPosition is the definition Position must agree with: count every
// line break and every character from the file's start.
func slowPosition(src []byte, off int) Position {
	off = max(0, min(off, len(src)))
	for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) && src[off-1] != '\n' && src[off-1] != '\r' {
		off--
	}
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' || (src[i] == '\r' && (i+1 >= len(src) || src[i+1] != '\n')) {
			line, start = line+1, i+1
		}
	}
	return Position{Line: line, Column: utf8.RuneCount(src[start:off]) + 1}
}

// TestPositionAgreesWithCounting: on every kind of line break, on short
// and long lines (where the table of characters per block is used), on
// ASCII, UTF-8 and bytes that are not UTF-8, for offsets in any order.
func TestPositionAgreesWithCounting(t *testing.T) {
	for name, src := range map[string]string{
		"breaks":     "ab\ncd\r\nef\rgh\n\nij é ü\r\r\nk",
		"ascii long": strings.Repeat("x", 5000) + "\n" + strings.Repeat("y", 3000),
		"utf8 long":  strings.Repeat("aé€😀 b", 900) + "\n" + strings.Repeat("ü", 5000) + "\r\n" + strings.Repeat("x", 3000),
		"not utf8":   "ok\nbad \xff\xfe here é\n" + strings.Repeat("\x80é", 2000),
		"empty":      "",
	} {
		t.Run(name, func(t *testing.T) {
			b := []byte(src)
			lines := NewLines(b)
			r := rand.New(rand.NewSource(1))
			for i := 0; i < 3000; i++ {
				off := r.Intn(len(b) + 2)
				if i%3 == 0 {
					off = i % (len(b) + 1)
				}
				if got, want := lines.Position(off), slowPosition(b, off); got != want {
					t.Fatalf("offset %d: got %v, want %v", off, got, want)
				}
			}
		})
	}
}

// TestPositionOnLongLinesUsesTheTable: a long UTF-8 line is counted from
// the table of characters per block, not from the line's start.
func TestPositionOnLongLinesUsesTheTable(t *testing.T) {
	lines := NewLines([]byte(strings.Repeat("é", 10*runeBlock)))
	if got := lines.Position(2 * 9 * runeBlock); got != (Position{Line: 1, Column: 9*runeBlock + 1}) {
		t.Fatalf("got %v", got)
	}
	if lines.runeBlocks == nil {
		t.Fatal("a line this long should be counted with the table of characters per block")
	}
}

// lineStartsOneByOne is lineStarts as a plain loop over every byte: the
// reference its vectorised search is held to.
func lineStartsOneByOne(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

func TestLineStartsAgreeWithOneByOne(t *testing.T) {
	for _, src := range []string{
		"", "\n", "a\nb", "\n\n\n\n\n\n\n\n\n\n", "\v\n\v\n\v\n\v\n\v\n\v\n\v\n",
		"\n\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b",
		strings.Repeat("abc\n\x0bdefgh\n", 100), strings.Repeat("é\n", 300), "x\r\ny\rz\n",
	} {
		if got, want := lineStarts([]byte(src)), lineStartsOneByOne([]byte(src)); !slices.Equal(got, want) {
			t.Errorf("lineStarts(%q) = %v, one by one %v", src, got, want)
		}
	}
}

// FuzzLineStartsAgreeWithOneByOne holds lineStarts and isASCII (which
// reads words of 32 and 8 bytes) to the plain loops.
func FuzzLineStartsAgreeWithOneByOne(f *testing.F) {
	f.Add([]byte("\n\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0ba\nb\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := lineStarts(src), lineStartsOneByOne(src); !slices.Equal(got, want) {
			t.Errorf("lineStarts(%q) = %v, one by one %v", src, got, want)
		}
		if got, want := isASCII(src), utf8.ValidString(string(src)) && strings.IndexFunc(string(src), func(r rune) bool { return r >= 0x80 }) < 0; got != want {
			t.Errorf("isASCII(%q) = %v, want %v", src, got, want)
		}
	})
}

// slowUTF16Column is the definition UTF16Column must agree with: the
// UTF-16 units of the line's first col-1 characters, plus 1, a column past
// the end staying past it.
func slowUTF16Column(line string, col int) int {
	units := 1
	runes := []rune(line)
	for i, r := range runes {
		if i+1 >= col {
			break
		}
		units += len(utf16.Encode([]rune{r}))
	}
	if col > len(runes)+1 {
		units += col - (len(runes) + 1)
	}
	return units
}

// TestColumnsAndCharsAgreeWithCounting: UTF16Column and Chars on ASCII
// (where both cost nothing), UTF-8 with astral characters, and bytes that
// are not UTF-8, for every line and columns past the end.
func TestColumnsAndCharsAgreeWithCounting(t *testing.T) {
	for name, src := range map[string]string{
		"ascii":    "abc\r\n" + strings.Repeat("x", 5000) + "\n\nlast",
		"utf8":     "aé€😀 b\n" + strings.Repeat("😀é", 3000) + "\r" + "ü",
		"not utf8": "ok\nbad \xff\xfe 😀 é\n",
		"empty":    "",
	} {
		t.Run(name, func(t *testing.T) {
			lines := NewLines([]byte(src))
			r := rand.New(rand.NewSource(1))
			for n := 0; n <= len(lines.starts)+1; n++ {
				text := lines.Text(n)
				if got, want := lines.Chars(n), utf8.RuneCountInString(text); got != want {
					t.Errorf("Chars(%d) = %d, want %d", n, got, want)
				}
				for i := 0; i < 200; i++ {
					col := 1 + r.Intn(utf8.RuneCountInString(text)+3)
					if got, want := lines.UTF16Column(n, col), slowUTF16Column(text, col); got != want {
						t.Fatalf("UTF16Column(%d, %d) = %d, want %d", n, col, got, want)
					}
				}
			}
		})
	}
}
