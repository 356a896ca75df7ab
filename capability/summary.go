package capability

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/internal/onesort"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
	"github.com/remixlet/remixlet/scriptlint"
)

// Summary is what one version can do, in words.
type Summary struct {
	Capabilities []Item `json:"capabilities"`
}

// Item is one capability: a kind, and where it reaches when the kind has
// a place. Words is the toolchain's sentence; only the host, the
// addresses and a rule's values come from the remixlet's files, as data.
type Item struct {
	Kind Kind `json:"kind"`
	// Host is the host it reaches ("" for one the code builds at run
	// time, or, with Relative, the page's own site).
	Host     string `json:"host,omitempty"`
	Relative bool   `json:"relative,omitempty"`
	// Addresses are the literal image or link addresses behind the item.
	Addresses []string `json:"addresses,omitempty"`
	// From and To are, for page data that leaves the page, the read and
	// the sink (scriptlint.PageFlow's Source and Sink).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Rule is a network rule's id.
	Rule  int64  `json:"rule,omitempty"`
	Words string `json:"words"`
	// Uses are the API members behind the item, sorted.
	Uses []string `json:"uses,omitempty"`
}

// placed reports the kinds completed by a place (a host, an address).
func placed(k Kind) bool {
	switch k {
	case SendsRequests, ObservesResponses, SetsImages, SetsLinks, StylesheetLoads:
		return true
	}
	return false
}

func (it *Item) words(ruleWords string) string {
	w := it.Kind.Words()
	switch {
	case it.Kind == SendsPageData:
		from, to := scriptlint.FlowWords(scriptlint.PageFlow{Source: it.From, Sink: it.To})
		switch {
		case it.To != "rmx.fetch":
			return "puts " + from + " into " + to
		case it.Host != "":
			return w + " " + from + " to " + it.Host
		}
		return w + " " + from + " to a host the code picks at run time"
	case it.Kind == NetworkRule:
		return fmt.Sprintf("%s %d: %s", w, it.Rule, ruleWords)
	case !placed(it.Kind):
		return w
	case it.Host != "":
		return w + " " + it.Host
	case it.Relative:
		return w + " the page's own site"
	case it.Kind == SetsImages || it.Kind == SetsLinks:
		return w + " addresses the code builds at run time"
	}
	return w + " a host the code picks at run time"
}

// key is what makes two items the same capability across versions.
func (it Item) key() string {
	return fmt.Sprintf("%s\x00%s\x00%t\x00%d\x00%s\x00%s", it.Kind, it.Host, it.Relative, it.Rule, it.From, it.To)
}

// Analyzers are what a summary needs run before it (the script is read
// by scriptlint.Uses).
var Analyzers = []*analysis.Analyzer{manifest.Analyzer, cssguard.Analyzer, netrules.Analyzer}

// Summarize makes the summary of a checked version from what its analyzers
// computed (Analyzers, at least) and the script's uses. It is nil for a
// package that could not be read or checked at all, and for a source
// folder that was not built.
func Summarize(res *analysis.Result) *Summary {
	if res != nil && res.Built != nil {
		res = res.Built // a source folder: what it was built into
	}
	if res == nil || res.Package == nil || res.Err != nil || res.ResultOf == nil {
		return nil // not read, or not checked as a stored form
	}
	b := builder{items: map[string]*Item{}, seen: map[string]bool{}}
	pkg := res.Package
	if src, ok := pkg.File(scriptlint.ScriptFile); ok {
		if u, ok := scriptlint.Uses(src); ok {
			b.script(u)
		} else {
			b.add(Item{Kind: ScriptUnread}, "", "")
		}
	} else if pkg.Has(scriptlint.ScriptFile) {
		b.add(Item{Kind: ScriptUnread}, "", "")
	}
	if css, _ := res.ResultOf[cssguard.Analyzer].(*cssguard.Result); css != nil {
		for _, l := range css.Loads {
			if l.Allowed && l.Host != "" {
				b.add(Item{Kind: StylesheetLoads, Host: l.Host}, "", "")
			}
		}
	}
	m, _ := res.ResultOf[manifest.Analyzer].(*manifest.Manifest)
	if rules, _ := res.ResultOf[netrules.Analyzer].(*netrules.Result); rules != nil && m != nil {
		for _, w := range rules.Words(m) {
			it := Item{Kind: NetworkRule, Rule: w.ID}
			it.Words = it.words(w.Words)
			b.items[it.key()] = &it
		}
	}
	return b.summary()
}

// SummarizeFiles runs Analyzers over a version's files and summarizes it:
// for a version that was not linted (the running one, a stored one).
func SummarizeFiles(files []analysis.File) *Summary {
	m := make(map[string][]byte, len(files))
	for _, f := range files {
		m[f.Name] = f.Data
	}
	return Summarize(analysis.RunPackage(analysis.LoadFiles(".", m), Analyzers))
}

