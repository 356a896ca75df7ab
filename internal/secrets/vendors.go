package secrets

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"net/url"
	"strings"

	"github.com/remixlet/remixlet/internal/onesort"
)

var kindNames = map[string]string{
	"aws-access-key":         "an AWS access key",
	"github-token":           "a GitHub token",
	"gitlab-token":           "a GitLab token",
	"slack-token":            "a Slack token",
	"slack-webhook":          "a Slack webhook address",
	"discord-webhook":        "a Discord webhook address",
	"discord-bot-token":      "a Discord bot token",
	"telegram-bot-token":     "a Telegram bot token",
	"teams-webhook":          "a Microsoft Teams webhook address",
	"stripe-key":             "a Stripe secret key",
	"stripe-webhook-secret":  "a Stripe webhook signing secret",
	"openai-key":             "an OpenAI API key",
	"anthropic-key":          "an Anthropic API key",
	"xai-key":                "an xAI API key",
	"groq-key":               "a Groq API key",
	"huggingface-token":      "a Hugging Face access token",
	"replicate-token":        "a Replicate API token",
	"perplexity-key":         "a Perplexity API key",
	"google-api-key":         "a Google API key",
	"google-oauth":           "a Google OAuth client secret or access token",
	"firebase-server-key":    "a Firebase Cloud Messaging server key",
	"npm-token":              "an npm access token",
	"pypi-token":             "a PyPI upload token",
	"docker-token":           "a Docker Hub access token",
	"heroku-key":             "a Heroku API key",
	"netlify-token":          "a Netlify access token",
	"digitalocean-token":     "a DigitalOcean token",
	"shopify-token":          "a Shopify access token or shared secret",
	"atlassian-token":        "an Atlassian API token",
	"linear-key":             "a Linear API key",
	"notion-token":           "a Notion integration token",
	"airtable-token":         "an Airtable personal access token",
	"azure-storage-key":      "an Azure storage or service bus key",
	"azure-sas-signature":    "an Azure shared access signature",
	"azure-ad-client-secret": "an Azure (Entra ID) client secret",
	"supabase-key":           "a Supabase secret key or access token",
	"supabase-service-key":   "a Supabase service-role key",
	"databricks-token":       "a Databricks access token",
	"postman-key":            "a Postman API key",
	"sentry-token":           "a Sentry auth token",
	"grafana-token":          "a Grafana token",
	"newrelic-key":           "a New Relic API key",
	"doppler-token":          "a Doppler token",
	"age-secret-key":         "an age secret key",
	"1password-token":        "a 1Password service account token or secret key",
	"hashicorp-token":        "a HashiCorp Vault or Terraform token",
	"mapbox-token":           "a Mapbox secret token",
	"square-token":           "a Square access token or secret",
	"braintree-token":        "a Braintree access token",
	"sendgrid-key":           "a SendGrid API key",
	"mailgun-key":            "a Mailgun API key",
	"mailchimp-key":          "a Mailchimp API key",
	"brevo-key":              "a Brevo (Sendinblue) API key",
	"typeform-token":         "a Typeform access token",
	"jwt":                    "a JSON Web Token",
	"bearer-token":           "a bearer token",
	"private-key":            "a PEM private key",
	"labelled":               "a value labelled as a credential",
	"high-entropy":           "a random-looking token",
	"named-credential":       "a credential",
}

// vendor is one vendor format: facts a vendor publishes about its keys
// (a marker prefix, a length, an alphabet, a checksum), never a guess.
type vendor struct {
	kind string
	// The row docs/script-lint.md (Secrets) prints for it (formatsTable):
	// who issues it, its shape, what is checked beyond the shape (a
	// checksum, a decoded payload), why a remixlet could hold it.
	issuer, shape, check, why string
	hints                     []string // one of these must occur for the pattern to match: a cheap test first
	re                        *lazyRegexp
	// whole: the match stands alone, with no letter, digit, _ or - just
	// before or after it (nameByte). Set where the marker is short or a
	// common word part (hf_ in rhf_Sponsored…, EAAA inside base64 data).
	whole bool
	// random: what follows the marker must look generated (randomBody), not
	// be words or a placeholder.
	random bool
	// atHints: every match starts with a hint, and is tried only there
	// (anchored): for a pattern without a literal prefix, which the regexp
	// engine would otherwise try at every byte.
	atHints bool
	// reveal is the public prefix of a match; nil: the hint the match
	// starts with, if any.
	reveal func(s string) string
	valid  func(s string) bool // extra validation (checksum, decoded header); nil: none
}

func prefixOf(n int) func(string) string { return func(s string) string { return s[:n] } }

func revealNothing(string) string { return "" }

// upTo reveals the match up to and including the last sep among its first
// limit bytes: the address of a webhook, not its key.
func upTo(sep string, limit int) func(string) string {
	return func(s string) string {
		if i := strings.LastIndex(s[:min(limit, len(s))], sep); i >= 0 {
			return s[:i+len(sep)]
		}
		return ""
	}
}

// jwtPattern is three base64url segments, the first two JSON objects.
const jwtPattern = `eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}`

