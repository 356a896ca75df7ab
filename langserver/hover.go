package langserver

import (
	"fmt"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/sandboxapi"
)

// hover answers for a position: the findings shown there (each rule's
// title, why and what to do instead), else, in a script, the dom or rmx
// member under the cursor with its API entry.
func (s *server) hover(p protocol.HoverParams) *protocol.Hover {
	file := filename(p.TextDocument.URI)
	var parts []string
	for _, sh := range s.shownOn(file) {
		if !contains(sh.rng, p.Position) {
			continue
		}
		parts = append(parts, ruleHover(sh.f))
	}
	if len(parts) == 0 {
		if text, ok := s.text(file); ok && isScript(file) {
			if member, ok := memberAt(text, p.Position); ok {
				parts = append(parts, memberHover(member))
			}
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: strings.Join(parts, "\n\n---\n\n")}}
}

// shownOn returns every finding published on file, from every source.
func (s *server) shownOn(file string) []shown {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []shown
	for _, bySource := range s.shown {
		out = append(out, bySource[file]...)
	}
	return out
}

// text is a document as the editor holds it, else as the disk does.
func (s *server) text(file string) (string, bool) {
	s.mu.Lock()
	d := s.docs[file]
	s.mu.Unlock()
	if d != nil {
		return d.text, true
	}
	data, err := os.ReadFile(file)
	return string(data), err == nil
}

func ruleHover(f finding.Finding) string {
	rule, ok := finding.Lookup(f.Rule)
	if !ok {
		return f.Message
	}
	return fmt.Sprintf("**%s** (%s): %s\n\n%s\n\n**Why:** %s\n\n**Do instead:** %s\n\n[%s](%s)",
		rule.ID, f.Severity, rule.Title, markdownText(safetext.Clean(f.Message)), rule.Why, rule.Fix, "remixlet explain "+rule.ID, rule.HelpURI())
}

// markdownText escapes what markdown would read as markup in a message
// that quotes the files (a link, an image, emphasis, HTML).
func markdownText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>!#|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func memberHover(m sandboxapi.Member) string {
	var b strings.Builder
	switch m.Kind {
	case sandboxapi.Namespace:
		fmt.Fprintf(&b, "```ts\nnamespace %s\n```\n\n", m.Path)
	case sandboxapi.Property:
		fmt.Fprintf(&b, "```ts\nconst %s: %s\n```\n\n", m.Path, m.Signature)
	default:
		fmt.Fprintf(&b, "```ts\nfunction %s%s\n```\n\n", m.Path, m.Signature)
	}
	b.WriteString(m.Doc)
	if perm := m.PermissionText(); perm != "" {
		fmt.Fprintf(&b, "\n\nNeeds the `%s` permission in manifest.json.", perm)
	} else {
		b.WriteString("\n\nNeeds no permission.")
	}
	fmt.Fprintf(&b, " Since API %s.", m.Since)
	return b.String()
}

func isScript(file string) bool {
	switch path.Ext(file) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return true
	}
	return false
}

// memberAt reads the dotted name under a position ("rmx.storage.get") up
// to the part the cursor is on, and returns the API member it names.
func memberAt(text string, pos protocol.Position) (sandboxapi.Member, bool) {
	off, ok := offsetOf(text, pos)
	if !ok {
		return sandboxapi.Member{}, false
	}
	isName := func(c byte) bool {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	start := off
	for start > 0 && (isName(text[start-1]) || text[start-1] == '.') {
		start--
	}
	end := off
	for end < len(text) && isName(text[end]) {
		end++
	}
	chain := strings.Trim(text[start:end], ".")
	m, rest, ok := sandboxapi.Resolve(chain)
	if !ok || rest != "" {
		return sandboxapi.Member{}, false
	}
	return m, true
}

// offsetOf converts a zero-based line and UTF-16 column to a byte offset.
func offsetOf(text string, pos protocol.Position) (int, bool) {
	off := 0
	for line := uint32(0); line < pos.Line; line++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	units := uint32(0)
	for off < len(text) && text[off] != '\n' && units < pos.Character {
		r, size := utf8.DecodeRuneInString(text[off:])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		off += size
	}
	return off, true
}

// contains reports whether a range holds a position (its end included, so
// a one-character range answers on either side of the character).
func contains(r protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(r.Start, p) && before(p, r.End)
}
