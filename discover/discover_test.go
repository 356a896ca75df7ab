package discover

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func tree(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, f)
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func dirs(r Result) []string {
	var out []string
	for _, e := range r.Entries {
		s := e.Dir
		if e.Err != nil {
			s += " ! " + e.Err.Error()
		}
		out = append(out, s)
	}
	return out
}

func TestFind(t *testing.T) {
	root := tree(t,
		".git/",
		"README.md",
		"remixlets/.gitkeep",
		"remixlets/README.md",
		"remixlets/a/manifest.json",
		"remixlets/a/script.js",
		"remixlets/a/inner/manifest.json", // inside a remixlet: the loader reports the folder
		"remixlets/b/manifest.json",
		"remixlets/group/c/manifest.json",
		"remixlets/.hidden/manifest.json",
		"remixlets/node_modules/x/manifest.json",
		"empty/notes.txt",
		".remixlets/x/manifest.json",
		".remixlets/x/style.css",
		".git/config",
		"nomanifest/script.js",
		"nomanifest/notes.txt",
		"group2/nomanifest/style.css",
	)
	if err := os.Symlink(filepath.Join(root, "remixlets"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "remixlets", "b"), filepath.Join(root, "remixlets", "zlink")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		paths   []string
		want    []string
		outside int
	}{
		{"one remixlet", []string{"remixlets/a"}, []string{"remixlets/a"}, 0},
		{"a repository", []string{"."}, []string{"remixlets/a", "remixlets/b", "remixlets/group/c"}, 0},
		{"a glob with plain files", []string{"remixlets/.gitkeep", "remixlets/README.md", "remixlets/a", "remixlets/b", "remixlets/group"}, []string{"remixlets/a", "remixlets/b", "remixlets/group/c"}, 2},
		{"files a commit touches", []string{"remixlets/a/script.js", "remixlets/a/manifest.json", "README.md", "remixlets/b/manifest.json"}, []string{"remixlets/a", "remixlets/b"}, 1},
		{"a file in a skipped folder", []string{"remixlets/node_modules/x/manifest.json"}, nil, 1},
		{"a file in git's folder", []string{".git/config"}, nil, 1},
		{"a file in a hidden folder, as a hook passes it", []string{".remixlets/x/style.css", "remixlets/.hidden/manifest.json"}, []string{".remixlets/x", "remixlets/.hidden"}, 0},
		{"a folder named with a remixlet's files but no manifest", []string{"nomanifest"}, []string{"nomanifest"}, 0},
		{"a folder searched: one without a manifest is not a remixlet", []string{"group2"}, []string{"group2 ! group2 holds no remixlet: no folder in it has a manifest.json (hidden folders and node_modules are not searched)"}, 0},
		{"repeated", []string{"remixlets/a", "./remixlets/a/", "remixlets"}, []string{"remixlets/a", "remixlets/b", "remixlets/group/c"}, 0},
		{"no remixlet", []string{"empty"}, []string{"empty ! empty holds no remixlet: no folder in it has a manifest.json (hidden folders and node_modules are not searched)"}, 0},
		{"missing", []string{"nope"}, []string{"nope ! nope does not exist"}, 0},
		{"absolute", []string{filepath.Join(root, "remixlets", "b")}, []string{"remixlets/b"}, 0},
		{"the working folder is one", []string{"remixlets/a/."}, []string{"remixlets/a"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Find(tc.paths, root)
			if strings.Join(dirs(got), "\n") != strings.Join(tc.want, "\n") || got.Outside != tc.outside {
				t.Errorf("got %q (%d outside)\nwant %q (%d outside)", dirs(got), got.Outside, tc.want, tc.outside)
			}
		})
	}
	// A link given as a path is followed (it was named); links met while
	// searching are not.
	got := Find([]string{"linked"}, root)
	if strings.Join(dirs(got), ",") != "linked/a,linked/b,linked/group/c" {
		t.Errorf("got %q", dirs(got))
	}
	// Outside the working folder, names are absolute.
	got = Find([]string{filepath.Join(root, "remixlets", "a")}, filepath.Join(root, "empty"))
	if len(got.Entries) != 1 || got.Entries[0].Dir != filepath.ToSlash(filepath.Join(root, "remixlets", "a")) {
		t.Errorf("got %q", dirs(got))
	}
	if got := Find([]string{"."}, filepath.Join(root, "remixlets", "a")); len(got.Entries) != 1 || got.Entries[0].Dir != "." {
		t.Errorf("got %q", dirs(got))
	}
}

func TestUp(t *testing.T) {
	root := tree(t, ".git/", "a/b/c/")
	got := Up(filepath.Join(root, "a", "b", "c"))
	want := []string{filepath.Join(root, "a", "b", "c"), filepath.Join(root, "a", "b"), filepath.Join(root, "a"), root}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
