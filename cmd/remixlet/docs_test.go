package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/finding"
	"github.com/remixlet/remixlet/internal/casetest"
	"github.com/remixlet/remixlet/internal/docsync"
)

var updateDocs = flag.Bool("update", false, "rewrite the generated sections of docs/")

// TestRulesDoc keeps docs/rules.md generated from the rule registry, which
// this program fills with the rules of every package it links.
func TestRulesDoc(t *testing.T) {
	docsync.Section(t, "../../"+finding.RulesDoc, "rules", finding.Markdown(), *updateDocs)
}

// TestEveryRuleTableIsLinked: a package that declares rules (ruletable.go)
// but is not linked into the CLI would have its rules missing from
// explain, SARIF and docs/rules.md.
func TestEveryRuleTableIsLinked(t *testing.T) {
	deps := goList(t, "-deps", "-f", "{{.ImportPath}}", ".")
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{.Dir}}", "../../...") {
		path, dir, _ := strings.Cut(line, " ")
		if _, err := os.Stat(filepath.Join(dir, "ruletable.go")); err == nil && !slices.Contains(deps, path) {
			t.Errorf("%s declares rules but cmd/remixlet does not link it", path)
		}
	}
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// TestPackageGraphDoc keeps the picture of the package graph in
// docs/architecture.md generated from `go list`: an arrow is an import
// that no other path through the graph already implies.
func TestPackageGraphDoc(t *testing.T) {
	docsync.Section(t, "../../docs/architecture.md", "package-graph", packageGraph(t), *updateDocs)
}

const modulePath = "github.com/remixlet/remixlet/"

func packageGraph(t *testing.T) string {
	imports := map[string][]string{}
	var names []string
	for _, line := range goList(t, "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "../../...") {
		fields := strings.Fields(line)
		name, ok := strings.CutPrefix(fields[0], modulePath)
		if !ok || strings.HasPrefix(name, "bench/") {
			continue
		}
		names = append(names, name)
		for _, imp := range fields[1:] {
			if dep, ok := strings.CutPrefix(imp, modulePath); ok {
				imports[name] = append(imports[name], dep)
			}
		}
	}
	slices.Sort(names)
	reaches := func(from, to string, skip string) bool { // through a path that avoids the direct edge from→skip
		seen := map[string]bool{}
		var walk func(string) bool
		walk = func(p string) bool {
			if p == to {
				return true
			}
			if seen[p] {
				return false
			}
			seen[p] = true
			for _, d := range imports[p] {
				if p == from && d == skip {
					continue
				}
				if walk(d) {
					return true
				}
			}
			return false
		}
		return walk(from)
	}
	id := func(path string) string { return strings.NewReplacer("/", "_", "-", "_").Replace(path) } // mermaid ids: letters, digits, _
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart TD\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  %s[\"%s\"]\n", id(name), name)
	}
	for _, name := range names {
		deps := slices.Clone(imports[name])
		slices.Sort(deps)
		for _, d := range deps {
			if !reaches(name, d, d) { // else a longer path implies it
				fmt.Fprintf(&b, "  %s --> %s\n", id(name), id(d))
			}
		}
	}
	b.WriteString("```\n")
	return b.String()
}

// uncasedRules are the rules no annotated case shows, each with where it is
// tested instead: their input is megabytes, or they are not lint findings.
var uncasedRules = map[string]string{
	"package/too-large": "analysis.TestLoadSizeCaps writes every stored file at its cap and one byte over",
	"netrules/too-many": "netrules' tests generate 30,000 rules and more",
	"approval/":         "the activation decision and the approval records: activation, approval and store tests",
}

// TestEveryRuleHasACase: a rule is one table entry, one check and one case
// file; this holds every rule the CLI knows to having a case (a want line
// that names it) under some package's testdata/cases.
func TestEveryRuleHasACase(t *testing.T) {
	cased := map[string]bool{}
	err := filepath.WalkDir("../..", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".txtar") || !strings.Contains(filepath.ToSlash(p), "/testdata/cases/") {
			return err
		}
		c, err := casetest.ParseFile(p)
		if err != nil {
			return err
		}
		for _, line := range c.Want {
			if fields := strings.Fields(line); len(fields) > 1 {
				cased[strings.TrimSuffix(fields[1], ":")] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range finding.Rules() {
		family, _, _ := strings.Cut(r.ID, "/")
		if cased[r.ID] || uncasedRules[r.ID] != "" || uncasedRules[family+"/"] != "" {
			continue
		}
		t.Errorf("%s: no annotated case shows it; add one under the testdata/cases of the package that reports it", r.ID)
	}
}
