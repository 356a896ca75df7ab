// Package schema validates a strictjson tree against a JSON Schema (draft
// 2020-12, santhosh-tekuri/jsonschema) and reports each violation with the
// byte offset of the key or value it concerns, so analyzers can turn it into
// a finding with a line and column.
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/suggest"
)

var english = message.NewPrinter(language.English)

// Schema is a compiled schema together with its source text.
type Schema struct {
	Source   []byte
	compiled *jsonschema.Schema
	once     sync.Once
	doc      any // Source decoded, for the keys a location declares
}

// MustCompile compiles an embedded schema; a broken schema is a programming
// error caught by every test that loads the package.
func MustCompile(url string, src []byte) *Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		panic(fmt.Sprintf("schema %s: %v", url, err))
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		panic(fmt.Sprintf("schema %s: %v", url, err))
	}
	s, err := c.Compile(url)
	if err != nil {
		panic(fmt.Sprintf("schema %s: %v", url, err))
	}
	return &Schema{Source: src, compiled: s}
}

// properties returns the keys the schema object at an absolute schema
// location ("…#/properties/permissions/items") declares.
func (s *Schema) properties(location string) []string {
	s.once.Do(func() { _ = json.Unmarshal(s.Source, &s.doc) })
	_, frag, _ := strings.Cut(location, "#")
	node := s.doc
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil
			}
			node = n[i]
		default:
			return nil
		}
	}
	obj, _ := node.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	var keys []string
	for k := range props {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Violation is one way an instance breaks the schema.
type Violation struct {
	Path    []string             // JSON pointer tokens of the value concerned
	Kind    jsonschema.ErrorKind // e.g. *kind.Type, *kind.Required
	Offset  int                  // byte offset to report at
	Key     string               // for unknown and missing keys: the key
	Message string               // plain words, without the fix
	// Suggestion is, for an unknown key, the key the schema has that is
	// nearest to it (for "did you mean"); "" when none is near.
	Suggestion string
}

// Keyword returns the schema keyword that failed ("type", "required",
// "additionalProperties", "maxLength", ...).
func (v Violation) Keyword() string {
	kp := v.Kind.KeywordPath()
	if len(kp) == 0 {
		return ""
	}
	return kp[len(kp)-1]
}

// Validate returns every leaf violation, in source order. An unknown key
// is reported once per key, at the key.
func (s *Schema) Validate(root *strictjson.Value) []Violation {
	err := s.compiled.Validate(root.Any())
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Violation{{Offset: root.Offset, Message: err.Error()}}
	}
	var out []Violation
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		out = append(out, s.explain(root, e)...)
	}
	walk(ve)
	slices.SortStableFunc(out, func(a, b Violation) int { return a.Offset - b.Offset })
	return out
}

func (s *Schema) explain(root *strictjson.Value, e *jsonschema.ValidationError) []Violation {
	val, _ := root.At(e.InstanceLocation)
	base := Violation{Path: e.InstanceLocation, Kind: e.ErrorKind}
	if val != nil {
		base.Offset = val.Offset
	}
	where := Describe(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		var out []Violation
		for _, name := range k.Properties {
			v := base
			v.Key = name
			if m := val.Get(name); m != nil {
				v.Offset = m.NameOffset
			}
			v.Message = fmt.Sprintf("unknown key %q in %s", name, where)
			v.Suggestion, _ = suggest.Closest(name, s.properties(e.SchemaURL))
			out = append(out, v)
		}
		return out
	case *kind.Required:
		var out []Violation
		for _, name := range k.Missing {
			v := base
			v.Key = name
			v.Message = fmt.Sprintf("%s has no %q", where, name)
			out = append(out, v)
		}
		return out
	case *kind.Type:
		got := "null"
		if val != nil {
			got = val.Kind.String()
		}
		base.Message = fmt.Sprintf("%s is %s; it must be %s", where, withArticle(got), orList(k.Want))
	case *kind.MinLength:
		if k.Want == 1 {
			base.Message = fmt.Sprintf("%s is empty", where)
			break
		}
		base.Message = fmt.Sprintf("%s is shorter than %d characters", where, k.Want)
	case *kind.MaxLength:
		base.Message = fmt.Sprintf("%s is longer than %d characters (it has %d)", where, k.Want, k.Got)
	case *kind.MinItems:
		base.Message = fmt.Sprintf("%s needs at least %s", where, items(k.Want))
	case *kind.MaxItems:
		base.Message = fmt.Sprintf("%s has more than %d items", where, k.Want)
	case *kind.Pattern:
		base.Message = fmt.Sprintf("%s has a value this format does not accept: %q", where, k.Got)
	case *kind.Enum:
		base.Message = fmt.Sprintf("%s must be one of %s", where, jsonList(k.Want))
		if got, ok := k.Got.(string); ok {
			var words []string
			for _, w := range k.Want {
				if s, ok := w.(string); ok {
					words = append(words, s)
				}
			}
			base.Message += suggest.Hint(got, words)
		}
	case *kind.Minimum:
		base.Message = fmt.Sprintf("%s is %s, less than the least it may be, %s", where, k.Got.RatString(), k.Want.RatString())
	case *kind.Maximum:
		base.Message = fmt.Sprintf("%s is %s, more than the most it may be, %s", where, k.Got.RatString(), k.Want.RatString())
	case *kind.Const:
		base.Message = fmt.Sprintf("%s must be %s", where, jsonList([]any{k.Want}))
	default:
		base.Message = fmt.Sprintf("%s: %s", where, e.ErrorKind.LocalizedString(english))
	}
	return []Violation{base}
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

func jsonList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, _ := json.Marshal(v)
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
