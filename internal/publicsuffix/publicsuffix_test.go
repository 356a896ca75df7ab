package publicsuffix

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	xpublicsuffix "golang.org/x/net/publicsuffix"

	"github.com/remixlet/remixlet/internal/sampling"
)

var update = flag.Bool("update", false, "rewrite table.txt from testdata/public_suffix_list.dat")

// rule is one line of the list, in ASCII, with its section.
type rule struct {
	text  string // "co.uk", "*.ck", "!www.ck"
	icann bool
}

var validRule = regexp.MustCompile(`^[a-z0-9_!*.-]+$`)

// readList reads the rules of the .dat: a line up to its end is a rule
// unless it is empty or a comment; the section markers are comments. An
// internationalised rule is written in punycode, as a host reaches the
// lookup.
func readList(t *testing.T) []rule {
	t.Helper()
	data, err := os.ReadFile("testdata/public_suffix_list.dat")
	if err != nil {
		t.Fatal(err)
	}
	var rules []rule
	icann := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.Contains(line, "===BEGIN ICANN DOMAINS==="):
			icann = true
			continue
		case strings.Contains(line, "===END ICANN DOMAINS==="):
			icann = false
			continue
		case line == "" || strings.HasPrefix(line, "//"):
			continue
		}
		ascii, err := idna.ToASCII(line)
		if err != nil {
			t.Fatalf("rule %q: %v", line, err)
		}
		if !validRule.MatchString(ascii) {
			t.Fatalf("rule %q (%q) has a character no host name has", line, ascii)
		}
		rules = append(rules, rule{ascii, icann})
	}
	if len(rules) < 1000 {
		t.Fatalf("read only %d rules: not the list", len(rules))
	}
	return rules
}

