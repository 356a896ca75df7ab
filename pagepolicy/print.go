package pagepolicy

import (
	"fmt"
	"strings"
)

// Markdown is the page policy as docs/api.md shows it: the allow list, the
// named refusals, the attribute rules, the password field's fixed
// attributes and the selector rule, each with its reason.
func Markdown() string { return render(true) }

// Text is the same table for a terminal (`remixlet explain`).
func Text() string { return render(false) }

func render(markdown bool) string {
	var b strings.Builder
	section := func(title, header string) {
		if markdown {
			fmt.Fprintf(&b, "#### %s\n\n%s\n", title, header)
		} else {
			fmt.Fprintf(&b, "%s\n\n", title)
		}
	}
	row := func(cells ...string) {
		if markdown {
			fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
			return
		}
		fmt.Fprintf(&b, "  %s: %s\n", cells[0], strings.Join(cells[1:], "; "))
	}
	end := func() { b.WriteString("\n") }
	name := func(names ...string) string {
		if markdown {
			return "`" + strings.Join(names, "`, `") + "`"
		}
		return strings.Join(names, ", ")
	}

	section("Elements a remixlet may create (every other is refused)", "| kind | namespace | elements | why |\n| --- | --- | --- | --- |")
	for _, r := range Allowed {
		if markdown {
			row(r.Kind, shortNamespace(r.Namespace), name(r.Tags...), r.Reason)
		} else {
			row(r.Kind+" ("+shortNamespace(r.Namespace)+")", strings.Join(r.Tags, ", "), r.Reason)
		}
	}
	end()
	section("Elements refused, and why", "| namespace | elements | why |\n| --- | --- | --- |")
	for _, r := range Refused {
		tags := name(r.Tags...)
		if r.Custom {
			tags = "custom elements (a name with a dash)"
		}
		if markdown {
			row(shortNamespace(r.Namespace), tags, r.Reason)
		} else {
			row(tags+" ("+shortNamespace(r.Namespace)+")", r.Reason)
		}
	}
	end()
	section("Attributes that load or run something (the first row that matches decides; any other attribute is allowed)", "| attribute | on | verdict | why |\n| --- | --- | --- | --- |")
	// Consecutive rows that differ only in the name print as one.
	for i := 0; i < len(Attributes); {
		r := Attributes[i]
		names := []string{attrName(r)}
		j := i + 1
		for ; j < len(Attributes) && sameBut(Attributes[j], r); j++ {
			names = append(names, attrName(Attributes[j]))
		}
		on := "every element"
		switch {
		case len(r.Tags) > 0:
			on = name(r.Tags...)
		case r.Namespace != "":
			on = "every " + shortNamespace(r.Namespace) + " element"
		case namedBefore(i):
			on = "every other element"
		}
		if markdown {
			row(name(names...), on, verdictText(r.Verdict), r.Reason)
		} else {
			row(strings.Join(names, ", ")+" on "+on, verdictText(r.Verdict), r.Reason)
		}
		i = j
	}
	end()
	section("Attributes of a password field that cannot be changed or removed (type password, or autocomplete current-password or new-password)", "| attribute | why |\n| --- | --- |")
	for _, r := range PasswordFixed {
		row(name(r.Name), r.Reason)
	}
	end()
	if markdown {
		fmt.Fprintf(&b, "#### Selectors\n\n%s.\n", capitalise(SelectorRule))
	} else {
		fmt.Fprintf(&b, "Selectors\n\n  %s.\n", SelectorRule)
	}
	return b.String()
}

func attrName(r AttributeRow) string {
	if r.Prefix {
		return r.Name + "*"
	}
	return r.Name
}

// sameBut reports rows that say the same of different attributes.
func sameBut(a, b AttributeRow) bool {
	return a.Namespace == b.Namespace && strings.Join(a.Tags, " ") == strings.Join(b.Tags, " ") && a.Verdict == b.Verdict && a.Reason == b.Reason
}

// namedBefore reports an attribute an earlier row decides for some
// elements: this row is then for every other element.
func namedBefore(i int) bool {
	for _, r := range Attributes[:i] {
		if r.Name == Attributes[i].Name {
			return true
		}
	}
	return false
}

func verdictText(v string) string {
	switch v {
	case Refuse:
		return "refused"
	case CheckAddress:
		return "checked by the address rule"
	case CheckFragment:
		return "checked: url(#id) only"
	}
	return v
}

func shortNamespace(ns string) string {
	switch ns {
	case HTMLNamespace:
		return "HTML"
	case SVGNamespace:
		return "SVG"
	case MathMLNamespace:
		return "MathML"
	}
	return ns
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
