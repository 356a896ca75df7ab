package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/safetext"
)

// GitHubAnnotationLimit is how many annotations of one kind (error,
// warning) GitHub shows for one step; it drops the rest silently.
const GitHubAnnotationLimit = 10

// githubFormat prints GitHub Actions workflow commands: one annotation
// per finding, each with its rule's documentation address, up to GitHub's
// limit per kind; findings past the limit are printed as plain log lines,
// and a line says how many were not annotated.
type githubFormat struct {
	annotated, cut map[string]int // by kind
}

func (g *githubFormat) begin(s *Stream) error {
	for _, src := range s.head.Sources {
		sr := sourceResult(src)
		for _, f := range shown(src.Findings, s.opts) {
			g.emit(s.w(), sr, f)
		}
	}
	return nil
}

func (g *githubFormat) result(s *Stream, r *analysis.Result) error {
	if r.Err != nil {
		fmt.Fprintf(s.w(), "::error title=%s::%s\n", ghProperty("could not check "+safetext.Clean(r.Dir)), ghData(safetext.Clean(r.Err.Error())))
	}
	for _, f := range shown(r.Findings, s.opts) {
		g.emit(s.w(), r, f)
	}
	return nil
}

func (g *githubFormat) emit(w io.Writer, r *analysis.Result, f finding.Finding) {
	kind := level(f.Severity)
	path := safetext.Clean(displayPath(r.Dir, f.File))
	msg := safetext.Clean(f.Message)
	help := ""
	if rule, ok := finding.Lookup(f.Rule); ok {
		help = rule.HelpURI()
	}
	if g.annotated[kind] >= GitHubAnnotationLimit {
		g.cut[kind]++
		where := path
		if f.Start.IsValid() {
			where += fmt.Sprintf(":%d:%d", f.Start.Line, f.Start.Column)
		}
		fmt.Fprintf(w, "%s: %s %s: %s\n", plainLog(where), kind, f.Rule, plainLog(msg))
		return
	}
	g.annotated[kind]++
	props := []string{"file=" + ghProperty(path)}
	if f.Start.IsValid() {
		props = append(props, fmt.Sprintf("line=%d", f.Start.Line), fmt.Sprintf("col=%d", f.Start.Column))
		if f.End.IsValid() {
			props = append(props, fmt.Sprintf("endLine=%d", f.End.Line), fmt.Sprintf("endColumn=%d", f.End.Column))
		}
	}
	props = append(props, "title="+ghProperty(f.Rule))
	if help != "" {
		msg += "\n\n" + f.Rule + ": " + help
	}
	fmt.Fprintf(w, "::%s %s::%s\n", kind, strings.Join(props, ","), ghData(msg))
}

func (g *githubFormat) end(s *Stream, e *End) error {
	w := s.w()
	for _, kind := range []string{"error", "warning"} {
		if g.cut[kind] > 0 {
			fmt.Fprintf(w, "remixlet: GitHub shows at most %d %s annotations per step; the %s above were printed as log lines instead of annotations (the step summary counts them all)\n",
				GitHubAnnotationLimit, kind, plural(g.cut[kind], "more "+kind))
		}
	}
	if len(e.Stale) > 0 {
		fmt.Fprintf(w, "::notice title=%s::%s\n", ghProperty("stale baseline entries"), ghData(fmt.Sprintf("%s: %s, or write the baseline again with 'remixlet baseline'", safetext.Clean(e.Baseline), staleNote(len(e.Stale)))))
	}
	for _, l := range e.Limits {
		if l.Exceeded() {
			fmt.Fprintf(w, "::error title=%s::%s\n", ghProperty("too many warnings"), ghData(fmt.Sprintf("%s, more than the %d that %s allows", plural(l.Warnings, "warning"), l.Max, safetext.Clean(l.From))))
		}
	}
	return nil
}

// plainLog keeps a log line from being read as a workflow command.
func plainLog(s string) string {
	if strings.HasPrefix(s, "::") {
		return " " + s
	}
	return s
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// WriteStepSummary writes the markdown a GitHub step summary shows: the
// verdict, a table of findings per rule with each rule's documentation,
// and what was not counted. The CLI appends it to $GITHUB_STEP_SUMMARY.
func WriteStepSummary(w io.Writer, in *Input) error {
	s, err := NewStepSummary(w, in.Head())
	if err != nil {
		return err
	}
	return in.stream(s)
}

// stepSummary is WriteStepSummary's format: it counts findings per rule
// as results come and writes everything at the end.
type stepSummary struct {
	counts map[ruleRow]int
	notes  []string // the remixlets that could not be checked, and why
}

type ruleRow struct {
	rule     string
	severity finding.Severity
}

func (t *stepSummary) add(fs []finding.Finding) {
	for _, f := range fs {
		t.counts[ruleRow{f.Rule, f.Severity}]++
	}
}

func (t *stepSummary) begin(s *Stream) error {
	for _, src := range s.head.Sources {
		t.add(src.Findings)
	}
	return nil
}

func (t *stepSummary) result(s *Stream, r *analysis.Result) error {
	t.add(r.Findings)
	if r.Err != nil {
		t.notes = append(t.notes, fmt.Sprintf("\n- could not check %s: %s", markdownText(r.Dir), markdownText(r.Err.Error())))
	}
	return nil
}

func (t *stepSummary) end(st *Stream, e *End) error {
	w, s := st.w(), st.sum
	verdict := "nothing refused"
	if s.Refused > 0 {
		verdict = fmt.Sprintf("%d of %d refused", s.Refused, s.Remixlets)
	}
	fmt.Fprintf(w, "### remixlet: %s checked, %s\n\n", plural(s.Remixlets, "remixlet"), verdict)
	if len(t.counts) > 0 {
		rows := make([]ruleRow, 0, len(t.counts))
		for r := range t.counts {
			rows = append(rows, r)
		}
		onesort.Func(rows, func(a, b ruleRow) int {
			if a.severity != b.severity {
				return int(b.severity) - int(a.severity) // errors first
			}
			return strings.Compare(a.rule, b.rule)
		})
		fmt.Fprintf(w, "| rule | severity | findings |\n| --- | --- | ---: |\n")
		for _, r := range rows {
			name := "`" + r.rule + "`"
			if rule, ok := finding.Lookup(r.rule); ok {
				name = fmt.Sprintf("[`%s`](%s)", r.rule, rule.HelpURI())
			}
			fmt.Fprintf(w, "| %s | %s | %d |\n", name, r.severity, t.counts[r])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s, %s", plural(s.Errors, "error"), plural(s.Warnings, "warning"))
	if s.Suppressed > 0 || s.Baselined > 0 {
		fmt.Fprintf(w, " (not counted: %d suppressed inline, %d in the baseline)", s.Suppressed, s.Baselined)
	}
	fmt.Fprintln(w, ".")
	for _, n := range t.notes {
		fmt.Fprint(w, n)
	}
	if len(e.Stale) > 0 {
		fmt.Fprintf(w, "\n- the baseline %s: %s", markdownText(e.Baseline), staleNote(len(e.Stale)))
	}
	for _, l := range e.Limits {
		if l.Exceeded() {
			fmt.Fprintf(w, "\n- too many warnings: %d, more than the %d that %s allows", l.Warnings, l.Max, markdownText(l.From))
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// markdownText shows a name or message as inert text in markdown.
func markdownText(s string) string {
	s = safetext.Clean(s)
	return strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "|", `\|`, "#", `\#`, "!", `\!`).Replace(s)
}
