// Command release builds a remixlet release from the checkout it runs in:
// the command line for Linux, macOS and Windows on amd64 and arm64, the
// WebAssembly module, a SHA256SUMS file, and the npm packages (the
// `remixlet` launcher, one package per platform holding its binary, and
// `@remixlet/wasm`), all in one output folder that git ignores.
//
//	go run ./tools/release -version v1.2.3            # everything, into dist/
//	go run ./tools/release -version v1.2.3 -platforms linux/amd64
//
// Builds are reproducible: the same source, Go version and flags give the
// same bytes on any machine, from any folder, with any build cache. Every
// build gets CGO_ENABLED=0, -trimpath, -buildvcs=false, an empty build id
// and fixed -ldflags that stamp only the version and the commit; the
// environment's GOFLAGS and the Go toolchain's GOAMD64/GOARM64 defaults are
// pinned, so nothing of the builder's setup reaches the output. CI builds
// one platform twice, the second time from a copy of the tree in another
// folder with an empty cache, and compares the bytes (docs/releasing.md).
package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
)

// Platform is one GOOS/GOARCH the command line is released for.
type Platform struct{ GOOS, GOARCH string }

func (p Platform) String() string { return p.GOOS + "/" + p.GOARCH }

// Platforms are every platform a release builds, in release order.
var Platforms = []Platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// npmOS and npmCPU are Node's names (process.platform, process.arch).
func (p Platform) npmOS() string {
	if p.GOOS == "windows" {
		return "win32"
	}
	return p.GOOS
}

func (p Platform) npmCPU() string {
	if p.GOARCH == "amd64" {
		return "x64"
	}
	return p.GOARCH
}

// exe is the binary's name inside its npm package.
func (p Platform) exe() string {
	if p.GOOS == "windows" {
		return "remixlet.exe"
	}
	return "remixlet"
}

// BinaryName is the binary's name in the release folder.
func (p Platform) BinaryName() string {
	name := "remixlet-" + p.GOOS + "-" + p.GOARCH
	if p.GOOS == "windows" {
		name += ".exe"
	}
	return name
}

// NPMName is the platform package that carries the binary.
func (p Platform) NPMName() string { return "@remixlet/" + p.npmOS() + "-" + p.npmCPU() }

const (
	buildinfoPkg = "github.com/remixlet/remixlet/internal/buildinfo"
	wasmName     = "remixlet.wasm"
	sumsName     = "SHA256SUMS"
	noticesName  = "THIRD_PARTY_LICENSES"
	// marker marks a folder this tool wrote, which it may empty again.
	marker = ".remixlet-release"
)

// LDFlags are the link flags of every build: strip the symbol table and
// debug information, no build id, and the version and commit stamped into
// package buildinfo. Nothing else varies between builds.
func LDFlags(version, commit string) string {
	return fmt.Sprintf("-s -w -buildid= -X %s.version=%s -X %s.commit=%s", buildinfoPkg, version, buildinfoPkg, commit)
}

// BuildEnv is the environment of every build: the builder's own, with
// everything that could change the output pinned.
func BuildEnv(base []string, goos, goarch string) []string {
	pinned := map[string]string{
		"CGO_ENABLED": "0", "GOOS": goos, "GOARCH": goarch,
		"GOFLAGS": "", "GOAMD64": "v1", "GOARM64": "v8.0", "GOEXPERIMENT": "", "GOWASM": "",
		"GOTOOLCHAIN": "local",
	}
	var env []string
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := pinned[k]; !ok {
			env = append(env, kv)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(pinned)) {
		env = append(env, k+"="+pinned[k])
	}
	return env
}

