// Package action holds the tests of the GitHub Action (action.yml at the
// repository root, its script lint.sh) and of the pre-commit hook
// (.pre-commit-hooks.yaml): each is run here as GitHub or pre-commit would
// run it, on a scratch repository.
package action

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
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
	for _, want := range []string{"paths", "config", "fail-on-warnings", "sarif-file", "upload-sarif", "baseline", "remixlet", "version", "download-url"} {
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
				if !strings.HasPrefix(name, "INPUT_") {
					continue // the binary, from the Install or Build step
				}
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
	// Uploading is opt-in: it fails on private repositories without code
	// scanning and on pull requests from forks.
	if d := a.Inputs["upload-sarif"].Default; d != "false" {
		t.Errorf("upload-sarif defaults to %q", d)
	}
	// The fallback build's cache works: setup-go's own cache is off (it
	// hashes files under the workspace only, and the action's go.sum is
	// not there), and the cache key is the action's go.sum's SHA-256.
	var setupGo, cache bool
	for _, s := range a.Runs.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			setupGo = s.With["cache"] == "false" && s.With["cache-dependency-path"] == ""
		case strings.HasPrefix(s.Uses, "actions/cache@"):
			cache = strings.Contains(s.With["key"], "${{ steps.install.outputs.go-sum }}") && !strings.Contains(s.With["key"], "hashFiles")
		}
	}
	if !setupGo || !cache {
		t.Errorf("the fallback build's cache: setup-go without its cache %v, a cache keyed by the action's go.sum %v", setupGo, cache)
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
	outputs        map[string]string            // the Lint step's
	steps          map[string]map[string]string // every step's, by id
	summary        string
	code           int
}

// runner is how a test runs the action: the inputs, and what the runner
// says about itself and the action's ref.
type runner struct {
	inputs    map[string]string
	actionRef string            // github.action_ref: "v1.2.3", "main"
	env       map[string]string // more variables (RUNNER_OS, RUNNER_ARCH)
}

// runAction runs the action's shell steps in order, as a GitHub runner
// does, with the variables it sets: Install, then (when Install asks to
// build) the Go cache folders and Build steps, Lint, and the Verdict;
// each step's outputs as the runner collects them from its GITHUB_OUTPUT.
func runAction(t *testing.T, workspace string, inputs map[string]string) actionRun {
	return runActionWith(t, workspace, runner{inputs: inputs})
}

func runActionWith(t *testing.T, workspace string, rn runner) actionRun {
	t.Helper()
	tmp := t.TempDir()
	summaryFile := filepath.Join(tmp, "summary.md")
	actionPath, _ := filepath.Abs(root)
	a := readAction(t)
	inputs := map[string]string{}
	for name, in := range a.Inputs {
		inputs[name] = in.Default
		if v, ok := rn.inputs[name]; ok {
			inputs[name] = v
		}
	}
	goos, goarch := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS], map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
	base := append(os.Environ(),
		"GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_ACTION_PATH="+actionPath,
		"GITHUB_WORKSPACE="+workspace,
		"GITHUB_STEP_SUMMARY="+summaryFile,
		"RUNNER_TEMP="+tmp,
		"RUNNER_OS="+goos, "RUNNER_ARCH="+goarch,
	)
	for k, v := range rn.env {
		base = append(base, k+"="+v)
	}
	steps := map[string]map[string]string{} // step id → outputs
	eval := func(expr string) string {
		inner, ok := strings.CutPrefix(strings.TrimSpace(expr), "${{")
		if !ok {
			return expr
		}
		inner = strings.TrimSuffix(strings.TrimSpace(inner), "}}")
		for _, alt := range strings.Split(inner, "||") {
			alt = strings.TrimSpace(alt)
			var v string
			switch {
			case strings.HasPrefix(alt, "inputs."):
				v = inputs[strings.TrimPrefix(alt, "inputs.")]
			case alt == "github.action_ref":
				v = rn.actionRef
			case strings.HasPrefix(alt, "steps."):
				parts := strings.Split(alt, ".") // steps.ID.outputs.NAME
				v = steps[parts[1]][parts[3]]
			default:
				t.Fatalf("the test cannot evaluate %q", alt)
			}
			if v != "" {
				return v
			}
		}
		return ""
	}
	var r actionRun
	for _, s := range a.Runs.Steps {
		if s.Run == "" {
			continue // uses: setup-go, cache, upload-sarif run on GitHub only
		}
		if strings.Contains(s.If, "steps.install.outputs.build == 'true'") && steps["install"]["build"] != "true" {
			continue
		}
		outFile := filepath.Join(tmp, "output-"+s.Name)
		env := append(slices.Clone(base), "GITHUB_OUTPUT="+outFile)
		for k, v := range s.Env {
			env = append(env, k+"="+eval(v))
		}
		cmd := exec.Command("bash", "-c", s.Run)
		cmd.Dir = workspace
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		r.stdout += stdout.String()
		r.stderr += stderr.String()
		if s.Name == "Verdict" {
			if ee, ok := err.(*exec.ExitError); ok {
				r.code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %s: %v\n%s\n%s", s.Name, err, stdout.String(), stderr.String())
		}
		outs := map[string]string{}
		data, _ := os.ReadFile(outFile)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				outs[k] = v
			}
		}
		if s.ID != "" {
			steps[s.ID] = outs
		}
	}
	r.outputs = steps["lint"]
	r.steps = steps
	summary, _ := os.ReadFile(summaryFile)
	r.summary = string(summary)
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

