package netrules

import (
	"regexp/syntax"
	"strconv"

	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/site"
)

// The decoded form of rules.json keeps, for every value, whether it was
// written and where, so that each check can point at the key or value it
// concerns. Values of the wrong JSON type are left unset: the schema has
// reported them, and the rule is not checked further.

// text is a string value.
type text struct {
	V   string
	Off int // the value's offset
	Key int // the key's offset
	Set bool
}

// number is an integer value as written.
type number struct {
	V    int64
	Raw  string
	Off  int
	Key  int
	Set  bool
	Fits bool // parsed as an integer literal that fits in Chrome's long
}

type boolean struct {
	V   bool
	Off int
	Set bool
}

// texts is a list of strings.
type texts struct {
	V    []string
	Offs []int
	Off  int // the list's offset
	Key  int
	Set  bool
}

// Rule is one rule of rules.json as written.
type Rule struct {
	Index     int // position in the file, from 0
	Off       int // the rule object's offset
	End       int // just past the rule object
	ID        number
	Priority  number
	Condition Condition
	Action    Action

	// Parsed once, for every check that needs them.
	url    *site.URL
	urlErr error
	re     *syntax.Regexp
	reErr  error
	parsed bool
}

// parse parses the redirect url and the regexFilter, once.
func (r *Rule) parse() {
	if r.parsed {
		return
	}
	r.parsed = true
	if rd := r.Action.Redirect; rd != nil && rd.URL.Set {
		r.url, r.urlErr = site.Parse(rd.URL.V)
	}
	if f := r.Condition.RegexFilter; f.Set && f.V != "" && isASCII(f.V) {
		cs := r.Condition.IsURLFilterCaseSensitive
		r.re, r.reErr = parseRegex(f.V, cs.Set && cs.V)
	}
}

// redirectURL returns the parsed redirect url.
func (r *Rule) redirectURL() (*site.URL, error) {
	r.parse()
	return r.url, r.urlErr
}

// regex returns the parsed regexFilter (nil when there is none to parse).
func (r *Rule) regex() (*syntax.Regexp, error) {
	r.parse()
	return r.re, r.reErr
}

// Condition is a rule's condition.
type Condition struct {
	Off                      int
	URLFilter                text
	RegexFilter              text
	IsURLFilterCaseSensitive boolean
	InitiatorDomains         texts
	ExcludedInitiatorDomains texts
	RequestDomains           texts
	ExcludedRequestDomains   texts
	Domains                  texts // deprecated spelling of InitiatorDomains
	ExcludedDomains          texts // deprecated spelling of ExcludedInitiatorDomains
	ResourceTypes            texts
	ExcludedResourceTypes    texts
	RequestMethods           texts
	ExcludedRequestMethods   texts
	DomainType               text
	TabIDs                   texts // only presence and place matter: refused
	ExcludedTabIDs           texts
	ResponseHeaders          headerInfos
	ExcludedResponseHeaders  headerInfos
}

// objects is a list of objects.
type objects[T any] struct {
	V   []T
	Off int
	Key int
	Set bool
}

type headerInfos = objects[HeaderInfo]

// HeaderInfo is one response-header condition.
type HeaderInfo struct {
	Off            int
	Header         text
	Values         texts
	ExcludedValues texts
}

// Action is a rule's action.
type Action struct {
	Off             int
	Type            text
	Redirect        *Redirect
	RedirectKey     int
	RequestHeaders  modifyInfos
	ResponseHeaders modifyInfos
}

type modifyInfos = objects[ModifyHeaderInfo]

// ModifyHeaderInfo is one header change.
type ModifyHeaderInfo struct {
	Off       int
	Header    text
	Operation text
	Value     text
}

// Redirect is a redirect action's destination.
type Redirect struct {
	Off               int
	URL               text
	ExtensionPath     text
	Transform         *Transform
	TransformKey      int
	RegexSubstitution text
}

// Transform is a URL transform.
type Transform struct {
	Off            int
	Scheme         text
	Host           text
	Port           text
	Path           text
	Query          text
	QueryTransform *QueryTransform
	QueryTransKey  int
	Fragment       text
	Username       text
	Password       text
}

// QueryTransform changes query parameters.
type QueryTransform struct {
	RemoveParams       texts
	AddOrReplaceParams objects[QueryKeyValue]
}

// QueryKeyValue is one parameter to add or replace.
type QueryKeyValue struct {
	Key         text
	Value       text
	ReplaceOnly boolean
}

func getText(obj *strictjson.Value, name string) text {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.String {
		return text{}
	}
	return text{V: m.Value.Text, Off: m.Value.Offset, Key: m.NameOffset, Set: true}
}

func getBool(obj *strictjson.Value, name string) boolean {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.Bool {
		return boolean{}
	}
	return boolean{V: m.Value.Bool, Off: m.Value.Offset, Set: true}
}

func getNumber(obj *strictjson.Value, name string) number {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.Number {
		return number{}
	}
	n := number{Raw: m.Value.Text, Off: m.Value.Offset, Key: m.NameOffset, Set: true}
	// Chrome reads a number written with a fraction or exponent as a double,
	// which is not an integer to its parser even when the value is whole.
	if v, err := strconv.ParseInt(n.Raw, 10, 32); err == nil {
		n.V, n.Fits = v, true
	}
	return n
}

