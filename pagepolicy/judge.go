package pagepolicy

import (
	"strings"

	"github.com/remixlet/remixlet/site"
)

// Attr is one attribute of an element the page agent judges.
type Attr struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ElementRequest is an element the page agent is about to create, insert
// from HTML or change: its namespace ("" for dom.create's rule, see
// NamespaceOf), tag, and attributes as they would be, and whether it is one
// of the page's password fields now.
type ElementRequest struct {
	Namespace     string `json:"namespace"`
	Tag           string `json:"tag"`
	Attributes    []Attr `json:"attributes"`
	PasswordField bool   `json:"passwordField"`
}

// AttributeJudgement is what the page agent does with one attribute.
type AttributeJudgement struct {
	Name string `json:"name"`
	// Allowed: the attribute is set, with Value (for a checked address, the
	// resolved address, not the string the remixlet passed).
	Allowed bool   `json:"allowed"`
	Value   string `json:"value,omitempty"`
	// Rule is the table's verdict that applied: Refuse, CheckAddress,
	// CheckFragment, "password-field", or "" for an attribute on no row.
	Rule    string          `json:"rule,omitempty"`
	Reason  string          `json:"reason,omitempty"`
	Address *AddressVerdict `json:"address,omitempty"`
}

// PasswordFieldRule is the Rule of an attribute a password field keeps.
const PasswordFieldRule = "password-field"

// ElementJudgement is the page agent's answer for one element. Refused
// says whether anything was refused: dom.create and setAttribute refuse
// the call then; HTML loses a refused element (and what is in it) and the
// refused attributes of the others.
type ElementJudgement struct {
	Element    ElementVerdict       `json:"element"`
	Attributes []AttributeJudgement `json:"attributes"`
	Refused    bool                 `json:"refused"`
}

// JudgeElement applies the table to one element on a page, with the
// remixlet's reach (its sites and fetch: hosts) for the checked addresses.
func JudgeElement(req ElementRequest, page Page, reach site.Reach) ElementJudgement {
	j := ElementJudgement{Element: Element(req.Namespace, req.Tag), Attributes: []AttributeJudgement{}}
	j.Refused = !j.Element.Allowed
	for _, a := range req.Attributes {
		aj := AttributeJudgement{Name: a.Name, Allowed: true, Value: a.Value}
		v := Attribute(j.Element.Namespace, req.Tag, a.Name)
		aj.Rule, aj.Reason = v.Verdict, v.Reason
		if row, fixed := FixedOnPasswordField(a.Name); fixed && req.PasswordField {
			aj.Rule, aj.Reason = PasswordFieldRule, row.Reason
		}
		switch aj.Rule {
		case Refuse, PasswordFieldRule:
			aj.Allowed, aj.Value = false, ""
		case CheckAddress:
			av := JudgeAddress(a.Value, strings.EqualFold(req.Tag, "img"), page, reach)
			aj.Address = &av
			aj.Allowed, aj.Value = av.Allowed, av.Resolved
			if !av.Allowed {
				aj.Value = ""
			}
		case CheckFragment:
			if !FragmentOnly(a.Value) {
				aj.Allowed, aj.Value = false, ""
			}
		}
		j.Refused = j.Refused || !aj.Allowed
		j.Attributes = append(j.Attributes, aj)
	}
	return j
}

// JudgeHTML parses HTML as the page agent's inert document does and judges
// every element in it. HTML too deeply nested to read is ErrTooDeep, and
// the page agent refuses it whole.
func JudgeHTML(s string, page Page, reach site.Reach) ([]ElementJudgement, error) {
	elements, err := ParseHTML(s)
	if err != nil {
		return nil, err
	}
	out := []ElementJudgement{}
	for _, e := range elements {
		req := ElementRequest{Namespace: e.Namespace, Tag: e.Tag}
		for _, a := range e.Attributes {
			req.Attributes = append(req.Attributes, Attr{Name: AttributeName(a), Value: a.Val})
		}
		j := JudgeElement(req, page, reach)
		if e.Wrapper {
			j.Element = ElementVerdict{Allowed: true, Namespace: e.Namespace, Tag: e.Tag, Reason: "the inert document's own; only what is inside body is inserted"}
			j.Refused = false
			for _, a := range j.Attributes {
				j.Refused = j.Refused || !a.Allowed
			}
		}
		out = append(out, j)
	}
	return out, nil
}