// WasmGCFlags are the compiler flags of the WebAssembly module, one
// -gcflags per space-separated pattern: esbuild's packages and netrules
// compiled without inlining. esbuild's parser's functions inline so much
// that they are the module's largest (up to 146 KB each); without inlining
// esbuild's code is 1.77 MB instead of 2.09 MB and the module 2.5% smaller,
// with the same start, first lint and steady lint time within the noise of
// the measurement (docs/performance.md, WebAssembly). netrules without
// inlining is 30 KB smaller; it runs only on a rules.json. scriptlint
// without inlining is 125 KB smaller, for a lint about 4% dearer in
// instructions (docs/wasm.md): less code for the engine to compile before
// the first lint, and the module within its budget. The packages a lint
// runs once (the report, the manifest, its schema, the findings, the
// driver, activation) take 25 KB more off. The command line's binaries
// keep Go's inlining: there the size costs nothing at start.
// tools/wasmsize builds with the same flags.
const WasmGCFlags = "github.com/evanw/esbuild/internal/...=-l github.com/remixlet/remixlet/netrules=-l github.com/remixlet/remixlet/scriptlint=-l github.com/remixlet/remixlet/report=-l github.com/remixlet/remixlet/activation=-l github.com/remixlet/remixlet/manifest=-l github.com/remixlet/remixlet/internal/schema=-l github.com/remixlet/remixlet/finding=-l github.com/remixlet/remixlet/analysis=-l"

// BuildArgs are the go command's arguments for one build for p.
func BuildArgs(p Platform, out, pkg, version, commit string) []string {
	args := []string{"build", "-trimpath", "-buildvcs=false", "-mod=readonly", "-ldflags", LDFlags(version, commit)}
	if p.GOARCH == "wasm" {
		for _, f := range strings.Fields(WasmGCFlags) {
			args = append(args, "-gcflags", f)
		}
	}
	return append(args, "-o", out, pkg)
}

type options struct {
	version   string // v1.2.3
	commit    string
	out       string
	platforms []Platform
	wasm      bool
	npm       bool
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(2)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	version := fs.String("version", "", "the release `version`, as v1.2.3 or 1.2.3 (semantic versioning; required)")
	commit := fs.String("commit", "", "the source `commit` to stamp (default: git rev-parse HEAD, with -dirty for a changed checkout)")
	out := fs.String("out", "dist", "the output `folder`: created, or emptied if an earlier release wrote it")
	platforms := fs.String("platforms", "all", "comma-separated `GOOS/GOARCH` list to build, or all")
	wasm := fs.Bool("wasm", true, "build the WebAssembly module and @remixlet/wasm")
	npm := fs.Bool("npm", true, "write the npm packages")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: every option is a flag (-h lists them)", fs.Arg(0))
	}
	opts := options{out: *out, wasm: *wasm, npm: *npm}
	var err error
	if opts.version, err = NormalizeVersion(*version); err != nil {
		return err
	}
	if opts.platforms, err = ParsePlatforms(*platforms); err != nil {
		return err
	}
	if opts.commit = *commit; opts.commit == "" {
		opts.commit = gitCommit()
	}
	if strings.ContainsAny(opts.commit, " \t\n'\"") {
		return fmt.Errorf("-commit %q: a commit is a word", opts.commit)
	}
	return release(opts, stdout)
}

// NormalizeVersion accepts v1.2.3 or 1.2.3 (with an optional pre-release)
// and returns the v form; npm packages use it without the v.
func NormalizeVersion(v string) (string, error) {
	if v == "" {
		return "", errors.New("give the release version: -version v1.2.3")
	}
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	if !semver.IsValid(v) || semver.Build(v) != "" || semver.Canonical(v) != v {
		return "", fmt.Errorf("-version %q is not a full semantic version: write MAJOR.MINOR.PATCH, as v1.2.3 or v1.2.3-rc.1", v)
	}
	return v, nil
}

// ParsePlatforms reads the -platforms list.
func ParsePlatforms(s string) ([]Platform, error) {
	if s == "all" {
		return slices.Clone(Platforms), nil
	}
	var out []Platform
	for _, item := range strings.Split(s, ",") {
		goos, goarch, _ := strings.Cut(strings.TrimSpace(item), "/")
		p := Platform{goos, goarch}
		if !slices.Contains(Platforms, p) {
			return nil, fmt.Errorf("-platforms: %q is not a release platform (%v)", item, Platforms)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// gitCommit is the checkout's commit, "-dirty" when it has changes, or ""
// outside a git checkout.
func gitCommit() string {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	commit := strings.TrimSpace(string(head))
	if status, err := exec.Command("git", "status", "--porcelain").Output(); err != nil || len(status) > 0 {
		commit += "-dirty"
	}
	return commit
}

// prepareOut creates the output folder, or empties one an earlier release
// wrote; any other folder is left alone.
func prepareOut(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return err
	case len(entries) > 0:
		if _, err := os.Stat(filepath.Join(dir, marker)); err != nil {
			return fmt.Errorf("%s holds files this tool did not write: give -out an empty or new folder", dir)
		}
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, marker), []byte("written by go run ./tools/release; emptied by the next release\n"), 0o644)
}

func goBuild(opts options, p Platform, pkg, out string) error {
	cmd := exec.Command("go", BuildArgs(p, out, pkg, opts.version, opts.commit)...)
	cmd.Env = BuildEnv(os.Environ(), p.GOOS, p.GOARCH)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s for %s: %w", pkg, p, err)
	}
	return nil
}

