package scriptlint

import "testing"

// mixedKeyRunByteByByte is hasMixedKeyRun as the plain loop over every
// byte that it replaces: the reference the skipping search is held to.
func mixedKeyRunByteByByte(text string) bool {
	run, seen := 0, uint8(0)
	for i := 0; i < len(text); i++ {
		c := keyByte[text[i]]
		if c == 0 {
			run, seen = 0, 0
			continue
		}
		run++
		seen |= c
		if run >= minKeyRun && seen&3 == 3 {
			return true
		}
	}
	return false
}

var keyRunCases = []string{
	"", "a", "// a comment in plain words, with nothing that looks like a key",
	"ghp_abcdefghij1234567890abcdefghij1234", // a vendor key
	"abcdefghijklmnop", "abcdefghijklmno1",   // sixteen letters; fifteen and a digit
	"abcdefghijklmn1", " abcdefghijklmno1 ", // one short; with spaces
	"1234567890123456", "123456789012345a", // digits only; and a letter
	"x abcdefghijklmnopqrstuvwxyz 0123456789 y", // long runs that do not mix
	"see https://example.com/a1b2c3d4e5f6g7h8i9/", "a_b-c+d/e=f1g2h3i4j5",
	"word word word abcdefgh12345678", "abcdefgh12345678 word",
	"\u00e9abcdefghijklmno1\u00e9", "a\x00bcdefghijklmnop1",
}

func TestMixedKeyRunSkipsNothing(t *testing.T) {
	for _, text := range keyRunCases {
		if got, want := hasMixedKeyRun(text), mixedKeyRunByteByByte(text); got != want {
			t.Errorf("hasMixedKeyRun(%q) = %v, byte by byte %v", text, got, want)
		}
	}
	// Every length and position of a qualifying run among short words.
	for pre := 0; pre < 20; pre++ {
		for n := 14; n < 19; n++ {
			for digitAt := 0; digitAt < n; digitAt++ {
				run := []byte("abcdefghijklmnopqrstuvwxyz"[:n])
				run[digitAt] = '7'
				text := "ab cd e "[:pre%8] + string(run) + " z"
				if got, want := hasMixedKeyRun(text), mixedKeyRunByteByByte(text); got != want {
					t.Errorf("hasMixedKeyRun(%q) = %v, byte by byte %v", text, got, want)
				}
			}
		}
	}
}

func FuzzMixedKeyRunSkipsNothing(f *testing.F) {
	for _, text := range keyRunCases {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := hasMixedKeyRun(text), mixedKeyRunByteByByte(text); got != want {
			t.Errorf("hasMixedKeyRun(%q) = %v, byte by byte %v", text, got, want)
		}
	})
}
