package config

import (
	"path"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/lazyre"
	"github.com/remixlet/remixlet/internal/suggest"
)

// Directive is the word that starts an inline suppression.
const Directive = "remixlet-ignore-next-line"

// A suppression stands on a line of its own:
//
//	// remixlet-ignore-next-line js/some-rule -- why this warning is fine here
//	/* remixlet-ignore-next-line css/some-rule, css/other -- why */
//
// It silences the warnings of the rules it names on the next line, and
// nothing else. Whole-line comments only: a directive after code, or inside
// a string, is not one.
var (
	jsDirective  = lazyre.New(`^[ \t]*//[ \t]*` + Directive + `\b(.*)$`)
	cssDirective = lazyre.New(`^[ \t]*/\*[ \t]*` + Directive + `\b(.*?)\*/[ \t]*$`)
)

// directiveFor returns how a suppression is written in a file: in a
// script (script.js, or a source folder's modules) or in a stylesheet;
// nil for other files.
func directiveFor(name string) *lazyre.Regexp {
	switch path.Ext(name) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return jsDirective
	case ".css":
		return cssDirective
	}
	return nil
}

type directive struct {
	file   string
	pos    finding.Position
	rules  []string
	used   []bool
	reason string
}

// Suppress removes the warnings that a valid suppression names on its next
// line and reports every suppression that is malformed, aimed at an error,
// or silences nothing. It reads the files the findings point at: the stored
// form's, or a source folder's. It returns how many warnings it removed.
func (p Policy) Suppress(res *analysis.Result) int {
	if res.Package == nil {
		return 0
	}
	var dirs []*directive
	var out []finding.Finding
	report := func(rule *finding.Rule, file string, pos finding.Position, format string, args ...any) {
		f := finding.New(rule, file, pos, format, args...)
		f.Severity = p.Severity(rule)
		out = append(out, f)
	}
	for _, file := range res.Package.Files {
		re, src := directiveFor(file.Name), file.Data
		if re == nil || !strings.Contains(string(src), Directive) {
			continue
		}
		lines := finding.NewLines(src)
		last := lines.Position(len(src)).Line
		for n := 1; n <= last; n++ {
			text := lines.Text(n)
			m := re.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			col := len([]rune(text[:len(text)-len(strings.TrimLeft(text, " \t"))])) + 1
			pos := finding.Position{Line: n, Column: col}
			rulesText, reason, hasReason := strings.Cut(m[1], "--")
			var ids []string
			for _, id := range strings.Split(rulesText, ",") {
				if id = strings.TrimSpace(id); id != "" {
					ids = append(ids, id)
				}
			}
			switch {
			case len(ids) == 0:
				report(RuleBadSuppression, file.Name, pos, "the suppression names no rule: write %s RULE -- reason", Directive)
				continue
			case !hasReason || strings.TrimSpace(reason) == "":
				report(RuleBadSuppression, file.Name, pos, "the suppression of %s gives no reason: add \" -- \" and say why the warning is fine here", strings.Join(ids, ", "))
				continue
			}
			d := &directive{file: file.Name, pos: pos, reason: strings.TrimSpace(reason)}
			for _, id := range ids {
				rule, ok := finding.Lookup(id)
				if !ok {
					report(RuleUnknownRule, file.Name, pos, "there is no rule %q to suppress%s: run 'remixlet explain' for the list", id, suggest.Hint(id, ruleIDs()))
					continue
				}
				if p.Severity(rule) == finding.Error && !warnsOn(res.Findings, file.Name, n+1, id) {
					report(RuleSuppressedError, file.Name, pos, "%s is an error, and errors cannot be suppressed: remove the comment and fix what the rule reports", id)
					continue
				}
				d.rules = append(d.rules, id)
			}
			d.used = make([]bool, len(d.rules))
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		res.Findings = append(res.Findings, out...)
		return 0
	}
	kept := res.Findings[:0]
	removed := 0
	errorsAimedAt := map[*directive]map[string]bool{}
	for _, f := range res.Findings {
		d, i := match(dirs, f)
		switch {
		case d == nil:
			kept = append(kept, f)
		case f.Severity == finding.Error:
			if errorsAimedAt[d] == nil {
				errorsAimedAt[d] = map[string]bool{}
			}
			if !errorsAimedAt[d][f.Rule] {
				errorsAimedAt[d][f.Rule] = true
				report(RuleSuppressedError, d.file, d.pos, "%s is an error here, and errors cannot be suppressed: remove the comment and fix what the rule reports", f.Rule)
			}
			d.used[i] = true // it is reported, not unused
			kept = append(kept, f)
		default:
			d.used[i] = true
			removed++
			res.Silenced = append(res.Silenced, analysis.Silenced{Finding: f, Justification: d.reason})
		}
	}
	res.Findings = kept
	for _, d := range dirs {
		for i, id := range d.rules {
			if !d.used[i] {
				report(RuleUnusedSuppression, d.file, d.pos, "nothing on line %d reports %s: remove the suppression", d.pos.Line+1, id)
			}
		}
	}
	res.Findings = append(res.Findings, out...)
	finding.Sort(res.Findings)
	return removed
}

// match returns the suppression that names f's rule on the line before f.
func match(dirs []*directive, f finding.Finding) (*directive, int) {
	if !f.Start.IsValid() {
		return nil, 0
	}
	for _, d := range dirs {
		if d.file != f.File || d.pos.Line+1 != f.Start.Line {
			continue
		}
		for i, id := range d.rules {
			if id == f.Rule {
				return d, i
			}
		}
	}
	return nil, 0
}

func warnsOn(fs []finding.Finding, file string, line int, rule string) bool {
	for _, f := range fs {
		if f.File == file && f.Start.Line == line && f.Rule == rule && f.Severity == finding.Warning {
			return true
		}
	}
	return false
}
