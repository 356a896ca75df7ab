// Package secrets finds hard-coded credentials in text, deterministically:
// the same text always gives the same matches, with no model and no
// scoring that depends on anything but the text.
//
// Three passes, strongest first:
//
//  1. Vendor formats (vendors.go): 56 kinds, from AWS, GitHub (ghp_ and
//     kin with their CRC32 checksum verified), GitLab, npm, PyPI, Slack,
//     Stripe, OpenAI, Anthropic, Google, Hugging Face and the other AI
//     providers, to Azure, Supabase, Sentry, Grafana, age (its bech32
//     checksum verified), Discord, Telegram, JSON Web Tokens whose header
//     decodes to JSON, and PEM private keys. Each is data, with the facts
//     it rests on: a marker prefix, a length, an alphabet, a checksum or a
//     decoded payload (a Discord bot token's first part is a user id in
//     base64). A short marker must stand as a whole token (hf_ in
//     rhf_Sponsored… is not one), and most formats require what follows
//     the marker to look generated (randomBody). docs/script-lint.md
//     (Secrets) lists every format with its reason, and the formats
//     reviewed and left out. Keys a vendor issues to be embedded in pages
//     (Stripe pk_, Mapbox pk., Supabase publishable and anon keys, New
//     Relic browser keys) are public by design and draw no finding.
//  2. Labelled values: a value next to a word such as password, api key,
//     token or secret. The vocabulary is written once, as word parts
//     (labelParts), and compiled into both readers: the inline matcher,
//     which finds "password=…" or "api_key: …" inside text, joins the parts
//     with at most one separator; the key matcher, which judges a variable
//     or property name such as apiKey or GITHUB_TOKEN, joins them bare. A
//     label is not enough: the value is judged by its shape too, so a
//     placeholder, a word, an address or a date format (token =
//     "HH:mm:ss.SSS", the pieces date libraries call tokens) is none.
//  3. A high-entropy gate for tokens no vendor prefix names. Bits per
//     character cannot exceed log2(length), so a fixed threshold (the
//     common 4.5) misses every token under about 32 characters. The gate
//     compares a token's entropy with what a random string of the same
//     length over the same alphabet reaches (expectedEntropy), and requires
//     two more signals that separate random tokens from identifiers: case
//     flips between neighbouring letters (about one in two in random
//     base62, one per word in camelCase) and digits mixed with letters.
//     Hex strings (0x… too), UUIDs, URL paths, relative paths, data: URLs
//     and integrity strings (sha256-…) are excluded outright: they are
//     digests, ids and assets; so are runs of one case longer than 128
//     characters and text packed into printable characters (packedData):
//     encoded tables, not keys.
//
// Placeholders (xxxx, ****, <token>, ${TOKEN}, your_api_key) are never
// secrets. Seed 001's rule that a selector is never scanned (a long class
// name in a dom.query is not a key) is the caller's to keep: the script
// lint knows which strings are selectors, this package does not.
//
// # Measured rates
//
// TestRates (rates_test.go) builds a labelled set from seeded generators,
// so every run measures the same 22,450 strings. Positives (7,360): random
// tokens of 16 to 64 characters over base62, base64url, base64, lower-case
// alphanumerics and upper-case alphanumerics, and vendor-format keys (the
// first ten formats, and every format's generator in vendors_test.go).
// Negatives (15,090): camelCase, snake_case, CONSTANT_CASE and kebab-case
// identifiers; names with acronyms and digits (LinearDisplayP3ToLinearSRGB);
// English text; MD5, SHA-1 and SHA-256 hex digests; UUIDs; base64 data:
// images; URL paths with ids; integrity strings; version strings with build
// hashes and dates; CSS class lists; date formats under a token label;
// bundler chunk paths with content hashes; hex constants; keys public by
// design. As of this commit:
//
//	vendor-format keys                     100.0%  found (2360/2360)
//	random tokens, 24-64 characters         98.8%  found (2471/2502)
//	random tokens, 16-23 characters         89.0%  found (443/498)
//	random lower-case alphanumeric          98.4%  found (984/1000)
//	random upper-case alphanumeric          98.6%  found (986/1000)
//	negatives flagged (false positives)     0.060% (9/15090), all of them
//	                                        generated names with acronyms
//	                                        (0.45% of that class); every
//	                                        other class 0%
//
// On real code (TestRealCodeHasNoSecrets), the string literals and
// template texts of lodash 4.17.21, jQuery 3.7.1, three.js 0.160.0,
// react-dom 18.3.1 and d3 7.9.0 (full and minified builds, 4.9 MB;
// bench/fetch-js.sh) and of the 62 npm packages of the library corpus
// (testdata/libraries: 2,351 files, 7.1 MB, 51,478 strings) give no
// finding, scanned and judged under the name they are written under.
//
// TestRates fails when any figure drops below the floor it asserts, or
// when any negative class but the names with acronyms has a finding.
package secrets

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Match is one credential found in a text.
type Match struct {
	Kind       string // "github-token", "aws-access-key", "labelled", "high-entropy", ...
	Start, End int    // byte offsets of the secret value in the text scanned
	// Reveal is the part that may be shown: a vendor prefix that is public
	// by construction ("ghp_", "sk-ant-"), or "" when nothing may be.
	Reveal string
	Label  string // for labelled matches: the label as written
}

