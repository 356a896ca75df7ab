// Package sandboxapi is the remixlet runtime's API as data: every member of
// dom (the page, through the page agent) and rmx (extension services and
// runtime helpers), every method of the handles they return, and the data
// types they take and return, each with its TypeScript signature, the
// permission it needs, one line of doc and the API release that introduced
// it (the API only grows).
//
// Everything that describes the API is printed from this one table: the
// TypeScript declarations (`remixlet types`, the remixlet.d.ts `remixlet
// init` writes), the reference page docs/api.md, and the script lint's
// knowledge of which members exist and which permission each needs.
//
// Paths. A namespace, function or property is named by the path code
// reaches it by: "dom.query", "rmx.storage.get", "rmx.version". A method of
// a handle is named by its type and the method, joined by '#':
// "dom.Handle#setAttribute". Code never reaches a '#' path through dom or
// rmx, so the two kinds of name cannot be confused.
//
// How a checker uses it, for a path the code reaches ("rmx.storag.get"):
//
//	if unknown, ok := sandboxapi.Unknown(path); ok {
//		// refuse: unknown names no member; Suggest(path) is the
//		// "did you mean" ("rmx.storage.get"), or "" when nothing is close
//	}
//	perm := sandboxapi.PermissionOf(path) // "storage", "fetch", … or ""
//
// Unknown is true only below a namespace: a property of a function or
// value (rmx.fetch.call, rmx.version.length) is not an API member and not
// unknown. Member.AvailableIn tells whether a member exists in the API
// release a manifest names.
package sandboxapi

import (
	"slices"
	"strings"

	"github.com/remixlet/remixlet/manifest"
)

// Kind says what a member is.
type Kind int

const (
	// Namespace is a plain object holding more members (rmx.storage).
	Namespace Kind = iota + 1
	// Function is a function reached through a namespace (dom.query).
	Function
	// Property is a value reached through a namespace (dom.mark).
	Property
	// Method is a method of a handle the API returns (dom.Handle#click).
	Method
)

func (k Kind) String() string {
	switch k {
	case Namespace:
		return "namespace"
	case Function:
		return "function"
	case Property:
		return "property"
	case Method:
		return "handle method"
	}
	return "kind(?)"
}

// Member is one entry of the API table.
type Member struct {
	Path string
	Kind Kind
	// Signature is TypeScript: parameters and return type for a function
	// or method ("(key: string): Promise<rmx.Json | undefined>"), the type
	// of a property ("string"), empty for a namespace. Types are named by
	// their full path.
	Signature string
	// Permission is the manifest permission kind the member needs
	// (manifest.Storage, …), or "" for none. For manifest.Fetch and
	// manifest.NetworkObserve the manifest names one host per permission
	// (fetch:HOST); which host a call needs is the lint's to read from its
	// arguments.
	Permission string
	Doc        string // one line, for people
	Since      manifest.Version
}

// Name is the last part of the path: "get" for rmx.storage.get, "click"
// for dom.Handle#click.
func (m Member) Name() string {
	if i := strings.LastIndexAny(m.Path, ".#"); i >= 0 {
		return m.Path[i+1:]
	}
	return m.Path
}

// Parent is the namespace or handle type the member belongs to: "rmx.storage"
// for rmx.storage.get, "dom.Handle" for dom.Handle#click, "" for dom and rmx.
func (m Member) Parent() string {
	if i := strings.LastIndexAny(m.Path, ".#"); i >= 0 {
		return m.Path[:i]
	}
	return ""
}

// PermissionText is the permission as a manifest writes it: "storage",
// "fetch:HOST", or "" for none.
func (m Member) PermissionText() string {
	switch m.Permission {
	case manifest.Fetch, manifest.NetworkObserve:
		return m.Permission + ":HOST"
	}
	return m.Permission
}

// TypeDecl is a type the API names: a handle (whose methods are Members of
// kind Method) or a plain data type, declared in TypeScript inside its
// namespace.
type TypeDecl struct {
	Name  string // full path: "dom.Handle", "rmx.Json"
	Doc   string
	Decl  string // TypeScript, for data types; empty for handles
	Since manifest.Version
}

// Roots are the globals the table describes.
var Roots = []string{"dom", "rmx"}

var byPath = func() map[string]*Member {
	m := make(map[string]*Member, len(table))
	for i := range table {
		m[table[i].Path] = &table[i]
	}
	return m
}()

// Members returns the whole table, namespaces before their members.
func Members() []Member { return slices.Clone(table) }

// Handles returns the handle types, whose methods are the table's Method
// members.
func Handles() []TypeDecl { return slices.Clone(handles) }

// Types returns the data types the API takes and returns.
func Types() []TypeDecl { return slices.Clone(types) }

