// Package manifest reads and checks a remixlet's manifest.json: strict
// JSON, the schema (`remixlet schema manifest`), the API stamp and its
// support window, Chrome match patterns, and permissions with their hosts.
//
// Parse returns the manifest with every finding. The manifest is nil when
// the file is not JSON or breaks the schema's shape, because then nothing
// that depends on it (which hosts a stylesheet may load from, what a
// network rule may redirect to) can be decided safely.
package manifest

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/internal/schema"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/internal/suggest"
	"github.com/remixlet/remixlet/site"
)

// FileName is the manifest's name in a stored remixlet.
const FileName = "manifest.json"

// maxDepth bounds nesting: the manifest's shape is three levels deep.
const maxDepth = 8

//go:embed manifest.schema.json
var schemaJSON []byte

// SchemaJSON returns the manifest's JSON Schema (draft 2020-12).
func SchemaJSON() []byte { return slices.Clone(schemaJSON) }

// SchemaID is where the manifest's schema is published: the file in the
// repository. A manifest may name it in "$schema", for editors, or the same
// file in a release (SchemaURL).
const SchemaID = "https://raw.githubusercontent.com/remixlet/remixlet/main/manifest/manifest.schema.json"

// SchemaURL is the address of the manifest's schema in a release ("v1.2.3")
// or on "main": what "$schema" may name.
func SchemaURL(ref string) string {
	return strings.Replace(SchemaID, "/main/", "/"+ref+"/", 1)
}

var compiled = sync.OnceValue(func() *schema.Schema { return schema.MustCompile(SchemaID, schemaJSON) })

// Manifest is a parsed manifest.json.
type Manifest struct {
	Name        string
	Description string
	API         Version
	Matches     []site.Pattern // the patterns that parsed
	Permissions []Permission   // the permissions that parsed, in order
}

// Legacy reports whether the remixlet was saved before stylesheet loads and
// network rules were checked at save time: its offending parts are left
// out when installed instead of refusing the save.
func (m *Manifest) Legacy() bool { return m.API.Less(LoadChecks) }

// Reach is where the remixlet may load from: the hosts its matches cover
// and the hosts its fetch: permissions name (a network:observe: permission
// allows no loads).
func (m *Manifest) Reach() site.Reach {
	return site.Reach{Matches: m.Matches, Fetch: m.Hosts(Fetch)}
}

// EverySite reports whether some match pattern covers every host.
func (m *Manifest) EverySite() bool { return m.Reach().EverySite() }

// CoversHost reports whether some match pattern's host part covers host
// (canonical, as site.Parse returns it).
func (m *Manifest) CoversHost(host string) bool { return m.Reach().CoversHost(host) }

// AllowsHost reports whether the address rule lets the remixlet load from
// host: see site.Reach.AllowsHost.
func (m *Manifest) AllowsHost(host string) bool { return m.Reach().AllowsHost(host) }

// CheckLoad applies the address rule to one address the remixlet asks the
// page to load: see site.Reach.CheckLoad.
func (m *Manifest) CheckLoad(raw string) site.Load { return m.Reach().CheckLoad(raw) }

// Has reports whether the manifest asks for the permission, written as in
// the manifest ("storage", "fetch:api.example.com").
func (m *Manifest) Has(permission string) bool {
	_, ok := m.Permission(permission)
	return ok
}

// Permission returns the entry for a permission written as in the manifest.
func (m *Manifest) Permission(name string) (Permission, bool) {
	for _, p := range m.Permissions {
		if p.Name == name {
			return p, true
		}
	}
	return Permission{}, false
}

// PermissionNames are the permissions the manifest asks for, as written
// ("storage", "fetch:api.example.com"), in manifest order; never nil.
func (m *Manifest) PermissionNames() []string {
	names := []string{}
	for _, p := range m.Permissions {
		names = append(names, p.Name)
	}
	return names
}

// MatchPatterns are the manifest's match patterns as written, in order;
// never nil.
func (m *Manifest) MatchPatterns() []string {
	patterns := []string{}
	for _, p := range m.Matches {
		patterns = append(patterns, p.String())
	}
	return patterns
}

// Hosts returns the hosts named by permissions of the given kind (Fetch or
// NetworkObserve), in manifest order.
func (m *Manifest) Hosts(kind string) []string {
	var hosts []string
	for _, p := range m.Permissions {
		if p.Kind == kind {
			hosts = append(hosts, p.Host)
		}
	}
	return hosts
}

// Parse reads manifest.json's bytes. Findings name the file FileName.
func Parse(src []byte) (*Manifest, []finding.Finding) {
	r := reader{lines: finding.NewLines(src)}
	root, err := strictjson.Parse(src, maxDepth)
	if err != nil {
		e := err.(*strictjson.Error)
		rule := RuleSyntax
		switch {
		case e.Duplicate:
			rule = RuleDuplicateKey
		case strings.HasPrefix(e.Msg, "nested more than"):
			rule = RuleTooDeep
		}
		r.report(rule, e.Offset, "%s", e.Msg)
		return nil, r.findings
	}
	violations := compiled().Validate(root)
	broken := map[string]bool{} // JSON pointer of every value the schema refused
	for _, v := range violations {
		r.schemaFinding(v)
		broken["/"+strings.Join(v.Path, "/")] = true
	}
	m := r.semantics(root, broken)
	if len(violations) > 0 {
		return nil, r.findings
	}
	return m, r.findings
}