// Guessed reports a match the entropy gate alone made: no vendor's format
// and no label. Text that is code (names, regular expressions) or prose
// (comments) is judged without those.
func (m Match) Guessed() bool { return m.Kind == "high-entropy" }

// Redacted is how a match may be printed: the vendor prefix, if any, and an
// ellipsis; never any part of the secret itself.
func (m Match) Redacted() string {
	if m.Reveal == "" {
		return "…"
	}
	return m.Reveal + "…"
}

// What describes the match for a message: "a GitHub token (ghp_…)".
func (m Match) What() string {
	name := kindNames[m.Kind]
	if name == "" {
		name = "a credential"
	}
	if m.Reveal != "" {
		return name + " (" + m.Redacted() + ")"
	}
	return name
}

// labelParts is the vocabulary of credential labels, each as word parts.
// Both readers below are compiled from it, so they cannot drift apart.
var labelParts = [][]string{
	{"password"}, {"passwd"}, {"pass", "word"}, {"pwd"}, {"passphrase"},
	{"secret"}, {"client", "secret"}, {"api", "secret"}, {"secret", "key"},
	{"api", "key"}, {"apikey"}, {"access", "key"}, {"private", "key"},
	{"token"}, {"access", "token"}, {"auth", "token"}, {"refresh", "token"},
	{"api", "token"}, {"bearer"}, {"session", "token"}, {"auth"},
	{"credential"}, {"credentials"},
}

var (
	compileOnce sync.Once
	keyWords    map[string]bool // labels joined bare, lower case: the key reader
	keyWordList []string        // the same words, as a list for the suffix tests
	// credentialStems: every key word holds one of them, so a name that,
	// lower-cased without separators, holds none is no credential label.
	credentialStems []string
)

func compile() {
	compileOnce.Do(func() {
		keyWords = map[string]bool{}
		for _, parts := range labelParts {
			w := strings.Join(parts, "")
			if !keyWords[w] {
				keyWords[w] = true
				keyWordList = append(keyWordList, w)
			}
		}
		credentialStems = []string{"pass", "pwd", "secret", "key", "token", "bearer", "auth", "credential"}
		for _, w := range keyWordList {
			if !slices.ContainsFunc(credentialStems, func(stem string) bool { return strings.Contains(w, stem) }) {
				credentialStems = append(credentialStems, w) // a word added to the vocabulary is its own stem
			}
		}
	})
}

// valueStop ends an inline value.
const valueStop = " \t\r\n\"'&;,<>()[]{}`"

// isLabelByte: the characters a label is written with (api_key, x-api-key,
// "api key", db.password).
func isLabelByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == ' '
}

// inlineLabelled is the inline reader: at each = or :, the label before
// it (after an optional closing quote and spaces) is read back to where
// label characters stop, and is a credential label when, without its
// separators, it ends in a vocabulary word joined bare (api key, api_key,
// x-api-key, db_password); the value after it (after spaces and an
// optional quote) must then be at least six characters.
func inlineLabelled(text string) []Match {
	var out []Match
	colon, equals := strings.IndexByte(text, ':'), strings.IndexByte(text, '=')
	for {
		// The next : or =, each found with IndexByte.
		var i int
		switch {
		case colon < 0 && equals < 0:
			return out
		case equals < 0 || colon >= 0 && colon < equals:
			i = colon
			if colon = strings.IndexByte(text[i+1:], ':'); colon >= 0 {
				colon += i + 1
			}
		default:
			i = equals
			if equals = strings.IndexByte(text[i+1:], '='); equals >= 0 {
				equals += i + 1
			}
		}
		end := i
		for end > 0 && text[end-1] == ' ' {
			end--
		}
		if end > 0 && (text[end-1] == '"' || text[end-1] == '\'') {
			end--
		}
		start := end
		for start > 0 && end-start < 64 && isLabelByte(text[start-1]) {
			start--
		}
		label := strings.TrimLeft(text[start:end], " ")
		if label == "" || !labelEndsInWord(label) {
			continue
		}
		v := i + 1
		for v < len(text) && (text[v] == ' ' || text[v] == '\t') {
			v++
		}
		if v < len(text) && (text[v] == '"' || text[v] == '\'') {
			v++
		}
		ve := v
		for ve < len(text) && strings.IndexByte(valueStop, text[ve]) < 0 {
			ve++
		}
		if ve-v >= 6 {
			out = append(out, Match{Kind: "labelled", Start: v, End: ve, Label: label})
		}
	}
}

