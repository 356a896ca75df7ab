package oracle

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The page agent's policy, as the specification and the security design
// state it: what dom.create, setAttribute and HTML handed to the page may
// not hold. The oracle judges the arguments a run recorded with it; it is
// written from those texts, not from the lint.

// refusedElements are the elements the page agent cannot create.
var refusedElements = map[string]bool{
	"form": true, "frame": true, "iframe": true, "script": true, "style": true, "link": true,
	"meta": true, "object": true, "embed": true, "video": true, "audio": true,
	// The same kinds of element under other names: they load or run
	// something as those do.
	"frameset": true, "base": true, "applet": true, "portal": true,
}

// loadingAttributes are refused on every element: they load, run or style
// something.
var loadingAttributes = map[string]bool{
	"style": true, "srcdoc": true, "action": true, "formaction": true, "srcset": true, "data": true,
	"poster": true, "background": true, "ping": true, "codebase": true, "manifest": true,
	"lowsrc": true, "dynsrc": true, "archive": true, "classid": true,
}

type attrKind int

const (
	attrAllowed attrKind = iota
	attrRefused
	attrLink  // href on a link: the address rule decides
	attrImage // src on an image: the address rule decides, data: images allowed
)

// attributeRule says how the page agent treats the attribute on an element
// of the tag ("" when the element is not known).
func attributeRule(tag, name string) attrKind {
	name = strings.ToLower(strings.TrimSpace(name))
	local := name
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		local = name[i+1:]
	}
	tag = strings.ToLower(tag)
	switch {
	case strings.HasPrefix(local, "on"):
		return attrRefused
	case local == "href":
		if tag == "a" {
			return attrLink
		}
		return attrRefused
	case local == "src":
		if tag == "img" {
			return attrImage
		}
		return attrRefused
	case loadingAttributes[local]:
		return attrRefused
	}
	return attrAllowed
}

// animationElements are SVG's animation elements: one that animates href
// or an on* attribute sets it without an attribute ever being written
// (Chromium follows an animated href to a javascript: address).
var animationElements = map[string]bool{"set": true, "animate": true, "animatemotion": true, "animatetransform": true}

type htmlAddress struct {
	name, value string
	image       bool
}

// htmlProblems parses HTML as the page agent's inert document does (the
// HTML standard's tree construction, in a body) and returns what it would
// strip, and the addresses the address rule must judge.
func htmlProblems(s string) (problems []string, addrs []htmlAddress) {
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, DataAtom: atom.Body, Data: "body"})
	if err != nil {
		return []string{"HTML that does not parse"}, nil
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			tag := strings.ToLower(n.Data)
			if refusedElements[tag] {
				problems = append(problems, "a "+tag+" element")
			}
			for _, a := range n.Attr {
				name := a.Key
				if a.Namespace != "" {
					name = a.Namespace + ":" + a.Key
				}
				switch attributeRule(tag, name) {
				case attrRefused:
					problems = append(problems, "the attribute "+name+" on "+tag)
				case attrLink, attrImage:
					addrs = append(addrs, htmlAddress{name, a.Val, attributeRule(tag, name) == attrImage})
				}
				if animationElements[tag] && strings.EqualFold(a.Key, "attributeName") {
					target := strings.ToLower(strings.TrimSpace(a.Val))
					if i := strings.LastIndexByte(target, ':'); i >= 0 {
						target = target[i+1:]
					}
					if target == "href" || target == "src" || strings.HasPrefix(target, "on") {
						problems = append(problems, "an SVG "+n.Data+" animating "+a.Val)
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return problems, addrs
}

// cssLoads reports whether CSS a script writes holds url( or one of its
// relatives, read after comments and escapes as a CSS tokenizer reads them.
func cssLoads(css string) bool {
	s := strings.ToLower(cssUnescape(cssStripComments(css)))
	for _, f := range []string{"url(", "src(", "image(", "image-set(", "cross-fade(", "element(", "@import"} {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
}

func cssStripComments(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		s = s[i+2+j+2:]
	}
}

// cssUnescape decodes CSS escapes: a backslash and up to six hex digits
// (and one following space), or a backslash and any other character.
func cssUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && j < i+7 && isHex(s[j]) {
			j++
		}
		if j == i+1 {
			if s[j] != '\n' {
				b.WriteByte(s[j])
			}
			i = j
			continue
		}
		r, _ := strconv.ParseUint(s[i+1:j], 16, 32)
		if r == 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF) {
			r = 0xFFFD
		}
		b.WriteRune(rune(r))
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }
