package schema_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/config"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/internal/schema"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/suggest"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
)

// The oracle: santhosh-tekuri/jsonschema, a complete draft 2020-12
// validator, reading the same instance against the same schema, its
// violations put in the words internal/schema uses. The project's own
// validator must agree with it violation for violation: which values are
// refused, for which keyword, at which offset, in which order, and with
// what message and suggestion.

type oracle struct {
	name     string
	file     string // the file the schema is for, in the annotated cases
	src      []byte
	compiled *jsonschema.Schema
	doc      any
	ours     *schema.Schema
}

func oracles(t testing.TB) []*oracle {
	var out []*oracle
	for _, o := range []struct {
		name, file string
		src        []byte
	}{
		{"manifest", "manifest.json", manifest.SchemaJSON()},
		{"config", "remixlet.config.json", config.SchemaJSON()},
		{"baseline", "baseline.json", baseline.SchemaJSON()},
		{"rules", "rules.json", netrules.SchemaJSON()},
	} {
		url := "https://example.com/" + o.name + ".schema.json"
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(o.src))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile(url)
		if err != nil {
			t.Fatal(err)
		}
		var plain any
		if err := json.Unmarshal(o.src, &plain); err != nil {
			t.Fatal(err)
		}
		out = append(out, &oracle{name: o.name, file: o.file, src: o.src, compiled: s, doc: plain, ours: schema.MustCompile(url, o.src)})
	}
	return out
}

var english = message.NewPrinter(language.English)

// violation is a schema.Violation with its keyword, for comparing.
type violation struct {
	Path                              []string
	Offset                            int
	Keyword, Key, Message, Suggestion string
	Got                               string
}

func ours(o *oracle, root *strictjson.Value) []violation {
	var out []violation
	for _, v := range o.ours.Validate(root) {
		out = append(out, violation{v.Path, v.Offset, v.Keyword(), v.Key, v.Message, v.Suggestion, v.Got})
	}
	return out
}

// reference is the oracle's reading.
func (o *oracle) reference(root *strictjson.Value) []violation {
	err := o.compiled.Validate(root.Any())
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []violation{{Offset: root.Offset, Message: err.Error()}}
	}
	var out []violation
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		// A key propertyNames refuses is one violation, at the object (the
		// oracle's causes place it at the top level, as if the key were
		// the whole instance).
		if _, ok := e.ErrorKind.(*kind.PropertyNames); ok {
			out = append(out, o.explain(root, e)...)
			return
		}
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		out = append(out, o.explain(root, e)...)
	}
	walk(ve)
	slices.SortStableFunc(out, func(a, b violation) int { return a.Offset - b.Offset })
	return out
}