// labelEndsInWord: the label, lower-cased without separators, ends in a
// vocabulary word joined bare.
func labelEndsInWord(label string) bool {
	var b [64]byte
	n := 0
	for i := 0; i < len(label) && n < len(b); i++ {
		c := label[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b[n] = c + 'a' - 'A'
			n++
		case isLetter(c) || isDigit(c):
			b[n] = c
			n++
		}
	}
	bare := b[:n]
	if n == 0 {
		return false
	}
	for _, w := range keyWordList {
		if w[len(w)-1] == bare[n-1] && len(bare) >= len(w) && string(bare[len(bare)-len(w):]) == w {
			return true
		}
	}
	return false
}

// Labels returns the vocabulary as the inline reader spells it ("api key")
// and as the key reader does ("apikey"); tests check both read every word.
func Labels() (inline, key []string) {
	for _, parts := range labelParts {
		inline = append(inline, strings.Join(parts, " "))
		key = append(key, strings.Join(parts, ""))
	}
	return inline, key
}

// nameWords splits an identifier into lower-case words at separators and
// case changes: GITHUB_TOKEN, githubToken and github-token all give
// [github token].
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	runes := []rune(name)
	for i, r := range runes {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ' || r == '$' || r == '/':
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			prevLower := unicode.IsLower(cur[len(cur)-1]) || unicode.IsDigit(cur[len(cur)-1])
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if prevLower || (nextLower && unicode.IsUpper(cur[len(cur)-1])) {
				flush() // fooBar, or the last capital of an acronym: APIKey
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// IsCredentialName reports whether a variable or property name says it
// holds a credential: its last words form a label (apiKey, GITHUB_TOKEN,
// dbPassword), or, written without separators, it ends in a label of five
// letters or more (dbpassword). tokenType, passwordField, tokenize and
// oauth are not.
func IsCredentialName(name string) bool {
	compile()
	if !mayNameCredential(name) {
		return false
	}
	words := nameWords(name)
	for k := 1; k <= 3 && k <= len(words); k++ {
		if keyWords[strings.Join(words[len(words)-k:], "")] {
			return true
		}
	}
	if len(words) > 0 {
		last := words[len(words)-1]
		for _, w := range keyWordList {
			if len(w) >= 5 && strings.HasSuffix(last, w) {
				return true
			}
		}
	}
	return false
}

// mayNameCredential is IsCredentialName's quick test: the words nameWords
// reads are the name's characters less its separators, lower-cased, and
// every credential label holds a stem, so a name that holds none after
// the same treatment cannot be one. Names that are not ASCII, or longer
// than the buffer, are left to the full reading.
func mayNameCredential(name string) bool {
	var buf [64]byte
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80 || n == len(buf):
			return true
		case c == '_' || c == '-' || c == '.' || c == ' ' || c == '$':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	joined := string(buf[:n])
	for _, stem := range credentialStems {
		if strings.Contains(joined, stem) {
			return true
		}
	}
	return false
}

// Labelled judges a value written under a name (const apiKey = "…", {token:
// "…"}): a match when the name is a credential label and the value could be
// a credential rather than a placeholder, a word or an address.
func Labelled(name, value string) (Match, bool) {
	if !IsCredentialName(name) || !plausibleLabelledValue(value) {
		return Match{}, false
	}
	return Match{Kind: "labelled", Start: 0, End: len(value), Label: name}, true
}

// Scan finds every credential in text, vendor formats first; later passes
// skip text an earlier pass matched.
func Scan(text string) []Match {
	labelSeparator := strings.IndexByte(text, ':') >= 0 || strings.IndexByte(text, '=') >= 0
	if len(text) < minEntropyLen && !labelSeparator {
		return nil // too short for a token, and no label separator
	}
	compile()
	var out []Match
	taken := func(s, e int) bool {
		for _, m := range out {
			if s < m.End && e > m.Start {
				return true
			}
		}
		return false
	}
	var hinted uint64
	var public []span // keys public by design: no pass reports them
	if len(text) >= minVendorLen {
		var publicHinted uint8
		hinted, publicHinted = vendorsHinted(text)
		if publicHinted != 0 {
			public = publicSpans(text, publicHinted)
		}
	}
	isPublic := func(s, e int) bool {
		for _, p := range public {
			if s < p.end && e > p.start {
				return true
			}
		}
		return false
	}
	for h := hinted; h != 0; h &= h - 1 { // the vendors one of whose hints occurs, in order
		v := &vendors[bits.TrailingZeros64(h)]
		for _, loc := range v.matches(text) {
			s := text[loc[0]:loc[1]]
			if v.whole && (loc[0] > 0 && nameByte[text[loc[0]-1]] || loc[1] < len(text) && nameByte[text[loc[1]]]) {
				continue // part of a longer name or token
			}
			prefix := v.hintPrefix(s)
			if v.random && !randomBody(s[len(prefix):]) || v.valid != nil && !v.valid(s) {
				continue
			}
			if taken(loc[0], loc[1]) || isPublic(loc[0], loc[1]) || isPlaceholder(s) {
				continue
			}
			reveal := prefix
			if v.reveal != nil {
				reveal = v.reveal(s)
			}
			out = append(out, Match{Kind: v.kind, Start: loc[0], End: loc[1], Reveal: reveal})
		}
	}
	if len(text) >= 6 && labelSeparator {
		for _, m := range inlineLabelled(text) {
			value := text[m.Start:m.End]
			if taken(m.Start, m.End) || isPublic(m.Start, m.End) || !plausibleLabelledValue(value) || insideURLPath(text, m.Start) {
				continue
			}
			out = append(out, m)
		}
	}
	if packedData(text) {
		return out // its runs of letters are fragments of encoded data, not tokens
	}
	excluded := append(excludedSpans(text), public...)
	for _, tok := range tokens(text) {
		for _, piece := range subtract(tok, excluded) {
			if piece.end-piece.start < minEntropyLen || taken(piece.start, piece.end) {
				continue
			}
			tok := text[piece.start:piece.end]
			if !HighEntropy(tok) || strings.HasPrefix(tok, "sha") && integrityRe.Get().MatchString(tok) {
				continue
			}
			out = append(out, Match{Kind: "high-entropy", Start: piece.start, End: piece.end})
		}
	}
	return out
}

// urlSpans finds the addresses in text (scheme://…, and data: URLs),
// left to right, as the regular expression
//
//	(?i)\b(?:[a-z][a-z0-9+.\-]*://[^\s"'<>`]*|data:[^\s"'<>`)]*)
//
// would (tests hold it to that expression); their paths and data: bodies
// are left to the entropy gate's exclusions. It is written out because it
// reads every string that holds an address, some of them long.
func urlSpans(text string) [][2]int {
	var out [][2]int
	for p := 0; p < len(text); {
		w := 1
		if text[p] >= utf8.RuneSelf {
			_, w = utf8.DecodeRuneInString(text[p:])
		}
		before := p > 0 && isWordByte(text[p-1])
		if before != isWordByte(text[p]) { // \b: a word character on one side only
			if e := schemeURLEnd(text, p); e > 0 {
				out = append(out, [2]int{p, e})
				p = e
				continue
			}
			if len(text)-p >= 5 && strings.EqualFold(text[p:p+5], "data:") {
				e := urlRestEnd(text, p+5, true)
				out = append(out, [2]int{p, e})
				p = e
				continue
			}
		}
		p += w
	}
	return out
}

// isWordByte is \w, ASCII letters, digits and _ (a byte of a multi-byte
// character is never one).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// schemeURLEnd matches [a-z][a-z0-9+.\-]*://[^\s"'<>`]* at p, ignoring
// case as (?i) does (ſ and the Kelvin sign K fold to s and k), and returns
// where the match ends, or 0.
func schemeURLEnd(text string, p int) int {
	r, w := utf8.DecodeRuneInString(text[p:])
	if !isSchemeLetter(r) {
		return 0
	}
	i := p + w
	for i < len(text) {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !isSchemeLetter(r) && !(r >= '0' && r <= '9') && r != '+' && r != '.' && r != '-' {
			break
		}
		i += w
	}
	if !strings.HasPrefix(text[i:], "://") {
		return 0
	}
	return urlRestEnd(text, i+3, false)
}

func isSchemeLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == 'ſ' || r == 'K'
}

// urlRestEnd skips what an address holds, [^\s"'<>`]* (and no ")" in a
// data: URL), from i: \s is ASCII space, tab, line feed, form feed and
// carriage return.
func urlRestEnd(text string, i int, data bool) int {
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\n', '\f', '\r', '"', '\'', '<', '>', '`':
			return i
		case ')':
			if data {
				return i
			}
		}
		i++
	}
	return i
}

