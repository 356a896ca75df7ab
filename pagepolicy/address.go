package pagepolicy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/remixlet/remixlet/site"
)

// Page is what the page agent knows of the page an address is given on.
type Page struct {
	// URL is the page's address: its origin is the page's own.
	URL string `json:"url"`
	// Base is the document's base address (document.baseURI), which a
	// relative address resolves against; "" for URL.
	Base string `json:"base,omitempty"`
	// Loads are addresses the page already loads (its images, links,
	// stylesheets): one of them, exactly, may be reused.
	Loads []string `json:"loads,omitempty"`
}

// Why an address passes.
const (
	SameOrigin = "page-origin" // on the page's own origin
	OwnSite    = "site"        // on a host the remixlet's matches cover
	FetchHost  = "fetch-host"  // on a host a fetch: permission names
	PageLoad   = "page-load"   // an address the page already loads, exactly
	DataImage  = "data-image"  // a data: image, for an img src
)

// AddressVerdict is the address rule's answer for one href or src.
type AddressVerdict struct {
	Address string `json:"address"`
	// Resolved is the address as the browser resolves it against the
	// page's base: what the element gets, so a page that changes its
	// base later cannot redirect the load. "" when it does not parse.
	Resolved string `json:"resolved"`
	Allowed  bool   `json:"allowed"`
	Because  string `json:"because,omitempty"` // SameOrigin, OwnSite, …, when allowed
	Reason   string `json:"reason,omitempty"`  // why not, with what to do instead
}

// JudgeAddress applies the page agent's address rule to the value of a
// checked attribute (href on a link, src on an image; image is set for
// the latter): the address is resolved as the browser resolves it, and the
// result must be on the page's own origin, on one of the remixlet's sites
// or a host a fetch: permission names (reach), exactly an address the
// page already loads, or, for an image, a data: image. Never javascript:
// or blob:.
func JudgeAddress(raw string, image bool, page Page, reach site.Reach) AddressVerdict {
	v := AddressVerdict{Address: raw}
	refuse := func(format string, args ...any) AddressVerdict {
		v.Reason = fmt.Sprintf(format, args...)
		return v
	}
	pageURL, err := site.Parse(page.URL)
	if err != nil {
		return refuse("the page's address %q does not parse, so no address on it can be judged", page.URL)
	}
	base := pageURL
	if page.Base != "" {
		if base, err = site.Resolve(page.Base, pageURL); err != nil {
			return refuse("the page's base address %q does not parse, so no relative address on it can be judged", page.Base)
		}
	}
	u, err := site.Resolve(raw, base)
	if err != nil {
		var pe *site.ParseError
		if errors.As(err, &pe) {
			return refuse("the browser cannot read this address (%s): give a full https:// address", pe.Why)
		}
		return refuse("the browser cannot read this address: give a full https:// address")
	}
	v.Resolved = u.Href()
	switch u.Scheme {
	case "javascript", "blob":
		return refuse("a %s: address is never allowed: it runs code or names data the page made; use an https:// address", u.Scheme)
	case "data":
		if image && strings.HasPrefix(strings.ToLower(u.Pathname()), "image/") {
			v.Allowed, v.Because = true, DataImage
			return v
		}
		return refuse("a data: address is allowed only as an image's src, and only for an image type (data:image/…)")
	case "http", "https":
	default:
		return refuse("a %s: address is not on the page's origin, a site of the remixlet or a fetch: host: use an https:// address", u.Scheme)
	}
	if u.Username != "" || u.Password != "" {
		return refuse("an address with a user name or password hides its real host from people reading it: remove the part before @")
	}
	switch {
	case u.Scheme == pageURL.Scheme && u.Hostname == pageURL.Hostname && u.Port == pageURL.Port:
		v.Because = SameOrigin
	case reach.CoversHost(u.Hostname) || reach.EverySite():
		v.Because = OwnSite
	case reach.AllowsHost(u.Hostname):
		v.Because = FetchHost
	case loadsExactly(page, pageURL, v.Resolved):
		v.Because = PageLoad
	default:
		return refuse("%s is not the page's origin, a site the remixlet runs on, a host a fetch: permission names, or an address the page already loads: use one of those, or add a fetch:%s permission and ask the user", u.Hostname, strings.TrimSuffix(u.Hostname, "."))
	}
	v.Allowed = true
	return v
}

// loadsExactly reports whether the page already loads resolved: one of its
// loads, read against the page's address, is the same address.
func loadsExactly(page Page, pageURL *site.URL, resolved string) bool {
	for _, l := range page.Loads {
		if u, err := site.Resolve(l, pageURL); err == nil && u.Href() == resolved {
			return true
		}
	}
	return false
}
