package sandboxapi

import (
	"fmt"
	"strings"
)

// Markdown returns the API reference as docs/api.md shows it: per root, a
// table of its members (signature, release, permission, what it does),
// then each handle's methods, then the data types in TypeScript.
func Markdown() string {
	var b strings.Builder
	for _, root := range Roots {
		ns := *byPath[root]
		fmt.Fprintf(&b, "### `%s`\n\n%s\n\n", root, ns.Doc)
		b.WriteString("| member | since | needs | what it does |\n| --- | --- | --- | --- |\n")
		var walk func(parent string)
		walk = func(parent string) {
			for _, m := range Children(parent) {
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", code(usage(m)), m.Since, needs(m), cell(m.Doc))
				if m.Kind == Namespace {
					walk(m.Path)
				}
			}
		}
		walk(root)
		b.WriteString("\n")
		for _, h := range handles {
			if parentOf(h.Name) != root {
				continue
			}
			fmt.Fprintf(&b, "#### `%s`\n\n%s\n\n", h.Name, h.Doc)
			b.WriteString("| method | since | what it does |\n| --- | --- | --- |\n")
			for _, m := range Children(h.Name) {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", code(m.Name()+m.Signature), m.Since, cell(m.Doc))
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("### Types\n\n")
	for _, t := range types {
		fmt.Fprintf(&b, "- `%s` (since %s): %s\n", t.Name, t.Since, t.Doc)
	}
	b.WriteString("\n```ts\n")
	for _, root := range Roots {
		fmt.Fprintf(&b, "declare namespace %s {\n", root)
		for _, t := range types {
			if parentOf(t.Name) == root {
				for line := range strings.SplitSeq(t.Decl, "\n") {
					fmt.Fprintf(&b, "  %s\n", line)
				}
			}
		}
		b.WriteString("}\n")
	}
	b.WriteString("```\n")
	return b.String()
}

// usage is how code names a member: "dom.query(selector: string, …): …",
// "dom.mark: string", "rmx.storage".
func usage(m Member) string {
	switch m.Kind {
	case Function:
		return m.Path + m.Signature
	case Property:
		return m.Path + ": " + m.Signature
	}
	return m.Path
}

func needs(m Member) string {
	if p := m.PermissionText(); p != "" {
		return "`" + p + "`"
	}
	return "—"
}

// code formats text as inline code in a table cell.
func code(s string) string { return "`" + cell(s) + "`" }

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