func (o *oracle) explain(root *strictjson.Value, e *jsonschema.ValidationError) []violation {
	val, _ := root.At(e.InstanceLocation)
	kp := e.ErrorKind.KeywordPath()
	base := violation{Path: e.InstanceLocation}
	if len(kp) > 0 {
		base.Keyword = kp[len(kp)-1]
	}
	if val != nil {
		base.Offset = val.Offset
	}
	where := schema.Describe(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		var out []violation
		for _, name := range k.Properties {
			v := base
			v.Key = name
			if m := val.Get(name); m != nil {
				v.Offset = m.NameOffset
			}
			v.Message = fmt.Sprintf("unknown key %q in %s", name, where)
			v.Suggestion, _ = suggest.Closest(name, o.properties(e.SchemaURL))
			out = append(out, v)
		}
		slices.SortFunc(out, func(a, b violation) int { return a.Offset - b.Offset })
		return out
	case *kind.Required:
		var out []violation
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
		words := make([]string, len(k.Want))
		for i, w := range k.Want {
			words[i] = article(w)
		}
		base.Message = fmt.Sprintf("%s is %s; it must be %s", where, article(got), strings.Join(words, " or "))
	case *kind.MinLength:
		if k.Want == 1 {
			base.Message = fmt.Sprintf("%s is empty", where)
			break
		}
		base.Message = fmt.Sprintf("%s is shorter than %d characters", where, k.Want)
	case *kind.MaxLength:
		base.Message = fmt.Sprintf("%s is longer than %d characters (it has %d)", where, k.Want, k.Got)
	case *kind.MinItems:
		n := fmt.Sprintf("%d items", k.Want)
		if k.Want == 1 {
			n = "1 item"
		}
		base.Message = fmt.Sprintf("%s needs at least %s", where, n)
	case *kind.MaxItems:
		base.Message = fmt.Sprintf("%s has more than %d items", where, k.Want)
	case *kind.UniqueItems:
		base.Message = fmt.Sprintf("%s holds the same value twice, as items %d and %d", where, k.Duplicates[0]+1, k.Duplicates[1]+1)
	case *kind.Pattern:
		base.Got = k.Got
		base.Message = fmt.Sprintf("%s has a value this format does not accept: %q", where, k.Got)
	case *kind.PropertyNames:
		// The oracle's instance location for this one is not reliable (it
		// keeps a slice it later reuses); the object is where the schema
		// location says: "…#/properties/rules/propertyNames" is "rules".
		_, frag, _ := strings.Cut(e.SchemaURL, "#")
		toks := strings.Split(strings.TrimPrefix(strings.TrimSuffix(frag, "/propertyNames"), "/"), "/")
		var path []string
		for i := 0; i+1 < len(toks); i += 2 {
			if toks[i] != "properties" {
				panic("the oracle places propertyNames only under properties: extend it for " + e.SchemaURL)
			}
			path = append(path, toks[i+1])
		}
		base.Path = path
		if obj, _ := root.At(path); obj != nil {
			base.Offset = obj.Offset
		}
		base.Message = fmt.Sprintf("%s has a key this format does not accept: %q", schema.Describe(path), k.Property)
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
	return []violation{base}
}

func article(t string) string {
	switch {
	case t == "null":
		return "null"
	case strings.IndexByte("aeiou", t[0]) >= 0:
		return "an " + t
	}
	return "a " + t
}

func jsonList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

// properties returns the keys the schema object at a schema location
// declares.
func (o *oracle) properties(location string) []string {
	_, frag, _ := strings.Cut(location, "#")
	node := o.doc
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

// agree holds both readings of data to each other.
func agree(t *testing.T, o *oracle, label string, data []byte) {
	t.Helper()
	root, err := strictjson.Parse(data, 32)
	if err != nil {
		return // not JSON: no schema reads it
	}
	want, got := o.reference(root), ours(o, root)
	if !slices.IsSortedFunc(got, func(a, b violation) int { return a.Offset - b.Offset }) {
		t.Errorf("%s, %s: violations out of source order: %v", o.name, label, got)
	}
	// Violations at the same offset come in the oracle's map order (two
	// keys propertyNames refuses, both reported at their object): compare
	// them in one order.
	byAll := func(a, b violation) int {
		if a.Offset != b.Offset {
			return a.Offset - b.Offset
		}
		return strings.Compare(a.Keyword+"\x00"+a.Key+"\x00"+a.Message, b.Keyword+"\x00"+b.Key+"\x00"+b.Message)
	}
	slices.SortStableFunc(want, byAll)
	slices.SortStableFunc(got, byAll)
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s, %s: the validator and the oracle disagree (-oracle +ours):\n%s\n%s", o.name, label, diff, data)
	}
}

// caseInstances are the files of the annotated cases that each schema is
// for, and the shipped examples'.
func caseInstances(t testing.TB, o *oracle) map[string][]byte {
	out := map[string][]byte{"schema itself": o.src}
	files, _ := filepath.Glob("../../*/testdata/cases/*.txtar")
	for _, file := range files {
		c, err := casetest.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range c.Entries {
			if filepath.Base(e.Name) == o.file {
				out[file+":"+e.Name] = e.Data
			}
		}
	}
	if o.name == "baseline" {
		out["a baseline"] = []byte(`{"version": 1, "warnings": [
  {"fingerprint": "0123456789abcdef0123456789abcdef", "rule": "js/dynamic-html", "path": "a/script.js", "line": 2, "message": "m"},
  {"fingerprint": "fedcba9876543210fedcba9876543210", "rule": "css/conditional-state", "path": "b/style.css", "message": "n"}
]}`)
	}
	examples, _ := filepath.Glob("../../testdata/examples/*/" + o.file)
	for _, file := range examples {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out[file] = data
	}
	return out
}

// mutations are variants of a valid or invalid instance, one change each:
// every value replaced by one of each other type, every key removed, an
// unknown key added to every object, every array emptied and its first
// item repeated, every string emptied and made very long.
func mutations(data []byte) [][]byte {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if dec.Decode(&doc) != nil {
		return nil
	}
	var out [][]byte
	emit := func(v any) {
		b, err := json.Marshal(v)
		if err == nil {
			out = append(out, b)
		}
	}
	replacements := []any{nil, true, json.Number("7"), json.Number("-1.5"), "x", "", []any{}, map[string]any{}, strings.Repeat("é", 2100)}
	var walk func(v any, set func(any))
	walk = func(v any, set func(any)) {
		for _, r := range replacements {
			set(r)
			emit(doc)
		}
		set(v)
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				old := v[k]
				delete(v, k)
				emit(doc)
				v[k] = old
				walk(old, func(n any) { v[k] = n })
			}
			v["nmae"] = json.Number("1")
			emit(doc)
			delete(v, "nmae")
		case []any:
			for i := range v {
				walk(v[i], func(n any) { v[i] = n })
			}
			if len(v) > 0 {
				set(append(slices.Clone(v), v[0]))
				emit(doc)
				set(v)
			}
		}
	}
	walk(doc, func(n any) { doc = n })
	return out
}

// TestAgreesWithJSONSchema: on every instance the annotated cases and the
// examples hold, and on every one-change variant of each, the validator
// reads as the oracle does.
func TestAgreesWithJSONSchema(t *testing.T) {
	for _, o := range oracles(t) {
		n := 0
		for label, data := range caseInstances(t, o) {
			agree(t, o, label, data)
			for i, m := range mutations(data) {
				agree(t, o, fmt.Sprintf("%s, variant %d", label, i), m)
				n++
			}
		}
		if n < 500 {
			t.Errorf("%s: only %d variants compared", o.name, n)
		}
		t.Logf("%s: %d variants", o.name, n)
	}
}

// FuzzAgreesWithJSONSchema holds the validator to the oracle on any
// instance, against each schema.
func FuzzAgreesWithJSONSchema(f *testing.F) {
	all := oracles(f)
	for i, o := range all {
		for _, data := range caseInstances(f, o) {
			f.Add(uint8(i), data)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		agree(t, all[int(which)%len(all)], "fuzzed", data)
	})
}
