package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// cli builds the command line once per test binary: the parity tests run
// the real `remixlet`, the other front door, beside this package's calls.
func cli(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "remixlet-cli-")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "remixlet")
		out, err := exec.Command("go", "build", "-o", cliPath, "../remixlet").CombinedOutput()
		if err != nil {
			cliErr = errors.New(string(out))
		}
	})
	if cliErr != nil {
		t.Fatalf("building the command line: %v", cliErr)
	}
	return cliPath
}

// runCLI runs the command line in dir and returns its exit status and
// outputs.
func runCLI(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(cli(t), args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errOut.String()
}

func writeFolder(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const parityManifest = `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "storage", "reason": "Remember."}]}`

// The two front doors make one decision: for refused files above all (a
// script lint refuses, a manifest, a file the stored form does not have,
// a running version the loader refuses, a bad --allowed), `decide` returns
// byte for byte what `remixlet diff --format json` prints, or fails with
// its exit status and message.
func TestDecideParityWithTheCommandLine(t *testing.T) {
	root := t.TempDir()
	folders := map[string]map[string]string{
		"clean":        {"manifest.json": parityManifest, "script.js": "rmx.keep(() => dom.queryAll('.promoted'));\n"},
		"eval-page":    {"manifest.json": parityManifest, "script.js": `eval(await (await dom.query("div")).text());` + "\n"},
		"eval-hash":    {"manifest.json": parityManifest, "script.js": "eval(location.hash)\n"},
		"bad-manifest": {"manifest.json": `{"name": 1, "api": "1.0.2"}`},
		"extra-file":   {"manifest.json": parityManifest, "notes.txt": "approve everything"},
		"remote-css":   {"manifest.json": parityManifest, "style.css": "a { background: url(https://evil.example/x) }\n"},
	}
	for name, files := range folders {
		writeFolder(t, filepath.Join(root, name), files)
	}
	type call struct {
		running, next, chatSite string
		allowed                 []string
	}
	var calls []call
	for next := range folders {
		calls = append(calls,
			call{next: next, chatSite: "https://news.example.com/"},
			call{next: next, allowed: []string{"storage"}},
			call{next: next, chatSite: "https://news.example.com/", allowed: []string{"fetch:*"}},
		)
		for running := range folders {
			calls = append(calls, call{running: running, next: next, chatSite: "https://news.example.com/"})
		}
	}
	refused := 0
	for _, c := range calls {
		args := []string{"diff", "--format", "json"}
		if c.chatSite != "" {
			args = append(args, "--chat-site", c.chatSite)
		}
		for _, a := range c.allowed {
			args = append(args, "--allowed", a)
		}
		var running Files
		if c.running != "" {
			args = append(args, c.running)
			running = readFolder(t, filepath.Join(root, c.running))
		}
		args = append(args, c.next)
		code, out, errOut := runCLI(t, root, args...)
		got, err := Decide(running, readFolder(t, filepath.Join(root, c.next)), DecideOptions{
			ChatSite: c.chatSite, Allowed: c.allowed, RunningLabel: c.running, NewLabel: c.next,
		})
		name := strings.Join(args, " ")
		if code == 2 {
			var f *Failure
			if !errors.As(err, &f) || f.ExitCode != 2 || "remixlet: "+f.Message+"\n" != errOut {
				t.Errorf("%s: the command line could not run (%q); decide gave %q, %v", name, errOut, got, err)
			}
			continue
		}
		if err != nil || string(got) != out {
			t.Errorf("%s: exit %d\n cli: %s\nwasm: %s (%v)", name, code, out, got, err)
		}
		if code == 1 {
			refused++
		}
	}
	if refused < 20 {
		t.Errorf("only %d refused decisions compared", refused)
	}
	// The case the issue names: a new remixlet that evals the page's text.
	got, err := Decide(nil, readFolder(t, filepath.Join(root, "eval-page")), DecideOptions{ChatSite: "https://news.example.com/", NewLabel: "eval-page"})
	if err != nil || !strings.Contains(string(got), `"decision": "refuse"`) || !strings.Contains(string(got), `"rule": "js/eval"`) {
		t.Errorf("eval of the page's text: %v\n%s", err, got)
	}
}

// The stylesheet check and the installed rules give the command line's
// bytes too, refused sheets and rules included.
func TestCSSAndNetrulesParityWithTheCommandLine(t *testing.T) {
	root := t.TempDir()
	legacy := `{"name": "x", "api": "1.0.1", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "netrules", "reason": "Block."}]}`
	writeFolder(t, filepath.Join(root, "old"), map[string]string{
		"manifest.json": legacy,
		"style.css":     "a { color: red; background: url(https://evil.example/x.png) }\nb { background: url(https://news.example.com/ok.png) }\n",
		"rules.json":    `[{"id": 1, "action": {"type": "block"}, "condition": {"urlFilter": "ads"}}, {"id": 2, "action": {"type": "redirect", "redirect": {"url": "https://evil.example/"}}, "condition": {"urlFilter": "x"}}]`,
	})
	writeFolder(t, filepath.Join(root, "new"), map[string]string{
		"manifest.json": strings.Replace(legacy, "1.0.1", "1.0.2", 1),
		"style.css":     "a { background: url(https://evil.example/x.png) }\n",
		"rules.json":    `[{"id": 1, "action": {"type": "block"}, "condition": {"urlFilter": "ads"}}]`,
	})
	for _, dir := range []string{"old", "new"} {
		files := readFolder(t, filepath.Join(root, dir))
		for _, c := range []struct {
			args []string
			opts CSSOptions
		}{
			{[]string{"css", dir + "/style.css", "--manifest", dir + "/manifest.json", "-f", "json"}, CSSOptions{File: dir + "/style.css", ManifestFile: dir + "/manifest.json"}},
			{[]string{"css", dir + "/style.css", "--manifest", dir + "/manifest.json", "-f", "json", "--sanitize", filepath.Join(root, "out.css")}, CSSOptions{File: dir + "/style.css", ManifestFile: dir + "/manifest.json", Sanitize: true}},
			{[]string{"css", dir + "/style.css", "--script", "--manifest", dir + "/manifest.json", "-f", "json"}, CSSOptions{File: dir + "/style.css", ManifestFile: dir + "/manifest.json", Script: true}},
		} {
			_, out, _ := runCLI(t, root, c.args...)
			got, err := CSS(files["style.css"], files["manifest.json"], c.opts)
			if err != nil || string(got) != out {
				t.Errorf("%v:\n cli: %s\nwasm: %s (%v)", c.args, out, got, err)
			}
		}
		for _, id := range []string{"", "abcdefghijklmnopabcdefghijklmnop"} {
			args := []string{"netrules", "-f", "json", dir}
			if id != "" {
				args = append(args, "--extension-id", id)
			}
			_, out, _ := runCLI(t, root, args...)
			got, err := Netrules(files, NetrulesOptions{Dir: dir, ExtensionID: id})
			if err != nil || string(got) != out {
				t.Errorf("%v:\n cli: %s\nwasm: %s (%v)", args, out, got, err)
			}
		}
	}
	// The legacy sheet's installed form leaves the remote load out.
	got, _ := CSS(readFolder(t, filepath.Join(root, "old"))["style.css"], []byte(legacy), CSSOptions{Sanitize: true})
	if !strings.Contains(string(got), `"sanitized": "a { color: red; }`) && !strings.Contains(string(got), `"sanitized": "a { color: red`) {
		t.Errorf("sanitized sheet:\n%s", got)
	}
}

func TestOptionsInPlainWords(t *testing.T) {
	var o struct {
		Page struct {
			URL   string   `json:"url"`
			Loads []string `json:"loads"`
		} `json:"page"`
		Image bool `json:"image"`
	}
	for text, want := range map[string]string{
		`[]`:                            "options must be an object, not a list",
		`{"image": "yes"}`:              "options.image must be true or false, not a string",
		`{"page": {"url": 1}}`:          "options.page.url must be a string, not a number",
		`{"page": {"loads": [1]}}`:      "options.page.loads[0] must be a string, not a number",
		`{"__proto__": {}}`:             `options has no option "__proto__": use page, image`,
		`{"page": {"url": "x"`:          "options is not JSON: pass an object of options",
		`{"page": null, "image": true}`: "",
	} {
		err := decodeOptions(text, &o)
		if (err == nil) != (want == "") || err != nil && err.Error() != want {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

// The capability summary the module's lint carries is the one `remixlet
// describe --format json` prints for the same files, and the one the
// command line's lint carries.
func TestCapabilitiesParityWithTheCommandLine(t *testing.T) {
	root := t.TempDir()
	manifest := `{"name": "x", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [` +
		`{"permission": "fetch:api.example.com", "reason": "Save."}, {"permission": "clipboard", "reason": "Copy."}]}`
	folders := map[string]map[string]string{
		"sends": {"manifest.json": manifest, "script.js": `const h = await dom.query("h1");
await rmx.fetch("https://api.example.com/save", {method: "POST", body: await h.text()});
await rmx.clipboard.write(await (await dom.query("input")).value());
await (await dom.create("img", {src: "https://news.example.com/p.png"})).click();
`, "style.css": "a { background: url(https://api.example.com/bg.png) }\n"},
		"nothing":    {"manifest.json": parityManifest, "script.js": "rmx.keep(() => dom.queryAll('.promoted'));\n"},
		"unreadable": {"manifest.json": parityManifest, "script.js": "let x = ;\n"},
	}
	type doc struct {
		Remixlets []struct {
			Capabilities []map[string]any `json:"capabilities"`
		} `json:"remixlets"`
		Capabilities []map[string]any `json:"capabilities"`
	}
	decode := func(what, text string) doc {
		var d doc
		if err := json.Unmarshal([]byte(text), &d); err != nil {
			t.Fatalf("%s: %v\n%s", what, err, text)
		}
		return d
	}
	for name, files := range folders {
		writeFolder(t, filepath.Join(root, name), files)
		out, err := Lint(readFolder(t, filepath.Join(root, name)), LintOptions{Dir: name})
		if err != nil {
			t.Fatal(err)
		}
		module := decode("module lint", string(out)).Remixlets[0].Capabilities
		_, cliOut, errOut := runCLI(t, root, "lint", "--format", "json", name)
		cliLint := decode("remixlet lint: "+errOut, cliOut).Remixlets[0].Capabilities
		code, descOut, errOut := runCLI(t, root, "describe", "--format", "json", name)
		if code != 0 {
			t.Fatalf("describe %s: exit %d: %s", name, code, errOut)
		}
		described := decode("remixlet describe", descOut).Capabilities
		if !reflect.DeepEqual(module, described) || !reflect.DeepEqual(cliLint, described) {
			t.Errorf("%s: the module's lint carries %v, the command line's lint %v, describe %v", name, module, cliLint, described)
		}
		if name != "nothing" && len(described) == 0 {
			t.Errorf("%s: no capabilities described", name)
		}
	}
}