func release(opts options, stdout io.Writer) error {
	if _, err := os.Stat("cmd/remixlet/main.go"); err != nil {
		return errors.New("run it from the repository's root folder (go run ./tools/release)")
	}
	if err := prepareOut(opts.out); err != nil {
		return err
	}
	var released []string
	for _, p := range opts.platforms {
		fmt.Fprintf(os.Stderr, "building %s\n", p.BinaryName())
		if err := goBuild(opts, p, "./cmd/remixlet", filepath.Join(opts.out, p.BinaryName())); err != nil {
			return err
		}
		released = append(released, p.BinaryName())
	}
	if opts.wasm {
		fmt.Fprintf(os.Stderr, "building %s\n", wasmName)
		if err := goBuild(opts, Platform{"js", "wasm"}, "./cmd/remixlet-wasm", filepath.Join(opts.out, wasmName)); err != nil {
			return err
		}
		released = append(released, wasmName)
	}
	notices, err := thirdPartyNotices(opts.version)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(opts.out, noticesName), []byte(notices), 0o644); err != nil {
		return err
	}
	released = append(released, noticesName)
	sums, err := checksums(opts.out, released)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(opts.out, sumsName), []byte(sums), 0o644); err != nil {
		return err
	}
	if opts.npm {
		if err := writeNPM(opts); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "remixlet %s (commit %s) in %s:\n%s", opts.version, cmp.Or(opts.commit, "unknown"), opts.out, sums)
	return nil
}

