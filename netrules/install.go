package netrules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// Options says how rules are installed.
type Options struct {
	// ExtensionID is the id of the extension that installs the rules (32
	// letters a to p). It is required for a remixlet that runs on every
	// site, whose rules then exclude every request the extension itself
	// sends; for any other remixlet it is added to the exclusion too.
	ExtensionID string
	// ExtensionHosts are the hosts the extension itself sends requests to
	// or opens windows on: its sign-in providers' pages, the AI providers'
	// APIs. Requests the extension starts without an initiator (a
	// chrome.identity.launchWebAuthFlow window, a tab it opens) and the
	// requests those pages make carry no extension id, so every rule of
	// every remixlet excludes these hosts, and the extension's own
	// ID.chromiumapp.org (where a sign-in flow returns), both as request
	// domains and as initiators; a rule that names one is refused. Each is
	// a host name as a browser spells it (lower case, punycode) and covers
	// its subdomains, so list the exact hosts (accounts.example.com, not
	// example.com).
	ExtensionHosts []string
}

// ExtensionHostError is returned by Result.Installed when rules name a
// host of Options.ExtensionHosts (or the extension's ID.chromiumapp.org):
// the findings say which rule, where, and what to do instead.
type ExtensionHostError struct {
	Findings []finding.Finding
}

func (e *ExtensionHostError) Error() string {
	return fmt.Sprintf("%d rules name hosts the extension itself uses, and no rule may act on requests Remixlet sends: remove those hosts from the rules", len(e.Findings))
}

// ErrNeedExtensionID is returned by Install for a remixlet that runs on
// every site when Options.ExtensionID is empty.
var ErrNeedExtensionID = errors.New("the rules of a remixlet that runs on every site must exclude the extension's own requests: give the extension's id (--extension-id)")

// Install checks rules.json's bytes against the manifest and returns the
// installed form: the kept rules as a JSON list, normalised and scoped (see
// the package comment). When a finding refuses the file, installed is nil.
// The error is for what makes installing impossible besides the rules (no
// manifest, a missing or malformed extension id).
func Install(src []byte, m *manifest.Manifest, opts Options) (installed []byte, findings []finding.Finding, err error) {
	if m == nil {
		return nil, nil, errors.New("netrules: Install needs the remixlet's manifest")
	}
	res := Check(src, m)
	if res.Refused() {
		return nil, res.Findings, nil
	}
	out, err := res.Installed(m, opts)
	if he, ok := errors.AsType[*ExtensionHostError](err); ok {
		all := append(slices.Clone(res.Findings), he.Findings...)
		finding.Sort(all)
		return nil, all, nil
	}
	return out, res.Findings, err
}

// Installed returns the installed form of a result Check returned for the
// same manifest. It fails on a refused result.
func (r *Result) Installed(m *manifest.Manifest, opts Options) ([]byte, error) {
	switch {
	case r.Refused():
		return nil, errors.New("netrules: the rules are refused; fix the errors first")
	case !m.Has(manifest.NetRules):
		return nil, errors.New("the manifest has no netrules permission, and rules.json is installed only with it: add it and ask the user, or remove rules.json")
	case opts.ExtensionID != "" && !validExtensionID(opts.ExtensionID):
		return nil, fmt.Errorf("%q is not an extension id: an id is 32 letters from a to p", opts.ExtensionID)
	case m.EverySite() && opts.ExtensionID == "":
		return nil, ErrNeedExtensionID
	}
	for _, h := range opts.ExtensionHosts {
		if canon, err := site.CanonicalHost(h); err != nil || canon != h {
			return nil, fmt.Errorf("extension host %q is not a host name as a browser spells it: %s", h, hostAdvice(h, canon, err))
		}
	}
	named := opts.extensionHosts()
	if opts.ExtensionID != "" {
		named = append(named, opts.ExtensionID) // as an initiator: the extension's own pages
	}
	if fs := r.namesExtensionHosts(m, named); len(fs) > 0 {
		return nil, &ExtensionHostError{Findings: fs}
	}
	return r.installed(m, opts)
}

func hostAdvice(h, canon string, err error) string {
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("write %s", canon)
}

