package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/buildinfo"
)

// A release build prints the version and commit stamped into it, the
// esbuild version go.mod selects and the digest of the rule table it runs:
// the same table this test links.
func TestVersionOfAStampedBuild(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "remixlet")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	const pkg = "github.com/remixlet/remixlet/internal/buildinfo"
	build := exec.Command("go", "build", "-trimpath", "-o", bin,
		"-ldflags", "-X "+pkg+".version=v9.8.7 -X "+pkg+".commit=0123abcd", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version", "--format", "json").Output()
	if err != nil {
		t.Fatalf("remixlet version: %v", err)
	}
	var got buildinfo.Info
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("version --format json: %v\n%s", err, out)
	}
	want := buildinfo.Info{
		Name: "remixlet", Version: "v9.8.7", Commit: "0123abcd",
		Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Esbuild: esbuildInGoMod(t),
		Rules:   buildinfo.Rules{Count: len(finding.Rules()), SHA256: finding.TableDigest()},
		API:     buildinfo.API{Oldest: "1.0.0", Current: "1.0.2"},
	}
	if got != want {
		t.Errorf("version --format json:\n got %+v\nwant %+v", got, want)
	}
	text, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"remixlet v9.8.7 (commit 0123abcd, " + runtime.Version(),
		"esbuild " + want.Esbuild + "\n",
		"sha256 " + want.Rules.SHA256 + "\n",
	} {
		if !strings.Contains(string(text), line) {
			t.Errorf("remixlet version does not print %q:\n%s", line, text)
		}
	}
}

func esbuildInGoMod(t *testing.T) string {
	data, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Require {
		if r.Mod.Path == buildinfo.EsbuildModule {
			return r.Mod.Version
		}
	}
	t.Fatal("go.mod does not require esbuild")
	return ""
}

func TestVersionFormats(t *testing.T) {
	code, out, _ := run(t, "version", "--format", "json")
	var info buildinfo.Info
	if code != 0 || json.Unmarshal([]byte(out), &info) != nil || info.Rules.SHA256 != finding.TableDigest() {
		t.Errorf("version --format json: exit %d\n%s", code, out)
	}
	if code, _, errOut := run(t, "version", "--format", "xml"); code != 2 || !strings.Contains(errOut, `unknown format "xml"`) {
		t.Errorf("version --format xml: exit %d, %s", code, errOut)
	}
}

// A build from a clone (go build or go run, which may stamp no revision)
// names the commit git has checked out, "-dirty" when tracked files
// changed; a -trimpath build without a stamp claims none.
func TestVersionFromAClone(t *testing.T) {
	t.Parallel()
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse HEAD: %v (the tests run in a clone)", err)
	}
	want := strings.TrimSpace(string(head))
	for _, tc := range []struct {
		name  string
		flags []string
		want  bool
	}{
		{"go build", nil, true},
		{"go build -buildvcs=false", []string{"-buildvcs=false"}, true},
		{"go build -trimpath, no stamp", []string{"-trimpath", "-buildvcs=false"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "remixlet")
			if tc.flags == nil {
				bin = remixletBinary(t) // the same go build
			} else {
				args := append(append([]string{"build"}, tc.flags...), "-o", bin, ".")
				if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
					t.Fatalf("go build: %v\n%s", err, out)
				}
			}
			out, err := exec.Command(bin, "version", "--format", "json").Output()
			if err != nil {
				t.Fatal(err)
			}
			var got buildinfo.Info
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			if tc.want && got.Commit != want && got.Commit != want+"-dirty" {
				t.Errorf("commit %q, want %s (or with -dirty)", got.Commit, want)
			}
			if !tc.want && got.Commit != "" {
				t.Errorf("commit %q from a build that recorded none", got.Commit)
			}
		})
	}
}
