package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/remixlet/remixlet/store"
)

type exportOptions struct {
	storeOptions
	ID      string
	Version int // 0 for the running version
	Out     string
}

func newExportCmd(io streams) *cobra.Command {
	opts := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export ID [VERSION] OUT",
		Short: "Write a stored version back out as a folder",
		Long: `Write version VERSION of remixlet ID (the running version when left out) to the
folder OUT, which must not exist or be empty, so that it can be diffed or
linted. The files are checked against the version's digest before they are
written.
` + storeHelp + `

Exit status: 0 written, 2 no such version or could not run.`,
		Args: cobra.RangeArgs(2, 3),
		RunE: func(c *cobra.Command, args []string) error {
			opts.ID, opts.Out = args[0], args[len(args)-1]
			if len(args) == 3 {
				n, err := parseVersionNumber(args[1])
				if err != nil {
					return err
				}
				opts.Version = n
			}
			return runExport(opts, io)
		},
	}
	addStoreFlag(cmd, &opts.storeOptions)
	return cmd
}

func parseVersionNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("version %q: give a version number from remixlet history, e.g. 3", s)
	}
	return n, nil
}

func runExport(opts *exportOptions, io streams) error {
	v, err := opts.version()
	if err != nil {
		return err
	}
	if err := writeVersion(v, opts.Out); err != nil {
		return err
	}
	_, err = fmt.Fprintf(io.Out, "wrote version %d of %s to %s (%s)\n", v.Number, v.Remixlet, opts.Out, v.Digest)
	return err
}

// version reads the version to export: the numbered one, or the running one.
func (opts *exportOptions) version() (*store.Version, error) {
	if err := store.CheckID(opts.ID); err != nil {
		return nil, err
	}
	s, err := opts.open()
	if err != nil {
		return nil, err
	}
	if opts.Version == 0 {
		v, err := s.Current(opts.ID)
		if err == nil && v == nil {
			err = fmt.Errorf("the store %s has no remixlet %q", s.Dir, opts.ID)
		}
		return v, err
	}
	v, err := s.Version(opts.ID, opts.Version)
	if errors.Is(err, store.ErrNoVersion) {
		return nil, fmt.Errorf("the store %s has no version %d of %q: run remixlet history %s", s.Dir, opts.Version, opts.ID, opts.ID)
	}
	return v, err
}

// writeVersion writes a version's files into dir, which must not exist or
// be empty. No file is overwritten.
func writeVersion(v *store.Version, dir string) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		if !errors.Is(err, os.ErrExist) {
			return err
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			return fmt.Errorf("%s is not empty: export into a new folder", dir)
		}
	}
	for _, f := range v.Files {
		out, err := os.OpenFile(filepath.Join(dir, f.Name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if _, err := out.Write(f.Data); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
	return nil
}