type reader struct {
	lines    *finding.Lines
	findings []finding.Finding
}

func (r *reader) report(rule *finding.Rule, off int, format string, args ...any) {
	r.findings = append(r.findings, finding.New(rule, FileName, r.lines.Position(off), format, args...))
}

// schemaFinding turns a schema violation into a finding whose rule and
// message fit the key concerned.
func (r *reader) schemaFinding(v schema.Violation) {
	key := ""
	if len(v.Path) > 0 {
		key = v.Path[0]
	}
	field := ""
	if len(v.Path) == 3 && key == "permissions" {
		field = v.Path[2]
	}
	switch kw := v.Keyword(); {
	case kw == "additionalProperties" && v.Suggestion != "":
		r.report(RuleUnknownKey, v.Offset, "%s: did you mean %q? (the keys are name, description, api, matches, permissions; a permission has permission and reason)", v.Message, v.Suggestion)
	case kw == "additionalProperties":
		r.report(RuleUnknownKey, v.Offset, "%s: remove it (the keys are name, description, api, matches, permissions; a permission has permission and reason)", v.Message)
	case key == "$schema":
		r.report(RuleWrongType, v.Offset, "%s: \"$schema\" may only name the manifest's published schema, %q, or the same file in a release (%q; editors read it, the checks ignore it), or be left out", v.Message, SchemaID, SchemaURL("v1.2.3"))
	case kw == "required":
		r.report(RuleMissingKey, v.Offset, "%s: add it", v.Message)
	case kw == "type":
		r.report(RuleWrongType, v.Offset, "%s", v.Message)
	case key == "name":
		r.report(RuleName, v.Offset, "%s: use 1 to 64 printable characters", v.Message)
	case key == "description":
		r.report(RuleDescription, v.Offset, "%s: use plain text of at most 2000 characters", v.Message)
	case key == "api":
		r.report(RuleApiFormat, v.Offset, "%s: write MAJOR.MINOR.PATCH, e.g. %q", v.Message, Current.String())
	case key == "matches":
		r.report(RuleNoMatches, v.Offset, "%s: list where the remixlet runs, e.g. \"https://news.example.com/*\"", v.Message)
	case field == "permission":
		got, _ := compiledValue(v)
		r.report(RuleUnknownPermission, v.Offset, "%s%s: use storage, clipboard, notifications, menu, schedule, netrules, fetch:HOST or network:observe:HOST", v.Message, suggest.Hint(got, []string{Storage, Clipboard, Notifications, Menu, Schedule, NetRules, "fetch:HOST", "network:observe:HOST"}))
	case field == "reason":
		r.report(RuleReason, v.Offset, "%s: write one or two sentences on what the permission is for", v.Message)
	default:
		r.report(RuleWrongType, v.Offset, "%s", v.Message)
	}
}

// compiledValue returns the string a pattern violation refused.
func compiledValue(v schema.Violation) (string, bool) {
	return v.Got, v.Keyword() == "pattern"
}

