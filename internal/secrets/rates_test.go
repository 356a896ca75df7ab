package secrets

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// The labelled set: seeded, so every run measures the same strings.

const (
	alnumUpperLower = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	base64URL       = alnumUpperLower + "-_"
	base64Std       = alnumUpperLower + "+/"
	lowerAlnum      = "abcdefghijklmnopqrstuvwxyz0123456789"
	upperAlnum      = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

func randomFrom(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

type sample struct {
	class string
	text  string
}

// positives are credentials; each class is reported separately.
func positives(r *rand.Rand) []sample {
	var out []sample
	for i := 0; i < 1000; i++ {
		n := 16 + r.IntN(49) // 16..64
		class := "random 24-64"
		if n < 24 {
			class = "random 16-23"
		}
		out = append(out,
			sample{class, randomFrom(r, alnumUpperLower, n)},
			sample{class, randomFrom(r, base64URL, n)},
			sample{class, randomFrom(r, base64Std, n)},
			sample{"random lower-case alphanumeric", randomFrom(r, lowerAlnum, n)},
			sample{"random upper-case alphanumeric", randomFrom(r, upperAlnum, n)},
		)
	}
	for i := 0; i < 100; i++ {
		body := randomFrom(r, alnumUpperLower, 30)
		gh := "ghp_" + body + base62Pad(crc32.ChecksumIEEE([]byte(body)), 6)
		jwtHead := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))
		jwtBody := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(`{"sub":"%d","name":"%s"}`, r.IntN(1e9), randomFrom(r, lowerAlnum, 8))))
		out = append(out,
			sample{"vendor", "AKIA" + randomFrom(r, upperAlnum, 16)},
			sample{"vendor", gh},
			sample{"vendor", "github_pat_" + randomFrom(r, alnumUpperLower, 22) + "_" + randomFrom(r, alnumUpperLower, 59)},
			sample{"vendor", "xoxb-" + randomFrom(r, "0123456789", 12) + "-" + randomFrom(r, "0123456789", 13) + "-" + randomFrom(r, alnumUpperLower, 24)},
			sample{"vendor", "sk_live_" + randomFrom(r, alnumUpperLower, 24)},
			sample{"vendor", "sk-proj-" + randomFrom(r, base64URL, 48)},
			sample{"vendor", "sk-ant-api03-" + randomFrom(r, base64URL, 93)},
			sample{"vendor", "AIza" + randomFrom(r, base64URL, 35)},
			sample{"vendor", jwtHead + "." + jwtBody + "." + randomFrom(r, base64URL, 43)},
			sample{"vendor", "-----BEGIN RSA PRIVATE KEY-----\nMIIE" + randomFrom(r, base64Std, 60)},
		)
	}
	// Every format of vendorCases, from a stream of its own, so that the
	// strings above (and the negatives after them) stay the same.
	own := rand.New(rand.NewPCG(2026, 12))
	for i := 0; i < 20; i++ {
		for _, c := range vendorCases {
			out = append(out, sample{"vendor", c.gen(own)})
		}
	}
	return out
}

var words = strings.Fields(`user account profile settings button header footer content
wrapper container item list index value count total price amount order cart
checkout search result query filter sort page next previous first last open
close toggle visible hidden active disabled selected loading error message
title name label description image avatar thumbnail link menu nav sidebar main
section article comment reply author date time updated created status type id
key token handler callback listener event click submit change input form field`)