// The hints of the vendors and of the keys public by design, read in one
// pass over the text: for each byte, whether a hint starts with it
// (hintStart), the hints that do (hintsAt) and the bytes that may follow
// it in one of them (hintNext, a 128-bit set: hints are ASCII).
var (
	hintsAt   [256][]vendorHint
	hintStart [256]bool // a hint starts with the byte
	hintNext  [256][2]uint64
)

type vendorHint struct {
	text    string
	vendors uint64 // the vendors it is a hint of, by index in vendors
	public  uint8  // the keys public by design it is a hint of, by index in publicByDesign
}

func init() {
	if len(vendors) > 64 || len(publicByDesign) > 8 {
		panic("secrets: more than 64 vendor formats or 8 public keys: widen the hint masks")
	}
	add := func(h string, vendorBit uint64, publicBit uint8) {
		if len(h) < 2 || h[1] >= 0x80 {
			panic("secrets: a hint must be ASCII and at least two bytes long: " + h)
		}
		list := hintsAt[h[0]]
		found := false
		for i := range list {
			if list[i].text == h {
				list[i].vendors |= vendorBit
				list[i].public |= publicBit
				found = true
			}
		}
		if !found {
			list = append(list, vendorHint{text: h, vendors: vendorBit, public: publicBit})
		}
		hintsAt[h[0]] = list
		hintStart[h[0]] = true
		hintNext[h[0]][h[1]>>6] |= 1 << (h[1] & 63)
	}
	for vi, v := range vendors {
		for _, h := range v.hints {
			add(h, 1<<vi, 0)
		}
	}
	for pi, p := range publicByDesign {
		add(p.hint, 0, 1<<pi)
	}
}

