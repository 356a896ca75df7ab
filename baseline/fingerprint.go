package baseline

import (
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/finding"
)

// Fingerprinter gives each finding of a run its identity: the rule, the
// file's address relative to the working folder, the text of the line it
// is on with its spacing normalised (the message, for a finding with no
// line), and which occurrence of that triple it is. It survives edits
// above the finding, and a file moving within a line's indentation. SARIF
// carries it as remixletFinding/v1; a baseline records it.
//
// Occurrences are counted across the run, by each key's digest; the line
// indexes and hash states it keeps to be fast hold for one result at a
// time, so a run over many remixlets keeps none of their files.
type Fingerprinter struct {
	// Disjoint says that no two results of the run report on the same
	// file (stored remixlets, none inside another: each reports on its
	// own files only), so no key of one result is a key of another, and
	// each result's counts are forgotten when the next one starts: the
	// fingerprints are the same, and a run over many remixlets keeps no
	// count of theirs.
	Disjoint bool

	seen map[keyDigest]int // occurrences so far, by the key's digest

	// For the result being fingerprinted:
	cur   *analysis.Result
	lines map[string]*finding.Lines
	texts LineTexts
	// prefixes holds the SHA-256 state after each key, and its digest: a
	// long minified line can draw thousands of findings, and hashing the
	// line again for each would cost its length each time.
	prefixes map[string]keyHash
}

type keyHash struct {
	state  []byte
	digest keyDigest
}

// keyDigest is the first half of a key's SHA-256: two keys of one run
// have the same one with a chance of about 2⁻¹²⁸ per pair.
type keyDigest [16]byte

// NewFingerprinter starts a run: occurrences are counted across it.
func NewFingerprinter() *Fingerprinter {
	return &Fingerprinter{seen: map[keyDigest]int{}}
}

// NormalisedLine is line n of l with its spacing normalised, as a
// fingerprint holds it.
func NormalisedLine(l *finding.Lines, n int) string {
	return strings.Join(strings.Fields(l.Text(n)), " ")
}

// LineTexts memoises NormalisedLine, so that each line is normalised once
// however many findings it has.
type LineTexts map[lineKey]string

type lineKey struct {
	lines *finding.Lines
	n     int
}

// Of returns NormalisedLine(l, n).
func (m LineTexts) Of(l *finding.Lines, n int) string {
	k := lineKey{l, n}
	text, ok := m[k]
	if !ok {
		text = NormalisedLine(l, n)
		m[k] = text
	}
	return text
}

// Of returns the fingerprint of f, a finding of r. Call it for the
// findings of a run in order, one result after another.
func (fp *Fingerprinter) Of(r *analysis.Result, f finding.Finding) string {
	if r != fp.cur {
		fp.cur, fp.lines, fp.texts, fp.prefixes = r, map[string]*finding.Lines{}, LineTexts{}, map[string]keyHash{}
		if fp.Disjoint {
			clear(fp.seen)
		}
	}
	uri, _ := ArtifactURI(DisplayPath(r.Dir, f.File))
	lineText := ""
	if f.Start.IsValid() {
		if l := fp.source(r, f.File); l != nil {
			lineText = fp.texts.Of(l, f.Start.Line)
		}
	}
	key := f.Rule + "\x00" + uri + "\x00" + lineText
	if lineText == "" {
		key += "\x00" + f.Message
	}
	h := sha256.New()
	kh, ok := fp.prefixes[key]
	if ok {
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(kh.state); err != nil {
			panic(err) // a state this process marshalled
		}
	} else {
		h.Write([]byte(key))
		state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256([]byte(key))
		kh = keyHash{state: state, digest: keyDigest(sum[:16])}
		fp.prefixes[key] = kh
	}
	fp.seen[kh.digest]++
	fmt.Fprintf(h, "\x00%d", fp.seen[kh.digest])
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func (fp *Fingerprinter) source(r *analysis.Result, file string) *finding.Lines {
	key := r.Dir + "\x00" + file
	if l, ok := fp.lines[key]; ok {
		return l
	}
	var l *finding.Lines
	if r.Package != nil && file != "" {
		if data, ok := r.Package.File(file); ok {
			l = finding.NewLines(data)
		}
	}
	fp.lines[key] = l
	return l
}

// DisplayPath joins a remixlet folder and a file inside it with forward
// slashes, as every output shows paths.
func DisplayPath(dir, file string) string {
	dir = filepath.ToSlash(dir)
	if file == "" {
		return dir
	}
	return path.Join(dir, file)
}

// ArtifactURI makes a SARIF address for a slash path: relative to the
// working folder (base "%SRCROOT%") when it lies below it, an absolute
// file URI (no base) otherwise. Each segment is percent-encoded, so a
// name with control characters or spaces stays one harmless token.
func ArtifactURI(p string) (uri, base string) {
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, native); err == nil && !strings.HasPrefix(rel, "..") {
				return escapePath(filepath.ToSlash(rel)), "%SRCROOT%"
			}
		}
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(native)}).String(), ""
	}
	return escapePath(strings.TrimPrefix(p, "./")), "%SRCROOT%"
}

func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
