// Package config reads remixlet.config.json, the file a team adds to a
// repository of remixlets, and applies what it says: rules raised from
// warning to error, a policy (permissions and hosts never allowed, a
// maximum reach, a description required), a warning limit; and inline
// suppressions of warnings in script.js and style.css (or a source
// folder's modules and stylesheets).
//
// A config can only tighten (the ceiling principle: policy narrows, never
// widens). An entry that would lower an error or turn a check off is
// itself an error at its line and column, saying why, and is ignored.
// Every config file from a remixlet's folder up to the repository root
// applies, together with one named on the command line: since each can
// only add restrictions, no file nearer a remixlet can undo one farther
// up.
package config

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/plainerr"
	"github.com/remixlet/remixlet/internal/regularfile"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/internal/schema"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/suggest"
)

// FileName is the config's name in a repository.
const FileName = "remixlet.config.json"

// maxSize bounds what is read of a config file.
const maxSize = 1 << 20

//go:embed config.schema.json
var schemaJSON []byte

// SchemaJSON returns the config's JSON Schema (draft 2020-12).
func SchemaJSON() []byte { return slices.Clone(schemaJSON) }

// SchemaID is where the schema is published: the file in the repository.
const SchemaID = "https://raw.githubusercontent.com/remixlet/remixlet/main/config/config.schema.json"

var compiled = sync.OnceValue(func() *schema.Schema { return schema.MustCompile(SchemaID, schemaJSON) })

// File is one config file as read.
type File struct {
	Path     string // as outputs show it
	Source   []byte
	Findings []finding.Finding // what is wrong with the file itself; File is Path
	// Usable is false when the file could not be read as a config at all
	// (not JSON, not an object): none of it applies, and its findings
	// refuse the run.
	Usable bool

	Raise              map[string]Origin // rule id → where it is raised
	DeniedPermissions  []Denied
	DeniedHosts        []Denied
	NamedSitesOnly     *Origin
	RequireDescription *Origin
	MaxWarnings        *Limit
}

// Origin is where in a config file an entry stands.
type Origin struct {
	Path string
	Pos  finding.Position
}

func (o Origin) String() string {
	if !o.Pos.IsValid() {
		return o.Path
	}
	return fmt.Sprintf("%s:%d", o.Path, o.Pos.Line)
}

// Denied is one permission or host a policy never allows (see
// readDeniedPermission for what an entry can say).
type Denied struct {
	Value string // as written
	Origin
	// Kind is the permission kind a deniedPermissions entry denies; ""
	// for a deniedHosts entry.
	Kind string
	// Host is the canonical host denied; "" for every host of Kind (or a
	// permission without a host).
	Host string
	// Subdomains: Host and every host under it.
	Subdomains bool
}

// Limit is a warning limit and where it is set.
type Limit struct {
	Max int
	Origin
}