// extensionHosts are the hosts every rule excludes: Options.ExtensionHosts
// and, with an extension id, the host a sign-in flow returns to.
func (opts Options) extensionHosts() []string {
	hosts := slices.Clone(opts.ExtensionHosts)
	if opts.ExtensionID != "" {
		hosts = append(hosts, opts.ExtensionID+".chromiumapp.org")
	}
	return dedupe(hosts)
}

func validExtensionID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 'a' || id[i] > 'p' {
			return false
		}
	}
	return true
}

// The installed form, in Chrome's JSON shape. Pointers mark values whose
// presence matters even when empty (a transform's "path": "" clears it).
type (
	installedRule struct {
		ID        int64              `json:"id"`
		Priority  int64              `json:"priority"`
		Condition installedCondition `json:"condition"`
		Action    installedAction    `json:"action"`
	}
	installedCondition struct {
		URLFilter                *string               `json:"urlFilter,omitempty"`
		RegexFilter              *string               `json:"regexFilter,omitempty"`
		IsURLFilterCaseSensitive *bool                 `json:"isUrlFilterCaseSensitive,omitempty"`
		InitiatorDomains         []string              `json:"initiatorDomains,omitempty"`
		ExcludedInitiatorDomains []string              `json:"excludedInitiatorDomains,omitempty"`
		RequestDomains           []string              `json:"requestDomains,omitempty"`
		ExcludedRequestDomains   []string              `json:"excludedRequestDomains,omitempty"`
		ResourceTypes            []string              `json:"resourceTypes,omitempty"`
		ExcludedResourceTypes    []string              `json:"excludedResourceTypes,omitempty"`
		RequestMethods           []string              `json:"requestMethods,omitempty"`
		ExcludedRequestMethods   []string              `json:"excludedRequestMethods,omitempty"`
		DomainType               string                `json:"domainType,omitempty"`
		ResponseHeaders          []installedHeaderInfo `json:"responseHeaders,omitempty"`
		ExcludedResponseHeaders  []installedHeaderInfo `json:"excludedResponseHeaders,omitempty"`
	}
	installedHeaderInfo struct {
		Header         string    `json:"header"`
		Values         *[]string `json:"values,omitempty"`
		ExcludedValues *[]string `json:"excludedValues,omitempty"`
	}
	installedAction struct {
		Type            string             `json:"type"`
		Redirect        *installedRedirect `json:"redirect,omitempty"`
		RequestHeaders  []installedModify  `json:"requestHeaders,omitempty"`
		ResponseHeaders []installedModify  `json:"responseHeaders,omitempty"`
	}
	installedModify struct {
		Header    string  `json:"header"`
		Operation string  `json:"operation"`
		Value     *string `json:"value,omitempty"`
	}
	installedRedirect struct {
		URL               string              `json:"url,omitempty"`
		Transform         *installedTransform `json:"transform,omitempty"`
		RegexSubstitution string              `json:"regexSubstitution,omitempty"`
	}
	installedTransform struct {
		Scheme         string                   `json:"scheme"`
		Host           string                   `json:"host,omitempty"`
		Port           *string                  `json:"port,omitempty"`
		Path           *string                  `json:"path,omitempty"`
		Query          *string                  `json:"query,omitempty"`
		QueryTransform *installedQueryTransform `json:"queryTransform,omitempty"`
		Fragment       *string                  `json:"fragment,omitempty"`
	}
	installedQueryTransform struct {
		RemoveParams       *[]string          `json:"removeParams,omitempty"`
		AddOrReplaceParams *[]installedKeyVal `json:"addOrReplaceParams,omitempty"`
	}
	installedKeyVal struct {
		Key         string `json:"key"`
		Value       string `json:"value"`
		ReplaceOnly *bool  `json:"replaceOnly,omitempty"`
	}
)

// installed builds the installed form of the kept rules. Only called on a
// result with no error, so every kept rule passed every check.
func (r *Result) installed(m *manifest.Manifest, opts Options) ([]byte, error) {
	rules, err := r.scoped(m, opts)
	if err != nil {
		return nil, err
	}
	// One rule per line: readable, diffable, and quick to write.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteString("[")
	for i, ir := range rules {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  ")
		if err := enc.Encode(ir); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
	}
	if len(rules) > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	return buf.Bytes(), nil
}

