package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/sandboxapi"
)

func newTypesCmd(std streams) *cobra.Command {
	return &cobra.Command{
		Use:   "types",
		Short: "Print the TypeScript declarations of the dom and rmx APIs",
		Long: `Print the TypeScript declarations of the remixlet runtime's API (dom.* and
rmx.*), generated from the same table the lint checks calls against, with
each member's permission and the API release that introduced it. Save them
as remixlet.d.ts in a source folder (remixlet init does) so editors complete
and check calls.`,
		Example: "  remixlet types > my-remixlet/" + sandboxapi.DeclarationsFile,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprint(std.Out, sandboxapi.TypeScript())
			return err
		},
	}
}
