package scriptlint

import (
	"fmt"
	"os"
	"testing"
	"time"

	esb "github.com/evanw/esbuild/remixletbridge"

	"github.com/remixlet/remixlet/manifest"
)

func TestZZBigLint(t *testing.T) {
	m, _ := manifest.Parse([]byte(`{"name": "x", "api": "1.0.2", "matches": ["https://example.com/*"]}`))
	b, _ := os.ReadFile("/tmp/big.js")
	for i := 0; i < 3; i++ {
		start := time.Now()
		sp := newScriptPass(nil, m, b)
		sp.res = esb.ParseModule(string(b))
		p := time.Since(start)
		sp.run()
		fmt.Printf("parse %v, parse+lint %v, %d findings, over budget %v\n", p, time.Since(start), len(sp.findings), sp.overBudget())
	}
}
