package activation

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
)

// Dialog returns the lines of the dialog that asks the person first, in
// fixed text: what is new, then every permission the version would hold.
// It is empty unless the outcome is Ask.
func (d *Decision) Dialog() []string {
	if d.Outcome != Ask {
		return nil
	}
	lines := []string{fmt.Sprintf("Allow %q to:", d.Name)}
	item := func(s string) { lines = append(lines, "  • "+s) }
	if sites := d.sitesFor[RuleEverySite]; len(sites) > 0 {
		item("Run on every site (" + strings.Join(sites, ", ") + ")")
	}
	if sites := d.sitesFor[RuleNewSite]; len(sites) > 0 {
		item("Run on more sites: " + strings.Join(sites, ", "))
	}
	if sites := d.sitesFor[RuleBeyondChatSite]; len(sites) > 0 {
		where := "this chat's site"
		if d.ChatSite != "" {
			where = "this chat's site (" + d.ChatSite + ")"
		}
		item("Run on sites other than " + where + ": " + strings.Join(sites, ", "))
	}
	for _, r := range d.Reasons {
		switch r.Rule {
		case RuleRulesChanged.ID:
			item("Change what pages load in a new way (its network rules changed)")
		case RuleMovedToChatSite.ID:
			item("Run only on this chat's site (" + d.ChatSite + "), keeping what it was allowed for other sites")
		}
	}
	if len(d.permissionText) > 0 {
		lines = append(lines, "With these permissions:")
		for _, t := range d.permissionText {
			item(t)
		}
	}
	// What the code would do differently, after the fixed rows: words the
	// toolchain wrote, the hosts and addresses in them as data.
	if caps := d.Changes.CapabilityLines(); len(caps) > 0 {
		head := "What it would do differently:"
		if d.Changes.First {
			head = "What it would do:"
		}
		lines = append(lines, head)
		for _, c := range caps {
			item(safetext.Clean(c))
		}
	}
	// The network rules in words, after the fixed rows: the seed's known
	// gap ("the dialog does not list a remixlet's network rules").
	if rules := d.Changes.Rules.dialogItems(); len(rules) > 0 {
		lines = append(lines, "Its network rules change:")
		for _, r := range rules {
			item(safetext.Clean(r))
		}
	}
	return append(lines, "[Allow and apply]  [Don't allow]")
}

// Labels name the two versions in the output.
type Labels struct {
	Running, RunningDigest string // Running "" for a new remixlet
	New, NewDigest         string
}

// WriteText writes the decision for a person deciding: what changed, then
// the decision and why, then the dialog if one asks.
func WriteText(w io.Writer, d *Decision, l Labels) error {
	var b strings.Builder
	p := func(format string, args ...any) { safetext.Fprintf(&b, format, args...) }
	withDigest := func(label, digest string) string {
		if digest == "" {
			return label
		}
		return label + " (" + digest + ")"
	}
	p("%q\n", d.Name)
	if l.Running == "" {
		p("  running: none (a new remixlet)\n")
	} else {
		p("  running: %s\n", withDigest(l.Running, l.RunningDigest))
	}
	p("  new:     %s\n", withDigest(l.New, l.NewDigest))
	if d.ChatSite != "" {
		p("  chat site: %s\n", d.ChatSite)
	} else {
		p("  chat site: not given\n")
	}
	writeChanges(&b, d.Changes, "  ")

	p("\nDecision: %s (exit %d)\n", describeOutcome(d.Outcome), d.Outcome.ExitCode())
	switch {
	case len(d.Reasons) > 0:
	case d.Changes.First:
		p("  a new remixlet that runs only on the chat's site, with nothing the chat did not allow\n")
	default:
		p("  nothing beyond what the running version had and the chat allowed\n")
	}
	for _, r := range d.Reasons {
		p("  %s\n", r)
	}
	if dialog := d.Dialog(); len(dialog) > 0 {
		p("\nThe dialog:\n")
		for _, line := range dialog {
			p("  %s\n", line)
		}
	}
	writeHunks(&b, d.Changes, l)
	_, err := io.WriteString(w, b.String())
	return err
}