func word(r *rand.Rand) string { return words[r.IntN(len(words))] }

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// negatives are what scripts are full of and must not be flagged.
func negatives(r *rand.Rand) []sample {
	var out []sample
	for i := 0; i < 1000; i++ {
		n := 2 + r.IntN(4)
		parts := make([]string, n)
		for j := range parts {
			parts[j] = word(r)
		}
		camel := parts[0]
		for _, p := range parts[1:] {
			camel += title(p)
		}
		sentence := make([]string, 4+r.IntN(8))
		for j := range sentence {
			sentence[j] = word(r)
		}
		data := make([]byte, 16+r.IntN(48))
		for j := range data {
			data[j] = byte(r.IntN(256))
		}
		m5 := md5.Sum(data)
		s1 := sha1.Sum(data)
		s256 := sha256.Sum256(data)
		img := make([]byte, 60+r.IntN(200))
		for j := range img {
			img[j] = byte(r.IntN(256))
		}
		out = append(out,
			sample{"identifier", camel},
			sample{"identifier", strings.Join(parts, "_")},
			sample{"identifier", strings.ToUpper(strings.Join(parts, "_"))},
			sample{"identifier", strings.Join(parts, "-") + "--" + word(r)},
			sample{"text", strings.Join(sentence, " ")},
			sample{"hash", hex.EncodeToString(m5[:])},
			sample{"hash", hex.EncodeToString(s1[:])},
			sample{"hash", hex.EncodeToString(s256[:])},
			sample{"uuid", fmt.Sprintf("%x-%x-%x-%x-%x", data[0:4], data[4:6], data[6:8], data[8:10], data[10:16])},
		)
		acronyms := []string{"SRGB", "HTML", "URL", "API", "JSON", "RGBA", "UUID", "XML"}
		short := []string{"P3", "2D", "3D", "V2", "X", "UI", "ID"}
		out = append(out,
			sample{"names with acronyms", title(word(r)) + acronyms[r.IntN(len(acronyms))] + short[r.IntN(len(short))] + "To" + title(word(r)) + acronyms[r.IntN(len(acronyms))]},
			sample{"names with acronyms", strings.ToUpper(word(r) + "_" + acronyms[r.IntN(len(acronyms))] + "_TO_" + word(r) + "_" + short[r.IntN(len(short))])},
			sample{"version strings", fmt.Sprintf("%d.%d.%d-next-%s-2024%02d%02d", r.IntN(30), r.IntN(20), r.IntN(10), hex.EncodeToString(data[:5]), 1+r.IntN(12), 1+r.IntN(28))},
		)
		if i%3 == 0 {
			out = append(out,
				sample{"data: image", "data:image/png;base64," + base64.StdEncoding.EncodeToString(img)},
				sample{"URL path", "https://cdn.example.com/assets/" + randomFrom(r, alnumUpperLower, 20+r.IntN(20)) + "/" + word(r) + ".js"},
				sample{"integrity", "sha384-" + base64.StdEncoding.EncodeToString(append(s256[:], s1[:16]...))},
				sample{"CSS classes", "." + word(r) + "-" + word(r) + "__" + word(r) + " .is-" + word(r)},
				// (Chosen by i, not r: the other samples stay as they were.)
				sample{"names with a standard's number", standardNames[0][i%len(standardNames[0])] + standardNames[1][(i/7)%len(standardNames[1])] + standardNames[2][(i/70)%len(standardNames[2])]},
				sample{"version/date", fmt.Sprintf("v%d.%d.%d-beta.%d+build%d 2024-%02d-%02dT10:00:00Z", r.IntN(20), r.IntN(40), r.IntN(100), r.IntN(9), r.IntN(99999), 1+r.IntN(12), 1+r.IntN(28))},
			)
		}
	}
	// Classes added with the review of vendor formats, from a stream of
	// their own so that the strings above stay the same.
	own := rand.New(rand.NewPCG(2026, 13))
	for _, f := range dateFormats {
		for _, form := range []string{"token: %s", "token=%s", `{"token": "%s"}`, "const token = '%s'"} {
			out = append(out, sample{"date formats under a label", fmt.Sprintf(form, f)})
		}
	}
	anon := jwtOf(own, `{"iss":"supabase","ref":"abcdefghijklmnopqrst","role":"anon","iat":1700000000,"exp":2000000000}`)
	for i := 0; i < 334; i++ {
		out = append(out,
			sample{"chunk paths", "./" + word(own) + title(word(own)) + "-" + randomFrom(own, base64URL, 8) + ".js"},
			sample{"hex constants", "0x" + randomFrom(own, "0123456789abcdef", 16)},
		)
		switch i % 5 {
		case 0:
			out = append(out, sample{"public-by-design keys", "pk_live_" + randomFrom(own, alnumUpperLower, 24+own.IntN(76))})
		case 1:
			out = append(out, sample{"public-by-design keys", "pk." + b64url(`{"u":"`+randomFrom(own, lowerAlnum, 8)+`","a":"`+randomFrom(own, lowerAlnum, 25)+`"}`) + "." + randomFrom(own, base64URL, 22)})
		case 2:
			out = append(out, sample{"public-by-design keys", "sb_publishable_" + randomFrom(own, alnumUpperLower, 31)})
		case 3:
			out = append(out, sample{"public-by-design keys", "NRJS-" + randomFrom(own, "0123456789abcdef", 19)})
		default:
			out = append(out, sample{"public-by-design keys", anon[:len(anon)-43] + randomFrom(own, base64URL, 43)})
		}
	}
	return out
}

