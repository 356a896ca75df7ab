package manifest

import (
	"fmt"
	"slices"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

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
// permission names. A network:observe: permission allows no loads. A
// remixlet that runs on every site may load from any host. The address is
// parsed as a browser parses it (WHATWG URL: tabs and newlines removed,
// backslashes as slashes, IDN to punycode, IPv4 shorthand), so the host
// checked is the host the browser would contact.
func (m *Manifest) CheckLoad(raw string) Load {
	l := Load{Raw: raw}
	trimmed := strings.TrimLeft(raw, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	// The browser removes tabs and newlines anywhere before parsing.
	trimmed = tabsAndNewlines.Replace(trimmed)
	if strings.HasPrefix(trimmed, "//") || strings.HasPrefix(trimmed, `\\`) || strings.HasPrefix(trimmed, `/\`) || strings.HasPrefix(trimmed, `\/`) {
		l.Problem = LoadRelative
		l.Reason = "a scheme-relative address takes its scheme from the page: write the full https:// address"
		return l
	}
	u, err := whatwg.Parse(raw)
	if err != nil && hasScheme(trimmed) {
		l.Problem = LoadInvalid
		l.Reason = "the browser cannot parse this address (a malformed host or port): write a valid full https:// address"
		return l
	}
	if err != nil {
		l.Problem = LoadRelative
		l.Reason = "not a full address (a relative address resolves against the page, which the remixlet does not control): write the full https:// address"
		return l
	}
	scheme := strings.TrimSuffix(u.Protocol(), ":")
	l.Resolved = u.Href(false)
	if scheme != "http" && scheme != "https" {
		l.Problem = LoadScheme
		l.Reason = fmt.Sprintf("a %s: address is not loaded from the network the rule can check: use a full https:// address on a host your matches cover", scheme)
		return l
	}
	l.Host = u.Hostname()
	if u.Username() != "" || u.Password() != "" {
		l.Problem = LoadUserinfo
		l.Reason = "an address with a user name or password hides its real host from people reading it: remove the part before @"
		return l
	}
	if !m.AllowsHost(l.Host) {
		l.Problem = LoadHost
		l.Reason = fmt.Sprintf("%s is neither a site the remixlet runs on nor a host a fetch: permission names: load from a host your matches cover, or add a fetch:%s permission and ask the user", l.Host, l.Host)
		return l
	}
	l.Allowed = true
	return l
}

// tabsAndNewlines removes what the URL parser removes anywhere.
var tabsAndNewlines = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// hasScheme reports whether s starts with a URL scheme and its colon.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// AllowsHost reports whether the address rule lets a remixlet load from
// host (canonical, as a browser spells it): a host its matches cover, one a
// fetch: permission names, or any host for a remixlet that runs on every
// site.
func (m *Manifest) AllowsHost(host string) bool {
	host = strings.TrimSuffix(host, ".")
	return m.EverySite() || m.CoversHost(host) || slices.Contains(m.Hosts(Fetch), host)
}
