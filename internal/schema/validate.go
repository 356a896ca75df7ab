package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/wordset"
)

// This file is the validator: JSON Schema draft 2020-12, for the keywords
// the project's schemas use and no others. A schema that uses any other
// keyword does not compile (MustCompile panics, so every test that loads
// the package catches it): nothing in a schema is silently ignored. It
// reads the strictjson tree directly, keeps the offsets of what it
// refuses, and costs nothing until a schema is first asked for. Its
// verdicts are the santhosh-tekuri/jsonschema validator's, violation for
// violation (TestAgreesWithJSONSchema, FuzzAgreesWithJSONSchema); that
// library's package initialisation compiles every draft's meta-schema,
// most of the command line's start-up, so only the tests use it
// (docs/dependencies.md).

// node is one compiled schema object.
type node struct {
	loc string // its JSON pointer in the schema document ("#/properties/x")

	types     []string // "type", in the order messages list them
	constVal  *strictjson.Value
	enum      []*strictjson.Value
	ref       string // "$ref": a pointer into the same document
	refTarget *node

	properties    map[string]*node
	propertyNames []string // the keys properties declares, sorted
	additional    *node    // additionalProperties as a schema
	noAdditional  bool     // additionalProperties: false
	required      []string
	keyNames      *node // propertyNames

	items            *node
	minItems         *int
	maxItems         *int
	uniqueItems      bool
	minLength        *int
	maxLength        *int
	pattern          *regexp.Regexp
	minimum, maximum *big.Rat
}

// annotations are the keywords that describe and do not validate.
var annotations = wordset.Of("$schema $id $comment title description examples default $defs")

// typeOrder is the order messages list a schema's types in.
var typeOrder = []string{"null", "boolean", "number", "integer", "string", "array", "object"}

// compiler builds the nodes of one schema document, each once.
type compiler struct {
	doc   *strictjson.Value
	nodes map[string]*node // by pointer
}

func compileDocument(src []byte) (*node, error) {
	doc, err := strictjson.Parse(src, 64)
	if err != nil {
		return nil, err
	}
	c := &compiler{doc: doc, nodes: map[string]*node{}}
	root, err := c.compile(doc, "#")
	if err != nil {
		return nil, err
	}
	for _, n := range c.nodes {
		if n.ref == "" {
			continue
		}
		target, err := c.resolve(n.ref)
		if err != nil {
			return nil, fmt.Errorf("%s: $ref %q: %w", n.loc, n.ref, err)
		}
		n.refTarget = target
	}
	return root, nil
}

// resolve finds the node a local reference ("#/$defs/Rule") names,
// compiling it if nothing has yet.
func (c *compiler) resolve(ref string) (*node, error) {
	if n, ok := c.nodes[ref]; ok {
		return n, nil
	}
	ptr, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, fmt.Errorf("only references within the schema (#/…) are supported")
	}
	var path []string
	for _, tok := range strings.Split(ptr, "/") {
		path = append(path, strings.NewReplacer("~1", "/", "~0", "~").Replace(tok))
	}
	v, _ := c.doc.At(path)
	if v == nil {
		return nil, fmt.Errorf("nothing at that location")
	}
	return c.compile(v, ref)
}

