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
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/remixlet/remixlet/internal/strictjson"
)

var english = message.NewPrinter(language.English)

// Schema is a compiled schema together with its source text.
type Schema struct {
	Source   []byte
	compiled *jsonschema.Schema
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

// Violation is one way an instance breaks the schema.
type Violation struct {
	Path    []string             // JSON pointer tokens of the value concerned
	Kind    jsonschema.ErrorKind // e.g. *kind.Type, *kind.Required
	Offset  int                  // byte offset to report at
	Key     string               // for unknown and missing keys: the key
	Message string               // plain words, without the fix
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
		out = append(out, explain(root, e)...)
	}
	walk(ve)
	slices.SortStableFunc(out, func(a, b Violation) int { return a.Offset - b.Offset })
	return out
}

func explain(root *strictjson.Value, e *jsonschema.ValidationError) []Violation {
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
		base.Message = fmt.Sprintf("%s needs at least %d item(s)", where, k.Want)
	case *kind.MaxItems:
		base.Message = fmt.Sprintf("%s has more than %d items", where, k.Want)
	case *kind.Pattern:
		base.Message = fmt.Sprintf("%s has a value this format does not accept: %q", where, k.Got)
	case *kind.Enum:
		base.Message = fmt.Sprintf("%s must be one of %s", where, jsonList(k.Want))
	case *kind.Const:
		base.Message = fmt.Sprintf("%s must be %s", where, jsonList([]any{k.Want}))
	default:
		base.Message = fmt.Sprintf("%s: %s", where, e.ErrorKind.LocalizedString(english))
	}
	return []Violation{base}
}

// Describe names a location for people, as violation messages do: "the
// top-level value", `"permissions"[1]."reason"`.
func Describe(path []string) string {
	if len(path) == 0 {
		return "the top-level value"
	}
	var b strings.Builder
	for i, tok := range path {
		if isIndex(tok) {
			fmt.Fprintf(&b, "[%s]", tok)
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		fmt.Fprintf(&b, "%q", tok)
	}
	return b.String()
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
