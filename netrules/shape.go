package netrules

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/wordset"
)

// The JSON Schema validator turns the whole tree into Go maps and walks it
// generically, which is most of the time a 30,000-rule file takes. Most
// files are valid, so shapeOK first walks the tree with the same schema,
// read for the few keywords it uses; only when that walk is not sure the
// file is valid does Check run the full validator, whose violations become
// the findings. The walk may only ever say "valid" when the validator
// agrees: anything it does not understand counts as "not sure", and
// FuzzCheck compares the two on every input.

// shapeNode is one subschema, with the keywords rules.schema.json uses.
type shapeNode struct {
	Ref                  string                `json:"$ref"`
	Type                 string                `json:"type"`
	Properties           map[string]*shapeNode `json:"properties"`
	AdditionalProperties *bool                 `json:"additionalProperties"`
	Required             []string              `json:"required"`
	Items                *shapeNode            `json:"items"`
	MinItems             *int                  `json:"minItems"`
	Enum                 []any                 `json:"enum"`
	Minimum              *int64                `json:"minimum"`
	Maximum              *int64                `json:"maximum"`
	Defs                 map[string]*shapeNode `json:"$defs"`
}

// shapeKeywords are the keywords shapeNode reads or may ignore; a schema
// with any other keyword cannot be walked safely (TestShapeKeywords).
var shapeKeywords = wordset.Of("$ref type properties additionalProperties required items minItems enum minimum maximum " +
	"$defs $schema $id title description examples ")

var shapeRoot = sync.OnceValue(func() *shapeNode {
	var root shapeNode
	if err := json.Unmarshal(schemaJSON, &root); err != nil {
		panic(fmt.Sprintf("rules.schema.json: %v", err))
	}
	return &root
})

// resolve follows a local $ref ("#/$defs/Name", "#/$defs/Name/items").
func (n *shapeNode) resolve(root *shapeNode) *shapeNode {
	for n != nil && n.Ref != "" {
		path, ok := strings.CutPrefix(n.Ref, "#/$defs/")
		if !ok {
			return nil
		}
		name, rest, _ := strings.Cut(path, "/")
		next := root.Defs[name]
		switch rest {
		case "":
		case "items":
			if next == nil {
				return nil
			}
			next = next.Items
		default:
			return nil
		}
		if n.Type != "" || n.Properties != nil || n.Items != nil || n.Enum != nil {
			return nil // keywords beside $ref: not handled here
		}
		n = next
	}
	return n
}

// shapeOK reports whether v is certainly valid against the rules schema.
func shapeOK(v *strictjson.Value) bool {
	root := shapeRoot()
	return shapeValid(v, root, root)
}

func shapeValid(v *strictjson.Value, n, root *shapeNode) bool {
	n = n.resolve(root)
	if n == nil {
		return false
	}
	if n.Enum != nil {
		if v.Kind != strictjson.String {
			return false
		}
		found := false
		for _, e := range n.Enum {
			if s, ok := e.(string); ok && s == v.Text {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	switch n.Type {
	case "":
		if n.Enum == nil {
			return false // an unconstrained value: not expected in this schema
		}
	case "string":
		if v.Kind != strictjson.String {
			return false
		}
	case "boolean":
		if v.Kind != strictjson.Bool {
			return false
		}
	case "integer":
		if v.Kind != strictjson.Number {
			return false
		}
		i, err := strconv.ParseInt(v.Text, 10, 64)
		if err != nil {
			return false // a fraction, an exponent or a huge number: let the validator decide
		}
		if n.Minimum != nil && i < *n.Minimum || n.Maximum != nil && i > *n.Maximum {
			return false
		}
	case "array":
		if v.Kind != strictjson.Array {
			return false
		}
		if n.MinItems != nil && len(v.Items) < *n.MinItems {
			return false
		}
		if n.Items == nil {
			return false
		}
		for _, it := range v.Items {
			if !shapeValid(it, n.Items, root) {
				return false
			}
		}
	case "object":
		if v.Kind != strictjson.Object || n.AdditionalProperties == nil || *n.AdditionalProperties {
			return false
		}
		for _, req := range n.Required {
			if v.Get(req) == nil {
				return false
			}
		}
		for _, m := range v.Members {
			sub, ok := n.Properties[m.Name]
			if !ok || !shapeValid(m.Value, sub, root) {
				return false
			}
		}
	default:
		return false
	}
	return true
}
