package analysis

import (
	"slices"
	"strings"

	"github.com/remixlet/remixlet/finding"
)

// LoadFiles checks a stored remixlet held in memory (name → bytes), as Load
// checks a folder: only the stored form's names, each within its cap, JSON
// without a byte-order mark, valid UTF-8, and a manifest. dir names the
// remixlet in findings and outputs; nothing is read from it. It is what
// checks files that never touch a disk (a build's output before it is
// written).
func LoadFiles(dir string, files map[string][]byte) *Package {
	p := &Package{Dir: dir}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	folded := map[string][]string{}
	for _, name := range names {
		lower := strings.ToLower(name)
		folded[lower] = append(folded[lower], name)
	}
	for _, name := range names {
		data := files[name]
		lower := strings.ToLower(name)
		keep := folded[lower][0]
		if slices.Contains(folded[lower], lower) {
			keep = lower
		}
		if name != keep {
			// As Load does: the spelling the format uses is checked, any
			// other spelling of the same name is refused.
			p.refuse(RuleCaseCollision, name, "%q and %q differ only in case: on a case-insensitive disk they are one file; keep only %q", lower, name, lower)
			continue
		}
		spec, known := storedFile(name)
		switch {
		case !known:
			p.refuse(RuleUnexpectedFile, name, "%s is not part of the stored form (manifest.json, script.js, style.css, rules.json): remove it", name)
			continue
		case int64(len(data)) > spec.MaxSize:
			p.Present = append(p.Present, name)
			p.refuse(RuleTooLarge, name, "%s is %s, over its cap of %s: make it smaller", name, byteSize(int64(len(data))), byteSize(spec.MaxSize))
			continue
		}
		p.Present = append(p.Present, name)
		p.accept(spec, data)
	}
	if !p.Has("manifest.json") {
		p.refuse(RuleMissingManifest, "", "no manifest.json in %s: every remixlet needs one", dir)
	}
	slices.SortFunc(p.Files, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	finding.Sort(p.Findings)
	return p
}