// vendorsHinted returns the vendors and the keys public by design one of
// whose hints occurs in text, as bits by index in vendors and
// publicByDesign.
func vendorsHinted(text string) (vendorBits uint64, publicBits uint8) {
	for i := 0; i < len(text)-1; i++ {
		c := text[i]
		if !hintStart[c] {
			continue
		}
		next := &hintNext[c]
		if c2 := text[i+1]; c2 >= 0x80 || next[c2>>6]&(1<<(c2&63)) == 0 {
			continue
		}
		for _, h := range hintsAt[c] {
			if strings.HasPrefix(text[i:], h.text) {
				vendorBits |= h.vendors
				publicBits |= h.public
			}
		}
	}
	return vendorBits, publicBits
}

// excludedSpans are the parts of text the entropy gate does not judge: the
// path of every URL (ids and content hashes live there; the query is still
// judged, since ?key=… is where credentials leak), every data: URL, and a
// text that is a relative path.
func excludedSpans(text string) []span {
	var out []span
	if strings.HasPrefix(text, "./") || strings.HasPrefix(text, "../") {
		// A relative module or file path: its names and content hashes
		// (./chunk-purryByArity-Cy9fRh2p.js) are ids, as in a URL path.
		end := len(text)
		if k := strings.IndexAny(text, "?# \t\r\n"); k >= 0 {
			end = k
		}
		out = append(out, span{0, end})
	}
	if !strings.Contains(text, "://") && !containsFold(text, "data:") {
		return out
	}
	for _, loc := range urlSpans(text) {
		u := text[loc[0]:loc[1]]
		if len(u) >= 5 && strings.EqualFold(u[:5], "data:") {
			out = append(out, span{loc[0], loc[1]})
			continue
		}
		i := strings.Index(u, "://") + 3
		j := strings.IndexByte(u[i:], '/')
		if j < 0 {
			continue
		}
		start := loc[0] + i + j
		end := loc[1]
		if k := strings.IndexAny(u[i+j:], "?#"); k >= 0 {
			end = start + k
		}
		out = append(out, span{start, end})
	}
	return out
}

