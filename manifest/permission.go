package manifest

import (
	"net/netip"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/site"
)

// Permission kinds, as written before any host.
const (
	Storage        = "storage"
	Clipboard      = "clipboard"
	Notifications  = "notifications"
	Menu           = "menu"
	Schedule       = "schedule"
	NetRules       = "netrules"
	Fetch          = "fetch"
	NetworkObserve = "network:observe"
)

// Permission is one entry of the manifest's permissions.
type Permission struct {
	Name   string // as written: "storage", "fetch:api.example.com"
	Kind   string // one of the kinds above
	Host   string // for Fetch and NetworkObserve: the canonical host
	Reason string
	Pos    finding.Position // of the permission string in manifest.json
}

var simpleKinds = []string{Storage, Clipboard, Notifications, Menu, Schedule, NetRules}

func (r *reader) permission(v *strictjson.Value) (Permission, bool) {
	name := v.Text
	for _, k := range simpleKinds {
		if name == k {
			return Permission{Name: name, Kind: k, Pos: r.lines.Position(v.Offset)}, true
		}
	}
	for _, k := range []string{Fetch, NetworkObserve} {
		host, ok := strings.CutPrefix(name, k+":")
		if !ok {
			continue
		}
		canon, err := site.CanonicalHost(host)
		if err != nil {
			r.report(RulePermissionHost, v.Offset, "%q: %v", name, err)
			return Permission{}, false
		}
		if canon != host {
			r.report(RulePermissionHost, v.Offset, "%q is not written canonically: write %q", name, k+":"+canon)
			return Permission{}, false
		}
		if why := privateHost(canon); why != "" {
			r.report(RulePrivateHost, v.Offset, "%q names %s, and requests go out signed in as the user: use the public host the data lives on, or make sure the user means this host", name, why)
		}
		return Permission{Name: name, Kind: k, Host: canon, Pos: r.lines.Position(v.Offset)}, true
	}
	r.report(RuleUnknownPermission, v.Offset, "%q is not a permission: use storage, clipboard, notifications, menu, schedule, netrules, fetch:HOST or network:observe:HOST", name)
	return Permission{}, false
}

// privateHost says which private or local network host is named, or "".
func privateHost(host string) string {
	if addr, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		switch {
		case addr.IsLoopback():
			return "a loopback address (this computer)"
		case addr.IsPrivate(), addr.IsLinkLocalUnicast(), addr.IsUnspecified(), sharedAddressSpace.Contains(addr.Unmap()):
			return "an address on a private network"
		}
		return ""
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return "this computer (localhost)"
	}
	for _, suffix := range []string{".local", ".internal", ".home.arpa", ".lan", ".intranet", ".corp"} {
		if strings.HasSuffix(host, suffix) {
			return "a host on a local network (" + suffix + ")"
		}
	}
	if !strings.Contains(host, ".") {
		return "a single-label name, which resolves on the local network"
	}
	return ""
}

// sharedAddressSpace is 100.64.0.0/10 (RFC 6598), carrier-grade NAT.
var sharedAddressSpace = netip.MustParsePrefix("100.64.0.0/10")