// vendors, in the order they are tried: a later one skips text an earlier
// one matched. Each entry's comment says where its facts come from: the
// vendor's documentation or announcement, or the maintained public lists
// of credential formats (gitleaks' rules, TruffleHog's detectors, GitHub's
// secret-scanning patterns), facts only. Formats reviewed and left out,
// with the reason, are listed in docs/script-lint.md (Secrets).
//
// Vendor prefixes are distinctive enough to match inside a longer string:
// esbuild folds "prefix" + "AKIA…" into one literal, so a word boundary
// before the prefix is required only where the marker is short (whole).
var vendors = []vendor{
	// RFC 7468: the labels of private-key blocks.
	{kind: "private-key", issuer: "PEM", shape: "`-----BEGIN … PRIVATE KEY-----`", why: "a key pasted in; a Google service-account JSON is found by the private key it holds",
		hints: []string{"-----BEGIN "}, re: lazy(`-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----`), reveal: revealNothing},

	// AI providers: the services an AI feature on a page calls.
	// Anthropic's console; gitleaks' rules (api03, admin01, 93 and AA).
	{kind: "anthropic-key", issuer: "Anthropic", shape: "`sk-ant-`, the key's kind and version (`api03`, `admin01`), the secret", why: "an AI feature calling the API from the page",
		hints: []string{"sk-ant-"}, re: lazy(`sk-ant-[a-z0-9]{2,12}-[A-Za-z0-9_\-]{20,}`), reveal: prefixOf(7)},
	// OpenAI's key formats, as gitleaks and TruffleHog match them.
	{kind: "openai-key", issuer: "OpenAI", shape: "`sk-proj-`, `sk-svcacct-`, `sk-admin-`; legacy keys hold `T3BlbkFJ` (\"OpenAI\" in base64)", why: "as above",
		hints: []string{"sk-"}, re: lazy(`sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|\bsk-[A-Za-z0-9]{40,}`),
		reveal: func(s string) string {
			if i := strings.IndexByte(s[3:], '-'); i >= 0 && i < 8 {
				return s[:3+i+1]
			}
			return "sk-"
		}},
	// TruffleHog's detector.
	{kind: "xai-key", issuer: "xAI", shape: "`xai-` and 80", why: "as above",
		hints: []string{"xai-"}, re: lazy(`xai-[0-9A-Za-z_]{80}`), whole: true, random: true},
	// TruffleHog's detector.
	{kind: "groq-key", issuer: "Groq", shape: "`gsk_` and 52", why: "as above",
		hints: []string{"gsk_"}, re: lazy(`gsk_[0-9A-Za-z]{52}`), whole: true, random: true},
	// gitleaks (34 letters) and TruffleHog (34 alphanumerics).
	{kind: "huggingface-token", issuer: "Hugging Face", shape: "`hf_` (and the retired `api_org_`) and 34", why: "as above; the issue's `hf_` case",
		hints: []string{"hf_", "api_org_"}, re: lazy(`(?:hf|api_org)_[0-9A-Za-z]{34}`), whole: true, random: true},
	// TruffleHog's detector.
	{kind: "replicate-token", issuer: "Replicate", shape: "`r8_` and 37", why: "as above",
		hints: []string{"r8_"}, re: lazy(`r8_[0-9A-Za-z_\-]{37}`), whole: true, random: true},
	// gitleaks' rule.
	{kind: "perplexity-key", issuer: "Perplexity", shape: "`pplx-` and 48", why: "as above",
		hints: []string{"pplx-"}, re: lazy(`pplx-[0-9A-Za-z]{48}`), whole: true, random: true},
	// Google's API keys; gitleaks' rule.
	{kind: "google-api-key", issuer: "Google", shape: "API keys `AIza` and 35 (Maps, Gemini, Firebase)", why: "maps, translation, Gemini",
		hints: []string{"AIza"}, re: lazy(`AIza[0-9A-Za-z_\-]{35}`), reveal: prefixOf(4)},
	// Google's OAuth client secrets (since 2021) and access tokens; TruffleHog's detectors.
	{kind: "google-oauth", issuer: "Google", shape: "OAuth client secrets `GOCSPX-` and 28; access tokens `ya29.`", why: "sign-in",
		hints: []string{"GOCSPX-", "ya29."}, re: lazy(`GOCSPX-[0-9A-Za-z_\-]{28}|ya29\.[0-9A-Za-z_\-]{20,}`), whole: true, random: true},
	// Firebase Cloud Messaging legacy server keys, as scanners match them.
	{kind: "firebase-server-key", issuer: "Firebase", shape: "Cloud Messaging server keys `AAAA`, 7, `:APA91b`, 134", why: "push notifications",
		hints: []string{":APA91b"}, re: lazy(`AAAA[0-9A-Za-z_\-]{7}:APA91b[0-9A-Za-z_\-]{134}`), whole: true},

	// Payments.
	// Stripe's API keys (pk_ publishable keys are public by design).
	{kind: "stripe-key", issuer: "Stripe", shape: "secret and restricted keys `sk_`, `rk_`, then `live_` or `test_`", why: "checkout and billing pages",
		hints: []string{"k_live_", "k_test_"}, re: lazy(`\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}`), reveal: func(s string) string { return s[:strings.LastIndexByte(s[:9], '_')+1] }},
	// Stripe's webhook signing secrets.
	{kind: "stripe-webhook-secret", issuer: "Stripe", shape: "webhook signing secrets `whsec_` and base64", why: "as above",
		hints: []string{"whsec_"}, re: lazy(`whsec_[0-9A-Za-z+/]{32,}={0,2}`), whole: true, random: true},
	// gitleaks' and TruffleHog's rules.
	{kind: "square-token", issuer: "Square", shape: "`sq0atp-` (22), `sq0csp-` (43), `EAAA` and 60", why: "point-of-sale and checkout pages",
		hints: []string{"sq0atp-", "sq0csp-", "EAAA"}, re: lazy(`sq0atp-[0-9A-Za-z_\-]{22}|sq0csp-[0-9A-Za-z_\-]{43}|EAAA[0-9A-Za-z_\-]{60}`), whole: true, random: true},
	// Braintree's access tokens, as GitHub's secret scanning names them.
	{kind: "braintree-token", issuer: "Braintree (PayPal)", shape: "`access_token$production$`, 16, `$`, 32 hex", why: "checkout pages",
		hints: []string{"access_token$"}, re: lazy(`access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`), reveal: upTo("$", 24)},

	// Source hosting and package registries: keys a developer has at hand.
	// GitHub blog, "Behind GitHub's new authentication token formats"
	// (2021): 30 base62 characters and their CRC32 in 6 base62 digits.
	{kind: "github-token", issuer: "GitHub", shape: "`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, 30 base62 and their CRC32 in 6 base62", check: "CRC32, checked against real tokens that have been published", why: "the most common leaked key",
		hints: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, re: lazy(`gh[pousr]_[0-9A-Za-z]{36}\b`), reveal: prefixOf(4), valid: githubChecksum},
	{kind: "github-token", issuer: "GitHub", shape: "`github_pat_`, 22, `_`, 59", why: "as above",
		hints: []string{"github_pat_"}, re: lazy(`github_pat_[0-9A-Za-z]{22}_[0-9A-Za-z]{59}\b`), reveal: prefixOf(11)},
	// GitLab docs (token prefixes) and the routable-token design document:
	// a routable token ends in a dot, an optional version and dot, and 9
	// base36 digits (length and CRC32). The CRC is not required: no
	// published token settles which bytes it covers.
	{kind: "gitlab-token", issuer: "GitLab", shape: "`glpat-`, `gldt-`, `glrt-`, `glcbt-`, `glptt-`, `glft-`, `glimt-`, `glagent-`, `gloas-`, `glsoat-`, `glffct-`: 20, or routable (base64, `.`, an optional version, 9 base36)", why: "developer tools on gitlab.com",
		hints: []string{"glpat-", "gldt-", "glrt-", "glcbt-", "glptt-", "glft-", "glimt-", "glagent-", "gloas-", "glsoat-", "glffct-"},
		re:    lazy(`gl(?:pat|dt|rt|cbt|ptt|ft|imt|agent|oas|soat|ffct)-[0-9A-Za-z_\-]{20,300}(?:\.(?:[0-9a-z]{2}\.)?[0-9a-z]{9})?`), whole: true, random: true},
	// GitHub blog, "Announcing npm's new access token format" (2021): the
	// last six are a base62 CRC32, but not over which bytes, and no
	// published token settles it; a guessed check would turn real tokens
	// into weaker findings, so the shape alone is matched.
	{kind: "npm-token", issuer: "npm", shape: "`npm_` and 36 base62", why: "a developer's registry token",
		hints: []string{"npm_"}, re: lazy(`npm_[0-9A-Za-z]{36}`), whole: true, random: true},
	// PyPI's API tokens are macaroons: their base64 starts with the bytes
	// 02 01 08 "pypi.org", or 02 01 0d "test.pypi.org".
	{kind: "pypi-token", issuer: "PyPI", shape: "`pypi-` and a macaroon whose base64 starts 02 01 08 `pypi.org` (`AgEIcHlwaS5vcmc`) or `test.pypi.org`", why: "as above",
		hints: []string{"pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"}, re: lazy(`pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[0-9A-Za-z_\-]{50,}`), reveal: prefixOf(5)},
	// TruffleHog's detector.
	{kind: "docker-token", issuer: "Docker Hub", shape: "`dckr_pat_` (27), `dckr_oat_` (32)", why: "as above",
		hints: []string{"dckr_pat_", "dckr_oat_"}, re: lazy(`dckr_(?:pat_[0-9A-Za-z_\-]{27}|oat_[0-9A-Za-z_\-]{32})`), whole: true, random: true},
	// gitleaks' and TruffleHog's rules.
	{kind: "atlassian-token", issuer: "Atlassian", shape: "`ATATT3`, `ATCTT3` and about 190", why: "Jira and Confluence pages",
		hints: []string{"ATATT3", "ATCTT3"}, re: lazy(`AT[AC]TT3[0-9A-Za-z_\-=]{180,}`), whole: true, random: true},

	// Hosting and cloud.
	// AWS's access key ids (long-term AKIA, temporary ASIA).
	{kind: "aws-access-key", issuer: "AWS", shape: "access key ids `AKIA`, `ASIA`, `ABIA`, `ACCA` and 16", why: "cloud consoles, S3 uploads",
		hints: []string{"AKIA", "ASIA", "ABIA", "ACCA"}, re: lazy(`(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`), reveal: prefixOf(4)},
	// Azure storage account keys (64 bytes, 88 base64) and Service Bus /
	// Event Hubs keys (32 bytes, 44), as connection strings write them.
	{kind: "azure-storage-key", issuer: "Azure", shape: "`AccountKey=` and 86 base64 `==` (storage); `SharedAccessKey=` and 43 `=` (Service Bus, Event Hubs)", why: "connection strings pasted from the portal",
		hints: []string{"AccountKey=", "SharedAccessKey="}, re: lazy(`AccountKey=[0-9A-Za-z+/]{86}==|SharedAccessKey=[0-9A-Za-z+/]{43}=`), reveal: upTo("=", 17)},
	// Azure shared access signatures: sig is the base64 of an HMAC-SHA256.
	{kind: "azure-sas-signature", issuer: "Azure", shape: "`sig=` of a shared access signature", check: "decodes to 32 bytes (HMAC-SHA256)", why: "blob uploads and downloads",
		hints: []string{"sig="}, re: lazy(`sig=[0-9A-Za-z%+/]{43,}(?:=|%3[Dd])*`), whole: true, reveal: prefixOf(4), valid: sasSignature},
	// Entra ID client secrets: gitleaks' rule.
	{kind: "azure-ad-client-secret", issuer: "Azure", shape: "Entra ID client secrets: 3, a digit, `Q~`, 31 to 34", check: "generated", why: "sign-in",
		hints: []string{"Q~"}, re: lazy(`[0-9A-Za-z_~.]{3}[0-9]Q~[0-9A-Za-z_~.\-]{31,34}`), whole: true, valid: func(s string) bool { return randomBody(s[6:]) }},
	// Heroku's API keys since 2024 (the older ones are UUIDs, ids in every other use).
	{kind: "heroku-key", issuer: "Heroku", shape: "`HRKU-AA` and 58", why: "hosting dashboards",
		hints: []string{"HRKU-AA"}, re: lazy(`HRKU-AA[0-9A-Za-z_\-]{58}`), whole: true, random: true, reveal: prefixOf(5)},
	// TruffleHog's detector.
	{kind: "netlify-token", issuer: "Netlify", shape: "`nfp_` and 36", why: "as above",
		hints: []string{"nfp_"}, re: lazy(`nfp_[0-9A-Za-z_]{36}`), whole: true, random: true},
	// DigitalOcean's personal, OAuth and refresh tokens.
	{kind: "digitalocean-token", issuer: "DigitalOcean", shape: "`dop_v1_`, `doo_v1_`, `dor_v1_` and 64 hex", why: "as above",
		hints: []string{"dop_v1_", "doo_v1_", "dor_v1_"}, re: lazy(`do[opr]_v1_[0-9a-f]{64}`), whole: true},
	// Supabase's management tokens and secret API keys (sb_publishable_ is public by design).
	{kind: "supabase-key", issuer: "Supabase", shape: "`sbp_` and 40 hex; `sb_secret_`", why: "a page talking to its own backend",
		hints: []string{"sbp_", "sb_secret_"}, re: lazy(`sbp_[0-9a-f]{40}|sb_secret_[0-9A-Za-z_\-]{20,}`), whole: true, random: true},
	// Supabase project keys are JWTs issued by supabase; service_role
	// passes row security (the anon key is public by design, jwtValid).
	{kind: "supabase-service-key", issuer: "Supabase", shape: "service-role JWTs", check: "payload: issuer supabase, role `service_role`", why: "as above",
		hints: []string{"eyJ"}, re: lazy(jwtPattern), reveal: prefixOf(3), valid: supabaseServiceRole},
	// gitleaks' rule.
	{kind: "databricks-token", issuer: "Databricks", shape: "`dapi` and 32 hex", why: "data dashboards",
		hints: []string{"dapi"}, re: lazy(`dapi[0-9a-f]{32}(?:-[0-9])?`), whole: true},
	// Vault's token prefixes (service, batch, recovery); Terraform Cloud's
	// tokens, as gitleaks matches them.
	{kind: "hashicorp-token", issuer: "HashiCorp", shape: "Vault `hvs.`, `hvb.`, `hvr.`; Terraform Cloud: 14, `.atlasv1.`, 60 to 70", why: "infrastructure consoles",
		hints: []string{"hvs.", "hvb.", "hvr.", ".atlasv1."}, re: lazy(`hv[sbr]\.[0-9A-Za-z_\-]{24,}|[0-9A-Za-z]{14}\.atlasv1\.[0-9A-Za-z_=\-]{60,70}`), whole: true, random: true,
		reveal: func(s string) string {
			if strings.HasPrefix(s, "hv") {
				return s[:4]
			}
			return ""
		}},
	// Doppler's token prefixes; TruffleHog's detector.
	{kind: "doppler-token", issuer: "Doppler", shape: "`dp.pt.`, `dp.st.` (an optional config), `dp.ct.`, `dp.sa.`, `dp.scim.`, `dp.audit.`, then 40 to 44", why: "a secrets manager's token pasted in",
		hints: []string{"dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."}, re: lazy(`dp\.(?:pt|st(?:\.[0-9a-z_\-]{2,35})?|ct|sa|scim|audit)\.[0-9A-Za-z]{40,44}`), whole: true, random: true},

	// Developer tools and workspaces.
	// gitleaks' rule.
	{kind: "linear-key", issuer: "Linear", shape: "`lin_api_` and 40", why: "issue trackers",
		hints: []string{"lin_api_"}, re: lazy(`lin_api_[0-9A-Za-z]{40}`), whole: true, random: true},
	// Notion's integration tokens (secret_ before 2024, ntn_ since); gitleaks and TruffleHog.
	{kind: "notion-token", issuer: "Notion", shape: "`secret_` and 43; `ntn_`, 11 digits, 35", why: "workspace pages",
		hints: []string{"secret_", "ntn_"}, re: lazy(`secret_[0-9A-Za-z]{43}|ntn_[0-9]{11}[0-9A-Za-z]{35}`), whole: true, random: true},
	// Airtable's personal access tokens; gitleaks' rule.
	{kind: "airtable-token", issuer: "Airtable", shape: "`pat`, 14, `.`, 64 hex", why: "as above",
		hints: []string{"pat"}, re: lazy(`pat[0-9A-Za-z]{14}\.[0-9a-f]{64}`), whole: true},
	// gitleaks' rule.
	{kind: "postman-key", issuer: "Postman", shape: "`PMAK-`, 24 hex, `-`, 34 hex", why: "API tools",
		hints: []string{"PMAK-"}, re: lazy(`PMAK-[0-9a-f]{24}-[0-9a-f]{34}`), whole: true},
	// Sentry's organisation and user tokens; gitleaks' rules. A DSN is
	// public by design (the browser SDK embeds it).
	{kind: "sentry-token", issuer: "Sentry", shape: "`sntrys_`, base64 JSON, `_`, 43; `sntryu_` and 64 hex", check: "the payload holds `iat`", why: "error reporting",
		hints: []string{"sntrys_eyJ", "sntryu_"}, re: lazy(`sntrys_eyJ[0-9A-Za-z+/=]{20,}_[0-9A-Za-z+/]{43}|sntryu_[0-9a-f]{64}`), whole: true, valid: sentryToken},
	// Grafana's Cloud, service account and API key formats; gitleaks' rules.
	{kind: "grafana-token", issuer: "Grafana", shape: "`glc_` and base64 JSON; `glsa_`, 32, `_`, 8 hex; API keys base64 JSON `{\"k\":\"` (`eyJrIjoi`)", check: "decoded payload; generated", why: "monitoring dashboards",
		hints: []string{"glc_eyJ", "glsa_", "eyJrIjoi"}, re: lazy(`glc_eyJ[0-9A-Za-z+/]{32,400}={0,3}|glsa_[0-9A-Za-z]{32}_[0-9a-fA-F]{8}|eyJrIjoi[0-9A-Za-z+/]{70,400}={0,3}`), whole: true, valid: grafanaToken},
	// New Relic's key prefixes (NRJS- browser keys are public by design); gitleaks' rules.
	{kind: "newrelic-key", issuer: "New Relic", shape: "`NRAK-` and 27; `NRII-`, `NRIQ-` and 32", why: "as above",
		hints: []string{"NRAK-", "NRII-", "NRIQ-"}, re: lazy(`NRAK-[0-9A-Z]{27}|NRI[IQ]-[0-9A-Za-z_\-]{32}`), whole: true, random: true},
	// age's key format: bech32 (BIP 173) with human-readable part age-secret-key-.
	{kind: "age-secret-key", issuer: "age", shape: "`AGE-SECRET-KEY-1` and 58 bech32", check: "bech32 checksum (BIP 173, held to its test vectors)", why: "an encryption key pasted in",
		hints: []string{"AGE-SECRET-KEY-1"}, re: lazy(`AGE-SECRET-KEY-1[0-9A-Z]{58}`), whole: true, valid: ageBech32},
	// 1Password's service account tokens and account secret keys; gitleaks' rules.
	{kind: "1password-token", issuer: "1Password", shape: "service accounts `ops_` and base64 JSON; account secret keys `A3-` and five groups", check: "decoded payload", why: "a password manager's token pasted in",
		hints: []string{"ops_eyJ", "A3-"}, re: lazy(`ops_eyJ[0-9A-Za-z+/]{250,}={0,3}|A3-[0-9A-Z]{6}-(?:[0-9A-Z]{11}|[0-9A-Z]{6}-[0-9A-Z]{5})-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}`), whole: true, valid: onePasswordToken},
	// Mapbox's secret tokens (pk. public tokens are public by design).
	{kind: "mapbox-token", issuer: "Mapbox", shape: "secret tokens `sk.` and base64url JSON", check: "the payload names the user (`u`)", why: "maps",
		hints: []string{"sk.eyJ"}, re: lazy(`sk\.eyJ[0-9A-Za-z_\-]{10,}\.[0-9A-Za-z_\-]{20,}`), whole: true, reveal: prefixOf(3), valid: mapboxToken},
	// gitleaks' rule.
	{kind: "typeform-token", issuer: "Typeform", shape: "`tfp_` and 59", why: "forms",
		hints: []string{"tfp_"}, re: lazy(`tfp_[0-9A-Za-z_\-.=]{59}`), whole: true, random: true},

	// Messaging and chat.
	// Slack's incoming webhooks.
	{kind: "slack-webhook", issuer: "Slack", shape: "webhooks `hooks.slack.com/services/T…/B…/…`", why: "posting to a channel",
		hints: []string{"hooks.slack.com"}, re: lazy(`https://hooks\.slack\.com/services/T[0-9A-Z]{6,}/B[0-9A-Z]{6,}/[0-9A-Za-z]{16,}`),
		reveal: func(string) string { return "https://hooks.slack.com/services/" }},
	// Slack's token prefixes: bot, user, app-level, configuration and refresh.
	{kind: "slack-token", issuer: "Slack", shape: "`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxo-`, `xoxe-`, `xoxe.xoxp-`, `xapp-`", why: "as above",
		hints: []string{"xox", "xapp-"}, re: lazy(`xox[abposre]-[0-9A-Za-z\-]{10,}|xoxe\.xox[bp]-[0-9A-Za-z\-]{10,}|xapp-[0-9]-[0-9A-Za-z\-]{10,}`), reveal: prefixOf(5)},
	// Discord's webhook addresses: the webhook's id (a snowflake) and its token.
	{kind: "discord-webhook", issuer: "Discord", shape: "webhooks `discord.com/api/webhooks/<id>/<token>`", why: "posting to a server",
		hints: []string{"discord.com/api/webhooks/", "discordapp.com/api/webhooks/"}, re: lazy(`https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[0-9A-Za-z_\-]{60,68}`), reveal: upTo("webhooks/", 48)},
	// Discord bot tokens: the bot's id (a decimal snowflake) in base64, a
	// dot, 6, a dot, 27 to 38. Digits in base64 start MT, Mj, Mz, ND, NT,
	// Nj, Nz, OD or OT: those are the hints.
	{kind: "discord-bot-token", issuer: "Discord", shape: "bot tokens: the bot's id in base64, `.`, 6, `.`, 27 to 38", check: "the first part decodes to a 17-to-20-digit id; generated", why: "as above",
		hints: []string{"MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT"}, re: lazy(`^[MNO][0-9A-Za-z_\-]{23,27}\.[0-9A-Za-z_\-]{6}\.[0-9A-Za-z_\-]{27,38}`), atHints: true, whole: true, reveal: revealNothing, valid: discordBotID},
	// Telegram's bot tokens: the bot's numeric id, a colon, the secret (AA and 33).
	{kind: "telegram-bot-token", issuer: "Telegram", shape: "bot tokens: the bot's id, `:AA`, 33", check: "generated", why: "notifications",
		hints: []string{":AA"}, re: lazy(`[0-9]{8,10}:AA[0-9A-Za-z_\-]{33}`), whole: true, valid: func(s string) bool { return randomBody(s[strings.IndexByte(s, ':')+3:]) }},
	// Microsoft Teams incoming webhooks; gitleaks' rule.
	{kind: "teams-webhook", issuer: "Microsoft Teams", shape: "`….webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<32 hex>/<id>`", why: "as above",
		hints: []string{".webhook.office.com/webhookb2/"}, re: lazy(`https://[0-9A-Za-z\-]+\.webhook\.office\.com/webhookb2/[0-9a-f\-]{36}@[0-9a-f\-]{36}/IncomingWebhook/[0-9a-f]{32}/[0-9a-f\-]{36}`), reveal: revealNothing},
	// gitleaks' rule.
	{kind: "sendgrid-key", issuer: "SendGrid", shape: "`SG.`, 22, `.`, 43", why: "sending mail",
		hints: []string{"SG."}, re: lazy(`SG\.[0-9A-Za-z_\-]{22}\.[0-9A-Za-z_\-]{43}`), whole: true, random: true},
	// Mailgun's private API keys; gitleaks' rule.
	{kind: "mailgun-key", issuer: "Mailgun", shape: "`key-` and 32 hex", why: "as above",
		hints: []string{"key-"}, re: lazy(`key-[0-9a-f]{32}`), whole: true},
	// Mailchimp's API keys end in their data centre.
	{kind: "mailchimp-key", issuer: "Mailchimp", shape: "32 hex, `-us` and the data centre", why: "newsletter sign-up",
		hints: []string{"-us"}, re: lazy(`[0-9a-f]{32}-us[0-9]{1,2}`), whole: true},
	// gitleaks' rule.
	{kind: "brevo-key", issuer: "Brevo (Sendinblue)", shape: "`xkeysib-`, 64 hex, `-`, 16", why: "as above",
		hints: []string{"xkeysib-"}, re: lazy(`xkeysib-[0-9a-f]{64}-[0-9A-Za-z]{16}`), whole: true},

	// Generic forms last.
	{kind: "bearer-token", issuer: "any", shape: "`Bearer ` and a token", check: "random-looking, or a JWT", why: "an Authorization header written out",
		hints: []string{"Bearer ", "bearer ", "BEARER "}, re: lazy(`(?i)\bbearer +[A-Za-z0-9._~+/\-]{16,}=*`),
		reveal: func(s string) string { return s[:7] }, valid: func(s string) bool {
			return HighEntropy(strings.TrimRight(strings.TrimSpace(s[7:]), "=")) || strings.Count(s, ".") == 2
		}},
	// RFC 7519.
	{kind: "jwt", issuer: "JSON Web Token", shape: "three base64url parts", check: "the header is JSON with `alg`", why: "session tokens",
		hints: []string{"eyJ"}, re: lazy(jwtPattern), reveal: prefixOf(3), valid: jwtValid},
}

