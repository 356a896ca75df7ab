package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileInput: paths that are missing or of the wrong kind get one
// plain sentence on standard error, naming the path once and the command
// that is running, and exit status 2.
func TestHostileInput(t *testing.T) {
	repo(t, map[string]string{
		"r/manifest.json": cleanManifest,
		"afile":           "not a folder\n",
		"adir/.keep":      "",
		"junk.json":       "\xff\xfe",
	})
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"digest a file", []string{"digest", "afile"}, "remixlet: afile is not a folder: give the folder of a stored remixlet (manifest.json, script.js, style.css, rules.json)\n"},
		{"diff a file", []string{"diff", "afile"}, "remixlet: afile is not a folder: give the folder of a stored remixlet (manifest.json, script.js, style.css, rules.json)\n"},
		{"netrules a file", []string{"netrules", "afile"}, "remixlet: afile is not a folder: give the folder of a stored remixlet (manifest.json, script.js, style.css, rules.json)\n"},
		{"watch a file", []string{"build", "--watch", "afile", "out"}, "remixlet: afile: not a folder: build takes a source folder (manifest.json, src/main.ts, style.css)\n"},
		{"build a file", []string{"build", "afile", "out"}, "remixlet: afile: not a folder: build takes a source folder (manifest.json, src/main.ts, style.css)\n"},
		{"baseline a missing folder", []string{"baseline", "nope"}, "remixlet: nope: could not check: nope does not exist; no baseline was written\n"},
		{"lint, a baseline that is not JSON", []string{"lint", "--baseline", "junk.json", "r"}, "remixlet: junk.json:1:1: the baseline is not JSON: invalid UTF-8: save the file as UTF-8\n"},
		{"lint json, a missing folder", []string{"lint", "--format", "json", "nope"}, "remixlet: nope: could not check: nope does not exist\n"},
		{"lint, a missing config", []string{"lint", "--config", "nope.json", "r"}, "remixlet: the config nope.json does not exist\n"},
		{"lint, a config that is a folder", []string{"lint", "--config", "adir", "r"}, "remixlet: the config adir is a folder, not a file\n"},
		{"css, a folder", []string{"css", "adir"}, "remixlet: adir is a folder, not a file\n"},
		{"css, a manifest that is a folder", []string{"css", "afile", "--manifest", "adir"}, "remixlet: the manifest adir is a folder, not a file\n"},
		{"approve without --id", []string{"approve", "r"}, "remixlet: approve needs --id ID: the id the remixlet is stored under (new or running), e.g. --id hide-promoted\n"},
		{"activate without --approval", []string{"activate", "r"}, "remixlet: activate needs --approval TOKEN: the token remixlet approve printed\n"},
		{"list, a store that is a file", []string{"list", "--store", "afile"}, "remixlet: the store afile is not a folder (it, or a folder on its path, is a file): give --store the folder the versions are kept in, or a new one\n"},
		{"a number flag given a word", []string{"lint", "r", "--max-warnings", "abc"}, "remixlet: --max-warnings takes a whole number, not \"abc\"\nrun 'remixlet lint --help' for usage\n"},
		{"a yes/no flag given a word", []string{"approve", "r", "--id", "x", "--yes=maybe"}, "remixlet: --yes takes no value (or true or false), not \"maybe\"\nrun 'remixlet approve --help' for usage\n"},
		{"two formats to one file", []string{"lint", "r", "--format", "json=out", "--format", "sarif=./out"}, "remixlet: --format json and --format sarif both write to ./out: give each its own file\n"},
		{"init below a file", []string{"init", "afile/x"}, "remixlet: cannot write afile/x: a part of the path is a file, not a folder\n"},
		{"a misspelt command", []string{"lnt", "r"}, "remixlet: unknown command \"lnt\" for \"remixlet\"\n\nDid you mean this?\n  init\n  lint\n  list\n  lsp\n\n"},
		{"history, a store below a file", []string{"history", "x", "--store", "afile/store"}, "remixlet: the store afile/store is not a folder (it, or a folder on its path, is a file): give --store the folder the versions are kept in, or a new one\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, tc.args...)
			if code != 2 || errOut != tc.err {
				t.Errorf("exit %d (want 2)\nstderr: %q\nwant:   %q", code, errOut, tc.err)
			}
		})
	}
}