func getTexts(obj *strictjson.Value, name string) texts {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.Array {
		return texts{}
	}
	t := texts{Off: m.Value.Offset, Key: m.NameOffset, Set: true}
	for _, it := range m.Value.Items {
		switch it.Kind {
		case strictjson.String:
			t.V = append(t.V, it.Text)
		case strictjson.Number:
			t.V = append(t.V, it.Text)
		default:
			continue
		}
		t.Offs = append(t.Offs, it.Offset)
	}
	return t
}

func getObject(obj *strictjson.Value, name string) (*strictjson.Value, int) {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.Object {
		return nil, 0
	}
	return m.Value, m.NameOffset
}

func decodeRule(i int, v *strictjson.Value) *Rule {
	r := &Rule{Index: i, Off: v.Offset, End: v.End, ID: getNumber(v, "id"), Priority: getNumber(v, "priority")}
	if c, _ := getObject(v, "condition"); c != nil {
		r.Condition = decodeCondition(c)
	}
	if a, _ := getObject(v, "action"); a != nil {
		r.Action = decodeAction(a)
	}
	return r
}

func decodeCondition(c *strictjson.Value) Condition {
	return Condition{
		Off:                      c.Offset,
		URLFilter:                getText(c, "urlFilter"),
		RegexFilter:              getText(c, "regexFilter"),
		IsURLFilterCaseSensitive: getBool(c, "isUrlFilterCaseSensitive"),
		InitiatorDomains:         getTexts(c, "initiatorDomains"),
		ExcludedInitiatorDomains: getTexts(c, "excludedInitiatorDomains"),
		RequestDomains:           getTexts(c, "requestDomains"),
		ExcludedRequestDomains:   getTexts(c, "excludedRequestDomains"),
		Domains:                  getTexts(c, "domains"),
		ExcludedDomains:          getTexts(c, "excludedDomains"),
		ResourceTypes:            getTexts(c, "resourceTypes"),
		ExcludedResourceTypes:    getTexts(c, "excludedResourceTypes"),
		RequestMethods:           getTexts(c, "requestMethods"),
		ExcludedRequestMethods:   getTexts(c, "excludedRequestMethods"),
		DomainType:               getText(c, "domainType"),
		TabIDs:                   getTexts(c, "tabIds"),
		ExcludedTabIDs:           getTexts(c, "excludedTabIds"),
		ResponseHeaders:          getObjects(c, "responseHeaders", decodeHeaderInfo),
		ExcludedResponseHeaders:  getObjects(c, "excludedResponseHeaders", decodeHeaderInfo),
	}
}

// getObjects decodes a list of objects with decode, skipping items of the
// wrong type (the schema reports them).
func getObjects[T any](obj *strictjson.Value, name string, decode func(*strictjson.Value) T) objects[T] {
	m := obj.Get(name)
	if m == nil || m.Value.Kind != strictjson.Array {
		return objects[T]{}
	}
	l := objects[T]{Off: m.Value.Offset, Key: m.NameOffset, Set: true}
	for _, it := range m.Value.Items {
		if it.Kind == strictjson.Object {
			l.V = append(l.V, decode(it))
		}
	}
	return l
}

func decodeHeaderInfo(it *strictjson.Value) HeaderInfo {
	return HeaderInfo{Off: it.Offset, Header: getText(it, "header"), Values: getTexts(it, "values"), ExcludedValues: getTexts(it, "excludedValues")}
}

func decodeModifyInfo(it *strictjson.Value) ModifyHeaderInfo {
	return ModifyHeaderInfo{Off: it.Offset, Header: getText(it, "header"), Operation: getText(it, "operation"), Value: getText(it, "value")}
}

func decodeKeyValue(it *strictjson.Value) QueryKeyValue {
	return QueryKeyValue{Key: getText(it, "key"), Value: getText(it, "value"), ReplaceOnly: getBool(it, "replaceOnly")}
}

func decodeAction(a *strictjson.Value) Action {
	act := Action{Off: a.Offset, Type: getText(a, "type")}
	if rd, key := getObject(a, "redirect"); rd != nil {
		act.Redirect = decodeRedirect(rd)
		act.RedirectKey = key
	}
	act.RequestHeaders = getObjects(a, "requestHeaders", decodeModifyInfo)
	act.ResponseHeaders = getObjects(a, "responseHeaders", decodeModifyInfo)
	return act
}

func decodeRedirect(rd *strictjson.Value) *Redirect {
	r := &Redirect{Off: rd.Offset, URL: getText(rd, "url"), ExtensionPath: getText(rd, "extensionPath"), RegexSubstitution: getText(rd, "regexSubstitution")}
	if t, key := getObject(rd, "transform"); t != nil {
		r.Transform = decodeTransform(t)
		r.TransformKey = key
	}
	return r
}

func decodeTransform(t *strictjson.Value) *Transform {
	tr := &Transform{
		Off: t.Offset, Scheme: getText(t, "scheme"), Host: getText(t, "host"), Port: getText(t, "port"),
		Path: getText(t, "path"), Query: getText(t, "query"), Fragment: getText(t, "fragment"),
		Username: getText(t, "username"), Password: getText(t, "password"),
	}
	if q, key := getObject(t, "queryTransform"); q != nil {
		qt := &QueryTransform{RemoveParams: getTexts(q, "removeParams"), AddOrReplaceParams: getObjects(q, "addOrReplaceParams", decodeKeyValue)}
		tr.QueryTransform = qt
		tr.QueryTransKey = key
	}
	return tr
}
