package sandboxapi

import (
	"fmt"
	"strings"

	"github.com/remixlet/remixlet/manifest"
)

// DeclarationsFile is the name `remixlet init` gives the declarations.
const DeclarationsFile = "remixlet.d.ts"

// TypeScript returns the API's type declarations: one ambient namespace per
// root (declare namespace dom { … }), with the handle interfaces, data
// types, functions, properties and nested namespaces, each with its doc,
// permission and release as JSDoc, so editors complete and check calls.
func TypeScript() string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Type declarations for the remixlet sandbox API (dom.*, rmx.*), API %s.\n", manifest.Current)
	b.WriteString("// Generated from remixlet's API table (`remixlet types`); do not edit.\n")
	b.WriteString("// The sandbox replaces document, fetch, localStorage and their kin with errors:\n")
	b.WriteString("// use dom for the page and rmx for everything else.\n")
	for _, root := range Roots {
		b.WriteString("\n")
		writeNamespace(&b, *byPath[root], "", true)
	}
	return b.String()
}

func writeNamespace(b *strings.Builder, ns Member, indent string, top bool) {
	writeDoc(b, indent, ns.Doc, ns)
	if top {
		fmt.Fprintf(b, "%sdeclare namespace %s {\n", indent, ns.Name())
	} else {
		fmt.Fprintf(b, "%snamespace %s {\n", indent, ns.Name())
	}
	inner := indent + "  "
	first := true
	sep := func() {
		if !first {
			b.WriteString("\n")
		}
		first = false
	}
	for _, h := range handles {
		if parentOf(h.Name) != ns.Path {
			continue
		}
		sep()
		writeDoc(b, inner, h.Doc, Member{Since: h.Since})
		fmt.Fprintf(b, "%sinterface %s {\n", inner, lastName(h.Name))
		for i, m := range Children(h.Name) {
			if i > 0 {
				b.WriteString("\n")
			}
			writeDoc(b, inner+"  ", m.Doc, m)
			fmt.Fprintf(b, "%s  %s%s;\n", inner, m.Name(), m.Signature)
		}
		fmt.Fprintf(b, "%s}\n", inner)
	}
	for _, t := range types {
		if parentOf(t.Name) != ns.Path {
			continue
		}
		sep()
		writeDoc(b, inner, t.Doc, Member{Since: t.Since})
		for line := range strings.SplitSeq(t.Decl, "\n") {
			fmt.Fprintf(b, "%s%s\n", inner, line)
		}
	}
	for _, m := range Children(ns.Path) {
		sep()
		switch m.Kind {
		case Namespace:
			writeNamespace(b, m, inner, false)
		case Function:
			writeDoc(b, inner, m.Doc, m)
			fmt.Fprintf(b, "%sfunction %s%s;\n", inner, m.Name(), m.Signature)
		case Property:
			writeDoc(b, inner, m.Doc, m)
			fmt.Fprintf(b, "%sconst %s: %s;\n", inner, m.Name(), m.Signature)
		}
	}
	fmt.Fprintf(b, "%s}\n", indent)
}

// writeDoc writes a JSDoc comment: the doc line, the permission the member
// needs and the release that introduced it.
func writeDoc(b *strings.Builder, indent, doc string, m Member) {
	fmt.Fprintf(b, "%s/**\n%s * %s\n", indent, indent, doc)
	if p := m.PermissionText(); p != "" {
		fmt.Fprintf(b, "%s * Needs the %s permission in manifest.json.\n", indent, p)
	}
	fmt.Fprintf(b, "%s * @since %s\n%s */\n", indent, m.Since, indent)
}

func parentOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}

func lastName(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }
