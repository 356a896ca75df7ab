package activation

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
)

// RulesFile is the network rules' name in a stored remixlet.
const RulesFile = "rules.json"

// rulesMaxDepth is well above a declarativeNetRequest rule's depth; the
// netrules analyzer refuses deeper input with a finding of its own.
const rulesMaxDepth = 16

// RuleSet is a rules.json normalised for comparison: each rule in RFC 8785
// canonical JSON, keyed by its id in canonical JSON. The order of the rules,
// the order of keys and the formatting do not count; every value does.
type RuleSet map[string]string

// NormaliseRules reads rules.json strictly (internal/strictjson: no
// duplicate keys, comments or trailing commas) and canonicalises each rule.
// A file it cannot read this way is an error: the decision then treats the
// rules as changed.
func NormaliseRules(src []byte) (RuleSet, error) {
	root, err := strictjson.Parse(src, rulesMaxDepth)
	if err != nil {
		return nil, fmt.Errorf("rules.json is not strict JSON (%v)", err)
	}
	if root.Kind != strictjson.Array {
		return nil, fmt.Errorf("rules.json is a JSON %s, not a list of rules", root.Kind)
	}
	set := RuleSet{}
	for i, item := range root.Items {
		if item.Kind != strictjson.Object {
			return nil, fmt.Errorf("rule %d of rules.json is a JSON %s, not an object", i+1, item.Kind)
		}
		id := item.Get("id")
		if id == nil {
			return nil, fmt.Errorf("rule %d of rules.json has no id", i+1)
		}
		key, err := canonical(src[id.Value.Offset:id.Value.End])
		if err != nil {
			return nil, fmt.Errorf("rule %d of rules.json: %v", i+1, err)
		}
		if _, dup := set[key]; dup {
			return nil, fmt.Errorf("two rules in rules.json have the id %s", key)
		}
		rule, err := canonical(src[item.Offset:item.End])
		if err != nil {
			return nil, fmt.Errorf("rule %s of rules.json: %v", key, err)
		}
		set[key] = rule
	}
	return set, nil
}

func canonical(raw []byte) (string, error) {
	v := jsontext.Value(slices.Clone(raw))
	if err := v.Canonicalize(); err != nil {
		return "", err
	}
	return string(v), nil
}

// RuleChanges lists rules by id: added, removed, and changed (same id,
// different content). Error is set when either side's rules.json could
// not be read; the lists are then empty and the rules count as changed.
type RuleChanges struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []string `json:"changed"`
	Error   string   `json:"error,omitempty"`
	// Words says what each added, removed and changed rule does, as
	// installed (package netrules); empty when the rules cannot be read.
	Words []RuleWords `json:"words,omitempty"`
}

// RuleWords is one added, removed or changed rule in words: what it does
// now (Words) and, for a changed or removed rule, what it did (Was). A
// rule that is not installed (refused, or left out of a legacy remixlet)
// has no words of its own.
type RuleWords struct {
	ID     string `json:"id"`
	Change string `json:"change"` // "added", "removed" or "changed"
	Words  string `json:"words,omitempty"`
	Was    string `json:"was,omitempty"`
}

// describe fills in Words from both versions' installed rules.
func (c *RuleChanges) describe(old, new *Version, oldM, newM *manifest.Manifest) {
	if c.Error != "" || !c.Differ() {
		return
	}
	wordsOf := func(v *Version, m *manifest.Manifest) map[string]string {
		out := map[string]string{}
		if v == nil || m == nil {
			return out
		}
		src, ok := v.file(RulesFile)
		if !ok {
			return out
		}
		for _, w := range netrules.Check(src, m).Words(m) {
			out[strconv.FormatInt(w.ID, 10)] = w.Words
		}
		return out
	}
	before, after := wordsOf(old, oldM), wordsOf(new, newM)
	for _, group := range []struct {
		change string
		ids    []string
	}{{"added", c.Added}, {"removed", c.Removed}, {"changed", c.Changed}} {
		for _, id := range group.ids {
			w := RuleWords{ID: id, Change: group.change, Words: after[id]}
			if group.change != "added" {
				w.Was = before[id]
			}
			if group.change == "removed" {
				w.Words = ""
			}
			c.Words = append(c.Words, w)
		}
	}
}

// Lines says each rule change in a line of words, for the text output and
// the dialog.
func (c RuleChanges) Lines() []string {
	var out []string
	notInstalled := "(not installed: see rules.json)"
	for _, w := range c.Words {
		switch w.Change {
		case "added":
			out = append(out, fmt.Sprintf("+ rule %s: %s", w.ID, cmp.Or(w.Words, notInstalled)))
		case "removed":
			out = append(out, fmt.Sprintf("- rule %s: no longer: %s", w.ID, cmp.Or(w.Was, notInstalled)))
		default:
			now := cmp.Or(w.Words, notInstalled)
			if w.Words != "" && w.Words == w.Was {
				now += " (changed in a way these words do not show: compare rules.json)"
			}
			out = append(out, fmt.Sprintf("~ rule %s: now: %s", w.ID, now))
			if w.Words != w.Was {
				out = append(out, fmt.Sprintf("    was: %s", cmp.Or(w.Was, notInstalled)))
			}
		}
	}
	return out
}

// Differ reports whether the two rule sets differ.
func (c RuleChanges) Differ() bool {
	return c.Error != "" || len(c.Added)+len(c.Removed)+len(c.Changed) > 0
}

func compareRules(old, new RuleSet) RuleChanges {
	c := RuleChanges{Added: []string{}, Removed: []string{}, Changed: []string{}}
	for id, rule := range new {
		switch was, ok := old[id]; {
		case !ok:
			c.Added = append(c.Added, id)
		case was != rule:
			c.Changed = append(c.Changed, id)
		}
	}
	for id := range old {
		if _, ok := new[id]; !ok {
			c.Removed = append(c.Removed, id)
		}
	}
	for _, ids := range [][]string{c.Added, c.Removed, c.Changed} {
		slices.SortFunc(ids, compareIDs)
	}
	return c
}

// compareIDs orders numeric ids by value, then anything else by text.
func compareIDs(a, b string) int {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	switch {
	case errA == nil && errB == nil:
		return cmp.Or(cmp.Compare(x, y), cmp.Compare(a, b))
	case errA == nil:
		return -1
	case errB == nil:
		return 1
	}
	return cmp.Compare(a, b)
}

// dialogItems says each rule change as one item of the dialog.
func (c RuleChanges) dialogItems() []string {
	var out []string
	notInstalled := "a rule that is not installed (see rules.json)"
	for _, w := range c.Words {
		switch w.Change {
		case "added":
			out = append(out, "New: "+cmp.Or(w.Words, notInstalled))
		case "removed":
			out = append(out, "No longer: "+cmp.Or(w.Was, notInstalled))
		default:
			item := "Changed: " + cmp.Or(w.Words, notInstalled)
			if w.Was != w.Words {
				item += " (before: " + cmp.Or(w.Was, notInstalled) + ")"
			}
			out = append(out, item)
		}
	}
	return out
}
