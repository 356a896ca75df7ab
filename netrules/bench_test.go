package netrules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/remixlet/remixlet/internal/strictjson"
)

// generated30k is a rules.json of MaxRules rules, Chrome's guaranteed
// static minimum, built the same way every run: block rules by urlFilter
// and by requestDomains, 400 regexFilter blocks, 2,500 GET redirects on the
// remixlet's own site in each redirect form (1,000 regex rules in all),
// 2,000 header changes and some upgrades. Every rule passes, so every check runs to the end.
func generated30k() []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 1; i <= MaxRules; i++ {
		if i > 1 {
			b.WriteString(",\n")
		}
		switch {
		case i <= 400:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"regexFilter":"^https?://([a-z0-9-]+\\.)*t%d\\.example\\.net/(ads|pixel)/","resourceTypes":["script","image"]},"action":{"type":"block"}}`, i, i)
		case i <= 1600:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"urlFilter":"|https://own.example.com/old/%d/","requestMethods":["get"],"resourceTypes":["main_frame"]},"action":{"type":"redirect","redirect":{"url":"https://own.example.com/new/%d/"}}}`, i, i, i)
		case i <= 2300:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"urlFilter":"||own.example.com/p%d^","requestMethods":["get"]},"action":{"type":"redirect","redirect":{"transform":{"scheme":"https","host":"own.example.com","queryTransform":{"removeParams":["utm_source","utm_medium"]}}}}}`, i, i)
		case i <= 2900:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"regexFilter":"^https://own\\.example\\.com/item%d/([0-9]+)","requestMethods":["get"]},"action":{"type":"redirect","redirect":{"regexSubstitution":"https://own.example.com/products/\\1"}}}`, i, i)
		case i <= 4900:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"requestDomains":["own.example.com"],"urlFilter":"/api/%d/"},"action":{"type":"modifyHeaders","requestHeaders":[{"header":"X-Reader","operation":"set","value":"%d"},{"header":"Referer","operation":"remove"}],"responseHeaders":[{"header":"cache-control","operation":"set","value":"no-store"}]}}`, i, i, i)
		case i <= 5000:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"requestDomains":["s%d.own.example.com"]},"action":{"type":"upgradeScheme"}}`, i, i)
		case i%2 == 0:
			fmt.Fprintf(&b, `{"id":%d,"priority":%d,"condition":{"urlFilter":"||tracker%d.example.net^","resourceTypes":["script","image","xmlhttprequest","ping"],"domainType":"thirdParty"},"action":{"type":"block"}}`, i, 1+i%5, i)
		default:
			fmt.Fprintf(&b, `{"id":%d,"condition":{"requestDomains":["ads%d.example.org","cdn%d.example.org"],"excludedResourceTypes":["main_frame"]},"action":{"type":"block"}}`, i, i, i)
		}
	}
	b.WriteString("\n]\n")
	return []byte(b.String())
}

// BenchmarkCheck30k checks the 30,000-rule file; BenchmarkInstall30k also
// builds its installed form. Both must stay well under a second.
func BenchmarkCheck30k(b *testing.B) {
	src := generated30k()
	m := mustManifest(b, "1.0.2", []string{"https://own.example.com/*", "https://*.own.example.com/*"})
	if res := Check(src, m); len(res.Findings) != 0 || len(res.Rules) != MaxRules {
		b.Fatalf("the generated file must pass: %d rules, %v", len(res.Rules), res.Findings[:min(3, len(res.Findings))])
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Check(src, m)
	}
}

func BenchmarkInstall30k(b *testing.B) {
	src := generated30k()
	m := mustManifest(b, "1.0.2", []string{"https://own.example.com/*", "https://*.own.example.com/*"})
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if out, fs, err := Install(src, m, Options{ExtensionID: extID}); err != nil || len(fs) != 0 || len(out) == 0 {
			b.Fatal(err, fs)
		}
	}
}

// BenchmarkShape30k compares, in one run, the shape walk Check uses on a
// valid file with the full JSON Schema validator it replaces there.
func BenchmarkShape30k(b *testing.B) {
	root, err := strictjson.Parse(generated30k(), maxDepth)
	if err != nil || !shapeOK(root) {
		b.Fatal("the generated file must pass the shape walk", err)
	}
	b.Run("shape-walk", func(b *testing.B) {
		for b.Loop() {
			shapeOK(root)
		}
	})
	b.Run("schema-validator", func(b *testing.B) {
		for b.Loop() {
			compiled().Validate(root)
		}
	})
}
