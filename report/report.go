// Package report writes lint results for people (text) and for machines
// (json, sarif, github workflow annotations) and for the AI agent that
// wrote the remixlet (agent: file text fenced as data).
package report

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// Formats are the output formats, in the order --help lists them.
var Formats = []string{"text", "json", "sarif", "github", "agent"}

// Tool names the program in machine-readable output.
type Tool struct {
	Name    string
	Version string
	URI     string
}

// Write renders results in format.
func Write(w io.Writer, format string, tool Tool, results []*analysis.Result) error {
	switch format {
	case "text":
		return writeText(w, results)
	case "json":
		return writeJSON(w, tool, results)
	case "sarif":
		return writeSARIF(w, tool, results)
	case "github":
		return writeGitHub(w, results)
	case "agent":
		return writeAgent(w, results)
	}
	return fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
}

// ValidFormat reports whether format is one Write knows.
func ValidFormat(format string) bool { return slices.Contains(Formats, format) }

// displayPath joins a remixlet folder and a file inside it with forward
// slashes, as every output shows paths.
func displayPath(dir, file string) string {
	dir = filepath.ToSlash(dir)
	if file == "" {
		return dir
	}
	return path.Join(dir, file)
}

// source returns the line index for a file of a result, or nil when its
// bytes were not accepted by the loader.
func source(r *analysis.Result, file string) *finding.Lines {
	if r.Package == nil || file == "" {
		return nil
	}
	data, ok := r.Package.File(file)
	if !ok {
		return nil
	}
	return finding.NewLines(data)
}

// sourceCache indexes each file at most once per result.
type sourceCache map[string]*finding.Lines

func (c sourceCache) lines(r *analysis.Result, file string) *finding.Lines {
	key := r.Dir + "\x00" + file
	if l, ok := c[key]; ok {
		return l
	}
	l := source(r, file)
	c[key] = l
	return l
}
