package bundle

import (
	"strings"
	"testing"

	"github.com/remixlet/remixlet/manifest"
)

// The starter manifest names the schema of the toolchain's own release,
// so an editor validates with the checks this toolchain runs; a build that
// is no release names main.
func TestStarterSchema(t *testing.T) {
	for version, want := range map[string]string{
		"v1.4.2":      "v1.4.2",
		"v2.0.0-rc.1": "v2.0.0-rc.1",
		"v0.0.0-ci":   "main",
		"(devel)":     "main",
		"1.4.2":       "main",
	} {
		if got := schemaRef(version); got != want {
			t.Errorf("schemaRef(%q) = %q, want %q", version, got, want)
		}
	}
	m := Starter()[ManifestFile]
	if !strings.Contains(m, `"$schema": "`+manifest.SchemaURL("main")+`"`) {
		t.Errorf("the starter manifest does not name the schema on main (a test binary is no release):\n%s", m)
	}
	if _, findings := manifest.Parse([]byte(m)); len(findings) > 0 {
		t.Errorf("the starter manifest draws findings: %v", findings)
	}
}
