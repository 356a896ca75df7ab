package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// SARIF 2.1.0, as GitHub code scanning reads it: relative artifact URIs
// under %SRCROOT%, UTF-16 columns, rule metadata with help text, and a
// fingerprint per result that survives unrelated edits above it.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

func level(s finding.Severity) string {
	if s == finding.Error {
		return "error"
	}
	return "warning"
}

func writeSARIF(w io.Writer, tool Tool, results []*analysis.Result) error {
	rules := finding.Rules()
	index := map[string]int{}
	driver := sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.URI}
	for i, r := range rules {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   r.ID,
			Name:                 ruleName(r.ID),
			ShortDescription:     sarifText{Text: r.Title},
			FullDescription:      sarifText{Text: r.Why},
			Help:                 sarifText{Text: r.Why + " Do instead: " + r.Fix, Markdown: fmt.Sprintf("**%s**\n\n%s\n\n**Do instead:** %s", r.Title, r.Why, r.Fix)},
			DefaultConfiguration: sarifConfig{Level: level(r.Severity)},
			Properties:           map[string]any{"tags": []string{"security"}, "precision": "very-high", "security-severity": securitySeverity(r.Severity)},
		})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
	inv := sarifInvocation{ExecutionSuccessful: true}
	cache := sourceCache{}
	seen := map[string]int{}
	for _, r := range results {
		if r.Err != nil {
			inv.ExecutionSuccessful = false
			inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifText{Text: fmt.Sprintf("%s: could not check: %v", r.Dir, r.Err)}})
		}
		for _, f := range r.Findings {
			art := artifact(displayPath(r.Dir, f.File))
			phys := sarifPhysical{ArtifactLocation: art}
			lines := cache.lines(r, f.File)
			lineText := ""
			if f.Start.IsValid() {
				reg := &sarifRegion{StartLine: f.Start.Line, StartColumn: f.Start.Column}
				if f.End.IsValid() {
					reg.EndLine, reg.EndColumn = f.End.Line, f.End.Column
				}
				if lines != nil {
					reg.StartColumn = lines.UTF16Column(f.Start.Line, f.Start.Column)
					if f.End.IsValid() {
						reg.EndColumn = lines.UTF16Column(f.End.Line, f.End.Column)
					}
					lineText = strings.Join(strings.Fields(lines.Text(f.Start.Line)), " ")
				}
				phys.Region = reg
			}
			key := f.Rule + "\x00" + art.URI + "\x00" + lineText
			if lineText == "" {
				key += "\x00" + f.Message
			}
			seen[key]++
			sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", key, seen[key])))
			run.Results = append(run.Results, sarifResult{
				RuleID:              f.Rule,
				RuleIndex:           index[f.Rule],
				Level:               level(f.Severity),
				Message:             sarifText{Text: f.Message},
				Locations:           []sarifLocation{{PhysicalLocation: phys}},
				PartialFingerprints: map[string]string{"remixletFinding/v1": hex.EncodeToString(sum[:16])},
			})
		}
	}
	run.Invocations = []sarifInvocation{inv}
	doc := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// artifact makes a SARIF location for a slash path: relative to the working
// folder under %SRCROOT% when it lies below it, an absolute file URI
// otherwise.
func artifact(p string) sarifArtifact {
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, native); err == nil && !strings.HasPrefix(rel, "..") {
				return sarifArtifact{URI: escapePath(filepath.ToSlash(rel)), URIBaseID: "%SRCROOT%"}
			}
		}
		return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(native)}).String()}
	}
	return sarifArtifact{URI: escapePath(strings.TrimPrefix(p, "./")), URIBaseID: "%SRCROOT%"}
}

func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// ruleName turns cssguard.RuleRemoteLoad into "CssRemoteLoad", the identifier
// form SARIF viewers show.
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == '-' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func securitySeverity(s finding.Severity) string {
	if s == finding.Error {
		return "8.0"
	}
	return "4.0"
}
