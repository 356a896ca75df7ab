package safetext

import (
	"os/exec"
	"strings"
	"testing"
)

// Each quoted word reads back as the original bytes in a real shell, and
// the quoted form holds nothing that acts on a terminal.
func TestShellQuote(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is not installed: the test reads each quoted word back in it")
	}
	for in, want := range map[string]string{
		"/tmp/store":      "/tmp/store",
		"my store":        "'my store'",
		"it's":            `'it'\''s'`,
		"":                "''",
		"a\x1b[2Jb":       `$'a\x1B[2Jb'`,
		"tab\there":       `$'tab\x09here'`,
		"bad\xffbyte's":   `$'bad\xFFbyte\'s'`,
		"abc\u202Efdp":    `$'abc\u202Efdp'`,
		"back\\slash\x07": `$'back\\slash\x07'`,
		"naïve folder":    "'naïve folder'",
		"c1\u009bcontrol": `$'c1\u009Bcontrol'`,
		"$HOME and `x`":   "'$HOME and `x`'",
	} {
		got := ShellQuote(in)
		if got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
		for _, r := range got {
			if Unsafe(r) {
				t.Errorf("ShellQuote(%q) holds U+%04X", in, r)
			}
		}
		out, err := exec.Command(bash, "-c", "printf %s "+got).Output()
		if err != nil || string(out) != in {
			t.Errorf("bash reads %s as %q (%v), want %q", got, out, err, in)
		}
	}
	if strings.Contains(ShellQuote("x\ny"), "\n") {
		t.Error("a line break is left raw")
	}
}
