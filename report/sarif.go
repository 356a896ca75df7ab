package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/lazyre"
)

// SARIF 2.1.0, as GitHub code scanning reads it: relative artifact URIs
// under %SRCROOT%, UTF-16 columns, a region on every result (a finding on
// a whole file is placed on its first line), rule metadata with help text
// and a help address, a numeric tool version, and fingerprints that
// survive unrelated edits above a finding.

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri,omitempty"`
	Rules           []sarifRule `json:"rules"`
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
	HelpURI              string         `json:"helpUri"`
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
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	CodeFlows           []sarifCodeFlow    `json:"codeFlows,omitempty"`
}

// sarifCodeFlow is a data flow's path: one thread of steps, from where the
// data was read to the result's place.
type sarifCodeFlow struct {
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	Locations []sarifFlowStep `json:"locations"`
}

type sarifFlowStep struct {
	Location sarifStepLocation `json:"location"`
}

type sarifStepLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          sarifText     `json:"message"`
}

// codeFlows is a finding's flow in SARIF, each step a one-line region.
func codeFlows(f finding.Finding, art sarifArtifact, lines *finding.Lines) []sarifCodeFlow {
	if f.Flow == nil || len(f.Flow.Steps) == 0 {
		return nil
	}
	var steps []sarifFlowStep
	for _, st := range f.Flow.Steps {
		reg, _ := region(finding.Finding{Start: st.Position}, lines, baseline.LineTexts{})
		steps = append(steps, sarifFlowStep{Location: sarifStepLocation{
			PhysicalLocation: sarifPhysical{ArtifactLocation: art, Region: reg}, Message: sarifText{Text: st.Message}}})
	}
	return []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{{Locations: steps}}}}
}

// sarifSuppression says a result was silenced: inSource for an inline
// suppression comment, external for a baseline file.
type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification,omitempty"`
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
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

func level(s finding.Severity) string {
	if s == finding.Error {
		return "error"
	}
	return "warning"
}

var numericVersion = lazyre.New(`^v?(\d+\.\d+\.\d+)`)

// versions returns the driver's version as GitHub wants it, numeric
// ("1.2.3"; "0.0.0" for a build without a release), and the full
// semantic version ("1.2.3-rc.1", "0.0.0-devel").
func versions(v string) (numeric, semantic string) {
	m := numericVersion.FindStringSubmatch(v)
	if m == nil {
		return "0.0.0", "0.0.0-devel"
	}
	return m[1], strings.TrimPrefix(v, "v")
}

// sarifFormat writes the log as its results come: the tool and its rules,
// then each remixlet's results (its silenced warnings after its other
// results, each with its suppression, so code scanning shows them as
// suppressed instead of not at all), then the invocation, which says
// whether every remixlet could be checked. The members of the run are in
// that order (a SARIF reader takes them by name).
type sarifFormat struct {
	doc   jsonWriter
	index map[string]int // rule id → its index in the driver's rules
	inv   sarifInvocation
	// Fingerprints count over every finding of a run, shown or not, as a
	// baseline counts them; inline suppressions are counted apart.
	ids, silencedIDs *baseline.Fingerprinter
}

func newSARIFFormat() *sarifFormat {
	return &sarifFormat{index: map[string]int{}, inv: sarifInvocation{ExecutionSuccessful: true},
		ids: baseline.NewFingerprinter(), silencedIDs: baseline.NewFingerprinter()}
}

func (sf *sarifFormat) begin(s *Stream) error {
	sf.ids.Disjoint, sf.silencedIDs.Disjoint = s.head.Disjoint, s.head.Disjoint
	rules := finding.Rules()
	numeric, semantic := versions(s.head.Tool.Version)
	driver := sarifDriver{Name: s.head.Tool.Name, Version: numeric, SemanticVersion: semantic, InformationURI: s.head.Tool.URI}
	for i, r := range rules {
		sf.index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   r.ID,
			Name:                 ruleName(r.ID),
			ShortDescription:     sarifText{Text: r.Title},
			FullDescription:      sarifText{Text: r.Why},
			Help:                 sarifText{Text: r.Why + " Do instead: " + r.Fix, Markdown: fmt.Sprintf("**%s**\n\n%s\n\n**Do instead:** %s\n\n[%s](%s)", r.Title, r.Why, r.Fix, r.ID, r.HelpURI())},
			HelpURI:              r.HelpURI(),
			DefaultConfiguration: sarifConfig{Level: level(r.Severity)},
			Properties:           map[string]any{"tags": []string{"security"}, "precision": "very-high", "security-severity": securitySeverity(r.Severity)},
		})
	}
	d := &sf.doc
	*d = jsonWriter{w: s.w()}
	d.begin("", "{")
	d.value("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
	d.value("version", "2.1.0")
	d.begin("runs", "[")
	d.begin("", "{")
	d.value("tool", sarifTool{Driver: driver})
	d.value("columnKind", "utf16CodeUnits")
	d.begin("results", "[")
	for _, src := range s.head.Sources {
		sf.results(s, sourceResult(src))
	}
	return d.err
}

func (sf *sarifFormat) result(s *Stream, r *analysis.Result) error {
	if r.Err != nil {
		sf.inv.ExecutionSuccessful = false
		sf.inv.Notifications = append(sf.inv.Notifications, sarifNotification{Level: "error", Message: sarifText{Text: fmt.Sprintf("%s: could not check: %s", r.Dir, r.Err)}})
	}
	sf.results(s, r)
	return sf.doc.err
}