// Load reads the config at path; display names it in findings. An
// unreadable file is an error in plain words.
func Load(path, display string) (*File, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("the config %s %s", safetext.Clean(display), plainerr.Reason(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s %s", display, plainerr.Reason(err))
	}
	if len(data) > maxSize {
		return nil, fmt.Errorf("%s is larger than 1 MiB: a config is a few lines", display)
	}
	return Parse(data, display), nil
}

// Parse reads a config's bytes; display names the file in findings.
func Parse(src []byte, display string) *File {
	f := &File{Path: display, Source: src, Raise: map[string]Origin{}}
	lines := finding.NewLines(src)
	at := func(off int) finding.Position { return lines.Position(off) }
	report := func(rule *finding.Rule, off int, format string, args ...any) {
		f.Findings = append(f.Findings, finding.New(rule, display, at(off), format, args...))
	}
	root, err := strictjson.Parse(src, 16)
	if err != nil {
		e := err.(*strictjson.Error)
		report(RuleSyntax, e.Offset, "%s", e.Msg)
		return f
	}
	if root.Kind != strictjson.Object {
		report(RuleInvalid, root.Offset, "a config is one JSON object, not %s: write {\"rules\": {...}, \"policy\": {...}}", article(root.Kind.String()))
		return f
	}
	f.Usable = true
	handled := map[string]bool{} // JSON pointers reported as widening
	f.checkWidening(root, report, handled)
	for _, v := range compiled().Validate(root) {
		var parent string // the JSON pointer of the value concerned: "" for the top level
		for _, token := range v.Path {
			parent += "/" + token
		}
		ptr := parent
		if v.Key != "" {
			ptr += "/" + v.Key
		}
		if handled[ptr] || handled[parent] {
			continue
		}
		switch {
		case v.Keyword() == "propertyNames", len(v.Path) <= 1 && v.Keyword() == "pattern":
			continue // a rule id that is no id: reported below as an unknown rule
		case v.Keyword() == "pattern" && len(v.Path) == 3 && v.Path[0] == "policy":
			continue // a denied permission or host: read below, with what to write instead
		case v.Keyword() == "additionalProperties":
			report(RuleInvalid, v.Offset, "%s: remove it%s", v.Message, didYouMean(v.Suggestion))
		default:
			report(RuleInvalid, v.Offset, "%s", v.Message)
		}
	}
	f.read(root, at, report, handled)
	finding.Sort(f.Findings)
	return f
}

// widening are keys other tools' configs have that would turn checks off
// or widen what is allowed; each is refused with the reason.
var widening = map[string]string{
	"ignore":             "a config cannot exclude files from the checks",
	"ignores":            "a config cannot exclude files from the checks",
	"ignorepatterns":     "a config cannot exclude files from the checks",
	"exclude":            "a config cannot exclude files from the checks",
	"excludes":           "a config cannot exclude files from the checks",
	"skip":               "a config cannot exclude files from the checks",
	"disable":            "a config cannot turn a check off",
	"disabled":           "a config cannot turn a check off",
	"off":                "a config cannot turn a check off",
	"allow":              "a config cannot allow what the checks refuse",
	"allowed":            "a config cannot allow what the checks refuse",
	"allowedhosts":       "a config cannot allow hosts the checks refuse",
	"allowhosts":         "a config cannot allow hosts the checks refuse",
	"allowedpermissions": "a config cannot allow permissions the checks refuse",
	"overrides":          "a config cannot relax its rules for some files",
	"root":               "a config cannot stop the configs above it from applying",
}

func (f *File) checkWidening(root *strictjson.Value, report func(*finding.Rule, int, string, ...any), handled map[string]bool) {
	var walk func(v *strictjson.Value, ptr string)
	walk = func(v *strictjson.Value, ptr string) {
		if v.Kind != strictjson.Object {
			return
		}
		for _, m := range v.Members {
			if why, ok := widening[strings.ToLower(m.Name)]; ok {
				report(RuleWidens, m.NameOffset, "%q: %s; the config only tightens (policy narrows, never widens): remove it", m.Name, why)
				handled[ptr+"/"+m.Name] = true
				continue
			}
			if ptr == "" && m.Name == "policy" {
				walk(m.Value, "/policy")
			}
		}
	}
	walk(root, "")
	if rules := root.Get("rules"); rules != nil && rules.Value.Kind == strictjson.Object {
		for _, m := range rules.Value.Members {
			ptr := "/rules/" + m.Name
			rule, known := finding.Lookup(m.Name)
			if !known {
				continue // reported by read
			}
			v := m.Value
			if v.Kind == strictjson.String && v.Text == "error" {
				continue
			}
			switch {
			case rule.Severity == finding.Error:
				report(RuleWidens, v.Offset, "%s is an error, and a config cannot lower it to %s: the errors are what keeps a remixlet from reaching what it must not; remove the entry and fix what the rule reports", m.Name, jsonText(v))
			case v.Kind == strictjson.String && v.Text == "warning":
				report(RuleInvalid, v.Offset, "%s is a warning already: a config can only raise a rule to \"error\"; remove the entry", m.Name)
			default:
				report(RuleWidens, v.Offset, "%s cannot be set to %s: a config cannot turn a check off, only raise a warning to \"error\"; suppress one warning inline with a reason, or record it in a baseline", m.Name, jsonText(v))
			}
			handled[ptr] = true
		}
	}
}

func (f *File) read(root *strictjson.Value, at func(int) finding.Position, report func(*finding.Rule, int, string, ...any), handled map[string]bool) {
	origin := func(off int) Origin { return Origin{Path: f.Path, Pos: at(off)} }
	if rules := root.Get("rules"); rules != nil && rules.Value.Kind == strictjson.Object {
		for _, m := range rules.Value.Members {
			if _, ok := finding.Lookup(m.Name); !ok {
				report(RuleUnknownRule, m.NameOffset, "there is no rule %q%s: run 'remixlet explain' for the list", m.Name, suggest.Hint(m.Name, ruleIDs()))
				continue
			}
			if !handled["/rules/"+m.Name] && m.Value.Kind == strictjson.String && m.Value.Text == "error" {
				f.Raise[m.Name] = origin(m.NameOffset)
			}
		}
	}
	if mw := root.Get("maxWarnings"); mw != nil && mw.Value.Kind == strictjson.Number {
		if n, err := strconv.Atoi(mw.Value.Text); err == nil && n >= 0 {
			f.MaxWarnings = &Limit{Max: n, Origin: origin(mw.Value.Offset)}
		}
	}
	pol := root.Get("policy")
	if pol == nil || pol.Value.Kind != strictjson.Object {
		return
	}
	p := pol.Value
	list := func(key string, read func(string) (Denied, error)) []Denied {
		m := p.Get(key)
		if m == nil || m.Value.Kind != strictjson.Array {
			return nil
		}
		var out []Denied
		for _, it := range m.Value.Items {
			if it.Kind != strictjson.String {
				continue // the schema says what it must be
			}
			d, err := read(it.Text)
			if err != nil {
				report(RuleInvalid, it.Offset, "%v", err)
				continue
			}
			d.Origin = origin(it.Offset)
			out = append(out, d)
		}
		return out
	}
	f.DeniedPermissions = list("deniedPermissions", readDeniedPermission)
	f.DeniedHosts = list("deniedHosts", readDeniedHost)
	if m := p.Get("maxReach"); m != nil && m.Value.Kind == strictjson.String && m.Value.Text == "named-sites" {
		o := origin(m.Value.Offset)
		f.NamedSitesOnly = &o
	}
	if m := p.Get("requireDescription"); m != nil && m.Value.Kind == strictjson.Bool && m.Value.Bool {
		o := origin(m.Value.Offset)
		f.RequireDescription = &o
	}
}

func didYouMean(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", s)
}

func ruleIDs() []string {
	var ids []string
	for _, r := range finding.Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}

func jsonText(v *strictjson.Value) string {
	switch v.Kind {
	case strictjson.String:
		return strconv.Quote(v.Text)
	case strictjson.Number:
		return v.Text
	case strictjson.Bool:
		return strconv.FormatBool(v.Bool)
	case strictjson.Null:
		return "null"
	}
	return article(v.Kind.String())
}

func article(kind string) string {
	if strings.IndexByte("aeiou", kind[0]) >= 0 {
		return "an " + kind
	}
	return "a " + kind
}

// Find returns the config files that apply to a remixlet folder: each
// remixlet.config.json from the folder up to the repository root
// (discover.Up), nearest first.
func Find(up []string) []string {
	var out []string
	for _, dir := range up {
		p := filepath.Join(dir, FileName)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			out = append(out, p)
		}
	}
	return out
}
