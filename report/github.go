package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// writeGitHub prints GitHub Actions workflow commands, one annotation per
// finding.
func writeGitHub(w io.Writer, results []*analysis.Result) error {
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(w, "::error file=%s,title=%s::%s\n", ghProperty(r.Dir), ghProperty("could not check"), ghData(r.Err.Error()))
		}
		for _, f := range r.Findings {
			level := "warning"
			if f.Severity == finding.Error {
				level = "error"
			}
			props := []string{"file=" + ghProperty(displayPath(r.Dir, f.File))}
			if f.Start.IsValid() {
				props = append(props, fmt.Sprintf("line=%d", f.Start.Line), fmt.Sprintf("col=%d", f.Start.Column))
				if f.End.IsValid() {
					props = append(props, fmt.Sprintf("endLine=%d", f.End.Line), fmt.Sprintf("endColumn=%d", f.End.Column))
				}
			}
			props = append(props, "title="+ghProperty(f.Rule))
			if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghData(f.Message)); err != nil {
				return err
			}
		}
	}
	return nil
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
