package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/safetext"
)

// GitHubAnnotationLimit is how many annotations of one kind (error,
// warning) GitHub shows for one step; it drops the rest silently.
const GitHubAnnotationLimit = 10

// writeGitHub prints GitHub Actions workflow commands: one annotation per
// finding, each with its rule's documentation address, up to GitHub's
// limit per kind; findings past the limit are printed as plain log lines,
// and a line says how many were not annotated.
func writeGitHub(w io.Writer, in *Input, opts Options) error {
	annotated := map[string]int{}
	cut := map[string]int{}
	emit := func(r *analysis.Result, f finding.Finding) {
		kind := level(f.Severity)
		path := safetext.Clean(displayPath(r.Dir, f.File))
		msg := safetext.Clean(f.Message)
		help := ""
		if rule, ok := finding.Lookup(f.Rule); ok {
			help = rule.HelpURI()
		}
		if annotated[kind] >= GitHubAnnotationLimit {
			cut[kind]++
			where := path
			if f.Start.IsValid() {
				where += fmt.Sprintf(":%d:%d", f.Start.Line, f.Start.Column)
			}
			fmt.Fprintf(w, "%s: %s %s: %s\n", plainLog(where), kind, f.Rule, plainLog(msg))
			return
		}
		annotated[kind]++
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
	for _, src := range in.Sources {
		sr := sourceResult(src)
		for _, f := range shown(src.Findings, opts) {
			emit(sr, f)
		}
	}
	for _, r := range in.Results {
		if r.Err != nil {
			fmt.Fprintf(w, "::error title=%s::%s\n", ghProperty("could not check "+safetext.Clean(r.Dir)), ghData(safetext.Clean(r.Err.Error())))
		}
		for _, f := range shown(r.Findings, opts) {
			emit(r, f)
		}
	}
	for _, kind := range []string{"error", "warning"} {
		if cut[kind] > 0 {
			fmt.Fprintf(w, "remixlet: GitHub shows at most %d %s annotations per step; the %s above were printed as log lines instead of annotations (the step summary counts them all)\n",
				GitHubAnnotationLimit, kind, plural(cut[kind], "more "+kind))
		}
	}
	if len(in.Stale) > 0 {
		fmt.Fprintf(w, "::notice title=%s::%s\n", ghProperty("stale baseline entries"), ghData(fmt.Sprintf("%s: %s, or write the baseline again with 'remixlet baseline'", safetext.Clean(in.Baseline), staleNote(len(in.Stale)))))
	}
	for _, l := range in.Limits {
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
	s := Summarize(in)
	verdict := "nothing refused"
	if s.Refused > 0 {
		verdict = fmt.Sprintf("%d of %d refused", s.Refused, s.Remixlets)
	}
	fmt.Fprintf(w, "### remixlet: %s checked, %s\n\n", plural(s.Remixlets, "remixlet"), verdict)
	type row struct {
		rule     string
		severity finding.Severity
	}
	counts := map[row]int{}
	add := func(fs []finding.Finding) {
		for _, f := range fs {
			counts[row{f.Rule, f.Severity}]++
		}
	}
	for _, src := range in.Sources {
		add(src.Findings)
	}
	for _, r := range in.Results {
		add(r.Findings)
	}
	if len(counts) > 0 {
		rows := make([]row, 0, len(counts))
		for r := range counts {
			rows = append(rows, r)
		}
		slices.SortFunc(rows, func(a, b row) int {
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
			fmt.Fprintf(w, "| %s | %s | %d |\n", name, r.severity, counts[r])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s, %s", plural(s.Errors, "error"), plural(s.Warnings, "warning"))
	if s.Suppressed > 0 || s.Baselined > 0 {
		fmt.Fprintf(w, " (not counted: %d suppressed inline, %d in the baseline)", s.Suppressed, s.Baselined)
	}
	fmt.Fprintln(w, ".")
	for _, r := range in.Results {
		if r.Err != nil {
			fmt.Fprintf(w, "\n- could not check %s: %s", markdownText(r.Dir), markdownText(r.Err.Error()))
		}
	}
	if len(in.Stale) > 0 {
		fmt.Fprintf(w, "\n- the baseline %s: %s", markdownText(in.Baseline), staleNote(len(in.Stale)))
	}
	for _, l := range in.Limits {
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