func (c *compiler) compile(v *strictjson.Value, loc string) (*node, error) {
	if n, ok := c.nodes[loc]; ok {
		return n, nil
	}
	if v.Kind != strictjson.Object {
		return nil, fmt.Errorf("%s: a schema here must be an object (boolean schemas are supported only as additionalProperties: false)", loc)
	}
	n := &node{loc: loc}
	c.nodes[loc] = n
	fail := func(kw, why string) error { return fmt.Errorf("%s/%s: %s", loc, kw, why) }
	child := func(kw string, v *strictjson.Value) (*node, error) { return c.compile(v, loc+"/"+escapeToken(kw)) }
	count := func(kw string, v *strictjson.Value) (*int, error) {
		i, err := strconv.Atoi(v.Text)
		if v.Kind != strictjson.Number || err != nil || i < 0 {
			return nil, fail(kw, "must be a non-negative integer")
		}
		return &i, nil
	}
	number := func(kw string, v *strictjson.Value) (*big.Rat, error) {
		r, ok := new(big.Rat).SetString(v.Text)
		if v.Kind != strictjson.Number || !ok {
			return nil, fail(kw, "must be a number")
		}
		return r, nil
	}
	for _, m := range v.Members {
		kw, val := m.Name, m.Value
		var err error
		switch {
		case annotations[kw]:
			if kw == "$defs" {
				for _, d := range val.Members {
					if _, err := c.compile(d.Value, loc+"/$defs/"+escapeToken(d.Name)); err != nil {
						return nil, err
					}
				}
			}
		case kw == "type":
			var want []string
			switch val.Kind {
			case strictjson.String:
				want = []string{val.Text}
			case strictjson.Array:
				for _, it := range val.Items {
					want = append(want, it.Text)
				}
			}
			for _, t := range typeOrder {
				if slices.Contains(want, t) {
					n.types = append(n.types, t)
				}
			}
			if len(n.types) != len(want) || len(want) == 0 {
				return nil, fail(kw, "must name JSON types")
			}
		case kw == "const":
			n.constVal = val
		case kw == "enum":
			if val.Kind != strictjson.Array {
				return nil, fail(kw, "must be an array")
			}
			n.enum = val.Items
		case kw == "$ref":
			n.ref = val.Text
		case kw == "properties":
			n.properties = map[string]*node{}
			for _, p := range val.Members {
				if n.properties[p.Name], err = c.compile(p.Value, loc+"/properties/"+escapeToken(p.Name)); err != nil {
					return nil, err
				}
				n.propertyNames = append(n.propertyNames, p.Name)
			}
			slices.Sort(n.propertyNames)
		case kw == "additionalProperties":
			if val.Kind == strictjson.Bool {
				if val.Bool {
					return nil, fail(kw, "true adds nothing: leave it out")
				}
				n.noAdditional = true
			} else if n.additional, err = child(kw, val); err != nil {
				return nil, err
			}
		case kw == "required":
			for _, it := range val.Items {
				n.required = append(n.required, it.Text)
			}
		case kw == "propertyNames":
			n.keyNames, err = child(kw, val)
		case kw == "items":
			n.items, err = child(kw, val)
		case kw == "minItems":
			n.minItems, err = count(kw, val)
		case kw == "maxItems":
			n.maxItems, err = count(kw, val)
		case kw == "uniqueItems":
			n.uniqueItems = val.Kind == strictjson.Bool && val.Bool
		case kw == "minLength":
			n.minLength, err = count(kw, val)
		case kw == "maxLength":
			n.maxLength, err = count(kw, val)
		case kw == "pattern":
			n.pattern, err = regexp.Compile(val.Text)
		case kw == "minimum":
			n.minimum, err = number(kw, val)
		case kw == "maximum":
			n.maximum, err = number(kw, val)
		default:
			return nil, fail(kw, "this keyword is not supported by internal/schema's validator: support it there (with its differential test) before using it")
		}
		if err != nil {
			return nil, err
		}
	}
	return n, nil
}

func escapeToken(s string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(s) }

// leaf is one violation as the validator finds it, before it is put in
// words.
type leaf struct {
	path    []string // where in the instance
	keyword string
	schema  *node
	val     *strictjson.Value // the value concerned (nil for a key name)
	offset  int
	// By keyword:
	keys       []string // additionalProperties: the unknown keys; required: the missing ones
	keyOffsets []int    // additionalProperties: where each unknown key is
	key        string   // propertyNames: the key refused
	want       int      // minLength, maxLength, minItems, maxItems
	got        int      // maxLength: the length
	dup        [2]int   // uniqueItems: the two equal items
}

// validate checks v against n and appends what it refuses, in the order
// the keywords are checked: type, const and enum first (a value of the
// wrong type, or not among the values allowed, is refused for that alone),
// then $ref, then the keywords of v's type.
func (n *node) validate(v *strictjson.Value, path []string, out []leaf) []leaf {
	at := func(kw string) leaf { return leaf{path: path, keyword: kw, schema: n, val: v, offset: v.Offset} }
	if len(n.types) > 0 && !hasType(v, n.types) {
		return append(out, at("type"))
	}
	if n.constVal != nil && !equal(v, n.constVal) {
		return append(out, at("const"))
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(e *strictjson.Value) bool { return equal(v, e) }) {
		return append(out, at("enum"))
	}
	if n.refTarget != nil {
		out = n.refTarget.validate(v, path, out)
	}
	switch v.Kind {
	case strictjson.Object:
		if missing := n.missing(v); len(missing) > 0 {
			l := at("required")
			l.keys = missing
			out = append(out, l)
		}
		var unknown leaf
		for _, m := range v.Members {
			child := append(path[:len(path):len(path)], m.Name)
			switch s := n.properties[m.Name]; {
			case s != nil:
				out = s.validate(m.Value, child, out)
			case n.additional != nil:
				out = n.additional.validate(m.Value, child, out)
			case n.noAdditional:
				unknown.keys = append(unknown.keys, m.Name)
				unknown.keyOffsets = append(unknown.keyOffsets, m.NameOffset)
			}
		}
		if len(unknown.keys) > 0 {
			l := at("additionalProperties")
			l.keys, l.keyOffsets = unknown.keys, unknown.keyOffsets
			out = append(out, l)
		}
		if n.keyNames != nil {
			for _, m := range v.Members {
				name := &strictjson.Value{Kind: strictjson.String, Text: m.Name, Offset: m.NameOffset}
				if len(n.keyNames.validate(name, nil, nil)) > 0 {
					l := at("propertyNames")
					l.key = m.Name
					out = append(out, l)
				}
			}
		}
	case strictjson.Array:
		if n.minItems != nil && len(v.Items) < *n.minItems {
			l := at("minItems")
			l.want = *n.minItems
			out = append(out, l)
		}
		if n.maxItems != nil && len(v.Items) > *n.maxItems {
			l := at("maxItems")
			l.want = *n.maxItems
			out = append(out, l)
		}
		if n.uniqueItems {
			if i, j, ok := firstDuplicate(v.Items); ok {
				l := at("uniqueItems")
				l.dup = [2]int{i, j}
				out = append(out, l)
			}
		}
		if n.items != nil {
			for i, it := range v.Items {
				out = n.items.validate(it, append(path[:len(path):len(path)], strconv.Itoa(i)), out)
			}
		}
	case strictjson.String:
		length := -1
		if n.minLength != nil || n.maxLength != nil {
			length = utf8.RuneCountInString(v.Text)
		}
		if n.minLength != nil && length < *n.minLength {
			l := at("minLength")
			l.want = *n.minLength
			out = append(out, l)
		}
		if n.maxLength != nil && length > *n.maxLength {
			l := at("maxLength")
			l.want, l.got = *n.maxLength, length
			out = append(out, l)
		}
		if n.pattern != nil && !n.pattern.MatchString(v.Text) {
			out = append(out, at("pattern"))
		}
	case strictjson.Number:
		if n.minimum != nil || n.maximum != nil {
			num, _ := new(big.Rat).SetString(v.Text)
			if n.minimum != nil && num.Cmp(n.minimum) < 0 {
				out = append(out, at("minimum"))
			}
			if n.maximum != nil && num.Cmp(n.maximum) > 0 {
				out = append(out, at("maximum"))
			}
		}
	}
	return out
}

