// Package buildinfo says which remixlet is running: its version and
// commit, the esbuild it parses with, and the digest of its rule table. The
// command-line tool and the WebAssembly build print the same facts, so a CI
// log or an extension's report names exactly which checks ran.
//
// Release builds stamp the version and commit with
//
//	-ldflags "-X github.com/remixlet/remixlet/internal/buildinfo.version=v1.2.3
//	          -X github.com/remixlet/remixlet/internal/buildinfo.commit=<hash>"
//
// (tools/release does); other builds fall back to the module's build
// information, which `go build` fills from the version control checkout.
package buildinfo

import (
	"runtime"
	"runtime/debug"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/manifest"
)

// Set with -ldflags -X; empty in ordinary builds.
var (
	version string
	commit  string
)

// Homepage is where the json and sarif outputs say the tool lives.
const Homepage = "https://github.com/remixlet/remixlet"

// EsbuildModule is the module whose parser every script check runs on.
const EsbuildModule = "github.com/evanw/esbuild"

// Unknown stands for a fact the build did not record (a test binary has
// no dependency list).
const Unknown = "unknown"

// Version is the toolchain's version: the stamped release version, else
// the main module's version from the build information, else "(devel)".
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// Commit is the source revision the program was built from ("-dirty" when
// the checkout had changes), or "" when the build did not record it.
func Commit() string {
	if commit != "" {
		return commit
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" && modified == "true" {
		rev += "-dirty"
	}
	if rev == "" && bi.Main.Version == "(devel)" {
		rev = checkoutCommit()
	}
	return rev
}

// EsbuildVersion is the version of esbuild linked into the program.
func EsbuildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == EsbuildModule {
				if d.Replace != nil && d.Replace.Version != "" {
					return d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return Unknown
}

// Info is everything `remixlet version` prints.
type Info struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
	Esbuild  string `json:"esbuild"`
	Rules    Rules  `json:"rules"`
	API      API    `json:"api"`
}

// Rules identifies the rule table: how many rules, and finding.TableDigest.
type Rules struct {
	Count  int    `json:"count"`
	SHA256 string `json:"sha256"`
}

// API is the range of remixlet API releases the checks know.
type API struct {
	Oldest  string `json:"oldest"`
	Current string `json:"current"`
}

// Read collects the facts about the running program.
func Read() Info { return ReadKnowing(Rules{}) }

// ReadKnowing is Read given the rule table's digest as worked out ahead
// (hashing the table is a third of the instructions `remixlet version`
// runs): table is used when it counts as many rules as are registered, and
// the digest is computed otherwise. The program that passes it must have a
// test that holds it to finding.TableDigest.
func ReadKnowing(table Rules) Info {
	if table.Count != len(finding.Rules()) || table.SHA256 == "" {
		table = Rules{Count: len(finding.Rules()), SHA256: finding.TableDigest()}
	}
	return Info{
		Name:     "remixlet",
		Version:  Version(),
		Commit:   Commit(),
		Go:       runtime.Version(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Esbuild:  EsbuildVersion(),
		Rules:    table,
		API:      API{Oldest: manifest.Oldest.String(), Current: manifest.Current.String()},
	}
}