func describeOutcome(o Outcome) string {
	switch o {
	case Activate:
		return "activate without a question"
	case Ask:
		return "ask first"
	}
	return "refuse"
}

// writeChanges writes what changed, section by section, each line indented.
func writeChanges(b *strings.Builder, c *Changes, indent string) {
	p := func(format string, args ...any) { safetext.Fprintf(b, indent+format, args...) }
	b.WriteString("\n")
	p("What it does:")
	if len(c.Capabilities) == 0 {
		b.WriteString(" unchanged")
	}
	b.WriteString("\n")
	for _, ch := range c.Capabilities {
		sign := "+"
		if ch.Change == "removed" {
			sign = "-"
		}
		p("  %s %s\n", sign, ch.Words)
		for _, a := range ch.Item.Addresses {
			p("      %s\n", a)
		}
	}
	p("Permissions:")
	switch {
	case c.First && len(c.PermissionsAdded) == 0:
		b.WriteString(" none")
	case len(c.PermissionsAdded)+len(c.PermissionsRemoved)+len(c.ReasonsChanged) == 0:
		b.WriteString(" unchanged")
	}
	b.WriteString("\n")
	for _, a := range c.PermissionsAdded {
		p("  + %s  %s\n", a.Permission, a.Description)
		p("      reason: %q\n", a.Reason)
	}
	for _, r := range c.PermissionsRemoved {
		p("  - %s  %s\n", r.Permission, r.Description)
		p("      reason was: %q\n", r.OldReason)
	}
	for _, r := range c.ReasonsChanged {
		p("  ~ %s  reason changed\n", r.Permission)
		p("      was: %q\n", r.OldReason)
		p("      now: %q\n", r.Reason)
	}
	if len(c.PermissionsKept) > 0 {
		p("  kept: %s\n", strings.Join(c.PermissionsKept, ", "))
	}

	p("Sites:")
	if len(c.SitesAdded)+len(c.SitesRemoved) == 0 {
		b.WriteString(" unchanged")
	}
	b.WriteString("\n")
	for _, s := range c.SitesAdded {
		switch {
		case c.First:
			p("  + %s\n", s.Pattern)
		case s.Widens && s.Example != "":
			p("  + %s  reaches further, e.g. %s\n", s.Pattern, s.Example)
		case s.Widens:
			p("  + %s  reaches further\n", s.Pattern)
		default:
			p("  + %s  within the sites it ran on\n", s.Pattern)
		}
	}
	for _, s := range c.SitesRemoved {
		p("  - %s\n", s.Pattern)
	}
	if c.EverySiteBefore || c.EverySiteAfter {
		p("  every site: %s (before: %s)\n", yesNo(c.EverySiteAfter), yesNo(c.EverySiteBefore))
	}

	p("Network rules: %s\n", summariseRules(c.Rules))
	for _, line := range c.Rules.Lines() {
		p("  %s\n", line)
	}
	for _, f := range c.Files {
		p("%s: %s\n", f.File, summariseLines(f))
	}
}

// writeHunks writes the code that changed, file by file, as a unified
// diff. File contents are shown as data: characters that act on a
// terminal are written as escapes.
func writeHunks(b *strings.Builder, c *Changes, l Labels) {
	first := true
	for _, f := range c.Files {
		if len(f.Hunks) == 0 {
			continue
		}
		if first {
			b.WriteString("\nCode:\n")
			first = false
		}
		from, to := "/dev/null", l.New+"/"+f.File
		if f.Status != "added" {
			from = cmp.Or(l.Running, "running") + "/" + f.File
		}
		if f.Status == "removed" {
			to = "/dev/null"
		}
		safetext.Fprintf(b, "--- %s\n+++ %s\n", from, to)
		for _, h := range f.Hunks {
			fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(h.OldStart, h.OldLines), hunkRange(h.NewStart, h.NewLines))
			for _, line := range h.Lines {
				b.WriteString(safetext.Clean(line))
				b.WriteByte('\n')
			}
		}
	}
}