func (n *node) missing(obj *strictjson.Value) []string {
	var missing []string
	for _, name := range n.required {
		if obj.Get(name) == nil {
			missing = append(missing, name)
		}
	}
	return missing
}

// hasType reports whether v is of one of the types; a number with no
// fraction is an integer ("1.0" too).
func hasType(v *strictjson.Value, types []string) bool {
	t := jsonType(v)
	if slices.Contains(types, t) {
		return true
	}
	if t == "number" && slices.Contains(types, "integer") {
		r, ok := new(big.Rat).SetString(v.Text)
		return ok && r.IsInt()
	}
	return false
}

func jsonType(v *strictjson.Value) string {
	switch v.Kind {
	case strictjson.Null:
		return "null"
	case strictjson.Bool:
		return "boolean"
	case strictjson.Number:
		return "number"
	case strictjson.String:
		return "string"
	case strictjson.Array:
		return "array"
	}
	return "object"
}

// equal is JSON equality: numbers by value (1 is 1.0), objects whatever
// the order of their keys.
func equal(a, b *strictjson.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case strictjson.Null:
		return true
	case strictjson.Bool:
		return a.Bool == b.Bool
	case strictjson.String:
		return a.Text == b.Text
	case strictjson.Number:
		x, okx := new(big.Rat).SetString(a.Text)
		y, oky := new(big.Rat).SetString(b.Text)
		return okx && oky && x.Cmp(y) == 0
	case strictjson.Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	}
	if len(a.Members) != len(b.Members) {
		return false
	}
	for _, m := range a.Members {
		o := b.Get(m.Name)
		if o == nil || !equal(m.Value, o.Value) {
			return false
		}
	}
	return true
}

// firstDuplicate finds the first item equal to an earlier one, and the
// earliest item it equals: the pair a validator reports. Items are
// compared by a canonical text, so a long list costs no more than linear
// time.
func firstDuplicate(items []*strictjson.Value) (int, int, bool) {
	seen := map[string]int{}
	for i, it := range items {
		key := canonical(it)
		if j, ok := seen[key]; ok {
			return j, i, true
		}
		seen[key] = i
	}
	return 0, 0, false
}

// canonical writes v so that equal values, and only they, write the same:
// numbers as exact fractions, object keys sorted.
func canonical(v *strictjson.Value) string {
	var b bytes.Buffer
	var write func(v *strictjson.Value)
	write = func(v *strictjson.Value) {
		switch v.Kind {
		case strictjson.Null:
			b.WriteString("n")
		case strictjson.Bool:
			fmt.Fprintf(&b, "b%t", v.Bool)
		case strictjson.Number:
			r, _ := new(big.Rat).SetString(v.Text)
			b.WriteString("d" + r.RatString() + ";")
		case strictjson.String:
			s, _ := json.Marshal(v.Text)
			b.Write(s)
		case strictjson.Array:
			b.WriteString("[")
			for _, it := range v.Items {
				write(it)
				b.WriteString(",")
			}
			b.WriteString("]")
		case strictjson.Object:
			members := slices.Clone(v.Members)
			onesort.Func(members, func(x, y strictjson.Member) int { return strings.Compare(x.Name, y.Name) })
			b.WriteString("{")
			for _, m := range members {
				s, _ := json.Marshal(m.Name)
				b.Write(s)
				b.WriteString(":")
				write(m.Value)
				b.WriteString(",")
			}
			b.WriteString("}")
		}
	}
	write(v)
	return b.String()
}