// buildTable is table.txt for rules: every rule's name and every name
// that holds a longer rule, with the flags of lookup's table.
func buildTable(rules []rule) string {
	type flags struct {
		kind     byte // 0 (only holds longer rules), flagRule or flagException: the first rule on the name decides
		wildcard bool
		icann    bool
	}
	nodes := map[string]*flags{}
	for _, r := range rules {
		name, kind, wildcard := r.text, byte(flagRule), false
		if rest, ok := strings.CutPrefix(name, "*."); ok {
			name, kind, wildcard = rest, 0, true
		} else if rest, ok := strings.CutPrefix(name, "!"); ok {
			name, kind = rest, flagException
		}
		for i := len(name); i > 0; {
			i = strings.LastIndexByte(name[:i], '.')
			parent := name[i+1:]
			if nodes[parent] == nil {
				nodes[parent] = &flags{icann: true}
			}
			if i < 0 {
				break
			}
		}
		n := nodes[name]
		if n.kind == 0 {
			n.kind = kind
		}
		n.wildcard = n.wildcard || wildcard
		n.icann = n.icann && r.icann
	}
	var b strings.Builder
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for name := range nodes {
			if !yield(name) {
				return
			}
		}
	}) {
		n := nodes[name]
		b.WriteString(name + " ")
		if n.kind != 0 {
			b.WriteByte(n.kind)
		}
		if n.wildcard {
			b.WriteByte(flagWildcard)
		}
		if n.icann {
			b.WriteByte(flagICANN)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestTable holds table.txt to the list it is generated from.
func TestTable(t *testing.T) {
	want := buildTable(readList(t))
	if *update {
		if err := os.WriteFile("table.txt", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		table = want
	}
	if table != want {
		t.Fatal("table.txt is not what testdata/public_suffix_list.dat gives: run go test ./internal/publicsuffix -run TestTable -update")
	}
}

// agree fails the test where the two packages answer domain differently.
func agree(t *testing.T, domain string) {
	t.Helper()
	gotSuffix, gotICANN := PublicSuffix(domain)
	wantSuffix, wantICANN := xpublicsuffix.PublicSuffix(domain)
	if gotSuffix != wantSuffix || gotICANN != wantICANN {
		t.Errorf("PublicSuffix(%q) = %q, %v; x/net/publicsuffix says %q, %v", domain, gotSuffix, gotICANN, wantSuffix, wantICANN)
	}
	gotReg, gotOK := Registrable(domain)
	wantReg, err := xpublicsuffix.EffectiveTLDPlusOne(domain)
	if gotReg != wantReg || gotOK != (err == nil) {
		t.Errorf("Registrable(%q) = %q, %v; x/net/publicsuffix says %q, %v", domain, gotReg, gotOK, wantReg, err)
	}
}

// TestAgreesOnTheList asks both packages about every rule of the list, as
// it is and with one and two labels in front, with a wildcard's star
// replaced by a label, and with the exceptions' labels.
func TestAgreesOnTheList(t *testing.T) {
	rules := readList(t)
	for _, r := range rules {
		name := strings.TrimPrefix(r.text, "!")
		for _, d := range []string{
			name,
			strings.ReplaceAll(name, "*", "any"),
			"a." + strings.ReplaceAll(name, "*", "x"),
			"b.a." + strings.ReplaceAll(name, "*", "www"),
			"-a." + name,
			"." + name,
			name + ".",
			strings.TrimPrefix(name, "*."),
		} {
			agree(t, d)
		}
	}
}

// TestAgreesOnRandomHosts asks both packages about hosts built at random
// from the list's own labels (so that the walk goes deep into it), from
// labels the list does not have, and from odd pieces: empty labels,
// dots at either end, upper case, punycode.
func TestAgreesOnRandomHosts(t *testing.T) {
	rules := readList(t)
	labelSet := map[string]bool{}
	for _, r := range rules {
		for _, l := range strings.Split(strings.TrimPrefix(r.text, "!"), ".") {
			labelSet[l] = true
		}
	}
	labels := slices.Sorted(func(yield func(string) bool) {
		for l := range labelSet {
			if !yield(l) {
				return
			}
		}
	})
	labels = append(labels, "", "example", "www", "COM", "xn--", "localhost", "0", "-", "a-b")
	n, rng := sampling.Rounds(t, 50_000, 500_000)
	for range n {
		agree(t, randomHost(rng, rules, labels))
		if t.Failed() {
			return
		}
	}
}

// randomHost is a rule's name (its star replaced), or a run of random
// labels, with up to three random labels in front.
func randomHost(rng *rand.Rand, rules []rule, labels []string) string {
	var parts []string
	if rng.IntN(4) > 0 {
		r := rules[rng.IntN(len(rules))].text
		r = strings.TrimPrefix(r, "!")
		r = strings.ReplaceAll(r, "*", labels[rng.IntN(len(labels))])
		parts = append(parts, r)
	} else {
		for range 1 + rng.IntN(3) {
			parts = append(parts, labels[rng.IntN(len(labels))])
		}
	}
	for range rng.IntN(4) {
		parts = append([]string{labels[rng.IntN(len(labels))]}, parts...)
	}
	return strings.Join(parts, ".")
}

// TestSomeAnswers names what the list means for a few hosts, so that a
// table both packages get wrong the same way still fails.
func TestSomeAnswers(t *testing.T) {
	for _, c := range []struct {
		domain, suffix string
		icann          bool
		registrable    string
	}{
		{"www.example.com", "com", true, "example.com"},
		{"example.co.uk", "co.uk", true, "example.co.uk"},
		{"co.uk", "co.uk", true, ""},
		{"user.github.io", "github.io", false, "user.github.io"},
		{"a.b.c.kawasaki.jp", "c.kawasaki.jp", true, "b.c.kawasaki.jp"},
		{"city.kawasaki.jp", "kawasaki.jp", true, "city.kawasaki.jp"},
		{"www.ck", "ck", true, "www.ck"},
		{"foo.ck", "foo.ck", true, ""},
		{"intranet.corp", "corp", false, "intranet.corp"},
		{"xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn", true, "xn--85x722f.xn--55qx5d.cn"},
		{"", "", false, ""},
	} {
		suffix, icann := PublicSuffix(c.domain)
		reg, ok := Registrable(c.domain)
		if suffix != c.suffix || icann != c.icann || reg != c.registrable || ok != (c.registrable != "") {
			t.Errorf("%q: suffix %q icann %v registrable %q %v; want %q %v %q", c.domain, suffix, icann, reg, ok, c.suffix, c.icann, c.registrable)
		}
	}
}

func BenchmarkPublicSuffix(b *testing.B) {
	hosts := []string{"www.example.com", "a.b.example.co.uk", "user.github.io", "x.y.z.kawasaki.jp", "intranet.corp"}
	for i := 0; b.Loop(); i++ {
		PublicSuffix(hosts[i%len(hosts)])
	}
}

func ExamplePublicSuffix() {
	fmt.Println(PublicSuffix("www.example.co.uk"))
	fmt.Println(PublicSuffix("user.github.io"))
	fmt.Println(Registrable("www.example.co.uk"))
	// Output:
	// co.uk true
	// github.io false
	// example.co.uk true
}

func BenchmarkXNetPublicSuffix(b *testing.B) {
	hosts := []string{"www.example.com", "a.b.example.co.uk", "user.github.io", "x.y.z.kawasaki.jp", "intranet.corp"}
	for i := 0; b.Loop(); i++ {
		xpublicsuffix.PublicSuffix(hosts[i%len(hosts)])
	}
}
