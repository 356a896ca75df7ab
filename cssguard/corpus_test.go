package cssguard

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// corpusDifferences are the corpus cases where Chrome's tokenizer, which
// cssguard follows, differs from the newer specification the corpus
// follows. Each must actually differ: a listed case that passes fails the
// test, so the list cannot go stale.
var corpusDifferences = map[string]string{
	"tests/ident/0007": "Chrome treats every non-ASCII code point as a name code point; the newer specification excludes U+00A7 §, so Chrome reads -§ as one ident",
	"tests/ident/0008": "Chrome treats every non-ASCII code point as a name code point; the newer specification excludes U+00D7 ×, so Chrome reads -× as one ident",
	"tests/fuzz/b69ece36-057f-4450-9423-a1661787bce6": "Chrome treats every non-ASCII code point as a name code point; the newer specification excludes the private-use U+F1C7, so Chrome reads Iv1\uF1C7\x00B as one ident",
}

type corpusToken struct {
	Type       string          `json:"type"`
	Raw        string          `json:"raw"`
	StartIndex int             `json:"startIndex"`
	EndIndex   int             `json:"endIndex"`
	Structured json.RawMessage `json:"structured"`
}

type corpusCase struct {
	CSS    string        `json:"css"`
	Tokens []corpusToken `json:"tokens"`
}

var corpusTypeNames = map[TokenType]string{
	Ident: "ident-token", Function: "function-token", AtKeyword: "at-keyword-token", Hash: "hash-token",
	String: "string-token", BadString: "bad-string-token", URL: "url-token", BadURL: "bad-url-token",
	Delim: "delim-token", Number: "number-token", Percentage: "percentage-token", Dimension: "dimension-token",
	UnicodeRange: "unicode-range-token", Whitespace: "whitespace-token", CDO: "CDO-token", CDC: "CDC-token",
	Colon: "colon-token", Semicolon: "semicolon-token", Comma: "comma-token", LeftBracket: "[-token",
	RightBracket: "]-token", LeftParen: "(-token", RightParen: ")-token", LeftBrace: "{-token",
	RightBrace: "}-token", Comment: "comment",
}

func loadCorpus(t testing.TB) map[string]corpusCase {
	t.Helper()
	data, err := os.ReadFile("testdata/css-tokenizer-tests/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus map[string]corpusCase
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	return corpus
}

// TestTokenizerCorpus compares every token of every case of the public
// css-tokenizer-tests corpus: type, raw text, start and end (in UTF-16
// code units, as the corpus counts) and decoded value.
func TestTokenizerCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	names := make([]string, 0, len(corpus))
	for name := range corpus {
		names = append(names, name)
	}
	slices.Sort(names)
	passed, differ := 0, 0
	for _, name := range names {
		c := corpus[name]
		err := compareCase(c)
		reason, expected := corpusDifferences[name]
		switch {
		case err == nil && expected:
			t.Errorf("%s: listed as a Chrome difference (%s) but matches the corpus: remove it from corpusDifferences", name, reason)
		case err == nil:
			passed++
		case expected:
			differ++
			t.Logf("%s: expected difference: %s (%v)", name, reason, err)
		default:
			t.Errorf("%s: %q: %v", name, c.CSS, err)
		}
	}
	t.Logf("corpus: %d cases, %d match, %d documented Chrome differences", len(names), passed, differ)
	if len(names) < 185 {
		t.Errorf("corpus has %d cases, want at least 185", len(names))
	}
}

func compareCase(c corpusCase) error {
	src := []byte(c.CSS)
	got := Tokenize(src)
	if len(got) != len(c.Tokens) {
		return fmt.Errorf("%d tokens, want %d: %s", len(got), len(c.Tokens), describe(src, got))
	}
	for i, tok := range got {
		want := c.Tokens[i]
		if typ := corpusTypeNames[tok.Type]; typ != want.Type {
			return fmt.Errorf("token %d: type %s, want %s: %s", i, typ, want.Type, describe(src, got))
		}
		if raw := string(tok.Raw(src)); raw != want.Raw {
			return fmt.Errorf("token %d: raw %q, want %q", i, raw, want.Raw)
		}
		if s, e := utf16Index(src, tok.Start), utf16Index(src, tok.End); s != want.StartIndex || e != want.EndIndex {
			return fmt.Errorf("token %d: at %d..%d, want %d..%d", i, s, e, want.StartIndex, want.EndIndex)
		}
		if err := compareStructured(src, tok, want.Structured); err != nil {
			return fmt.Errorf("token %d (%s %q): %v", i, want.Type, want.Raw, err)
		}
	}
	return nil
}

func compareStructured(src []byte, tok Token, raw json.RawMessage) error {
	var s struct {
		Value         any    `json:"value"`
		Type          string `json:"type"`
		Unit          string `json:"unit"`
		SignCharacter string `json:"signCharacter"`
	}
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return err
	}
	switch tok.Type {
	case Number, Percentage, Dimension:
		want, _ := s.Value.(float64)
		got, err := numberValue(src, tok)
		if err != nil {
			return err
		}
		if got != want && math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			return fmt.Errorf("value %v, want %v", got, want)
		}
		if s.Type != "" && (s.Type == "integer") != tok.IsInteger() {
			return fmt.Errorf("integer=%v, want type %s", tok.IsInteger(), s.Type)
		}
		if tok.Type == Dimension && tok.Value(src) != s.Unit {
			return fmt.Errorf("unit %q, want %q", tok.Value(src), s.Unit)
		}
	case Hash:
		if got := tok.Value(src); got != s.Value {
			return fmt.Errorf("value %q, want %q", got, s.Value)
		}
		if (s.Type == "id") != tok.IsID() {
			return fmt.Errorf("id=%v, want type %s", tok.IsID(), s.Type)
		}
	default:
		if want, ok := s.Value.(string); ok {
			if got := tok.Value(src); got != want {
				return fmt.Errorf("value %q, want %q", got, want)
			}
		}
	}
	return nil
}

// numberValue parses a numeric token's number as Chrome does (its text is
// ASCII: sign, digits, fraction, exponent).
func numberValue(src []byte, tok Token) (float64, error) {
	z := Tokenizer{src: src}
	var scratch Token
	end := z.number(&scratch, tok.Start)
	return strconv.ParseFloat(string(src[tok.Start:end]), 64)
}

func utf16Index(src []byte, off int) int {
	n := 0
	for i := 0; i < off; {
		r, size := utf8.DecodeRune(src[i:])
		n += len(utf16.Encode([]rune{r}))
		i += size
	}
	return n
}

func describe(src []byte, tokens []Token) string {
	s := ""
	for _, t := range tokens {
		s += fmt.Sprintf("%s%q ", t.Type, t.Raw(src))
	}
	return s
}
