package secrets

import (
	"hash/crc32"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestVocabularyReadBothWays: every label is found by the inline reader
// (spelled with a separator or without) and by the key reader.
func TestVocabularyReadBothWays(t *testing.T) {
	inline, key := Labels()
	value := "Zq8vR2mK9xLp4WdT"
	for i := range inline {
		for _, sep := range []string{"_", "-", "", " "} {
			label := strings.ReplaceAll(inline[i], " ", sep)
			for _, text := range []string{label + "=" + value, label + ": '" + value + "'"} {
				ms := Scan(text)
				if len(ms) == 0 || ms[0].Kind != "labelled" || text[ms[0].Start:ms[0].End] != value {
					t.Errorf("inline reader missed %q: %+v", text, ms)
				}
			}
		}
		if !IsCredentialName(key[i]) {
			t.Errorf("key reader missed %q", key[i])
		}
		for _, name := range []string{"my_" + strings.ReplaceAll(inline[i], " ", "_"), strings.ToUpper(key[i]), "db" + strings.ToUpper(key[i][:1]) + key[i][1:]} {
			if !IsCredentialName(name) {
				t.Errorf("key reader missed %q", name)
			}
		}
	}
	for _, name := range []string{"tokenType", "passwordField", "tokenize", "secretary", "oauth", "author", "authorName", "keyboard"} {
		if IsCredentialName(name) {
			t.Errorf("%q is not a credential name", name)
		}
	}
}

func ghToken(body string) string {
	return "ghp_" + body + base62Pad(crc32.ChecksumIEEE([]byte(body)), 6)
}

func TestVendorFormats(t *testing.T) {
	good := ghToken("zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ")
	bad := good[:len(good)-1] + "0"
	if good == bad {
		bad = good[:len(good)-1] + "1"
	}
	for _, c := range []struct {
		text, kind, reveal string
	}{
		{"key AKIAIOSFODNN7EXAMPLE here", "aws-access-key", "AKIA"},
		{good, "github-token", "ghp_"},
		{"xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "slack-token", "xoxb-"},
		{"sk_live_4eC39HqLyjWDarjtT1zdp7dc", "stripe-key", "sk_live_"},
		{"sk-proj-Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f", "openai-key", "sk-proj-"},
		{"sk-ant-api03-Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0n", "anthropic-key", "sk-ant-"},
		{"AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", "google-api-key", "AIza"},
		{"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt", "eyJ"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn", "private-key", ""},
		{"Authorization: Bearer Zq8vR2mK9xLp4WdT7nBcYe", "bearer-token", "Bearer "},
	} {
		ms := Scan(c.text)
		if len(ms) == 0 || ms[0].Kind != c.kind || ms[0].Reveal != c.reveal {
			t.Errorf("%q: want %s revealing %q, got %+v", c.text, c.kind, c.reveal, ms)
		}
	}
	// A ghp_ string whose checksum fails is not taken as a GitHub token
	// (it may still be judged random by the entropy gate).
	for _, m := range Scan(bad) {
		if m.Kind == "github-token" {
			t.Errorf("bad checksum accepted: %q", bad)
		}
	}
}

func TestNotSecrets(t *testing.T) {
	for _, text := range []string{
		"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"sk_live_XXXXXXXXXXXXXXXXXXXXXXXX",
		"password: ********",
		"api_key=${API_KEY}",
		"token: <your token here>",
		"Authorization: Bearer {{token}}",
		"const header = 'access_token'",
		"d41d8cd98f00b204e9800998ecf8427e",
		"550e8400-e29b-41d4-a716-446655440000",
		"sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC",
		"https://cdn.example.com/assets/a8Fk2LmQ9xZp4WdTb7Rc/app.js",
		"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
		"article[data-promoted='true']:not([hidden])",
		"The quick brown fox jumps over the lazy dog",
		"handleSubmitButtonClickEvent",
		"PROMOTED_POSTS_STAY_HIDDEN",
	} {
		if ms := Scan(text); len(ms) > 0 {
			t.Errorf("%q flagged as %+v", text, ms)
		}
	}
}

func TestRedactionShowsOnlyThePrefix(t *testing.T) {
	secret := ghToken("zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ")
	ms := Scan("token " + secret)
	if len(ms) != 1 {
		t.Fatalf("%+v", ms)
	}
	for _, s := range []string{ms[0].Redacted(), ms[0].What()} {
		if strings.Contains(s, secret[4:8]) {
			t.Errorf("%q shows part of the secret", s)
		}
	}
	if got := ms[0].What(); !regexp.MustCompile(`^a GitHub token \(ghp_…\)$`).MatchString(got) {
		t.Errorf("What() = %q", got)
	}
}

func TestLabelled(t *testing.T) {
	for _, c := range []struct {
		name, value string
		want        bool
	}{
		{"apiKey", "Zq8vR2mK9xLp4WdT", true},
		{"DB_PASSWORD", "hunter2hunter2", true},
		{"password", "correct-horse", false}, // kebab words: a name, not a password
		{"token", "access_token", false},
		{"token", "", false},
		{"tokenType", "Bearer9x8y7z", false},
		{"secret", "${SECRET}", false},
		{"token", "Zq8v:R2mK.9xLp4WdT", true},
		{"password", "Hh:mm:ss.SSS9", true}, // a digit: no date format
	} {
		_, got := Labelled(c.name, c.value)
		if got != c.want {
			t.Errorf("Labelled(%q, %q) = %v, want %v", c.name, c.value, got, c.want)
		}
	}
}

// dateFormats are the format strings of moment, dayjs, date-fns, Luxon,
// Intl-style LDML patterns and strftime: date libraries call their pieces
// tokens.
var dateFormats = []string{
	"YYYY-MM-DD", "HH:mm", "MMMM D, YYYY", "HH:mm:ss.SSS", "YYYY-MM-DDTHH:mm:ssZ", "YYYY-MM-DDTHH:mm:ss.SSSZZ",
	"yyyy-MM-dd'T'HH:mm:ss.SSSxxx", "dd/MM/yyyy HH:mm", "ddd, MMM D YYYY h:mm A", "[Today at] LT", "%Y-%m-%d %H:%M:%S",
	"Do MMMM YYYY", "PPpp", "EEEE, MMMM do, yyyy", "YYYYMMDDHHmmss", "h:mm:ss a", "kk:mm", "GGGG-[W]WW-E", "LTS",
	"yyyy.MM.dd G 'at' HH:mm:ss z", "hh 'o''clock' a, zzzz",
}

// TestDateFormatsAreNoCredentials is seed 001's rule: a variable named
// token holding a date format is not a credential, whichever reader sees
// it (a name and its value, or "token: …" inside a text).
func TestDateFormatsAreNoCredentials(t *testing.T) {
	for _, f := range dateFormats {
		if !isDateFormat(f) {
			t.Errorf("%q is not read as a date format", f)
		}
		for _, name := range []string{"token", "formatToken", "TOKEN", "dateToken"} {
			if m, ok := Labelled(name, f); ok {
				t.Errorf("Labelled(%q, %q) = %+v", name, f, m)
			}
		}
		for _, text := range []string{"token: " + f, "token=" + f, `{"token": "` + f + `"}`, "const token = '" + f + "'"} {
			if ms := Scan(text); len(ms) > 0 {
				t.Errorf("%q flagged as %+v", text, ms)
			}
		}
	}
	for _, s := range []string{"Zq8vR2mK9xLp4WdT", "hunter2hunter2", "aB-cD:eF.gH", "Ab:Cd-Ef", "YYYY-MM-DD1", "correct horse", "HH:mm:ss.SSS+Zq8v"} {
		if isDateFormat(s) {
			t.Errorf("%q read as a date format", s)
		}
	}
}

// TestNotTokens: strings of real code the entropy gate once took for
// tokens, each standing for a class (seen in the library corpus).
func TestNotTokens(t *testing.T) {
	packed := make([]byte, 2000)
	r := rand.New(rand.NewPCG(9, 9))
	for i := range packed {
		packed[i] = byte('!' + r.IntN(94))
	}
	for _, text := range []string{
		"./chunk-purryByArity-Cy9fRh2p.js", // a bundler's chunk name: a content hash in a relative path
		"../dist/isDeepEqual-DRf4p-bD.mjs",
		"./lastDayOfISOWeekYear.js",
		"lodash-es/lastDayOfISOWeekYear", // a module path: words between slashes
		"0xf57d4f7fee6ed178",             // a hash's round constant, written in hex
		"0X428A2F98D728AE22",
		string(packed), // a decoding table packed into printable characters
		strings.Repeat("aaa1rp3bb0ott3vie4c1le2ogado5udhabi7c0ademy5centure6ountant0s9o1tor4d0s1ult4e0g1ro2tna4f0l1rica5g0akhan5ency5", 3), // a trie of domain names
	} {
		if ms := Scan(text); len(ms) > 0 {
			t.Errorf("%.60q flagged as %+v", text, ms)
		}
	}
	// The rules do not hide a key: a query string after a relative path, a
	// vendor key in packed data, a mixed-case token in a long text.
	key := "Zq8vR2mK9xLp4WdT7nBcYe"
	for _, text := range []string{"./api.js?key=" + key, string(packed[:500]) + " AKIAIOSFODNN7EXAMPLE ", strings.Repeat("word ", 60) + key} {
		if len(Scan(text)) == 0 {
			t.Errorf("%.60q…: the key is not found", text)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add("password=Zq8vR2mK9xLp4WdT and AKIAIOSFODNN7EXAMPLE")
	f.Add("https://x.example/a/b?token=abc")
	f.Fuzz(func(t *testing.T, text string) {
		for _, m := range Scan(text) {
			if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
				t.Fatalf("bad span %+v in %q", m, text)
			}
			if strings.Contains(m.Redacted(), text[m.Start:m.End]) && m.End-m.Start > len(m.Reveal) {
				t.Fatalf("redaction shows the secret: %+v", m)
			}
		}
	})
}
