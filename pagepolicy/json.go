package pagepolicy

import (
	"encoding/json"
	"io"
)

// tableJSON is the table as data, for the page agent.
type tableJSON struct {
	Version       int                 `json:"version"`
	Allowed       []ElementRow        `json:"allowed"`
	Refused       []RefusedElementRow `json:"refused"`
	Attributes    []AttributeRow      `json:"attributes"`
	PasswordField []PasswordRow       `json:"passwordFieldFixed"`
	Selector      string              `json:"selector"`
}

// WriteTable writes the whole table as JSON: the WebAssembly build's
// policy() returns it, so the page agent reads the rows the lint reads.
func WriteTable(w io.Writer) error {
	return writeJSON(w, tableJSON{Version: 1, Allowed: Allowed, Refused: Refused, Attributes: Attributes, PasswordField: PasswordFixed, Selector: SelectorRule})
}

// SelectorVerdict is the selector rule's answer for one selector.
type SelectorVerdict struct {
	Selector   string `json:"selector"`
	TestsValue bool   `json:"testsValue"`
	// Refused: the selector tests a value and the page has a password
	// field.
	Refused bool   `json:"refused"`
	Reason  string `json:"reason,omitempty"`
}

// JudgeSelector applies the selector rule to a selector on a page that
// has a password field or not.
func JudgeSelector(selector string, pagePasswordField bool) SelectorVerdict {
	v := SelectorVerdict{Selector: selector, TestsValue: SelectorTestsValue(selector)}
	if v.TestsValue && pagePasswordField {
		v.Refused, v.Reason = true, SelectorRule
	}
	return v
}

// WriteJSON writes one of the page agent's answers (an ElementJudgement,
// an AddressVerdict, a SelectorVerdict) as the WebAssembly build returns
// it.
func WriteJSON(w io.Writer, v any) error { return writeJSON(w, v) }

func writeJSON(w io.Writer, v any) error {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}
