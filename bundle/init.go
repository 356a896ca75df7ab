package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/remixlet/remixlet/internal/buildinfo"
	"github.com/remixlet/remixlet/internal/lazyre"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/sandboxapi"
)

// Starter is the source folder Init writes: a working remixlet with a real
// permission and its reason, two modules, a stylesheet, a tsconfig.json
// for editors, and the API's type declarations (generated from the API
// table, so they never drift).
func Starter() map[string]string {
	return map[string]string{
		ManifestFile:                fmt.Sprintf(starterManifest, manifest.SchemaURL(schemaRef(buildinfo.Version()))),
		ScriptEntryTS:               starterMain,
		"src/count.ts":              starterCount,
		StyleEntry:                  starterStyle,
		TsconfigFile:                starterTsconfig,
		sandboxapi.DeclarationsFile: lint.Declarations(),
	}
}

// Init writes the starter source folder into dir, which must not exist or
// be empty: Init never overwrites anything.
func Init(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil && len(entries) > 0:
		return nil, fmt.Errorf("%s is not empty: give a new folder, and init writes a source folder there", dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		if info, serr := os.Stat(dir); serr == nil && !info.IsDir() {
			return nil, fmt.Errorf("%s is a file: give a new folder", dir)
		}
		if errors.Is(err, syscall.ENOTDIR) {
			return nil, cannotWrite(dir, err)
		}
		return nil, err
	}
	files := Starter()
	var names []string
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, cannotWrite(filepath.Dir(p), err)
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, cannotWrite(p, err)
		}
		_, err = f.WriteString(files[name])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, cannotWrite(p, err)
		}
	}
	return names, nil
}

// schemaRef is the tag of the release whose manifest schema an editor
// should validate with: this toolchain's own, or main for a build that is
// no release (a clone, or a v0.0.0 test stamp, which has no tag).
func schemaRef(version string) string {
	if releaseTag.MatchString(version) && !strings.HasPrefix(version, "v0.0.0") {
		return version
	}
	return "main"
}

var releaseTag = lazyre.New(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

const starterManifest = `{
  "$schema": %q,
  "name": "Hide promo banners",
  "description": "Hides the promo banners on example.com and counts how many it hid.",
  "api": "1.0.2",
  "matches": ["https://example.com/*"],
  "permissions": [
    {
      "permission": "storage",
      "reason": "Remember how many banners were hidden, across visits."
    }
  ]
}
`

const starterMain = `// The entry point: ` + "`remixlet build`" + ` bundles this file and everything it
// imports into script.js. The types of dom and rmx are in remixlet.d.ts.
import { countHidden } from "./count";

const BANNER = ".promo-banner";

// rmx.keep runs check whenever the page changes, and repair when check
// returns false: the banners stay hidden while the site redraws itself.
rmx.keep({
  name: "promo banners stay hidden",
  async check() {
    const visible = await dom.queryAll(` + "`${BANNER}:not([hidden])`" + `);
    return visible.length === 0;
  },
  async repair() {
    const banners = await dom.queryAll(` + "`${BANNER}:not([hidden])`" + `);
    for (const banner of banners) {
      await banner.setAttribute("hidden", "");
    }
    const total = await countHidden(banners.length);
    rmx.log(` + "`hidden ${total} banners so far`" + `);
  },
});
`

const starterCount = `// rmx.storage keeps data across visits; it needs the storage permission,
// which manifest.json declares with its reason.
const KEY = "hidden";

export async function countHidden(more: number): Promise<number> {
  const before = await rmx.storage.get(KEY);
  const total = (typeof before === "number" ? before : 0) + more;
  await rmx.storage.set(KEY, total);
  return total;
}
`

const starterStyle = `/* Inserted into the page as it is. It may @import other CSS files of this
   folder; it may load nothing from the network but the sites the remixlet
   runs on and hosts a fetch: permission names. */
.promo-banner[hidden] {
  display: none !important;
}
`

const starterTsconfig = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "lib": ["ES2024"],
    "types": [],
    "strict": true,
    "noErrorTruncation": true,
    "noEmit": true,
    "isolatedModules": true,
    "verbatimModuleSyntax": true,
    "resolveJsonModule": true
  },
  "include": ["src", "remixlet.d.ts"]
}
`
