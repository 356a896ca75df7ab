package pagepolicy

import (
	"slices"
	"strings"
	"sync"
)

// ElementVerdict is the table's answer for one element.
type ElementVerdict struct {
	Allowed   bool   `json:"allowed"`
	Namespace string `json:"namespace"`
	Tag       string `json:"tag"`
	Kind      string `json:"kind,omitempty"` // the allow list's kind, when allowed
	Reason    string `json:"reason"`         // the row's reason
}

// notListed is the reason for an element on no row.
const notListed = "it is not on the page agent's list of layout, text, form-control, image and simple SVG elements"

// Element judges creating an element. namespace is the element's
// (HTMLNamespace, SVGNamespace, …), or "" when the caller names only a
// tag, as dom.create does: the tag is then an HTML element when HTML has
// it, an SVG one when only SVG has it. Tags compare without case: HTML
// lower-cases them, and an SVG name in another case is no SVG element the
// browser draws.
func Element(namespace, tag string) ElementVerdict {
	if namespace == "" {
		namespace = NamespaceOf(tag)
	}
	v := ElementVerdict{Namespace: namespace, Tag: tag}
	for _, r := range Allowed {
		if r.Namespace == namespace && containsFold(r.Tags, tag) {
			v.Allowed, v.Kind, v.Reason = true, r.Kind, r.Reason
			return v
		}
	}
	v.Reason = notListed
	for _, r := range Refused {
		if r.Namespace == namespace && (containsFold(r.Tags, tag) || r.Custom && strings.Contains(tag, "-")) {
			v.Reason = r.Reason
			break
		}
	}
	return v
}

// NamespaceOf is the namespace dom.create makes a tag in: SVG for a name
// only SVG's rows have (path, rect, linearGradient), HTML for every other.
func NamespaceOf(tag string) string {
	if inRows(HTMLNamespace, tag) || !inRows(SVGNamespace, tag) {
		return HTMLNamespace
	}
	return SVGNamespace
}

func inRows(namespace, tag string) bool {
	for _, r := range Allowed {
		if r.Namespace == namespace && containsFold(r.Tags, tag) {
			return true
		}
	}
	for _, r := range Refused {
		if r.Namespace == namespace && containsFold(r.Tags, tag) {
			return true
		}
	}
	return false
}

// AttributeVerdict is the table's answer for one attribute.
type AttributeVerdict struct {
	// Verdict is Refuse, CheckAddress, CheckFragment, or "" when the
	// attribute loads and runs nothing.
	Verdict string
	Reason  string
	Row     *AttributeRow // the row that decided; nil for an attribute on none
}

// Attribute judges setting an attribute on an element. namespace is as
// for Element; tag is "" when the caller does not know the element (a
// handle to one of the page's own): a row for some elements then applies
// when it checks rather than refuses, since the element may be a link or
// an image, and the page agent, which knows, decides. A namespaced name is
// written with its usual prefix (xlink:href, xml:base).
func Attribute(namespace, tag, name string) AttributeVerdict {
	n := strings.ToLower(strings.TrimSpace(name))
	if tag != "" && namespace == "" {
		namespace = NamespaceOf(tag)
	}
	for i := range Attributes {
		r := &Attributes[i]
		if r.Prefix && !strings.HasPrefix(n, r.Name) || !r.Prefix && n != r.Name {
			continue
		}
		if tag != "" && (r.Namespace != "" && r.Namespace != namespace || len(r.Tags) > 0 && !containsFold(r.Tags, tag)) {
			continue
		}
		if tag == "" && len(r.Tags) > 0 && r.Verdict == Refuse {
			continue
		}
		return AttributeVerdict{Verdict: r.Verdict, Reason: r.Reason, Row: r}
	}
	return AttributeVerdict{}
}

// LoadsAddress reports whether assigning a DOM property of this name
// (img.src = …, a.href = …) loads or navigates to its value, as the
// attribute does.
func LoadsAddress(name string) bool {
	return addressProperties()[strings.ToLower(name)]
}

// addressProperties are the names of Attributes' rows that are
// properties: LoadsAddress is asked of every member assignment.
var addressProperties = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, r := range Attributes {
		if r.Property {
			m[r.Name] = true
		}
	}
	return m
})

// FixedOnPasswordField returns the row that keeps an attribute of a
// password field from changing, if there is one.
func FixedOnPasswordField(name string) (PasswordRow, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, r := range PasswordFixed {
		if r.Name == n {
			return r, true
		}
	}
	return PasswordRow{}, false
}

// IsPasswordField reports whether an input with these attributes is a
// password field: its type is password, or its autocomplete names a
// current or new password.
func IsPasswordField(tag string, attr func(name string) (string, bool)) bool {
	if !strings.EqualFold(tag, "input") {
		return false
	}
	if t, ok := attr("type"); ok && strings.EqualFold(strings.TrimSpace(t), "password") {
		return true
	}
	if ac, ok := attr("autocomplete"); ok {
		for _, token := range strings.Fields(strings.ToLower(ac)) {
			if token == "current-password" || token == "new-password" {
				return true
			}
		}
	}
	return false
}

func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(t string) bool { return strings.EqualFold(t, s) })
}
