// Package strictjson reads one JSON document the strict way the remixlet
// format requires (RFC 8259 with RFC 7493's unique names: no duplicate keys
// at any depth, no comments, no trailing commas, valid UTF-8, exactly one
// value) into a tree that remembers the byte offset of every key and value,
// so that later checks can point at the exact line and column.
//
// The grammar is go-json-experiment's jsontext decoder; this package adds
// offsets, a nesting limit, and messages that say how to fix the input.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/remixlet/remixlet/finding"
)

// Kind is the JSON type of a value.
type Kind int

const (
	Null Kind = iota + 1
	Bool
	Number
	String
	Object
	Array
)

func (k Kind) String() string {
	return [...]string{"", "null", "boolean", "number", "string", "object", "array"}[k]
}

// Value is one JSON value with its place in the source.
type Value struct {
	Kind    Kind
	Offset  int      // byte offset of the value's first byte
	End     int      // byte offset just past the value
	Text    string   // String: the decoded string; Number: the literal as written
	Bool    bool     // Bool
	Members []Member // Object, in source order
	Items   []*Value // Array
}

// Member is one name/value pair of an object.
type Member struct {
	Name       string
	NameOffset int // byte offset of the name's opening quote
	Value      *Value
}

// Error is input the reader refuses, at a byte offset.
type Error struct {
	Offset    int
	Duplicate bool   // a duplicate object key
	Name      string // with Duplicate: the repeated key
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// Parse reads exactly one JSON value from src. Objects and arrays may nest at
// most maxDepth deep; deeper input is refused rather than walked.
func Parse(src []byte, maxDepth int) (*Value, error) {
	if off := finding.FirstInvalidUTF8(src); off >= 0 {
		return nil, &Error{Offset: off, Msg: "invalid UTF-8: save the file as UTF-8"}
	}
	// A bytes.Buffer is read in place, not copied in chunks.
	d := jsontext.NewDecoder(bytes.NewBuffer(src))
	p := parser{src: src, dec: d, maxDepth: maxDepth}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	off := int(d.InputOffset())
	for off < len(src) && isSpace(src[off]) {
		off++
	}
	if off < len(src) {
		return nil, &Error{Offset: off, Msg: "more text after the JSON value: a file holds exactly one value; remove what follows it"}
	}
	return v, nil
}

type parser struct {
	src      []byte
	dec      *jsontext.Decoder
	maxDepth int
}

func (p *parser) value() (*Value, error) {
	switch p.dec.PeekKind() {
	case '{', '[':
		if p.dec.StackDepth() >= p.maxDepth {
			off := int(p.dec.InputOffset())
			for off < len(p.src) && isSpace(p.src[off]) {
				off++
			}
			return nil, &Error{Offset: off, Msg: fmt.Sprintf("nested more than %d levels deep: the format never needs this much nesting", p.maxDepth)}
		}
		tok, err := p.dec.ReadToken()
		if err != nil {
			return nil, p.wrap(err)
		}
		v := &Value{Offset: int(p.dec.InputOffset()) - 1}
		if tok.Kind() == '{' {
			v.Kind = Object
			for p.dec.PeekKind() != '}' {
				raw, err := p.dec.ReadValue()
				if err != nil {
					return nil, p.wrap(err)
				}
				m := Member{Name: unquote(raw), NameOffset: int(p.dec.InputOffset()) - len(raw)}
				if m.Value, err = p.value(); err != nil {
					return nil, err
				}
				v.Members = append(v.Members, m)
			}
		} else {
			v.Kind = Array
			for p.dec.PeekKind() != ']' {
				item, err := p.value()
				if err != nil {
					return nil, err
				}
				v.Items = append(v.Items, item)
			}
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return nil, p.wrap(err)
		}
		v.End = int(p.dec.InputOffset())
		return v, nil
	}
	raw, err := p.dec.ReadValue()
	if err != nil {
		return nil, p.wrap(err)
	}
	end := int(p.dec.InputOffset())
	v := &Value{Offset: end - len(raw), End: end}
	switch raw.Kind() {
	case 'n':
		v.Kind = Null
	case 't', 'f':
		v.Kind, v.Bool = Bool, raw.Kind() == 't'
	case '0':
		v.Kind, v.Text = Number, string(raw)
	case '"':
		v.Kind, v.Text = String, unquote(raw)
	}
	return v, nil
}

// unquote decodes a string the decoder has checked: without a backslash
// it is its bytes between the quotes.
func unquote(raw jsontext.Value) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	s, _ := jsontext.AppendUnquote(nil, raw)
	return string(s)
}

// wrap turns the decoder's error into one that says how to fix the input.
func (p *parser) wrap(err error) error {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return &Error{Offset: len(p.src), Msg: "the JSON ends too early: close every string, object and array"}
		}
		return &Error{Offset: int(p.dec.InputOffset()), Msg: err.Error()}
	}
	off := int(se.ByteOffset)
	e := &Error{Offset: off, Msg: se.Err.Error()}
	switch {
	case errors.Is(se.Err, jsontext.ErrDuplicateName):
		e.Duplicate = true
		if tok := se.JSONPointer.LastToken(); tok != "" {
			e.Name = tok
		}
		e.Msg = fmt.Sprintf("the key %q appears twice in one object: readers disagree on which one counts, so keep exactly one", e.Name)
	case errors.Is(se.Err, io.ErrUnexpectedEOF):
		e.Offset = len(p.src)
		e.Msg = "the JSON ends too early: close every string, object and array"
	case off < len(p.src) && p.src[off] == ',' && closesAfter(p.src[off+1:]):
		e.Msg = "trailing comma: remove the comma before the closing bracket"
	case off < len(p.src) && p.src[off] == '/':
		e.Msg = "comments are not allowed in JSON: remove the comment"
	default:
		e.Msg = "not valid JSON: " + se.Err.Error()
	}
	return e
}

func closesAfter(rest []byte) bool {
	for _, c := range rest {
		if isSpace(c) {
			continue
		}
		return c == '}' || c == ']'
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Get returns the member named name, or nil.
func (v *Value) Get(name string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Name == name {
			return &v.Members[i]
		}
	}
	return nil
}

// At follows JSON pointer tokens (already split, unescaped) from v. It
// returns the value found and, when the last step was an object member, that
// member; nil when the path does not exist.
func (v *Value) At(path []string) (*Value, *Member) {
	var m *Member
	for _, tok := range path {
		switch {
		case v == nil:
			return nil, nil
		case v.Kind == Object:
			m = v.Get(tok)
			if m == nil {
				return nil, nil
			}
			v = m.Value
		case v.Kind == Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Items) {
				return nil, nil
			}
			v, m = v.Items[i], nil
		default:
			return nil, nil
		}
	}
	return v, m
}

// Any converts v to the plain Go values JSON Schema validators take:
// map[string]any, []any, string, json.Number, bool and nil.
func (v *Value) Any() any {
	switch v.Kind {
	case Object:
		m := make(map[string]any, len(v.Members))
		for _, mem := range v.Members {
			m[mem.Name] = mem.Value.Any()
		}
		return m
	case Array:
		a := make([]any, len(v.Items))
		for i, it := range v.Items {
			a[i] = it.Any()
		}
		return a
	case String:
		return v.Text
	case Number:
		return json.Number(v.Text)
	case Bool:
		return v.Bool
	}
	return nil
}
