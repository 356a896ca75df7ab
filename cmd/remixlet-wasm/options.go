package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// decodeOptions reads a call's options, sent as JSON text, into the struct
// into points to. It refuses what the struct does not have and values of
// the wrong kind in plain words that name the option ("options.page.url
// must be a string, not a number"), never the decoder's.
func decodeOptions(text string, into any) error { return decodeNamed("options", text, into) }

// decodeNamed is decodeOptions for an argument named name.
func decodeNamed(name, text string, into any) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return decodeValue(name, json.RawMessage(text), reflect.ValueOf(into).Elem())
}

func decodeValue(path string, raw json.RawMessage, v reflect.Value) error {
	var probe any
	if err := json.Unmarshal(raw, &probe); err != nil {
		return usage("%s is not JSON: pass an object of options", path)
	}
	if probe == nil {
		return nil // null: the option is left out
	}
	switch v.Kind() {
	case reflect.Struct:
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) != nil {
			return usage("%s must be an object, not %s", path, kindOf(probe))
		}
		fields := map[string]int{}
		var names []string
		for i := range v.NumField() {
			if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); tag != "" && tag != "-" {
				fields[tag] = i
				names = append(names, tag)
			}
		}
		keys := make([]string, 0, len(members))
		for k := range members {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			i, ok := fields[k]
			if !ok {
				return usage("%s has no option %q: use %s", path, k, strings.Join(names, ", "))
			}
			if err := decodeValue(path+"."+k, members[k], v.Field(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return usage("%s must be a list, not %s", path, kindOf(probe))
		}
		out := reflect.MakeSlice(v.Type(), len(items), len(items))
		for i, item := range items {
			if err := decodeValue(fmt.Sprintf("%s[%d]", path, i), item, out.Index(i)); err != nil {
				return err
			}
		}
		v.Set(out)
		return nil
	case reflect.String:
		s, ok := probe.(string)
		if !ok {
			return usage("%s must be a string, not %s", path, kindOf(probe))
		}
		v.SetString(s)
		return nil
	case reflect.Bool:
		b, ok := probe.(bool)
		if !ok {
			return usage("%s must be true or false, not %s", path, kindOf(probe))
		}
		v.SetBool(b)
		return nil
	}
	return usage("%s cannot be set", path)
}

// kindOf names a decoded JSON value's kind in words.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "true or false"
	case float64:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "null"
}