// checksums returns SHA256SUMS for files in dir: "hex  name" lines, sorted
// by name, as sha256sum -c reads them.
func checksums(dir string, names []string) (string, error) {
	var b strings.Builder
	for _, name := range slices.Sorted(slices.Values(names)) {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	return b.String(), nil
}

// PackageJSON is the part of package.json the release writes.
type PackageJSON struct {
	Name                 string                `json:"name"`
	Version              string                `json:"version"`
	Description          string                `json:"description"`
	License              string                `json:"license"`
	Repository           Repository            `json:"repository"`
	Type                 string                `json:"type,omitempty"`
	OS                   []string              `json:"os,omitempty"`
	CPU                  []string              `json:"cpu,omitempty"`
	Bin                  map[string]string     `json:"bin,omitempty"`
	Exports              map[string]Conditions `json:"exports,omitempty"`
	Types                string                `json:"types,omitempty"`
	Files                []string              `json:"files"`
	Engines              map[string]string     `json:"engines,omitempty"`
	OptionalDependencies map[string]string     `json:"optionalDependencies,omitempty"`
	PreferUnplugged      bool                  `json:"preferUnplugged,omitempty"`
}

// Conditions are an export's conditional targets. Node takes the first
// condition that matches, in the order written, so this is a struct (its
// fields encode in this order), not a map (whose keys encode sorted, which
// would put "default" before "node").
type Conditions struct {
	Types   string `json:"types"`
	Node    string `json:"node"`
	Default string `json:"default"`
}

// Repository is package.json's repository field.
type Repository struct {
	Type      string `json:"type"`
	URL       string `json:"url"`
	Directory string `json:"directory,omitempty"`
}

var repository = Repository{Type: "git", URL: "git+https://github.com/remixlet/remixlet.git"}

// LauncherPackage is the `remixlet` package: the launcher, depending on
// every release platform's package at exactly this version. It lists all
// of them even when a build made fewer (-platforms): the launcher is the
// same one that is published, and npm skips an optional dependency it
// cannot find.
func LauncherPackage(npmVersion string) PackageJSON {
	deps := map[string]string{}
	for _, p := range Platforms {
		deps[p.NPMName()] = npmVersion
	}
	repo := repository
	repo.Directory = "npm/remixlet"
	return PackageJSON{
		Name: "remixlet", Version: npmVersion, License: "MIT", Repository: repo,
		Description: "Check remixlets before they are saved: lint, digest and the activation decision",
		Bin:         map[string]string{"remixlet": "bin/remixlet.js"},
		Files:       []string{"bin/", "platforms.json", noticesName},
		Engines:     map[string]string{"node": ">=18"},
		// Each platform package says which os and cpu it is for, so npm
		// installs only the one that matches.
		OptionalDependencies: deps,
	}
}

// PlatformPackage carries one platform's binary.
func PlatformPackage(npmVersion string, p Platform) PackageJSON {
	return PackageJSON{
		Name: p.NPMName(), Version: npmVersion, License: "MIT", Repository: repository,
		Description:     fmt.Sprintf("The remixlet binary for %s (installed by the remixlet package)", p),
		OS:              []string{p.npmOS()},
		CPU:             []string{p.npmCPU()},
		Files:           []string{"bin/", noticesName},
		PreferUnplugged: true,
	}
}

// WasmPackage is @remixlet/wasm.
func WasmPackage(npmVersion string) PackageJSON {
	repo := repository
	repo.Directory = "npm/wasm"
	return PackageJSON{
		Name: "@remixlet/wasm", Version: npmVersion, License: "MIT", Repository: repo,
		Description: "The remixlet checks as WebAssembly: lint, digest and the activation decision in the browser and Node",
		Type:        "module",
		Types:       "index.d.ts",
		Exports:     map[string]Conditions{".": {Types: "./index.d.ts", Node: "./node.js", Default: "./browser.js"}},
		Files:       []string{"*.js", "index.d.ts", wasmName, "LICENSE-go.txt"},
		Engines:     map[string]string{"node": ">=18"},
	}
}

// PlatformsJSON is the launcher's map from Node's "platform arch" to the
// package holding that binary, for every release platform.
func PlatformsJSON() map[string]string {
	m := map[string]string{}
	for _, p := range Platforms {
		m[p.npmOS()+" "+p.npmCPU()] = p.NPMName()
	}
	return m
}

func writeJSON(path string, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func copyFile(from, to string, mode os.FileMode) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(to, data, mode); err != nil {
		return err
	}
	return os.Chmod(to, mode) // WriteFile keeps the mode of a file that existed
}

// writeNPM writes one folder per npm package under OUT/npm, each ready for
// `npm pack` or `npm publish`.
func writeNPM(opts options) error {
	npmVersion := strings.TrimPrefix(opts.version, "v")
	root := filepath.Join(opts.out, "npm")
	for _, p := range opts.platforms {
		dir := filepath.Join(root, p.npmOS()+"-"+p.npmCPU())
		if err := copyFile(filepath.Join(opts.out, p.BinaryName()), filepath.Join(dir, "bin", p.exe()), 0o755); err != nil {
			return err
		}
		readme := fmt.Sprintf("# %s\n\nThe remixlet %s binary for %s. Install `remixlet`, which depends on it; see https://github.com/remixlet/remixlet.\n", p.NPMName(), opts.version, p)
		if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644); err != nil {
			return err
		}
		if err := finishPackage(dir, PlatformPackage(npmVersion, p)); err != nil {
			return err
		}
	}
	launcher := filepath.Join(root, "remixlet")
	for name, mode := range map[string]os.FileMode{"bin/remixlet.js": 0o755, "README.md": 0o644} {
		if err := copyFile(filepath.Join("npm", "remixlet", name), filepath.Join(launcher, name), mode); err != nil {
			return err
		}
	}
	if err := writeJSON(filepath.Join(launcher, "platforms.json"), PlatformsJSON()); err != nil {
		return err
	}
	if err := finishPackage(launcher, LauncherPackage(npmVersion)); err != nil {
		return err
	}
	if !opts.wasm {
		return nil
	}
	wasm := filepath.Join(root, "wasm")
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(out)) // the toolchain that built the module: its loader matches it
	copies := map[string]string{
		filepath.Join(opts.out, wasmName):                    wasmName,
		filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		// Not LICENSE.go: a .go file under dist/ would be a Go file of the
		// module to the go command (go list ./... fails on it).
		filepath.Join(goroot, "LICENSE"): "LICENSE-go.txt",
	}
	for _, name := range []string{"core.js", "node.js", "browser.js", "index.d.ts", "README.md"} {
		copies[filepath.Join("npm", "wasm", name)] = name
	}
	for from, to := range copies {
		if err := copyFile(from, filepath.Join(wasm, to), 0o644); err != nil {
			return err
		}
	}
	return finishPackage(wasm, WasmPackage(npmVersion))
}

