package config

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/strictjson"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/site"
)

// Policy is what every config that applies to one remixlet says together:
// the union of their restrictions.
type Policy struct {
	Files []*File
}

// Empty reports whether no config applies.
func (p Policy) Empty() bool { return len(p.Files) == 0 }

// raised returns where a rule is raised to error, if anywhere.
func (p Policy) raised(id string) (Origin, bool) {
	for _, f := range p.Files {
		if o, ok := f.Raise[id]; ok {
			return o, true
		}
	}
	return Origin{}, false
}

// Severity is a rule's severity under the policy: its default, or error
// where a config raises it.
func (p Policy) Severity(r *finding.Rule) finding.Severity {
	if _, ok := p.raised(r.ID); ok {
		return finding.Error
	}
	return r.Severity
}

// Apply enforces the policy (Enforce), then applies the inline
// suppressions (Suppress). It returns how many warnings the suppressions
// silenced.
func (p Policy) Apply(res *analysis.Result) int {
	p.Enforce(res)
	return p.Suppress(res)
}

// Enforce raises the severities the configs raise and adds the policy's
// findings. It reads the stored form as the analyzers saw it: the build
// enforces a policy on the files it built, before it points findings at
// the source (where the script's comments no longer are, so Suppress runs
// after that).
func (p Policy) Enforce(res *analysis.Result) {
	if res.Package == nil {
		return
	}
	for i, f := range res.Findings {
		if f.Severity != finding.Warning {
			continue
		}
		if o, ok := p.raised(f.Rule); ok {
			res.Findings[i].Severity = finding.Error
			res.Findings[i].Message += fmt.Sprintf(" (an error here: raised by %s)", o)
		}
	}
	res.Findings = append(res.Findings, p.check(res)...)
	finding.Sort(res.Findings)
}

// check returns the policy's findings for a remixlet whose manifest could
// be read; one that could not is refused already.
func (p Policy) check(res *analysis.Result) []finding.Finding {
	m, _ := res.ResultOf[manifest.Analyzer].(*manifest.Manifest)
	if m == nil {
		return nil
	}
	src, _ := res.Package.File(manifest.FileName)
	root, _ := strictjson.Parse(src, 16)
	lines := finding.NewLines(src)
	var out []finding.Finding
	add := func(rule *finding.Rule, file string, pos finding.Position, format string, args ...any) {
		f := finding.New(rule, file, pos, format, args...)
		f.Severity = p.Severity(rule)
		out = append(out, f)
	}
	for _, f := range p.Files {
		for _, d := range f.DeniedPermissions {
			for _, perm := range m.Permissions {
				if d.matchesPermission(perm) {
					add(RuleDeniedPermission, manifest.FileName, perm.Pos, "%q is never allowed here (%s denies %q): remove it and do without it", perm.Name, d.Origin, d.Value)
				}
			}
		}
		for _, d := range f.DeniedHosts {
			host, subs := d.Host, d.Subdomains
			for i, pat := range m.Matches {
				if overlaps(pat, host, subs) {
					what := fmt.Sprintf("runs on %s", d.Value)
					if pat.EverySite() {
						what = "runs on every site, " + d.Value + " among them"
					}
					add(RuleDeniedHost, manifest.FileName, matchPos(root, lines, pat.Raw, i), "%q %s, which %s never allows: name only the sites it is for", pat.Raw, what, d.Origin)
				}
			}
			for _, perm := range m.Permissions {
				if perm.Host != "" && hostDenied(perm.Host, host, subs) {
					add(RuleDeniedHost, manifest.FileName, perm.Pos, "%q reaches %s, which %s never allows: remove the permission", perm.Name, perm.Host, d.Origin)
				}
			}
			if css, ok := res.ResultOf[cssguard.Analyzer].(*cssguard.Result); ok && css != nil {
				for _, l := range css.Loads {
					if l.Host != "" && hostDenied(l.Host, host, subs) {
						f := finding.New(RuleDeniedHost, cssguard.FileName, l.Start, "this %s loads from %s, which %s never allows: remove the load", l.Kind, l.Host, d.Origin)
						f.Severity = p.Severity(RuleDeniedHost)
						out = append(out, f.WithEnd(l.End))
					}
				}
			}
		}
		if f.NamedSitesOnly != nil && m.EverySite() {
			for i, pat := range m.Matches {
				if pat.EverySite() {
					add(RuleEverySite, manifest.FileName, matchPos(root, lines, pat.Raw, i), "%q runs on every site, and %s allows only named sites: list the sites the remixlet is for", pat.Raw, *f.NamedSitesOnly)
				}
			}
		}
		if f.RequireDescription != nil && strings.TrimFunc(m.Description, unicode.IsSpace) == "" {
			pos := finding.Position{}
			if d := root.Get("description"); d != nil {
				pos = lines.Position(d.Value.Offset)
			}
			add(RuleDescriptionRequired, manifest.FileName, pos, "%s requires a description: add \"description\" saying in a sentence what the remixlet does", *f.RequireDescription)
		}
	}
	return out
}

// matchPos finds the i-th parsed pattern in the manifest's matches: the
// first item written as raw, counting from the i-th (patterns the reader
// refused are not in the manifest, so items can only be further on).
func matchPos(root *strictjson.Value, lines *finding.Lines, raw string, i int) finding.Position {
	if root == nil {
		return finding.Position{}
	}
	mm := root.Get("matches")
	if mm == nil {
		return finding.Position{}
	}
	for j := i; j < len(mm.Value.Items); j++ {
		if it := mm.Value.Items[j]; it.Kind == strictjson.String && it.Text == raw {
			return lines.Position(it.Offset)
		}
	}
	return lines.Position(mm.Value.Offset)
}

// hostDenied reports whether host is the denied host, or one of its
// subdomains when subs.
func hostDenied(host, denied string, subs bool) bool {
	host = strings.TrimSuffix(host, ".")
	return host == denied || (subs && strings.HasSuffix(host, "."+denied))
}

// overlaps reports whether a match pattern can run on some host the
// denied entry names.
func overlaps(p site.Pattern, denied string, subs bool) bool {
	switch {
	case p.AllURLs || p.AnyHost || p.Host == "":
		return true
	case p.Subdomains:
		// The pattern covers its host and every subdomain.
		if p.Host == denied || strings.HasSuffix(denied, "."+p.Host) {
			return true
		}
		return subs && strings.HasSuffix(p.Host, "."+denied)
	}
	return hostDenied(p.Host, denied, subs)
}