// scoped returns the kept rules in their installed form, scoped.
func (r *Result) scoped(m *manifest.Manifest, opts Options) ([]installedRule, error) {
	every := m.EverySite()
	sites := SiteHosts(m)
	var own []string
	if every {
		own = dedupe(append(m.Hosts(manifest.Fetch), m.Hosts(manifest.NetworkObserve)...))
	}
	extHosts := opts.extensionHosts()
	rules := []installedRule{}
	for _, rule := range r.Kept() {
		ir, err := install(rule)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rule.Name(), err)
		}
		c := &ir.Condition
		if !every && len(c.InitiatorDomains) == 0 {
			// The remixlet's sites, less those the extension's hosts cover
			// (excluded below; namesExtensionHosts refused a rule they all are).
			for _, h := range sites {
				if _, covered := allCovered([]string{h}, extHosts); !covered {
					c.InitiatorDomains = append(c.InitiatorDomains, h)
				}
			}
		}
		if opts.ExtensionID != "" && !slices.Contains(c.ExcludedInitiatorDomains, opts.ExtensionID) {
			c.ExcludedInitiatorDomains = append(c.ExcludedInitiatorDomains, opts.ExtensionID)
		}
		c.ExcludedInitiatorDomains = dedupe(append(c.ExcludedInitiatorDomains, extHosts...))
		c.ExcludedRequestDomains = dedupe(slices.Concat(c.ExcludedRequestDomains, own, extHosts))
		rules = append(rules, ir)
	}
	return rules, nil
}

// install turns one checked rule into its installed form.
func install(r *Rule) (installedRule, error) {
	cond, act := &r.Condition, &r.Action
	ir := installedRule{ID: r.ID.V, Priority: 1}
	if r.Priority.Set {
		ir.Priority = r.Priority.V
	}
	c := &ir.Condition
	c.URLFilter = strPtr(cond.URLFilter)
	c.RegexFilter = strPtr(cond.RegexFilter)
	if cond.IsURLFilterCaseSensitive.Set {
		c.IsURLFilterCaseSensitive = &cond.IsURLFilterCaseSensitive.V
	}
	// The deprecated domains and excludedDomains become what Chrome maps
	// them to.
	c.InitiatorDomains = lowerAll(cond.InitiatorDomains.V, cond.Domains.V)
	c.ExcludedInitiatorDomains = lowerAll(cond.ExcludedInitiatorDomains.V, cond.ExcludedDomains.V)
	c.RequestDomains = lowerAll(cond.RequestDomains.V)
	c.ExcludedRequestDomains = lowerAll(cond.ExcludedRequestDomains.V)
	c.ResourceTypes = slices.Clone(cond.ResourceTypes.V)
	c.ExcludedResourceTypes = slices.Clone(cond.ExcludedResourceTypes.V)
	c.RequestMethods = slices.Clone(cond.RequestMethods.V)
	c.ExcludedRequestMethods = slices.Clone(cond.ExcludedRequestMethods.V)
	c.DomainType = cond.DomainType.V
	c.ResponseHeaders = installHeaderInfos(cond.ResponseHeaders)
	c.ExcludedResponseHeaders = installHeaderInfos(cond.ExcludedResponseHeaders)

	a := &ir.Action
	a.Type = act.Type.V
	switch act.Type.V {
	case "redirect":
		rd, err := installRedirect(act.Redirect)
		if err != nil {
			return ir, err
		}
		a.Redirect = rd
	case "modifyHeaders":
		a.RequestHeaders = installModify(act.RequestHeaders)
		a.ResponseHeaders = installModify(act.ResponseHeaders)
	}
	return ir, nil
}

