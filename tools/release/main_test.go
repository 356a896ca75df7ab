package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNormalizeVersion(t *testing.T) {
	for in, want := range map[string]string{"1.2.3": "v1.2.3", "v1.2.3": "v1.2.3", "v0.1.0-rc.1": "v0.1.0-rc.1"} {
		if got, err := NormalizeVersion(in); got != want || err != nil {
			t.Errorf("NormalizeVersion(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1.2", "v1", "1.2.3+build", "latest", "v01.2.3", "1.2.3 -X main.x=y"} {
		if got, err := NormalizeVersion(in); err == nil {
			t.Errorf("NormalizeVersion(%q) = %q, want an error", in, got)
		}
	}
}

func TestParsePlatforms(t *testing.T) {
	all, err := ParsePlatforms("all")
	if err != nil || len(all) != 6 {
		t.Fatalf("all: %v %v", all, err)
	}
	got, err := ParsePlatforms("linux/amd64, windows/arm64,linux/amd64")
	if err != nil || !slices.Equal(got, []Platform{{"linux", "amd64"}, {"windows", "arm64"}}) {
		t.Errorf("a list: %v %v", got, err)
	}
	if _, err := ParsePlatforms("plan9/386"); err == nil {
		t.Error("plan9/386 is not a release platform")
	}
}

// Nothing of the builder's setup reaches the build: the environment's
// GOFLAGS and the settings that change code generation are pinned.
func TestBuildIsPinned(t *testing.T) {
	env := BuildEnv([]string{"HOME=/root", "GOFLAGS=-buildvcs=true -tags=debug", "CGO_ENABLED=1", "GOAMD64=v3", "GOOS=plan9"}, "linux", "amd64")
	for _, want := range []string{"HOME=/root", "GOFLAGS=", "CGO_ENABLED=0", "GOAMD64=v1", "GOARM64=v8.0", "GOWASM=", "GOOS=linux", "GOARCH=amd64", "GOTOOLCHAIN=local"} {
		if !slices.Contains(env, want) {
			t.Errorf("build environment lacks %s: %v", want, env)
		}
	}
	for _, kv := range env {
		if strings.HasPrefix(kv, "GOFLAGS=-") || kv == "GOAMD64=v3" || kv == "GOOS=plan9" || kv == "CGO_ENABLED=1" {
			t.Errorf("the builder's %s reached the build", kv)
		}
	}
	args := strings.Join(BuildArgs(Platform{"linux", "amd64"}, "out", "./cmd/remixlet", "v1.2.3", "abc"), " ")
	for _, want := range []string{"-trimpath", "-buildvcs=false", "-buildid=", "-s -w", "buildinfo.version=v1.2.3", "buildinfo.commit=abc"} {
		if !strings.Contains(args, want) {
			t.Errorf("go %s lacks %s", args, want)
		}
	}
	// The command line keeps Go's inlining; the WebAssembly module
	// compiles esbuild without it.
	if strings.Contains(args, "-gcflags") {
		t.Errorf("the command line is built with compiler flags: go %s", args)
	}
	wasm := BuildArgs(Platform{"js", "wasm"}, "out", "./cmd/remixlet-wasm", "v1.2.3", "abc")
	for _, f := range strings.Fields(WasmGCFlags) {
		if !strings.Contains(" "+strings.Join(wasm, " ")+" ", " -gcflags "+f+" ") {
			t.Errorf("the WebAssembly module is not built with -gcflags %s: go %s", f, strings.Join(wasm, " "))
		}
	}
}

func TestNPMPackages(t *testing.T) {
	launcher := LauncherPackage("1.2.3")
	platforms := PlatformsJSON()
	if len(launcher.OptionalDependencies) != len(Platforms) || len(platforms) != len(Platforms) {
		t.Fatalf("launcher deps %v, platforms.json %v", launcher.OptionalDependencies, platforms)
	}
	for _, p := range Platforms {
		pkg := PlatformPackage("1.2.3", p)
		if launcher.OptionalDependencies[pkg.Name] != "1.2.3" {
			t.Errorf("the launcher does not depend on %s at 1.2.3", pkg.Name)
		}
		// Node's process.platform and process.arch, as the launcher reads them.
		if platforms[pkg.OS[0]+" "+pkg.CPU[0]] != pkg.Name {
			t.Errorf("platforms.json does not map %s %s to %s", pkg.OS[0], pkg.CPU[0], pkg.Name)
		}
		if !slices.Contains([]string{"linux", "darwin", "win32"}, pkg.OS[0]) || !slices.Contains([]string{"x64", "arm64"}, pkg.CPU[0]) {
			t.Errorf("%s: os %v cpu %v are not Node's names", pkg.Name, pkg.OS, pkg.CPU)
		}
	}
	// Node takes the first matching export condition: node before default.
	data, err := json.Marshal(WasmPackage("1.2.3").Exports)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(data); got != `{".":{"types":"./index.d.ts","node":"./node.js","default":"./browser.js"}}` {
		t.Errorf("exports = %s", got)
	}
}

// The output folder is emptied only when an earlier release wrote it.
func TestPrepareOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dist")
	if err := prepareOut(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "old"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := prepareOut(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old")); err == nil {
		t.Error("an earlier release's file was left")
	}
	mine := t.TempDir()
	if err := os.WriteFile(filepath.Join(mine, "notes.txt"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := prepareOut(mine); err == nil || !strings.Contains(err.Error(), "did not write") {
		t.Errorf("a folder of other files: %v", err)
	}
	if _, err := os.Stat(filepath.Join(mine, "notes.txt")); err != nil {
		t.Error("a folder of other files was emptied")
	}
}

func TestChecksums(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"b": "x", "a": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := checksums(dir, []string{"b", "a"})
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a\n2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881  b\n"
	if err != nil || got != want {
		t.Errorf("checksums = %q, %v", got, err)
	}
}

// Every module and data set the commands link is attributed, with its
// licence text.
func TestThirdPartyNotices(t *testing.T) {
	t.Chdir("../..")
	notices, err := thirdPartyNotices("v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Go (runtime and standard library) go", "github.com/evanw/esbuild v", "github.com/spf13/cobra v", "Apache License", "Permission is hereby granted", "The Public Suffix List (publicsuffix.org) d6c92f1b", "Mozilla Public License Version 2.0"} {
		if !strings.Contains(notices, want) {
			t.Errorf("THIRD_PARTY_LICENSES lacks %q", want)
		}
	}
	source, err := os.ReadFile("internal/publicsuffix/testdata/SOURCE.md")
	if err != nil || !strings.Contains(string(source), publicSuffixRevision) {
		t.Errorf("internal/publicsuffix/testdata/SOURCE.md does not name revision %s (%v): update publicSuffixRevision with the list", publicSuffixRevision, err)
	}
	if strings.Contains(notices, "github.com/remixlet/remixlet ") {
		t.Error("this repository's own module is listed as third-party code")
	}
}
