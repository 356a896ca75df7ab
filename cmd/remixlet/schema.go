package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/baseline"
	"github.com/remixlet/remixlet/config"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
)

type schemaOptions struct {
	Name string
}

// schemas are the JSON Schemas the toolchain validates with, by name.
var schemas = map[string]func() []byte{
	"manifest": manifest.SchemaJSON,
	"rules":    netrules.SchemaJSON,
	"config":   config.SchemaJSON,
	"baseline": baseline.SchemaJSON,
}

func newSchemaCmd(std streams) *cobra.Command {
	opts := &schemaOptions{}
	names := slices.Sorted(maps.Keys(schemas))
	return &cobra.Command{
		Use:       "schema NAME",
		Short:     "Print a JSON Schema (" + strings.Join(names, ", ") + ") for editors",
		Args:      cobra.ExactArgs(1),
		ValidArgs: names,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Name = args[0]
			return runSchema(opts, std)
		},
	}
}

func runSchema(opts *schemaOptions, std streams) error {
	get, ok := schemas[opts.Name]
	if !ok {
		names := slices.Sorted(maps.Keys(schemas))
		return fmt.Errorf("no schema %q%s: use one of %s", opts.Name, hint(opts.Name, names), strings.Join(names, ", "))
	}
	_, err := std.Out.Write(get())
	return err
}
