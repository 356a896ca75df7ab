// Package activation decides what happens when a remixlet's new files are
// saved: they activate without a question, a dialog asks the person first,
// or they are refused (SPEC section 3, "The activation decision"). It also
// lists what changed between two versions, for `remixlet diff`, the
// approval dialog and `remixlet history`.
//
// The decision, in order of weight:
//   - refuse when the new manifest has a permission that is neither in the
//     running version nor allowed in the chat (--allowed);
//   - ask first when the new version would run on a site the running one
//     does not (decided by match-pattern containment, site.Covers,
//     never by comparing text), on every site, or, for a new remixlet, on
//     any site other than the chat's; when its network rules differ; or
//     when a remixlet that ran on other sites too would now run on just the
//     chat's site with permissions it already had;
//   - activate otherwise: code changes, narrower reach, fewer permissions.
//
// Each refusal and each reason to ask is a finding with an approval/... rule
// id (the rule table in package finding), pointing at the permission or
// match pattern concerned, so the outputs and `remixlet explain` work as
// for lint.
//
// Choices the spec leaves open, made the way a careful reviewer would:
//   - The chat's site is the chat page's scheme and host (any port, every
//     path): "https://news.example.com/a" makes "https://news.example.com/*"
//     the chat's site. A new remixlet on another host of the same domain
//     asks first. Without a chat site (no --chat-site), nothing is the
//     chat's site: every site a new remixlet runs on asks first, and the
//     rule about moving onto the chat's site cannot apply.
//   - A new manifest with any error finding has no decision (it is refused
//     as it stands): a pattern or permission the manifest reader dropped
//     would otherwise go uncounted. A running version's manifest is read
//     leniently, since what it fails to state only makes the new version
//     look wider, which asks more, never less.
//   - Network rules are compared as sets of rules keyed by id, each rule in
//     RFC 8785 canonical JSON, so order and formatting do not count. A
//     rules.json that cannot be read counts as changed.
//   - The dialog's text is fixed text per permission (Describe), never the
//     reason the model wrote: a manipulated model must not write the words
//     a person decides on.
package activation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// Outcome is what saving the new version does.
type Outcome int

const (
	// Activate: the new version activates without a question.
	Activate Outcome = iota
	// Ask: a dialog asks the person first.
	Ask
	// Refuse: the new version is refused.
	Refuse
)

func (o Outcome) String() string {
	switch o {
	case Activate:
		return "activate"
	case Ask:
		return "dialog"
	case Refuse:
		return "refuse"
	}
	return fmt.Sprintf("outcome(%d)", int(o))
}

// ExitCode is `remixlet diff`'s exit status for the outcome.
func (o Outcome) ExitCode() int {
	switch o {
	case Activate:
		return 0
	case Ask:
		return 3
	}
	return 1
}

// Version is one set of stored-form files: the running version or the new one.
type Version struct {
	Label  string // how the output names it: a folder, "version 3 of hide-promoted"
	Digest string // its h1: digest, "" when not computed
	Files  []analysis.File
}