// hunkRange writes a hunk's side as unified diffs do: "start" for one
// line, "start,count" otherwise.
func hunkRange(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}

func summariseRules(c RuleChanges) string {
	if c.Error != "" {
		return "could not be compared: " + c.Error
	}
	if !c.Differ() {
		return "unchanged"
	}
	var parts []string
	for _, group := range []struct {
		what string
		ids  []string
	}{{"added", c.Added}, {"removed", c.Removed}, {"changed", c.Changed}} {
		if len(group.ids) > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", group.what, strings.Join(group.ids, ", ")))
		}
	}
	return "rules " + strings.Join(parts, "; ")
}

func summariseLines(f LineChange) string {
	switch f.Status {
	case "absent":
		return "none"
	case "unchanged":
		return "unchanged"
	case "added":
		return fmt.Sprintf("added (%s)", plural(f.Added, "line"))
	case "removed":
		return fmt.Sprintf("removed (%s)", plural(f.Removed, "line"))
	}
	if f.LineBreaksOnly {
		return "changed: only how its lines end"
	}
	return fmt.Sprintf("changed: %s added, %s removed", plural(f.Added, "line"), plural(f.Removed, "line"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// CapabilityLines says each capability change in words, capitalised:
// "Now sends requests, signed in as you, to api.example.com".
func (c *Changes) CapabilityLines() []string {
	var out []string
	for _, ch := range c.Capabilities {
		out = append(out, strings.ToUpper(ch.Words[:1])+ch.Words[1:])
	}
	return out
}

// Summary is a one-line account of the changes, for history.
func (c *Changes) Summary() string {
	var parts []string
	for _, a := range c.PermissionsAdded {
		parts = append(parts, "+"+a.Permission)
	}
	for _, r := range c.PermissionsRemoved {
		parts = append(parts, "-"+r.Permission)
	}
	for _, r := range c.ReasonsChanged {
		parts = append(parts, "reason of "+r.Permission+" changed")
	}
	for _, s := range c.SitesAdded {
		parts = append(parts, "+"+s.Pattern)
	}
	for _, s := range c.SitesRemoved {
		parts = append(parts, "-"+s.Pattern)
	}
	if c.Rules.Differ() {
		parts = append(parts, "network "+summariseRules(c.Rules))
	}
	for _, f := range c.Files {
		if f.Status != "unchanged" && f.Status != "absent" {
			parts = append(parts, f.File+" "+summariseLines(f))
		}
	}
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, "; ")
}

// JSONVersion is the version of the json output's shape; new fields keep it.
const JSONVersion = 1

type jsonDecision struct {
	Version     int            `json:"version"`
	Name        string         `json:"name"`
	Running     *jsonSide      `json:"running"` // null for a new remixlet
	New         jsonSide       `json:"new"`
	ChatSite    string         `json:"chatSite,omitempty"`
	Decision    string         `json:"decision"`
	ExitCode    int            `json:"exitCode"`
	Reasons     []finding.JSON `json:"reasons"`
	Permissions []string       `json:"permissions"`
	Changes     *Changes       `json:"changes"`
	Dialog      []string       `json:"dialog,omitempty"`
}

type jsonSide struct {
	Label  string `json:"label"`
	Digest string `json:"digest,omitempty"`
}

// WriteJSON writes the decision as one JSON object.
func WriteJSON(w io.Writer, d *Decision, l Labels) error {
	doc := jsonDecision{
		Version: JSONVersion, Name: d.Name, New: jsonSide{l.New, l.NewDigest}, ChatSite: d.ChatSite,
		Decision: d.Outcome.String(), ExitCode: d.Outcome.ExitCode(), Reasons: finding.JSONList(d.Reasons),
		Permissions: append([]string{}, d.Permissions...), Changes: d.Changes, Dialog: d.Dialog(),
	}
	if l.Running != "" {
		doc.Running = &jsonSide{l.Running, l.RunningDigest}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
