package langserver

import (
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/lazyre"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
)

// The permission a finding asks for, in the form its message writes it
// (the script lint's js/missing-permission and js/fetch-host: `add
// {"permission": "fetch:api.example.com", "reason": "…"}`, or `needs the
// network:observe:HOST permission`), and the one js/unused-permission
// names (`"fetch:x" is declared but …`). Each is read back with
// manifest.ParsePermission, so an action only ever writes a permission the
// manifest accepts.
var (
	askedFor  = lazyre.New(`\{"permission": "([^"]+)", "reason": "…"\}|needs the ([^ ]+) permission`)
	declared  = lazyre.New(`^"([^"]+)" is declared but`)
	addRules  = map[string]bool{"js/missing-permission": true, "js/fetch-host": true}
	dropRules = map[string]bool{"js/unused-permission": true}
)

// codeActions offers the mechanical fixes for the findings in the range:
// add the permission a call needs to manifest.json, with a blank reason
// (which the manifest's own check then asks to fill in: the reason is the
// writer's to give, never ours), or remove a permission nothing uses.
func (s *server) codeActions(p protocol.CodeActionParams) []protocol.CodeAction {
	file := filename(p.TextDocument.URI)
	actions := []protocol.CodeAction{}
	seen := map[string]bool{}
	for _, sh := range s.shownOn(file) {
		if sh.dir == "" || !overlaps(sh.rng, p.Range) {
			continue
		}
		manifestPath := filepath.Join(sh.dir, manifest.FileName)
		src, ok := s.text(manifestPath)
		if !ok {
			continue
		}
		var perms []string
		var edit func([]byte, string) (protocol.TextEdit, bool)
		var title string
		switch {
		case addRules[sh.f.Rule]:
			for _, m := range askedFor.FindAllStringSubmatch(sh.f.Message, -1) {
				perms = append(perms, m[1]+m[2])
			}
			edit, title = addPermission, "Add %q to manifest.json (write its reason)"
		case dropRules[sh.f.Rule]:
			if m := declared.FindStringSubmatch(sh.f.Message); m != nil {
				perms = []string{m[1]}
			}
			edit, title = removePermission, "Remove the unused permission %q from manifest.json"
		}
		for _, perm := range perms {
			if _, err := manifest.ParsePermission(perm); err != nil || seen[title+perm] {
				continue
			}
			te, ok := edit([]byte(src), perm)
			if !ok {
				continue
			}
			seen[title+perm] = true
			actions = append(actions, protocol.CodeAction{
				Title:       fmt.Sprintf(title, perm),
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{diagnostic(sh)},
				Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{protocol.DocumentURI(uri.File(manifestPath)): {te}}},
			})
		}
	}
	return actions
}

func overlaps(a, b protocol.Range) bool {
	return contains(protocol.Range{Start: a.Start, End: a.End}, b.Start) || contains(b, a.Start)
}

// addPermission inserts {"permission": perm, "reason": ""} at the end of
// the manifest's permissions (adding the key when there is none), in the
// file's own indentation; ok is false when the manifest cannot be read as
// an object or already asks for perm.
func addPermission(src []byte, perm string) (protocol.TextEdit, bool) {
	root, err := strictjson.Parse(src, 16)
	if err != nil || root.Kind != strictjson.Object || len(root.Members) == 0 {
		return protocol.TextEdit{}, false
	}
	lines := finding.NewLines(src)
	entry := fmt.Sprintf(`{"permission": %q, "reason": ""}`, perm)
	if m := root.Get("permissions"); m != nil {
		list := m.Value
		if list.Kind != strictjson.Array {
			return protocol.TextEdit{}, false
		}
		for _, it := range list.Items {
			if pm := it.Get("permission"); pm != nil && pm.Value.Text == perm {
				return protocol.TextEdit{}, false
			}
		}
		if len(list.Items) == 0 {
			return insert(lines, list.Offset+1, entry), true
		}
		last := list.Items[len(list.Items)-1]
		return insert(lines, last.End, ",\n"+indentAt(src, last.Offset)+entry), true
	}
	last := root.Members[len(root.Members)-1]
	indent := indentAt(src, last.NameOffset)
	inner := indent + indent
	if indent == "" {
		return insert(lines, last.Value.End, fmt.Sprintf(`, "permissions": [%s]`, entry)), true
	}
	return insert(lines, last.Value.End, fmt.Sprintf(",\n%s\"permissions\": [\n%s%s\n%s]", indent, inner, entry, indent)), true
}

// removePermission deletes the permissions entry for perm, with the comma
// and line break that joined it to the list.
func removePermission(src []byte, perm string) (protocol.TextEdit, bool) {
	root, err := strictjson.Parse(src, 16)
	if err != nil || root.Kind != strictjson.Object {
		return protocol.TextEdit{}, false
	}
	m := root.Get("permissions")
	if m == nil || m.Value.Kind != strictjson.Array {
		return protocol.TextEdit{}, false
	}
	items := m.Value.Items
	for i, it := range items {
		pm := it.Get("permission")
		if pm == nil || pm.Value.Text != perm {
			continue
		}
		lines := finding.NewLines(src)
		switch {
		case len(items) == 1:
			return replace(lines, m.Value.Offset+1, m.Value.End-1, ""), true
		case i > 0:
			return replace(lines, items[i-1].End, it.End, ""), true
		default:
			return replace(lines, it.Offset, items[1].Offset, ""), true
		}
	}
	return protocol.TextEdit{}, false
}

func insert(lines *finding.Lines, off int, text string) protocol.TextEdit {
	return replace(lines, off, off, text)
}

func replace(lines *finding.Lines, start, end int, text string) protocol.TextEdit {
	at := func(off int) protocol.Position { return position(lines, lines.Position(off)) }
	return protocol.TextEdit{Range: protocol.Range{Start: at(start), End: at(end)}, NewText: text}
}

// indentAt is the spacing before the first character of the line that
// holds off, when only spacing stands before off on it; else "".
func indentAt(src []byte, off int) string {
	start := off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	before := string(src[start:off])
	if strings.Trim(before, " \t") != "" {
		return ""
	}
	return before
}