// publicByDesign are keys a vendor issues to be embedded in pages: not
// credentials, and kept from the entropy gate, which would otherwise take
// their random part for a token.
var publicByDesign = []struct {
	hint string
	re   *lazyRegexp
}{
	{"pk_", lazy(`pk_(?:live|test)_[0-9A-Za-z]{16,}`)},          // Stripe publishable keys
	{"pk.eyJ", lazy(`pk\.eyJ[0-9A-Za-z_\-]+\.[0-9A-Za-z_\-]+`)}, // Mapbox public tokens
	{"sb_publishable_", lazy(`sb_publishable_[0-9A-Za-z_\-]+`)}, // Supabase publishable keys
	{"NRJS-", lazy(`NRJS-[0-9a-f]{19}`)},                        // New Relic browser keys
	{"eyJ", lazy(jwtPattern)},                                   // Supabase anon keys, below
}

// publicSpans are the spans of text holding keys that are public by
// design, of those whose hint occurs (hinted, by index in publicByDesign).
func publicSpans(text string, hinted uint8) []span {
	var out []span
	for pi, p := range publicByDesign {
		if hinted&(1<<pi) == 0 {
			continue
		}
		for _, loc := range p.re.Get().FindAllStringIndex(text, -1) {
			if p.hint == "eyJ" && !supabaseAnon(text[loc[0]:loc[1]]) {
				continue
			}
			out = append(out, span{loc[0], loc[1]})
		}
	}
	return out
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// githubChecksum verifies the last six characters of a ghp_-style token:
// the CRC32 of the 30 characters before them, in base62, zero-padded.
// Checked against real tokens that have been published.
func githubChecksum(s string) bool {
	body, sum := s[4:34], s[34:40]
	return sum == base62Pad(crc32.ChecksumIEEE([]byte(body)), 6)
}

func base62Pad(v uint32, width int) string {
	b := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		b[i] = base62[v%62]
		v /= 62
	}
	return string(b)
}

