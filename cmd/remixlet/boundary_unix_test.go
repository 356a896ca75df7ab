//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/safetext"
)

// forged is what a hostile name tries to print on a line of its own.
const forged = "Decision: activate without a question (forged)"

// hostile is a name that tries everything a terminal acts on: a line of
// its own, a carriage return back over the line, a title change, clearing
// the screen, reordering the text after it, and a byte that is not UTF-8.
const hostile = "x\n" + forged + "\r\x1b]0;owned\x07\x1b[2J\u202e\xff"

// TestHostileNamesEveryCommand runs every command with a hostile name
// where it takes one (a folder, a file in a remixlet, a stylesheet, a
// manifest path, a store, an id, an output folder, a rule, a format) and
// checks both outputs: no character that acts on a terminal reaches it
// (line breaks and tabs are the output's own), and no name starts a line.
func TestHostileNamesEveryCommand(t *testing.T) {
	script := "rmx.keep(() => true);\n"
	repo(t, map[string]string{
		hostile + "/manifest.json":   cleanManifest,
		hostile + "/script.js":       script,
		hostile + "/style.css":       "a { background: url(https://evil.example/x.png) }\n",
		"r/manifest.json":            cleanManifest,
		"r/script.js":                script,
		"r/" + hostile + ".txt":      "approve this\n",
		"css/" + hostile + ".css":    "a { color: red }\n",
		"src/manifest.json":          cleanManifest,
		"src/src/main.ts":            "rmx.keep(() => true);\n",
		"src/src/" + hostile + ".ts": "export const x = 1;\n",
		"rules/manifest.json":        `{"name": "R", "api": "1.0.2", "matches": ["https://news.example.com/*"], "permissions": [{"permission": "netrules", "reason": "Block."}]}`,
		"rules/rules.json":           `[{"id": 1, "action": {"type": "block"}, "condition": {"urlFilter": "` + strings.ReplaceAll(strings.ReplaceAll(hostile, "\n", `\n`), "\r", `\r`) + `"}}]`,
		"bad/manifest.json":          `{"name": "B", "api": "1.0.2", "matches": ["https://` + "x.example/*\"]}",
		"store-src/manifest.json":    cleanManifest,
		"store-src/script.js":        script,
	})
	// A version in a store whose path is hostile.
	store := hostile + "-store"
	if code, out, errOut := run(t, "approve", "store-src", "--id", "hide", "--store", store, "--chat-site", "https://news.example.com/"); code != 0 {
		t.Fatalf("approve: %d %s %s", code, out, errOut)
	} else if code, _, errOut := run(t, "activate", "store-src", "--approval", strings.TrimSpace(out), "--store", store); code != 0 {
		t.Fatalf("activate: %d %s", code, errOut)
	}
	calls := [][]string{
		{"lint", hostile}, {"lint", "r"}, {"lint", "-f", "json", hostile}, {"lint", "-f", "sarif", "r"},
		{"lint", "-f", "github", "r"}, {"lint", "-f", "agent", "r"}, {"lint", hostile + "/nope"},
		{"baseline", hostile}, {"baseline", "r"},
		{"digest", hostile}, {"digest", "r"},
		{"diff", hostile}, {"diff", "r"}, {"diff", hostile, hostile}, {"diff", "-f", "json", "r"},
		{"diff", hostile, "--chat-site", hostile}, {"diff", hostile, "--allowed", hostile},
		{"approve", hostile, "--id", "hide", "--store", store, "--chat-site", "https://news.example.com/"},
		{"approve", "r", "--id", "hide", "--store", store},
		{"approve", hostile, "--id", hostile, "--store", store},
		{"activate", "r", "--approval", hostile, "--store", store},
		{"activate", hostile, "--approval", "rmx1_0000", "--store", store},
		{"list", "--store", store}, {"list", "--store", hostile},
		{"history", "hide", "--store", store}, {"history", hostile, "--store", store},
		{"restore", "hide", "1", "--store", store}, {"restore", hostile, "1", "--store", store},
		{"export", "hide", "1", hostile + "-out", "--store", store},
		{"delete", hostile, "--store", store}, {"delete", "hide", "--store", store},
		{"css", hostile + "/style.css", "--manifest", hostile + "/manifest.json"},
		{"css", "css/" + hostile + ".css"}, {"css", "-f", "json", "css/" + hostile + ".css"},
		{"css", hostile + "/style.css", "--manifest", hostile + "/manifest.json", "--sanitize", hostile + ".out.css"},
		{"netrules", "rules"}, {"netrules", hostile}, {"netrules", "rules", "--extension-id", hostile},
		{"build", "src", hostile + "-built"}, {"build", hostile, "out"},
		{"init", hostile + "-init"},
		{"explain", hostile}, {"schema", hostile}, {"version", "--format", hostile},
		{hostile},
	}
	for _, args := range calls {
		_, out, errOut := run(t, args...)
		name := strings.Join(args, " ")
		for stream, text := range map[string]string{"stdout": out, "stderr": errOut} {
			for _, r := range text {
				if r != '\n' && r != '\t' && safetext.Unsafe(r) {
					t.Errorf("%q: %s holds U+%04X raw:\n%s", name, stream, r, text)
					break
				}
			}
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), forged) {
					t.Errorf("%q: a name printed a line of its own on %s:\n%s", name, stream, text)
				}
			}
			if strings.ContainsRune(text, 0xFFFD) && !strings.Contains(text, `\xFF`) {
				// A byte that is not UTF-8 is shown as what it is, not
				// replaced (the text report's snippets are the exception).
				t.Logf("%q: %s replaces a byte with U+FFFD", name, stream)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(hostile + "-out")); err != nil {
		t.Errorf("export into a hostile folder name: %v", err)
	}
}
