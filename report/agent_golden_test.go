package report_test

import (
	"regexp"
	"strings"
)

var agentNonce = regexp.MustCompile(`<<untrusted-([0-9a-f]{32})>>`)

// maskNonce writes the agent format's per-report nonce as NONCE, so its
// golden file stays stable; other formats have none and pass unchanged.
func maskNonce(out string) string {
	m := agentNonce.FindStringSubmatch(out)
	if m == nil {
		return out
	}
	return strings.ReplaceAll(out, m[1], "NONCE")
}
