package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/sandboxapi"
	"github.com/remixlet/remixlet/scriptlint"
)

// The TypeScript compilers the editor test runs, pinned: the current 5.x
// (what most editors bundle) and the native 7.x.
var typescriptVersions = []string{"5.9.3", "7.0.2"}

// tsc installs the typescript package of a version from npm, once per
// machine (into the user's cache folder), and returns its tsc.
func tsc(t *testing.T, version string) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	prefix := filepath.Join(cache, "remixlet-tests", "typescript@"+version)
	bin := filepath.Join(prefix, "node_modules", ".bin", "tsc")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatal("npm is needed to install TypeScript for the editor test (CI installs it)")
	}
	install := exec.Command(npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, "typescript@"+version)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install typescript@%s: %v\n%s", version, err, out)
	}
	return bin
}

// typecheck runs tsc on the project in dir and returns its output, split
// by the file each error is in (by base name).
func typecheck(t *testing.T, tscBin, dir string) (map[string][]string, string) {
	t.Helper()
	cmd := exec.Command(tscBin, "-p", dir, "--pretty", "false")
	out, _ := cmd.CombinedOutput() // tsc exits non-zero when it finds errors
	errs := map[string][]string{}
	at := regexp.MustCompile(`^(?:.*/)?([^/(]+)\(\d+,\d+\): error TS\d+: `)
	var last string
	for _, line := range strings.Split(string(out), "\n") {
		if m := at.FindStringSubmatch(line); m != nil {
			last = m[1]
			errs[last] = append(errs[last], line)
		} else if strings.HasPrefix(line, " ") && last != "" {
			errs[last][len(errs[last])-1] += "\n" + line
		}
	}
	return errs, string(out)
}

// typicalUse is how code would use a global the sandbox does not have;
// any other is read as a value with a member.
var typicalUse = map[string]string{
	"document":       `document.querySelector("p")`,
	"fetch":          `fetch("https://api.example.com/")`,
	"XMLHttpRequest": `new XMLHttpRequest()`,
	"WebSocket":      `new WebSocket("wss://live.example.com/")`,
	"EventSource":    `new EventSource("https://live.example.com/")`,
	"localStorage":   `localStorage.setItem("k", "v")`,
	"sessionStorage": `sessionStorage.getItem("k")`,
	"indexedDB":      `indexedDB.open("db")`,
	"caches":         `caches.open("c")`,
	"open":           `open("https://news.example.com/")`,
	"alert":          `alert("hi")`,
	"Image":          `new Image()`,
	"navigator":      `navigator.sendBeacon("https://x.example/", "d")`,
}

// The editor refuses what the lint refuses: a fresh `remixlet init` type-
// checks, with the tsconfig it writes (no DOM library); using any global
// the sandbox does not have is a type error whose message is the lint's
// advice (what to use instead); the host APIs the sandbox has type-check;
// and a string timer, which the lint refuses, is a type error too.
func TestEditorRefusesWhatLintRefuses(t *testing.T) {
	t.Parallel()
	for _, version := range typescriptVersions {
		t.Run("typescript@"+version, func(t *testing.T) {
			t.Parallel()
			bin := tsc(t, version)
			dir := filepath.Join(t.TempDir(), "r")
			if code, _, errOut := run(t, "init", dir); code != 0 {
				t.Fatalf("init: exit %d: %s", code, errOut)
			}
			if errs, out := typecheck(t, bin, dir); len(errs) > 0 || strings.Contains(out, "error") {
				t.Fatalf("a fresh init does not type-check:\n%s", out)
			}
			examples, _ := filepath.Glob("../../examples/*/tsconfig.json")
			if len(examples) == 0 {
				t.Fatal("no source examples with a tsconfig.json")
			}
			for _, cfg := range examples {
				if errs, out := typecheck(t, bin, filepath.Dir(cfg)); len(errs) > 0 || strings.Contains(out, "error") {
					t.Errorf("%s does not type-check:\n%s", filepath.Dir(cfg), out)
				}
			}

			write := func(name, code string) {
				if err := os.WriteFile(filepath.Join(dir, "src", name), []byte(code+"\nexport {};\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// What the sandbox has beside dom and rmx.
			write("host.ts", `
const u = new URL("/list?page=2", "https://news.example.com/");
const q = new URLSearchParams(u.search); q.set("page", String(Number(q.get("page")) + 1));
const bytes = new TextEncoder().encode(u.href); const back = new TextDecoder().decode(bytes);
const id = setTimeout(() => console.log(back, location.href, crypto.randomUUID()), 100); clearTimeout(id);
const every = setInterval((n: number) => console.info(n), 1000, 1); clearInterval(every);
queueMicrotask(() => console.warn(structuredClone({ a: [1] }), btoa("x"), atob("eA==")));
const ac = new AbortController(); ac.abort(); console.error(ac.signal.aborted, new DOMException("no", "AbortError").name);
console.log(window.Math.max(1, 2), globalThis.JSON.stringify(q.toString()), Intl.DateTimeFormat().resolvedOptions().locale);
`)
			if errs, out := typecheck(t, bin, dir); len(errs) > 0 {
				t.Fatalf("the host APIs the sandbox has do not type-check:\n%s", out)
			}

			// Every global the sandbox does not have, one file each.
			for _, o := range scriptlint.OutsideGlobals {
				use, ok := typicalUse[o.Name]
				if !ok {
					use = o.Name + ".probe"
				}
				write("outside_"+o.Name+".ts", use+";")
			}
			write("timer.ts", `setTimeout("rmx.log(1)", 10);`)
			write("location.ts", `location.replace("https://elsewhere.example/");`)
			errs, out := typecheck(t, bin, dir)
			for _, o := range scriptlint.OutsideGlobals {
				file := "outside_" + o.Name + ".ts"
				got := strings.Join(errs[file], "\n")
				if got == "" {
					t.Errorf("%s type-checks, and the lint refuses it", typicalUseOf(o.Name))
					continue
				}
				want := sandboxapi.OutsideMessage(sandboxapi.Outside{Name: o.Name, UseInstead: o.UseInstead})
				if !strings.Contains(got, want) {
					t.Errorf("%s: the type error does not say what to use instead (%q):\n%s", typicalUseOf(o.Name), want, got)
				}
			}
			for _, f := range []string{"timer.ts", "location.ts"} {
				if len(errs[f]) == 0 {
					t.Errorf("%s type-checks, and the lint refuses it", f)
				}
			}
			if len(errs["host.ts"]) > 0 || len(errs["main.ts"]) > 0 {
				t.Errorf("a correct file draws errors:\n%s", out)
			}
		})
	}
}

func typicalUseOf(name string) string {
	if use, ok := typicalUse[name]; ok {
		return use
	}
	return name + ".probe"
}