// semantics checks what the schema cannot say, on every value the schema
// accepted, and builds the manifest from them.
func (r *reader) semantics(root *strictjson.Value, broken map[string]bool) *Manifest {
	m := &Manifest{}
	ok := func(ptr string) bool { return !broken[ptr] }
	str := func(name string) *strictjson.Value {
		if mem := root.Get(name); mem != nil && mem.Value.Kind == strictjson.String && ok("/"+name) {
			return mem.Value
		}
		return nil
	}
	for _, field := range []struct {
		key  string
		rule *finding.Rule
	}{{"name", RuleName}, {"description", RuleDescription}} {
		key := field.key
		v := str(key)
		if v == nil {
			continue
		}
		r.checkProse(field.rule, v, "the "+key)
		if key == "name" {
			m.Name = v.Text
		} else {
			m.Description = v.Text
		}
	}
	if v := str("api"); v != nil {
		m.API = r.api(v)
	}
	if mem := root.Get("matches"); mem != nil && mem.Value.Kind == strictjson.Array {
		seen := map[string]bool{}
		for i, item := range mem.Value.Items {
			if item.Kind != strictjson.String || !ok(fmt.Sprintf("/matches/%d", i)) {
				continue
			}
			p, err := site.ParsePattern(item.Text)
			if err != nil {
				r.report(RuleMatchPattern, item.Offset, "%q: %v", item.Text, err)
				continue
			}
			if seen[p.String()] {
				r.report(RuleDuplicateMatch, item.Offset, "%q is listed already: remove the repeat", item.Text)
				continue
			}
			seen[p.String()] = true
			if p.Subdomains && p.EverySite() {
				r.report(RulePublicSuffixWildcard, item.Offset, "%q covers every site under a public suffix, so it counts as running on every site: name the site instead (e.g. \"https://*.example%s/*\"), or use <all_urls> if every site is meant", item.Text, dotSuffix(p.Host))
			}
			m.Matches = append(m.Matches, p)
		}
	}
	if mem := root.Get("permissions"); mem != nil && mem.Value.Kind == strictjson.Array {
		seen := map[string]bool{}
		for i, item := range mem.Value.Items {
			pm := item.Get("permission")
			rm := item.Get("reason")
			if pm == nil || pm.Value.Kind != strictjson.String || !ok(fmt.Sprintf("/permissions/%d/permission", i)) || !ok(fmt.Sprintf("/permissions/%d", i)) {
				continue
			}
			p, ok2 := r.permission(pm.Value)
			if !ok2 {
				continue
			}
			if seen[p.Name] {
				r.report(RuleDuplicatePermission, pm.Value.Offset, "%q is listed already: keep one entry per permission", p.Name)
				continue
			}
			seen[p.Name] = true
			if rm != nil && rm.Value.Kind == strictjson.String && ok(fmt.Sprintf("/permissions/%d/reason", i)) {
				p.Reason = rm.Value.Text
				if strings.TrimFunc(p.Reason, unicode.IsSpace) == "" {
					r.report(RuleReason, rm.Value.Offset, "the reason for %q is blank: write one or two sentences on what it is for", p.Name)
				}
				r.checkProse(RuleReason, rm.Value, fmt.Sprintf("the reason for %q", p.Name))
			}
			m.Permissions = append(m.Permissions, p)
		}
	}
	return m
}

func dotSuffix(host string) string {
	if host == "" {
		return ""
	}
	return "." + host
}

// checkProse refuses, in text a person reads in the dialog, the manager or
// the restore confirmation, the characters that make it read as something
// else: those that reorder the text around them, and invisible ones.
func (r *reader) checkProse(rule *finding.Rule, v *strictjson.Value, what string) {
	i := strings.IndexFunc(v.Text, func(c rune) bool { return safetext.IsBidi(c) || safetext.InvisibleInProse(c) })
	if i < 0 {
		return
	}
	c, _ := utf8.DecodeRuneInString(v.Text[i:])
	if safetext.IsBidi(c) {
		r.report(rule, v.Offset, "%s contains U+%04X, which changes the direction of the text around it: remove it", what, c)
		return
	}
	r.report(rule, v.Offset, "%s contains U+%04X, a character that shows as nothing, so the text can read differently from what it holds: remove it", what, c)
}

func (r *reader) api(v *strictjson.Value) Version {
	ver, err := ParseVersion(v.Text)
	switch {
	case err != nil:
		// The schema's pattern accepted it, so only overflow is left: a
		// version number too large for any release this toolchain knows.
		r.report(RuleApiNewer, v.Offset, "api %q is newer than this toolchain knows (up to %s): update remixlet", v.Text, Current)
	case ver.Less(Oldest):
		r.report(RuleApiUnsupported, v.Offset, "api %s is no longer supported (the oldest supported is %s): re-save the remixlet against %s", ver, Oldest, Current)
	case Current.Less(ver):
		r.report(RuleApiNewer, v.Offset, "api %s: this toolchain is older than the remixlet (it knows up to %s): update remixlet", ver, Current)
	case ver.Less(LoadChecks):
		r.report(RuleLegacyApi, v.Offset, "saved against api %s, before %s: stylesheet loads and network rules that break the %s limits are left out when installed; fix the warnings and re-save against %s", ver, LoadChecks, LoadChecks, Current)
	}
	return ver
}

// Version is a Remixlet API release.
type Version struct{ Major, Minor, Patch int }

var (
	// Known are the releases this toolchain knows; the API only grows.
	Known = []Version{{1, 0, 0}, {1, 0, 1}, {1, 0, 2}}
	// Oldest is the oldest release still supported.
	Oldest = Known[0]
	// Current is the newest release.
	Current = Known[len(Known)-1]
	// LoadChecks is the release from which a stylesheet load or network
	// rule that breaks a limit is refused at save time.
	LoadChecks = Version{1, 0, 2}
)

// ParseVersion reads MAJOR.MINOR.PATCH (no leading zeros, no suffix).
func ParseVersion(s string) (Version, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("%q is not MAJOR.MINOR.PATCH", s)
	}
	var n [3]int
	for i, p := range parts {
		if p == "" || (len(p) > 1 && p[0] == '0') || strings.TrimLeft(p, "0123456789") != "" {
			return Version{}, fmt.Errorf("%q is not MAJOR.MINOR.PATCH", s)
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			return Version{}, fmt.Errorf("%q: %w", s, err)
		}
		n[i] = v
	}
	return Version{n[0], n[1], n[2]}, nil
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Less reports whether v is an older release than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}