// LookupType returns the handle or data type of that full name
// ("dom.Handle"). Types exist only in TypeScript: code cannot reach them.
func LookupType(name string) (TypeDecl, bool) {
	for _, t := range slices.Concat(handles, types) {
		if t.Name == name {
			return t, true
		}
	}
	return TypeDecl{}, false
}

// Lookup returns the member at exactly path.
func Lookup(path string) (Member, bool) {
	if m, ok := byPath[path]; ok {
		return *m, true
	}
	return Member{}, false
}

// Children returns the members directly under a namespace or handle type,
// in table order.
func Children(parent string) []Member {
	var out []Member
	for _, m := range table {
		if m.Parent() == parent && m.Path != parent {
			out = append(out, m)
		}
	}
	return out
}

// Resolve reads a dotted path under dom or rmx ("rmx.storage.get.call") and
// returns the deepest member it names and the rest of the path after it
// ("call"). ok is false when path does not start at dom or rmx.
//
// The rest is what the caller must judge: after a namespace it names a
// member that does not exist (Unknown says so); after a function or
// property it is an ordinary property of that value (call, bind, length).
func Resolve(path string) (m Member, rest string, ok bool) {
	root, _, _ := strings.Cut(path, ".")
	if !slices.Contains(Roots, root) {
		return Member{}, "", false
	}
	m = *byPath[root]
	i := len(root)
	for i < len(path) {
		j := strings.IndexByte(path[i+1:], '.')
		end := len(path)
		if j >= 0 {
			end = i + 1 + j
		}
		next, found := byPath[path[:end]]
		if !found || m.Kind != Namespace {
			return m, path[i+1:], true
		}
		m = *next
		i = end
	}
	return m, "", true
}

// Unknown reports whether path reaches through a dom or rmx namespace to a
// member that does not exist ("rmx.storag.get", "dom.queryAl"), and
// returns the unknown path up to that member ("rmx.storag").
func Unknown(path string) (string, bool) {
	m, rest, ok := Resolve(path)
	if !ok || rest == "" || m.Kind != Namespace {
		return "", false
	}
	name, _, _ := strings.Cut(rest, ".")
	return m.Path + "." + name, true
}

// PermissionOf returns the permission kind a path needs (see
// Member.Permission): that of the deepest member it reaches, so
// rmx.storage.get.call needs storage too. It is "" for members that need
// none and for paths outside the table.
func PermissionOf(path string) string {
	if m, ok := Lookup(path); ok {
		return m.Permission
	}
	m, _, ok := Resolve(path)
	if !ok {
		return ""
	}
	return m.Permission
}

// AvailableIn reports whether a member exists in API release v.
func (m Member) AvailableIn(v manifest.Version) bool { return !v.Less(m.Since) }

// Suggest returns the member path a mistyped path most likely meant, or ""
// when nothing is close: the nearest sibling of the unknown part by edit
// distance ("rmx.storag.get" → "rmx.storage.get", "dom.queryAl" →
// "dom.queryAll"), or the same name in the other root ("rmx.query" →
// "dom.query"). When the rest of the path is a member of the suggestion,
// it is kept.
func Suggest(path string) string {
	m, rest, ok := Resolve(path)
	if !ok {
		root, after, _ := strings.Cut(path, ".")
		if best := nearest(root, Roots); best != "" {
			return keepRest(best, after)
		}
		return ""
	}
	if rest == "" || m.Kind != Namespace {
		return ""
	}
	name, after, _ := strings.Cut(rest, ".")
	var siblings []string
	for _, c := range Children(m.Path) {
		siblings = append(siblings, c.Name())
	}
	if best := nearest(name, siblings); best != "" {
		return keepRest(m.Path+"."+best, after)
	}
	// A member of the other root with the same name (rmx.query, dom.fetch).
	for _, root := range Roots {
		if candidate := root + "." + name; candidate != m.Path+"."+name {
			if _, found := Lookup(candidate); found {
				return keepRest(candidate, after)
			}
		}
	}
	return ""
}

// keepRest appends the rest of a mistyped path to its correction when the
// result is still a member ("rmx.storag.get" → "rmx.storage.get").
func keepRest(fixed, rest string) string {
	if rest == "" {
		return fixed
	}
	if _, ok := Lookup(fixed + "." + rest); ok {
		return fixed + "." + rest
	}
	if s := Suggest(fixed + "." + rest); s != "" {
		return s
	}
	return fixed
}

// nearest returns the candidate closest to name: the same name in another
// case, else the one at the smallest edit distance within a third of the
// name's length (at least 1, at most 3). Ties go to the earlier candidate.
func nearest(name string, candidates []string) string {
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
	}
	limit := min(max(len(name)/3, 1), 3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := distance(strings.ToLower(name), strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the optimal-string-alignment edit distance: insertions,
// deletions, substitutions and swaps of adjacent characters each cost one.
func distance(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}
