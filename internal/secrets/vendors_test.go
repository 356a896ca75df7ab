package secrets

import (
	"encoding/base64"
	"flag"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"net/url"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite the table of vendor formats in docs/script-lint.md")

// TestFormatsDoc keeps the table of vendor formats in docs/script-lint.md
// generated from the vendors table.
func TestFormatsDoc(t *testing.T) {
	docsync.Section(t, "../../docs/script-lint.md", "secret-formats", formatsTable(), *update)
}

const (
	hexLower = "0123456789abcdef"
	letters  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digits   = "0123456789"
)

func b64url(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
func b64std(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func jwtOf(r *rand.Rand, payload string) string {
	return b64url(`{"alg":"HS256","typ":"JWT"}`) + "." + b64url(payload) + "." + randomFrom(r, base64URL, 43)
}

// bech32 appends the BIP 173 checksum to hrp and data (values 0-31) and
// spells the result in lower case: the test's own encoder, held to the
// specification's vectors by TestBech32Vectors.
func bech32(hrp string, data []int) string {
	values := []int{}
	for _, c := range hrp {
		values = append(values, int(c)>>5)
	}
	values = append(values, 0)
	for _, c := range hrp {
		values = append(values, int(c)&31)
	}
	values = append(append(values, data...), 0, 0, 0, 0, 0, 0)
	gen := []int{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := 1
	for _, v := range values {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ v
		for i := range gen {
			if top>>i&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	chk ^= 1
	var b strings.Builder
	b.WriteString(hrp + "1")
	for _, v := range data {
		b.WriteByte(bech32Charset[v])
	}
	for i := 0; i < 6; i++ {
		b.WriteByte(bech32Charset[chk>>(5*(5-i))&31])
	}
	return b.String()
}

func ageKey(r *rand.Rand) string {
	data := make([]int, 52)
	for i := range data {
		data[i] = r.IntN(32)
	}
	return strings.ToUpper(bech32("age-secret-key-", data))
}

func discordBot(r *rand.Rand) string {
	id := fmt.Sprintf("%d", 100000000000000000+r.Int64N(900000000000000000))
	return strings.TrimRight(b64std(id), "=") + "." + randomFrom(r, base64URL, 6) + "." + randomFrom(r, base64URL, 38)
}

func sasSig(r *rand.Rand) string {
	raw := make([]byte, 32)
	for i := range raw {
		raw[i] = byte(r.IntN(256))
	}
	return "sig=" + url.QueryEscape(base64.StdEncoding.EncodeToString(raw))
}

// vendorCase is one vendor format's test vectors: gen makes a fake key of
// the valid shape (found as kind), near are near misses (never found as
// kind: a wrong length, alphabet or checksum; the entropy gate may still
// judge them), clean are placeholders and look-alikes (no finding at all).
type vendorCase struct {
	kind  string
	gen   func(r *rand.Rand) string
	near  []string
	clean []string
}

var vendorCases = []vendorCase{
	{kind: "huggingface-token", gen: func(r *rand.Rand) string { return "hf_" + randomFrom(r, letters, 34) },
		near:  []string{"hf_" + strings.Repeat("aB", 16), "xhf_qyUEZnpMIzUSQUGSNRzhiXvNnkNNwEyXaG", "hf_qyUEZnpMIzUSQUGSNRzhiXvNnkNNwEyXaGzz"},
		clean: []string{"hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `div[data-cel-widget="desktop-rhf_SponsoredProductsRemoteRHFSearchEXPSubsK2ClickPagination"]`, "hf_servingcellpriorityparametersdescription"}},
	{kind: "huggingface-token", gen: func(r *rand.Rand) string { return "api_org_" + randomFrom(r, letters, 34) }},
	{kind: "anthropic-key", gen: func(r *rand.Rand) string { return "sk-ant-admin01-" + randomFrom(r, base64URL, 93) + "AA" }},
	{kind: "openai-key", gen: func(r *rand.Rand) string {
		return "sk-svcacct-" + randomFrom(r, base64URL, 58) + "T3BlbkFJ" + randomFrom(r, base64URL, 58)
	}},
	{kind: "xai-key", gen: func(r *rand.Rand) string { return "xai-" + randomFrom(r, alnumUpperLower, 80) },
		near: []string{"xai-" + strings.Repeat("Ab1", 20)}},
	{kind: "groq-key", gen: func(r *rand.Rand) string { return "gsk_" + randomFrom(r, alnumUpperLower, 52) },
		clean: []string{"gsk_" + strings.Repeat("x", 52)}},
	{kind: "replicate-token", gen: func(r *rand.Rand) string { return "r8_" + randomFrom(r, alnumUpperLower, 37) },
		near: []string{"r8_" + randomFrom(rand.New(rand.NewPCG(1, 1)), alnumUpperLower, 30)}},
	{kind: "perplexity-key", gen: func(r *rand.Rand) string { return "pplx-" + randomFrom(r, alnumUpperLower, 48) }},
	{kind: "google-api-key", gen: func(r *rand.Rand) string { return "AIza" + randomFrom(r, base64URL, 35) }},
	{kind: "google-oauth", gen: func(r *rand.Rand) string { return "GOCSPX-" + randomFrom(r, base64URL, 28) }},
	{kind: "google-oauth", gen: func(r *rand.Rand) string { return "ya29." + randomFrom(r, base64URL, 120) }},
	{kind: "firebase-server-key", gen: func(r *rand.Rand) string {
		return "AAAA" + randomFrom(r, base64URL, 7) + ":APA91b" + randomFrom(r, base64URL, 134)
	}},
	{kind: "stripe-key", gen: func(r *rand.Rand) string { return "rk_live_" + randomFrom(r, alnumUpperLower, 99) }},
	{kind: "stripe-webhook-secret", gen: func(r *rand.Rand) string { return "whsec_" + randomFrom(r, alnumUpperLower, 32) },
		clean: []string{"whsec_" + strings.Repeat("X", 32)}},
	{kind: "square-token", gen: func(r *rand.Rand) string { return "sq0atp-" + randomFrom(r, base64URL, 22) }},
	{kind: "square-token", gen: func(r *rand.Rand) string { return "sq0csp-" + randomFrom(r, base64URL, 43) }},
	{kind: "square-token", gen: func(r *rand.Rand) string { return "EAAA" + randomFrom(r, base64URL, 60) },
		// EAAA inside base64 data is a run of zero bytes, not a token.
		near: []string{"AAAAEAAA" + randomFrom(rand.New(rand.NewPCG(2, 2)), base64URL, 60), "data:font/woff2;base64,d09GMgABAAAAAEAAA" + randomFrom(rand.New(rand.NewPCG(2, 3)), base64Std, 70)}},
	{kind: "braintree-token", gen: func(r *rand.Rand) string {
		return "access_token$production$" + randomFrom(r, lowerAlnum, 16) + "$" + randomFrom(r, hexLower, 32)
	}, near: []string{"access_token$staging$abcdefgh12345678$" + strings.Repeat("ab12", 8)}},
	{kind: "gitlab-token", gen: func(r *rand.Rand) string {
		return []string{"glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glsoat-", "glffct-"}[r.IntN(8)] + randomFrom(r, base64URL, 20)
	}, clean: []string{"glpat-xxxxxxxx-xxxxxxxxxxxxxxxxxx.xxxxxxxxx", "glpat-" + strings.Repeat("0", 20)}},
	{kind: "gitlab-token", gen: func(r *rand.Rand) string {
		return "glpat-" + randomFrom(r, base64URL, 37) + ".01." + randomFrom(r, "0123456789abcdefghijklmnopqrstuvwxyz", 9)
	}},
	{kind: "gitlab-token", gen: func(r *rand.Rand) string { return "glrt-t1_" + randomFrom(r, base64URL, 27) }},
	{kind: "npm-token", gen: func(r *rand.Rand) string { return "npm_" + randomFrom(r, alnumUpperLower, 36) },
		near:  []string{"npm_" + randomFrom(rand.New(rand.NewPCG(3, 3)), alnumUpperLower, 30)},
		clean: []string{"npm_some-long-hash", "npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "npm_config_registry_url_override_value_x"}},
	{kind: "pypi-token", gen: func(r *rand.Rand) string {
		return "pypi-AgEIcHlwaS5vcmc" + randomFrom(r, base64URL, 150)
	}, near: []string{"pypi-AgEIcHlwaS5vcmc" + "short"}},
	{kind: "pypi-token", gen: func(r *rand.Rand) string { return "pypi-AgENdGVzdC5weXBpLm9yZw" + randomFrom(r, base64URL, 150) }},
	{kind: "docker-token", gen: func(r *rand.Rand) string { return "dckr_pat_" + randomFrom(r, base64URL, 27) }},
	{kind: "atlassian-token", gen: func(r *rand.Rand) string {
		return "ATATT3" + randomFrom(r, base64URL, 178) + "=" + randomFrom(r, "0123456789ABCDEF", 8)
	}},
	{kind: "aws-access-key", gen: func(r *rand.Rand) string { return "ASIA" + randomFrom(r, upperAlnum, 16) }},
	{kind: "azure-storage-key", gen: func(r *rand.Rand) string {
		return "DefaultEndpointsProtocol=https;AccountName=shop;AccountKey=" + randomFrom(r, base64Std, 86) + "==;EndpointSuffix=core.windows.net"
	}},
	{kind: "azure-storage-key", gen: func(r *rand.Rand) string {
		return "Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=" + randomFrom(r, base64Std, 43) + "="
	}},
	{kind: "azure-sas-signature", gen: func(r *rand.Rand) string {
		return "https://shop.blob.core.windows.net/exports/orders.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&spr=https&" + sasSig(r)
	}, near: []string{"?sig=" + strings.Repeat("A", 43) + "%3D%3D", "https://x.example/?sig=" + url.QueryEscape(b64std("sixteen bytes!!!"))}},
	{kind: "azure-ad-client-secret", gen: func(r *rand.Rand) string {
		return randomFrom(r, alnumUpperLower, 3) + randomFrom(r, digits, 1) + "Q~" + randomFrom(r, alnumUpperLower+"_~.-", 34)
	}},
	{kind: "heroku-key", gen: func(r *rand.Rand) string { return "HRKU-AA" + randomFrom(r, base64URL, 58) }},
	{kind: "netlify-token", gen: func(r *rand.Rand) string { return "nfp_" + randomFrom(r, alnumUpperLower, 36) }},
	{kind: "digitalocean-token", gen: func(r *rand.Rand) string { return "dop_v1_" + randomFrom(r, hexLower, 64) },
		near: []string{"dop_v1_" + strings.Repeat("ab12", 15)}},
	{kind: "supabase-key", gen: func(r *rand.Rand) string { return "sbp_" + randomFrom(r, hexLower, 40) }},
	{kind: "supabase-key", gen: func(r *rand.Rand) string { return "sb_secret_" + randomFrom(r, alnumUpperLower, 31) }},
	{kind: "supabase-service-key", gen: func(r *rand.Rand) string {
		return jwtOf(r, fmt.Sprintf(`{"iss":"supabase","ref":"%s","role":"service_role","iat":1700000000,"exp":2000000000}`, randomFrom(r, "abcdefghijklmnopqrstuvwxyz", 20)))
	}},
	{kind: "databricks-token", gen: func(r *rand.Rand) string { return "dapi" + randomFrom(r, hexLower, 32) }},
	{kind: "hashicorp-token", gen: func(r *rand.Rand) string { return "hvs." + randomFrom(r, alnumUpperLower, 24) }},
	{kind: "hashicorp-token", gen: func(r *rand.Rand) string {
		return randomFrom(r, alnumUpperLower, 14) + ".atlasv1." + randomFrom(r, alnumUpperLower, 67)
	}},
	{kind: "doppler-token", gen: func(r *rand.Rand) string { return "dp.pt." + randomFrom(r, alnumUpperLower, 43) }},
	{kind: "doppler-token", gen: func(r *rand.Rand) string { return "dp.st.prd." + randomFrom(r, alnumUpperLower, 40) }},
	{kind: "linear-key", gen: func(r *rand.Rand) string { return "lin_api_" + randomFrom(r, alnumUpperLower, 40) }},
	{kind: "notion-token", gen: func(r *rand.Rand) string { return "secret_" + randomFrom(r, alnumUpperLower, 43) },
		clean: []string{"secret_HandleTheFormSubmitButtonClickEventInTheHeader"}},
	{kind: "notion-token", gen: func(r *rand.Rand) string {
		return "ntn_" + randomFrom(r, digits, 11) + randomFrom(r, alnumUpperLower, 35)
	}},
	{kind: "airtable-token", gen: func(r *rand.Rand) string {
		return "pat" + randomFrom(r, alnumUpperLower, 14) + "." + randomFrom(r, hexLower, 64)
	}, near: []string{"xpat" + randomFrom(rand.New(rand.NewPCG(4, 4)), alnumUpperLower, 14) + "." + strings.Repeat("ab", 32), "pat" + randomFrom(rand.New(rand.NewPCG(4, 5)), alnumUpperLower, 14) + "." + strings.Repeat("AB", 32)}},
	{kind: "postman-key", gen: func(r *rand.Rand) string {
		return "PMAK-" + randomFrom(r, hexLower, 24) + "-" + randomFrom(r, hexLower, 34)
	}},
	{kind: "sentry-token", gen: func(r *rand.Rand) string {
		payload := strings.TrimRight(b64std(fmt.Sprintf(`{"iat":%d,"url":"https://sentry.io","region_url":"https://us.sentry.io","org":"%s"}`, 1700000000+r.IntN(1e8), randomFrom(r, "abcdefghijklmnopqrstuvwxyz", 8))), "=")
		return "sntrys_" + payload + "_" + randomFrom(r, alnumUpperLower, 43)
	}, near: []string{"sntrys_" + b64std(`{"not":"a token"}`) + "_" + strings.Repeat("aB3", 14) + "x"}},
	{kind: "sentry-token", gen: func(r *rand.Rand) string { return "sntryu_" + randomFrom(r, hexLower, 64) }},
	{kind: "grafana-token", gen: func(r *rand.Rand) string {
		return "glc_" + b64std(fmt.Sprintf(`{"o":"%d","n":"stack-%d-hm-read","k":"%s","m":{"r":"us"}}`, r.IntN(1e6), r.IntN(1e6), randomFrom(r, alnumUpperLower, 24)))
	}},
	{kind: "grafana-token", gen: func(r *rand.Rand) string {
		return "glsa_" + randomFrom(r, alnumUpperLower, 32) + "_" + randomFrom(r, hexLower, 8)
	}},
	{kind: "grafana-token", gen: func(r *rand.Rand) string {
		return b64std(fmt.Sprintf(`{"k":"%s","n":"viewer","id":%d}`, randomFrom(r, alnumUpperLower, 32), r.IntN(1000)))
	}},
	{kind: "newrelic-key", gen: func(r *rand.Rand) string { return "NRAK-" + randomFrom(r, upperAlnum, 27) }},
	{kind: "age-secret-key", gen: ageKey, near: []string{
		// One character changed: the checksum fails.
		func() string {
			k := ageKey(rand.New(rand.NewPCG(5, 5)))
			return k[:30] + map[bool]string{true: "Q", false: "P"}[k[30] != 'Q'] + k[31:]
		}(),
	}, clean: []string{"AGE-SECRET-KEY-1" + strings.Repeat("Q", 58), "AGE-SECRET-KEY-1XYZ..."}},
	{kind: "1password-token", gen: func(r *rand.Rand) string {
		return "ops_" + b64std(fmt.Sprintf(`{"signInAddress":"my.1password.com","userAuth":{"method":"SRPg-4096","alg":"PBES2g-HS256","iterations":650000,"salt":"%s"},"email":"%s@1passwordserviceaccounts.com","srpX":"%s","muk":{"alg":"A256GCM","ext":true,"k":"%s","key_ops":["encrypt","decrypt"],"kty":"oct","kid":"mp"},"secretKey":"A3-%s","throttleSecret":{"seed":"%s","uuid":"%s"},"deviceUuid":"%s"}`,
			randomFrom(r, base64URL, 22), randomFrom(r, lowerAlnum, 12), randomFrom(r, hexLower, 64), randomFrom(r, base64URL, 43), randomFrom(r, upperAlnum, 30), randomFrom(r, hexLower, 64), randomFrom(r, upperAlnum, 26), randomFrom(r, lowerAlnum, 26)))
	}},
	{kind: "1password-token", gen: func(r *rand.Rand) string {
		return "A3-" + randomFrom(r, upperAlnum, 6) + "-" + randomFrom(r, upperAlnum, 11) + "-" + randomFrom(r, upperAlnum, 5) + "-" + randomFrom(r, upperAlnum, 5) + "-" + randomFrom(r, upperAlnum, 5)
	}},
	{kind: "mapbox-token", gen: func(r *rand.Rand) string {
		return "sk." + b64url(fmt.Sprintf(`{"u":"%s","a":"%s"}`, randomFrom(r, lowerAlnum, 8), randomFrom(r, lowerAlnum, 25))) + "." + randomFrom(r, base64URL, 22)
	}},
	{kind: "typeform-token", gen: func(r *rand.Rand) string { return "tfp_" + randomFrom(r, alnumUpperLower, 59) }},
	{kind: "slack-token", gen: func(r *rand.Rand) string {
		return "xapp-1-A" + randomFrom(r, upperAlnum, 10) + "-" + randomFrom(r, digits, 13) + "-" + randomFrom(r, hexLower, 64)
	}},
	{kind: "slack-token", gen: func(r *rand.Rand) string { return "xoxe.xoxp-1-" + randomFrom(r, alnumUpperLower, 163) }},
	{kind: "discord-webhook", gen: func(r *rand.Rand) string {
		return "https://discord.com/api/webhooks/" + randomFrom(r, digits, 19) + "/" + randomFrom(r, base64URL, 68)
	}},
	{kind: "discord-bot-token", gen: discordBot, near: []string{
		// The first segment is no base64 of a number.
		"MTabcdefghijklmnopqrstuvwx.Gh7Yt2.abcDEFghiJKLmnoPQRstuVWXyz0123456",
	}},
	{kind: "telegram-bot-token", gen: func(r *rand.Rand) string {
		return randomFrom(r, digits, 10) + ":AA" + randomFrom(r, base64URL, 33)
	}, clean: []string{"1234567890:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}},
	{kind: "teams-webhook", gen: func(r *rand.Rand) string {
		uuid := func() string {
			return randomFrom(r, hexLower, 8) + "-" + randomFrom(r, hexLower, 4) + "-" + randomFrom(r, hexLower, 4) + "-" + randomFrom(r, hexLower, 4) + "-" + randomFrom(r, hexLower, 12)
		}
		return "https://contoso.webhook.office.com/webhookb2/" + uuid() + "@" + uuid() + "/IncomingWebhook/" + randomFrom(r, hexLower, 32) + "/" + uuid()
	}},
	{kind: "sendgrid-key", gen: func(r *rand.Rand) string {
		return "SG." + randomFrom(r, base64URL, 22) + "." + randomFrom(r, base64URL, 43)
	}},
	{kind: "mailgun-key", gen: func(r *rand.Rand) string { return "key-" + randomFrom(r, hexLower, 32) },
		near: []string{"monkey-" + strings.Repeat("ab12", 8)}},
	{kind: "mailchimp-key", gen: func(r *rand.Rand) string { return randomFrom(r, hexLower, 32) + "-us" + fmt.Sprint(1+r.IntN(21)) }},
	{kind: "brevo-key", gen: func(r *rand.Rand) string {
		return "xkeysib-" + randomFrom(r, hexLower, 64) + "-" + randomFrom(r, alnumUpperLower, 16)
	}},
}

// TestVendorCases: each format's generated fakes are found as that
// format, with the vendor's public marker as the only part revealed; its
// near misses are not taken for it; its look-alikes draw no finding.
func TestVendorCases(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 18))
	for _, c := range vendorCases {
		for i := 0; i < 50; i++ {
			key := c.gen(r)
			for _, text := range []string{key, `const config = { key: "` + key + `" };`, "https://api.example.com/v1?key=" + key + "&page=2"} {
				ms := Scan(text)
				if len(ms) == 0 || ms[0].Kind != c.kind {
					t.Errorf("%s: %q: got %+v", c.kind, text, ms)
					continue
				}
				// The reveal is a prefix of the match that leaves at least
				// 16 bytes of it hidden.
				if m := ms[0]; !strings.HasPrefix(text[m.Start:m.End], m.Reveal) || m.End-m.Start-len(m.Reveal) < 16 {
					t.Errorf("%s: %q shows too much of %q", c.kind, m.Redacted(), key)
				}
			}
		}
		key := c.gen(r)
		v := vendorOf(t, c.kind, key)
		near := append([]string{}, c.near...)
		loc := v.matches(key)[0]
		if v.whole {
			// A letter glued before it: part of a longer token.
			near = append(near, key[:loc[0]]+"a"+key[loc[0]:])
		}
		if fixedLength(v.re.Get()) {
			// One character short, or (a whole token) one too many.
			near = append(near, key[:loc[1]-1]+key[loc[1]:])
			if v.whole {
				near = append(near, key[:loc[1]]+"a"+key[loc[1]:])
			}
		}
		for _, text := range near {
			for _, m := range Scan(text) {
				if m.Kind == c.kind {
					t.Errorf("%s: near miss %q taken for one", c.kind, text)
				}
			}
		}
		// The key with its characters after the marker written as x: a
		// placeholder, never a finding.
		prefix := v.hintPrefix(key)
		clean := append([]string{prefix + xOut(key[len(prefix):])}, c.clean...)
		for _, text := range clean {
			if ms := Scan(text); len(ms) > 0 {
				t.Errorf("%s: %q flagged as %+v", c.kind, text, ms)
			}
		}
	}
	// Every kind has its name in messages.
	for _, v := range vendors {
		if kindNames[v.kind] == "" {
			t.Errorf("%s has no name", v.kind)
		}
	}
}

// vendorOf is the vendor entry of kind that matches key.
func vendorOf(t *testing.T, kind, key string) *vendor {
	for i := range vendors {
		if v := &vendors[i]; v.kind == kind && len(v.matches(key)) > 0 {
			return v
		}
	}
	t.Fatalf("no %s format matches %q", kind, key)
	return nil
}

// fixedLength reports a pattern whose every repetition has one count, so
// that a match one character short is no match.
func fixedLength(re *regexp.Regexp) bool {
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return false
	}
	fixed := true
	var walk func(*syntax.Regexp)
	walk = func(n *syntax.Regexp) {
		switch n.Op {
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpAlternate:
			fixed = false
		case syntax.OpRepeat:
			fixed = fixed && n.Min == n.Max
		}
		for _, sub := range n.Sub {
			walk(sub)
		}
	}
	walk(tree)
	return fixed
}

// xOut writes every letter and digit of s as x.
func xOut(s string) string {
	b := []byte(s)
	for i, c := range b {
		if isLetter(c) || isDigit(c) {
			b[i] = 'x'
		}
	}
	return string(b)
}

// TestPublicByDesign: keys a vendor issues to be embedded in pages draw
// no finding, and a service key of the same vendor still does.
func TestPublicByDesign(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	anon := jwtOf(r, `{"iss":"supabase","ref":"abcdefghijklmnopqrst","role":"anon","iat":1700000000,"exp":2000000000}`)
	for _, text := range []string{
		"pk_live_" + randomFrom(r, alnumUpperLower, 99),
		"pk_test_" + randomFrom(r, alnumUpperLower, 24),
		"pk." + b64url(`{"u":"shop","a":"`+randomFrom(r, lowerAlnum, 25)+`"}`) + "." + randomFrom(r, base64URL, 22),
		"sb_publishable_" + randomFrom(r, alnumUpperLower, 31),
		"NRJS-" + randomFrom(r, hexLower, 19),
		anon,
		`createClient("https://abcdefghijklmnopqrst.supabase.co", "` + anon + `")`,
		"https://" + randomFrom(r, hexLower, 32) + "@o123456.ingest.sentry.io/4505",
	} {
		if ms := Scan(text); len(ms) > 0 {
			t.Errorf("%q flagged as %+v", text, ms)
		}
	}
	service := jwtOf(r, `{"iss":"supabase","ref":"abcdefghijklmnopqrst","role":"service_role"}`)
	if ms := Scan(service); len(ms) != 1 || ms[0].Kind != "supabase-service-key" {
		t.Errorf("service-role key: %+v", ms)
	}
	if ms := Scan(jwtOf(r, `{"sub":"1234567890","name":"John Doe"}`)); len(ms) != 1 || ms[0].Kind != "jwt" {
		t.Errorf("a JWT of no vendor: %+v", ms)
	}
}

// TestServiceAccountJSON: a Google service-account key file is found by the
// private key it holds, whether the JSON is one string or an object
// literal whose member holds the key.
func TestServiceAccountJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	key := `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC` + randomFrom(r, base64Std, 64) + `\n-----END PRIVATE KEY-----\n`
	file := `{"type": "service_account", "project_id": "shop-1234", "private_key_id": "` + randomFrom(r, hexLower, 40) + `", "private_key": "` + key + `", "client_email": "bot@shop-1234.iam.gserviceaccount.com"}`
	for _, text := range []string{file, strings.ReplaceAll(key, `\n`, "\n")} {
		ms := Scan(text)
		if len(ms) == 0 || ms[0].Kind != "private-key" {
			t.Errorf("%.60q…: %+v", text, ms)
		}
	}
}

// TestChecksums holds the checksums to independent vectors: BIP 173's for
// bech32 (the test's encoder and the detector's check must both agree with
// them), and GitHub's format for ghp_.
func TestChecksums(t *testing.T) {
	for _, s := range []string{"a12uel5l", "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
		"abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
		"split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl"} {
		if !bech32Valid(s) {
			t.Errorf("BIP 173 valid vector %q refused", s)
		}
	}
	for _, s := range []string{"li1dgmt3", "pzry9x0s0muk", "1pzry9x0s0muk", "x1b4n0q5v", "de1lg7wt\xff", "10a06t8", "1qzzfhee", "a12uel5m"} {
		if bech32Valid(strings.ToLower(s)) {
			t.Errorf("BIP 173 invalid vector %q accepted", s)
		}
	}
	if got := bech32("abcdef", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}); got != "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw" {
		t.Errorf("the test's bech32 encoder gives %q", got)
	}
	body := "zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ"
	if sum := base62Pad(crc32.ChecksumIEEE([]byte(body)), 6); !githubChecksum("ghp_"+body+sum) || githubChecksum("ghp_"+body+"000000") {
		t.Error("GitHub checksum")
	}
}
