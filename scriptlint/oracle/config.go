package oracle

import (
	"strings"

	"github.com/remixlet/remixlet/sandboxapi"
)

// apiMember is one row of the API table as the harness builds its stub
// from it.
type apiMember struct {
	Path      string `json:"path"`
	Kind      string `json:"kind"`
	Name      string `json:"name"`
	Parent    string `json:"parent"`
	Returns   string `json:"returns"`
	Async     bool   `json:"async"`
	Callbacks []int  `json:"callbacks"`
	// Strings are the parameters typed string: the stub converts them with
	// String() before handing them on, as WebIDL converts a DOMString.
	Strings []int  `json:"strings"`
	Value   string `json:"value,omitempty"`
}

// propertyValues are what the API's properties hold in the stub.
var propertyValues = map[string]string{
	"dom.mark":    "rmx-m1",
	"rmx.version": "1.0.2",
}

// replacedGlobals are the globals the sandbox replaces with errors that
// name the supported API (the specification's list and its kin); using
// one is recorded like any name the sandbox does not offer.
var replacedGlobals = [][2]string{
	{"document", "read and change the page with dom"},
	{"fetch", "send requests with rmx.fetch"},
	{"XMLHttpRequest", "send requests with rmx.fetch"},
	{"WebSocket", "there is no network in the sandbox"},
	{"EventSource", "there is no network in the sandbox"},
	{"localStorage", "keep data with rmx.storage"},
	{"sessionStorage", "keep data with rmx.storage"},
	{"indexedDB", "keep data with rmx.storage"},
	{"caches", "keep data with rmx.storage"},
	{"open", "a remixlet cannot open windows"},
	{"RTCPeerConnection", "the runtime removes WebRTC"},
	{"webkitRTCPeerConnection", "the runtime removes WebRTC"},
	{"RTCDataChannel", "the runtime removes WebRTC"},
}

// apiTable is sandboxapi's table, with each function's return type and the
// parameters that take a callback read from its signature.
func apiTable() []apiMember {
	var out []apiMember
	for _, m := range sandboxapi.Members() {
		a := apiMember{Path: m.Path, Name: m.Name(), Parent: m.Parent(), Callbacks: []int{}, Strings: []int{}}
		switch m.Kind {
		case sandboxapi.Namespace:
			a.Kind = "namespace"
		case sandboxapi.Function:
			a.Kind = "function"
		case sandboxapi.Property:
			a.Kind = "property"
			a.Value = propertyValues[m.Path]
		case sandboxapi.Method:
			a.Kind = "method"
		}
		if m.Kind == sandboxapi.Function || m.Kind == sandboxapi.Method {
			params, returns := splitSignature(m.Signature)
			a.Returns = returns
			a.Async = strings.HasPrefix(returns, "Promise<")
			for i, p := range params {
				if strings.Contains(p, "=>") {
					a.Callbacks = append(a.Callbacks, i)
				}
				if _, typ, _ := strings.Cut(p, ":"); strings.TrimSpace(typ) == "string" {
					a.Strings = append(a.Strings, i)
				}
			}
		}
		out = append(out, a)
	}
	return out
}

// splitSignature splits "(a: T, b: (x: U) => V): R" into its parameters'
// text and the return type.
func splitSignature(sig string) (params []string, returns string) {
	depth, start := 0, 1
	for i, c := range sig {
		switch c {
		case '(', '<', '[', '{':
			depth++
		case ')', '>', ']', '}':
			if c == '>' && i > 0 && sig[i-1] == '=' {
				continue // the arrow of a function type
			}
			depth--
			if depth == 0 && c == ')' {
				if p := strings.TrimSpace(sig[start:i]); p != "" {
					params = append(params, p)
				}
				return params, strings.TrimSpace(strings.TrimPrefix(sig[i+1:], ":"))
			}
		case ',':
			if depth == 1 {
				params = append(params, strings.TrimSpace(sig[start:i]))
				start = i + 1
			}
		}
	}
	return params, ""
}

func windowNames() []string {
	var out []string
	for _, line := range strings.Split(windowGlobals, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func harnessConfig() map[string]any {
	return map[string]any{
		"api":         apiTable(),
		"windowNames": windowNames(),
		"replaced":    replacedGlobals,
		"pageURL":     PageURL,
	}
}