// decodeBase64 reads standard or URL-safe base64, padded or not.
func decodeBase64(s string) ([]byte, bool) {
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		b, err := base64.RawURLEncoding.DecodeString(s)
		return b, err == nil
	}
	b, err := base64.RawStdEncoding.DecodeString(s)
	return b, err == nil
}

// base64JSON decodes s and returns the JSON object it holds, or nil.
func base64JSON(s string) map[string]any {
	raw, ok := decodeBase64(s)
	if !ok {
		return nil
	}
	var obj map[string]any
	if json.Unmarshal(raw, &obj) != nil {
		return nil
	}
	return obj
}

// jwtHeader requires the first segment to decode to a JSON object with an
// "alg", as every JWT header has.
func jwtHeader(s string) bool {
	head, _, _ := strings.Cut(s, ".")
	_, ok := base64JSON(head)["alg"]
	return ok
}

// jwtClaims is the payload of a JWT, or nil.
func jwtClaims(s string) map[string]any {
	_, rest, _ := strings.Cut(s, ".")
	payload, _, _ := strings.Cut(rest, ".")
	return base64JSON(payload)
}

// supabaseRole is the role a Supabase project key grants, or "": its
// payload names supabase as the issuer.
func supabaseRole(s string) string {
	if !jwtHeader(s) {
		return ""
	}
	claims := jwtClaims(s)
	iss, _ := claims["iss"].(string)
	role, _ := claims["role"].(string)
	if !strings.HasPrefix(iss, "supabase") {
		return ""
	}
	return role
}