// TestHostileSourceFolder: a source folder whose entries are not files, or
// that holds nothing to build, is refused (exit status 1) with the file
// named as it is in the folder, and nothing is written.
func TestHostileSourceFolder(t *testing.T) {
	repo(t, map[string]string{
		"tsconfig/manifest.json":   cleanManifest,
		"tsconfig/src/main.ts":     "rmx.log(1);\n",
		"tsconfig/tsconfig.json":   "{\"compilerOptions\": \n",
		"folders/manifest.json":    cleanManifest,
		"folders/src/main.ts/a.ts": "rmx.log(1);\n",
		"folders/style.css/a.css":  "a { color: red }\n",
		"notes/notes.txt":          "ideas\n",
	})
	for _, tc := range []struct {
		name, src, out string
	}{
		{"tsconfig that does not parse", "tsconfig", "tsconfig/tsconfig.json:2:1: error build/syntax: Unexpected end of file in JSON: fix this, then build again\n"},
		{"entries that are folders", "folders", "folders/src/main.ts: error build/entry: src/main.ts is not a regular file: replace it with one\nfolders/style.css: error build/entry: style.css is not a regular file: replace it with one\n"},
		{"nothing to build", "notes", "notes: error build/entry: nothing to build: there is no manifest.json, src/main.ts (or src/main.js), style.css or rules.json here; remixlet init DIR writes a source folder to start from\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, "build", tc.src, tc.src+"-out")
			if code != 1 || !strings.HasPrefix(out, tc.out) || errOut != "remixlet: "+tc.src+" is refused: nothing was written to "+tc.src+"-out\n" {
				t.Errorf("exit %d (want 1)\nstdout: %q\nwant prefix %q\nstderr: %q", code, out, tc.out, errOut)
			}
			if _, err := os.Stat(tc.src + "-out"); err == nil {
				t.Errorf("%s-out was written", tc.src)
			}
		})
	}
}

// TestExportDestination: an OUT export cannot use is named in plain words
// (no "not a directory", "no such file or directory"), with exit status 2.
func TestExportDestination(t *testing.T) {
	src, err := filepath.Abs(example)
	if err != nil {
		t.Fatal(err)
	}
	root := repo(t, map[string]string{"afile": "x\n", "full/a": "x\n"})
	st := filepath.Join(root, "store")
	token := approve(t, src, "--id", "hide", "--chat-site=https://news.example.com/", "--store", st)
	if code, out, errOut := run(t, "activate", src, "--approval", token, "--store", st); code != 0 {
		t.Fatalf("activate: exit %d\n%s%s", code, out, errOut)
	}
	for _, tc := range []struct {
		name, out, err string
	}{
		{"a file", "afile", "remixlet: afile is a file, not a folder: export into a new folder\n"},
		{"below a file", "afile/x", "remixlet: cannot create the folder afile/x: a part of the path is a file, not a folder\n"},
		{"below a missing folder", "gone/x", "remixlet: cannot create the folder gone/x: gone does not exist; create it first, or export elsewhere\n"},
		{"a folder with files", "full", "remixlet: full is not empty: export into a new folder\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, "export", "hide", "1", tc.out, "--store", st)
			if code != 2 || errOut != tc.err {
				t.Errorf("exit %d (want 2)\nstderr: %q\nwant:   %q", code, errOut, tc.err)
			}
		})
	}
}

// TestBuildOutBelowAFile: an OUT build cannot write is named in plain
// words, after the findings, with exit status 2.
func TestBuildOutBelowAFile(t *testing.T) {
	repo(t, map[string]string{
		"afile":             "x\n",
		"src/manifest.json": cleanManifest,
		"src/style.css":     "a { color: red }\n",
	})
	code, _, errOut := run(t, "build", "src", "afile/out")
	if want := "remixlet: cannot write afile/out: a part of the path is a file, not a folder\n"; code != 2 || errOut != want {
		t.Errorf("exit %d (want 2)\nstderr: %q\nwant:   %q", code, errOut, want)
	}
}

// TestWideningKeyReportedOnce: a top-level key that would widen the checks
// is one config/widens error, as docs/ci.md shows, not that and an unknown
// key besides.
func TestWideningKeyReportedOnce(t *testing.T) {
	repo(t, map[string]string{
		"remixlet.config.json": "{\n  \"ignorePatterns\": [\"legacy/**\"],\n  \"policy\": {\"allowedHosts\": [\"evil.example\"]}\n}\n",
		"r/manifest.json":      cleanManifest,
	})
	code, out, _ := run(t, "lint", "r")
	for _, want := range []string{
		"remixlet.config.json:2:3: error config/widens: \"ignorePatterns\": a config cannot exclude files from the checks",
		"remixlet.config.json:3:14: error config/widens: \"allowedHosts\": a config cannot allow hosts the checks refuse",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lint lacks %q\n%s", want, out)
		}
	}
	if code != 1 || strings.Contains(out, "config/invalid") {
		t.Errorf("exit %d (want 1), or a widening key reported twice:\n%s", code, out)
	}
}
