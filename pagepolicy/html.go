package pagepolicy

import (
	"errors"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTMLElement is one element of HTML as an inert document holds it.
type HTMLElement struct {
	Namespace  string // HTMLNamespace, SVGNamespace or MathMLNamespace
	Tag        string // as the parser names it: lower case in HTML, SVG's own case
	Attributes []html.Attribute
	// Wrapper is set for the document's own html, head and body: the
	// parser makes them whatever the string holds, and the page agent
	// inserts what is inside body, never them; only their attributes (a
	// <body onload> merges into body) are the string's.
	Wrapper bool
}

// AttributeName is how the table names a parsed attribute: the name, after
// the prefix of a namespaced one (xlink:href, xml:base).
func AttributeName(a html.Attribute) string {
	if a.Namespace != "" {
		return strings.ToLower(a.Namespace + ":" + a.Key)
	}
	return strings.ToLower(a.Key)
}

// ParseHTML reads HTML as the page agent's inert document reads it: a
// DOMParser, which has scripting off, so the content of <noscript> is
// markup (an <img> in it is an element, not text as a tokenizer with
// scripting on reads it), <template>'s content is parsed, and table and
// foreign-content rules move elements where the browser moves them. It
// returns every element in document order, then every start tag the
// tokenizer alone reads that the tree has no element for: where browsers'
// tree building has moved on from the parser's (Chromium keeps elements
// inside <select> that older rules drop), a tag is still judged.
//
// HTML nested deeper than the parser follows (512 open elements) has no
// tree: ParseHTML returns what the tokenizer reads and ErrTooDeep, and a
// checker fails closed on it.
func ParseHTML(s string) ([]HTMLElement, error) {
	out, err := parseTree(s)
	seen := make(map[string]bool, len(out))
	for _, e := range out {
		seen[elementKey(strings.ToLower(e.Tag), e.Attributes)] = true
	}
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out, err
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		tag := strings.ToLower(tok.Data)
		if tok.DataAtom == atom.Html || tok.DataAtom == atom.Head || tok.DataAtom == atom.Body || seen[elementKey(tag, tok.Attr)] {
			continue
		}
		seen[elementKey(tag, tok.Attr)] = true
		out = append(out, HTMLElement{Namespace: NamespaceOf(tag), Tag: tag, Attributes: tok.Attr})
	}
}

// elementKey identifies an element by its tag and attributes, to tell the
// tokenizer's tags the tree already holds.
func elementKey(tag string, attrs []html.Attribute) string {
	var b strings.Builder
	b.WriteString(tag)
	for _, a := range attrs {
		b.WriteByte(0)
		b.WriteString(AttributeName(a))
		b.WriteString("=")
		b.WriteString(a.Val)
	}
	return b.String()
}

// ErrTooDeep says that HTML nests more elements than the parser follows.
var ErrTooDeep = errors.New("the HTML nests elements more than 512 deep, deeper than the check reads it")

// parseTree is the tree an inert document builds, element by element. The
// parser's only failure on a string is a nesting it does not follow.
func parseTree(s string) ([]HTMLElement, error) {
	doc, err := html.ParseWithOptions(strings.NewReader(s), html.ParseOptionEnableScripting(false))
	if err != nil {
		return nil, ErrTooDeep
	}
	var out []HTMLElement
	// An explicit stack, not recursion: nesting depth is the string's.
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode {
			e := HTMLElement{Tag: n.Data, Attributes: n.Attr}
			switch n.Namespace {
			case "":
				e.Namespace = HTMLNamespace
				e.Wrapper = n.DataAtom == atom.Html && n.Parent == doc ||
					(n.DataAtom == atom.Head || n.DataAtom == atom.Body) && n.Parent != nil && n.Parent.Parent == doc
			case "svg":
				e.Namespace = SVGNamespace
			case "math":
				e.Namespace = MathMLNamespace
			}
			out = append(out, e)
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return out, nil
}