func installRedirect(rd *Redirect) (*installedRedirect, error) {
	out := &installedRedirect{}
	switch rd.form() {
	case "url":
		u, err := site.Parse(rd.URL.V) // a fresh copy: the host is changed below
		if err != nil {
			return nil, err
		}
		// The address as checked: parsed and serialised, with one trailing
		// dot of the host removed (the one Chrome drops when it compares).
		u.Hostname = strings.TrimSuffix(u.Hostname, ".")
		out.URL = u.Href()
	case "transform":
		t := rd.Transform
		it := &installedTransform{Scheme: t.Scheme.V}
		if t.Host.Set {
			h, err := transformHost(t.Host.V)
			if err != nil {
				return nil, err
			}
			it.Host = strings.TrimSuffix(h, ".") // as checked, as for url below
		}
		it.Port, it.Path, it.Query, it.Fragment = strPtr(t.Port), strPtr(t.Path), strPtr(t.Query), strPtr(t.Fragment)
		if q := t.QueryTransform; q != nil {
			iq := &installedQueryTransform{}
			if q.RemoveParams.Set {
				rp := append([]string{}, q.RemoveParams.V...) // [] stays [], not null
				iq.RemoveParams = &rp
			}
			if q.AddOrReplaceParams.Set {
				kvs := []installedKeyVal{}
				for _, kv := range q.AddOrReplaceParams.V {
					ikv := installedKeyVal{Key: kv.Key.V, Value: kv.Value.V}
					if kv.ReplaceOnly.Set {
						ikv.ReplaceOnly = &kv.ReplaceOnly.V
					}
					kvs = append(kvs, ikv)
				}
				iq.AddOrReplaceParams = &kvs
			}
			it.QueryTransform = iq
		}
		out.Transform = it
	case "regexSubstitution":
		// The literal start as checked (https://HOST, the host canonical
		// without the trailing dot Chrome drops), then the rest as written.
		sub := rd.RegexSubstitution.V
		u, why := substitutionStart(sub)
		if why != "" {
			return nil, errors.New(why)
		}
		_, rest, _ := strings.Cut(sub, "://")
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			rest = rest[i:]
		} else {
			rest = ""
		}
		out.RegexSubstitution = "https://" + strings.TrimSuffix(u.Hostname, ".") + rest
	default:
		return nil, fmt.Errorf("redirect form %q cannot be installed", rd.form())
	}
	return out, nil
}

func installHeaderInfos(h headerInfos) []installedHeaderInfo {
	var out []installedHeaderInfo
	for _, hi := range h.V {
		ih := installedHeaderInfo{Header: strings.ToLower(hi.Header.V)}
		if hi.Values.Set {
			v := append([]string{}, hi.Values.V...)
			ih.Values = &v
		}
		if hi.ExcludedValues.Set {
			v := append([]string{}, hi.ExcludedValues.V...)
			ih.ExcludedValues = &v
		}
		out = append(out, ih)
	}
	return out
}

func installModify(h modifyInfos) []installedModify {
	var out []installedModify
	for _, mh := range h.V {
		out = append(out, installedModify{Header: strings.ToLower(mh.Header.V), Operation: mh.Operation.V, Value: strPtr(mh.Value)})
	}
	return out
}

func strPtr(t text) *string {
	if !t.Set {
		return nil
	}
	v := t.V
	return &v
}

// lowerAll lower-cases and joins domain lists, dropping repeats.
func lowerAll(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, d := range l {
			out = append(out, strings.ToLower(d))
		}
	}
	return dedupe(out)
}

func dedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// SiteHosts returns the hosts of a remixlet's matches as initiatorDomains
// (which cover subdomains): each pattern's host, without hosts another one
// already covers. It is empty for a remixlet that runs on every site.
func SiteHosts(m *manifest.Manifest) []string {
	if m.EverySite() {
		return nil
	}
	var hosts []string
	for _, p := range m.Matches {
		hosts = append(hosts, p.Host)
	}
	hosts = dedupe(hosts)
	var out []string
	for _, h := range hosts {
		covered := slices.ContainsFunc(hosts, func(o string) bool { return o != h && strings.HasSuffix(h, "."+o) })
		if !covered {
			out = append(out, h)
		}
	}
	return out
}

// WithoutLeftOut returns rules.json as stored, less the rules a legacy
// remixlet leaves out, each kept rule exactly as written. It returns nil
// when the file is refused (fix the errors first) or not a list.
func (r *Result) WithoutLeftOut() []byte {
	if r.Refused() || r.root == nil {
		return nil
	}
	var b bytes.Buffer
	b.WriteString("[")
	first := true
	for _, rule := range r.Kept() {
		if !first {
			b.WriteString(",")
		}
		first = false
		b.WriteString("\n  ")
		b.Write(r.src[rule.Off:rule.End])
	}
	if !first {
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return b.Bytes()
}