type builder struct {
	items map[string]*Item
	seen  map[string]bool // item key, member or address: what add has merged
}

// add merges an item in, with the member behind it and a literal address.
func (b *builder) add(it Item, member, address string) {
	k := it.key()
	have := b.items[k]
	if have == nil {
		it.Words = it.words("")
		have = &it
		b.items[k] = have
	}
	if member != "" && !b.seen[k+"\x00m"+member] {
		b.seen[k+"\x00m"+member] = true
		have.Uses = append(have.Uses, member)
	}
	if address != "" && !b.seen[k+"\x00a"+address] {
		b.seen[k+"\x00a"+address] = true
		have.Addresses = append(have.Addresses, address)
	}
}

func (b *builder) script(u *scriptlint.ScriptUses) {
	for _, p := range u.Members {
		switch k := byMember[p]; k {
		case None, "":
		case SendsRequests:
			for _, h := range u.FetchHosts {
				b.add(Item{Kind: k, Host: h}, p, "")
			}
		case ObservesResponses:
			for _, h := range u.ObserveHosts {
				b.add(Item{Kind: k, Host: h}, p, "")
			}
		default:
			b.add(Item{Kind: k}, p, "")
		}
	}
	for _, a := range u.Addresses {
		k := SetsImages
		if a.Attribute == "href" {
			k = SetsLinks
		}
		b.add(Item{Kind: k, Host: a.Host, Relative: a.Relative}, "", a.Value)
	}
	if u.Escapes {
		b.add(Item{Kind: AnyService}, "", "")
	}
	for _, f := range u.Flows {
		b.add(Item{Kind: SendsPageData, Host: f.Host, From: f.Source, To: f.Sink}, "", "")
	}
}

func (b *builder) summary() *Summary {
	s := &Summary{Capabilities: []Item{}}
	for _, it := range b.items {
		slices.Sort(it.Uses)
		slices.Sort(it.Addresses)
		s.Capabilities = append(s.Capabilities, *it)
	}
	onesort.Func(s.Capabilities, func(a, b Item) int {
		return cmp.Or(cmp.Compare(a.Kind.order(), b.Kind.order()), cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Host, b.Host), compareBool(a.Relative, b.Relative), cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To))
	})
	return s
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Change is one capability a version gained or lost.
type Change struct {
	Change string `json:"change"` // "added" or "removed"
	Item   Item   `json:"item"`
	// Words say it for a person: "now sends requests, signed in as you,
	// to api.example.com", "no longer reads the values of form fields".
	Words string `json:"words"`
}

// Compare lists the capabilities new has that old has not, then those old
// had that new has not; with old nil (nothing ran before), everything new
// does, in its own words. Network rules are
// left out: the decision's rule changes say each one in words, with what
// it did before.
func Compare(old, new *Summary) []Change {
	out := []Change{}
	if new == nil {
		return out
	}
	had := map[string]bool{}
	if old != nil {
		for _, it := range old.Capabilities {
			had[it.key()] = true
		}
	}
	has := map[string]bool{}
	for _, it := range new.Capabilities {
		has[it.key()] = true
		if it.Kind != NetworkRule && !had[it.key()] {
			words := "now " + it.Words
			if old == nil {
				words = it.Words // a new remixlet: what it does
			}
			out = append(out, Change{Change: "added", Item: it, Words: words})
		}
	}
	if old != nil {
		for _, it := range old.Capabilities {
			if it.Kind != NetworkRule && !has[it.key()] {
				out = append(out, Change{Change: "removed", Item: it, Words: "no longer " + it.Words})
			}
		}
	}
	return out
}

// Lines says the summary for a person, one capability a line, each
// starting with a capital: what `remixlet describe` prints.
func (s *Summary) Lines() []string {
	var out []string
	for _, it := range s.Capabilities {
		line := sentence(it.Words)
		if len(it.Uses) > 0 {
			line += " (" + strings.Join(it.Uses, ", ") + ")"
		}
		out = append(out, line)
		for _, a := range it.Addresses {
			out = append(out, "    "+a)
		}
	}
	return out
}

// WriteText writes the summary for a person, every line through the
// output boundary (addresses and rule values are the remixlet's data).
func (s *Summary) WriteText(w io.Writer, name string) error {
	var b strings.Builder
	safetext.Fprintf(&b, "%q can:\n", name)
	lines := s.Lines()
	if len(lines) == 0 {
		b.WriteString("  nothing beyond finding elements on the page\n")
	}
	for _, l := range lines {
		safetext.Fprintf(&b, "  %s\n", l)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