// subtract returns the parts of s outside every span in ex.
// containsFold reports whether text contains sub (which ends in ':'),
// ignoring ASCII case, looking only where a ':' is.
func containsFold(text, sub string) bool {
	for i := strings.IndexByte(text, ':'); i >= 0; {
		if start := i + 1 - len(sub); start >= 0 && strings.EqualFold(text[start:i+1], sub) {
			return true
		}
		j := strings.IndexByte(text[i+1:], ':')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

func subtract(s span, ex []span) []span {
	pieces := []span{s}
	for _, e := range ex {
		var next []span
		for _, p := range pieces {
			if e.end <= p.start || e.start >= p.end {
				next = append(next, p)
				continue
			}
			if e.start > p.start {
				next = append(next, span{p.start, e.start})
			}
			if e.end < p.end {
				next = append(next, span{e.end, p.end})
			}
		}
		pieces = next
	}
	return pieces
}

type span struct{ start, end int }

// tokens splits text into runs of characters that tokens are made of.
func tokens(text string) []span {
	var out []span
	for i := 0; i < len(text); {
		if !tokenByte[text[i]] {
			i++
			continue
		}
		start := i
		for i < len(text) && tokenByte[text[i]] {
			i++
		}
		if i-start >= minEntropyLen {
			out = append(out, span{start, i})
		}
	}
	return out
}

func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=' || c == '_' || c == '-'
}

// nameByte: the bytes a name or a key is written with, \w and "-". A key
// may follow "=", "/" or "+" (?key=…, a path), which base64 holds too.
var nameByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isWordByte(byte(c)) || c == '-'
	}
	return t
}()

// tokenByte is isTokenByte as a table.
var tokenByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isTokenByte(byte(c))
	}
	return t
}()

// minVendorLen is the shortest text a vendor format can match.
const minVendorLen = 20

// minEntropyLen is the shortest token the entropy gate judges: below 16
// characters random strings and identifiers overlap too much to tell.
const minEntropyLen = 16

// maxOneCaseToken is the longest run of one case (with digits) the entropy
// gate judges: keys of one case (lower-case or upper-case alphanumerics,
// base32) are at most 64 characters; a longer run is encoded data.
const maxOneCaseToken = 128

// packedData reports a text of binary data packed into printable
// characters (a decoding trie, a compressed table): at least 256 bytes,
// nearly all printable ASCII, whose bytes' entropy exceeds 6.1 bits, more
// than any base64 token (at most 6) or text in words can reach. Its runs of
// letters are fragments, not tokens; vendor formats are still looked for.
func packedData(text string) bool {
	if len(text) < 256 {
		return false
	}
	var counts [128]int32
	printable := 0
	for i := 0; i < len(text); i++ {
		if c := text[i]; c > ' ' && c < 0x7f {
			counts[c]++
			printable++
		}
	}
	if printable < len(text)*9/10 {
		return false
	}
	n := float64(printable)
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h > 6.1
}

var integrityRe = lazy(`^sha(?:256|384|512)-[A-Za-z0-9+/]+=*$`)

// insideURLPath reports whether offset lies in the path of a URL written
// in text (after scheme://host/), where ids and hashes live.
func insideURLPath(text string, offset int) bool {
	wordStart := strings.LastIndexAny(text[:offset], " \t\n\r\"'`(<>") + 1
	prefix := text[wordStart:offset]
	if i := strings.Index(prefix, "://"); i >= 0 {
		rest := prefix[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			// In the path, not in the query: ?key=… is still checked.
			return !strings.ContainsAny(rest[j:], "?#")
		}
	}
	return false
}

// HighEntropy reports whether a token (one run of token characters) looks
// randomly generated.
func HighEntropy(tok string) bool {
	n := len(tok)
	if n < minEntropyLen {
		return false
	}
	var lower, upper, digit, other int
	for i := 0; i < n; i++ {
		switch c := tok[i]; {
		case c >= 'a' && c <= 'z':
			lower++
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= '0' && c <= '9':
			digit++
		default:
			other++
		}
	}
	if isHex(tok) {
		return false // digests and ids (a UUID is hex and dashes)
	}
	letters := lower + upper
	if letters == 0 {
		return false // numbers
	}
	if n > maxOneCaseToken && (lower == 0 || upper == 0) {
		return false // a dictionary or table packed into one run (a trie of domain names)
	}
	if digit == 0 && lower > 0 && upper > 0 && wordCapitals(tok) >= 0.5 {
		return false // camelCase without digits: cheap to tell, so told first
	}
	// Every test here is necessary, so the cheap ones come first: the
	// shape of a random token (case flips, digits among letters), then
	// the words of identifiers, the entropy, the placeholders.
	if !randomShape(tok, n, lower, upper, digit, letters) {
		return false
	}
	// Identifiers, constant names and version strings are made of words,
	// acronyms, numbers and hex ids, not of random characters.
	if wordy(tok) || identifierLike(tok) {
		return false
	}
	// The alphabet a random string of this kind is drawn from.
	alphabet := 0
	if lower > 0 {
		alphabet += 26
	}
	if upper > 0 {
		alphabet += 26
	}
	if digit > 0 {
		alphabet += 10
	}
	if other > 0 {
		alphabet += 4
	}
	h := shannon(tok)
	if h < expectedEntropy(n, alphabet)-entropySlack(n) {
		return false
	}
	return !isPlaceholder(tok)
}

