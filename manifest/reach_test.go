package manifest

import "testing"

// TestReach: the manifest hands the address rule its matches and its
// fetch: hosts; a network:observe: permission allows no loads.
func TestReach(t *testing.T) {
	m, findings := Parse([]byte(`{"name": "x", "api": "1.0.2",
		"matches": ["https://news.example.com/*"],
		"permissions": [
			{"permission": "fetch:api.example.net", "reason": "r"},
			{"permission": "network:observe:data.example.net", "reason": "r"}
		]}`))
	if m == nil {
		t.Fatal(findings)
	}
	for raw, want := range map[string]bool{
		"https://news.example.com/a.png": true,
		"https://api.example.net/a.png":  true,
		"https://data.example.net/a.png": false,
		"https://evil.example/a.png":     false,
	} {
		if l := m.CheckLoad(raw); l.Allowed != want {
			t.Errorf("CheckLoad(%q) = %+v, want allowed=%v", raw, l, want)
		}
	}
	if m.EverySite() || !m.CoversHost("news.example.com") || m.CoversHost("api.example.net") || !m.AllowsHost("api.example.net") {
		t.Errorf("reach of %+v is wrong", m)
	}
}
