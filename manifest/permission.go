package manifest

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
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

// PermissionError is why a permission string is not one the manifest
// accepts: the rule that refuses it, and what to write instead.
type PermissionError struct {
	Rule *finding.Rule
	Msg  string
}

func (e *PermissionError) Error() string { return e.Msg }

// ParsePermission reads one permission as manifest.json writes it
// ("storage", "fetch:api.example.com"), with the manifest's own rules: a
// kind it has, and a host written canonically. Pos is left unset. Every
// reader of a permission string (the manifest, a config's policy) goes
// through it, so they agree on what a spelling means.
func ParsePermission(name string) (Permission, error) {
	if slices.Contains(simpleKinds, name) {
		return Permission{Name: name, Kind: name}, nil
	}
	for _, k := range []string{Fetch, NetworkObserve} {
		host, ok := strings.CutPrefix(name, k+":")
		if !ok {
			continue
		}
		canon, err := site.CanonicalHost(host)
		if err != nil {
			return Permission{}, &PermissionError{RulePermissionHost, fmt.Sprintf("%q: %v", name, err)}
		}
		if canon != host {
			return Permission{}, &PermissionError{RulePermissionHost, fmt.Sprintf("%q is not written canonically: write %q", name, k+":"+canon)}
		}
		return Permission{Name: name, Kind: k, Host: canon}, nil
	}
	return Permission{}, &PermissionError{RuleUnknownPermission, fmt.Sprintf("%q is not a permission: use storage, clipboard, notifications, menu, schedule, netrules, fetch:HOST or network:observe:HOST", name)}
}

func (r *reader) permission(v *strictjson.Value) (Permission, bool) {
	p, err := ParsePermission(v.Text)
	var pe *PermissionError
	if errors.As(err, &pe) {
		r.report(pe.Rule, v.Offset, "%s", pe.Msg)
		return Permission{}, false
	}
	if why := privateHost(p.Host); p.Host != "" && why != "" {
		r.report(RulePrivateHost, v.Offset, "%q names %s, and requests go out signed in as the user: use the public host the data lives on, or make sure the user means this host", p.Name, why)
	}
	p.Pos = r.lines.Position(v.Offset)
	return p, true
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
