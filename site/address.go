package site

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Reach is where a remixlet may load from: the hosts its match patterns
// cover and the hosts its fetch: permissions name. A network:observe:
// permission allows no loads, so it has no place here.
type Reach struct {
	Matches []Pattern
	Fetch   []string // canonical hosts, as CanonicalHost returns them
}

// EverySite reports whether some match pattern covers every host.
func (r Reach) EverySite() bool { return slices.ContainsFunc(r.Matches, Pattern.EverySite) }

// CoversHost reports whether some match pattern's host part covers host.
func (r Reach) CoversHost(host string) bool {
	return slices.ContainsFunc(r.Matches, func(p Pattern) bool { return p.MatchesHost(host) })
}

// AllowsHost reports whether the address rule lets a remixlet load from
// host (canonical, as Parse returns it): a host its matches cover, one a
// fetch: permission names, or any host for a remixlet that runs on every
// site. Like Chrome, it drops one trailing dot from the host before it
// compares, and only one: "example.com.." is not "example.com".
func (r Reach) AllowsHost(host string) bool {
	return r.EverySite() || r.CoversHost(host) || slices.Contains(r.Fetch, strings.TrimSuffix(host, "."))
}

// Load is the verdict of the address rule on one address a remixlet asks
// the page to load (a stylesheet url(), an image src, a link href).
type Load struct {
	Raw      string // as written, after the caller decoded its own escapes
	Resolved string // the address as the browser resolves it; "" if it does not parse
	Host     string // the resolved host
	Allowed  bool
	Problem  LoadProblem // why it is refused; LoadAllowed when allowed
	Reason   string      // why it is refused, with what to do instead; "" when allowed
}

// LoadProblem classifies a refusal of the address rule, so that callers
// can cite a rule of their own for each kind.
type LoadProblem int

const (
	LoadAllowed  LoadProblem = iota
	LoadRelative             // relative or scheme-relative: resolves against the page
	LoadScheme               // a scheme other than http and https (data:, javascript:, blob:)
	LoadUserinfo             // a user name or password before the host
	LoadHost                 // a host neither the matches cover nor a fetch: permission names
	LoadInvalid              // has a scheme but does not parse as an address (a bad host or port)
)

// CheckLoad applies the address rule the stylesheet guard and the script
// lint share: a load must be a full http:// or https:// address, without
// user name or password, on a host the remixlet's matches cover or a fetch:
// permission names. A remixlet that runs on every site may load from any
// host. The address is read by Parse, as a browser reads it (leading and
// trailing control characters and spaces stripped, tabs and newlines
// removed, backslashes as slashes, IDN to punycode, IPv4 shorthand), so the
// host checked is the host the browser would contact.
func (r Reach) CheckLoad(raw string) Load {
	l := Load{Raw: raw}
	refuse := func(p LoadProblem, reason string, args ...any) Load {
		l.Problem, l.Reason = p, fmt.Sprintf(reason, args...)
		return l
	}
	if IsSchemeRelative(raw) {
		return refuse(LoadRelative, "a scheme-relative address takes its scheme from the page: write the full https:// address")
	}
	u, err := Parse(raw)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) && pe.Relative {
			return refuse(LoadRelative, "not a full address (a relative address resolves against the page, which the remixlet does not control): write the full https:// address")
		}
		if pe.SpaceHost {
			return refuse(LoadInvalid, "this address reaches no web host (%s): write a full https:// address on a site's host", pe.Why)
		}
		return refuse(LoadInvalid, "the browser cannot parse this address (%s): write a valid full https:// address", pe.Why)
	}
	l.Resolved = u.Href()
	if u.Scheme != "http" && u.Scheme != "https" {
		return refuse(LoadScheme, "a %s: address is not loaded from the network the rule can check: use a full https:// address on a host your matches cover", u.Scheme)
	}
	l.Host = u.Hostname
	if u.Username != "" || u.Password != "" {
		return refuse(LoadUserinfo, "an address with a user name or password hides its real host from people reading it: remove the part before @")
	}
	if !r.AllowsHost(l.Host) {
		return refuse(LoadHost, "%s is neither a site the remixlet runs on nor a host a fetch: permission names: load from a host your matches cover, or add a fetch:%s permission and ask the user", l.Host, strings.TrimSuffix(l.Host, "."))
	}
	l.Allowed = true
	return l
}

// IsSchemeRelative reports an address that starts, as a browser reads it,
// with two slashes or backslashes ("//host/x", "\\host\x"): it takes its
// scheme from the page it is on.
func IsSchemeRelative(raw string) bool {
	s := Clean(raw)
	return len(s) >= 2 && (s[0] == '/' || s[0] == '\\') && (s[1] == '/' || s[1] == '\\')
}