func supabaseServiceRole(s string) bool { return supabaseRole(s) == "service_role" }

// supabaseAnon: a Supabase anon key, which the vendor documents as safe in
// a browser (row-level security decides what it may read).
func supabaseAnon(s string) bool { return supabaseRole(s) == "anon" }

func jwtValid(s string) bool { return jwtHeader(s) && !supabaseAnon(s) }

// sasSignature: the value of sig=, percent-decoded, is the base64 of 32
// bytes (an HMAC-SHA256).
func sasSignature(s string) bool {
	v, err := url.QueryUnescape(strings.ReplaceAll(s[len("sig="):], "+", "%2B"))
	if err != nil {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(v)
	return err == nil && len(raw) == 32
}

// discordBotID: the first segment of a Discord bot token is the bot's
// user id, a decimal snowflake of 17 to 20 digits, in base64.
func discordBotID(s string) bool {
	id, _, _ := strings.Cut(s, ".")
	raw, ok := decodeBase64(id)
	if !ok || len(raw) < 17 || len(raw) > 20 {
		return false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return false
		}
	}
	return randomBody(s[strings.LastIndexByte(s, '.')+1:])
}

// sentryToken: an organisation token's payload is base64 JSON with "iat".
func sentryToken(s string) bool {
	if !strings.HasPrefix(s, "sntrys_") {
		return true // a user token: sntryu_ and 64 hex
	}
	payload := s[len("sntrys_"):strings.LastIndexByte(s, '_')]
	_, ok := base64JSON(payload)["iat"]
	return ok
}

