package config

import (
	"errors"
	"fmt"
	"strings"

	"github.com/remixlet/remixlet/internal/suggest"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// What a policy entry can deny, read with the manifest's own permission
// and host rules (manifest.ParsePermission, site.CanonicalHost), so that
// an entry means exactly the permissions and hosts a manifest can name:
//
//	"clipboard"                a permission without a host
//	"fetch", "fetch:*"         every fetch: permission (network:observe alike)
//	"fetch:*.example.com"      fetch:example.com and every fetch: permission under it
//	"fetch:api.example.com"    that one permission
//
// A spelling the manifest would refuse (a host in capitals, a trailing
// dot, a port, a scheme, a Unicode host, a kind in capitals) is refused
// here too, with the entry to write instead: an entry that matched
// nothing would look like policy while denying nothing.

// hostKinds are the permission kinds that name a host.
var hostKinds = []string{manifest.Fetch, manifest.NetworkObserve}

// permissionKinds are the permissions a policy can deny by name alone.
var permissionKinds = []string{manifest.Storage, manifest.Clipboard, manifest.Notifications, manifest.Menu, manifest.Schedule, manifest.NetRules, manifest.Fetch, manifest.NetworkObserve}

// readDeniedPermission reads one entry of deniedPermissions; the error
// says what to write instead.
func readDeniedPermission(s string) (Denied, error) {
	for _, k := range permissionKinds {
		if s == k {
			return Denied{Value: s, Kind: k}, nil
		}
	}
	for _, k := range hostKinds {
		host, ok := strings.CutPrefix(s, k+":")
		if !ok {
			continue
		}
		if host == "*" {
			return Denied{Value: s, Kind: k}, nil
		}
		if host == "" {
			return Denied{}, fmt.Errorf("%q names no host: write %q for every %s permission, or name one host (%q)", s, k, k+":", k+":api.example.com")
		}
		if under, ok := strings.CutPrefix(host, "*."); ok {
			canon, err := readHost(under)
			if err != nil {
				return Denied{}, hostMessage(fmt.Sprintf("%q", s), err, func(h string) string { return k + ":*." + h })
			}
			if canon != under {
				return Denied{}, fmt.Errorf("%q is not written canonically: write %q", s, k+":*."+canon)
			}
			return Denied{Value: s, Kind: k, Host: canon, Subdomains: true}, nil
		}
		p, err := manifest.ParsePermission(s)
		if err != nil {
			if _, herr := readHost(host); herr != nil && meantHost(host) != "" {
				return Denied{}, hostMessage(fmt.Sprintf("%q", s), herr, func(h string) string { return k + ":" + h })
			}
			if strings.Contains(host, "*") {
				return Denied{}, fmt.Errorf("%q: a wildcard stands only at the start of the host: write %q for every %s permission, or %q for a domain and everything under it", s, k, k+":", k+":*.example.com")
			}
			return Denied{}, err
		}
		return Denied{Value: s, Kind: p.Kind, Host: p.Host}, nil
	}
	// A kind in capitals.
	if lower := strings.ToLower(s); lower != s {
		for _, k := range hostKinds {
			if rest, ok := strings.CutPrefix(lower, k+":"); ok {
				lower = k + ":" + s[len(s)-len(rest):]
			}
		}
		if d, err := readDeniedPermission(lower); err == nil {
			return Denied{}, fmt.Errorf("%q is not a permission (kinds are written in lower case): write %q", s, d.Value)
		}
	}
	return Denied{}, fmt.Errorf("%q is not a permission: write storage, clipboard, notifications, menu, schedule, netrules, a kind with every host (fetch, network:observe), a domain and everything under it (fetch:*.example.com) or one host (fetch:api.example.com)%s", s, suggest.Hint(s, permissionKinds))
}

// readDeniedHost reads one entry of deniedHosts: a host, or "*." and a
// domain for it and everything under it.
func readDeniedHost(s string) (Denied, error) {
	host, subs := strings.CutPrefix(s, "*.")
	if s == "*" {
		return Denied{}, fmt.Errorf("%q would deny every host, which refuses every remixlet: name the hosts (\"tracker.example\", \"*.tracker.example\"); for no remixlet on every site, set \"maxReach\": \"named-sites\"", s)
	}
	canon, err := readHost(host)
	if err != nil {
		return Denied{}, hostMessage(fmt.Sprintf("denied host %q", s), err, func(h string) string {
			if subs {
				return "*." + h
			}
			return h
		})
	}
	if canon != host {
		if subs {
			canon = "*." + canon
		}
		return Denied{}, fmt.Errorf("denied host %q is not written canonically: write %q", s, canon)
	}
	return Denied{Value: s, Host: canon, Subdomains: subs}, nil
}

// readHost canonicalises a host as a permission's host is read
// (site.CanonicalHost). When the spelling is refused, the error says why
// and, when the host can be read out of it (a scheme, a port, a path, a
// trailing dot around it), which host to write.
func readHost(h string) (string, error) {
	canon, err := site.CanonicalHost(h)
	if err == nil {
		return canon, nil
	}
	if meant := meantHost(h); meant != "" {
		reason, _, _ := strings.Cut(err.Error(), ":")
		return "", &hostError{reason: reason, meant: meant}
	}
	return "", err
}

// hostError is a host spelling refused with the host it probably meant.
type hostError struct{ reason, meant string }

func (e *hostError) Error() string { return e.reason }

// meantHost reads the host out of an address-like spelling, canonical, or
// returns "".
func meantHost(h string) string {
	if strings.Contains(h, "*") {
		return ""
	}
	addr := h
	if !strings.Contains(addr, "://") {
		addr = "https://" + addr
	}
	u, err := site.Parse(addr)
	if err != nil || u.Hostname == "" {
		return ""
	}
	canon, err := site.CanonicalHost(strings.TrimRight(u.Hostname, "."))
	if err != nil || canon == h {
		return ""
	}
	return canon
}

// hostMessage words a refused host of an entry: why, and the entry to
// write when the host could be read (write builds it from the host).
func hostMessage(entry string, err error, write func(string) string) error {
	var he *hostError
	if errors.As(err, &he) {
		return fmt.Errorf("%s: %s: write %q", entry, he.reason, write(he.meant))
	}
	return fmt.Errorf("%s: %v", entry, err)
}

// matchesPermission reports whether a manifest permission is one the
// entry denies.
func (d Denied) matchesPermission(p manifest.Permission) bool {
	if p.Kind != d.Kind {
		return false
	}
	return d.Host == "" || hostDenied(p.Host, d.Host, d.Subdomains)
}
