package site

import (
	"math/rand/v2"
	"strings"
)

// The generators make addresses and hosts the way an attacker or a
// careless author writes them: every part drawn from spellings a naive
// parser gets wrong, then mutated at random.

var (
	addrSchemes = []string{"http", "https", "HTTPS", "hTTp", "ws", "wss", "ftp", "file", "javascript", "JavaScript", "data",
		"blob", "mailto", "about", "sc", "view-source", "filesystem", "chrome-extension", "a+b.c-d", "h\ttps", "java\nscript", "ht\rtp"}
	addrSeparators = []string{":", "://", ":/", ":\\\\", ":///", "://\\", ":\\/", "", ":////", ": //"}
	addrLabels     = []string{"example", "EXAMPLE", "news", "evil", "a", "xn--bcher-kva", "xn--zz", "bücher", "ＥＸＡＭＰＬＥ", "ñ",
		"ex%61mple", "%65vil", "ex%2Aample", "*", "a*b", "-1", "1", "0x7f", "0177", "09", "255", "256", "4294967295", "4294967296",
		"0x100000000", "localhost", "LOCALHOST", "xn--", "a\u200db", "\u0915\u094d\u200d\u0937", "\u0301a", "a\u00adb", "ß", "faß",
		"\u05d0", "a-", "-a", "ab--cd", "_srv", "a_b", "a$b", "a!b", "a'b", "a(b)", "a,b", "a;b", "a=b", "a&b", "a+b", "a~b", "a`b", "a{b}",
		"%00", "%25", "%2e", "%zz", "a%", "%41%42", "xn--ls8h", "xn--a", "XN--pokxncvks", "0", "00", "0x", "0X1", "1e3", "١"}
	addrTLDs     = []string{"com", "org", "example", "co.uk", "github.io", "test", "", "1", "0x1", "xn--p1ai", "рф", "COM"}
	addrIPv6     = []string{"[::1]", "[0:0::1]", "[::FFFF:7f00:1]", "[::ffff:127.0.0.1]", "[::127.0.0.1]", "[::0x7f.0.0.1]", "[::1.2.3]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[::1", "[]", "[::]", "[1::2::3]", "[fe80::1%25eth0]", "[::1.2.3.4.5]", "[::01.2.3.4]", "[v1.x]", "[0:0:0:0:0:0:1.2.3.4]", "[::1]x"}
	addrUserinfo = []string{"", "", "", "user@", "user:pw@", ":@", "@", "a@b@", "news.example.com@", "u%40x@", "user:p:w@", "ü@", " @"}
	addrPorts    = []string{"", "", "", ":", ":80", ":443", ":8080", ":0", ":65535", ":65536", ":99999", ":080", ":00000000000000443", ":8o", ":-1", ": 80", ":+80", ":*"}
	addrPaths    = []string{"", "/", "/a/b", "/a/../b", "/a/./b", "/%2e%2E/x", "/.%2e/", "/..", "/a/..", "\\a\\b", "/a b", "/é", "/a^b|c`{}d",
		"/\"<>", "/%", "/%2", "/%zz", "/C:/x", "/C|/x", "//x", "/a;b=c", "/\x01\x7f", "/?", "/#"}
	addrQueries = []string{"", "", "?", "?a=b", "?a b", "?'\"<>", "?é", "?#", "?%zz", "??", "?a\\b"}
	addrFrags   = []string{"", "", "#", "#x", "#a b", "#`<>\"", "#é", "##", "#%zz"}
	addrNoise   = []string{"\x00", "\x01", "\x1f", "\x7f", " ", "\t", "\n", "\r", "\u00a0", "\u3002", "\uff0e", "\ufe52", "\u2024", ".", "..", "/", "\\",
		":", "@", "#", "?", "[", "]", "%", "%2e", "%00", "%20", "*", "^", "|", "'", "\"", "<", ">", "`", "{", "}", "é", "ß", "\u200b", "\ufeff"}
)

func pick(rng *rand.Rand, list []string) string { return list[rng.IntN(len(list))] }

// generatedHosts returns n hosts: names of one to four labels, IPv4
// spellings, IPv6 literals, with trailing dots and noise.
func generatedHosts(rng *rand.Rand, n int) []string {
	hosts := make([]string, 0, n)
	for len(hosts) < n {
		var h string
		switch rng.IntN(10) {
		case 0:
			h = pick(rng, addrIPv6)
		case 1: // IPv4 in every spelling
			parts := make([]string, 1+rng.IntN(5))
			for i := range parts {
				parts[i] = pick(rng, []string{"1", "127", "0", "255", "256", "0x7f", "0X7F", "0177", "09", "08", "-1", "4294967295", "0x", "00", "1e1", ""})
			}
			h = strings.Join(parts, ".")
		default:
			labels := make([]string, 1+rng.IntN(3))
			for i := range labels {
				labels[i] = pick(rng, addrLabels)
				if rng.IntN(3) > 0 {
					labels[i] = strings.ToLower(labels[i])
				}
			}
			h = strings.Join(labels, ".") + "." + pick(rng, addrTLDs)
		}
		switch rng.IntN(8) {
		case 0:
			h += "."
		case 1:
			h += ".."
		}
		if rng.IntN(4) == 0 {
			h = mutate(rng, h, 1)
		}
		if h != "" {
			hosts = append(hosts, h)
		}
	}
	return hosts
}

// generatedAddresses returns n addresses built from parts, some mutated.
func generatedAddresses(rng *rand.Rand, n int) []string {
	hosts := generatedHosts(rng, n)
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		var b strings.Builder
		for rng.IntN(6) == 0 { // leading controls and spaces
			b.WriteString(pick(rng, []string{"\x00", "\x01", "\x0e", "\x1f", " ", "\t", "\n", "\x0b", "\x0c"}))
		}
		b.WriteString(pick(rng, addrSchemes))
		b.WriteString(pick(rng, addrSeparators))
		b.WriteString(pick(rng, addrUserinfo))
		b.WriteString(hosts[i])
		b.WriteString(pick(rng, addrPorts))
		b.WriteString(pick(rng, addrPaths))
		b.WriteString(pick(rng, addrQueries))
		b.WriteString(pick(rng, addrFrags))
		for rng.IntN(6) == 0 {
			b.WriteString(pick(rng, []string{"\x00", "\x1f", " ", "\t", "\r\n"}))
		}
		s := b.String()
		if rng.IntN(3) == 0 {
			s = mutate(rng, s, 1+rng.IntN(3))
		}
		out = append(out, s)
	}
	return out
}

// mutate inserts, deletes or replaces a few characters of s.
func mutate(rng *rand.Rand, s string, times int) string {
	r := []rune(s)
	for range times {
		at := rng.IntN(len(r) + 1)
		switch rng.IntN(3) {
		case 0:
			r = append(r[:at], append([]rune(pick(rng, addrNoise)), r[at:]...)...)
		case 1:
			if at < len(r) {
				r = append(r[:at], r[at+1:]...)
			}
		default:
			if at < len(r) {
				r = append(r[:at], append([]rune(pick(rng, addrNoise)), r[at+1:]...)...)
			}
		}
	}
	return string(r)
}