// grafanaToken: Cloud tokens and API keys carry base64 JSON; a service
// account token's 32 characters look generated.
func grafanaToken(s string) bool {
	switch {
	case strings.HasPrefix(s, "glc_"):
		return base64JSON(s[len("glc_"):]) != nil
	case strings.HasPrefix(s, "glsa_"):
		return randomBody(s[len("glsa_") : len("glsa_")+32])
	}
	_, ok := base64JSON(s)["k"]
	return ok
}

// onePasswordToken: a service account token's payload is base64 JSON.
func onePasswordToken(s string) bool {
	if strings.HasPrefix(s, "ops_") {
		return base64JSON(s[len("ops_"):]) != nil
	}
	return true
}

// mapboxToken: the first segment after sk. is base64url JSON naming the
// user ("u").
func mapboxToken(s string) bool {
	payload, _, _ := strings.Cut(s[len("sk."):], ".")
	_, ok := base64JSON(payload)["u"]
	return ok
}

// ageBech32 verifies an age secret key's bech32 checksum (BIP 173): the
// human-readable part, age-secret-key-, and the data characters, read
// case-insensitively, give the polymod constant 1.
func ageBech32(s string) bool { return bech32Valid(strings.ToLower(s)) }

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// bech32Valid checks a lower-case bech32 string: the part before the last
// "1" is the human-readable part, the rest data characters whose last six
// are the checksum.
func bech32Valid(s string) bool {
	sep := strings.LastIndexByte(s, '1')
	if sep < 1 || len(s)-sep-1 < 6 {
		return false
	}
	hrp, data := s[:sep], s[sep+1:]
	chk := uint32(1)
	step := func(v uint32) {
		top := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ v
		for i, g := range [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3} {
			if top>>i&1 == 1 {
				chk ^= g
			}
		}
	}
	for i := 0; i < len(hrp); i++ {
		if hrp[i] < 33 || hrp[i] > 126 {
			return false
		}
		step(uint32(hrp[i]) >> 5)
	}
	step(0)
	for i := 0; i < len(hrp); i++ {
		step(uint32(hrp[i]) & 31)
	}
	for i := 0; i < len(data); i++ {
		v := strings.IndexByte(bech32Charset, data[i])
		if v < 0 {
			return false
		}
		step(uint32(v))
	}
	return chk == 1
}