// randomShape is what the case and the digits of a random token look like.
func randomShape(tok string, n, lower, upper, digit, letters int) bool {
	switch {
	case lower > 0 && upper > 0:
		// Random base62 flips case about every second letter, and few of
		// its capitals start a lower-case word; camelCase starts a word
		// at every capital. Digits add evidence.
		if wordCapitals(tok) >= 0.5 {
			return false
		}
		flips := caseFlipRate(tok)
		if flips >= 0.30 && (digit > 0 || n >= 20) {
			return true
		}
		return flips >= 0.22 && digit >= 2
	default:
		// One case only: lean on digits mixed in among the letters.
		return digit >= 2 && letters >= 4 && float64(digit)/float64(n) >= 0.1 && mixedRuns(tok) >= 4
	}
}

// isHex: hex digits and dashes (digests, UUIDs), with an optional 0x
// (a number written in hex: the round constants of a hash).
func isHex(s string) bool {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '-') {
			return false
		}
	}
	return true
}

// shannon is the empirical entropy of s in bits per character.
func shannon(s string) float64 {
	var counts [128]int32 // tokens are ASCII (isTokenByte)
	for i := 0; i < len(s); i++ {
		counts[s[i]&0x7f]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// expectedEntropy is the empirical entropy a uniformly random string of
// length n over k symbols has on average: log2(k) less the bias of
// estimating from n samples (Miller-Madow: (k-1)/(2n ln 2)), and never more
// than log2(n), which is all n characters can show.
func expectedEntropy(n, k int) float64 {
	if k < 2 {
		return 0
	}
	bias := float64(k-1) / (2 * float64(n) * math.Ln2)
	return math.Min(math.Log2(float64(k))-bias, math.Log2(float64(n)))
}

// entropySlack is how far below the expectation a random token may fall:
// the spread of the estimate shrinks as the token grows.
func entropySlack(n int) float64 { return 0.35 + 3.0/math.Sqrt(float64(n)) }

// caseFlipRate is the share of neighbouring letter pairs that change case.
func caseFlipRate(s string) float64 {
	pairs, flips := 0, 0
	prev := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		isL, isU := c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z'
		if !isL && !isU {
			prev = 0
			continue
		}
		if prev != 0 {
			pairs++
			if (prev >= 'a') != (c >= 'a') {
				flips++
			}
		}
		prev = c
	}
	if pairs == 0 {
		return 0
	}
	return float64(flips) / float64(pairs)
}

// wordCapitals is the share of capitals followed by two lower-case
// letters: near 1 in camelCase, about 0.18 in random base62.
func wordCapitals(s string) float64 {
	caps, words := 0, 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			caps++
			if i+2 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z' && s[i+2] >= 'a' && s[i+2] <= 'z' {
				words++
			}
		}
	}
	if caps == 0 {
		return 0
	}
	return float64(words) / float64(caps)
}

// mixedRuns counts changes between letters and digits.
func mixedRuns(s string) int {
	runs, prev := 0, 0
	for i := 0; i < len(s); i++ {
		k := 0
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			k = 1
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			k = 2
		}
		if k != 0 && prev != 0 && k != prev {
			runs++
		}
		if k != 0 {
			prev = k
		}
	}
	return runs
}

