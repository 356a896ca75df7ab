package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/sandboxapi"
)

func newTypesCmd(std streams) *cobra.Command {
	return &cobra.Command{
		Use:   "types",
		Short: "Print the TypeScript declarations of the dom and rmx APIs",
		Long: `Print the TypeScript declarations of the remixlet runtime's API (dom.* and
rmx.*), generated from the same table the lint checks calls against, with
each member's permission and the API release that introduced it; the host
APIs the sandbox offers (setTimeout, URL, TextEncoder, console, ...); and
every global the sandbox does not have (document, fetch, localStorage, ...)
declared so that using it is a type error saying what to use instead. Save
them as remixlet.d.ts in a source folder (remixlet init does, with a
tsconfig.json without the DOM library) so editors complete and check calls
and refuse what the lint refuses.`,
		Example: "  remixlet types > my-remixlet/" + sandboxapi.DeclarationsFile,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprint(std.Out, lint.Declarations())
			return err
		},
	}
}