// randomBody: what follows a vendor marker looks generated, not written:
// not a placeholder, at least two of lower case, upper case and digits,
// not words starting at capitals (TitleCase, camelCase: random letters
// put two lower-case letters after a quarter of their capitals), and not
// a name with separators unless its case flips as often as random text's.
func randomBody(body string) bool {
	if len(body) < 8 || isPlaceholder(body) {
		return false
	}
	var lower, upper, digit int
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c >= 'a' && c <= 'z':
			lower = 1
		case c >= 'A' && c <= 'Z':
			upper = 1
		case c >= '0' && c <= '9':
			digit = 1
		}
	}
	if lower+upper+digit < 2 {
		return false
	}
	if digit == 0 && wordCapitals(body) >= 0.75 {
		return false // capitals that start words: TitleCase, camelCase
	}
	return !wordy(body) || caseFlipRate(body) >= 0.3 // snake_case, kebab-case
}

// hintPrefix is the longest hint of v that s starts with, or "".
func (v *vendor) hintPrefix(s string) string {
	best := ""
	for _, h := range v.hints {
		if len(h) > len(best) && strings.HasPrefix(s, h) {
			best = h
		}
	}
	return best
}

// matches are the spans of text where v matches.
func (v *vendor) matches(text string) [][]int {
	if !v.atHints {
		return v.re.Get().FindAllStringIndex(text, -1)
	}
	var out [][]int
	for _, h := range v.hints {
		for i := 0; ; {
			j := strings.Index(text[i:], h)
			if j < 0 {
				break
			}
			at := i + j
			if loc := v.re.Get().FindStringIndex(text[at:]); loc != nil {
				out = append(out, []int{at, at + loc[1]})
			}
			i = at + 1
		}
	}
	onesort.Func(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// formatsTable is the table of vendor formats docs/script-lint.md prints
// (Secrets), one row per format in the order they are tried.
func formatsTable() string {
	var b strings.Builder
	b.WriteString("| Vendor | Shape | Checked | Why a remixlet could hold it |\n| --- | --- | --- | --- |\n")
	for _, v := range vendors {
		var checked []string
		if v.check != "" {
			checked = append(checked, v.check)
		}
		if v.whole {
			checked = append(checked, "whole token")
		}
		if v.random {
			checked = append(checked, "generated")
		}
		if len(checked) == 0 {
			checked = append(checked, "shape")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", v.issuer, v.shape, strings.Join(checked, "; "), v.why)
	}
	return b.String()
}