func (v *Version) file(name string) ([]byte, bool) {
	for _, f := range v.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Input is what the decision is made from.
type Input struct {
	Running *Version // nil for a new remixlet
	New     *Version
	// Allowed are the permissions the person allowed in the chat, written
	// as in a manifest ("fetch:api.example.com"); see CheckPermission.
	Allowed []string
	// ChatSite is the URL of the page the chat started on; "" when unknown.
	ChatSite string
}

// Decision is the outcome, why, and what changed.
type Decision struct {
	Outcome Outcome
	// Reasons are the findings behind the outcome: errors refuse,
	// warnings ask first. Empty when the new version activates.
	Reasons []finding.Finding
	Changes *Changes
	// Name is the new manifest's name.
	Name string
	// Permissions are the new manifest's permissions: what an approval of
	// this decision covers.
	Permissions []string
	// ChatSite is the chat's site as a match pattern, "" when unknown.
	ChatSite string
	// permissionText is the fixed text of each of the new permissions.
	permissionText []string
	// sitesFor lists, per dialog rule, the patterns it asks about.
	sitesFor map[*finding.Rule][]string
}

// ManifestError says that a manifest could not be used for a decision.
type ManifestError struct {
	Label    string
	Findings []finding.Finding // what the manifest reader refused
}

func (e *ManifestError) Error() string {
	if len(e.Findings) == 0 {
		return fmt.Sprintf("%s has no manifest.json", e.Label)
	}
	return fmt.Sprintf("the manifest of %s is refused (%s): fix it first; `remixlet lint` lists every finding", e.Label, e.Findings[0])
}

// CheckPermission checks a permission as --allowed gives it: written as in
// a manifest, with a canonical host.
func CheckPermission(name string) error {
	switch name {
	case manifest.Storage, manifest.Clipboard, manifest.Notifications, manifest.Menu, manifest.Schedule, manifest.NetRules:
		return nil
	}
	for _, kind := range []string{manifest.Fetch, manifest.NetworkObserve} {
		if host, ok := strings.CutPrefix(name, kind+":"); ok {
			canon, err := site.CanonicalHost(host)
			if err != nil {
				return fmt.Errorf("%q: %v", name, err)
			}
			if canon != host {
				return fmt.Errorf("%q: write the host as %s", name, kind+":"+canon)
			}
			return nil
		}
	}
	return fmt.Errorf("%q is not a permission: use storage, clipboard, notifications, menu, schedule, netrules, fetch:HOST or network:observe:HOST", name)
}

// ChatSitePattern turns the chat page's URL into the match pattern of the
// chat's site: its scheme and host, any port, every path.
func ChatSitePattern(rawURL string) (site.Pattern, error) {
	u, err := site.Parse(rawURL)
	if err != nil {
		return site.Pattern{}, fmt.Errorf("chat site %q is not a URL: give the address of the page the chat started on, e.g. https://news.example.com/", rawURL)
	}
	scheme := u.Scheme
	if scheme != "http" && scheme != "https" {
		return site.Pattern{}, fmt.Errorf("chat site %q is not an http or https page: remixlets run on web pages only", rawURL)
	}
	p, err := site.ParsePattern(scheme + "://" + u.Hostname + "/*")
	if err != nil {
		return site.Pattern{}, fmt.Errorf("chat site %q: %v", rawURL, err)
	}
	return p, nil
}

// Decide makes the activation decision. It returns a *ManifestError when
// the new manifest is refused as it stands or a manifest cannot be read.
func Decide(in Input) (*Decision, error) {
	for _, a := range in.Allowed {
		if err := CheckPermission(a); err != nil {
			return nil, fmt.Errorf("--allowed %w", err)
		}
	}
	var chat *site.Pattern
	if in.ChatSite != "" {
		p, err := ChatSitePattern(in.ChatSite)
		if err != nil {
			return nil, err
		}
		chat = &p
	}
	newSrc, newM, err := readManifest(in.New, true)
	if err != nil {
		return nil, err
	}
	var oldM *manifest.Manifest
	if in.Running != nil {
		if _, oldM, err = readManifest(in.Running, false); err != nil {
			return nil, err
		}
	}
	changes := compare(in.Running, in.New, oldM, newM)
	d := &Decision{Changes: changes, Name: newM.Name}
	if chat != nil {
		d.ChatSite = chat.String()
	}
	for _, p := range newM.Permissions {
		d.Permissions = append(d.Permissions, p.Name)
		d.permissionText = append(d.permissionText, Describe(p))
	}
	positions := patternPositions(newSrc)
	d.sitesFor = map[*finding.Rule][]string{}
	report := func(rule *finding.Rule, pos finding.Position, file, format string, args ...any) {
		d.Reasons = append(d.Reasons, finding.New(rule, file, pos, format, args...))
	}
	ask := func(rule *finding.Rule, p site.Pattern, format string, args ...any) {
		report(rule, positions[p.Raw], manifest.FileName, format, args...)
		d.sitesFor[rule] = append(d.sitesFor[rule], p.String())
	}

	// Refuse: a permission nobody allowed.
	for _, p := range newM.Permissions {
		if (oldM != nil && oldM.Has(p.Name)) || slices.Contains(in.Allowed, p.Name) {
			continue
		}
		held := "the running version does not have it"
		if oldM == nil {
			held = "this is a new remixlet"
		}
		report(RulePermissionNotAllowed, p.Pos, manifest.FileName,
			"%s was not allowed in the chat, and %s: ask for it in the chat first (its card reads %q), then approve with --allowed %s; or remove it from manifest.json",
			p.Name, held, Describe(p), p.Name)
	}

	// Ask first: a site the running version does not run on.
	switch {
	case oldM == nil:
		for _, p := range newM.Matches {
			if p.EverySite() {
				ask(RuleEverySite, p, "%s runs on every site: the dialog asks the person first; match only the sites the remixlet is for", p.Raw)
				continue
			}
			if chat == nil {
				ask(RuleBeyondChatSite, p, "%s: a new remixlet runs there, and no chat site was given (--chat-site), so every site it runs on counts as beyond the chat's: the dialog asks the person first", p.Raw)
				continue
			}
			if covered, example := site.Covers([]site.Pattern{*chat}, p); !covered {
				ask(RuleBeyondChatSite, p, "%s reaches beyond the chat's site %s%s: the dialog asks the person first; to activate without a question, match only the chat's site", p.Raw, chat, exampleNote(example))
			}
		}
	default:
		for _, s := range changes.SitesAdded {
			if !s.Widens {
				continue
			}
			p, _ := site.ParsePattern(s.raw)
			if p.EverySite() && !oldM.EverySite() {
				ask(RuleEverySite, p, "%s runs on every site, and the running version does not: the dialog asks the person first; match only the sites the remixlet is for", s.raw)
				continue
			}
			ask(RuleNewSite, p, "%s runs on sites the running version does not%s: the dialog asks the person first; to activate without a question, stay within the running version's matches", s.raw, exampleNote(s.Example))
		}
	}

	// Ask first: the network rules differ.
	if changes.Rules.Differ() {
		report(RuleRulesChanged, finding.Position{}, RulesFile, "%s: the dialog asks the person first, because network rules change what pages load", describeRuleChanges(changes.Rules))
	}

	// Ask first: moved onto just the chat's site, keeping its permissions.
	if oldM != nil && chat != nil && len(changes.PermissionsKept) > 0 && coversAll(*chat, newM.Matches) && !coversAll(*chat, oldM.Matches) {
		report(RuleMovedToChatSite, positions[firstRaw(newM.Matches)], manifest.FileName,
			"the running version also runs on sites other than the chat's (%s); this version runs only there and keeps %s: the dialog asks the person first, because those permissions were approved for other sites",
			chat, strings.Join(changes.PermissionsKept, ", "))
	}

	finding.Sort(d.Reasons)
	switch {
	case finding.HasErrors(d.Reasons):
		d.Outcome = Refuse
	case len(d.Reasons) > 0:
		d.Outcome = Ask
	default:
		d.Outcome = Activate
	}
	return d, nil
}

func exampleNote(example string) string {
	if example == "" {
		return ""
	}
	return ", e.g. " + example
}

func coversAll(p site.Pattern, ps []site.Pattern) bool {
	for _, q := range ps {
		if !p.Contains(q) {
			return false
		}
	}
	return len(ps) > 0
}

func firstRaw(ps []site.Pattern) string {
	if len(ps) == 0 {
		return ""
	}
	return ps[0].Raw
}

func describeRuleChanges(c RuleChanges) string {
	if c.Error != "" {
		return "the network rules could not be compared (" + c.Error + ")"
	}
	return "network rules differ from the running version's: " + summariseRules(c)
}

// readManifest parses a version's manifest. Strictly, any error finding
// makes it unusable; leniently, only a manifest that does not parse.
func readManifest(v *Version, strict bool) ([]byte, *manifest.Manifest, error) {
	src, ok := v.file(manifest.FileName)
	if !ok {
		return nil, nil, &ManifestError{Label: v.Label}
	}
	m, findings := manifest.Parse(src)
	if m == nil || (strict && finding.HasErrors(findings)) {
		var errs []finding.Finding
		for _, f := range findings {
			if f.Severity == finding.Error {
				errs = append(errs, f)
			}
		}
		return nil, nil, &ManifestError{Label: v.Label, Findings: errs}
	}
	return src, m, nil
}

// patternPositions maps each match pattern, as written, to where it first
// appears in manifest.json.
func patternPositions(src []byte) map[string]finding.Position {
	pos := map[string]finding.Position{}
	root, err := strictjson.Parse(src, 8)
	if err != nil || root.Kind != strictjson.Object {
		return pos
	}
	matches := root.Get("matches")
	if matches == nil {
		return pos
	}
	lines := finding.NewLines(src)
	for _, item := range matches.Value.Items {
		if _, seen := pos[item.Text]; item.Kind == strictjson.String && !seen {
			pos[item.Text] = lines.Position(item.Offset)
		}
	}
	return pos
}

// Describe is the fixed text a permission card and the dialog show for a
// permission. It never includes the reason the model wrote.
func Describe(p manifest.Permission) string {
	switch p.Kind {
	case manifest.Storage:
		return "Store data in this browser"
	case manifest.Clipboard:
		return "Write to your clipboard"
	case manifest.Notifications:
		return "Show notifications"
	case manifest.Menu:
		return "Add commands to the page's menu"
	case manifest.Schedule:
		return "Show a notification, open one of its pages or leave a message for its next page load at set times"
	case manifest.NetRules:
		return "Change what pages load"
	case manifest.Fetch:
		return "Send requests to " + p.Host + ", signed in as you"
	case manifest.NetworkObserve:
		return "Read the responses pages receive from " + p.Host
	}
	return p.Name
}