// TestActionRefusesAndBuilds: with no binary given and no release to
// download, the action builds one from its own source; an error refuses the job, after the SARIF is
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
		"remixlet: the action runs from a local copy, which is no release; building remixlet from the action's source instead",
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

// releaseServer serves a fake release on loopback, as GitHub serves one
// under releases/download/TAG/: the binary for this runner and
// SHA256SUMS, as tools/release names them.
func releaseServer(t *testing.T, tag string, files map[string][]byte) (url string, served *[]string) {
	t.Helper()
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.Path)
		mu.Unlock()
		name, ok := strings.CutPrefix(r.URL.Path, "/"+tag+"/")
		data, found := files[name]
		if !ok || !found {
			http.NotFound(w, r)
			return
		}
		w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &got
}

func sums(files map[string][]byte) []byte {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(files)) {
		sum := sha256.Sum256(files[name])
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	return []byte(b.String())
}

// TestActionDownloadsTheRelease: the action runs the release binary for
// the runner, downloaded with the release's SHA256SUMS and checked
// against it; a binary that does not match stops the job without running
// it; a release without a binary for the runner, or a ref that is no
// release, falls back to building from source.
func TestActionDownloadsTheRelease(t *testing.T) {
	bin := remixletBinary(t)
	binary, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	asset := "remixlet-" + runtime.GOOS + "-" + runtime.GOARCH
	ws := casetest.WriteFiles(t, map[string]string{"remixlets/ok/manifest.json": clean})

	published := map[string][]byte{asset: binary}
	published["SHA256SUMS"] = sums(map[string][]byte{asset: binary, "remixlet.wasm": []byte("wasm")})
	url, served := releaseServer(t, "v1.2.3", published)
	// The action's own ref is the release: no version input needed.
	r := runActionWith(t, ws, runner{inputs: map[string]string{"download-url": url}, actionRef: "v1.2.3"})
	if r.code != 0 || r.outputs["exit-code"] != "0" || r.steps["install"]["build"] != "false" {
		t.Fatalf("a release download: verdict %d, steps %v\n%s%s", r.code, r.steps, r.stdout, r.stderr)
	}
	if p := r.steps["install"]["path"]; !strings.HasSuffix(p, "/v1.2.3/"+asset) {
		t.Errorf("the binary run is %q, not the download", p)
	}
	if !strings.Contains(r.stdout, asset+" of v1.2.3, SHA-256 ") || strings.Contains(r.stdout, "building remixlet") {
		t.Errorf("log:\n%s", r.stdout)
	}
	if want := []string{"/v1.2.3/SHA256SUMS", "/v1.2.3/" + asset}; !slices.Equal(*served, want) {
		t.Errorf("requests %v, want %v", *served, want)
	}

	// A binary whose SHA-256 is not the one SHA256SUMS lists: the job
	// stops, nothing is run, nothing is built.
	tampered := map[string][]byte{asset: append(slices.Clone(binary), 0), "SHA256SUMS": published["SHA256SUMS"]}
	url, _ = releaseServer(t, "v1.2.3", tampered)
	r = runActionWith(t, ws, runner{inputs: map[string]string{"download-url": url, "version": "v1.2.3"}, actionRef: "main"})
	if r.code != 2 || r.steps["install"]["build"] != "false" || !strings.Contains(r.stdout, "the download is not the published file") {
		t.Errorf("a tampered binary: verdict %d, steps %v\n%s", r.code, r.steps, r.stdout)
	}
	if r.steps["lint"]["exit-code"] != "2" || strings.Contains(r.stdout, "remixlet checked") {
		t.Errorf("a tampered binary was run: %v\n%s", r.steps["lint"], r.stdout)
	}

	// A release with no binary for this runner: build from source.
	url, _ = releaseServer(t, "v1.2.3", map[string][]byte{"SHA256SUMS": sums(map[string][]byte{"remixlet-plan9-mips": []byte("x")})})
	r = runActionWith(t, ws, runner{inputs: map[string]string{"download-url": url}, actionRef: "v1.2.3"})
	if r.code != 0 || r.steps["install"]["build"] != "true" || !strings.Contains(r.stdout, "v1.2.3's SHA256SUMS lists no "+asset) || !strings.HasSuffix(r.steps["build"]["path"], "/build/remixlet") {
		t.Errorf("no binary for the runner: verdict %d, steps %v\n%s%s", r.code, r.steps, r.stdout, r.stderr)
	}
	if len(r.steps["install"]["go-sum"]) != 64 {
		t.Errorf("the cache key's go.sum hash: %q", r.steps["install"]["go-sum"])
	}
	// A version that is no release is refused as an input.
	r = runActionWith(t, ws, runner{inputs: map[string]string{"version": "latest"}})
	if r.code != 2 || !strings.Contains(r.stdout, `version is "latest": write a release, such as v1.2.3`) {
		t.Errorf("version latest: verdict %d\n%s", r.code, r.stdout)
	}
}
