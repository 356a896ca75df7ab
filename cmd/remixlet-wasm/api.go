// Command remixlet-wasm is the checker built for WebAssembly
// (GOOS=js GOARCH=wasm), so the extension lints a remixlet before saving it,
// computes the digest an approval binds to, and makes the activation
// decision with the very code `remixlet lint`, `digest` and `diff` run.
//
// The JavaScript API (package @remixlet/wasm, see docs/wasm.md) calls the
// functions of this file through main_js.go. They take files held in
// memory, name → bytes, checked by analysis.LoadFiles exactly as the
// command line checks a folder, and return the command line's output
// bytes. This file builds everywhere, so its tests run natively; only
// main_js.go needs the browser. The version store (bbolt) is not imported:
// nothing here approves or stores.
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/decision"
	"github.com/remixlet/remixlet/digest"
	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/report"
)

// Files is one remixlet held in memory: stored-form name → bytes.
type Files map[string][]byte

// Failure is a call that did not produce its output, with the exit status
// the command line would give (1 refused, 2 could not run) and, for a
// refusal, the findings behind it.
type Failure struct {
	Message  string         `json:"message"`
	ExitCode int            `json:"exitCode"`
	Findings []finding.JSON `json:"findings"`
}

func (f *Failure) Error() string { return f.Message }

func refused(message string, fs []finding.Finding) *Failure {
	return &Failure{Message: message, ExitCode: 1, Findings: finding.JSONList(fs)}
}

func usage(format string, args ...any) *Failure {
	return &Failure{Message: fmt.Sprintf(format, args...), ExitCode: 2, Findings: []finding.JSON{}}
}

// tool names the checker in the json and sarif outputs, as the command
// line does.
func tool() report.Tool {
	return report.Tool{Name: "remixlet", Version: buildinfo.Version(), URI: buildinfo.Homepage}
}

// LintOptions are lint's options: Dir labels the remixlet in the output as
// the folder argument does on the command line ("." when empty); Format is
// one of report.Formats ("json" when empty).
type LintOptions struct {
	Dir    string `json:"dir"`
	Format string `json:"format"`
}

// Lint runs every check `remixlet lint` runs and returns the output
// `remixlet lint --format FORMAT DIR` prints for the same files in a folder
// named DIR. A refused remixlet is output, not a failure: its findings are
// in it, as on the command line.
func Lint(files Files, opts LintOptions) ([]byte, error) {
	dir, format := cmp.Or(opts.Dir, "."), cmp.Or(opts.Format, "json")
	if !report.ValidFormat(format) {
		return nil, usage("unknown format %q: use one of %v", format, report.Formats)
	}
	res := analysis.RunPackage(analysis.LoadFiles(dir, files), lint.Analyzers)
	var out bytes.Buffer
	if err := report.Write(&out, format, tool(), []*analysis.Result{res}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Digest returns the digest `remixlet digest` prints for the same files:
// the h1: digest an approval binds to. Files the stored form refuses have
// none.
func Digest(files Files) (string, error) {
	pkg := analysis.LoadFiles(".", files)
	sum, err := digest.Package(pkg)
	var refusal *digest.RefusedError
	if errors.As(err, &refusal) {
		return "", refused("the files hold what the stored form does not allow: fix the findings, then digest again", refusal.Findings)
	}
	return sum, err
}

// DecideOptions are the inputs of the decision beside the files: the chat's
// page (--chat-site) and the permissions allowed in the chat (--allowed),
// and the labels the output names the two versions by (the folders on the
// command line; "running" and "new" when empty).
type DecideOptions struct {
	ChatSite     string   `json:"chatSite"`
	Allowed      []string `json:"allowed"`
	RunningLabel string   `json:"runningLabel"`
	NewLabel     string   `json:"newLabel"`
}

// Decide makes the activation decision between the running version (nil
// for a new remixlet) and the new one through the command line's decision
// (package decision: every lint check on the new files, then the
// decision), and returns what `remixlet diff --format json RUNNING NEW`
// prints for the same files. Refused files are output, as on the command
// line: the decision says refuse and its reasons list the findings.
func Decide(running, next Files, opts DecideOptions) ([]byte, error) {
	req := decision.Request{
		New:      analysis.LoadFiles(cmp.Or(opts.NewLabel, "new"), next),
		Allowed:  slices.Clone(opts.Allowed),
		ChatSite: opts.ChatSite,
	}
	if running != nil {
		req.Running = analysis.LoadFiles(cmp.Or(opts.RunningLabel, "running"), running)
	}
	d, err := decision.Make(req)
	if err != nil {
		return nil, usage("%v", err)
	}
	return bounded(d.WriteJSON)
}

// Version returns what `remixlet version --format json` prints, for this
// build: the same version and esbuild; the rule table of the packages it
// links (not the version store's, which it leaves out).
func Version() []byte {
	out, err := json.MarshalIndent(buildinfo.Read(), "", "  ")
	if err != nil {
		panic(err) // a struct of strings and ints always encodes
	}
	return append(out, '\n')
}
