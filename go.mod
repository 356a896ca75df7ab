module github.com/remixlet/remixlet

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.2
	github.com/evanw/esbuild v0.28.2
	github.com/evanw/esbuild/remixletbridge v0.0.0
	github.com/go-json-experiment/json v1.27.2
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.10
	github.com/tdewolff/parse/v2 v2.8.20
	go.etcd.io/bbolt v1.5.0
	go.lsp.dev/jsonrpc2 v0.10.0
	go.lsp.dev/protocol v0.12.0
	go.lsp.dev/uri v0.3.0
	golang.org/x/mod v0.43.0
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.3.4 // indirect
	go.lsp.dev/pkg v0.0.0-20210717090340-384b27a52fb2 // indirect
	go.uber.org/atomic v1.9.0 // indirect
	go.uber.org/multierr v1.8.0 // indirect
	go.uber.org/zap v1.21.0 // indirect
)

// The esbuild bridge lives in this repository (see internal/esbuildbridge):
// this replace is why `go install …@version` cannot build remixlet; build it
// from a clone instead (README).
replace github.com/evanw/esbuild/remixletbridge => ./internal/esbuildbridge