// wordy reports names and version strings: parts separated by _, - or .
// that are each letters only, digits only, hex, or at most three
// characters (P3, 2D, v1).
func wordy(s string) bool {
	parts := 0
	for i := 0; i < len(s); {
		if isWordSeparator(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && !isWordSeparator(s[j]) {
			j++
		}
		p := s[i:j]
		parts++
		if len(p) > 3 && !allOf(p, isLetter) && !allOf(p, isDigit) && !isHex(p) {
			return false
		}
		i = j
	}
	return parts >= 2
}

func isWordSeparator(c byte) bool { return c == '_' || c == '-' || c == '.' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func allOf(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

// identifierLike reports camelCase names, acronyms included
// (LinearDisplayP3ToLinearSRGB): most of their characters sit in words
// of three letters or more, where random text breaks into short pieces.
func identifierLike(s string) bool {
	hasLower := false
	for i := 0; i < len(s); i++ {
		hasLower = hasLower || s[i] >= 'a' && s[i] <= 'z'
	}
	if !hasLower {
		return false // all capitals: constant names are judged by wordy
	}
	inWords := 0
	for _, w := range nameWords(s) {
		if len(w) >= 3 && (wordLike(w) || standardNumber(w)) {
			inWords += len(w)
		}
	}
	return float64(inWords) >= 0.8*float64(len(s))
}

// wordLike: a word of three letters or more, or an acronym of two or more
// capitals with at most two digits after it (API3, P3 is too short).
// nameWords has lower-cased the word; the original case is gone, so the
// shape is judged on letters and digits alone.
func wordLike(w string) bool {
	letters := strings.TrimRight(w, "0123456789")
	digits := len(w) - len(letters)
	switch {
	case digits > 2 || !allOf(letters, isLetter):
		return false
	case digits == 0:
		return len(letters) >= 2
	}
	return len(letters) >= 2
}

// standardNumber: an acronym or word of three letters or more and the
// number after it (ISO31661, RFC3339, SHA256, Base64), as names of
// functions over a standard's format carry them; in random text a run of
// three letters is rarely followed by one of digits.
func standardNumber(w string) bool {
	letters := strings.TrimRight(w, "0123456789")
	return len(letters) >= 3 && len(letters) < len(w) && allOf(letters, isLetter)
}

func isPlaceholder(s string) bool {
	if placeholderText(s) {
		return true
	}
	// A run of one character (xxxx, 0000) with a vendor prefix before it.
	if i := strings.LastIndexAny(s, "_-"); i >= 0 && i+1 < len(s) {
		tail := s[i+1:]
		if len(tail) >= 8 && strings.Count(tail, tail[:1]) == len(tail) {
			return true
		}
	}
	return false
}

// plausibleLabelledValue: what follows a credential label could be a
// credential. Placeholders, template slots, plain words (the name of a
// header or field: "access_token", "Authorization") and addresses are not.
func plausibleLabelledValue(v string) bool {
	if len(v) < 6 || len(v) > 4096 || isPlaceholder(v) || isDateFormat(v) {
		return false
	}
	if strings.ContainsAny(v, " \t\r\n") || strings.Contains(v, "://") || strings.HasPrefix(v, "/") {
		return false
	}
	var lower, upper, digit, other int
	for _, r := range v {
		switch {
		case r >= 'a' && r <= 'z':
			lower++
		case r >= 'A' && r <= 'Z':
			upper++
		case r >= '0' && r <= '9':
			digit++
		default:
			other++
		}
	}
	if digit == 0 && other == 0 && (lower == 0 || upper == 0) {
		return false // one word in one case: a name, not a credential
	}
	if digit == 0 && other == 0 && caseFlipRate(v) < 0.3 {
		return false // CamelCase words
	}
	if digit+other == 0 && len(v) < 10 {
		return false
	}
	onlyWordSeparators := other > 0
	for _, r := range v {
		if !(r == '_' || r == '-' || r == '.' || unicode.IsLetter(r)) {
			onlyWordSeparators = false
		}
	}
	return !onlyWordSeparators // snake_case or kebab-case names
}

// isDateFormat reports a date or time format string (YYYY-MM-DD, HH:mm,
// MMMM D, YYYY, HH:mm:ss.SSS, yyyy-MM-dd'T'HH:mm, %Y-%m-%d): date
// libraries name the pieces of such a string tokens, and a variable named
// token holding one holds no credential. Quoted literals ('T', [at]) are
// skipped; what remains is runs of field letters (dateFieldRun) and
// separators, with no digit.
func isDateFormat(v string) bool {
	fields := 0
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == '\'' || c == '[':
			end := byte('\'')
			if c == '[' {
				end = ']'
			}
			j := strings.IndexByte(v[i+1:], end)
			if j < 0 {
				return false
			}
			i += j + 2
		case c == '%':
			if i+1 == len(v) || !isLetter(v[i+1]) {
				return false
			}
			fields++
			i += 2
		case isLetter(c):
			j := i
			for j < len(v) && isLetter(v[j]) {
				j++
			}
			if !dateFieldRun(v[i:j]) {
				return false
			}
			fields++
			i = j
		case strings.IndexByte(" -/:.,_", c) >= 0:
			i++
		default:
			return false // a digit, or a character no date format uses
		}
	}
	return fields > 0
}

// dateFieldRun: a run of letters in a date format (isDateFormat) is
// fields, each one letter repeated, at most one of them a single letter
// (YYYYMMDD, DDTHH, ssZ), a field may take its ordinal (Do), or it is one
// of moment's LT and LTS.
func dateFieldRun(run string) bool {
	if run == "LT" || run == "LTS" {
		return true
	}
	short := 0
	for i := 0; i < len(run); {
		j := i + 1
		for j < len(run) && run[j] == run[i] {
			j++
		}
		if j-i == 1 && !(run[i] == 'o' && i > 0) { // o after a field is its ordinal (Do, Qo)
			short++
		}
		i = j
	}
	return short <= 1
}