// logRates logs, class by class in name order, how many of each were
// found (counts[class] = {hits, total}).
func logRates(t *testing.T, side, verb string, counts map[string][2]int) {
	var classes []string
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		n := counts[c]
		t.Logf("%s %-32s %6.2f%% %s (%d/%d)", side, c, 100*float64(n[0])/float64(n[1]), verb, n[0], n[1])
	}
}

func TestRates(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 11))
	found := map[string][2]int{}
	for _, s := range positives(r) {
		c := found[s.class]
		c[1]++
		if len(Scan(s.text)) > 0 {
			c[0]++
		}
		found[s.class] = c
	}
	flagged := map[string][2]int{}
	totalNeg, totalFP := 0, 0
	var examples []string
	for _, s := range negatives(r) {
		c := flagged[s.class]
		c[1]++
		totalNeg++
		if ms := Scan(s.text); len(ms) > 0 {
			c[0]++
			totalFP++
			if len(examples) < 10 {
				examples = append(examples, fmt.Sprintf("%s: %q (%s)", s.class, s.text, ms[0].Kind))
			}
		}
		flagged[s.class] = c
	}
	logRates(t, "positive", "found", found)
	logRates(t, "negative", "flagged", flagged)
	t.Logf("false positives overall: %.3f%% (%d/%d)", 100*float64(totalFP)/float64(totalNeg), totalFP, totalNeg)
	for _, e := range examples {
		t.Logf("  flagged: %s", e)
	}

	// Floors: the figures in the package doc, less a margin.
	for class, floor := range map[string]float64{
		"vendor": 1.0, "random 24-64": 0.98, "random 16-23": 0.85,
		"random lower-case alphanumeric": 0.75, "random upper-case alphanumeric": 0.75,
	} {
		n := found[class]
		if rate := float64(n[0]) / float64(n[1]); rate < floor {
			t.Errorf("%s: found %.3f, want at least %.2f", class, rate, floor)
		}
	}
	if rate := float64(totalFP) / float64(totalNeg); rate > 0.002 {
		t.Errorf("false positives %.4f, want at most 0.002", rate)
	}
	for class, n := range flagged {
		if n[0] > 0 && class != "names with acronyms" {
			t.Errorf("%s: %d of %d flagged, want none", class, n[0], n[1])
		}
	}
}

// standardNames make function names that carry a standard's number
// (validator's isISO31661Alpha2, toISO8601String, isRFC3339): a prefix, a
// standard, a suffix.
var standardNames = [3][]string{
	{"is", "to", "parse", "format", "from", "validate", "get"},
	{"ISO31661", "ISO8601", "RFC3339", "RFC5322", "UTF16", "SHA256", "Base64", "ISO4217", "E164", "ISO15924"},
	{"Alpha2", "Alpha3", "String", "Url", "Numeric", "Date"},
}