// results writes the results of one remixlet (or config file).
func (sf *sarifFormat) results(s *Stream, r *analysis.Result) {
	cache := sourceCache{}
	lineHashes := map[string]int{}
	texts := baseline.LineTexts{}
	hashes := map[string]string{} // hashInput → its hash: a long line is hashed once
	add := func(f finding.Finding, silenced *analysis.Silenced) {
		var id string
		switch {
		case silenced == nil:
			id = sf.ids.Of(r, f)
		case silenced.Fingerprint != "":
			id = silenced.Fingerprint // the one the baseline records
		default:
			id = sf.silencedIDs.Of(r, f)
		}
		if s.opts.Quiet && f.Severity != finding.Error {
			return
		}
		uri, base := baseline.ArtifactURI(displayPath(r.Dir, f.File))
		lines := cache.lines(r, f.File)
		reg, lineText := region(f, lines, texts)
		hashInput := lineText
		if hashInput == "" {
			hashInput = f.Rule + "\x00" + f.Message
		}
		lineHash, ok := hashes[hashInput]
		if !ok {
			sum := sha256.Sum256([]byte(hashInput))
			lineHash = hex.EncodeToString(sum[:8])
			hashes[hashInput] = lineHash
		}
		lineHashes[uri+"\x00"+lineHash]++
		var suppressions []sarifSuppression
		switch {
		case silenced == nil:
		case silenced.Baseline != "":
			suppressions = []sarifSuppression{{Kind: "external", Status: "accepted", Justification: "recorded in the baseline " + silenced.Baseline}}
		default:
			suppressions = []sarifSuppression{{Kind: "inSource", Status: "accepted", Justification: silenced.Justification}}
		}
		sf.doc.value("", sarifResult{
			RuleID:    f.Rule,
			RuleIndex: sf.index[f.Rule],
			Level:     level(f.Severity),
			Message:   sarifText{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}, Region: reg}}},
			PartialFingerprints: map[string]string{
				"remixletFinding/v1":      id,
				"primaryLocationLineHash": fmt.Sprintf("%s:%d", lineHash, lineHashes[uri+"\x00"+lineHash]),
			},
			Suppressions: suppressions,
			CodeFlows:    codeFlows(f, sarifArtifact{URI: uri, URIBaseID: base}, lines),
		})
	}
	for _, f := range r.Findings {
		add(f, nil)
	}
	for i := range r.Silenced {
		add(r.Silenced[i].Finding, &r.Silenced[i])
	}
}

func (sf *sarifFormat) end(s *Stream, e *End) error {
	for _, st := range e.Stale {
		uri, base := baseline.ArtifactURI(st.Path)
		sf.inv.Notifications = append(sf.inv.Notifications, sarifNotification{
			Level:     "note",
			Message:   sarifText{Text: fmt.Sprintf("the baseline %s records a %s warning here that no longer occurs: remove the entry", e.Baseline, st.Rule)},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}}}},
		})
	}
	for _, l := range e.Limits {
		if l.Exceeded() {
			sf.inv.Notifications = append(sf.inv.Notifications, sarifNotification{Level: "error", Message: sarifText{Text: fmt.Sprintf("too many warnings: %d, more than the %d that %s allows", l.Warnings, l.Max, l.From)}})
		}
	}
	d := &sf.doc
	d.end() // results
	d.value("invocations", []sarifInvocation{sf.inv})
	d.end() // the run
	d.end() // runs
	d.end()
	d.write("\n")
	return d.err
}

// region places a finding for code scanning, in UTF-16 columns: its span,
// or its start to the end of its line when the end is unknown, or the
// whole first line for a finding on a whole file (or on a file whose text
// was not accepted). It returns the line's text, spacing normalised.
func region(f finding.Finding, lines *finding.Lines, texts baseline.LineTexts) (*sarifRegion, string) {
	if !f.Start.IsValid() {
		reg := &sarifRegion{StartLine: 1, StartColumn: 1, EndLine: 1, EndColumn: 1}
		if lines != nil {
			reg.EndColumn = lines.UTF16Column(1, lines.Chars(1)+1)
		}
		return reg, ""
	}
	reg := &sarifRegion{StartLine: f.Start.Line, StartColumn: max(f.Start.Column, 1)}
	if lines == nil {
		reg.EndLine, reg.EndColumn = reg.StartLine, reg.StartColumn+1
		if f.End.IsValid() && (f.End.Line > f.Start.Line || f.End.Column > f.Start.Column) {
			reg.EndLine, reg.EndColumn = f.End.Line, f.End.Column
		}
		return reg, ""
	}
	reg.StartColumn = lines.UTF16Column(f.Start.Line, reg.StartColumn)
	switch {
	case f.End.IsValid() && (f.End.Line > f.Start.Line || (f.End.Line == f.Start.Line && f.End.Column > f.Start.Column)):
		reg.EndLine, reg.EndColumn = f.End.Line, lines.UTF16Column(f.End.Line, f.End.Column)
	default:
		reg.EndLine = f.Start.Line
		reg.EndColumn = max(lines.UTF16Column(f.Start.Line, lines.Chars(f.Start.Line)+1), reg.StartColumn)
	}
	return reg, texts.Of(lines, f.Start.Line)
}

// ruleName turns "css/remote-load" into "CssRemoteLoad", the identifier
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
