// Package action holds the tests of the GitHub Action (action.yml at the
// repository root, its script lint.sh) and of the pre-commit hook
// (.pre-commit-hooks.yaml): each is run here as GitHub or pre-commit would
// run it, on a scratch repository.
package action

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/remixlet/remixlet/internal/casetest"
	"gopkg.in/yaml.v3"
)

const root = ".."

type actionFile struct {
	Inputs map[string]struct {
		Description string `yaml:"description"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name string            `yaml:"name"`
			ID   string            `yaml:"id"`
			If   string            `yaml:"if"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestActionFile: the action is composite, every input it uses is
// declared, described and documented in docs/ci.md, and the lint step
// hands each input to the script under the name the script reads.
func TestActionFile(t *testing.T) {
	a := readAction(t)
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using is %q", a.Runs.Using)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"paths", "config", "fail-on-warnings", "sarif-file", "upload-sarif", "baseline", "remixlet"} {
		in, ok := a.Inputs[want]
		if !ok || in.Description == "" {
			t.Errorf("input %q missing or undescribed", want)
		}
		if !strings.Contains(string(doc), "`"+want+"`") {
			t.Errorf("docs/ci.md does not document the input %q", want)
		}
	}
	script, err := os.ReadFile(filepath.Join(root, "action", "lint.sh"))
	if err != nil {
		t.Fatal(err)
	}
	used := regexp.MustCompile(`inputs\.([a-z-]+)`)
	var lint, upload, verdict bool
	for _, s := range a.Runs.Steps {
		all := s.If + s.Run
		for _, v := range s.Env {
			all += v
		}
		for _, v := range s.With {
			all += v
		}
		for _, m := range used.FindAllStringSubmatch(all, -1) {
			if _, ok := a.Inputs[m[1]]; !ok {
				t.Errorf("step %q uses undeclared input %q", s.Name, m[1])
			}
		}
		switch {
		case s.ID == "lint":
			lint = true
			for name, value := range s.Env {
				input := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(name, "INPUT_"), "_", "-"))
				if value != "${{ inputs."+input+" }}" {
					t.Errorf("lint step: %s = %q, want the input %q", name, value, input)
				}
				if !strings.Contains(string(script), name) {
					t.Errorf("lint.sh does not read %s", name)
				}
			}
			if !strings.Contains(s.Run, "action/lint.sh") {
				t.Errorf("the lint step does not run action/lint.sh: %q", s.Run)
			}
		case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
			upload = strings.Contains(s.If, "always()") && s.With["sarif_file"] == "${{ steps.lint.outputs.sarif-file }}"
		case s.Name == "Verdict":
			verdict = strings.Contains(s.If, "always()") && s.Env["REMIXLET_EXIT_CODE"] == "${{ steps.lint.outputs.exit-code }}"
		}
	}
	if !lint || !upload || !verdict {
		t.Errorf("steps: lint %v, upload after a failed lint %v, verdict %v", lint, upload, verdict)
	}
}

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// remixletBinary builds cmd/remixlet once for the tests here.
func remixletBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		var err error
		if binDir, err = os.MkdirTemp("", "remixlet-action-test"); err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(binDir, "remixlet")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/remixlet").CombinedOutput()
		if err != nil {
			buildErr = &buildError{out}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

type buildError struct{ out []byte }

func (e *buildError) Error() string { return "go build: " + string(e.out) }

const (
	clean  = `{"name": "Clean", "api": "1.0.2", "matches": ["https://news.example.com/*"]}`
	warns  = "const box = await dom.query(\"#box\"), userHTML = (await dom.query(\"#draft\")).html;\nbox.innerHTML = userHTML;\n"
	broken = `{"name": "Broken", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "fetch:API.example.com", "reason": "x"}]}`
)

type actionRun struct {
	stdout, stderr string
	outputs        map[string]string
	summary        string
	code           int
}

// runAction runs action/lint.sh, then the Verdict step, with the
// variables a GitHub runner sets.
func runAction(t *testing.T, workspace string, inputs map[string]string) actionRun {
	t.Helper()
	tmp := t.TempDir()
	outFile, summaryFile := filepath.Join(tmp, "output"), filepath.Join(tmp, "summary.md")
	actionPath, _ := filepath.Abs(root)
	env := append(os.Environ(),
		"GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_ACTION_PATH="+actionPath,
		"GITHUB_WORKSPACE="+workspace,
		"GITHUB_OUTPUT="+outFile,
		"GITHUB_STEP_SUMMARY="+summaryFile,
		"RUNNER_TEMP="+tmp,
	)
	a := readAction(t)
	for name, in := range a.Inputs {
		v, ok := inputs[name]
		if !ok {
			v = in.Default
		}
		env = append(env, "INPUT_"+strings.ToUpper(strings.ReplaceAll(name, "-", "_"))+"="+v)
	}
	cmd := exec.Command("bash", filepath.Join(actionPath, "action", "lint.sh"))
	cmd.Dir = workspace
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("lint.sh: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	r := actionRun{stdout: stdout.String(), stderr: stderr.String(), outputs: map[string]string{}}
	data, _ := os.ReadFile(outFile)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		r.outputs[k] = v
	}
	summary, _ := os.ReadFile(summaryFile)
	r.summary = string(summary)
	// The Verdict step, with the output the lint step set.
	for _, s := range a.Runs.Steps {
		if s.Name != "Verdict" {
			continue
		}
		v := exec.Command("bash", "-c", s.Run)
		v.Env = append(os.Environ(), "REMIXLET_EXIT_CODE="+r.outputs["exit-code"])
		err := v.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestActionScript(t *testing.T) {
	bin := remixletBinary(t)
	ws := casetest.WriteFiles(t, map[string]string{
		"README.md":                    "# remixlets\n",
		"remixlets/ok/manifest.json":   clean,
		"remixlets/warn/manifest.json": clean,
		"remixlets/warn/script.js":     warns,
	})
	r := runAction(t, ws, map[string]string{"remixlet": bin, "paths": "remixlets\nREADME.md"})
	if r.outputs["exit-code"] != "0" || r.code != 0 || r.outputs["sarif-file"] != "remixlet.sarif" {
		t.Fatalf("outputs %v, verdict %d\n%s%s", r.outputs, r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		"::warning file=remixlets/warn/script.js,line=2,col=17",
		"::group::remixlet lint report\n::stop-commands::remixlet-",
		"remixlets/warn/script.js:2:17: warning js/dynamic-html",
		"2 remixlets checked: 0 errors, 1 warning",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("log lacks %q:\n%s", want, r.stdout)
		}
	}
	// The report is framed by stop-commands and its resume token.
	if m := regexp.MustCompile(`::stop-commands::(remixlet-[0-9a-f]{32})\n(?s:.*)\n::(remixlet-[0-9a-f]{32})::\n`).FindStringSubmatch(r.stdout); m == nil || m[1] != m[2] {
		t.Errorf("the text report is not framed by stop-commands:\n%s", r.stdout)
	}
	if !strings.Contains(r.summary, "### remixlet: 2 remixlets checked, nothing refused") || !strings.Contains(r.summary, "| [`js/dynamic-html`]") {
		t.Errorf("step summary:\n%s", r.summary)
	}
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(ws, "remixlet.sarif"))
	if err != nil || json.Unmarshal(data, &sarif) != nil || sarif.Version != "2.1.0" || len(sarif.Runs[0].Results) != 1 {
		t.Errorf("SARIF: %v\n%s", err, data)
	}

	// fail-on-warnings: the one warning fails the job.
	r = runAction(t, ws, map[string]string{"remixlet": bin, "paths": "remixlets", "fail-on-warnings": "true", "sarif-file": "out/r.sarif"})
	if r.outputs["exit-code"] != "1" || r.code != 1 || r.outputs["sarif-file"] != "out/r.sarif" || !strings.Contains(r.stdout, "too many warnings") {
		t.Errorf("fail-on-warnings: outputs %v, verdict %d\n%s%s", r.outputs, r.code, r.stdout, r.stderr)
	}
	if r = runAction(t, ws, map[string]string{"remixlet": bin, "fail-on-warnings": "yes"}); r.code != 2 || !strings.Contains(r.stdout, "write true or false") {
		t.Errorf("a bad input: verdict %d\n%s", r.code, r.stdout)
	}
}

// TestActionRefusesAndBuilds: with no binary given the action builds one
// from its own source; an error refuses the job, after the SARIF is
// written for the upload step; a config and a baseline are passed on.
func TestActionRefusesAndBuilds(t *testing.T) {
	ws := casetest.WriteFiles(t, map[string]string{
		"remixlets/bad/manifest.json": broken,
		"remixlets/ok/manifest.json":  clean,
		"strict.json":                 `{"policy": {"requireDescription": true}}`,
	})
	r := runAction(t, ws, map[string]string{"config": "strict.json"})
	if r.outputs["exit-code"] != "1" || r.code != 1 || r.outputs["sarif-file"] != "remixlet.sarif" {
		t.Fatalf("outputs %v, verdict %d\n%s%s", r.outputs, r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		"::group::Build remixlet",
		"::error file=remixlets/bad/manifest.json,line=1,col=110,title=manifest/permission-host::",
		"::error file=remixlets/ok/manifest.json,title=config/description-required::",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("log lacks %q:\n%s", want, r.stdout)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "remixlet.sarif")); err != nil {
		t.Error(err)
	}
	// A path that does not exist: could not run, and the job fails.
	r = runAction(t, ws, map[string]string{"remixlet": remixletBinary(t), "paths": "nope"})
	if r.outputs["exit-code"] != "2" || r.code != 2 {
		t.Errorf("outputs %v, verdict %d\n%s%s", r.outputs, r.code, r.stdout, r.stderr)
	}
	// No exit code at all (the step died): the verdict fails closed.
	a := readAction(t)
	for _, s := range a.Runs.Steps {
		if s.Name == "Verdict" {
			v := exec.Command("bash", "-c", s.Run)
			v.Env = append(os.Environ(), "REMIXLET_EXIT_CODE=")
			if err := v.Run(); err == nil {
				t.Errorf("the verdict passes with no exit code")
			}
		}
	}
}