// finishPackage adds the licences and package.json to a package folder.
func finishPackage(dir string, pkg PackageJSON) error {
	if err := copyFile("LICENSE", filepath.Join(dir, "LICENSE"), 0o644); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(filepath.Dir(filepath.Dir(dir)), noticesName), filepath.Join(dir, noticesName), 0o644); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "package.json"), pkg)
}

// licenceFile matches the files a module's licence and notices live in.
func licenceFile(name string) bool {
	upper := strings.ToUpper(name)
	for _, prefix := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"} {
		if strings.HasPrefix(upper, prefix) {
			return true
		}
	}
	return false
}

// thirdPartyNotices returns the licence texts of everything the release
// links that this repository did not write: Go's runtime and standard
// library, and every module the two commands import. Redistributing a
// binary means passing these on (Apache-2.0 and BSD require it). A module
// without a licence file stops the release: nothing is shipped that cannot
// be attributed.
// publicSuffixRevision is the list's revision in internal/publicsuffix
// (its testdata/SOURCE.md).
const publicSuffixRevision = "d6c92f1bbb7433e5db7b8405c25d4035fb8ff376"

func thirdPartyNotices(version string) (string, error) {
	cmd := exec.Command("go", "list", "-mod=readonly", "-deps", "-f", "{{with .Module}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}", "./cmd/remixlet", "./cmd/remixlet-wasm")
	cmd.Env = BuildEnv(os.Environ(), runtime.GOOS, runtime.GOARCH)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w", err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	goVersion, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %w", err)
	}
	type module struct{ path, version, dir string }
	mods := []module{{"Go (runtime and standard library)", strings.TrimSpace(string(goVersion)), strings.TrimSpace(string(goroot))}}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, rest, _ := strings.Cut(line, "\t")
		version, dir, _ := strings.Cut(rest, "\t")
		// This repository's own modules (the checker, the esbuild bridge)
		// are under its LICENSE.
		if path == "" || seen[path] || version == "" {
			continue
		}
		seen[path] = true
		mods = append(mods, module{path, version, dir})
	}
	slices.SortStableFunc(mods[1:], func(a, b module) int { return strings.Compare(a.path, b.path) })
	// Data this repository holds but did not write, linked into both
	// commands: the folder holds its licence.
	mods = append(mods, module{"The Public Suffix List (publicsuffix.org)", publicSuffixRevision, filepath.Join("internal", "publicsuffix", "testdata")})
	var b strings.Builder
	fmt.Fprintf(&b, "remixlet %s links the code and data below, which others wrote, under these licences.\n", version)
	for _, m := range mods {
		entries, err := os.ReadDir(m.dir)
		if err != nil {
			return "", err
		}
		found := 0
		for _, e := range entries {
			if e.Type().IsRegular() && licenceFile(e.Name()) {
				data, err := os.ReadFile(filepath.Join(m.dir, e.Name()))
				if err != nil {
					return "", err
				}
				fmt.Fprintf(&b, "\n%s\n%s %s: %s\n%s\n\n%s", strings.Repeat("=", 72), m.path, m.version, e.Name(), strings.Repeat("=", 72), data)
				found++
			}
		}
		if found == 0 {
			return "", fmt.Errorf("%s %s has no licence file in %s: find its licence before releasing it", m.path, m.version, m.dir)
		}
	}
	return b.String(), nil
}
