package activation

import (
	"slices"

	"github.com/remixlet/remixlet/capability"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// PermissionChange is one permission added, removed or re-worded.
type PermissionChange struct {
	Permission  string `json:"permission"`
	Description string `json:"description"`         // the fixed text the dialog shows
	Reason      string `json:"reason,omitempty"`    // the new version's reason
	OldReason   string `json:"oldReason,omitempty"` // the running version's reason
}

// SiteChange is one match pattern added or removed.
type SiteChange struct {
	Pattern string `json:"pattern"` // canonical form
	// Widens is set for an added pattern that matches a URL no pattern of
	// the running version matches; Example is such a URL.
	Widens  bool   `json:"widens"`
	Example string `json:"example,omitempty"`
	raw     string // as written in the manifest
}

// Changes is what differs between a running version (or none) and a new one.
type Changes struct {
	// First is set when nothing ran before: everything is added.
	First              bool               `json:"first"`
	PermissionsAdded   []PermissionChange `json:"permissionsAdded"`
	PermissionsRemoved []PermissionChange `json:"permissionsRemoved"`
	ReasonsChanged     []PermissionChange `json:"reasonsChanged"`
	PermissionsKept    []string           `json:"permissionsKept"`
	SitesAdded         []SiteChange       `json:"sitesAdded"`
	SitesRemoved       []SiteChange       `json:"sitesRemoved"`
	EverySiteBefore    bool               `json:"everySiteBefore"`
	EverySiteAfter     bool               `json:"everySiteAfter"`
	Rules              RuleChanges        `json:"rules"`
	Files              []LineChange       `json:"files"` // script.js and style.css
	// Capabilities are what the new version can do that the running one
	// could not, then what it no longer does, in words (package
	// capability); for a new remixlet, everything it can do.
	Capabilities []capability.Change `json:"capabilities"`
}

// Compare lists what changed from old (nil: nothing ran before) to new.
// Both manifests are read leniently: this is for showing history, not for
// deciding.
func Compare(old, new *Version) (*Changes, error) {
	_, newM, err := readManifest(new, false)
	if err != nil {
		return nil, err
	}
	var oldM *manifest.Manifest
	if old != nil {
		if _, oldM, err = readManifest(old, false); err != nil {
			return nil, err
		}
	}
	return compare(old, new, oldM, newM), nil
}

func compare(old, new *Version, oldM, newM *manifest.Manifest) *Changes {
	c := &Changes{
		PermissionsAdded: []PermissionChange{}, PermissionsRemoved: []PermissionChange{}, ReasonsChanged: []PermissionChange{},
		PermissionsKept: []string{}, SitesAdded: []SiteChange{}, SitesRemoved: []SiteChange{},
		EverySiteAfter: newM.EverySite(), First: oldM == nil,
	}
	var oldPerms []manifest.Permission
	var oldMatches []site.Pattern
	if oldM != nil {
		oldPerms, oldMatches = oldM.Permissions, oldM.Matches
		c.EverySiteBefore = oldM.EverySite()
	}

	for _, p := range newM.Permissions {
		i := slices.IndexFunc(oldPerms, func(q manifest.Permission) bool { return q.Name == p.Name })
		if i < 0 {
			c.PermissionsAdded = append(c.PermissionsAdded, PermissionChange{Permission: p.Name, Description: Describe(p), Reason: p.Reason})
			continue
		}
		c.PermissionsKept = append(c.PermissionsKept, p.Name)
		if was := oldPerms[i].Reason; was != p.Reason {
			c.ReasonsChanged = append(c.ReasonsChanged, PermissionChange{Permission: p.Name, Description: Describe(p), Reason: p.Reason, OldReason: was})
		}
	}
	for _, q := range oldPerms {
		if !newM.Has(q.Name) {
			c.PermissionsRemoved = append(c.PermissionsRemoved, PermissionChange{Permission: q.Name, Description: Describe(q), OldReason: q.Reason})
		}
	}

	has := func(ps []site.Pattern, p site.Pattern) bool {
		return slices.ContainsFunc(ps, func(q site.Pattern) bool { return q.String() == p.String() })
	}
	for _, p := range newM.Matches {
		if has(oldMatches, p) {
			continue
		}
		covered, example := site.Covers(oldMatches, p)
		c.SitesAdded = append(c.SitesAdded, SiteChange{Pattern: p.String(), Widens: !covered, Example: example, raw: p.Raw})
	}
	for _, q := range oldMatches {
		if !has(newM.Matches, q) {
			c.SitesRemoved = append(c.SitesRemoved, SiteChange{Pattern: q.String(), raw: q.Raw})
		}
	}

	var oldCaps *capability.Summary
	if old != nil {
		oldCaps = capability.SummarizeFiles(old.Files)
	}
	c.Capabilities = capability.Compare(oldCaps, capability.SummarizeFiles(new.Files))
	c.Rules = rulesOf(old, new)
	c.Rules.describe(old, new, oldM, newM)
	for _, name := range []string{"script.js", "style.css"} {
		var before []byte
		had := false
		if old != nil {
			before, had = old.file(name)
		}
		after, has := new.file(name)
		c.Files = append(c.Files, compareText(name, before, after, had, has))
	}
	return c
}

func rulesOf(old, new *Version) RuleChanges {
	read := func(v *Version, which string) (RuleSet, string) {
		if v == nil {
			return RuleSet{}, ""
		}
		src, ok := v.file(RulesFile)
		if !ok {
			return RuleSet{}, ""
		}
		set, err := NormaliseRules(src)
		if err != nil {
			return nil, which + " " + err.Error()
		}
		return set, ""
	}
	oldSet, oldErr := read(old, "the running version's")
	newSet, newErr := read(new, "the new version's")
	if oldErr != "" || newErr != "" {
		msg := newErr
		if msg == "" {
			msg = oldErr
		}
		return RuleChanges{Added: []string{}, Removed: []string{}, Changed: []string{}, Error: msg}
	}
	return compareRules(oldSet, newSet)
}
