package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/manifest"
)

func newVersionCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the toolchain's version and the remixlet API releases it knows",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(io.Out, "remixlet %s (%s)\nremixlet API: %s to %s\n", toolVersion(), runtime.Version(), manifest.Oldest, manifest.Current)
			return err
		},
	}
}
