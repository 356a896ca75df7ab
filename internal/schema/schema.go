// Package schema validates a strictjson tree against a JSON Schema (draft
// 2020-12, the keywords validate.go lists) and reports each violation with
// the byte offset of the key or value it concerns, so analyzers can turn it
// into a finding with a line and column.
package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/suggest"
)

// Schema is a compiled schema together with its source text.
type Schema struct {
	Source []byte
	root   *node
}

// MustCompile compiles an embedded schema; a broken schema, or one that
// uses a keyword the validator does not support, is a programming error
// caught by every test that loads the package. url names it in the panic.
func MustCompile(url string, src []byte) *Schema {
	root, err := compileDocument(src)
	if err != nil {
		panic(fmt.Sprintf("schema %s: %v", url, err))
	}
	return &Schema{Source: src, root: root}
}

// Violation is one way an instance breaks the schema.
type Violation struct {
	Path    []string // JSON pointer tokens of the value concerned
	Offset  int      // byte offset to report at
	Key     string   // for unknown and missing keys: the key
	Message string   // plain words, without the fix
	// Suggestion is, for an unknown key, the key the schema has that is
	// nearest to it (for "did you mean"); "" when none is near.
	Suggestion string
	// Got is, for a pattern, the string it refused.
	Got     string
	keyword string
}

// Keyword returns the schema keyword that failed ("type", "required",
// "additionalProperties", "maxLength", ...).
func (v Violation) Keyword() string { return v.keyword }

// Validate returns every violation, in source order. An unknown key is
// reported once per key, at the key.
func (s *Schema) Validate(root *strictjson.Value) []Violation {
	var out []Violation
	for _, l := range s.root.validate(root, nil, nil) {
		out = append(out, explain(l)...)
	}
	onesort.StableFunc(out, func(a, b Violation) int { return a.Offset - b.Offset })
	return out
}

func explain(l leaf) []Violation {
	base := Violation{Path: l.path, Offset: l.offset, keyword: l.keyword}
	where := Describe(l.path)
	n := l.schema
	switch l.keyword {
	case "additionalProperties":
		var out []Violation
		for i, name := range l.keys {
			v := base
			v.Key, v.Offset = name, l.keyOffsets[i]
			v.Message = fmt.Sprintf("unknown key %q in %s", name, where)
			v.Suggestion, _ = suggest.Closest(name, n.propertyNames)
			out = append(out, v)
		}
		return out
	case "required":
		var out []Violation
		for _, name := range l.keys {
			v := base
			v.Key = name
			v.Message = fmt.Sprintf("%s has no %q", where, name)
			out = append(out, v)
		}
		return out
	case "type":
		base.Message = fmt.Sprintf("%s is %s; it must be %s", where, withArticle(l.val.Kind.String()), orList(n.types))
	case "minLength":
		if *n.minLength == 1 {
			base.Message = fmt.Sprintf("%s is empty", where)
			break
		}
		base.Message = fmt.Sprintf("%s is shorter than %d characters", where, *n.minLength)
	case "maxLength":
		base.Message = fmt.Sprintf("%s is longer than %d characters (it has %d)", where, *n.maxLength, l.got)
	case "minItems":
		base.Message = fmt.Sprintf("%s needs at least %s", where, items(*n.minItems))
	case "maxItems":
		base.Message = fmt.Sprintf("%s has more than %d items", where, *n.maxItems)
	case "uniqueItems":
		base.Message = fmt.Sprintf("%s holds the same value twice, as items %d and %d", where, l.dup[0]+1, l.dup[1]+1)
	case "pattern":
		base.Got = l.val.Text
		base.Message = fmt.Sprintf("%s has a value this format does not accept: %q", where, l.val.Text)
	case "propertyNames":
		base.Message = fmt.Sprintf("%s has a key this format does not accept: %q", where, l.key)
	case "enum":
		base.Message = fmt.Sprintf("%s must be one of %s", where, jsonList(n.enum))
		if l.val.Kind == strictjson.String {
			var words []string
			for _, w := range n.enum {
				if w.Kind == strictjson.String {
					words = append(words, w.Text)
				}
			}
			base.Message += suggest.Hint(l.val.Text, words)
		}
	case "minimum":
		base.Message = fmt.Sprintf("%s is %s, less than the least it may be, %s", where, ratString(l.val), n.minimum.RatString())
	case "maximum":
		base.Message = fmt.Sprintf("%s is %s, more than the most it may be, %s", where, ratString(l.val), n.maximum.RatString())
	case "const":
		base.Message = fmt.Sprintf("%s must be %s", where, jsonList([]*strictjson.Value{n.constVal}))
	}
	return []Violation{base}
}

func ratString(v *strictjson.Value) string {
	r, _ := new(big.Rat).SetString(v.Text)
	return r.RatString()
}

// Describe names a location for people, as violation messages do: "the
// top-level value", `"name"`, `"reason" of permission 2`, `item 1 of
// "deniedHosts" in "policy"`. Array items are counted from 1.
func Describe(path []string) string {
	if len(path) == 0 {
		return "the top-level value"
	}
	pieces := make([]string, len(path))
	for i, tok := range path {
		if !isIndex(tok) {
			pieces[i] = fmt.Sprintf("%q", tok)
			continue
		}
		n := 1
		fmt.Sscanf(tok, "%d", &n)
		n++
		switch {
		case i == 0:
			pieces[i] = fmt.Sprintf("item %d", n)
		case singular[path[i-1]] != "":
			pieces[i-1] = ""
			pieces[i] = fmt.Sprintf("%s %d", singular[path[i-1]], n)
		default:
			pieces[i] = fmt.Sprintf("item %d of %s", n, pieces[i-1])
			pieces[i-1] = ""
		}
	}
	var b strings.Builder
	for i := len(pieces) - 1; i >= 0; i-- {
		if pieces[i] == "" {
			continue
		}
		if b.Len() > 0 {
			if isIndex(path[i]) || (i+1 < len(path) && isIndex(path[i+1])) {
				b.WriteString(" of ")
			} else {
				b.WriteString(" in ")
			}
		}
		b.WriteString(pieces[i])
	}
	return b.String()
}

// singular names one item of the lists the schemas have.
var singular = map[string]string{
	"permissions":       "permission",
	"matches":           "match pattern",
	"deniedHosts":       "denied host",
	"deniedPermissions": "denied permission",
	"warnings":          "warning",
}

func isIndex(tok string) bool {
	if tok == "" {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// withArticle returns "a string", "an object", "null".
func withArticle(jsonType string) string {
	switch {
	case jsonType == "null":
		return "null"
	case strings.IndexByte("aeiou", jsonType[0]) >= 0:
		return "an " + jsonType
	}
	return "a " + jsonType
}

func orList(want []string) string {
	words := make([]string, len(want))
	for i, w := range want {
		words[i] = withArticle(w)
	}
	return strings.Join(words, " or ")
}

func jsonList(vals []*strictjson.Value) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, _ := json.Marshal(v.Any())
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return fmt.Sprintf("%d items", n)
}
